// chooseacolor / chooseatype (and activatechooseacolor / activatechooseatype): a colour or a
// creature type chosen in a menu (green, blue, red, black, white; the creature types of the
// game's cards in alphabetical order), then the ability written with chosencolor / chosentype,
// on small cards of the test's own.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

// As it enters, a colour is chosen; the card then has "{T}: add one mana of that colour".
TEST(WagicChoose, TheCardKeepsTheAbilityWithTheChosenColour) {
  const std::string cards = "[card]\nname=Heart\nmana={0}\ntype=Artifact\nauto=chooseacolor {T}:add{chosencolor} chooseend\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:heart\n[PLAYER2]\n[DO]\nheart\n";
  TestOutcome r = test::play_own(cards, start + "choice 2\nheart\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:heart\nmanapool:{R}\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + "choice 0\nheart\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:heart\nmanapool:{G}\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// A sorcery: the creatures of the chosen type are destroyed (the menu: elf, goblin).
TEST(WagicChoose, ASpellActsOnTheChosenCreatureType) {
  const std::string cards = "[card]\nname=Extinction\nmana={0}\ntype=Sorcery\nauto=chooseatype all(creature[chosentype]) destroy chooseend\n[/card]\n"
                            "[card]\nname=Raider\nmana={R}\ntype=Creature\nsubtype=Goblin\npower=1\ntoughness=1\n[/card]\n"
                            "[card]\nname=Archer\nmana={G}\ntype=Creature\nsubtype=Elf\npower=1\ntoughness=1\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:extinction\ninplay:raider\n[PLAYER2]\ninplay:archer\n[DO]\nextinction\n";
  TestOutcome r = test::play_own(cards, start + "choice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:extinction,raider\n[PLAYER2]\ninplay:archer\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + "choice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:extinction\ninplay:raider\n[PLAYER2]\ngraveyard:archer\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// activatechooseacolor: the colour is chosen each time the ability resolves.
TEST(WagicChoose, AnActivatedAbilityChoosesEachTime) {
  const std::string cards = "[card]\nname=Tomb\nmana={0}\ntype=Artifact\nauto={0}:activatechooseacolor all(creature[chosencolor]) destroy activatechooseend\n[/card]\n"
                            "[card]\nname=Raider\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n"
                            "[card]\nname=Archer\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";
  const TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:tomb,raider,archer\n[PLAYER2]\n[DO]\ntomb\nchoice 2\ntomb\nchoice 4\n"
                                              "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:tomb,archer\ngraveyard:raider\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// A lord for the chosen type: the goblins get +1/+1, the elf does not (combat shows it).
TEST(WagicChoose, ALordOfTheChosenType) {
  const std::string cards = "[card]\nname=Banner\nmana={0}\ntype=Artifact\nauto=chooseatype lord(creature[chosentype]|mybattlefield) 1/1 chooseend\n[/card]\n"
                            "[card]\nname=Raider\nmana={R}\ntype=Creature\nsubtype=Goblin\npower=1\ntoughness=1\n[/card]\n"
                            "[card]\nname=Archer\nmana={G}\ntype=Creature\nsubtype=Elf\npower=1\ntoughness=1\n[/card]\n";
  const TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:banner\ninplay:raider,archer\n[PLAYER2]\n[DO]\nbanner\nchoice 1\n"
                                              "next\nnext\nraider\narcher\nnext\nnext\nnext\n"
                                              "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:banner,raider,archer\n[PLAYER2]\nlife:17\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
