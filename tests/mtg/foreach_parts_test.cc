// foreach(spec) written inside a part (after all(..), a label, or lord(..)): what the part does,
// once per such card; a lord's pump grows with the count.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kCards =
    "[card]\nname=Aurochs\nmana={G}\ntype=Creature\nsubtype=Aurochs\npower=2\ntoughness=3\n"
    "auto=@combat(attacking) source(this):all(this) foreach(other aurochs[attacking]) 1/0 ueot\n[/card]\n"
    "[card]\nname=Bison\nmana={G}\ntype=Creature\nsubtype=Aurochs\npower=2\ntoughness=3\n"
    "auto=@combat(attacking) source(this):all(this) foreach(other aurochs[attacking]) 1/0 ueot\n[/card]\n"
    "[card]\nname=Chanter\nmana={G}\ntype=Creature\nsubtype=Elf\npower=1\ntoughness=1\n"
    "auto={T}:name(Green) foreach(elf|myBattlefield) add{G}\n[/card]\n"
    "[card]\nname=Scout\nmana={G}\ntype=Creature\nsubtype=Elf\npower=1\ntoughness=1\n[/card]\n"
    "[card]\nname=Raider\nmana={R}\ntype=Creature\npower=2\ntoughness=2\n"
    "auto=lord(creature[attacking]|myBattlefield) foreach(land[-basic]|opponentBattlefield) 1/0\n[/card]\n"
    "[card]\nname=Blight\nmana={B}\ntype=Artifact\n"
    "auto={B}:name(shrink) lord(creature|opponentBattlefield) -1/-1 && lord(creature|opponentBattlefield) -1/-1\n[/card]\n"
    "[card]\nname=Elk\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n"
    "[card]\nname=Tower\ntype=Land\n[/card]\n[card]\nname=Spire\ntype=Land\n[/card]\n";

std::string attack(const std::string& p1, const std::string& p2, const std::string& attackers, int life) {
  return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:" + p1 + "\n[PLAYER2]\ninplay:" + p2 + "\n[DO]\nnext\nnext\n" + attackers +
         "next\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:" + p1 + "\n[PLAYER2]\ninplay:" + p2 + "\nlife:" +
         std::to_string(life) + "\n[END]\n";
}

// Two aurochs attack: each gets +1/+0 for the other (3 + 3); one attacks alone: 2.
TEST(WagicForEachParts, AfterAllTheEffectHappensOncePerCard) {
  TestOutcome r = test::play_own(kCards, attack("aurochs,bison", "", "aurochs\nbison\n", 14));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, attack("aurochs,bison", "", "aurochs\n", 18));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// After a label, in a mana ability: one {G} per elf (two elves: {G}{G}).
TEST(WagicForEachParts, AfterALabelAManaAbilityAddsOncePerCard) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:chanter,scout\n[PLAYER2]\n[DO]\nchanter\n"
                                         "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:chanter,scout\nmanapool:{G}{G}\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// After lord(..): attackers get +1/+0 per nonbasic land of the opponent (two: 2 + 2 damage).
TEST(WagicForEachParts, AfterALordThePumpGrowsWithTheCount) {
  TestOutcome r = test::play_own(kCards, attack("raider", "tower,spire", "raider\n", 16));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, attack("raider", "tower", "raider\n", 17));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// lord(..) after a label, and in a later part, of an activated ability: every such card as it
// resolves (two -1/-1: the 2/2 elk dies).
TEST(WagicForEachParts, LordInAPartOfAnActivatedAbilityIsEverySuchCard) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{B}\ninplay:blight\n[PLAYER2]\ninplay:elk\n[DO]\nblight\n"
                                         "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:blight\n[PLAYER2]\ngraveyard:elk\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
