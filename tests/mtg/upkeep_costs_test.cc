// Upkeep costs (upcost[..] and its forms): echo (CR 702.30), cumulative upkeep (CR 702.24) and
// costs in life, on small cards of the test's own. Each turn below is "eot, eot, next": from
// player 1's main phase to player 1's next upkeep.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kGrove = "[card]\nname=Grove\ntype=Land\nauto={T}:Add{G}\n[/card]\n"
                           "[card]\nname=Glade\ntype=Land\nauto={T}:Add{G}\n[/card]\n";
const std::string kNextUpkeep = "eot\neot\nnext\n";

// Echo: due at the first upkeep after it arrived only. Not paid, it is sacrificed as the upkeep
// ends; paid once, it stays through the upkeeps after.
TEST(WagicUpkeep, EchoIsDueAtTheFirstUpkeepOnly) {
  const std::string cards = kGrove + "[card]\nname=Jaguar\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n"
                                     "auto=upcost[{G};next upkeep] sacrifice\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}\ninplay:grove\nhand:jaguar\n[PLAYER2]\n[DO]\njaguar\n";
  TestOutcome r = test::play_own(cards, start + kNextUpkeep + "next\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:grove\ngraveyard:jaguar\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + kNextUpkeep + "grove\njaguar\nnext\n" + kNextUpkeep + "next\n" + kNextUpkeep +
                                "next\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:grove,jaguar\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Cumulative upkeep: an age counter each upkeep, then the cost once per counter. Two lands (Grove, Glade) pay
// {1} and then {1}{1}; at the third upkeep {1}{1}{1} is more than they make.
TEST(WagicUpkeep, CumulativeUpkeepCostsOncePerAgeCounter) {
  const std::string cards = kGrove + "[card]\nname=Elder\nmana={G}\ntype=Creature\npower=3\ntoughness=3\n"
                                     "auto=cumulativeupcost[{1}] sacrifice\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:grove,glade,elder\n[PLAYER2]\n[DO]\n";
  const std::string two_paid = start + kNextUpkeep + "grove\nelder\nnext\n" + kNextUpkeep + "grove\nglade\nelder\nnext\n";
  TestOutcome r = test::play_own(cards, two_paid + "[ASSERT]\nDRAW\n[PLAYER1]\ninplay:grove,glade,elder\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // With one land tapped at the second upkeep, {1} is not enough: sacrificed.
  r = test::play_own(cards, start + kNextUpkeep + "grove\nelder\nnext\n" + kNextUpkeep + "grove\nelder\nnext\n" +
                                "[ASSERT]\nDRAW\n[PLAYER1]\ninplay:grove,glade\ngraveyard:elder\nmanapool:{0}\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, two_paid + kNextUpkeep + "grove\nglade\nelder\nnext\n" +
                                "[ASSERT]\nDRAW\n[PLAYER1]\ninplay:grove,glade\ngraveyard:elder\nmanapool:{0}\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// {L} in an upkeep cost is paid in life; cumulative, one life per age counter: 1, then 2.
TEST(WagicUpkeep, LifeUpkeepCostsArePaidInLife) {
  const std::string cards = "[card]\nname=Leech\nmana={B}\ntype=Creature\npower=2\ntoughness=2\n"
                            "auto=cumulativeupcost[{L}] sacrifice\n[/card]\n";
  const TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:leech\n[PLAYER2]\n[DO]\n" + kNextUpkeep +
                                                  "leech\nnext\n" + kNextUpkeep + "leech\nnext\n" +
                                                  "[ASSERT]\nDRAW\n[PLAYER1]\ninplay:leech\nlife:17\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
