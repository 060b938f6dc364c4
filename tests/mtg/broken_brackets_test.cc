// Issue 31: the three 2016 cards whose text leaves a bracket open or closes one that is not open,
// where what the text means is plain: the engine reads that (and `rulekit check` warns, WG0010 /
// WG0011, saying what it assumed), so the cards do what their text says in whole games. The real
// cards are read from the 2016 database; the creatures are the test's own.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"
#include "support.h"

namespace rk::mtg {
namespace {

const std::string kLands = "[card]\nname=Isle\ntype=Land\nauto={T}:Add{U}\n[/card]\n"
                           "[card]\nname=Grove\ntype=Land\nauto={T}:Add{G}\n[/card]\n"
                           "[card]\nname=Glade\ntype=Land\nauto={T}:Add{G}\n[/card]\n";

// Blizzard's "lord(creature[flying] doesnotuntap" (the lord never closed): read as
// lord(creature[flying]) doesnotuntap. The bird and the bear attack; at the next untap step the
// bear untaps and the bird does not, so the bird cannot attack again (Blizzard's cumulative
// upkeep, {2} for one age counter, paid). 2 + 1, then 2 only.
TEST(WagicBrokenText, BlizzardsLordLeftOpenKeepsFlyersTapped) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  const std::string cards = test::database_card("Blizzard") + kLands + test::creature("Bird", "{U}", 1, 1, "flying") +
                            test::creature("Bear", "{G}", 2, 2);
  ASSERT_NE(cards.find("doesnotuntap"), std::string::npos);
  const std::string attack = "next\nnext\nbird\nbear\nnext\nnext\nnext\n";
  const TestOutcome r = test::play_own(
      cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:blizzard,grove,glade,bird,bear\n[PLAYER2]\n[DO]\n" + attack +
                 "eot\neot\nnext\ngrove\nglade\nblizzard\nnext\nnext\n" + attack +
                 "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:blizzard,grove,glade,bird,bear\n[PLAYER2]\nlife:15\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Justice's "from(creature[red]|mybattlefield])" and "..|opponentbattlefield])" (a ']' after the
// zone that closes nothing): read as the zone. A red creature's damage is dealt again, by Justice,
// to that creature's controller: its own (the Ogre's 3 to the opponent: 3 to Justice's
// controller) or the opponent's (the red Goblin blocking: 1 to the Bear, 1 to the opponent).
TEST(WagicBrokenText, JusticesStrayBracketAfterTheZoneIsTheZone) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  const std::string cards = test::database_card("Justice") + test::creature("Ogre", "{R}", 3, 3) + test::creature("Goblin", "{R}", 1, 1) +
                            test::creature("Bear", "{G}", 2, 2);
  ASSERT_NE(cards.find("opponentbattlefield])"), std::string::npos);
  TestOutcome r = test::play_own(cards, test::combat("justice,ogre", "", "ogre\n", "", "inplay:justice,ogre\nlife:17\n", "life:17\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, test::combat("justice,bear", "goblin", "bear\n", "goblin\n", "life:20\ninplay:justice,bear\n",
                                         "life:19\ngraveyard:goblin\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Justice's upkeep "upcost[{W}{W}]) sacrifice" (a ')' too many): unpaid, it is sacrificed.
TEST(WagicBrokenText, JusticesUpkeepCostWithAStrayParenthesis) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  const std::string card = test::database_card("Justice");
  ASSERT_NE(card.find("upcost[{W}{W}])"), std::string::npos);
  const TestOutcome r = test::play_own(card, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:justice\n[PLAYER2]\n[DO]\n"
                                                                 "eot\neot\nnext\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ngraveyard:justice\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Ensnaring Bridge's line for six cards in hand, "type(creature[power>=7]|opponentbattlefield])": read
// as the zone. With six cards in its controller's hand, the opponent's 7/7 cannot attack and a
// 6/6 can.
TEST(WagicBrokenText, EnsnaringBridgesStrayBracketAfterTheZoneIsTheZone) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  const std::string cards = test::database_card("Ensnaring Bridge") + kLands + test::creature("Giant", "{G}", 7, 7) +
                            test::creature("Titan", "{G}", 6, 6);
  ASSERT_NE(cards.find("opponentbattlefield])"), std::string::npos);
  // With no attacker the combat ends at once: fewer steps to the second main phase.
  const auto game = [](const std::string& attacker, const std::string& life, const std::string& to_main) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:ensnaring bridge\nhand:grove,grove,grove,glade,glade,glade\n[PLAYER2]\ninplay:" + attacker +
           "\nlibrary:isle\n[DO]\neot\nnext\nnext\nnext\nnext\nnext\n" + attacker + "\n" + to_main + "[ASSERT]\nSECONDMAIN\n[PLAYER1]\n"
           "inplay:ensnaring bridge\nhand:grove,grove,grove,glade,glade,glade\nlife:" + life + "\n[PLAYER2]\ninplay:" + attacker +
           "\nhand:isle\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, game("giant", "20", "next\nnext\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, game("titan", "14", "next\nnext\nnext\nnext\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
