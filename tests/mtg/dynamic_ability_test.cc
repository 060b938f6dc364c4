// dynamicability<!amount+effect recipient!>: fights (eachother), damage to the opponent of the
// target's controller (targetopponent), a pump of both power and toughness, and amounts read from
// charge counters (CR 701.12 for the fight).
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kCards =
    "[card]\nname=Gorilla\nmana={G}\ntype=Creature\npower=3\ntoughness=3\n"
    "auto={T}:target(creature) dynamicability<!powerstrike eachother!>\n[/card]\n"
    "[card]\nname=Slayer\nmana={B}\ntype=Creature\npower=1\ntoughness=1\n"
    "auto={T}:target(creature) dynamicability<!mytgt powerstrike targetopponent!>\n[/card]\n"
    "[card]\nname=Mentor\nmana={G}\ntype=Creature\npower=3\ntoughness=3\n"
    "auto={T}:target(creature) dynamicability<!powerpumpboth!>\n[/card]\n"
    "[card]\nname=Urn\nmana={1}\ntype=Artifact\nauto=counter(0/0,2,charge)\n"
    "auto={T}:dynamicability<!chargedraw srccontroller!>\n[/card]\n"
    "[card]\nname=Shock\nmana={R}\ntype=Instant\ntarget=creature\nauto=damage:4\n[/card]\n"
    "[card]\nname=Hunt\nmana={G}\ntype=Sorcery\ntarget=creature|mybattlefield\n"
    "auto=transforms((,newability[target(creature|opponentbattlefield) dynamicability<!powerstrike eachother!>])) ueot\n[/card]\n"
    "[card]\nname=Elk\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n"
    "[card]\nname=Wurm\nmana={G}\ntype=Creature\npower=4\ntoughness=4\n[/card]\n";

// Gorilla (3/3) fights: the elk dies and the gorilla lives (2 damage); against the wurm (4/4) the
// gorilla dies and the wurm lives (3 damage).
TEST(WagicDynamicAbility, EachOtherIsAFight) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:gorilla\n[PLAYER2]\ninplay:elk\n"
                                         "[DO]\ngorilla\nelk\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:gorilla\n"
                                         "[PLAYER2]\ngraveyard:elk\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:gorilla\n[PLAYER2]\ninplay:wurm\n"
                             "[DO]\ngorilla\nwurm\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:gorilla\n"
                             "[PLAYER2]\ninplay:wurm\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Inside a new ability (Prey Upon's kin): the spell's target fights the creature its new ability
// targets as it begins.
TEST(WagicDynamicAbility, AFightInsideANewAbilityIsTheNewAbilitys) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}\nhand:hunt\ninplay:wurm\n[PLAYER2]\ninplay:gorilla\n"
                                         "[DO]\nhunt\nwurm\ngorilla\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:wurm\ngraveyard:hunt\n"
                                         "[PLAYER2]\ngraveyard:gorilla\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// The target's power as damage to its controller's opponent: the wurm of player 2 hits player 1,
// player 1's elk hits player 2.
TEST(WagicDynamicAbility, TargetOpponentIsTheOpponentOfTheTargetsController) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:slayer\n[PLAYER2]\ninplay:wurm\n"
                                         "[DO]\nslayer\nwurm\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:slayer\nlife:16\n"
                                         "[PLAYER2]\ninplay:wurm\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:slayer,elk\n[PLAYER2]\n"
                             "[DO]\nslayer\nelk\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:slayer,elk\n"
                             "[PLAYER2]\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// +3/+3 from the mentor's power: the elk (5/5) survives 4 damage; without it, it does not.
TEST(WagicDynamicAbility, PumpBothRaisesPowerAndToughness) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}\ninplay:mentor,elk\nhand:shock\n[PLAYER2]\n"
                                         "[DO]\nmentor\nelk\nshock\nelk\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:mentor,elk\n"
                                         "graveyard:shock\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}\ninplay:mentor,elk\nhand:shock\n[PLAYER2]\n"
                             "[DO]\nshock\nelk\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:mentor\n"
                             "graveyard:shock,elk\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Two charge counters: two cards drawn.
TEST(WagicDynamicAbility, ChargeCountersAreAnAmount) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{1}\nhand:urn\nlibrary:elk,wurm,gorilla\n[PLAYER2]\n"
                                         "[DO]\nurn\nurn\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:urn\nhand:wurm,gorilla\n"
                                         "library:elk\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
