// The library as a cost and as a source: {M} (the top card to the graveyard), {l2e} (the top card
// to exile), {s2l(spec)} (a chosen card put on top of its owner's library), in activated abilities
// and upkeep costs; {D} (a card of the hand at random); moverandom(type) from(zone) to(zone); a search
// that puts a land onto the battlefield tapped (and!(tap)! written before moveto); {E}, the card itself
// exiled from the graveyard (scavenge). Small cards of the test's own. In a
// scenario the last card a library lists is its top.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kLands = "[card]\nname=Grove\ntype=Land\nauto={T}:Add{G}\n[/card]\n"
                           "[card]\nname=Glade\ntype=Land\nauto={T}:Add{G}\n[/card]\n"
                           "[card]\nname=Marsh\ntype=Land\nauto={T}:Add{B}\n[/card]\n";

// {M}: one card off the top each time; with the library empty it cannot be paid.
TEST(WagicLibrary, MillCostTakesTheTopCard) {
  const std::string cards = kLands + "[card]\nname=Ghoul\nmana={B}\ntype=Creature\npower=1\ntoughness=1\nauto={M}:life:1\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:ghoul\nlibrary:grove,glade\n[PLAYER2]\n[DO]\n";
  TestOutcome r = test::play_own(cards, start + "ghoul\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:ghoul\nlibrary:grove\ngraveyard:glade\nlife:21\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + "ghoul\nghoul\nghoul\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:ghoul\ngraveyard:grove,glade\nlife:22\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// {l2e}{l2e}: two cards to exile, so a library of one cannot pay it (CR 118.3).
TEST(WagicLibrary, LibraryToExileCostNeedsEveryCard) {
  const std::string cards = kLands + "[card]\nname=Raider\nmana={R}\ntype=Creature\npower=1\ntoughness=1\nauto={l2e}{l2e}:life:2\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:raider\nlibrary:grove,glade,marsh\n[PLAYER2]\n[DO]\nraider\n"
                                        "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:raider\nlibrary:grove\nexile:glade,marsh\nlife:22\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:raider\nlibrary:grove\n[PLAYER2]\n[DO]\nraider\n"
                            "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:raider\nlibrary:grove\nlife:20\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// {s2l(*|myhand)}: the card clicked goes from the hand on top of the library.
TEST(WagicLibrary, SendToLibraryCostPutsAChosenCardOnTop) {
  const std::string cards = kLands + "[card]\nname=Sage\nmana={U}\ntype=Creature\npower=1\ntoughness=1\nauto={s2l(*|myhand)}:life:3\n[/card]\n";
  const TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:sage\nhand:marsh\nlibrary:grove\n[PLAYER2]\n[DO]\nsage\nmarsh\n"
                                              "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:sage\nlibrary:grove,marsh\nlife:23\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// upcost[{M}{M}]: an upkeep paid with the top two cards.
TEST(WagicLibrary, UpkeepCostsMillTheLibrary) {
  const std::string cards = kLands + "[card]\nname=Horror\nmana={B}\ntype=Creature\npower=5\ntoughness=5\nauto=upcost[{M}{M}] sacrifice\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:horror\nlibrary:grove,glade,marsh\n[PLAYER2]\n[DO]\neot\neot\nnext\nhorror\nnext\n"
                                        "[ASSERT]\nDRAW\n[PLAYER1]\ninplay:horror\ngraveyard:glade,marsh\nhand:grove\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// moverandom(creature) from(mygraveyard) to(myhand): only a creature moves, the land stays.
TEST(WagicLibrary, MoveRandomTakesOneCardOfTheType) {
  const std::string cards = kLands + "[card]\nname=Digger\nmana={B}\ntype=Creature\npower=1\ntoughness=1\n"
                                     "auto={T}:moverandom(creature) from(mygraveyard) to(myhand)\n[/card]\n"
                                     "[card]\nname=Bones\nmana={B}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";
  const TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:digger\ngraveyard:grove,bones\n[PLAYER2]\n[DO]\ndigger\n"
                                              "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:digger\ngraveyard:grove\nhand:bones\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// {D}: a card of the hand at random (the runner, without a random source, takes the first); {D}{D}
// needs two cards in the hand.
TEST(WagicLibrary, DiscardAtRandomCostTakesACardOfTheHand) {
  const std::string cards = kLands + "[card]\nname=Maniac\nmana={R}\ntype=Creature\npower=1\ntoughness=1\nauto={D}:life:2\n[/card]\n"
                                     "[card]\nname=Fiend\nmana={R}\ntype=Creature\npower=1\ntoughness=1\nauto={D}{D}:life:5\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:maniac\nhand:grove\n[PLAYER2]\n[DO]\nmaniac\nmaniac\n"
                                        "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:maniac\ngraveyard:grove\nlife:22\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:fiend\nhand:grove\n[PLAYER2]\n[DO]\nfiend\n"
                            "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:fiend\nhand:grove\nlife:20\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:fiend\nhand:grove,glade\n[PLAYER2]\n[DO]\nfiend\n"
                            "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:fiend\ngraveyard:grove,glade\nlife:25\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// target(land[basic]|mylibrary) and!(tap)! moveto(mybattlefield): the land found enters tapped, so
// clicking it makes no mana.
TEST(WagicLibrary, ASearchPutsTheLandOntoTheBattlefieldTapped) {
  const std::string cards = "[card]\nname=Heath\ntype=Basic Land\nauto={T}:Add{G}\n[/card]\n"
                            "[card]\nname=Seek\nmana={0}\ntype=Sorcery\nauto=target(land[basic]|mylibrary) and!(tap)! moveto(mybattlefield)\n[/card]\n";
  const TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:seek\nlibrary:heath\n[PLAYER2]\n[DO]\nseek\nheath\nheath\n"
                                              "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:heath\ngraveyard:seek\nmanapool:{0}\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// autograveyard={E}:counter(1/1,storedpower) target(creature): the 3/3 in the graveyard is exiled and
// the bear gets three +1/+1 counters, so it lives through a 4-damage spell.
TEST(WagicCosts, ScavengeExilesTheCardAndReadsItsPower) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Drake\nmana={G}\ntype=Creature\npower=3\ntoughness=3\n"
                            "autograveyard={E}:counter(1/1,storedpower) target(creature) asSorcery\n[/card]\n"
                            "[card]\nname=Blast\nmana={0}\ntype=Instant\ntarget=creature\nauto=damage:4\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bear\ngraveyard:drake\nhand:blast\n[PLAYER2]\n[DO]\n"
                                        "drake\nbear\nblast\nbear\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bear\nexile:drake\n"
                                        "graveyard:blast\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
