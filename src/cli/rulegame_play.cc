// `rulekit rulegame play`: one episode on a rule file and a board, played by a bot or a person:
// the goal first, each answer explained the first time it comes, the hidden rule shown at the end
// (the words are the game folder's, games/rulegame/runners/narration.h).
#include <fmt/format.h>

#include <iostream>
#include <set>
#include <random>

#include "cli/commands.h"
#include "cli/rulegame_play.h"
#include "games/rulegame/rules/board.h"
#include "games/rulegame/rules/episode.h"
#include "games/rulegame/rules/java_random.h"
#include "games/rulegame/runners/narration.h"
#include "games/rulegame/rules/random_board.h"
#include "games/rulegame/language/rules.h"
#include "text/source.h"

namespace rk::cli {
namespace {

// A color's letter on the terminal board: blue and black must differ, so black is k (as in CMYK).
char color_letter(const std::string& color) {
  static const std::pair<const char*, char> kLetters[] = {{"BLACK", 'k'}, {"BLUE", 'b'},   {"RED", 'r'},
                                                          {"YELLOW", 'y'}, {"GREEN", 'g'}, {"ORANGE", 'o'},
                                                          {"PURPLE", 'p'}, {"WHITE", 'w'}, {"BROWN", 'n'}};
  for (const auto& [name, letter] : kLetters) {
    if (color == name) return letter;
  }
  return color.empty() ? '?' : static_cast<char>(std::tolower(static_cast<unsigned char>(color[0])));
}

constexpr std::pair<const char*, const char*> kShapeGlyphs[] = {
    {"SQUARE", "#"}, {"STAR", "*"}, {"CIRCLE", "O"}, {"TRIANGLE", "T"}};

std::string shape_glyph(const std::string& shape) {
  for (const auto& [name, glyph] : kShapeGlyphs) {
    if (shape == name) return glyph;
  }
  return shape.substr(0, 1);
}

// A readable board: rows from the top, each piece as color letter + shape symbol, '.' empty.
// `reveal` marks the pieces the hidden rule lets move with '>' (which gives the rule away).
std::string ascii_board(const rulegame::Episode& e, bool reveal) {
  std::string out;
  const char* corner[4] = {"[0]", "[1]", "[2]", "[3]"};
  out += fmt::format("  {}                        {}\n", corner[0], corner[1]);
  for (int y = rulegame::kN; y >= 1; --y) {
    out += fmt::format("  {} |", y);
    for (int x = 1; x <= rulegame::kN; ++x) {
      const int j = e.piece_at(rulegame::cell_of(x, y));
      if (j < 0) {
        out += "   . ";
        continue;
      }
      const rulegame::Piece& p = e.pieces()[static_cast<size_t>(j)];
      std::string sym;
      if (p.is_image()) {
        sym = p.image.substr(p.image.find_last_of('/') + 1, 3);
      } else {
        sym = std::string(1, color_letter(p.color)) + shape_glyph(p.shape);
      }
      const bool mark = reveal && e.movable_to(static_cast<size_t>(j));
      out += fmt::format("{}{:>3} ", mark ? '>' : ' ', sym);
    }
    out += "\n";
  }
  out += "     +------------------------------\n       1    2    3    4    5    6\n";
  out += fmt::format("  {}                        {}\n", corner[3], corner[2]);
  return out;
}

// What the symbols mean, for the colors and shapes on this board.
std::string legend(const rulegame::Episode& e, bool reveal) {
  std::string colors, shapes;
  for (const rulegame::Piece& p : e.pieces()) {
    if (p.is_image()) continue;
    const std::string c = fmt::format("{}={}", color_letter(p.color), p.color);
    const std::string s = fmt::format("{}={}", shape_glyph(p.shape), p.shape);
    if (colors.find(c) == std::string::npos) colors += (colors.empty() ? "" : " ") + c;
    if (shapes.find(s) == std::string::npos) shapes += (shapes.empty() ? "" : " ") + s;
  }
  std::string out = fmt::format("legend: a piece is its color letter and shape: colors {}; shapes {}\n", colors, shapes);
  out += "        rows 1-6 from the bottom, columns 1-6 from the left; [0]-[3] are the buckets at the corners\n";
  if (reveal) out += "        > marks a piece the hidden rule lets move now (--reveal)\n";
  return out;
}

}  // namespace

int play_episode(const PlayArgs& a) {
  std::string rules_text = a.rules_text, board_text = a.board_text;
  std::string rules_name = a.rules.empty() ? "demo-rules.txt (built in)" : a.rules;
  if (!a.rules.empty() && !text::read_file(a.rules, rules_text)) {
    std::cerr << fmt::format("{}: error[RK0001]: cannot read the file: {}\n", a.rules, text::read_failure(a.rules));
    return 2;
  }
  text::SourceFile file(rules_name, rules_text);
  text::Diagnostics diags(&file);
  rulegame::RuleSet rules;
  rulegame::parse_rules(file, diags, rules);
  std::cerr << diags.render();
  if (diags.has_errors()) return 1;

  rulegame::Board board;
  if (a.pieces > 0) {
    rulegame::JavaRandom rng(a.seed);
    board = rulegame::random_board(rng, a.pieces, 0, 0, rulegame::legacy_shapes(),
                                   rulegame::legacy_colors());
  } else {
    if (!a.board.empty() && !text::read_file(a.board, board_text)) {
      std::cerr << fmt::format("{}: error[RK0001]: cannot read the file: {}\n", a.board, text::read_failure(a.board));
      return 2;
    }
    std::string err;
    if (!rulegame::parse_board_json(board_text, board, err)) {
      std::cerr << fmt::format("{}: error[RG0100]: {}\n", a.board.empty() ? "board" : a.board, err);
      return 1;
    }
  }
  rulegame::Episode e(rules, board);
  std::cout << fmt::format("Rule Game: {} on {} ({} pieces)\n\n", rules_name,
                           a.board.empty() ? (a.pieces > 0 ? "a random board" : "the demo board")
                                           : a.board,
                           board.pieces.size());
  for (const std::string& l : rulegame::goal_lines()) std::cout << l << "\n";
  std::cout << "\n" << ascii_board(e, a.reveal) << legend(e, a.reveal) << "\n";
  std::set<int> told;  // answers explained once, the first time they come
  std::mt19937_64 rng(static_cast<uint64_t>(a.seed));
  int steps = 0;
  while (!e.over() && steps < a.max_attempts) {
    int pos = 0, bucket = 0;
    if (a.human) {
      std::cout << "move (row col bucket, or q): " << std::flush;
      std::string line;
      if (!std::getline(std::cin, line) || line == "q") break;
      int row = 0, col = 0;
      if (std::sscanf(line.c_str(), "%d %d %d", &row, &col, &bucket) != 3 || row < 1 || row > 6 ||
          col < 1 || col > 6 || bucket < 0 || bucket > 3) {
        std::cout << "  say: row (1-6, bottom to top), column (1-6), bucket (0-3)\n";
        continue;
      }
      pos = rulegame::cell_of(col, row);
    } else {
      // The bot tries a random piece and bucket, learning nothing: a baseline player.
      const auto& ps = e.pieces();
      pos = ps[rng() % ps.size()].pos;
      bucket = static_cast<int>(rng() % 4);
    }
    const int code = e.move(pos, bucket);
    ++steps;
    std::string answer = rulegame::code_text(code);
    if (!told.insert(code).second) answer = answer.substr(0, answer.find(':'));
    std::cout << fmt::format("attempt {:>3}: row {} col {} -> bucket {}: {}", e.attempts(), rulegame::cell_y(pos),
                             rulegame::cell_x(pos), bucket, answer);
    // The rule line and its counters give the hidden rule away: shown only when asked.
    if (a.reveal) std::cout << fmt::format("  (rule line {}, counters {})", e.rule_line(), e.explain_counters());
    std::cout << "\n";
    if (a.human || code == rulegame::kAccept) std::cout << ascii_board(e, a.reveal);
  }
  std::cout << "\n";
  for (const std::string& l : rulegame::end_lines(e.finish(), e.attempts(), e.done_moves(), rules_text)) std::cout << l << "\n";
  return 0;
}

}  // namespace rk::cli
