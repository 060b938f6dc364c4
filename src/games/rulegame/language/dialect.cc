#include "games/rulegame/language/dialect.h"

#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "games/rulegame/rules/board.h"
#include "games/rulegame/language/features_check.h"
#include "games/rulegame/language/rules.h"
#include "registry/check_report.h"
#include "text/diagnostic.h"
#include "text/source.h"

namespace rk::rulegame {
namespace {

using registry::CheckReport;
using registry::Detected;

void check_rule_text(const std::string& path, std::string text, CheckReport& r) {
  text::SourceFile file(path, std::move(text));
  text::Diagnostics diags(&file);
  RuleSet rules;
  parse_rules(file, diags, rules);
  check_features(rules, features_for(path), diags);
  r.report(diags);
  ++r.files;
}

void check_board(const std::string& p, CheckReport& r) {
  std::string text, err;
  Board board;
  if (!text::read_file(p, text)) {
    r.cannot_read(p);
  } else if (!parse_board_json(text, board, err)) {
    r.problem(fmt::format("{}: error[RK0002]: not a valid board: {}", p, err));
  }
  ++r.files;
}

bool no_cards(const registry::ExplainQuery& q) {
  std::cerr << fmt::format("rulekit explain: {} is {}: Rule Game has no cards (rulekit check {} shows its "
                           "diagnostics)\n", q.path, q.detected.what, q.path);
  return false;
}

const registry::Format kRules{"rulegame-rules", nullptr, &check_rule_text, &no_cards};
const registry::Format kBoard{"rulegame-board", &check_board, nullptr, &no_cards};

bool is_board(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("value") || !j["value"].is_array()) return false;
  const nlohmann::json& v = j["value"];
  return v.empty() || (v[0].is_object() && v[0].contains("x") && v[0].contains("y"));
}

bool contains(std::string_view text, std::string_view what) { return text.find(what) != std::string_view::npos; }

bool detect_json(const nlohmann::json& j, Detected& out) {
  if (!is_board(j)) return false;
  out = {&kBoard, "a Rule Game board", "an object with a \"value\" list of pieces at x, y"};
  return true;
}

bool detect_broken_json(std::string_view text, Detected& out) {
  if (!contains(text, "\"value\"") || !contains(text, "\"x\"") || !contains(text, "\"y\"")) return false;
  out = {&kBoard, "a Rule Game board", "\"value\", \"x\" and \"y\" keys (the JSON is broken)", false};
  return true;
}

// Lines that read like the Rule Game language (an atom "(", a counter before one, "Order NAME=")
// among the lines that are neither blank nor comments.
struct RuleLikeLines {
  size_t rule_like = 0, significant = 0;
};

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

// Rule files have no mark but their shape: most significant lines start like a rule line.
Detected detect_plain_text(const std::string&, std::string_view text) {
  const RuleLikeLines n = count_rule_like_lines(text);
  if (n.significant == 0) return {&kRules, "a Rule Game rule file", "only comments or blank lines"};
  const std::string counted = fmt::format("{} of {} lines start like a rule line: an atom \"(\", a counter, "
                                          "or Order", n.rule_like, n.significant);
  if (n.rule_like * 2 >= n.significant) {
    return {&kRules, "a Rule Game rule file", counted, n.rule_like == n.significant};
  }
  return {nullptr, "prose, not a rule file", counted, false};
}

const registry::Format* forced(const std::string&) { return &kRules; }

const registry::Fallback kFallback{&detect_plain_text, &kRules, &kRules};
const registry::Format* const kFormats[] = {&kRules, &kBoard};
constexpr std::string_view kAliases[] = {"gohr"};

}  // namespace

const registry::Dialect kDialect{
    .name = "rulegame",
    .aliases = kAliases,
    .title = "Rule Game",
    .reads = "Rule Game rule files",
    .folder_mark = "",
    .formats = kFormats,
    .has_cards = false,
    .detect = {.json = &detect_json, .broken_json = &detect_broken_json},
    .forced = &forced,
    .fallback = &kFallback,
};

}  // namespace rk::rulegame
