// `rulekit wagic test`: Wagic's scenario tests (test/*.txt, a folder or a _tests.txt list) run
// against the card database, with a verdict per test and the first difference of each failure.
#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>

#include "cli/commands.h"
#include "cli/table_replay.h"
#include "games/mtg/compiler/card_def.h"
#include "games/mtg/compiler/coverage.h"
#include "games/mtg/language/database.h"
#include "games/mtg/rules/rules_file.h"
#include "games/mtg/runners/harness.h"
#include "games/mtg/lua/card_scripts.h"
#include "games/mtg/runners/scenario.h"

namespace rk::cli {
namespace {

namespace fs = std::filesystem;

struct WagicTestOptions {
  std::vector<std::string> paths;
  std::string cards;
  std::string lua;  // cards written in Lua (default: the cards/wagic-lua folder rulekit ships)
  bool trace = false, quiet = false, classes = false;
};

// Test files from the arguments: a _tests.txt list, a folder (every .txt but lists), a file.
std::vector<std::string> expand(const std::vector<std::string>& paths) {
  std::vector<std::string> out;
  for (const std::string& p : paths) {
    if (fs::is_directory(p)) {
      std::vector<std::string> files;
      for (const auto& e : fs::recursive_directory_iterator(p)) {
        if (e.is_regular_file() && e.path().extension() == ".txt" && e.path().filename().string()[0] != '_') {
          files.push_back(e.path().string());
        }
      }
      std::sort(files.begin(), files.end());
      out.insert(out.end(), files.begin(), files.end());
    } else if (fs::path(p).filename().string().rfind("_tests", 0) == 0) {
      for (std::string& f : mtg::read_test_list(p)) {
        if (fs::exists(f)) out.push_back(std::move(f));  // Wagic skips unreadable entries silently
      }
    } else {
      out.push_back(p);
    }
  }
  return out;
}

void report_failure(const mtg::TestOutcome& r, bool trace) {
  std::cout << "  " << r.first_difference << "\n" << r.diff;
  for (const std::string& m : r.missing) std::cout << "  not implemented: " << m << "\n";
  std::cout << "  last commands: " << r.last_commands << "\n";
  const size_t from = trace || r.trace.size() < 8 ? 0 : r.trace.size() - 8;
  for (size_t i = from; i < r.trace.size(); ++i) std::cout << "    " << r.trace[i] << "\n";
}

int run_tests(const WagicTestOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  mtg::Database db;
  std::string err;
  const std::string cards = o.cards.empty() ? std::string(RULEKIT_SHARED_DIR) + "/corpora/wagic/2016/sets" : o.cards;
  db.read_trees = false;  // the engine compiles the text; no trees needed (database.h)
  if (!mtg::load(cards, db, err)) {
    std::cerr << cards << ": error[WG0001]: " << err << "\n";
    return 2;
  }
  mtg::Catalog cat(db);
  std::vector<std::string> rules_warnings;
  cat.suite_rules = mtg::rules_beside(cards, "testsuite.txt", &rules_warnings);  // as Wagic's TestSuite; absent: built-in
  for (const std::string& w : rules_warnings) std::cerr << w << "\n";
  mtg::CardScripts scripts;
  std::vector<std::string> script_errors;
  const std::string lua_dir = o.lua.empty() ? std::string(RULEKIT_SOURCE_DIR) + "/cards/wagic-lua" : o.lua;
  scripts.load(lua_dir, script_errors);
  for (const std::string& e : script_errors) std::cerr << e << "\n";
  if (scripts.size() == 0) std::cerr << "note: no cards written in Lua in " << lua_dir << " (the cards Wagic hard-codes will not run)\n";
  cat.scripts = &scripts;
  std::vector<std::string> paths = o.paths;
  if (paths.empty()) paths.push_back(std::string(RULEKIT_SHARED_DIR) + "/corpora/wagic/2016/test/_tests.txt");
  int pass = 0, fail = 0, none = 0;
  std::map<std::string, std::pair<int, int>> by_class;  // passed, total
  for (const std::string& f : expand(paths)) {
    mtg::Scenario s;
    if (!mtg::read_scenario(f, s, err)) {
      std::cout << "FAIL " << err << "\n";
      ++fail;
      continue;
    }
    const mtg::TestOutcome r = mtg::run_scenario(s, cat);
    if (o.classes) {
      auto& [passed, total] = by_class[mtg::mechanic_class(s, cat)];
      passed += r.status == mtg::TestOutcome::kPass;
      ++total;
    }
    if (r.status == mtg::TestOutcome::kPass) {
      ++pass;
      if (!o.quiet) std::cout << "pass " << f << "\n";
      if (o.trace) report_failure(r, true);
    } else if (r.status == mtg::TestOutcome::kNoVerdict) {
      ++none;
      std::cout << "no verdict " << r.first_difference << "\n";
    } else {
      ++fail;
      std::cout << "FAIL " << f << "\n";
      report_failure(r, o.trace);
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cerr << fmt::format("({:.2f} s with loading the cards)\n", secs);
  if (o.classes) {
    // The figure per class of mechanics (TESTS.md §3's groups, in their order).
    std::cout << "class of mechanics: passed/total\n";
    for (const std::string& c : mtg::mechanic_classes()) {
      if (!by_class.count(c)) continue;
      const auto [passed, total] = by_class[c];
      std::cout << fmt::format("  {:<40} {:>3}/{:<3} ({:.0f}%)\n", c, passed, total, 100.0 * passed / total);
    }
  }
  std::cout << fmt::format("{} tests, {} passed, {} failed", pass + fail + none, pass, fail);
  if (none) std::cout << fmt::format(", {} without verdict", none);
  std::cout << "\n";
  return fail ? 1 : 0;
}

// `rulekit wagic coverage`: how many primitives the engine runs completely, and what it does not run.
int run_coverage(const std::string& cards_arg, size_t top) {
  mtg::Database db;
  std::string err;
  const std::string cards = cards_arg.empty() ? std::string(RULEKIT_SHARED_DIR) + "/corpora/wagic/2016/sets" : cards_arg;
  db.read_trees = false;  // the engine compiles the text; no trees needed (database.h)
  if (!mtg::load(cards, db, err)) {
    std::cerr << cards << ": error[WG0001]: " << err << "\n";
    return 2;
  }
  mtg::add_scripted_names(std::string(RULEKIT_SOURCE_DIR) + "/cards/wagic-lua", db);  // their alias= runs
  std::cout << mtg::format_coverage(mtg::measure_coverage(db), top);
  return 0;
}

}  // namespace

void add_wagic(CLI::App& app, int& exit_code) {
  auto* wagic = app.add_subcommand("wagic", "Wagic (Magic: The Gathering): run the card code");
  wagic->require_subcommand(1);
  auto opts = std::make_shared<WagicTestOptions>();
  auto* test = wagic->add_subcommand("test", "run Wagic scenario tests (files, folders or a _tests.txt list)");
  test->add_option("paths", opts->paths, "test files, folders or _tests.txt (default: the 2016 corpus list)");
  test->add_option("--cards", opts->cards, "Wagic sets folder (default: the shared 2016 corpus)");
  test->add_option("--lua", opts->lua, "folder of cards written in Lua (default: rulekit's cards/wagic-lua)");
  test->add_flag("--trace", opts->trace, "print every test's whole event log");
  test->add_flag("-q,--quiet", opts->quiet, "print failures only");
  test->add_flag("--classes", opts->classes, "print the figures per class of mechanics before the last line");
  test->callback([opts, &exit_code] { exit_code = run_tests(*opts); });
  auto cov = std::make_shared<std::pair<std::string, size_t>>("", 30);
  auto* coverage = wagic->add_subcommand("coverage", "how many primitives the engine runs, and the parts it does not run by keyword");
  coverage->add_option("--cards", cov->first, "Wagic sets folder (default: the shared 2016 corpus)");
  coverage->add_option("--top", cov->second, "keywords listed (default 30)");
  coverage->callback([cov, &exit_code] { exit_code = run_coverage(cov->first, cov->second); });
  add_wagic_sim(*wagic, exit_code);
  add_wagic_play(*wagic, exit_code);
  auto log = std::make_shared<std::string>();
  auto* replay = wagic->add_subcommand("replay", "replay a Magic table's log (from rulekit serve) and confirm its final state");
  replay->add_option("LOG", *log, "a table log (GET /api/tables/ID/log)")->required();
  replay->callback([log, &exit_code] {
    if (!replay_if_table_log(*log, registry::kWagicTable, exit_code)) {
      std::cerr << *log << ":1:1: error[RK0040]: not a rulekit table log (its first line is not {\"rulekit_table_log\": 1, ...})\n";
      exit_code = 2;
    }
  });
}

}  // namespace rk::cli
