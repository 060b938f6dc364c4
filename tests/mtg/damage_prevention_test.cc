// Wagic's damage keywords and shields by kind of damage: phantom (all prevented, a +1/+1 counter
// removed), absorb (1 of each source's damage prevented, here granted by a lord), wilting (damage
// becomes -1/-1 counters), preventallnoncombatdamage to(spec) (a shield combat damage passes).
// Small cards of the test's own; spells at {0} so that no mana is needed.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kSpells = "[card]\nname=Shock\nmana={0}\ntype=Instant\ntarget=creature\nauto=damage:2\n[/card]\n"
                            "[card]\nname=Ping\nmana={0}\ntype=Instant\ntarget=creature\nauto=damage:1\n[/card]\n";

std::string main_phase(const std::string& inplay, const std::string& hand, const std::string& act, const std::string& assert_p1) {
  return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:" + inplay + "\nhand:" + hand + "\n[PLAYER2]\n[DO]\n" + act +
         "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n" + assert_p1 + "[PLAYER2]\n[END]\n";
}

// A 1/1 phantom survives a Shock; a 0/0 phantom with one +1/+1 counter (put as it entered) loses it
// to the Shock and dies of 0 toughness.
TEST(WagicPrevention, PhantomPreventsAllDamageAndLosesACounter) {
  const std::string cards = kSpells + test::creature("Wisp", "{W}", 1, 1, "phantom") +
                            "[card]\nname=Shade\nmana={W}\ntype=Creature\npower=0\ntoughness=0\nabilities=phantom\n"
                            "auto=counter(1/1,1)\n[/card]\n";
  TestOutcome r = test::play_own(cards, main_phase("wisp", "shock", "shock\nwisp\n", "inplay:wisp\ngraveyard:shock\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, main_phase("shade", "shock", "shock\nshade\n", "graveyard:shock,shade\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// lord(creature|mybattlefield) absorb: a 2/2 takes 1 of the Shock's 2 and lives.
TEST(WagicPrevention, AbsorbPreventsOneDamageOfEachSource) {
  const std::string cards = kSpells + test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Sanctum\nmana={W}\ntype=Enchantment\nauto=lord(creature|mybattlefield) absorb\n[/card]\n";
  TestOutcome r = test::play_own(cards, main_phase("bear,sanctum", "shock", "shock\nbear\n", "inplay:bear,sanctum\ngraveyard:shock\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, main_phase("bear", "shock", "shock\nbear\n", "graveyard:shock,bear\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Wilting: a Ping leaves a -1/-1 counter that the turn's end does not heal; the second Ping, a turn
// later, kills the 2/2 (damage would have worn off).
TEST(WagicPrevention, WiltingTurnsDamageIntoCounters) {
  const std::string cards = kSpells + test::creature("Wilt", "{B}", 2, 2, "wilting") + test::creature("Oak", "{G}", 2, 2);
  const std::string act = "ping\nwilt\neot\neot\nnext\nnext\nnext\nping\nwilt\n";
  TestOutcome r = test::play_own(cards, main_phase("wilt", "ping,ping", act, "graveyard:ping,ping,wilt\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  const std::string oak = "ping\noak\neot\neot\nnext\nnext\nnext\nping\noak\n";
  r = test::play_own(cards, main_phase("oak", "ping,ping", oak, "inplay:oak\ngraveyard:ping,ping\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// preventallnoncombatdamage to(creature|mybattlefield): the Shock is prevented, the 3/3 blocker's
// combat damage is not.
TEST(WagicPrevention, NoncombatShieldLetsCombatDamageThrough) {
  const std::string cards = kSpells + test::creature("Bear", "{G}", 2, 2) + test::creature("Brute", "{R}", 3, 3) +
                            "[card]\nname=Aegis\nmana={W}\ntype=Enchantment\n"
                            "auto=preventallnoncombatdamage to(creature|myBattlefield)\n[/card]\n";
  const TestOutcome r = test::play_own(
      cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bear,aegis\nhand:shock\n[PLAYER2]\ninplay:brute\n[DO]\nshock\nbear\n"
             "next\nnext\nbear\nnext\nbrute\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:aegis\ngraveyard:shock,bear\n"
             "[PLAYER2]\ninplay:brute\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
