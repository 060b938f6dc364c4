// `rulekit vck coverage`: every effect string of every VCK table, whether it compiles and whether
// it ran in random (and greedy-bot) games over the presets; the ones that did not run are listed with the reason.
// Last line: `S effect strings: C compiled, X executed`.
#include <fmt/format.h>

#include <unistd.h>

#include <iostream>

#include <memory>

#include "agents/greedy_agent.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "games/vck/runners/coverage.h"

namespace rk::cli {
namespace {

int run_coverage(const std::string& tables, const vck::CoverageOptions& o) {
  vck::CoverageResult r;
  std::vector<std::string> problems;
  Progress progress(o.presets.size() * (o.games_per_preset + o.bot_games_per_preset + o.unbanned_games_per_preset), "games", std::cerr,
                    isatty(2) != 0);
  const bool ok = vck::measure_coverage(tables, o, r, problems, [&](size_t done, size_t) { progress.update(done); });
  for (const auto& p : problems) std::cerr << p << "\n";
  if (!ok) return 2;
  progress.finish(r.games);
  std::cout << fmt::format("{} games over {} presets (2 to 5 players; {} random, {} greedy, {} random with the ban list lifted), {} engine errors\n",
                           r.games, o.presets.size(), r.games - r.bot_games - r.unbanned_games, r.bot_games, r.unbanned_games, r.errors);
  size_t listed = 0;
  for (const vck::CoverageCell& c : r.cells) {
    if (!c.only_unbanned) continue;
    if (listed++ == 0) std::cout << "executed only with the ban list lifted (banned cards are never dealt otherwise):\n";
    std::cout << fmt::format("  {}.{} #{} {}: {:?}\n", c.cell.table, c.cell.column, c.cell.id, c.cell.card, c.cell.text);
  }
  listed = 0;
  for (const vck::CoverageCell& c : r.cells) {
    if (c.executed) continue;
    if (listed++ == 0) std::cout << "not executed:\n";
    std::cout << fmt::format("  {}.{} #{} {}: {:?} ({}{})\n", c.cell.table, c.cell.column, c.cell.id, c.cell.card, c.cell.text,
                             c.compiled ? "" : "does not compile; ", c.why);
  }
  std::cout << fmt::format("{} strings of dealt cards did not run\n", r.dealt_not_executed());
  std::cout << fmt::format("{} effect strings: {} compiled, {} executed\n", r.cells.size(), r.compiled(), r.executed());
  return r.errors == 0 && r.compiled() == r.cells.size() ? 0 : 1;
}

}  // namespace

void add_vck_coverage(CLI::App& vck, int& exit_code, std::string& tables) {
  static vck::CoverageOptions opts;
  auto* cov = vck.add_subcommand("coverage", "which effect strings compile and which ran in random games; last line: S effect strings: C compiled, X executed");
  cov->add_option("-n", opts.games_per_preset, "random games per preset (players cycle 2..5)");
  cov->add_option("--preset", opts.presets, "presets to play (default: base base1 base2 flamesandfrost shadowvale crimsonseas june2026 random draft)");
  cov->add_option("--greedy", opts.bot_games_per_preset, "games per preset played by the greedy bot at every seat, beside the random ones (default 10)");
  cov->add_option("--seed", opts.seed, "first game's seed");
  cov->add_option("--banned", opts.banned, "a banned-card list in the original's banned_cards.json shape, instead of the one beside the tables (its operator's ban list; {} unbans every card)");
  cov->add_option("--unbanned", opts.unbanned_games_per_preset,
                  "random games per preset with the ban list lifted, so banned cards' strings run too (default 20; 0: none)");
  opts.bot_games_per_preset = 10;
  opts.unbanned_games_per_preset = 20;
  opts.make_bot = [](uint64_t seed) -> vck::CoverageOptions::Bot {
    auto bot = std::make_shared<agents::GreedyAgent<vck::Game>>(seed);
    return [bot](const vck::Game& g, const std::vector<vck::Action>& legal) { return bot->choose(g, legal); };
  };
  cov->add_option("--tables", tables, "the VCK table folder");
  cov->callback([&exit_code, &tables] { exit_code = run_coverage(tables, opts); });
}

}  // namespace rk::cli
