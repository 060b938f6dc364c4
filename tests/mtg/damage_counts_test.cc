// The damage dealt to a player this turn: pdcount and odcount (its controller's, the opponent's)
// as amounts, opponentdamagecount in this(..).
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kCards =
    "[card]\nname=Bolt\nmana={R}\ntype=Instant\ntarget=player\nauto=damage:3\n[/card]\n"
    "[card]\nname=Feast\nmana={G}\ntype=Sorcery\ntarget=creature\nauto=counter(1/1,odcount)\n[/card]\n"
    "[card]\nname=Goblin\nmana={R}\ntype=Creature\npower=3\ntoughness=3\nauto=this(opponentdamagecount < 1) cantattack\n[/card]\n"
    "[card]\nname=Shock\nmana={R}\ntype=Instant\ntarget=creature\nauto=damage:4\n[/card]\n"
    "[card]\nname=Ox\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";

// Three damage to the opponent this turn: three counters on the 1/1 ox, a 4/4 that 4 damage kills.
TEST(WagicDamageCounts, OdCountIsTheDamageDealtToTheOpponentThisTurn) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}{G}{R}\ninplay:ox\nhand:bolt,feast,shock\n[PLAYER2]\n"
                                         "[DO]\nbolt\np2\nfeast\nox\nshock\nox\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n"
                                         "graveyard:bolt,feast,shock,ox\n[PLAYER2]\nlife:17\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // 6 damage (two bolts): the ox is 7/7 and survives.
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}{R}{G}{R}\ninplay:ox\nhand:bolt,bolt,feast,shock\n[PLAYER2]\n"
                             "[DO]\nbolt\np2\nbolt\np2\nfeast\nox\nshock\nox\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:ox\n"
                             "graveyard:bolt,bolt,feast,shock\n[PLAYER2]\nlife:14\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// this(opponentdamagecount < 1) cantattack: the goblin attacks only once the opponent was dealt damage.
TEST(WagicDamageCounts, OpponentDamageCountCountsThisTurnsDamage) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}\ninplay:goblin\nhand:bolt\n[PLAYER2]\n"
                                         "[DO]\nbolt\np2\nnext\nnext\ngoblin\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\n"
                                         "inplay:goblin\ngraveyard:bolt\n[PLAYER2]\nlife:14\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:goblin\n[PLAYER2]\n[DO]\nnext\nnext\ngoblin\nnext\nnext\nnext\n"
                             "[ASSERT]\nENDOFTURN\n[PLAYER1]\ninplay:goblin\n[PLAYER2]\nlife:20\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
