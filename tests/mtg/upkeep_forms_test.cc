// Upkeep costs in more forms (issue 31): taught by an aura (teach(creature) upcost[..]), once per
// card or counter (foreach(..) / thisforeach(..) upcost[..]), made by a trigger, paid with the
// card itself ({S}) or with chosen cards once per age counter; and epic (CR 702.50). Small cards
// of the test's own. "eot, eot, next" goes from player 1's main phase to player 1's next upkeep.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kLands = "[card]\nname=Grove\ntype=Land\nauto={T}:Add{G}\n[/card]\n"
                           "[card]\nname=Glade\ntype=Land\nauto={T}:Add{G}\n[/card]\n"
                           "[card]\nname=Bear\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n"
                           "[card]\nname=Wolf\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";
const std::string kNextUpkeep = "eot\neot\nnext\n";
// From player 1's main phase to player 2's upkeep.
const std::string kTheirUpkeep = "eot\nnext\n";

// teach(creature) upcost[..] A: the enchanted creature has the upkeep cost; its controller (here
// the opponent of the aura's) pays it or A happens to the creature.
TEST(WagicUpkeepForms, AnAuraTeachesItsCreatureAnUpkeepCost) {
  const std::string cards = kLands + "[card]\nname=Slowing\nmana={G}\ntype=Enchantment\nsubtype=Aura\ntarget=creature\n"
                                     "auto=teach(creature) upcost[{2}] sacrifice\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:slowing\nmanapool:{G}\n[PLAYER2]\ninplay:bear,grove,glade\n[DO]\nslowing\nbear\n" + kTheirUpkeep;
  // Not paid: the bear goes (and the aura with it).
  TestOutcome r = test::play_own(cards, start + "next\n[ASSERT]\nDRAW\n[PLAYER1]\ngraveyard:slowing\n[PLAYER2]\ninplay:grove,glade\ngraveyard:bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Paid by the bear's controller with two lands: it stays.
  r = test::play_own(cards, start + "grove\nglade\nbear\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:slowing\n[PLAYER2]\ninplay:bear,grove,glade\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// The cost goes with the aura: destroyed during the upkeep, its cost is not due as the upkeep ends.
TEST(WagicUpkeepForms, ATaughtCostLeavesWithTheAura) {
  const std::string cards = kLands + "[card]\nname=Slowing\nmana={G}\ntype=Enchantment\nsubtype=Aura\ntarget=creature\n"
                                     "auto=teach(creature) upcost[{2}] sacrifice\n[/card]\n"
                                     "[card]\nname=Shatter\nmana={G}\ntype=Instant\ntarget=enchantment\nauto=destroy\n[/card]\n";
  const TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:slowing\nmanapool:{G}\n[PLAYER2]\ninplay:bear,grove\nhand:shatter\n"
                                              "[DO]\nslowing\nbear\n" + kTheirUpkeep + "grove\nshatter\nslowing\nnext\n"
                                              "[ASSERT]\nDRAW\n[PLAYER1]\ngraveyard:slowing\n[PLAYER2]\ninplay:bear,grove\ngraveyard:shatter\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Mind Whip's kin: not paid, the creature is tapped and its controller takes 2 damage.
TEST(WagicUpkeepForms, ATaughtCostsEffectsHappenToTheCreatureAndItsController) {
  const std::string cards = kLands + "[card]\nname=Whip\nmana={G}\ntype=Enchantment\nsubtype=Aura\ntarget=creature\n"
                                     "auto=teach(creature) upcost[{1}] tap && damage:2 targetcontroller\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:whip\nmanapool:{G}\n[PLAYER2]\ninplay:bear,grove\n[DO]\nwhip\nbear\n" + kTheirUpkeep;
  TestOutcome r = test::play_own(cards, start + "next\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:whip\n[PLAYER2]\ninplay:bear,grove\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Paid: no damage; the bear, untapped, can attack in their turn.
  r = test::play_own(cards, start + "grove\nbear\nnext\nnext\nnext\nnext\nbear\neot\n[ASSERT]\nUNTAP\n[PLAYER1]\ninplay:whip\nlife:18\n[PLAYER2]\ninplay:bear,grove\nlife:20\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Not paid: tapped, it cannot attack.
  r = test::play_own(cards, start + "next\nnext\nnext\nnext\nbear\neot\n[ASSERT]\nUNTAP\n[PLAYER1]\ninplay:whip\nlife:20\n[PLAYER2]\ninplay:bear,grove\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// teach(creature) cumulativeupcost[{1}]: the age counters go on the creature, {1} then {1}{1}.
TEST(WagicUpkeepForms, AnAuraTeachesCumulativeUpkeep) {
  const std::string cards = kLands + "[card]\nname=Chains\nmana={G}\ntype=Enchantment\nsubtype=Aura\ntarget=creature\n"
                                     "auto=teach(creature) cumulativeupcost[{1}] sacrifice\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:chains\nmanapool:{G}\ninplay:bear,grove,glade\n[PLAYER2]\n[DO]\nchains\nbear\n" +
                            kNextUpkeep + "grove\nbear\nnext\n" + kNextUpkeep;
  TestOutcome r = test::play_own(cards, start + "grove\nglade\nbear\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:bear,grove,glade,chains\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + "grove\nbear\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:grove,glade\ngraveyard:bear,chains\nmanapool:{0}\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// foreach(other creature|mybattlefield) upcost[{1}]: {1} for each other creature, as it is paid;
// with none, nothing is due and the card stays unpaid.
TEST(WagicUpkeepForms, AForeachUpkeepCostIsPaidOncePerCard) {
  const std::string cards = kLands + "[card]\nname=Ghost\nmana={G}\ntype=Creature\npower=3\ntoughness=4\n"
                                     "auto=foreach(other creature|mybattlefield) upcost[{1}] sacrifice\n[/card]\n";
  const std::string p2 = "[PLAYER2]\n[END]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:ghost,bear,wolf,grove,glade\n[PLAYER2]\n[DO]\n" + kNextUpkeep +
                                            "grove\nglade\nghost\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:ghost,bear,wolf,grove,glade\n" + p2);
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Two other creatures, one land: {1}{1} cannot be paid.
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:ghost,bear,wolf,grove\n[PLAYER2]\n[DO]\n" + kNextUpkeep +
                                "grove\nghost\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:bear,wolf,grove\ngraveyard:ghost\n" + p2);
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:ghost\n[PLAYER2]\n[DO]\n" + kNextUpkeep +
                                "next\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:ghost\n" + p2);
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// thisforeach(counter{0/0.1.Age}) upcost[{discard(*|myhand)}]: a card discarded per age counter,
// the counter put by the card's own upkeep trigger (Vexing Sphinx).
TEST(WagicUpkeepForms, AThisforeachUpkeepCostAsksOncePerCounter) {
  const std::string cards = kLands + "[card]\nname=Sphinx\nmana={G}\ntype=Creature\npower=4\ntoughness=4\n"
                                     "auto=@each my upkeep:counter(0/0,1,Age)\n"
                                     "auto=thisforeach(counter{0/0.1.Age}) upcost[{discard(*|myhand)}] sacrifice\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:sphinx\nhand:grove,glade,bear\n[PLAYER2]\n[DO]\n" + kNextUpkeep +
                            "sphinx\ngrove\nnext\n" + kNextUpkeep;
  // Second upkeep: two counters, two cards.
  TestOutcome r = test::play_own(cards, start + "sphinx\nglade\nbear\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:sphinx\ngraveyard:grove,glade,bear\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // One card left for two counters: not payable, sacrificed.
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:sphinx\nhand:grove,glade\n[PLAYER2]\n[DO]\n" + kNextUpkeep +
                                "sphinx\ngrove\nnext\n" + kNextUpkeep + "sphinx\nglade\nnext\n" +
                                "[ASSERT]\nDRAW\n[PLAYER1]\nhand:glade\ngraveyard:grove,sphinx\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// cumulativeupcost[{S(creature|mybattlefield)}]: a creature sacrificed per age counter (Phyrexian
// Soulgorger): one at the first upkeep, two at the second.
TEST(WagicUpkeepForms, CumulativeUpkeepTakesAChosenCardPerAgeCounter) {
  const std::string cards = kLands + "[card]\nname=Gorger\nmana={G}\ntype=Artifact Creature\npower=8\ntoughness=8\n"
                                     "auto=cumulativeupcost[{S(creature|mybattlefield)}] sacrifice\n[/card]\n"
                                     "[card]\nname=Elk\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:gorger,bear,wolf,elk\n[PLAYER2]\n[DO]\n" + kNextUpkeep + "gorger\nbear\nnext\n" + kNextUpkeep;
  TestOutcome r = test::play_own(cards, start + "gorger\nwolf\nelk\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:gorger\ngraveyard:bear,wolf,elk\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + "next\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:wolf,elk\ngraveyard:bear,gorger\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// A trigger whose ability is an upkeep cost (Wayward Angel's threshold): as it resolves the cost is
// due in that upkeep; not paid, the card is sacrificed as the upkeep ends. Without the threshold
// nothing is due.
TEST(WagicUpkeepForms, ATriggerMakesAnUpkeepCost) {
  const std::string cards = kLands + "[card]\nname=Angel\nmana={G}\ntype=Creature\npower=3\ntoughness=3\n"
                                     "auto=@each my upkeep restriction{type(*|mygraveyard)~morethan~1}:upcost[{S(creature|mybattlefield)}] sacrifice\n[/card]\n";
  const std::string grave = "graveyard:grove,glade\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:angel,bear\n" + grave + "[PLAYER2]\n[DO]\n" + kNextUpkeep +
                                            "angel\nbear\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:angel\ngraveyard:grove,glade,bear\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:angel,bear\n" + grave + "[PLAYER2]\n[DO]\n" + kNextUpkeep +
                                "next\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:bear\ngraveyard:grove,glade,angel\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:angel,bear\ngraveyard:grove\n[PLAYER2]\n[DO]\n" + kNextUpkeep +
                                "next\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:angel,bear\ngraveyard:grove\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// upcost[{S}] taught to an artifact (Curse Artifact): its controller may sacrifice it; if not, 2
// damage to them.
TEST(WagicUpkeepForms, AnUpkeepCostPaidBySacrificingTheCardItself) {
  const std::string cards = kLands + "[card]\nname=Idol\nmana={1}\ntype=Artifact\n[/card]\n"
                                     "[card]\nname=Curse\nmana={G}\ntype=Enchantment\nsubtype=Aura\ntarget=artifact\n"
                                     "auto=teach(creature) upcost[{S}] damage:2 targetcontroller\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:curse\nmanapool:{G}\n[PLAYER2]\ninplay:idol\n[DO]\ncurse\nidol\n" + kTheirUpkeep;
  TestOutcome r = test::play_own(cards, start + "next\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:curse\n[PLAYER2]\ninplay:idol\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + "idol\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ngraveyard:curse\n[PLAYER2]\ngraveyard:idol\nlife:20\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Epic (CR 702.50): once the spell resolved its controller can't cast spells, and at each of
// their upkeeps a copy of it resolves, whose epic makes no second emblem (compare(epicactivated)).
TEST(WagicEpic, AnEpicSpellStopsCastingAndCopiesItselfEachUpkeep) {
  const std::string cards = kLands + "[card]\nname=Ideal\nmana={G}\ntype=Sorcery\nauto=life:2 controller\n"
                                     "auto=if compare(epicactivated)~lessthan~1 then emblem transforms((,newability[epic controller],"
                                     "newability[@each my upkeep:castcard(copied named!:Ideal:!)])) forever dontremove\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:ideal,bear\nmanapool:{G}{G}\n[PLAYER2]\n[DO]\nideal\n";
  // The bear can't be cast after it (the mana stays).
  TestOutcome r = test::play_own(cards, start + "bear\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:bear\ngraveyard:ideal\nmanapool:{G}\nlife:22\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Two upkeeps: a copy each, 2 life each (not more: one emblem only).
  r = test::play_own(cards, start + kNextUpkeep + "next\n" + kNextUpkeep + "next\n[ASSERT]\nDRAW\n[PLAYER1]\nhand:bear\ngraveyard:ideal\nlife:26\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
