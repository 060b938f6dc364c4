// `rulekit vck replay|sim`: Valeria: Card Kingdoms games replayed against traces recorded from the
// original engine, and simulated between random bots.
#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <iostream>

#include "cli/commands.h"
#include "cli/progress.h"
#include "games/vck/cards.h"
#include "games/vck/game.h"
#include "games/vck/trace.h"
#include "kernel/rng.h"

namespace rk::cli {
namespace {

std::string default_tables() { return std::string(RULEKIT_SHARED_DIR) + "/corpora/vck/tables"; }

bool load_db(const std::string& dir, vck::CardDb& db) {
  std::vector<std::string> problems;
  const bool ok = vck::load_cards(dir, db, problems);
  for (const auto& p : problems) std::cerr << p << "\n";
  if (!ok) std::cerr << "hint: give the VCK table folder with --tables DIR\n";
  return ok;
}

int run_replay(const std::string& tables, const std::vector<std::string>& files, size_t detail) {
  vck::CardDb db;
  if (!load_db(tables, db)) return 2;
  std::vector<std::string> problems;
  std::vector<vck::TraceResult> results;
  for (const auto& f : files) {
    auto r = vck::replay_file(db, f, problems);
    results.insert(results.end(), r.begin(), r.end());
  }
  for (const auto& p : problems) std::cerr << p << "\n";
  size_t agree = 0, shown = 0, steps = 0;
  for (const auto& r : results) {
    steps += r.decisions;
    if (r.agree) {
      ++agree;
      continue;
    }
    if (shown++ < detail) {
      std::cout << fmt::format("{}: {}\n  expected: {}\n  got:      {}\n", r.game_id, r.where, r.expected, r.got);
    }
  }
  std::cout << fmt::format("{} decisions agreed before the first difference\n", steps);
  std::cout << fmt::format("{} games, {} agree, {} disagree\n", results.size(), agree, results.size() - agree);
  return agree == results.size() && problems.empty() ? 0 : 1;
}

struct SimOptions {
  size_t games = 100;
  int players = 2;
  std::string preset = "base";
  uint64_t seed = 1;
};

// Random bots for every seat; an engine error is a game that stops with an error, a decision
// without options, or one that runs past the decision cap.
int run_sim(const std::string& tables, const SimOptions& o) {
  vck::CardDb db;
  if (!load_db(tables, db)) return 2;
  size_t errors = 0, decisions = 0;
  uint64_t hash = 1469598103934665603ull;
  Progress progress(o.games, "games", std::cerr, isatty(2) != 0);
  for (size_t i = 0; i < o.games; ++i) {
    const uint64_t seed = o.seed + i;
    kernel::Chance chance(seed);
    vck::Setup setup;
    std::string error;
    if (!vck::deal(db, o.preset, o.players, chance, setup, error)) {
      std::cerr << "error: " << error << "\n";
      return 2;
    }
    vck::Game g(db, setup, seed);
    kernel::Rng pick(seed ^ 0x9E3779B97F4A7C15ull);
    size_t n = 0;
    for (; n < 20000 && !g.terminal() && g.error().empty(); ++n) {
      const size_t count = g.legal_actions().size();
      if (count == 0 || !g.apply_index(pick.below(static_cast<uint32_t>(count)))) break;
    }
    decisions += n;
    if (!g.terminal() || !g.error().empty()) {
      if (errors++ < 5) std::cerr << fmt::format("game {} (seed {}): {}\n", i, seed, g.error().empty() ? "stuck or past the cap" : g.error());
    }
    hash = (hash ^ g.hash()) * 1099511628211ull;
    progress.update(i + 1);
  }
  progress.finish(o.games);
  std::cout << fmt::format("{} players, preset {}, {} decisions\n", o.players, o.preset, decisions);
  std::cout << fmt::format("{} games, {} engine errors, hash {:016x}\n", o.games, errors, hash);
  return errors == 0 ? 0 : 1;
}

}  // namespace

void add_vck(CLI::App& app, int& exit_code) {
  auto* vck = app.add_subcommand("vck", "Valeria: Card Kingdoms: replay reference traces, simulate games");
  vck->require_subcommand(1);
  static std::string tables = default_tables();
  static std::vector<std::string> files;
  static size_t detail = 5;
  auto* replay = vck->add_subcommand("replay", "replay traces recorded from the original engine and compare every step");
  replay->add_option("files", files, "trace files (.jsonl)")->required();
  replay->add_option("--tables", tables, "the VCK table folder");
  replay->add_option("--detail", detail, "how many disagreeing games to describe");
  replay->callback([&exit_code] { exit_code = run_replay(tables, files, detail); });
  static SimOptions sim_opts;
  auto* sim = vck->add_subcommand("sim", "play games between random bots; last line: N games, E engine errors, hash H");
  sim->add_option("-n", sim_opts.games, "games");
  sim->add_option("--players", sim_opts.players, "players (2-5)")->check(CLI::Range(2, 5));
  sim->add_option("--preset", sim_opts.preset, "base, base1, base2, flamesandfrost, shadowvale");
  sim->add_option("--seed", sim_opts.seed, "first game's seed");
  sim->add_option("--tables", tables, "the VCK table folder");
  sim->callback([&exit_code] { exit_code = run_sim(tables, sim_opts); });
  add_vck_coverage(*vck, exit_code, tables);
  add_vck_play(*vck, exit_code, tables);
}

}  // namespace rk::cli
