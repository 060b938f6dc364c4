// `rulekit rulegame ...`: Rule Game episodes, reference replays and stalemate analysis.
#include <fmt/format.h>

#include <iostream>

#include "cli/commands.h"
#include "cli/demo_data.h"
#include "cli/rulegame_play.h"
#include "games/rulegame/replay.h"

namespace rk::cli {
namespace {

struct ReplayArgs {
  std::vector<std::string> files;
  size_t details = 5;
  std::string root;
};

int run_replay(const ReplayArgs& a) {
  rulegame::ReplayReport rep;
  rulegame::ReplayOptions opt;
  opt.max_details = a.details;
  opt.root = a.root;
  for (const std::string& f : a.files) rulegame::replay_file(f, opt, rep);
  for (const std::string& e : rep.errors) std::cerr << "error: " << e << "\n";
  for (const std::string& d : rep.details) std::cout << "DISAGREE " << d << "\n";
  std::cout << fmt::format("{} cases, {} agree, {} disagree\n", rep.cases, rep.agree, rep.disagree);
  return rep.disagree > 0 || !rep.errors.empty() ? 1 : 0;
}

}  // namespace

void add_rulegame(CLI::App& app, int& exit_code) {
  CLI::App* rg = app.add_subcommand("rulegame", "Rule Game (GOHR): play, replay, analyse");
  rg->require_subcommand(1);

  auto pa = std::make_shared<PlayArgs>();
  pa->rules_text = kDemoRules;
  pa->board_text = kDemoBoard;
  CLI::App* play = rg->add_subcommand(
      "play", "Play one episode (default: the built-in demo rules and board, played by a bot)");
  play->add_option("--rules", pa->rules, "Rule file");
  play->add_option("--board", pa->board, "Board JSON file");
  play->add_option("--pieces", pa->pieces, "Random board with this many pieces instead")
      ->check(CLI::Range(1, 36));
  play->add_option("--seed", pa->seed, "Seed for the random board and the bot");
  play->add_flag("--human", pa->human, "Play yourself at the terminal");
  play->add_option("--max-attempts", pa->max_attempts, "Stop the bot after this many attempts");
  play->callback([pa, &exit_code] { exit_code = play_episode(*pa); });
  rg->require_subcommand(1);

  auto ra = std::make_shared<ReplayArgs>();
  CLI::App* replay = rg->add_subcommand("replay", "Re-run reference cases and compare every response");
  replay->add_option("files", ra->files, "JSONL files (cases, parse results, mutants, stalemate)")
      ->required();
  replay->add_option("--details", ra->details, "How many disagreements to show in detail");
  replay->add_option("--root", ra->root, "Folder the rules_file paths are relative to");
  replay->callback([ra, &exit_code] { exit_code = run_replay(*ra); });
}

}  // namespace rk::cli
