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

// An upkeep cost paid with a card chosen as an activated ability's costs are: {S(land|..)} (click the
// card, then the land to sacrifice), {S(..)}{S(..)} twice the same (two lands), {H(..)} (a land back to
// hand). Not paid, the card goes.
TEST(WagicUpkeep, UpkeepCostsTakeChosenCards) {
  const std::string cards = kGrove + "[card]\nname=Fiend\nmana={B}\ntype=Creature\npower=4\ntoughness=4\n"
                                     "auto=upcost[{S(land|mybattlefield)}] sacrifice\n[/card]\n"
                                     "[card]\nname=Titan\nmana={R}\ntype=Creature\npower=6\ntoughness=6\n"
                                     "auto=upcost[{S(land|mybattlefield)}{S(land|mybattlefield)}] sacrifice\n[/card]\n"
                                     "[card]\nname=Nomad\nmana={W}\ntype=Creature\npower=3\ntoughness=3\n"
                                     "auto=upcost[{H(land|mybattlefield)}] sacrifice\n[/card]\n";
  const std::string p2 = "[PLAYER2]\n[END]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:grove,fiend\n[PLAYER2]\n[DO]\n" + kNextUpkeep +
                                            "fiend\ngrove\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:fiend\ngraveyard:grove\n" + p2);
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:grove,fiend\n[PLAYER2]\n[DO]\n" + kNextUpkeep +
                                "next\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:grove\ngraveyard:fiend\n" + p2);
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:grove,glade,titan\n[PLAYER2]\n[DO]\n" + kNextUpkeep +
                                "titan\ngrove\nglade\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:titan\ngraveyard:grove,glade\n" + p2);
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // One land is not two: the cost cannot be paid, the titan goes.
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:grove,titan\n[PLAYER2]\n[DO]\n" + kNextUpkeep +
                                "titan\ngrove\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:grove\ngraveyard:titan\n" + p2);
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:grove,nomad\n[PLAYER2]\n[DO]\n" + kNextUpkeep +
                                "nomad\ngrove\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:nomad\nhand:grove\n" + p2);
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// {C(1/1,-1)} in an upkeep cost takes a +1/+1 counter off the card itself: with one counter it is
// paid once, and at the next upkeep it cannot be.
TEST(WagicUpkeep, UpkeepCostsRemoveTheCardsOwnCounters) {
  const std::string cards = kGrove + "[card]\nname=Hunger\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n"
                                     "auto=counter(1/1,1)\nauto=upcost[{C(1/1,-1)}] sacrifice\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}\nhand:hunger\n[PLAYER2]\n[DO]\nhunger\n" + kNextUpkeep + "hunger\nnext\n";
  TestOutcome r = test::play_own(cards, start + "[ASSERT]\nDRAW\n[PLAYER1]\ninplay:hunger\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + kNextUpkeep + "hunger\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ngraveyard:hunger\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// this(cond) upcost[..]: the cost due is the one whose condition holds as it is paid and as the upkeep
// ends, after the upkeep's own trigger has put its counter (Phantasmal Sphere: {1} per counter).
TEST(WagicUpkeep, AConditionChoosesWhichUpkeepCostIsDue) {
  const std::string cards = kGrove + "[card]\nname=Sphere\nmana={U}\ntype=Creature\npower=0\ntoughness=1\n"
                                     "auto=@each my upkeep:counter(1/1,1)\n"
                                     "auto=this(counter{1/1.1}=) upcost[{1}] sacrifice\n"
                                     "auto=this(counter{1/1.2}=) upcost[{2}] sacrifice\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:grove,glade,sphere\n[PLAYER2]\n[DO]\n" + kNextUpkeep;
  // First upkeep: one counter, {1} paid with one land; second: two counters, {2} with both.
  const std::string paid_twice = start + "grove\nsphere\nnext\n" + kNextUpkeep + "grove\nglade\nsphere\nnext\n";
  TestOutcome r = test::play_own(cards, paid_twice + "[ASSERT]\nDRAW\n[PLAYER1]\ninplay:grove,glade,sphere\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // {1} is not the second upkeep's cost: one land's mana leaves it unpaid.
  r = test::play_own(cards, start + "grove\nsphere\nnext\n" + kNextUpkeep + "grove\nsphere\nnext\n" +
                                "[ASSERT]\nDRAW\n[PLAYER1]\ninplay:grove,glade\ngraveyard:sphere\nmanapool:{0}\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
