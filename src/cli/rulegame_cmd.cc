// `rulekit rulegame ...`: Rule Game episodes, reference replays and stalemate analysis.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include "cli/commands.h"
#include "cli/demo_data.h"
#include "cli/rulegame_play.h"
#include "games/rulegame/runners/captive.h"
#include "games/rulegame/rules/episode.h"
#include "games/rulegame/rules/random_board.h"
#include "games/rulegame/runners/replay.h"
#include "games/rulegame/rules/stalemate.h"
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
  std::string rules, all;
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

// Parses one rule file; diagnostics go to standard error.
bool load_rules(const std::string& path, std::unique_ptr<text::SourceFile>& file, rulegame::RuleSet& rules,
                bool show) {
  std::string text;
  if (!text::read_file(path, text)) {
    if (show) std::cerr << fmt::format("{}: error[RK0001]: cannot read the file: {}\n", path, text::read_failure(path));
    return false;
  }
  file = std::make_unique<text::SourceFile>(path, std::move(text));
  text::Diagnostics diags(file.get());
  rulegame::parse_rules(*file, diags, rules);
  if (show) std::cerr << diags.render();
  return !diags.has_errors();
}

// The answer for one rule set: the reference's quick test, then the search of real play.
struct Verdict {
  bool lite = false;
  rulegame::StalemateResult search;
};

Verdict analyse(const rulegame::RuleSet& rules, const StalemateArgs& a) {
  Verdict v;
  const auto& shapes = a.search.shapes.empty() ? rulegame::legacy_shapes() : a.search.shapes;
  const auto& colors = a.search.colors.empty() ? rulegame::legacy_colors() : a.search.colors;
  rulegame::Board sample;
  v.lite = rulegame::lite_can_stalemate(rules, shapes, colors, &sample);
  if (v.lite) {
    // The quick test's board is a real stalemate when the engine, with counters, buckets and
    // expressions, cannot move anything on it either.
    rulegame::Episode e(rules, sample);
    if (e.finish() == rulegame::kStalemated) {
      v.search.found = true;
      v.search.board = sample;
      return v;
    }
  }
  v.search = rulegame::search_stalemate(rules, a.search);
  return v;
}

std::string method_note(const Verdict& v, const StalemateArgs& a) {
  if (v.search.found) return "";
  const int k = std::max<int64_t>(1, v.search.boards_sampled);
  return fmt::format("all {} boards of up to {} piece(s) searched exhaustively{}; {} random plays of {}..{} pieces "
                     "found none (a stalemate reached by 1 random play in {} or more would have shown with 95% confidence)",
                     v.search.boards_exhaustive, a.search.exhaustive_pieces,
                     v.search.exhaustive_complete ? "" : " (some cut off by the state budget)", v.search.boards_sampled,
                     a.search.exhaustive_pieces + 1, a.search.max_pieces, (k + 2) / 3);
}

int run_stalemate(StalemateArgs& a) {
  std::unique_ptr<text::SourceFile> file;
  rulegame::RuleSet rules;
  if (!load_rules(a.rules, file, rules, true)) return a.rules.empty() ? 2 : 1;
  a.search.shapes = upper_list(a.shapes);
  a.search.colors = upper_list(a.colors);
  const auto start = std::chrono::steady_clock::now();
  a.search.progress = [start](int done, int total) {
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(1)) {
      std::cerr << fmt::format("stalemate: {} of {} random plays done\n", done, total);
    }
  };
  const Verdict v = analyse(rules, a);
  std::cout << fmt::format("quick test (reference StalemateTester: all atoms, no counters or buckets): {}\n",
                           v.lite ? "can stalemate" : "cannot stalemate");
  const rulegame::StalemateResult& r = v.search;
  if (r.found) {
    std::cout << fmt::format("search: CAN STALEMATE. From this board of {} pieces:\n", r.board.pieces.size());
    for (const rulegame::Piece& p : r.board.pieces) {
      std::cout << fmt::format("  {} {} at row {} col {}\n", p.color, p.shape, p.y(), p.x());
    }
    std::cout << "  these accepted moves leave pieces that nothing can move:";
    for (const auto& [pos, b] : r.moves) std::cout << fmt::format(" ({},{})->{}", rulegame::cell_y(pos), rulegame::cell_x(pos), b);
    std::cout << (r.moves.empty() ? " none, it is stalemated from the start\n" : "\n");
  } else {
    std::cout << "search: no stalemate found\nmethod: " << method_note(v, a) << "\n";
  }
  return r.found ? 3 : 0;
}

