// Keyword abilities with rules of their own. Soulbond (CR 702.95): a creature with soulbond pairs,
// if its controller chooses, with another unpaired creature as either enters; its "soulbond X"
// lines apply to both while they are paired. affinity(spec) reduce(cost) from the hand: the spell
// costs less per such card. cantmillose: a draw from an empty library does not lose. Madness:
// a discarded card is exiled and may be cast for its madness cost.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <utility>

#include "games/mtg/language/database.h"
#include "games/mtg/rules/game.h"
#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kCards =
    "[card]\nname=Bonder\nmana={G}\ntype=Creature\npower=1\ntoughness=1\nabilities=soulbond\nauto=soulbond 2/2\n[/card]\n"
    "[card]\nname=Winged\nmana={U}\ntype=Creature\npower=1\ntoughness=1\nabilities=soulbond\nauto=soulbond flying\n[/card]\n"
    "[card]\nname=Shock\nmana={R}\ntype=Instant\ntarget=creature\nauto=damage:4\n[/card]\n"
    + test::creature("Elk", "{G}", 2, 2) + test::creature("Wall", "{W}", 0, 5);

TestOutcome run(const std::string& scenario) {
  TestOutcome r = test::play_own(kCards, scenario);
  // Only the life total and player 2's permanents are asserted: player 1's zones differ by case.
  return r;
}

