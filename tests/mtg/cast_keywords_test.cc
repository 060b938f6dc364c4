// Keyword abilities about casting (rules/cast_keywords.cc): split second and sunburst.
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

// Split second (CR 702.61): with the spell on the stack, its caster keeps priority ("yes") and
// tries the monk's {0} ability and another spell: neither happens. Without split second both do.
TEST(WagicCastKeywords, SplitSecondAllowsNoResponse) {
  const std::string cards = card("Sudden", "{0}", "Instant", "abilities=split second\ntarget=creature\nauto=damage:2\n") +
                            card("Plain", "{0}", "Instant", "target=creature\nauto=damage:2\n") +
                            card("Salve", "{0}", "Instant", "auto=life:3\n") +
                            card("Monk", "{W}", "Creature", "power=1\ntoughness=1\nauto={0}:life:1\n") +
                            card("Bear", "{1}{G}", "Creature", "power=2\ntoughness=2\n");
  TestOutcome r = play_own(cards, main_phase("inplay:monk\nhand:sudden,salve\n", "inplay:bear\n", "sudden\nbear\nyes\nmonk\nsalve\nendinterruption\n",
                                             "inplay:monk\nhand:salve\ngraveyard:sudden\n", "graveyard:bear\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, main_phase("inplay:monk\nhand:plain,salve\n", "inplay:bear\n", "plain\nbear\nyes\nmonk\nsalve\nendinterruption\n",
                                 "inplay:monk\ngraveyard:plain,salve\nlife:24\n", "graveyard:bear\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// Sunburst (CR 702.44): a +1/+1 counter per colour of mana spent. A {1} golem cast from {G}{U}{R}
// spends one colour (one counter); a {3} golem from {3}{G}{U} pays its generic part with green and
// blue first (two counters). Each attacks alone: its power is the count.
TEST(WagicCastKeywords, SunburstCountsTheColoursSpent) {
  const std::string cards = card("Golem", "{1}", "Artifact Creature", "power=0\ntoughness=0\nabilities=sunburst\nauto=counter(1/1,sunburst)\n") +
                            card("Colossus", "{3}", "Artifact Creature", "power=0\ntoughness=0\nabilities=sunburst\nauto=counter(1/1,sunburst)\n") +
                            card("Fervor", "{0}", "Enchantment", "auto=lord(creature|mybattlefield) haste\n");
  auto attack = [](const std::string& pool, const std::string& who, int life) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:" + pool + "\ninplay:fervor\nhand:" + who + "\n[PLAYER2]\n[DO]\n" + who +
           "\nnext\nnext\n" + who + "\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:fervor," + who + "\n[PLAYER2]\nlife:" + std::to_string(life) + "\n[END]\n";
  };
  TestOutcome r = play_own(cards, attack("{G}{U}{R}", "golem", 19));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, attack("{3}{G}{U}", "colossus", 18));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// Overload (CR 702.96): cast for its mana cost, the paidmana line taps its target; cast for the
// overload cost (the menu's second choice), the overload line taps every creature of the
// opponent and nothing is targeted.
TEST(WagicCastKeywords, OverloadRunsItsOverloadLinesWithoutTargets) {
  const std::string cards = card("Squall", "{U}", "Instant", "other={3}{U} name(Overload)\ntarget=creature|opponentbattlefield\n"
                                                             "auto=overload tap all(creature|opponentbattlefield)\nauto=paidmana tap\n") +
                            card("Bear", "{1}{G}", "Creature", "power=2\ntoughness=2\n") + card("Cub", "{G}", "Creature", "power=1\ntoughness=1\n") +
                            card("Ogre", "{2}{R}", "Creature", "power=3\ntoughness=3\n");
  // Then the ogre attacks and player 2 clicks the cub to block: a tapped cub cannot.
  auto game = [&](const std::string& pool, const std::string& act, const std::string& p2) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:" + pool + "\nhand:squall\ninplay:ogre\n[PLAYER2]\ninplay:bear,cub\n[DO]\n" + act +
           "next\nnext\nogre\nnext\ncub\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:ogre\ngraveyard:squall\n[PLAYER2]\n" + p2 + "[END]\n";
  };
  TestOutcome r = play_own(cards, game("{U}", "squall\nbear\n", "inplay:bear\ngraveyard:cub\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, game("{3}{U}", "squall\nchoice 1\n", "inplay:bear,cub\nlife:17\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

}  // namespace
}  // namespace rk::mtg

namespace rk::mtg {
namespace {

// forcedalive (Wagic's hint that a lord over a hand stays in force): the prophet's creatures in
// hand have flash, so the bear is cast in the combat's beginning; without the prophet it is not.
TEST(WagicCastKeywords, ForcedAliveLordGivesFlashInTheHand) {
  const std::string cards = test::creature("Bear", "{1}{G}", 2, 2) +
                            "[card]\nname=Prophet\nmana={3}{G}{U}\ntype=Creature\npower=2\ntoughness=3\n"
                            "auto=lord(creature|myhand) flash forcedalive\n[/card]\n";
  auto game = [](const std::string& inplay, const std::string& after) {
    return "[INIT]\nCOMBATBEGIN\n[PLAYER1]\nmanapool:{1}{G}\nhand:bear\ninplay:" + inplay + "\n[PLAYER2]\n[DO]\nbear\n[ASSERT]\nCOMBATBEGIN\n[PLAYER1]\n" +
           after + "[PLAYER2]\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, game("prophet", "inplay:prophet,bear\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, game("", "manapool:{1}{G}\nhand:bear\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg

namespace rk::mtg {
namespace {

// Phasing (CR 702.26): in its controller's untap step it phases out (and cannot attack that
// turn), in the next one it phases back in.
TEST(WagicKeywords, PhasingGoesOutOneTurnAndComesBack) {
  const std::string cards = test::creature("Spirit", "{1}{U}", 2, 2, "phasing") + test::creature("Bear", "{1}{G}", 2, 2) +
                            "[card]\nname=Rock\ntype=Land\n[/card]\n";
  const std::string turn = "eot\neot\nnext\nnext\nnext\nnext\nnext\nspirit\nbear\nnext\nnext\nnext\n";  // to player 1's next attack
  auto game = [&](int turns, int life) {
    std::string act;
    for (int i = 0; i < turns; ++i) act += turn;
    const std::string drawn = turns == 1 ? "hand:*\nlibrary:*\n" : "hand:*,*\n";  // each player drew a card a turn
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:spirit,bear\nlibrary:rock,rock\n[PLAYER2]\nlibrary:rock,rock\n[DO]\n" + act +
           "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:spirit,bear\n" + drawn + "[PLAYER2]\nlife:" + std::to_string(life) + "\n" + drawn + "[END]\n";
  };
  TestOutcome r = test::play_own(cards, game(1, 18));  // out: only the bear attacks
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, game(2, 14));  // back in: 2 (the first turn) + 4
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
