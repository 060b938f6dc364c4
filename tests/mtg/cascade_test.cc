// Cascade (autostack=if casted(this) then cascade:plibrarycount, CR 702.85), on small cards of the
// test's own: cards off the top of the library until a nonland card of lesser mana value, which
// its caster may cast without paying its mana cost; the others go to the bottom.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

TEST(WagicCascade, TheFirstCheaperNonlandCardIsCastForFree) {
  const std::string cards = "[card]\nname=Brute\nmana={3}\ntype=Creature\npower=3\ntoughness=2\n"
                            "autostack=if casted(this) then cascade:plibrarycount\n[/card]\n"
                            "[card]\nname=Blast\nmana={2}\ntype=Sorcery\nauto=damage:3 opponent\n[/card]\n"
                            "[card]\nname=Giant\nmana={5}\ntype=Creature\npower=5\ntoughness=5\n[/card]\n"
                            "[card]\nname=Grove\ntype=Land\n[/card]\n";
  // The library's last card is its top: grove, then giant (too costly), then blast.
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{3}\nhand:brute\nlibrary:blast,giant,grove\n[PLAYER2]\n[DO]\nbrute\n";
  TestOutcome r = test::play_own(cards, start + "choice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:brute\ngraveyard:blast\nlibrary:giant,grove\n"
                                                "[PLAYER2]\nlife:17\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + "choice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:brute\nlibrary:blast,giant,grove\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