// Bonder enters while Elk is there: paired (choice 0), Elk gets +2/+2 and hits for 4; declined, for 2.
TEST(WagicSoulbond, PairingAsItEntersGivesItsLineToThePartner) {
  TestOutcome r = run("[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:elk\nmanapool:{G}\nhand:bonder\n[PLAYER2]\n[DO]\nbonder\nchoice 0\n"
                      "next\nnext\nelk\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:elk,bonder\n[PLAYER2]\nlife:16\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = run("[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:elk\nmanapool:{G}\nhand:bonder\n[PLAYER2]\n[DO]\nbonder\nchoice 1\n"
          "next\nnext\nelk\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:elk,bonder\n[PLAYER2]\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// An unpaired Bonder pairs with a creature that enters later (Elk cast): its own line applies to
// itself too, so Bonder (1/1) hits for 3; with the pairing declined, for 1.
TEST(WagicSoulbond, AnotherCreatureEnteringMayPairWithIt) {
  for (const auto& [choice, life] : {std::pair<int, int>{0, 17}, {1, 19}}) {
    TestOutcome r = run("[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bonder\nmanapool:{G}\nhand:elk\n[PLAYER2]\n[DO]\nelk\nchoice " +
                        std::to_string(choice) + "\nnext\nnext\nbonder\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\n"
                        "inplay:bonder,elk\n[PLAYER2]\nlife:" + std::to_string(life) + "\n[END]\n");
    EXPECT_EQ(r.status, TestOutcome::kPass) << choice << test::trace_of(r);
  }
}

// The pair ends when one leaves: Bonder shocked after pairing, Elk is a 2/2 again and hits for 2.
// Winged gives flying to its partner only: paired with Elk, Elk flies over the Wall.
TEST(WagicSoulbond, ThePairEndsWhenOneLeavesAndKeywordsAreShared) {
  TestOutcome r = run("[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:elk\nmanapool:{G}{R}\nhand:bonder,shock\n[PLAYER2]\n[DO]\nbonder\nchoice 0\n"
                      "shock\nbonder\nnext\nnext\nelk\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:elk\n"
                      "graveyard:bonder,shock\n[PLAYER2]\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = run("[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:elk\nmanapool:{U}\nhand:winged\n[PLAYER2]\ninplay:wall\n[DO]\nwinged\nchoice 0\n"
          "next\nnext\nelk\nnext\nwall\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:elk,winged\n[PLAYER2]\ninplay:wall\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = run("[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:elk\nmanapool:{U}\nhand:winged\n[PLAYER2]\ninplay:wall\n[DO]\nwinged\nchoice 1\n"
          "next\nnext\nelk\nnext\nwall\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:elk,winged\n[PLAYER2]\ninplay:wall\nlife:20\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

const std::string kAffinityCards =
    "[card]\nname=Act\nmana={8}{R}\ntype=Sorcery\nautohand=affinity(creature|battlefield) reduce({1})\nauto=damage:13 all(creature)\n[/card]\n"
    "[card]\nname=Grave Gift\nmana={5}{B}\ntype=Sorcery\nautohand=affinity(creature|mygraveyard) reduce({1})\nauto=life:3\n[/card]\n"
    + test::creature("Elk", "{G}", 2, 2) + test::creature("Wolf", "{G}", 2, 2) + test::creature("Bear", "{G}", 2, 2) +
    test::creature("Boar", "{G}", 2, 2) + test::creature("Ox", "{G}", 2, 2);

// Five creatures on both sides make {8}{R} cost {3}{R}: cast, every creature dies; with four it
// costs {4}{R} and the {3}{R} in the pool does not cast it.
TEST(WagicAffinitySpec, EachSuchCardOnTheBattlefieldReducesTheCost) {
  TestOutcome r = test::play_own(kAffinityCards,
                                 "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:elk,wolf\nmanapool:{3}{R}\nhand:act\n[PLAYER2]\ninplay:boar,ox,bear\n"
                                 "[DO]\nact\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:elk,wolf,act\n[PLAYER2]\ngraveyard:boar,ox,bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kAffinityCards,
                     "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:elk\nmanapool:{3}{R}\nhand:act\n[PLAYER2]\ninplay:boar,ox,bear\n"
                     "[DO]\nact\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:elk\nmanapool:{3}{R}\nhand:act\n[PLAYER2]\ninplay:boar,ox,bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// mygraveyard counts its caster's graveyard only: two creatures there make {5}{B} cost {3}{B};
// the opponent's graveyard creature does not count.
TEST(WagicAffinitySpec, MyGraveyardCountsTheCastersGraveyard) {
  TestOutcome r = test::play_own(kAffinityCards,
                                 "[INIT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:elk,wolf\nmanapool:{3}{B}\nhand:grave gift\n[PLAYER2]\n"
                                 "graveyard:bear\n[DO]\ngrave gift\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:elk,wolf,grave gift\nlife:23\n"
                                 "[PLAYER2]\ngraveyard:bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kAffinityCards,
                     "[INIT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:elk\nmanapool:{3}{B}\nhand:grave gift\n[PLAYER2]\n"
                     "graveyard:wolf,bear\n[DO]\ngrave gift\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:elk\nmanapool:{3}{B}\nhand:grave gift\n"
                     "[PLAYER2]\ngraveyard:wolf,bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// cantmillose (whole games ask Game::loses_by_drawing as a player must draw from an empty library,
// match.cc): a permanent of its own keeps its controller in the game; the opponent's does not,
// and it does not stop a loss at 0 life.
TEST(WagicCantMillose, ItsControllerDoesNotLoseByDrawingFromAnEmptyLibrary) {
  const std::string cards = "[card]\nname=Platinum\nmana={7}\ntype=Artifact\nabilities=cantmillose\n[/card]\n";
  Database db;
  add_file("primitives.txt", cards, false, db);
  add_file("_cards.dat", "[card]\nprimitive=Platinum\nid=1\n[/card]\n", true, db);
  resolve(db);
  Catalog cat(db);
  const CardDef* platinum = cat.by_name("platinum");
  ASSERT_NE(platinum, nullptr);
  Game g(cat);
  EXPECT_TRUE(g.loses_by_drawing(0));
  const int c = g.create(platinum, 1, 1);
  g.move(c, 1, kBattlefield);  // the opponent's
  EXPECT_TRUE(g.loses_by_drawing(0));
  EXPECT_FALSE(g.loses_by_drawing(1));
  g.move(c, 0, kBattlefield);  // now player 1's
  EXPECT_FALSE(g.loses_by_drawing(0));
  EXPECT_TRUE(g.loses_by_drawing(1));
  g.players[0].life = 0;
  EXPECT_TRUE(g.loses_by_state(0));
}

// Madness (CR 702.35): a discarded card with madness is exiled instead, and its
// autoexile=restriction{discarded} line triggers: pay its madness cost to cast it (choice 0), or
// put it into its owner's graveyard (choice 1). A card without madness goes to the graveyard.
const std::string kMadnessCards =
    "[card]\nname=Wurm\nmana={3}{G}{G}\ntype=Creature\npower=4\ntoughness=4\nabilities=madness\n"
    "autoexile=restriction{discarded} pay({2}{G}) name(pay 2G to cast) activate name(pay 2G to cast) castcard(normal)?name(put in graveyard) "
    "moveto(ownergraveyard)\n[/card]\n"
    "[card]\nname=Loot\nmana={U}\ntype=Sorcery\nauto=discard:1 controller\n[/card]\n" + test::creature("Elk", "{G}", 2, 2);

TEST(WagicMadness, ADiscardedMadnessCardIsExiledAndMayBeCastForItsMadnessCost) {
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{U}{2}{G}\nhand:loot,";
  TestOutcome r = test::play_own(kMadnessCards, start + "wurm\n[PLAYER2]\n[DO]\nloot\nchoice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n"
                                                        "inplay:wurm\ngraveyard:loot\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kMadnessCards, start + "wurm\n[PLAYER2]\n[DO]\nloot\nchoice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n"
                                            "graveyard:loot,wurm\nmanapool:{2}{G}\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kMadnessCards, start + "elk\n[PLAYER2]\n[DO]\nloot\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n"
                                            "graveyard:loot,elk\nmanapool:{2}{G}\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
