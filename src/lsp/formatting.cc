#include "lsp/formatting.h"

#include <filesystem>
#include <string_view>

#include <nlohmann/json.hpp>

#include "games/cfc/language/rulescript.h"
#include "games/cfc/language/script_sources.h"
#include "games/mtg/language/database.h"
#include "text/diagnostic.h"
#include "text/embedded.h"

namespace rk::lsp {
namespace {

Formatted format_wagic(const Document& d) {
  Formatted out;
  mtg::Database db;
  std::string err;
  if (!mtg::load(d.path, db, err) || db.files.empty() || db.files[0]->diags->has_errors()) {
    out.message = "the file has errors: fix them first, then format";
    return out;
  }
  if (db.files[0]->text != d.text) return out;  // not the text the editor holds
  size_t left = 0;
  for (uint32_t i = 0; i < db.files[0]->card_count; ++i) {
    const mtg::Card& c = db.cards[db.files[0]->first_card + i];
    const size_t close = d.text.find("[/card]", c.offset);
    if (close == std::string::npos) continue;
    size_t end = d.text.find('\n', close);
    end = end == std::string::npos ? d.text.size() : end + 1;
    const std::string_view block(d.text.data() + c.offset, end - c.offset);
    // Only fields between [card] and [/card]: a comment or a blank line would be lost.
    if (block.find("\n#") != std::string_view::npos || block.find("\n\n") != std::string_view::npos ||
        block.find("\r") != std::string_view::npos) {
      ++left;
      continue;
    }
    std::string printed = mtg::print_card(db, c);
    if (end == d.text.size() && d.text.back() != '\n') printed.pop_back();
    if (printed != block) out.edits.push_back({c.offset, end, std::move(printed)});
  }
  if (left > 0) {
    out.message = std::to_string(left) + " card block(s) left as written: they hold comments or blank lines, which the printer does not keep";
  }
  return out;
}

// One script printed canonically; "" when it must stay as written (a comment, an error, or a
// printed form that does not read back as the same tree).
std::string print_script(const std::string& script, bool& has_comment) {
  has_comment = script.find('#') != std::string::npos;
  if (has_comment) return "";
  text::SourceFile f("script", script);
  text::Diagnostics diags(&f);
  cfc::Rules r;
  if (!cfc::parse_rules(script, diags, r) || diags.has_errors()) return "";
  std::string printed = cfc::print(r);
  text::SourceFile f2("printed", printed);
  text::Diagnostics diags2(&f2);
  cfc::Rules again;
  if (!cfc::parse_rules(printed, diags2, again) || cfc::dump(again) != cfc::dump(r)) return "";
  // The script's own first and last line breaks are kept (card_rules.py writes """\n...\n""").
  while (!printed.empty() && printed.back() == '\n') printed.pop_back();
  const bool lead = !script.empty() && script.front() == '\n';
  const bool trail = !script.empty() && script.back() == '\n';
  return (lead ? "\n" : "") + printed + (trail ? "\n" : "");
}

// How a script is written back into its string; "" when it cannot be (a Python string other than
// """...""", or text that would need escapes in it).
std::string encode(const text::EmbeddedString& s, std::string_view file, const std::string& script, bool json) {
  if (json) return nlohmann::json(script).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  const std::string_view literal = file.substr(s.begin, s.end - s.begin);
  for (std::string_view q : {"\"\"\"", "'''"}) {
    if (literal.size() >= 6 && literal.substr(0, 3) == q && literal.substr(literal.size() - 3) == q &&
        script.find('\\') == std::string::npos && script.find(q) == std::string::npos &&
        (script.empty() || script.back() != q[0])) {
      return std::string(q) + script + std::string(q);
    }
  }
  return "";
}

Formatted format_rulescript(const Document& d, const std::string& format) {
  Formatted out;
  const bool python = format == "cfc-card-rules-py";
  const bool json = !python && std::filesystem::path(d.path).extension() == ".json";
  size_t comments = 0, kept = 0;
  if (!python && !json) return out;  // a RuleScript is found by content only in these two
  const std::vector<cfc::EmbeddedScript> scripts =
      python ? cfc::card_rules_py_scripts(d.text) : cfc::rules_json_scripts(d.text);
  for (const cfc::EmbeddedScript& s : scripts) {
    bool comment = false;
    const std::string printed = print_script(s.rules.value, comment);
    comments += comment;
    if (printed.empty()) {
      kept += !comment;
      continue;
    }
    if (printed == s.rules.value) continue;
    const std::string literal = encode(s.rules, d.text, printed, json);
    if (literal.empty()) {
      ++kept;
      continue;
    }
    out.edits.push_back({s.rules.begin, s.rules.end, literal});
  }
  std::string why;
  if (comments > 0) why = std::to_string(comments) + " with comments (the RuleScript printer does not keep them)";
  if (kept > 0) {
    why += (why.empty() ? "" : ", ") + std::to_string(kept) + " with errors or a form the printer cannot write back";
  }
  if (!why.empty()) out.message = "script(s) left as written: " + why;
  return out;
}

}  // namespace

Formatted format_document(const Document& d, const std::string& format) {
  if (format == "wagic") return format_wagic(d);
  if (format == "rulescript" || format == "cfc-card-rules-py") return format_rulescript(d, format);
  // Printers that would not keep the author's text: why, for the author.
  struct Refusal {
    std::string_view format, why;
  };
  static constexpr Refusal kRefusals[] = {
      {"vck-sql", "VCK effect strings are not reformatted: the printer writes the unified grammar, which vckonline's engine does not read"},
      {"vck-table", "VCK effect strings are not reformatted: the printer writes the unified grammar, which vckonline's engine does not read"},
      {"rulegame-rules", "Rule Game rule files are not reformatted: the printer writes every atom as name:value and drops comments"},
  };
  for (const Refusal& r : kRefusals) {
    if (r.format == format) return {{}, std::string(r.why)};
  }
  return {{}, "this file has no printer to format it with"};
}

}  // namespace rk::lsp
