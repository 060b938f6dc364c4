// `rulekit explain NAME PATH...`: the parsed structure of one card, found by name in a Wagic
// folder, a CFC folder or rules.json, or the VCK tables.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/detect.h"
#include "games/cfc/card_data.h"
#include "games/cfc/rulescript.h"
#include "games/mtg/database.h"
#include "games/vck/effect.h"
#include "games/vck/tables.h"
#include "text/suggest.h"

namespace rk::cli {
namespace {

struct ExplainOptions {
  std::string name;
  std::vector<std::string> paths;
};

// Every card name seen while looking, for "did you mean" when none matches.
using Names = std::vector<std::string>;

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

bool explain_rulescript(const ExplainOptions& o, const std::string& json, Names& names) {
  std::vector<cfc::Script> scripts;
  std::string err;
  if (!cfc::load_rules_json(json, scripts, err)) {
    std::cerr << err << "\n";
    return false;
  }
  bool found = false;
  for (const cfc::Script& s : scripts) {
    names.push_back(s.name);
    if (!same_name(s.name, o.name) && s.guid != o.name) continue;
    found = true;
    text::SourceFile f(s.name, s.rules);
    text::Diagnostics d(&f);
    cfc::Rules r;
    cfc::parse_rules(s.rules, d, r);
    std::cout << fmt::format("{} ({}), RuleScript from {}\n\ncanonical:\n{}\ntree:\n{}", s.name, s.guid, json,
                             cfc::print(r), cfc::dump(r));
    std::cout << d.render();
  }
  return found;
}

bool explain_wagic(const ExplainOptions& o, const std::string& path, Names& names) {
  mtg::Database db;
  std::string err;
  if (!mtg::load(path, db, err)) {
    std::cerr << err << "\n";
    return false;
  }
  bool found = false;
  for (const mtg::Card& c : db.cards) {
    const mtg::Card& e = db.effective(c);
    if (&e == &c) names.emplace_back(e.name);
    if (!same_name(e.name, o.name) || &e != &c) continue;  // each primitive once
    found = true;
    std::cout << fmt::format("{}, Wagic card from {}\n\ncanonical:\n{}\nstructure:\n{}\ntree:\n{}", e.name,
                             db.files[e.file]->path, mtg::print_card(db, e), mtg::describe_card(db, e),
                             mtg::dump_card(db, e));
    for (const mtg::Card& s : db.cards) {
      if (s.resolved >= 0 && &db.cards[static_cast<size_t>(s.resolved)] == &c) {
        std::cout << fmt::format("in set {} as id {} rarity {}\n", db.files[s.file]->path, s.id, s.rarity);
      }
    }
  }
  return found;
}

// The human text beside an effect column, when the table has one (special_payout_on_turn_text).
std::string vck_card_text(const std::string& path, size_t row, const std::string& column) {
  std::string text;
  if (!text::read_file(path, text)) return "";
  const nlohmann::json rows = nlohmann::json::parse(text, nullptr, false);
  if (!rows.is_array() || row >= rows.size() || !rows[row].is_object()) return "";
  for (const std::string& key : {column + "_text", std::string("special_payout_text")}) {
    if (rows[row].contains(key) && rows[row][key].is_string() && !rows[row][key].get<std::string>().empty()) {
      return rows[row][key].get<std::string>();
    }
  }
  return "";
}

// VCK cards: every effect string of the card's row, as written, in the unified form and as a tree.
bool explain_vck(const ExplainOptions& o, const std::string& path, bool folder, Names& names) {
  std::vector<vck::CardEffect> effects;
  std::vector<std::string> problems;
  if (folder) {
    vck::load_tables(path, effects, problems);
  } else {
    vck::load_table_file(path, effects, problems);
  }
  for (const std::string& p : problems) std::cerr << p << "\n";
  bool found = false;
  std::string shown;  // table/row of the card whose header was printed
  for (const vck::CardEffect& c : effects) {
    names.push_back(c.card);
    if (!same_name(c.card, o.name)) continue;
    found = true;
    const std::string file = folder ? (std::filesystem::path(path) / (c.table + ".json")).string() : path;
    const std::string where = fmt::format("{}[{}]", file, c.row);
    if (shown != where) {
      std::cout << fmt::format("{}{}, VCK card ({}) from {}\n", shown.empty() ? "" : "\n", c.card, c.table, where);
      shown = where;
    }
    text::SourceFile f(c.card, c.text);
    text::Diagnostics d(&f);
    vck::EffectSet set;
    vck::Effect e;
    std::cout << fmt::format("\n{}: {}\n", c.column, c.text);
    if (const std::string human = vck_card_text(file, c.row, c.column); !human.empty()) {
      std::cout << fmt::format("card text: {}\n", human);
    }
    if (vck::parse_effect(c.text, set, d, e)) {
      std::string tree = vck::dump(set, e);
      if (!tree.empty() && tree.back() != '\n') tree += '\n';
      std::cout << fmt::format("unified: {}\ntree:\n{}", vck::print(set, e), tree);
    }
    std::cout << d.render();
  }
  return found;
}

bool explain_path(const ExplainOptions& o, const std::string& p, Names& names) {
  namespace fs = std::filesystem;
  const Detected d = detect_path(p);
  switch (d.reader) {
    case Reader::kRuleScript:
      return explain_rulescript(o, fs::is_directory(p) ? (fs::path(p) / "rules.json").string() : p, names);
    case Reader::kVckFolder:
    case Reader::kVckTable: return explain_vck(o, p, d.reader == Reader::kVckFolder, names);
    case Reader::kWagic: return explain_wagic(o, p, names);
    case Reader::kRuleGame:
    case Reader::kRuleGameBoard:
      std::cerr << fmt::format("rulekit explain: {} is {}: Rule Game has no cards (rulekit check {} shows its "
                               "diagnostics)\n", p, d.what, p);
      return false;
    default:
      std::cerr << fmt::format("rulekit explain: {} holds no cards: {} ({})\n", p, d.what, d.why);
      return false;
  }
}

int run_explain(const ExplainOptions& o) {
  bool found = false;
  Names names;
  for (const std::string& p : o.paths) {
    std::error_code ec;
    if (!std::filesystem::exists(p, ec)) {
      std::cerr << fmt::format("rulekit explain: {}: {}\n", p, text::read_failure(p));
      continue;
    }
    found |= explain_path(o, p, names);
  }
  if (!found) {
    std::vector<std::string_view> views(names.begin(), names.end());
    const std::string_view near = text::closest_ignoring_case(o.name, views.data(), views.size());
    std::cerr << fmt::format("rulekit explain: no card named \"{}\" in {}{}\n", o.name, fmt::join(o.paths, ", "),
                             near.empty() ? "" : fmt::format("; did you mean \"{}\"?", near));
    return 1;
  }
  return 0;
}

}  // namespace

void add_explain(CLI::App& app, int& exit_code) {
  auto opt = std::make_shared<ExplainOptions>();
  CLI::App* cmd = app.add_subcommand("explain", "Print the parsed structure of one card (Wagic, CFC RuleScript or VCK)");
  cmd->add_option("name", opt->name, "Card name (any case) or CFC card GUID")->required();
  cmd->add_option("paths", opt->paths, "Where to look: a Wagic folder or card file, a CFC folder or rules.json, the VCK tables or one table")->required();
  cmd->callback([opt, &exit_code] { exit_code = run_explain(*opt); });
}

}  // namespace rk::cli
