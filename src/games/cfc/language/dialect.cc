#include "games/cfc/language/dialect.h"

#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "games/cfc/language/card_data.h"
#include "games/cfc/language/expr_names.h"
#include "games/cfc/language/rulescript.h"
#include "games/cfc/language/script_sources.h"
#include "games/cfc/compiler/script.h"
#include "registry/check_report.h"
#include "text/diagnostic.h"
#include "text/source.h"

namespace rk::cfc {
namespace {

namespace fs = std::filesystem;
using registry::CheckReport;
using registry::Detected;

// Where a part the engine does not run stands in the script: its `name` when the part gives one,
// else the script's first property.
text::Span part_span(std::string_view text, const Rules& r, const std::string& part) {
  const size_t a = part.find('`');
  const size_t b = a == std::string::npos ? std::string::npos : part.find('`', a + 1);
  std::string w = b == std::string::npos ? "" : part.substr(a + 1, b - a - 1);
  // "undeclared variable _x": a variable is named last.
  if (const size_t blank = part.rfind(' '); w.empty() && blank != std::string::npos && part[blank + 1] == '_') {
    w = part.substr(blank + 1);
  }
  while (!w.empty() && (w.front() == '.' || w.front() == ':')) w.erase(w.begin());
  if (w.size() > 2 && w.compare(w.size() - 2, 2, "()") == 0) w.resize(w.size() - 2);
  if (const size_t at = w.empty() ? std::string_view::npos : text.find(w); at != std::string_view::npos) {
    return {static_cast<uint32_t>(at), static_cast<uint32_t>(at + w.size())};
  }
  return r.props.empty() ? text::Span{} : r.props.front().key_span;
}

// One card's RuleScript: parsed, its expression names checked, compiled for the engine. The
// diagnostics go to `diags` (spans are offsets in `rules`).
void check_script(const std::string& rules, text::Diagnostics& diags, CheckReport& t) {
  Rules r;
  ++t.cards;
  parse_rules(rules, diags, r);
  // A broken line is skipped by the parser; the names of the lines that loaded are still checked,
  // so one broken line never hides the typos of the rest of the script.
  check_expr_names(r, diags);
  if (!diags.has_errors()) {
    // RuleScript runs in the engine: how many scripts compile for it, and what the others need.
    const CScript compiled = compile_script(r);
    t.engine.name = "RuleScript";
    t.engine.how = "rulekit cfc play";
    ++t.engine.scripts;
    t.engine.compiled += compiled.compiled ? 1 : 0;
    for (const std::string& m : compiled.missing) {
      ++t.engine.missing[m];
      diags.warning("RS0055", "not run by the engine yet: " + m, part_span(rules, r, m),
                    "the card plays without this part; `rulekit cfc coverage` lists such parts");
    }
  }
}

// One card's RuleScript, reported against a source named after the card.
void check_rulescript_text(const std::string& name, const std::string& rules, CheckReport& t) {
  text::SourceFile file(name, rules);
  text::Diagnostics diags(&file);
  check_script(rules, diags, t);
  t.report(diags);
}

// Scripts kept in strings of another file (rules.json, card_rules.py): each checked alone, its
// diagnostics moved to where its text stands in the file.
void check_embedded(const std::string& path, std::string text, const std::vector<EmbeddedScript>& scripts,
                    CheckReport& t) {
  text::SourceFile file(path, std::move(text));
  text::Diagnostics diags(&file, 1000);
  for (const EmbeddedScript& s : scripts) {
    text::Diagnostics own(nullptr);
    check_script(s.rules.value, own, t);
    for (text::Diagnostic d : own.items()) {
      d.span = s.rules.to_file(d.span);
      diags.add(std::move(d));
    }
  }
  t.report(diags);
  ++t.files;
}

// A rules.json file: every script, at its place in the file.
bool check_rulescript_json(const std::string& json_path, CheckReport& t) {
  std::vector<Script> scripts;
  std::string err;
  std::vector<std::string> problems;
  if (!load_rules_json(json_path, scripts, err, &problems)) {
    t.problem(err);
    return false;
  }
  for (const std::string& p : problems) t.problem(p);
  std::string text;
  if (!text::read_file(json_path, text)) {
    t.cannot_read(json_path);
    return false;
  }
  std::vector<EmbeddedScript> found = rules_json_scripts(text);
  check_embedded(json_path, std::move(text), found, t);
  return true;
}

// The plugin's own o8g/Scripts/card_rules.py: RulesDict["guid"] = """script""".
void check_card_rules_py(const std::string& path, CheckReport& t) {
  std::string text;
  if (!text::read_file(path, text)) {
    t.cannot_read(path);
    return;
  }
  std::vector<EmbeddedScript> found = card_rules_py_scripts(text);
  check_embedded(path, std::move(text), found, t);
}

// A CFC folder: the card data of o8g/Sets, then rules.json.
void check_cfc_folder(const std::string& dir, CheckReport& t) {
  std::vector<CardData> cards;
  for (const std::string& f : set_files(dir)) {
    std::string err;
    std::vector<std::string> problems;
    if (!load_set_xml(f, cards, err, &problems)) {
      t.problem(err);
    }
    for (const std::string& p : problems) t.problem(p);
  }
  check_rulescript_json((fs::path(dir) / "rules.json").string(), t);
}

void check_rulescript_path(const std::string& p, CheckReport& t) {
  std::error_code ec;
  if (fs::is_directory(p, ec)) {
    check_cfc_folder(p, t);
  } else if (fs::path(p).extension() == ".json") {
    check_rulescript_json(p, t);
  } else {
    // A plain text file holding one card's RuleScript properties.
    std::string text;
    if (!text::read_file(p, text)) {
      t.cannot_read(p);
      return;
    }
    check_rulescript_text(p, text, t);
    ++t.files;
  }
}

void check_cfc_set(const std::string& p, CheckReport& t) {
  std::vector<CardData> cards;
  std::string err;
  std::vector<std::string> problems;
  if (!load_set_xml(p, cards, err, &problems)) t.problem(err);
  for (const std::string& m : problems) t.problem(m);
  t.cards += cards.size();
  ++t.files;
}

// What the card says in print: its set.xml line of type, BP/SP and text ("" when not found).
std::string printed_text(const std::vector<CardData>& cards, const std::string& guid) {
  for (const CardData& c : cards) {
    if (c.guid != guid) continue;
    std::string out = fmt::format("printed: {} ({}{}{})", c.name, c.type, c.subtype.empty() ? "" : ", ", c.subtype);
    if (c.type == "Character") out += fmt::format(", BP {}, SP {}", c.bp, c.sp);
    if (!c.ability_name.empty()) out += fmt::format("\n  {} {}", c.ability_type, c.ability_name);
    if (!c.text.empty()) out += fmt::format("\n  {}", c.text);
    return out + "\n\n";
  }
  return "";
}

// One script: the printed card, the canonical form, the tree and the script's diagnostics.
void explain_script(const std::string& name, const std::string& guid, const std::string& rules,
                    const std::string& from, const std::vector<CardData>& printed) {
  text::SourceFile f(name, rules);
  text::Diagnostics d(&f);
  Rules r;
  parse_rules(rules, d, r);
  std::cout << fmt::format("{} ({}), RuleScript from {}\n\n{}canonical:\n{}\ntree:\n{}", name, guid, from,
                           printed_text(printed, guid), print(r), dump(r));
  std::cout << d.render();
}

// card_rules.py: a card by the name of the comment above its entry, its set.xml name, or its guid.
bool explain_card_rules_py(const registry::ExplainQuery& q) {
  std::string text;
  if (!text::read_file(q.path, text)) {
    std::cerr << q.path << ": cannot be read\n";
    return false;
  }
  const std::vector<CardData> printed = printed_cards_above(q.path);
  bool found = false;
  for (const EmbeddedScript& s : card_rules_py_scripts(text)) {
    std::string name = s.name;
    for (const CardData& c : printed) {
      if (c.guid == s.guid) name = c.name;
    }
    if (name.empty()) name = s.guid;
    q.names.push_back(name);
    if (!registry::same_name(name, q.name) && !registry::same_name(s.name, q.name) && s.guid != q.name) continue;
    found = true;
    explain_script(name, s.guid, s.rules.value, q.path, printed);
  }
  return found;
}

bool explain_rulescript(const registry::ExplainQuery& q) {
  const std::string json = fs::is_directory(q.path) ? (fs::path(q.path) / "rules.json").string() : q.path;
  std::vector<Script> scripts;
  std::string err;
  if (!load_rules_json(json, scripts, err)) {
    std::cerr << err << "\n";
    return false;
  }
  bool found = false;
  std::vector<CardData> printed;  // read once a card is found
  bool printed_loaded = false;
  for (const Script& s : scripts) {
    q.names.push_back(s.name);
    if (!registry::same_name(s.name, q.name) && s.guid != q.name) continue;
    found = true;
    if (!printed_loaded) printed = printed_cards_above(json);
    printed_loaded = true;
    explain_script(s.name, s.guid, s.rules, json, printed);
  }
  return found;
}

const registry::Format kRuleScript{"rulescript", &check_rulescript_path, nullptr, &explain_rulescript};
const registry::Format kSet{"cfc-set", &check_cfc_set, nullptr, nullptr};
const registry::Format kCardRulesPy{"cfc-card-rules-py", &check_card_rules_py, nullptr, &explain_card_rules_py};

bool contains(std::string_view text, std::string_view what) { return text.find(what) != std::string_view::npos; }

bool detect_folder(const std::string& path, Detected& out) {
  if (!is_cfc_folder(path)) return false;
  out = {&kRuleScript, "a CFC folder", "rules.json and o8g/Sets/*/set.xml"};
  return true;
}

bool detect_json(const nlohmann::json& j, Detected& out) {
  if (!j.is_array() || j.empty() || !j[0].is_object() || !j[0].contains("guid") || !j[0].contains("rules")) return false;
  out = {&kRuleScript, "CFC card scripts (rules.json)", "a list of {guid, name, rules} entries"};
  return true;
}

bool detect_broken_json(std::string_view text, Detected& out) {
  if (!contains(text, "\"guid\"") || !contains(text, "\"rules\"")) return false;
  out = {&kRuleScript, "CFC card scripts (rules.json)", "\"guid\" and \"rules\" keys (the JSON is broken)", false};
  return true;
}

// OCTGN's XML files: card data is checked; decks and the game definition hold no scripts.
bool detect_xml(std::string_view root, std::string_view text, Detected& out) {
  if (root == "set" && contains(text, "<card ")) {
    out = {&kSet, "CFC card data (set.xml)", "a <set> of <card> elements"};
  } else if (root == "deck") {
    out = {nullptr, "an OCTGN deck", "a <deck> element; rulekit cfc play --deck reads it"};
  } else if (root == "game") {
    out = {nullptr, "an OCTGN game definition", "a <game> element"};
  } else {
    return false;
  }
  return true;
}

// o8g/Scripts/card_rules.py, by the dictionary it fills.
bool detect_marks(std::string_view text, Detected& out) {
  if (!looks_like_card_rules_py(text)) return false;
  out = {&kCardRulesPy, "CFC card scripts (card_rules.py)", "assignments to RulesDict[...]"};
  return true;
}

const registry::Format* forced(const std::string& p) {
  return fs::path(p).extension() == ".py" ? &kCardRulesPy : &kRuleScript;
}

const registry::Format* const kFormats[] = {&kRuleScript, &kSet, &kCardRulesPy};
constexpr std::string_view kAliases[] = {"cfc"};

}  // namespace

const registry::Dialect kDialect{
    .name = "rulescript",
    .aliases = kAliases,
    .title = "RuleScript",
    .reads = "a CFC folder or rules.json",
    .folder_mark = "CFC rules.json",
    .formats = kFormats,
    .detect = {.folder = &detect_folder, .marks = &detect_marks, .json = &detect_json, .broken_json = &detect_broken_json, .xml = &detect_xml},
    .forced = &forced,
};

}  // namespace rk::cfc
