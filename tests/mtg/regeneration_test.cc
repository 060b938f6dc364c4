// Regeneration in combat (CR 701.15a): the creature is tapped, its damage removed, and it is removed
// from combat, so what it blocked or attacked with first strike or double strike plays out without
// it. Small cards of the test's own: a regeneration shield is put by an instant in the first main phase.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kCards = "[card]\nname=Ward\nmana={W}\ntype=Instant\ntarget=creature\nauto=regenerate\n[/card]\n" +
                           test::creature("Duelist", "{R}", 1, 2, "double strike") +
                           test::creature("Stomper", "{G}", 2, 2, "double strike,trample") +
                           test::creature("Lancer", "{W}", 1, 1, "first strike") +
                           test::creature("Skeleton", "{B}", 1, 1) + test::creature("Husk", "{B}", 1, 1, "cantregen");

// Ward on `shielded`, then `attacker` attacks and `blocker` blocks; first-strike and regular damage
// (a trampler's damage screens are stops of their own).
std::string shielded_combat(const std::string& p1, const std::string& p2, const std::string& shielded,
                            const std::string& attacker, const std::string& blocker, const std::string& assert_p1,
                            const std::string& assert_p2, const std::string& damage_steps = "next\nnext\n") {
  return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:" + p1 + "\nhand:ward\nmanapool:{W}\n[PLAYER2]\ninplay:" + p2 +
         "\n[DO]\nward\n" + shielded + "\nnext\nnext\n" + attacker + "\nnext\n" + blocker + "\n" + damage_steps +
         "[ASSERT]\nCOMBATEND\n[PLAYER1]\n" + assert_p1 + "graveyard:ward\n[PLAYER2]\n" + assert_p2 + "[END]\n";
}

// A blocker regenerated after the first strike is out of combat: the double striker's second
// strike has no one to hit, and the shield was used once only.
TEST(WagicRegeneration, ABlockerRegeneratedAfterFirstStrikeIsOutOfCombat) {
  const TestOutcome r = test::play_own(kCards, shielded_combat("duelist", "skeleton", "skeleton", "duelist", "skeleton",
                                                               "inplay:duelist\n", "inplay:skeleton\nlife:20\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// With trample the blocked double striker's second strike goes to the player (CR 702.19e): 1 over
// the blocker's toughness in the first strike, then all 2.
TEST(WagicRegeneration, TrampleHitsThePlayerOnceTheBlockerRegenerated) {
  const TestOutcome r = test::play_own(kCards, shielded_combat("stomper", "skeleton", "skeleton", "stomper", "skeleton",
                                                               "inplay:stomper\n", "inplay:skeleton\nlife:17\n", "next\nnext\nnext\nnext\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// An attacker regenerated after a first-strike blocker's damage deals no regular damage: the 1/1
// first striker lives.
TEST(WagicRegeneration, AnAttackerRegeneratedAfterFirstStrikeDealsNoDamage) {
  const TestOutcome r = test::play_own(kCards, shielded_combat("skeleton", "lancer", "skeleton", "skeleton", "lancer",
                                                               "inplay:skeleton\n", "inplay:lancer\nlife:20\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// cantregen: the shield does nothing, the first strike kills it.
TEST(WagicRegeneration, CantRegenIgnoresTheShield) {
  const TestOutcome r = test::play_own(kCards, shielded_combat("duelist", "husk", "husk", "duelist", "husk",
                                                               "inplay:duelist\n", "graveyard:husk\nlife:20\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
