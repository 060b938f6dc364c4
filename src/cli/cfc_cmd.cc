// `rulekit cfc sim|play|replay|coverage|test`: Card Fighters' Clash games between bots, against a
// person at the terminal, replayed from their logs; script coverage; scenario files run.
#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <tuple>

#include "agents/make_agent.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/table_replay.h"
#include "games/cfc/runners/coverage.h"
#include "games/cfc/runners/match.h"
#include "games/cfc/runners/menu.h"
#include "games/cfc/runners/narration.h"
#include "games/cfc/runners/scenario.h"
#include "kernel/log.h"
#include "text/source.h"

namespace rk::cli {
namespace {

namespace fs = std::filesystem;
using cfc::Game;

struct CfcOptions {
  std::string cards;               // the CFC folder (rules.json, o8g/Sets)
  std::vector<std::string> decks;  // two .o8d files
  uint64_t seed = 1;
};

std::string default_cards_dir() { return std::string(RULEKIT_SHARED_DIR) + "/corpora/cfc"; }

// Loads the pool and both decks; prints what is wrong and returns false.
bool load_setup(CfcOptions& o, cfc::CardPool& pool, cfc::Deck decks[2]) {
  if (o.cards.empty()) o.cards = default_cards_dir();
  std::string error;
  std::vector<std::string> problems;
  if (!cfc::load_pool(o.cards, pool, error, problems)) {
    std::cerr << error << "\n";
    if (!fs::exists(o.cards)) std::cerr << "hint: give the CFC card folder with --cards DIR (rules.json and o8g/Sets)\n";
    return false;
  }
  for (const std::string& p : problems) std::cerr << p << "\n";
  if (o.decks.empty()) {
    // The corpus's first two prebuilt decks, so `rulekit cfc sim` runs without arguments.
    std::vector<std::string> found;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(o.cards + "/o8g/Decks", ec)) {
      if (e.path().extension() == ".o8d") found.push_back(e.path().string());
    }
    std::sort(found.begin(), found.end());
    if (found.size() < 2) {
      std::cerr << "error: give two decks with --deck A.o8d --deck B.o8d\n";
      return false;
    }
    o.decks = {found[0], found[1]};
  }
  if (o.decks.size() != 2) {
    std::cerr << fmt::format("error: a game needs two decks (--deck A.o8d --deck B.o8d), not {}\n", o.decks.size());
    return false;
  }
  bool ok = true;
  for (int i = 0; i < 2; ++i) {
    std::vector<std::string> deck_problems;
    if (!cfc::load_deck(o.decks[static_cast<size_t>(i)], pool, decks[i], deck_problems)) ok = false;
    for (const std::string& p : deck_problems) std::cerr << p << "\n";
  }
  return ok;
}

std::unique_ptr<agents::Agent<Game>> make_agent(const std::string& name, uint64_t seed) {
  return agents::make_agent<Game>(name, seed);  // random, greedy, mcts[:budget]
}

uint64_t game_seed(uint64_t seed, uint64_t i) { return kernel::hash_mix(kernel::hash_mix(kernel::kHashSeed, seed), i); }

int run_sim(CfcOptions& o, size_t n, const std::string& agent_list, const std::string& save_dir) {
  cfc::CardPool pool;
  cfc::Deck decks[2];
  if (!load_setup(o, pool, decks)) return 2;
  std::vector<std::string> names;
  std::stringstream ss(agent_list);
  for (std::string a; std::getline(ss, a, ',');) names.push_back(a);
  if (names.size() == 1) names.push_back(names[0]);
  if (names.size() != 2 || !make_agent(names[0], 0) || !make_agent(names[1], 0)) {
    std::cerr << "error: --agents takes two of random, greedy, mcts[:iterations] (for example random,mcts:500)\n";
    return 2;
  }
  Progress progress(n, "games", std::cerr, isatty(2) != 0);
  size_t wins[2] = {0, 0}, draws = 0, engine_errors = 0, decisions = 0;
  int min_turns = 1 << 30, max_turns = 0;
  uint64_t total_turns = 0, result = kernel::kHashSeed;
  for (size_t i = 0; i < n; ++i) {
    const uint64_t s = game_seed(o.seed, i);
    Game g(pool, decks[0], decks[1], s);
    auto a = make_agent(names[0], s ^ 0xA11CE);
    auto b = make_agent(names[1], s ^ 0xB0B);
    decisions += cfc::play_out(g, *a, *b);
    for (const std::string& e : cfc::check_invariants(g)) {
      ++engine_errors;
      std::cerr << fmt::format("\ngame {} (seed {}): engine error: {}\n", i, s, e);
    }
    if (g.winner() < 0) ++draws;
    else ++wins[g.winner()];
    min_turns = std::min(min_turns, g.turn());
    max_turns = std::max(max_turns, g.turn());
    total_turns += static_cast<uint64_t>(g.turn());
    result = kernel::hash_mix(kernel::hash_mix(result, g.hash()), g.log().hash());
    if (!save_dir.empty()) {
      fs::create_directories(save_dir);
      std::ofstream(fmt::format("{}/game-{}.json", save_dir, i)) << cfc::record_to_json(cfc::record_of(g, s, o.decks[0], o.decks[1]));
    }
    progress.update(i + 1);
  }
  progress.finish(n);
  std::cout << fmt::format("decks: {} vs {}\n", o.decks[0], o.decks[1]);
  std::cout << fmt::format("agents: seat 1 {}, seat 2 {}\n", names[0], names[1]);
  std::cout << fmt::format("wins: seat 1 {}, seat 2 {}, draws {}\n", wins[0], wins[1], draws);
  if (n > 0) {
    std::cout << fmt::format("turns per game: mean {:.1f}, min {}, max {}; decisions per game: {:.1f}\n",
                             static_cast<double>(total_turns) / static_cast<double>(n), min_turns, max_turns,
                             static_cast<double>(decisions) / static_cast<double>(n));
  }
  std::cout << fmt::format("{} games, {} engine errors, hash {:016x}\n", n, engine_errors, result);
  return engine_errors ? 1 : 0;
}

// Prints what a move did (narration.h), indented under the move.
void tell(const cfc::GameSnapshot& before, const Game& g, const cfc::ScriptStats& stats, int me, const cfc::CardTexts& texts) {
  for (const std::string& line : cfc::narrate(before, g, stats, me, &texts)) std::cout << "  - " << line << "\n";
}

// Before the person's first menu of a phase: the hand cards they cannot play now, and why.
void tell_unplayable(const Game& g, int me, const std::vector<cfc::Action>& legal) {
  const bool may_play = (g.phase() == cfc::Phase::kMain && g.active() == me) || (g.phase() == cfc::Phase::kCounter && g.active() != me);
  if (!may_play || g.pending().player >= 0) return;
  const std::vector<std::string> why = cfc::unplayable_reasons(g, me, legal);
  for (size_t i = 0; i < why.size(); ++i) {
    if (!why[i].empty()) std::cout << fmt::format("  h{} {} cannot be played now: {}\n", i + 1, g.def(g.player(me).hand[i]).name, why[i]);
  }
}

int run_play(CfcOptions& o, const std::string& bot, int seat, const std::string& save) {
  cfc::CardPool pool;
  cfc::Deck decks[2];
  if (!load_setup(o, pool, decks)) return 2;
  auto agent = make_agent(bot, o.seed ^ 0xB0B);
  if (!agent) {
    std::cerr << "error: --bot is random or greedy\n";
    return 2;
  }
  const cfc::CardTexts texts = cfc::load_card_texts(o.cards);
  const int me = seat - 1;
  Game g(pool, decks[0], decks[1], o.seed);
  cfc::ScriptStats stats;  // which card scripts run, to name the abilities at work
  g.set_stats(&stats);
  std::cout << fmt::format("You are player {}; player {} is the {} bot. Player {} goes first.\n", me + 1, 2 - me, bot, g.active() + 1);
  std::cout << cfc::legend() << "\n" << g.describe(me);
  std::tuple<int, cfc::Phase, std::vector<kernel::EntityId>> told;
  while (!g.terminal()) {
    const std::vector<cfc::Action> legal = g.legal_actions();
    if (g.current_player() != me) {
      const size_t pick = agent->choose(g, legal);
      const cfc::GameSnapshot before = cfc::snapshot(g, stats, &legal[pick]);  // after the bot looked at the rules
      std::cout << fmt::format("Player {} ({} bot): {}\n", g.current_player() + 1, bot, g.label(legal[pick]));
      g.apply_index(pick);
      tell(before, g, stats, me, texts);
      continue;
    }
    std::cout << "\n";
    // Once a phase, and again when the hand changed.
    const auto moment = std::make_tuple(g.turn(), g.phase(), g.player(me).hand.ids());
    if (moment != told) tell_unplayable(g, me, legal);
    told = moment;
    const size_t pick = cfc::ask_action(g, me, legal, texts, std::cin, std::cout);
    if (pick >= legal.size()) {
      std::cout << "\n(the game stops here)\n";
      return 0;
    }
    const cfc::GameSnapshot before = cfc::snapshot(g, stats, &legal[pick]);  // after the menus consulted the rules
    std::cout << fmt::format("You{}: {}\n", legal.size() == 1 ? " (your only choice)" : "", g.label(legal[pick]));
    g.apply_index(pick);
    tell(before, g, stats, me, texts);
  }
  std::cout << "\n" << g.describe(me);
  if (!save.empty()) {
    std::ofstream(save) << cfc::record_to_json(cfc::record_of(g, o.seed, o.decks[0], o.decks[1]));
    std::cout << "game log written to " << save << "\n";
  }
  return 0;
}

int run_replay(const std::string& path, CfcOptions& o) {
  if (int code = 0; replay_if_table_log(path, registry::kCfcTable, code)) return code;
  std::string text, error;
  if (!text::read_file(path, text)) {
    std::cerr << path << ": error[RK0001]: cannot read the file\n";
    return 2;
  }
  cfc::GameRecord r;
  if (!cfc::record_from_json(text, r, error)) {
    std::cerr << fmt::format("{}: error[CF0020]: {}\n", path, error);
    return 2;
  }
  o.decks = {r.decks[0], r.decks[1]};
  o.seed = r.seed;
  cfc::CardPool pool;
  cfc::Deck decks[2];
  if (!load_setup(o, pool, decks)) return 2;
  Game g(pool, decks[0], decks[1], r.seed);
  if (!cfc::replay(pool, decks[0], decks[1], r.seed, r.log, g, error)) {
    std::cerr << fmt::format("{}: error[CF0021]: {}\n", path, error);
    return 1;
  }
  const std::string hash = fmt::format("{:016x}", g.hash());
  std::cout << fmt::format("replayed {} log entries: turn {}, {}\n", r.log.size(), g.turn(),
                           g.winner() < 0 ? std::string(g.terminal() ? "a draw" : "not finished")
                                          : fmt::format("player {} wins", g.winner() + 1));
  if (!r.final_hash.empty() && r.final_hash != hash) {
    std::cerr << fmt::format("{}: error[CF0022]: final state hash {} differs from the logged {}\n", path, hash, r.final_hash);
    return 1;
  }
  std::cout << fmt::format("final state hash {}{}\n", hash, r.final_hash.empty() ? "" : " matches the log");
  return 0;
}

// Loads the card pool alone (coverage and scenarios need no decks); prints what is wrong.
bool load_pool_only(CfcOptions& o, cfc::CardPool& pool) {
  if (o.cards.empty()) o.cards = default_cards_dir();
  std::string error;
  std::vector<std::string> problems;
  if (!cfc::load_pool(o.cards, pool, error, problems)) {
    std::cerr << error << "\n";
    return false;
  }
  for (const std::string& p : problems) std::cerr << p << "\n";
  return true;
}

int run_coverage(CfcOptions& o, const std::string& scenario_dir, size_t games, bool list) {
  cfc::CardPool pool;
  if (!load_pool_only(o, pool)) return 2;
  std::vector<std::pair<std::string, std::string>> scenarios;
  std::error_code ec;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(scenario_dir, ec)) {
    if (e.path().extension() == ".txt") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) {
    std::string text;
    if (text::read_file(f.string(), text)) scenarios.emplace_back(f.filename().string(), text);
  }
  if (files.empty()) std::cerr << fmt::format("note: no scenario files in {} (--scenarios DIR)\n", scenario_dir);
  const cfc::CoverageReport r = cfc::coverage(pool, scenarios, games, o.seed);
  if (list) {
    for (const cfc::CardCoverage& c : r.cards) {
      std::cout << fmt::format("{:<28} {:<12} executed {:>5}  scenarios {:>3}{}\n", c.name, c.compiled ? "compiled" : "not compiled",
                               c.executed, c.covered, c.missing.empty() ? "" : fmt::format("  missing: {}", fmt::join(c.missing, ", ")));
    }
  }
  std::multimap<int, std::string, std::greater<int>> by_count;
  for (const auto& [what, n] : r.missing) by_count.emplace(n, what);
  std::cout << "not executable yet, by the number of cards that need it:\n";
  size_t shown = 0;
  for (const auto& [n, what] : by_count) {
    if (++shown > 20) break;
    std::cout << fmt::format("  {:4}  {}\n", n, what);
  }
  for (const std::string& e : r.errors) std::cerr << e << "\n";
  std::cout << fmt::format("{} games simulated with every scripted card, {} engine errors, {} scenario files\n", r.games,
                           r.engine_errors, scenarios.size());
  std::cout << fmt::format("{} scripted cards: {} compiled, {} executed, {} covered by scenario tests\n", r.cards.size(),
                           r.compiled(), r.executed(), r.covered());
  return r.errors.empty() ? 0 : 1;
}

