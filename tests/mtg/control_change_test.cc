// Control change written as Wagic's cards write it: a transforms((..)) whose new abilities move the
// card to the opponent's battlefield (the opponent of its controller: the caster), untap it and
// give it haste, and a phase action that returns it to its owner as the turn ends (Threaten's kin,
// "ueot once"). Small cards of the test's own.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kCards = test::creature("Bear", "{G}", 2, 2) +
                           "[card]\nname=Seize\nmana={0}\ntype=Sorcery\n"
                           "auto=target(creature|opponentbattlefield) transforms((,newability[moveTo(opponentbattlefield)],"
                           "newability[phaseaction[endofturn sourceinplay] moveTo(ownerbattlefield)],newability[untap],haste)) ueot once\n"
                           "[/card]\n";
const std::string kStart = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:seize\n[PLAYER2]\ninplay:bear\n[DO]\nseize\nbear\n";

// Taken this turn, with haste: it attacks its owner.
TEST(WagicControl, GainedUntilEndOfTurnItAttacksWithHaste) {
  const TestOutcome r = test::play_own(kCards, kStart + "next\nnext\nbear\nnext\nnext\nnext\n"
                                                        "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:bear\ngraveyard:seize\n"
                                                        "[PLAYER2]\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// As the turn ends it goes back to its owner (after it attacked them).
TEST(WagicControl, ItGoesBackToItsOwnerAsTheTurnEnds) {
  const TestOutcome r = test::play_own(kCards, kStart + "next\nnext\nbear\nnext\nnext\nnext\neot\n"
                                                        "[ASSERT]\nUNTAP\n[PLAYER1]\ngraveyard:seize\n"
                                                        "[PLAYER2]\ninplay:bear\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
