// `rulekit rulegame play` at the terminal: nothing gives the hidden rule away unless --reveal asks
// for it, a legend explains the symbols, and blue and black pieces look different.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "cli/run.h"
#include "support.h"

namespace rk::test {
namespace {

// The board lines (row number, bar, cells) of a play's output.
std::vector<std::string> board_rows(const std::string& out) {
  std::vector<std::string> rows;
  static const std::regex row("^  [1-6] \\|.*$");
  std::istringstream in(out);
  for (std::string l; std::getline(in, l);) {
    if (std::regex_match(l, row)) rows.push_back(l);
  }
  return rows;
}

TEST(RulegamePlay, HiddenRuleStaysHiddenWithoutReveal) {
  const RunResult r = run_rulekit("rulekit rulegame play --max-attempts 5");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> rows = board_rows(r.out);
  ASSERT_GE(rows.size(), 6u);
  for (const std::string& l : rows) EXPECT_EQ(l.find('>'), std::string::npos) << l;
  EXPECT_EQ(r.out.find("counters"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("rule line"), std::string::npos) << r.out;
}

TEST(RulegamePlay, RevealShowsMovablePiecesAndCounters) {
  const RunResult r = run_rulekit("rulekit rulegame play --max-attempts 5 --reveal");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  bool marked = false;
  for (const std::string& l : board_rows(r.out)) marked |= l.find('>') != std::string::npos;
  EXPECT_TRUE(marked) << r.out;
  EXPECT_NE(r.out.find("(rule line 1, counters "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("> marks a piece the hidden rule lets move"), std::string::npos);
}

TEST(RulegamePlay, LegendAndDistinctColors) {
  // The demo board has a blue and a black piece.
  const RunResult r = run_rulekit("rulekit rulegame play --max-attempts 0");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("legend: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("b=BLUE"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("k=BLACK"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[0]-[3] are the buckets"), std::string::npos) << r.out;
  const std::vector<std::string> rows = board_rows(r.out);
  ASSERT_EQ(rows.size(), 6u);
  EXPECT_NE(rows[4].find("kT"), std::string::npos) << rows[4];  // row 2: the black triangle
  EXPECT_NE(rows[5].find("b#"), std::string::npos) << rows[5];  // row 1: the blue square
}

// Issue 30 item 8 (Rule Game): the goal comes first, each answer is explained the first time it
// comes (ACCEPT, DENY, IMMOVABLE, EMPTY_CELL), and the end shows the hidden rule as written.
TEST(RulegamePlay, GoalAnswersAndTheRuleRevealedAtTheEnd) {
  const std::string input = std::filesystem::temp_directory_path() / ("rk_rg_play_in_" + std::to_string(::getpid()));
  // A person: an empty cell, then a piece into each bucket, then quit.
  std::ofstream(input) << "4 1 0\n1 1 0\n1 1 1\n1 4 2\n6 6 3\n6 2 0\nq\n";
  const RunResult r = run_rulekit("rulekit rulegame play --human < '" + input + "'");
  std::filesystem::remove(input);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Goal: clear the board."), std::string::npos) << r.out;
  EXPECT_LT(r.out.find("Goal: clear the board."), r.out.find("attempt ")) << r.out;
  EXPECT_NE(r.out.find(": EMPTY_CELL: there is no piece at that row and column"), std::string::npos) << r.out;
  // The answers the demo rule gives to these attempts, each explained once.
  for (const char* code : {"ACCEPT: ", "DENY: ", "IMMOVABLE: "}) {
    const size_t first = r.out.find(std::string(": ") + code);
    ASSERT_NE(first, std::string::npos) << code << "\n" << r.out;
    EXPECT_EQ(r.out.find(std::string(": ") + code, first + 1), std::string::npos) << code << " explained twice";
  }
  // The end: the demo rule file's lines, as written (examples/rulegame/demo-rules.txt).
  const size_t end = r.out.find("The hidden rule was:\n");
  ASSERT_NE(end, std::string::npos) << r.out;
  std::ifstream rules(std::string(RULEKIT_SOURCE_DIR) + "/examples/rulegame/demo-rules.txt");
  size_t lines = 0;
  for (std::string l; std::getline(rules, l);) {
    if (l.empty() || l[0] == '#') continue;
    EXPECT_NE(r.out.find("  " + l, end), std::string::npos) << l;
    ++lines;
  }
  EXPECT_GT(lines, 0u);
}

}  // namespace
}  // namespace rk::test
