// `rulekit rulegame play` at the terminal: nothing gives the hidden rule away unless --reveal asks
// for it, a legend explains the symbols, and blue and black pieces look different.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace rk::test
