// noactivatedability (its activated abilities can't be activated) and uynt (a change that lasts
// until its controller's next turn): detain as Wagic writes it (CR 701.35).
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kCards =
    "[card]\nname=Hold\nmana={W}\ntype=Sorcery\n"
    "auto=name(detain) target(creature) transforms((Detained,newability[cantattack],newability[cantblock],"
    "newability[noactivatedability])) uynt\n[/card]\n"
    "[card]\nname=Pinger\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n"
    "auto={T}:damage:1 target(player)\n[/card]\n";
const std::string kToNextMain = "eot\neot\nnext\nnext\nnext\n";

// Detained, the pinger's ability is refused for the rest of the turn (player 2 stays at 20); from
// its controller's next turn on, it works again (19).
TEST(WagicDetain, ADetainedCardsAbilitiesCannotBeActivatedUntilItsControllersNextTurn) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{W}\nhand:hold\ninplay:pinger\n[PLAYER2]\n"
                                         "[DO]\nhold\npinger\npinger\np2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:pinger\n"
                                         "graveyard:hold\n[PLAYER2]\nlife:20\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{W}\nhand:hold\ninplay:pinger\n[PLAYER2]\n"
                             "[DO]\nhold\npinger\n" + kToNextMain + "pinger\np2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:pinger\n"
                             "graveyard:hold\n[PLAYER2]\nlife:19\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Not detained, it works this turn.
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:pinger\n[PLAYER2]\n[DO]\npinger\np2\n[ASSERT]\nFIRSTMAIN\n"
                             "[PLAYER1]\ninplay:pinger\n[PLAYER2]\nlife:19\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
