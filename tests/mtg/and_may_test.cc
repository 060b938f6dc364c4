// Issue 31: the `and` row's last forms: a may inside and!(..)!, asked once, of the player whose
// effect it follows, after that effect has happened to every card it reaches (Chain of Smog), and
// the autoexile= lines a change gives an exiled card (All Hallow's Eve). Those two from the 2016
// database; the other cards are the test's own.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"
#include "support.h"

namespace rk::mtg {
namespace {

const std::string kTrinkets = "[card]\nname=Rock\nmana={1}\ntype=Artifact\n[/card]\n[card]\nname=Stone\nmana={1}\ntype=Artifact\n[/card]\n"
                              "[card]\nname=Pebble\nmana={1}\ntype=Artifact\n[/card]\n[card]\nname=Gem\nmana={1}\ntype=Artifact\n[/card]\n"
                              "[card]\nname=Jewel\nmana={1}\ntype=Artifact\n[/card]\n";

// Chain of Smog: "ability$!target(<2>*|myhand) reject and!(may .. activate .. castcard(copied
// noevent named!:Chain of Smog:!))!!$ targetedplayer". P2 discards two cards, then is asked once
// whether to copy the spell: copied at P1, P1 discards two and declines to copy it again.
// Declined at once, P1 keeps its hand.
TEST(WagicAndMay, ChainOfSmogsCopyIsOfferedOnceAfterBothDiscards) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  const std::string cards = test::database_card("Chain of Smog") + kTrinkets;
  ASSERT_NE(cards.find("and!(may"), std::string::npos);
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:chain of smog,gem,jewel\nmanapool:{1}{B}\n[PLAYER2]\nhand:rock,stone,pebble\n"
                            "[DO]\nchain of smog\np2\nrock\nstone\n";
  TestOutcome r = test::play_own(cards, start + "choice 0\np1\ngem\njewel\nchoice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n"
                                                "graveyard:chain of smog,gem,jewel\n[PLAYER2]\nhand:pebble\ngraveyard:rock,stone\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + "choice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:gem,jewel\ngraveyard:chain of smog\n[PLAYER2]\n"
                                    "hand:pebble\ngraveyard:rock,stone\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// and!(may .. target(..))! (Aid the Fallen's kin): one creature card back to its owner's hand,
// then one more card of another kind, with its own target, if its controller wants (asked after
// both creature cards are back).
TEST(WagicAndMay, AMayWithATargetOfItsOwnRunsAfterTheCards) {
  const std::string cards = kTrinkets + test::creature("Bear", "{G}", 2, 2) + test::creature("Elk", "{G}", 2, 2) +
                            "[card]\nname=Aid\nmana={B}\ntype=Sorcery\n"
                            "auto=moveTo(ownerHand) target(<2>creature|mygraveyard) and!(may moveTo(ownerHand) target(artifact|mygraveyard))!\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:aid\ngraveyard:bear,elk,rock\nmanapool:{B}\n[PLAYER2]\n[DO]\naid\nbear\nelk\n";
  TestOutcome r = test::play_own(cards, start + "choice 0\nrock\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:bear,elk,rock\ngraveyard:aid\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + "choice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:bear,elk\ngraveyard:aid,rock\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// All Hallow's Eve: "moveto(exile) and!(transforms((,newability[counter(0/0.2.Scream)],
// newability[autoexile=@each myupkeep:counter(0/0.-1.Scream)],newability[autoexile=this(counter{0/0.1.Scream}<1)while
// moveto(ownergraveyard) && moveto(ownerbattlefield) all(creature|graveyard)])) forever)!". Exiled with two
// scream counters; its controller's first upkeep takes one (it stays in exile), the second the last:
// it goes to the graveyard and every creature card in a graveyard returns, to its owner's battlefield.
TEST(WagicAndMay, AllHallowsEvesExileLinesCountDownAndReturnTheCreatures) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  const std::string cards = test::database_card("All Hallow's Eve") + kTrinkets + test::creature("Bear", "{G}", 2, 2) +
                            test::creature("Elk", "{G}", 2, 2);
  ASSERT_NE(cards.find("newability[autoexile="), std::string::npos);
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:all hallow's eve\ngraveyard:bear\nmanapool:{2}{B}{B}\n"
                            "[PLAYER2]\ngraveyard:elk\n[DO]\nall hallow's eve\n";
  const std::string upkeep = "eot\neot\nnext\nnext\n";  // to its controller's next draw step, the upkeep's trigger resolved
  TestOutcome r = test::play_own(cards, start + "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nexile:all hallow's eve\ngraveyard:bear\n"
                                                "[PLAYER2]\ngraveyard:elk\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + upkeep + "[ASSERT]\nDRAW\n[PLAYER1]\nexile:all hallow's eve\ngraveyard:bear\n"
                                             "[PLAYER2]\ngraveyard:elk\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + upkeep + upkeep + "[ASSERT]\nDRAW\n[PLAYER1]\ngraveyard:all hallow's eve\ninplay:bear\n"
                                                      "[PLAYER2]\ninplay:elk\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
