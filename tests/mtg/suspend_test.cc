// Suspend (CR 702.62), on small cards of the test's own: exiled from the hand for its suspend cost
// with N time counters, one removed at each of its owner's upkeeps, cast without paying its mana
// cost when the last is removed; a creature cast so has haste.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

// Suspended with two counters (its suspend cost {G} paid, not its mana cost {5}{G}{G}): still in exile
// after one upkeep, cast at the second and it attacks at once (haste).
TEST(WagicSuspend, TheLastTimeCounterCastsItForFreeWithHaste) {
  const std::string cards = "[card]\nname=Baloth\nmana={5}{G}{G}\ntype=Creature\npower=5\ntoughness=5\nsuspend(2)={G}\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}\nhand:baloth\n[PLAYER2]\n[DO]\nbaloth\n";
  const std::string next_upkeep = "eot\neot\nnext\n";
  TestOutcome r = test::play_own(cards, start + next_upkeep + "[ASSERT]\nUPKEEP\n[PLAYER1]\nexile:baloth\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + next_upkeep + next_upkeep + "next\nnext\nnext\nnext\nbaloth\nnext\nnext\nnext\n" +
                                "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:baloth\n[PLAYER2]\nlife:15\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Without the suspend cost in the pool it stays in the hand.
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:baloth\n[PLAYER2]\n[DO]\nbaloth\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:baloth\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
