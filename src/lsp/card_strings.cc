#include "lsp/card_strings.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "games/cfc/language/script_sources.h"
#include "games/vck/language/table_sources.h"
#include "games/vck/language/tables.h"

namespace rk::lsp {
namespace {

bool is_json_path(const Document& d) { return std::filesystem::path(d.path).extension() == ".json"; }

// The line holding a file offset, from its start (a RulesDict entry is written on one line
// before its string).
size_t line_begin(const std::string& t, size_t offset) {
  const size_t nl = offset == 0 ? std::string::npos : t.rfind('\n', offset - 1);
  return nl == std::string::npos ? 0 : nl + 1;
}

}  // namespace

bool holds_card_strings(const Document& d, const std::string& format) {
  return format == "cfc-card-rules-py" || format == "vck-sql" || format == "vck-table" ||
         (format == "rulescript" && is_json_path(d));
}

std::vector<CardString> card_strings(const Document& d, const std::string& format) {
  std::vector<CardString> out;
  if (format == "rulescript" && is_json_path(d)) {
    for (cfc::EmbeddedScript& s : cfc::rules_json_scripts(d.text)) {
      const size_t b = line_begin(d.text, s.rules.begin);
      out.push_back({s.guid.empty() ? s.name : s.guid, b, s.rules.end, std::move(s.rules)});
    }
  } else if (format == "cfc-card-rules-py") {
    for (cfc::EmbeddedScript& s : cfc::card_rules_py_scripts(d.text)) {
      out.push_back({s.guid, line_begin(d.text, s.rules.begin), s.rules.end, std::move(s.rules)});
    }
  } else if (format == "vck-sql") {
    for (vck::EffectCell& c : vck::sql_seed_cells(d.text)) {
      out.push_back({c.card, c.row_begin, c.row_end, std::move(c.effect)});
    }
  } else if (format == "vck-table") {
    // Which table a file is comes from its columns: every table's effect columns are tried, and
    // a string is kept once.
    std::set<uint32_t> seen;
    for (const auto& [table, columns] : vck::effect_columns()) {
      for (vck::EffectCell& c : vck::json_table_cells(d.text, table)) {
        if (seen.insert(c.effect.begin).second) out.push_back({c.card, c.row_begin, c.row_end, std::move(c.effect)});
      }
    }
  }
  return out;
}

std::optional<InString> in_card_string(const std::vector<CardString>& all, size_t offset) {
  for (const CardString& c : all) {
    const text::EmbeddedString& s = c.string;
    // Inside the quotes: after the opening one, up to the closing one.
    if (s.raw.empty() || offset < s.raw.front() || offset > s.raw.back()) continue;
    const auto it = std::upper_bound(s.raw.begin(), s.raw.end(), static_cast<uint32_t>(offset));
    size_t index = static_cast<size_t>(it - s.raw.begin()) - 1;
    // The cursor between two bytes of one escape (\|n) stands after the character it writes.
    if (s.raw[index] < offset && index < s.value.size() && index + 1 < s.raw.size() && s.raw[index + 1] > offset &&
        s.raw[index + 1] - s.raw[index] > 1) {
      ++index;
    }
    return InString{c.card, &s, std::min(index, s.value.size())};
  }
  return std::nullopt;
}

WordAt word_in_string(const InString& at) {
  const WordAt w = word_at(at.string->value, at.index);
  const text::Span file = at.string->to_file({static_cast<uint32_t>(w.begin), static_cast<uint32_t>(w.end)});
  return {file.begin, file.end, w.text};
}

}  // namespace rk::lsp
