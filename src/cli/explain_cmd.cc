// `rulekit explain NAME PATH...`: the parsed structure of one card, found by name in a Wagic
// folder, a CFC folder or rules.json.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "games/cfc/card_data.h"
#include "games/cfc/rulescript.h"
#include "games/mtg/database.h"

namespace rk::cli {
namespace {

struct ExplainOptions {
  std::string name;
  std::vector<std::string> paths;
};

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

bool explain_rulescript(const ExplainOptions& o, const std::string& json) {
  std::vector<cfc::Script> scripts;
  std::string err;
  if (!cfc::load_rules_json(json, scripts, err)) return false;
  bool found = false;
  for (const cfc::Script& s : scripts) {
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

bool explain_wagic(const ExplainOptions& o, const std::string& path) {
  mtg::Database db;
  std::string err;
  if (!mtg::load(path, db, err)) return false;
  bool found = false;
  for (const mtg::Card& c : db.cards) {
    const mtg::Card& e = db.effective(c);
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

int run_explain(const ExplainOptions& o) {
  namespace fs = std::filesystem;
  bool found = false;
  for (const std::string& p : o.paths) {
    std::error_code ec;
    if (cfc::is_cfc_folder(p)) {
      found |= explain_rulescript(o, (fs::path(p) / "rules.json").string());
    } else if (fs::path(p).filename() == "rules.json") {
      found |= explain_rulescript(o, p);
    } else {
      found |= explain_wagic(o, p);
    }
  }
  if (!found) {
    std::cerr << fmt::format("rulekit explain: no card named \"{}\" in {}\n", o.name, fmt::join(o.paths, ", "));
    return 1;
  }
  return 0;
}

}  // namespace

void add_explain(CLI::App& app, int& exit_code) {
  auto opt = std::make_shared<ExplainOptions>();
  CLI::App* cmd = app.add_subcommand("explain", "Print the parsed structure of one card (Wagic or RuleScript)");
  cmd->add_option("name", opt->name, "Card name (any case) or CFC card GUID")->required();
  cmd->add_option("paths", opt->paths, "Where to look: a Wagic folder or card file, a CFC folder or rules.json")->required();
  cmd->callback([opt, &exit_code] { exit_code = run_explain(*opt); });
}

}  // namespace rk::cli
