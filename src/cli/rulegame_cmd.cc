// `rulekit rulegame ...`: Rule Game episodes, reference replays and stalemate analysis.
#include <fmt/format.h>

#include <iostream>

#include "cli/commands.h"
#include "cli/demo_data.h"
#include "cli/rulegame_play.h"
#include "games/rulegame/random_board.h"
#include "games/rulegame/replay.h"
#include "games/rulegame/stalemate.h"
#include "text/source.h"

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

struct StalemateArgs {
  std::string rules;
  rulegame::StalemateSearch search;
  std::string shapes, colors;
};

std::vector<std::string> upper_list(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s + ";") {
    if (c == ';' || c == ',') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
  }
  return out;
}

int run_stalemate(StalemateArgs& a) {
  std::string text;
  if (!text::read_file(a.rules, text)) {
    std::cerr << fmt::format("{}: error[RK0001]: cannot read the file\n", a.rules);
    return 2;
  }
  text::SourceFile file(a.rules, text);
  text::Diagnostics diags(&file);
  rulegame::RuleSet rules;
  rulegame::parse_rules(file, diags, rules);
  std::cerr << diags.render();
  if (diags.has_errors()) return 1;
  a.search.shapes = upper_list(a.shapes);
  a.search.colors = upper_list(a.colors);
  const auto& shapes = a.search.shapes.empty() ? rulegame::legacy_shapes() : a.search.shapes;
  const auto& colors = a.search.colors.empty() ? rulegame::legacy_colors() : a.search.colors;

  rulegame::Board sample;
  const bool lite = rulegame::lite_can_stalemate(rules, shapes, colors, &sample);
  std::cout << fmt::format("quick test (reference StalemateTester: all atoms, no counters or buckets): {}\n",
                           lite ? "can stalemate" : "cannot stalemate");
  const rulegame::StalemateResult r = rulegame::search_stalemate(rules, a.search);
  if (r.found) {
    std::cout << fmt::format("search: CAN STALEMATE. From this board of {} pieces:\n", r.board.pieces.size());
    for (const rulegame::Piece& p : r.board.pieces) {
      std::cout << fmt::format("  {} {} at row {} col {}\n", p.color, p.shape, p.y(), p.x());
    }
    std::cout << "  these accepted moves leave pieces that nothing can move:";
    for (const auto& [pos, b] : r.moves) std::cout << fmt::format(" ({},{})->{}", rulegame::cell_y(pos), rulegame::cell_x(pos), b);
    std::cout << (r.moves.empty() ? " none, it is stalemated from the start\n" : "\n");
  } else {
    std::cout << "search: no stalemate found\n";
  }
  std::cout << fmt::format(
      "method: exhaustive search over all {} boards of up to {} pieces{}, then sampling {} random "
      "boards of {}..{} pieces ({} cut off by the state budget); {} states explored\n",
      r.boards_exhaustive, a.search.exhaustive_pieces,
      r.exhaustive_complete ? "" : " (some cut off by the state budget)", r.boards_sampled,
      a.search.exhaustive_pieces + 1, a.search.max_pieces, r.boards_cut, r.states);
  if (!r.found && a.search.sample_boards > 0) {
    std::cout << "note: boards with more pieces were sampled, not all searched: a stalemate there "
                 "is unlikely but not ruled out\n";
  }
  return r.found ? 3 : 0;
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

  auto sa = std::make_shared<StalemateArgs>();
  CLI::App* st = rg->add_subcommand("stalemate", "Can play under these rules end in a stalemate?");
  st->add_option("--rules", sa->rules, "Rule file")->required();
  st->add_option("--exhaustive-pieces", sa->search.exhaustive_pieces,
                 "Search every board with up to this many pieces")->check(CLI::Range(0, 3));
  st->add_option("--samples", sa->search.sample_boards, "Random larger boards to search");
  st->add_option("--max-pieces", sa->search.max_pieces, "Largest sampled board")->check(CLI::Range(1, 36));
  st->add_option("--budget", sa->search.state_budget, "States explored per sampled board");
  st->add_option("--seed", sa->search.seed, "Seed for the sampled boards");
  st->add_option("--shapes", sa->shapes, "Shapes, e.g. square;star (default: the four legacy shapes)");
  st->add_option("--colors", sa->colors, "Colors (default: the four legacy colors)");
  st->callback([sa, &exit_code] { exit_code = run_stalemate(*sa); });

  auto ra = std::make_shared<ReplayArgs>();
  CLI::App* replay = rg->add_subcommand("replay", "Re-run reference cases and compare every response");
  replay->add_option("files", ra->files, "JSONL files (cases, parse results, mutants, stalemate)")
      ->required();
  replay->add_option("--details", ra->details, "How many disagreements to show in detail");
  replay->add_option("--root", ra->root, "Folder the rules_file paths are relative to");
  replay->callback([ra, &exit_code] { exit_code = run_replay(*ra); });
}

}  // namespace rk::cli
