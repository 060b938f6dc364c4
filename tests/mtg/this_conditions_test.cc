// this(cantargetcard(spec)): a line that holds while the card itself is such a card, written as
// Wagic writes renown and monstrosity (CR 702.112, 701.31), with the this( closed at the end of
// the line or never.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kCards =
    "[card]\nname=Brute\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n"
    "auto=this(cantargetcard(*[-monstrous]) {G}:becomes(monstrous) forever && counter(1/1,2)\n[/card]\n"
    "[card]\nname=Herald\nmana={W}\ntype=Creature\npower=2\ntoughness=2\n"
    "auto=this(cantargetcard(*[-renown]) transforms((,newability[@combatdamaged(player) from(this):counter(1/1) && "
    "becomes(renown) forever])))\n[/card]\n";

// One attack from the first main phase, unblocked, to the end of combat.
std::string attack(const std::string& who) { return "next\nnext\n" + who + "\nnext\nnext\nnext\n"; }
// From the end of combat of player 1's turn to player 1's next first main phase.
const std::string kToNextMain = "eot\neot\nnext\nnext\nnext\n";

// Monstrosity once: the second activation is refused while the card is monstrous ({G} stays in
// the pool), and the two counters make it a 4/4.
TEST(WagicThisConditions, MonstrosityIsActivatedOnlyWhileTheCardIsNotMonstrous) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}{G}\ninplay:brute\n[PLAYER2]\n"
                                         "[DO]\nbrute\nbrute\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:brute\nmanapool:{G}\n"
                                         "[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}\ninplay:brute\n[PLAYER2]\n[DO]\nbrute\n" +
                                 attack("brute") + "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:brute\n[PLAYER2]\nlife:16\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Renown 1: the first combat damage to a player puts a counter (2, then 3 damage); once renowned
// the trigger is gone (3 damage again, not 4).
TEST(WagicThisConditions, RenownTriggersOnlyUntilTheCardIsRenowned) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:herald\n[PLAYER2]\n[DO]\n" + attack("herald") +
                                             kToNextMain + attack("herald") + kToNextMain + attack("herald") +
                                             "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:herald\n[PLAYER2]\nlife:12\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
