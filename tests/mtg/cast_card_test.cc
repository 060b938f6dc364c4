// castcard(..): a card cast without paying its mana cost by an effect, and a spell copied on the
// stack (not cast: it triggers nothing), on small cards of the test's own.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

// castcard(restricted): a sorcery of the graveyard cast for free (its {5} not paid), and back to
// the graveyard once it resolves; a land is not cast.
TEST(WagicCastCard, ACardIsCastWithoutPayingItsManaCost) {
  const std::string cards = "[card]\nname=Archive\nmana={0}\ntype=Artifact\nauto={0}:target(*|mygraveyard) castcard(restricted)\n[/card]\n"
                            "[card]\nname=Blast\nmana={5}\ntype=Sorcery\nauto=damage:3 opponent\n[/card]\n"
                            "[card]\nname=Grove\ntype=Land\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:archive\ngraveyard:blast\n[PLAYER2]\n[DO]\narchive\nblast\n"
                                            "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:archive\ngraveyard:blast\n[PLAYER2]\nlife:17\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:archive\ngraveyard:grove\n[PLAYER2]\n[DO]\narchive\ngrove\n"
                                "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:archive\ngraveyard:grove\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// castcard(copied noevent): player 2 copies player 1's shock and chooses a new target for the copy
// (player 1); the copy resolves first, then the shock.
TEST(WagicCastCard, ASpellIsCopiedWithANewTarget) {
  const std::string cards = "[card]\nname=Shock\nmana={0}\ntype=Instant\ntarget=creature,player\nauto=damage:2\n[/card]\n"
                            "[card]\nname=Twin\nmana={0}\ntype=Instant\ntarget=instant,sorcery|stack\nauto=castcard(copied noevent)\n[/card]\n";
  const TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:shock\n[PLAYER2]\nhand:twin\n[DO]\nshock\np2\nno\nyes\ntwin\nshock\n"
                                              "endinterruption\np1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:shock\nlife:18\n[PLAYER2]\n"
                                              "graveyard:twin\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
