// `rulekit vck replay|sim`: Valeria: Card Kingdoms games replayed against traces recorded from the
// original engine, and simulated between random bots.
#include <fmt/format.h>

#include <iostream>

#include "cli/commands.h"
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
}

}  // namespace rk::cli
