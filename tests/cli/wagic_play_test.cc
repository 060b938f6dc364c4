// `rulekit wagic play` driven through a pipe as a person would type (always the first move of
// the menu, which lists the spells castable with lands tapped for you first): issue 30 item 8's
// Magic bullets at the terminal. Prebuilt decks 1 and 2, seed 5, the random bot.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "cli/run.h"
#include "support.h"

namespace rk::test {
namespace {

const RunResult& game() {
  static const RunResult r = [] {
    const auto path = std::filesystem::temp_directory_path() / ("rk_wagic_play_in_" + std::to_string(::getpid()));
    {
      std::ofstream in(path);
      for (int i = 0; i < 3000; ++i) in << "1\n";
    }
    RunResult out = run_rulekit("rulekit wagic play --deck 1 --deck 2 --turns 30 --seed 5 --bot random < '" + path.string() + "'", 300);
    std::filesystem::remove(path);
    return out;
  }();
  return r;
}

bool has(const std::string& text, const std::string& re) { return std::regex_search(text, std::regex(re)); }

TEST(WagicPlay, CardsShowCostTypePowerToughnessAndText) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  const RunResult& r = game();
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The hand, a card a line: name as printed, mana cost, type line, P/T, rules text.
  EXPECT_TRUE(has(r.out, "\\n    Lord of Atlantis \\{U\\}\\{U\\}, Creature \u2014 Merfolk, 2/2: Other Merfolk creatures get \\+1/\\+1")) << r.out.substr(0, 3000);
  EXPECT_TRUE(has(r.out, "\\n    Swamp, Basic Land \u2014 Swamp")) << r.out.substr(0, 3000);
  // What the person draws is shown the same way; the bot's draws are counted, not named.
  EXPECT_TRUE(has(r.out, "\\n  you draw [A-Z][^\\n]* \\{[0-9WUBRG{}]+\\}, Creature \u2014 [^\\n]+, [0-9]+/[0-9]+")) << r.out.substr(0, 3000);
  EXPECT_TRUE(has(r.out, "\\n  p2 draws a card\\n")) << r.out.substr(0, 3000);
  EXPECT_FALSE(has(r.out, "is put into p2's library")) << "the bot's mulligan named its cards";
}

TEST(WagicPlay, SpellsAreOfferedWithTheirManaPaidAndTappingByHandStays) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  const RunResult& r = game();
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Offered before tapping anything, with the lands it taps; chosen, it is cast.
  EXPECT_TRUE(has(r.out, "\\n  1\\. cast Scathe Zombies \\{2\\}\\{B\\}, Creature \u2014 Zombie, 2/2 \\(taps Swamp, Swamp, Swamp\\)\\n")) << r.out.substr(0, 6000);
  EXPECT_TRUE(has(r.out, "> p1: cast Scathe Zombies \\{2\\}\\{B\\}, Creature \u2014 Zombie, 2/2\\n")) << r.out.substr(0, 6000);
  EXPECT_TRUE(has(r.out, "\\n  Scathe Zombies \\{2\\}\\{B\\}, Creature \u2014 Zombie, 2/2 enters the battlefield under p1's control")) << r.out.substr(0, 6000);
  // Tapping by hand is still a move of the menu, in words.
  EXPECT_TRUE(has(r.out, "\\n  [0-9]+\\. tap Swamp for \\{B\\}\\n")) << r.out.substr(0, 6000);
  EXPECT_FALSE(has(r.out, "[0-9]+\\. \\{t\\}:add")) << "raw Wagic code in a menu";
}

TEST(WagicPlay, NoStopWherePassingIsAllThereIsToDo) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  const RunResult& r = game();
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Decks 1 and 2 have no instant or ability to use in these steps: the person is never asked
  // in them. The board shown before each question names its step.
  std::set<std::string> asked;
  std::istringstream lines(r.out);
  std::string step;
  static const std::regex header("^== turn [0-9]+, ([a-z]+) of p[12] ==$");
  for (std::string l; std::getline(lines, l);) {
    std::smatch m;
    if (std::regex_match(l, m, header)) step = m[1].str();
    else if (l.rfind("move (number", 0) == 0 && !step.empty()) asked.insert(step);
    else if (l.rfind("--- turn", 0) == 0) step.clear();
  }
  for (const char* empty : {"untap", "upkeep", "draw", "cleanup", "endofturn", "combatbegin", "combatend"}) {
    EXPECT_EQ(asked.count(empty), 0u) << "asked in " << empty;
  }
  // The person was asked in the main phase and to declare attackers and blockers.
  EXPECT_TRUE(has(r.out, "== turn [0-9]+, firstmain of p1 ==")) << r.out.substr(0, 3000);
  EXPECT_TRUE(has(r.out, "== turn [0-9]+, combatattackers of p1 ==")) << r.out.substr(0, 3000);
  EXPECT_TRUE(has(r.out, "== turn [0-9]+, combatblockers of p2 ==")) << r.out.substr(0, 3000);
}

TEST(WagicPlay, CombatIsNarrated) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  const RunResult& r = game();
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Attackers, which blocker blocks which attacker, damage, deaths, life.
  EXPECT_TRUE(has(r.out, "> p1: attack with [A-Z][^\\n]* [0-9]+/[0-9]+\\n")) << r.out;
  EXPECT_TRUE(has(r.out, "\\n  combat: [^\\n]* [0-9]+/[0-9]+ is blocked by [^\\n]* [0-9]+/[0-9]+")) << r.out;
  EXPECT_TRUE(has(r.out, "\\n  combat: [^\\n]* is not blocked")) << r.out;
  EXPECT_TRUE(has(r.out, "\\n  [A-Z][^\\n]* is dealt [0-9]+ damage\\n")) << r.out;
  EXPECT_TRUE(has(r.out, "\\n  [A-Z][^\\n]* dies\\n")) << r.out;
  EXPECT_TRUE(has(r.out, "\\n  p2 loses [0-9]+ life \\([0-9]+ left\\)")) << r.out;
  // "block" says which attacker, in the menu and in the log, for the person and the bot.
  EXPECT_TRUE(has(r.out, "\\n  1\\. block with Scathe Zombies 2/2: it blocks Mons's Goblin Raiders 1/1\\n")) << r.out;
  EXPECT_TRUE(has(r.out, "> p1: block with [^\\n]+: it blocks [^\\n]+ [0-9]+/[0-9]+\\n  combat: ")) << r.out;
  EXPECT_TRUE(has(r.out, "\\np2: block with [^\\n]+: it blocks [^\\n]+")) << r.out;
  // The end.
  EXPECT_TRUE(has(r.out, "\\n(you win the game|p2 wins the game|the game ends in a draw)\\n")) << r.out.substr(r.out.size() - 2000);
}

}  // namespace
}  // namespace rk::test
