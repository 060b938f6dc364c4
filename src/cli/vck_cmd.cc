// `rulekit vck replay|sim`: Valeria: Card Kingdoms games replayed against traces recorded from the
// original engine, and simulated between bots (random, greedy, MCTS).
#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <fstream>
#include <iostream>
#include <memory>
#include <span>
#include <sstream>

#include "agents/make_agent.h"
#include "agents/playout.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/table_replay.h"
#include "games/vck/compiler/cards.h"
#include "games/vck/rules/game.h"
#include "games/vck/runners/report.h"
#include "games/vck/runners/trace.h"
#include "kernel/log.h"
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
  // A table log of the server (one file) replays as such; traces of the original engine as before.
  if (int code = 0; files.size() == 1 && replay_if_table_log(files[0], registry::kVckTable, code)) return code;
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
  std::string agents;  // empty: one random generator picks for every seat (the historical hash)
  std::string report;  // the balance report page to write, when given
};

constexpr size_t kDecisionCap = 20000;

// One random generator picking every decision: the sim as it always ran (its hash is pinned).
void play_random(vck::Game& g, uint64_t seed, size_t& n) {
  kernel::Rng pick(seed ^ 0x9E3779B97F4A7C15ull);
  for (; n < kDecisionCap && !g.terminal() && g.error().empty(); ++n) {
    const auto legal = g.legal_actions();
    if (legal.empty() || !g.apply_listed(legal, pick.below(static_cast<uint32_t>(legal.size())))) break;
  }
}

using VckAgent = agents::Agent<vck::Game>;

bool parse_agents(const std::string& list, int players, std::vector<std::string>& names) {
  std::stringstream ss(list);
  for (std::string a; std::getline(ss, a, ',');) names.push_back(a);
  if (names.size() == 1) names.resize(static_cast<size_t>(players), names[0]);
  if (names.size() != static_cast<size_t>(players)) {
    std::cerr << fmt::format("error: --agents names {} bots for {} players\n", names.size(), players);
    return false;
  }
  for (const auto& n : names) {
    if (!agents::make_agent<vck::Game>(n, 0)) {
      std::cerr << fmt::format("error: unknown bot `{}` (known: {})\n", n, agents::kAgentNames);
      return false;
    }
  }
  return true;
}

// Wins per seat with their 95% Wilson intervals (a shared first place counts as no win).
void print_wins(const std::vector<vck::SimGame>& games, const std::vector<std::string>& names) {
  const size_t n = games.size();
  size_t shared = 0, turns = 0;
  std::vector<size_t> wins(names.size(), 0);
  for (const auto& g : games) {
    bool any = false;
    for (size_t s = 0; s < g.returns.size() && s < wins.size(); ++s) {
      if (g.returns[s] > 0) ++wins[s], any = true;
    }
    if (!any && g.finished) ++shared;
    turns += static_cast<size_t>(g.turns);
  }
  for (size_t s = 0; s < names.size(); ++s) {
    const vck::Interval ci = vck::wilson(wins[s], n);
    std::cout << fmt::format("seat {} ({}): {} wins, {:.1f}% (95% CI {:.1f}-{:.1f}%)\n", s + 1, names[s], wins[s],
                             n ? 100.0 * static_cast<double>(wins[s]) / static_cast<double>(n) : 0.0, 100 * ci.lo, 100 * ci.hi);
  }
  if (n) std::cout << fmt::format("shared wins {}, mean turns {:.1f}\n", shared, static_cast<double>(turns) / static_cast<double>(n));
}

