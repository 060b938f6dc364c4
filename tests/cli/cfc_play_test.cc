// `rulekit cfc play` driven through a pipe as a person would type (always the first option):
// issue 30 item 8's CFC bullets at the terminal. The rules behind them (a skipped draw is not
// announced, a discard paid as a cost is not a play) are checked over many random games in
// tests/cfc/play_text_test.cc; here, what the person reads.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "cli/run.h"
#include "support.h"

namespace rk::test {
namespace {

RunResult play(const std::string& args) {
  const auto path = std::filesystem::temp_directory_path() / ("rk_cfc_play_in_" + std::to_string(::getpid()));
  {
    std::ofstream in(path);
    for (int i = 0; i < 3000; ++i) in << "1\n";
  }
  RunResult out = run_rulekit("rulekit cfc play " + args + " < '" + path.string() + "'", 120);
  std::filesystem::remove(path);
  return out;
}

TEST(CfcPlay, FreshCounterPhaseDiscardsAndDrawsReadRight) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  const RunResult r = play("--seed 3 --bot random");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // "fresh" lasts through the enemy's turn (the legend printed at the start).
  EXPECT_NE(r.out.find("fresh: entered the ring since its owner's turn began; it stays fresh through the enemy's turn"), std::string::npos)
      << r.out.substr(0, 2000);
  EXPECT_EQ(r.out.find("fresh: entered this turn"), std::string::npos);
  // The enemy's counter-attack phase names who decides in it: the person.
  EXPECT_NE(r.out.find("now player 2's counter-attack phase (player 1 (you) decides: counter-attack, react or pass)"), std::string::npos)
      << r.out;
  // An action card played, and the card it made the person discard: told apart.
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\n  - player 2 plays [^\\n]+ \\(it goes to the discard pile\\)\\n(  - [^\\n]*\\n)*"
                                                  "  - [^\\n]+ is discarded from player 1 \\(you\\)'s hand\\n")))
      << r.out;
  // New turns announce the draw that happened.
  EXPECT_TRUE(std::regex_search(r.out, std::regex("== turn [0-9]+: player 2's turn \\(characters unfreeze, a card is drawn\\) =="))) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\nPlayer [12] wins\\.\\n"))) << r.out.substr(r.out.size() > 2000 ? r.out.size() - 2000 : 0);
}

TEST(CfcPlay, SeatTwoIsPlayerTwo) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  const RunResult r = play("--seed 4 --seat 2 --bot random");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("You are player 2; player 1 is the random bot."), std::string::npos) << r.out.substr(0, 500);
  EXPECT_NE(r.out.find("(player 2 (you) decides: counter-attack, react or pass)"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace rk::test
