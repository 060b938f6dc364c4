// Restraints on cards and effects on players (rules/restraints.cc): noactivatedability,
// notapability, onlymanaability; alterpoison and exchangelife. Each with the case where it does
// not apply.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

using test::play_own;
using test::trace_of;

std::string card(const std::string& name, const std::string& mana, const std::string& type, const std::string& body) {
  return "[card]\nname=" + name + "\nmana=" + mana + "\ntype=" + type + "\n" + body + "[/card]\n";
}

std::string main_phase(const std::string& p1, const std::string& p2, const std::string& act, const std::string& assert_p1,
                       const std::string& assert_p2) {
  return "[INIT]\nFIRSTMAIN\n[PLAYER1]\n" + p1 + "[PLAYER2]\n" + p2 + "[DO]\n" + act + "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n" +
         assert_p1 + "[PLAYER2]\n" + assert_p2 + "[END]\n";
}

const std::string kCreatures = card("Elf", "{G}", "Creature", "power=1\ntoughness=1\nauto={T}:Add{G}\n") +
                               card("Monk", "{W}", "Creature", "power=1\ntoughness=1\nauto={0}:life:1\n") +
                               card("Sage", "{U}", "Creature", "power=1\ntoughness=1\nauto={T}:life:2\n");

// noactivatedability (Arrest's aura): none of the enchanted creature's activated abilities, its
// mana ability included; the creature beside it still acts.
TEST(WagicRestraints, NoActivatedAbilityStopsEveryActivation) {
  const std::string cards = kCreatures + card("Arrest", "{0}", "Enchantment", "subtype=Aura\ntarget=creature\nauto=noactivatedability\n");
  TestOutcome r = play_own(cards, main_phase("inplay:elf,monk\nhand:arrest\n", "", "arrest\nmonk\nmonk\nelf\n",
                                             "inplay:elf,monk,arrest\nmanapool:{G}\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, main_phase("inplay:elf,monk\nhand:arrest\n", "", "arrest\nelf\nmonk\nelf\n", "inplay:elf,monk,arrest\nlife:21\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// notapability (Katabatic Winds over creatures): abilities with {T} in their cost cannot be
// activated, others can; onlymanaability (Damping Matrix): only mana abilities can.
TEST(WagicRestraints, NoTapAbilityAndOnlyManaAbility) {
  const std::string cards = kCreatures + card("Winds", "{0}", "Enchantment", "auto=lord(creature) notapability\n") +
                            card("Matrix", "{0}", "Artifact", "auto=lord(creature) onlymanaability\n");
  TestOutcome r = play_own(cards, main_phase("inplay:elf,monk,sage,winds\n", "", "elf\nmonk\nsage\n", "inplay:elf,monk,sage,winds\nlife:21\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, main_phase("inplay:elf,monk,sage,matrix\n", "", "elf\nmonk\nsage\n",
                                 "inplay:elf,monk,sage,matrix\nmanapool:{G}\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, main_phase("inplay:elf,monk,sage\n", "", "elf\nmonk\nsage\n", "inplay:elf,monk,sage\nmanapool:{G}\nlife:23\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// alterpoison:N: poison counters to the player named (opponent), or taken off with N < 0.
TEST(WagicRestraints, AlterPoisonGivesAndTakesPoisonCounters) {
  const std::string cards = card("Caress", "{0}", "Sorcery", "auto=alterpoison:3 opponent\n") +
                            card("Tonic", "{0}", "Sorcery", "auto=alterpoison:-2\n");
  TestOutcome r = play_own(cards, main_phase("hand:caress\n", "", "caress\n", "graveyard:caress\n", "poisoncount:3\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, main_phase("poisoncount:1\nhand:tonic\n", "", "tonic\n", "graveyard:tonic\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// exchangelife: the controller and the opponent swap life totals; under nolifegain the one who
// would gain cannot, and nothing is exchanged (CR 118.7c).
TEST(WagicRestraints, ExchangeLifeSwapsLifeTotals) {
  const std::string cards = card("Mirror", "{0}", "Artifact", "auto={T}:exchangelife opponent\n") +
                            card("Curse", "{0}", "Enchantment", "abilities=nolifegain\n");
  TestOutcome r = play_own(cards, main_phase("life:5\ninplay:mirror\n", "life:18\n", "mirror\n", "life:18\ninplay:mirror\n", "life:5\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, main_phase("life:5\ninplay:mirror,curse\n", "life:18\n", "mirror\n", "life:5\ninplay:mirror,curse\n", "life:18\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// cantbetargetof(spec): spells and abilities of such sources cannot target the card: on the
// creature itself (Gaea's Revenge: nongreen), or taught by an aura (Artifact Ward's teach(creature)).
TEST(WagicRestraints, CantBeTargetOfStopsMatchingSources) {
  const std::string cards = card("Revenge", "{5}{G}{G}", "Creature", "power=8\ntoughness=5\nauto=cantbetargetof(*[-green])\n") +
                            card("Bear", "{1}{G}", "Creature", "power=2\ntoughness=2\n") +
                            card("Cub", "{G}", "Creature", "power=1\ntoughness=1\n") +
                            card("Bolt", "{R}", "Instant", "target=creature\nauto=damage:3\n") +
                            card("Growth", "{G}", "Instant", "target=creature\nauto=3/3\n") +
                            card("Ward", "{W}", "Enchantment", "subtype=Aura\ntarget=creature\nauto=teach(creature) cantbetargetof(instant)\n");
  // The red bolt clicked on Revenge waits and takes the bear.
  TestOutcome r = play_own(cards, main_phase("manapool:{R}\nhand:bolt\n", "inplay:revenge,bear\n", "bolt\nrevenge\nbear\n",
                                             "graveyard:bolt\n", "inplay:revenge\ngraveyard:bear\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  // A green spell targets it: +3/+3, 11 damage.
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}\nhand:growth\ninplay:revenge\n[PLAYER2]\n[DO]\ngrowth\nrevenge\nnext\nnext\nrevenge\n"
                      "next\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:revenge\ngraveyard:growth\n[PLAYER2]\nlife:9\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  // The ward's creature: no instant targets it (the bolt takes the cub).
  r = play_own(cards, main_phase("manapool:{W}{R}\nhand:ward,bolt\ninplay:bear\n", "inplay:cub\n", "ward\nbear\nbolt\nbear\ncub\n",
                                 "inplay:bear,ward\ngraveyard:bolt\n", "graveyard:cub\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

}  // namespace
}  // namespace rk::mtg

namespace rk::mtg {
namespace {

// doesntempty: mana added so stays as the pool empties between steps, until the turn ends;
// mypoolsave(colour) (Upwelling's kin): that colour stays in its controller's pool.
TEST(WagicRestraints, ManaThatDoesNotEmpty) {
  const std::string cards = card("Tender", "{0}", "Artifact", "auto={T}:add{G}{G} doesntempty\n") +
                            card("Well", "{0}", "Artifact", "auto={T}:add{G}{G}\n") +
                            card("Upwelling", "{0}", "Enchantment", "auto=mypoolsave(red)\n");
  auto to_combat = [](const std::string& p1, const std::string& act, const std::string& pool) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\n" + p1 + "[PLAYER2]\n[DO]\n" + act + "next\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\n" + p1 +
           "manapool:" + pool + "\n[PLAYER2]\n[END]\n";
  };
  TestOutcome r = play_own(cards, to_combat("inplay:tender\n", "tender\n", "{G}{G}"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, to_combat("inplay:well\n", "well\n", "{0}"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}{R}{G}\ninplay:upwelling\n[PLAYER2]\n[DO]\nnext\nnext\nnext\n"
                      "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:upwelling\nmanapool:{R}{R}\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

}  // namespace
}  // namespace rk::mtg

namespace rk::mtg {
namespace {

// twist (the guide's word; Wagic 2016's parser knows only swap): power and toughness switched
// until end of turn. The 1/4 attacks as a 4/1.
TEST(WagicEffects, TwistSwitchesPowerAndToughness) {
  const std::string cards = card("Changeling", "{U}", "Creature", "power=1\ntoughness=4\nauto={0}:twist\n");
  TestOutcome r = play_own(cards, test::combat("changeling", "", "changeling\nchoice 0\n", "", "inplay:changeling\n", "life:19\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);  // not twisted: 1 damage (the click's menu: attack first)
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:changeling\n[PLAYER2]\n[DO]\nchangeling\nnext\nnext\nchangeling\nchoice 0\nnext\nnext\nnext\n"
                      "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:changeling\n[PLAYER2]\nlife:16\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

}  // namespace
}  // namespace rk::mtg

namespace rk::mtg {
namespace {

// removemana(*): the player's pool empties; removemana({G}): that mana only.
TEST(WagicRestraints, RemoveManaEmptiesThePool) {
  const std::string cards = card("Drain", "{0}", "Sorcery", "auto=removemana(*) opponent\n") +
                            card("Leak", "{0}", "Sorcery", "auto=removemana({G})\n");
  TestOutcome r = play_own(cards, main_phase("hand:drain\n", "manapool:{G}{R}\n", "drain\n", "graveyard:drain\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, main_phase("manapool:{G}{G}{R}\nhand:leak\n", "", "leak\n", "graveyard:leak\nmanapool:{G}{R}\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
