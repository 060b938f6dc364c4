// `rulekit vck play` driven through a pipe as a person would type: the board and the numbered
// moves are readable, every move is told (games/vck/runners/narration.h), help and bad input answer, and
// quit or the end of input leave cleanly.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "cli/run.h"
#include "support.h"

namespace rk::test {
namespace {

// Runs `vck play` with `input` on standard input.
RunResult play_with(const std::string& input, const std::string& args = "--seed 3") {
  const auto path = std::filesystem::temp_directory_path() / ("rk_vck_play_in_" + std::to_string(::getpid()));
  std::ofstream(path) << input;
  RunResult r = run_rulekit("rulekit vck play " + args + " < '" + path.string() + "'", 60);
  std::filesystem::remove(path);
  return r;
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(VckPlay, BoardMovesHelpAndQuit) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  const RunResult r = play_with("help\nnonsense\n99\n1\n1\nboard\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Every player's resources and cards, the stacks with their costs, the dice.
  // `--seat 1` (the default) is seat 0, named p1 everywhere.
  EXPECT_NE(r.out.find("you are p1 (seat 1)."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  p1 (you)"), std::string::npos) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\n  p[12]( \\(you\\))?( \\*)?: gold [0-9]+, strength [0-9]+, magic [0-9]+, VP [0-9]+"))) << r.out;
  EXPECT_NE(r.out.find("      citizens: Peasant, Knight, Herald"), std::string::npos) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\n +1\\. Barrens: [A-Za-z' ]+ \\([0-9]+s [0-9]+m, [0-9]+ VP\\) x[0-9]+"))) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\(([0-9]+)g, rolls [0-9]+"))) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("dice [1-6] \\+ [1-6] = [0-9]+"))) << r.out;
  // Numbered moves in plain words with what they cost; the duke choice first.
  EXPECT_NE(r.out.find("    1. keep duke "), std::string::npos) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("[0-9]+\\. hire [A-Za-z ]+ for [0-9]+ gold"))) << r.out;
  EXPECT_NE(r.out.find("1. take 1 gold (uses an action)"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("[hire_citizen"), std::string::npos) << r.out;  // no engine jargon
  EXPECT_EQ(r.out.find("[take_resource"), std::string::npos) << r.out;
  // help, a word that is no move, a number out of range.
  EXPECT_NE(r.out.find("Type the number of a move"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("'nonsense' is not a move"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("'99' is not a move"), std::string::npos) << r.out;
  // The bot moved; `board` showed the board again; quit left without the end-of-input note.
  EXPECT_NE(r.out.find("p2 is the random bot"), std::string::npos) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\np2: "))) << r.out;
  EXPECT_GE(count(r.out, "your moves:"), 3u) << r.out;
  EXPECT_EQ(r.out.find("(end of input: leaving"), std::string::npos) << r.out;
}

// Issue 30 item 8 (VCK): card text, harvest income, the person's own moves in the log, seats
// named by --seat, another seat's duke kept secret, the rising hire cost explained.
TEST(VckPlay, WhatAPersonNeedsToFollowTheGame) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  std::string ones;
  for (int i = 0; i < 60; ++i) ones += "1\n";
  const RunResult r = play_with(ones, "--seed 3 --seat 2 --players 3");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // --seat 2 is seat 1: p2, on the board and in the log.
  EXPECT_NE(r.out.find("you are p2 (seat 2)."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  p2 (you)"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("  p1 (you)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("p1 is the random bot"), std::string::npos) << r.out;
  // Card text from the tables beside each stack's top card (Monk's printed text, its payouts).
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\n        [0-9]+ gold, rolls [0-9]+( or [0-9]+)? \\([A-Za-z ,0-9]+\\), pays [^\\n]+ on your turn, [^\\n]+ on another's"))) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\n        [^\\n]*(Exchange|Gain|Choose) [^\\n]+\\."))) << r.out;
  // The bots' dukes stay secret; the person's own choice is told in full.
  EXPECT_NE(r.out.find("p1: keep a duke (secret)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("p3: keep a duke (secret)"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("p1: keep duke "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("p3: keep duke "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("> p2: keep duke "), std::string::npos) << r.out;
  // The person's own moves get log lines (p2's action after its board and menu).
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\n> p2: take 1 [a-z]+ \\(uses an action\\)\\n  p2 gains 1 [a-z]+ \\(now "))) << r.out;
  // Harvest income per player, after every roll.
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\np[123] rolls [1-6] \\+ [1-6] = [0-9]+\\n"))) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\n  p[123] harvest income [0-9]+ (gold|strength|magic)"))) << r.out;
  // A citizen the person owns already costs more, and the menu says why (every player starts
  // with a Peasant and a Knight, which the base stacks hold too).
  EXPECT_TRUE(std::regex_search(r.out, std::regex("hire (Peasant|Knight) for [0-9]+ gold[a-z0-9 ]* \\(printed cost 2, \\+1 for each (Peasant|Knight) already owned: 1\\)"))) << r.out;
}

TEST(VckPlay, EndOfInputLeavesCleanly) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  const RunResult r = play_with("1\n", "--seed 4 --players 3 --agents random,random");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("(end of input: leaving the game)"), std::string::npos) << r.out;
  EXPECT_GE(count(r.out, ": keep a duke (secret)"), 2u) << r.out;  // both bots chose their duke, unnamed
}

TEST(VckPlay, AGameToTheEnd) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  std::string ones;
  for (int i = 0; i < 8000; ++i) ones += "1\n";
  const RunResult r = play_with(ones, "--seed 5");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("=== game over: "), std::string::npos) << r.out.substr(r.out.size() > 3000 ? r.out.size() - 3000 : 0);
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\n  1\\. p[12]: [0-9]+ VP \\(winner\\) \\(duke [A-Za-z ,']+\\)"))) << r.out.substr(r.out.size() - 500);
  // Harvest and effect choices say what each option gives, read from the card's effect string.
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\\n +[0-9]+\\. (gain [0-9]+ (gold|strength|magic)|exchange [0-9]+ [a-z]+ for [0-9]+ [a-z]+)\\n")));
}

// The draft preset votes before the deal: you answer each ballot by number, the bot votes too,
// and the game dealt from the vote starts.
TEST(VckPlay, TheDraftVotesThenDeals) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  std::string input = "0\n";  // out of range: asked again
  for (int i = 0; i < 40; ++i) input += "1\n";
  input += "quit\n";
  const RunResult r = play_with(input, "--seed 6 --preset draft");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("  1. draft agents yes\n  2. draft agents no\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("a number from 1 to 2"), std::string::npos) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("p[12]: draft monster [A-Za-z ]+\\n"))) << r.out;  // the bot
  // Every ballot asks you: agents, relics, five monster rounds, the starter, ten roll values (and
  // the ballot answered out of range once more).
  EXPECT_EQ(count(r.out, "vote> "), 2u + 5u + 1u + 10u + 1u) << r.out;
  EXPECT_NE(r.out.find("preset draft, 2 players; you are"), std::string::npos) << r.out;
}

TEST(VckPlay, UnknownAgentIsAnError) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  const RunResult r = play_with("", "--agents nosuchbot");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("unknown agent 'nosuchbot' (known: random"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace rk::test
