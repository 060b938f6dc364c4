// counter(P/T,p): as many counters as the recipient's power (Heroes' Bane, Soul's Might).
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kCards =
    "[card]\nname=Might\nmana={G}\ntype=Sorcery\ntarget=creature\nauto=counter(1/1,p)\n[/card]\n"
    "[card]\nname=Shock\nmana={R}\ntype=Instant\ntarget=creature\nauto=damage:4\n[/card]\n"
    "[card]\nname=Ox\nmana={G}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n";

// Three counters on the 3/3 ox: a 6/6 survives 4 damage; without them it does not.
TEST(WagicCounterAmounts, PowerCountersAreAsManyAsThePower) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}{R}\ninplay:ox\nhand:might,shock\n[PLAYER2]\n"
                                         "[DO]\nmight\nox\nshock\nox\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:ox\ngraveyard:might,shock\n"
                                         "[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}\ninplay:ox\nhand:shock\n[PLAYER2]\n"
                             "[DO]\nshock\nox\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:ox,shock\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