// An engine error is a game that stops with an error, a decision without options, or one that
// runs past the decision cap.
int run_sim(const std::string& tables, const SimOptions& o) {
  vck::CardDb db;
  if (!load_db(tables, db)) return 2;
  std::vector<std::string> names;
  if (!o.agents.empty() && !parse_agents(o.agents, o.players, names)) return 2;
  size_t errors = 0, decisions = 0;
  agents::MctsStats searched;  // over every MCTS seat
  const std::clock_t cpu_start = std::clock();
  uint64_t hash = 1469598103934665603ull;
  std::vector<vck::SimGame> records;
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
    size_t n = 0;
    if (names.empty()) {
      play_random(g, seed, n);
    } else {
      std::vector<std::unique_ptr<VckAgent>> bots;
      std::vector<VckAgent*> seats;
      for (size_t s = 0; s < names.size(); ++s) {
        bots.push_back(agents::make_agent<vck::Game>(names[s], kernel::hash_mix(seed, s + 1)));
        seats.push_back(bots.back().get());
      }
      n = agents::play_out(g, std::span<VckAgent* const>(seats), kDecisionCap).decisions;
      for (const auto& b : bots) {
        if (const auto* m = dynamic_cast<const agents::MctsAgent<vck::Game>*>(b.get())) {
          searched.iterations += m->stats().iterations, searched.decisions += m->stats().decisions;
        }
      }
    }
    decisions += n;
    if (!g.terminal() || !g.error().empty()) {
      if (errors++ < 5) std::cerr << fmt::format("game {} (seed {}): {}\n", i, seed, g.error().empty() ? "stuck or past the cap" : g.error());
    }
    hash = (hash ^ g.hash()) * 1099511628211ull;
    records.push_back(vck::record_game(g));
    progress.update(i + 1);
  }
  progress.finish(o.games);
  std::cout << fmt::format("{} players, preset {}, {} decisions\n", o.players, o.preset, decisions);
  if (!names.empty()) print_wins(records, names);
  if (searched.decisions > 0) {
    const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    std::cout << fmt::format("mcts: {} iterations over {} searched decisions, {:.0f} iterations per CPU-second (every seat's time included)\n",
                             searched.iterations, searched.decisions, cpu > 0 ? static_cast<double>(searched.iterations) / cpu : 0.0);
  }
  if (!o.report.empty()) {
    vck::ReportInput in{o.preset, o.players, names.empty() ? std::vector<std::string>(static_cast<size_t>(o.players), "random") : names,
                        o.seed, std::move(records)};
    std::ofstream out(o.report, std::ios::binary);
    out << vck::report_html(in);
    if (!out) {
      std::cerr << fmt::format("error: cannot write the report to {}\n", o.report);
      return 2;
    }
    std::cout << fmt::format("report written to {}\n", o.report);
  }
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
  replay->add_option("files", files, "trace files (.jsonl), or one table log of `rulekit serve`")->required();
  replay->add_option("--tables", tables, "the VCK table folder");
  replay->add_option("--detail", detail, "how many disagreeing games to describe");
  replay->callback([&exit_code] { exit_code = run_replay(tables, files, detail); });
  static SimOptions sim_opts;
  auto* sim = vck->add_subcommand("sim", "play games between bots; last line: N games, E engine errors, hash H");
  sim->add_option("-n", sim_opts.games, "games");
  sim->add_option("--players", sim_opts.players, "players (2-5)")->check(CLI::Range(2, 5));
  sim->add_option("--preset", sim_opts.preset, "base, base1, base2, flamesandfrost, shadowvale, crimsonseas, june2026 (current), random, draft");
  sim->add_option("--seed", sim_opts.seed, "first game's seed");
  sim->add_option("--tables", tables, "the VCK table folder");
  sim->add_option("--agents", sim_opts.agents, "the bot of each seat, comma-separated: random, greedy, mcts[:iterations|:SECONDSs] "
                  "(default: one random generator for every seat)");
  sim->add_option("--report", sim_opts.report, "write a balance report (one self-contained HTML page with SVG plots) to this file");
  sim->callback([&exit_code] { exit_code = run_sim(tables, sim_opts); });
  add_vck_coverage(*vck, exit_code, tables);
  add_vck_play(*vck, exit_code, tables);
}

}  // namespace rk::cli
