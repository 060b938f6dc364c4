#include "cli/detect.h"

#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "games/cfc/card_data.h"
#include "games/mtg/database.h"
#include "games/vck/tables.h"
#include "text/source.h"

namespace rk::cli {
namespace {

namespace fs = std::filesystem;

bool has_line(std::string_view text, std::string_view line) {
  for (std::string_view l : text::split_lines(text)) {
    while (!l.empty() && (l.back() == ' ' || l.back() == '\t')) l.remove_suffix(1);
    if (l == line) return true;
  }
  return false;
}

bool contains(std::string_view text, std::string_view what) { return text.find(what) != std::string_view::npos; }

std::string extension(const std::string& path) { return fs::path(path).extension().string(); }

// The top-level keys of a JSON object, or the size of a list: what a skip note shows as evidence.
std::string json_outline(const nlohmann::json& j) {
  if (j.is_array()) return fmt::format("a list of {} items", j.size());
  std::string keys;
  size_t n = 0;
  for (auto it = j.begin(); it != j.end() && n < 5; ++it, ++n) keys += (keys.empty() ? "" : ", ") + it.key();
  return fmt::format("an object with keys {}{}", keys, j.size() > n ? ", ..." : "");
}

bool is_board(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("value") || !j["value"].is_array()) return false;
  const nlohmann::json& v = j["value"];
  return v.empty() || (v[0].is_object() && v[0].contains("x") && v[0].contains("y"));
}

Detected detect_json(const nlohmann::json& j) {
  if (j.is_array() && !j.empty() && j[0].is_object() && j[0].contains("guid") && j[0].contains("rules")) {
    return {Reader::kRuleScript, "CFC card scripts (rules.json)", "a list of {guid, name, rules} entries"};
  }
  if (const std::string table = vck::table_of_rows(j); !table.empty()) {
    return {Reader::kVckTable, fmt::format("a VCK card table ({})", table),
            fmt::format("its rows have an id_{} column", table)};
  }
  if (is_board(j)) return {Reader::kRuleGameBoard, "a Rule Game board", "an object with a \"value\" list of pieces at x, y"};
  return {Reader::kSkip, "JSON data without rules or card scripts", json_outline(j)};
}

// JSON that does not parse: the marks of each kind, so the right reader reports the error.
Detected detect_broken_json(std::string_view text) {
  if (contains(text, "\"guid\"") && contains(text, "\"rules\"")) {
    return {Reader::kRuleScript, "CFC card scripts (rules.json)", "\"guid\" and \"rules\" keys (the JSON is broken)", false};
  }
  for (const auto& [table, columns] : vck::effect_columns()) {
    if (contains(text, "\"id_" + table + "\"")) {
      return {Reader::kVckTable, fmt::format("a VCK card table ({})", table),
              fmt::format("an id_{} key (the JSON is broken)", table), false};
    }
  }
  if (contains(text, "\"value\"") && contains(text, "\"x\"") && contains(text, "\"y\"")) {
    return {Reader::kRuleGameBoard, "a Rule Game board", "\"value\", \"x\" and \"y\" keys (the JSON is broken)", false};
  }
  return {Reader::kSkip, "JSON that does not parse", "no marks of a board, card table or card scripts in it"};
}

bool is_json_lines(std::string_view text) {
  size_t records = 0;
  for (std::string_view l : text::split_lines(text)) {
    if (l.find_first_not_of(" \t") == std::string_view::npos) continue;
    if (!nlohmann::json::accept(l)) return false;
    ++records;
  }
  return records > 0;
}

// The first element's name, past the <?xml ...?> declaration and comments.
std::string_view root_element(std::string_view text) {
  size_t at = 0;
  while ((at = text.find('<', at)) != std::string_view::npos) {
    if (at + 1 < text.size() && (text[at + 1] == '?' || text[at + 1] == '!')) {
      ++at;
      continue;
    }
    const size_t end = text.find_first_of(" \t\r\n/>", at + 1);
    return text.substr(at + 1, (end == std::string_view::npos ? text.size() : end) - at - 1);
  }
  return {};
}

Detected detect_xml(std::string_view text) {
  const std::string_view root = root_element(text);
  if (root == "set" && contains(text, "<card ")) return {Reader::kCfcSet, "CFC card data (set.xml)", "a <set> of <card> elements"};
  if (root == "deck") return {Reader::kSkip, "an OCTGN deck", "a <deck> element; rulekit cfc play --deck reads it"};
  if (root == "svg") return {Reader::kSkip, "an image (SVG)", "an <svg> element"};
  if (root == "game") return {Reader::kSkip, "an OCTGN game definition", "a <game> element"};
  return {Reader::kSkip, "XML without card data", fmt::format("a <{}> element, not a <set> of <card>s", root)};
}

// Formats known by a mark in their text, tried in order; the first that matches decides.
struct Mark {
  bool (*matches)(std::string_view text);
  Detected answer;
};

const Mark kMarks[] = {
    {[](std::string_view t) { return has_line(t, "[card]"); },
     {Reader::kWagic, "a Wagic card file", "a [card] line"}},
    {[](std::string_view t) { return contains(t, "#AUTO_DEFINE"); },
     {Reader::kWagic, "Wagic macros", "#AUTO_DEFINE lines"}},
    {[](std::string_view t) { return has_line(t, "[INIT]"); },
     {Reader::kSkip, "Wagic game-mode rules or a Wagic test scenario", "an [INIT] section; no card code"}},
    {[](std::string_view t) { return t.rfind("#NAME:", 0) == 0; },
     {Reader::kSkip, "a Wagic deck list", "a #NAME: header and card ids"}},
};

// Extensions whose files are data, never rules, where the text carries no better mark.
struct DataExtension {
  const char* ext;
  const char* what;
};
const DataExtension kDataExtensions[] = {
    {".csv", "a CSV table (trial list, shapes, colors, modifiers or parameters)"},
    {".md", "documentation (Markdown)"},
    {".svg", "an image (SVG)"},
    {".png", "an image (PNG)"},
};

}  // namespace

