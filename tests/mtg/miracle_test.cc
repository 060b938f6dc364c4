// Miracle (CR 702.94): Wagic's autohand=restriction{miracle} pay[[cost]] name(Miracle) activate
// name(Miracle) castcard(restricted). The first card a player draws in a turn triggers: as the
// trigger resolves, its owner may pay the miracle cost (a menu: pay, or cancel) and cast it without
// paying its mana cost. A later draw of the turn does not trigger.
//
// pay[[cost]] A after all(trigger[..]) or target(trigger[..]<1>): A, if its controller pays, acts on
// the trigger's card (a copy of the spell cast, a token copy of the creature that entered).
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kMiracleCards =
    "[card]\nname=Sky Blast\nmana={5}{R}\ntype=Sorcery\nauto=life:-5 opponent\n"
    "autohand=restriction{miracle} pay[[{R}]] name(Miracle) activate name(Miracle) castcard(restricted)\n[/card]\n"
    "[card]\nname=Sea Blast\nmana={5}{R}\ntype=Sorcery\nauto=life:-5 opponent\n"
    "autohand=restriction{miracle} pay[[{R}]] name(Miracle) activate name(Miracle) castcard(restricted)\n[/card]\n"
    "[card]\nname=Peek\nmana={U}\ntype=Sorcery\nauto=draw:2 controller\n[/card]\n";

// Drawn in the draw step with {R} in the pool: paid (choice 0), it is cast and resolves.
TEST(WagicMiracle, TheFirstDrawOfATurnMayBeCastForItsMiracleCost) {
  TestOutcome r = test::play_own(kMiracleCards, "[INIT]\nDRAW\n[PLAYER1]\nmanapool:{R}\nlibrary:sky blast\n[PLAYER2]\n[DO]\nchoice 0\n"
                                                "[ASSERT]\nDRAW\n[PLAYER1]\ngraveyard:sky blast\n[PLAYER2]\nlife:15\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Declined (choice 1: cancel): it stays in the hand, the mana unspent.
  r = test::play_own(kMiracleCards, "[INIT]\nDRAW\n[PLAYER1]\nmanapool:{R}\nlibrary:sky blast\n[PLAYER2]\n[DO]\nchoice 1\n"
                                    "[ASSERT]\nDRAW\n[PLAYER1]\nhand:sky blast\nmanapool:{R}\n[PLAYER2]\nlife:20\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Two miracle cards drawn by one spell in the main phase: only the first is the turn's first draw.
TEST(WagicMiracle, OnlyTheFirstCardDrawnInATurnTriggers) {
  TestOutcome r = test::play_own(kMiracleCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{U}{R}{R}\nhand:peek\nlibrary:sea blast,sky blast\n"
                                                "[PLAYER2]\n[DO]\npeek\nchoice 0\nnext\n[ASSERT]\nCOMBATBEGIN\n[PLAYER1]\nhand:sea blast\n"
                                                "graveyard:peek,sky blast\n[PLAYER2]\nlife:15\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

const std::string kPaidCards =
    "[card]\nname=Echo Mind\nmana={3}{U}\ntype=Enchantment\nauto=@movedto(*[instant;sorcery]|mystack):target(trigger[to]<1>) "
    "pay[[{3}]] name(copy spell) activate name(copy spell) castcard(copied noevent)\n[/card]\n"
    "[card]\nname=Mirror Pool\nmana={2}{R}\ntype=Enchantment\nauto=@movedto(creature[-token]|mybattlefield):all(trigger[to]) "
    "pay[[{R}]] clone with(unearth,haste)\n[/card]\n"
    "[card]\nname=Jab\nmana={R}\ntype=Sorcery\nauto=life:-3 opponent\n[/card]\n"
    "[card]\nname=Bear\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

// Jab cast: paid {3} (choice 0), a copy of it resolves too; declined, Jab alone.
TEST(WagicPaidTriggerParts, APaidCopyOfTheSpellThatWasCast) {
  TestOutcome r = test::play_own(kPaidCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}{3}\nhand:jab\ninplay:echo mind\n[PLAYER2]\n"
                                             "[DO]\njab\nchoice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:echo mind\ngraveyard:jab\n"
                                             "[PLAYER2]\nlife:14\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kPaidCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}{3}\nhand:jab\ninplay:echo mind\n[PLAYER2]\n"
                                 "[DO]\njab\nchoice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:echo mind\ngraveyard:jab\nmanapool:{3}\n"
                                 "[PLAYER2]\nlife:17\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Bear enters: paid {R} (choice 0), a token copy of it with haste attacks at once; declined, no copy.
TEST(WagicPaidTriggerParts, APaidCloneOfTheCreatureThatEntered) {
  TestOutcome r = test::play_own(kPaidCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}{R}\nhand:bear\ninplay:mirror pool\n[PLAYER2]\n"
                                             "[DO]\nbear\nchoice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:mirror pool,bear,*\n"
                                             "[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kPaidCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}{R}\nhand:bear\ninplay:mirror pool\n[PLAYER2]\n"
                                 "[DO]\nbear\nchoice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:mirror pool,bear\nmanapool:{R}\n"
                                 "[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