// Runs scenario files (a card designer's tests of their cards): each failure as file:line, then a
// summary. Exit 1 when any scenario fails.
int run_scenarios(CfcOptions& o, const std::vector<std::string>& paths) {
  cfc::CardPool pool;
  if (!load_pool_only(o, pool)) return 2;
  size_t failed = 0;
  for (const std::string& path : paths) {
    std::string text;
    if (!text::read_file(path, text)) {
      std::cerr << fmt::format("{}: error[RK0001]: cannot read the file\n", path);
      ++failed;
      continue;
    }
    const cfc::ScenarioResult r = cfc::run_scenario(pool, path, text);
    for (const std::string& f : r.failures) std::cout << f << "\n";
    if (!r.ok) ++failed;
  }
  std::cout << fmt::format("{} scenarios: {} passed, {} failed\n", paths.size(), paths.size() - failed, failed);
  return failed == 0 ? 0 : 1;
}

}  // namespace

void add_cfc(CLI::App& app, int& exit_code) {
  auto* cfc = app.add_subcommand("cfc", "Card Fighters' Clash: simulate, play and replay games");
  cfc->require_subcommand(1);
  auto opts = std::make_shared<CfcOptions>();
  auto common = [opts](CLI::App* c, bool decks) {
    c->add_option("--cards", opts->cards, "CFC card folder (rules.json, o8g/Sets); default: the shared corpus");
    if (decks) c->add_option("--deck", opts->decks, "a deck (.o8d), once per seat")->expected(1)->take_all();
    c->add_option("--seed", opts->seed, "seed of the games (default 1)");
  };

  auto* sim = cfc->add_subcommand("sim", "play N games between bots and summarize them");
  auto n = std::make_shared<size_t>(100);
  auto agents_opt = std::make_shared<std::string>("random,random");
  auto save_dir = std::make_shared<std::string>();
  sim->add_option("-n", *n, "number of games (default 100)");
  sim->add_option("--agents", *agents_opt, "the bot of each seat: random, greedy or mcts[:iterations|:SECONDSs] (default random,random)");
  sim->add_option("--save-logs", *save_dir, "write each game's log to this folder");
  common(sim, true);
  sim->callback([=, &exit_code] { exit_code = run_sim(*opts, *n, *agents_opt, *save_dir); });

  auto* play = cfc->add_subcommand("play", "play against a bot at the terminal");
  auto bot = std::make_shared<std::string>("greedy");
  auto seat = std::make_shared<int>(1);
  auto save = std::make_shared<std::string>();
  play->add_option("--bot", *bot, "random or greedy (default greedy)");
  play->add_option("--seat", *seat, "your seat, 1 or 2 (default 1)")->check(CLI::Range(1, 2));
  play->add_option("--save", *save, "write the game's log to this file at the end");
  common(play, true);
  play->callback([=, &exit_code] { exit_code = run_play(*opts, *bot, *seat, *save); });

  auto* cov = cfc->add_subcommand("coverage", "which card scripts compile, run in simulation and are covered by scenario tests");
  auto scen = std::make_shared<std::string>(std::string(RULEKIT_SOURCE_DIR) + "/tests/cfc/scenarios");
  auto games = std::make_shared<size_t>(200);
  auto list = std::make_shared<bool>(false);
  cov->add_option("--scenarios", *scen, "folder of scenario files (default: the project's tests/cfc/scenarios)");
  cov->add_option("-n", *games, "random games per coverage deck (default 200)");
  cov->add_flag("--list", *list, "one line per scripted card");
  cov->add_option("--cards", opts->cards, "CFC card folder; default: the shared corpus");
  cov->add_option("--seed", opts->seed, "seed of the games (default 1)");
  cov->callback([=, &exit_code] { exit_code = run_coverage(*opts, *scen, *games, *list); });

  auto* tst = cfc->add_subcommand("test", "run scenario files ([init] [do] [assert]) and say where they fail");
  auto files = std::make_shared<std::vector<std::string>>();
  tst->add_option("FILE", *files, "scenario files")->required();
  tst->add_option("--cards", opts->cards, "CFC card folder; default: the shared corpus");
  tst->callback([=, &exit_code] { exit_code = run_scenarios(*opts, *files); });

  auto* rp = cfc->add_subcommand("replay", "replay a game log and confirm its final state");
  auto path = std::make_shared<std::string>();
  rp->add_option("LOG", *path, "a game log (from sim --save-logs or play --save, or a server table's log)")->required();
  rp->add_option("--cards", opts->cards, "CFC card folder; default: the shared corpus");
  rp->callback([=, &exit_code] { exit_code = run_replay(*path, *opts); });
}

}  // namespace rk::cli