// Every rule file (*.txt) under a folder, one line each, as they are done.
int run_stalemate_all(StalemateArgs& a) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& e : fs::recursive_directory_iterator(a.all, ec)) {
    if (e.is_regular_file() && e.path().extension() == ".txt") files.push_back(e.path().string());
  }
  if (ec || files.empty()) {
    std::cerr << fmt::format("{}: error[RK0001]: no rule files (*.txt) found\n", a.all);
    return 2;
  }
  std::sort(files.begin(), files.end());
  a.search.shapes = upper_list(a.shapes);
  a.search.colors = upper_list(a.colors);
  const auto start = std::chrono::steady_clock::now();
  int can = 0, cannot = 0, bad = 0, deeper = 0;
  for (const std::string& f : files) {
    std::unique_ptr<text::SourceFile> file;
    rulegame::RuleSet rules;
    if (!load_rules(f, file, rules, false)) {
      ++bad;
      std::cout << fmt::format("{}: not a valid rule file (rulekit check {} explains)\n", f, f) << std::flush;
      continue;
    }
    const Verdict v = analyse(rules, a);
    (v.lite ? can : cannot)++;
    // The headline is the reference StalemateTester's answer (the one researchers compare); the
    // search of real play, which also knows counters and buckets, is added where it says more.
    std::string note;
    if (v.search.found && !v.lite) {
      note = fmt::format("; but real play can stalemate ({} pieces, {} moves), which the tester's method misses",
                         v.search.board.pieces.size(), v.search.moves.size());
      ++deeper;
    } else if (!v.search.found && v.lite) {
      note = fmt::format("; the tester's board is not a stalemate in real play, and {} random plays found none",
                         v.search.boards_sampled);
      ++deeper;
    }
    std::cout << fmt::format("{}: {}{}\n", f, v.lite ? "can stalemate" : "cannot stalemate", note) << std::flush;
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << fmt::format("{} files: {} can stalemate, {} cannot, {} not rule files; real play differs on {} ({:.1f} s)\n",
                           files.size(), can, cannot, bad, deeper, secs);
  return bad > 0 ? 1 : 0;
}

}  // namespace

int run_rulegame_captive(int argc, char** argv) {
  std::vector<std::string> args(argv + 3, argv + argc);
  std::ios::sync_with_stdio(false);
  rulegame::CaptiveIO io{std::cin, std::cout, std::cerr, "", isatty(0) && isatty(1)};
  return rulegame::run_captive(args, io);
}

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
  play->add_flag("--reveal", pa->reveal,
                 "Show which pieces the hidden rule lets move and the rule line's counters (gives the rule away)");
  play->add_option("--max-attempts", pa->max_attempts, "Stop the bot after this many attempts");
  play->callback([pa, &exit_code] { exit_code = play_episode(*pa); });
  rg->require_subcommand(1);

  auto sa = std::make_shared<StalemateArgs>();
  CLI::App* st = rg->add_subcommand("stalemate", "Can play under these rules end in a stalemate?");
  auto* rules_opt = st->add_option("--rules", sa->rules, "Rule file");
  st->add_option("--all", sa->all, "Check every rule file (*.txt) under this folder, one line each")
      ->excludes(rules_opt);
  st->add_option("--exhaustive-pieces", sa->search.exhaustive_pieces,
                 "Search every board with up to this many pieces (2 takes minutes)")->check(CLI::Range(0, 2));
  st->add_option("--samples", sa->search.sample_boards, "Random larger boards, each played once at random");
  st->add_option("--max-pieces", sa->search.max_pieces, "Largest sampled board")->check(CLI::Range(1, 36));
  st->add_option("--budget", sa->search.state_budget, "States explored per sampled board");
  st->add_option("--seed", sa->search.seed, "Seed for the sampled boards");
  st->add_option("--shapes", sa->shapes, "Shapes, e.g. square;star (default: the four legacy shapes)");
  st->add_option("--colors", sa->colors, "Colors (default: the four legacy colors)");
  st->callback([sa, &exit_code] { exit_code = sa->all.empty() ? run_stalemate(*sa) : run_stalemate_all(*sa); });

  // Listed here for --help; main() hands `rulegame captive ...` to the server before parsing,
  // since its arguments are the original program's ("name=value", "R:rules:modifiers", "2:5").
  CLI::App* cap = rg->add_subcommand("captive", "Captive Game Server: the original's pipe protocol "
                                                 "(rulekit rulegame captive --help)");
  cap->allow_extras()->prefix_command();
  cap->set_help_flag();
  cap->callback([cap, &exit_code] {
    rulegame::CaptiveIO io{std::cin, std::cout, std::cerr, ""};
    exit_code = rulegame::run_captive(cap->remaining(), io);
  });

  auto ra = std::make_shared<ReplayArgs>();
  CLI::App* replay = rg->add_subcommand("replay", "Re-run reference cases and compare every response");
  replay->add_option("files", ra->files, "JSONL files (cases, parse results, mutants, stalemate)")
      ->required();
  replay->add_option("--details", ra->details, "How many disagreements to show in detail");
  replay->add_option("--root", ra->root, "Folder the rules_file paths are relative to");
  replay->callback([ra, &exit_code] { exit_code = run_replay(*ra); });
}

}  // namespace rk::cli