RuleLikeLines count_rule_like_lines(std::string_view text) {
  RuleLikeLines n;
  for (std::string_view l : text::split_lines(text)) {
    const size_t at = l.find_first_not_of(" \t");
    if (at == std::string_view::npos || l[at] == '#') continue;
    l.remove_prefix(at);
    ++n.significant;
    size_t i = 0;
    while (i < l.size() && (l[i] == '*' || (l[i] >= '0' && l[i] <= '9'))) ++i;  // a counter
    while (i < l.size() && (l[i] == ' ' || l[i] == '\t')) ++i;
    if ((i < l.size() && l[i] == '(') || l.rfind("Order", 0) == 0) ++n.rule_like;
  }
  return n;
}

Detected detect_text(const std::string& path, std::string_view text) {
  if (text.rfind("\xEF\xBB\xBF", 0) == 0) text.remove_prefix(3);  // a UTF-8 byte order mark
  const size_t first = text.find_first_not_of(" \t\r\n");
  const char c = first == std::string_view::npos ? '\0' : text[first];
  for (const Mark& m : kMarks) {
    if (m.matches(text)) return m.answer;
  }
  if (c == '{' || c == '[') {
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (!j.is_discarded()) return detect_json(j);
    if (is_json_lines(text)) return {Reader::kSkip, "JSON lines (recorded data)", "one JSON document per line"};
    if (extension(path) == ".json") return detect_broken_json(text);
  }
  if (c == '<') return detect_xml(text);
  for (const DataExtension& d : kDataExtensions) {
    if (extension(path) == d.ext) return {Reader::kSkip, d.what, fmt::format("the extension {}", d.ext)};
  }
  const RuleLikeLines n = count_rule_like_lines(text);
  if (n.significant == 0) return {Reader::kRuleGame, "a Rule Game rule file", "only comments or blank lines"};
  const std::string counted = fmt::format("{} of {} lines start like a rule line: an atom \"(\", a counter, "
                                          "or Order", n.rule_like, n.significant);
  if (n.rule_like * 2 >= n.significant) {
    return {Reader::kRuleGame, "a Rule Game rule file", counted, n.rule_like == n.significant};
  }
  return {Reader::kSkip, "prose, not a rule file", counted, false};
}

Detected detect_path(const std::string& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    if (vck::is_table_folder(path)) return {Reader::kVckFolder, "the VCK card tables", "citizens.json and domains.json"};
    if (cfc::is_cfc_folder(path)) return {Reader::kRuleScript, "a CFC folder", "rules.json and o8g/Sets/*/set.xml"};
    if (mtg::is_wagic_path(path)) return {Reader::kWagic, "a Wagic database", "a primitives folder or _macros.txt"};
    return {Reader::kRuleGame, "a folder of Rule Game rule files",
            "no VCK tables, CFC rules.json or Wagic primitives in it; each *.txt file is read by its content"};
  }
  if (fs::path(path).filename() == "_cards.dat") return {Reader::kWagic, "a Wagic set", "the name _cards.dat"};
  std::string text;
  if (!text::read_file(path, text)) return {Reader::kRuleGame, "a file that cannot be read", "", true};
  return detect_text(path, text);
}

}  // namespace rk::cli
