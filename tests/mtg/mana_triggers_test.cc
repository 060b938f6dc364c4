// Triggers on mana: @tappedformana(spec) fires when a matching permanent is tapped for mana (a
// mana ability with {T}), not when an effect taps it. Small cards of the test's own.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

TEST(WagicTriggers, TappedForManaFiresOnlyForManaAbilities) {
  const std::string cards = "[card]\nname=Grove\ntype=Land\nauto={T}:Add{G}\n[/card]\n"
                            "[card]\nname=Barbs\nmana={0}\ntype=Enchantment\nauto=@tappedformana(land|myBattlefield):damage:1 controller\n[/card]\n"
                            "[card]\nname=Freeze\nmana={0}\ntype=Sorcery\ntarget=land\nauto=tap\n[/card]\n";
  // Tapped for mana: the trigger deals 1 damage to its controller (the mana stays in the pool).
  TestOutcome r = test::play_own(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:grove,barbs\n[PLAYER2]\n[DO]\ngrove\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:grove,barbs\nmanapool:{G}\nlife:19\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Tapped by a spell: no mana, no trigger.
  r = test::play_own(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:grove,barbs\nhand:freeze\n[PLAYER2]\n[DO]\nfreeze\ngrove\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:grove,barbs\ngraveyard:freeze\nlife:20\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
