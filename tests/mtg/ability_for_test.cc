// ability$! A !$ who with a target written before it: target(player) ability$!..!$ targetedplayer
// (the chosen player does A), and the activation's restrictions written after `who`.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kCards =
    "[card]\nname=Gnaw\nmana={B}\ntype=Sorcery\n"
    "auto=target(player) ability$!name(discard) target(*|myhand) reject!$ targetedplayer\n[/card]\n"
    "[card]\nname=Pester\nmana={B}\ntype=Creature\npower=1\ntoughness=1\n"
    "auto={T}:target(player) ability$!name(discard) target(*|myhand) reject!$ targetedplayer asSorcery\n[/card]\n"
    "[card]\nname=Drain\nmana={B}\ntype=Sorcery\n"
    "auto=ability$!choice life:-2 target(player) && life:2 controller!$ controller\n[/card]\n"
    "[card]\nname=Larceny\nmana={B}\ntype=Enchantment\n"
    "auto=@combatdamagefoeof(player) from(creature|mybattlefield):all(trigger[to]) ability$!name(discard) target(*|myhand) reject!$ opponent\n[/card]\n"
    "[card]\nname=Stab\nmana={B}\ntype=Sorcery\nauto=ability$!name(discard) target(*|myhand) reject!$ opponent opponent\n[/card]\n"
    "[card]\nname=Elk\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n"
    "[card]\nname=Wolf\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n"
    "[card]\nname=Bear\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

// The targeted player chooses which of their cards to discard: player 2 clicks the elk.
TEST(WagicAbilityFor, TheTargetedPlayerDoesTheAbility) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{B}\nhand:gnaw,bear\n[PLAYER2]\nhand:elk,wolf\n"
                                         "[DO]\ngnaw\np2\nelk\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:bear\ngraveyard:gnaw\n"
                                         "[PLAYER2]\nhand:wolf\ngraveyard:elk\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Targeting player 1: its own card goes.
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{B}\nhand:gnaw,bear\n[PLAYER2]\nhand:elk\n"
                             "[DO]\ngnaw\np1\nbear\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:gnaw,bear\n"
                             "[PLAYER2]\nhand:elk\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// asSorcery after `who`: activated in a main phase, not during combat.
TEST(WagicAbilityFor, RestrictionsAfterThePlayerLimitTheActivation) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:pester\n[PLAYER2]\nhand:elk\n"
                                         "[DO]\npester\np2\nelk\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:pester\n"
                                         "[PLAYER2]\ngraveyard:elk\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, "[INIT]\nCOMBATBEGIN\n[PLAYER1]\ninplay:pester\n[PLAYER2]\nhand:elk\n"
                             "[DO]\npester\np2\nelk\n[ASSERT]\nCOMBATBEGIN\n[PLAYER1]\ninplay:pester\n"
                             "[PLAYER2]\nhand:elk\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// && inside ability$! .. !$ belongs to the ability: the chosen player loses 2 and its controller gains 2.
TEST(WagicAbilityFor, AndInsideTheAbilityBelongsToIt) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{B}\nhand:drain\n[PLAYER2]\n[DO]\ndrain\np2\n"
                                         "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:drain\nlife:22\n[PLAYER2]\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// all(trigger[to]) before ability$! with the player named after !$: the opponent dealt combat
// damage discards the card it chooses.
TEST(WagicAbilityFor, OnATriggersCardThePlayerNamedDoesIt) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:larceny,bear\n[PLAYER2]\nhand:elk,wolf\n[DO]\n"
                                         "next\nnext\nbear\nnext\nnext\nwolf\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:larceny,bear\n"
                                         "[PLAYER2]\nhand:elk\ngraveyard:wolf\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// The player written twice after !$ is that player: the opponent discards.
TEST(WagicAbilityFor, ThePlayerWrittenTwiceIsThatPlayer) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{B}\nhand:stab,bear\n[PLAYER2]\nhand:elk\n[DO]\n"
                                         "stab\nelk\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:bear\ngraveyard:stab\n"
                                         "[PLAYER2]\ngraveyard:elk\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
