// Keywords that compare or add up, each on small cards of the test's own: evolve (CR 702.100),
// level up with maxlevel and the [leveler] restriction (CR 711), bushido instances that add up
// (CR 702.45b), extra turns (CR 500.7), @cycled and donothing (an ability that only chooses).
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <utility>

#include "own_cards.h"

namespace rk::mtg {
namespace {

std::string card(const std::string& name, const std::string& type, const std::string& body) {
  return "[card]\nname=" + name + "\nmana={0}\ntype=" + type + "\n" + body + "[/card]\n";
}

// From the first main phase: `cast` (one click each), then `attacker` attacks alone, unblocked;
// player 1's zones (`after`) and the defender's life as combat ends.
std::string cast_then_attack(const std::string& inplay, const std::string& hand, const std::string& cast,
                             const std::string& attacker, const std::string& after, int life) {
  return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:" + inplay + "\nhand:" + hand + "\n[PLAYER2]\n[DO]\n" + cast +
         "next\nnext\n" + attacker + "\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\n" + after +
         "[PLAYER2]\nlife:" + std::to_string(life) + "\n[END]\n";
}

// Evolve: a creature entering with greater power (or toughness) puts a +1/+1 counter on it; a
// smaller one does not.
TEST(WagicKeywords, EvolveCountsOnlyGreaterCreatures) {
  const std::string cards = card("Snapjaw", "Creature", "power=2\ntoughness=2\nauto=evolve\n") +
                            test::creature("Ogre", "{0}", 3, 1) + test::creature("Cub", "{0}", 1, 1) +
                            test::creature("Wall", "{0}", 0, 3) + test::creature("Brute", "{0}", 3, 3);
  struct Case {
    const char *cast, *after;
    int life;
  };
  for (const Case& c : {Case{"ogre\n", "inplay:snapjaw,ogre\nhand:cub,wall,brute\n", 17},
                        Case{"cub\n", "inplay:snapjaw,cub\nhand:ogre,wall,brute\n", 18},
                        Case{"wall\n", "inplay:snapjaw,wall\nhand:ogre,cub,brute\n", 17},  // a 0/3: toughness 3 > 2
                        Case{"ogre\nbrute\n", "inplay:snapjaw,ogre,brute\nhand:cub,wall\n", 17}}) {  // a 3/3 then: another 3/3 is not greater
    const std::string cast = c.cast;
    const TestOutcome r = test::play_own(cards, cast_then_attack("snapjaw", "ogre,cub,wall,brute", cast, "snapjaw", c.after, c.life));
    EXPECT_EQ(r.status, TestOutcome::kPass) << cast << test::trace_of(r);
  }
}

// Level up: {0}: a level counter, as a sorcery; at level 2 and more it is a 3/3 (this(counter{..})).
// maxlevel:N makes it a leveler: the Teacher's all(creature[leveler]) gives it two levels and
// the plain Bear none.
TEST(WagicKeywords, LevelUpCountsLevelsAndMaxlevelMakesALeveler) {
  const std::string cards =
      card("Squire", "Creature",
           "power=1\ntoughness=1\nauto={0}:counter(0/0,1,Level) asSorcery\nauto=this(counter{0/0.2.Level}) 2/2\nauto=maxlevel:2\n") +
      card("Teacher", "Sorcery", "auto=all(creature[leveler]|myBattlefield) counter(0/0,2,level)\n") +
      card("Bear", "Creature", "power=2\ntoughness=2\nauto=this(counter{0/0.2.Level}) 2/2\n");
  for (const auto& [cast, attacker, life] : {std::tuple{"squire\nsquire\n", "squire", 17}, {"squire\n", "squire", 19},
                                             {"teacher\n", "squire", 17}, {"teacher\n", "bear", 18}}) {
    const std::string after = std::string(cast) == "teacher\n" ? "inplay:squire,bear\ngraveyard:teacher\n" : "inplay:squire,bear\nhand:teacher\n";
    const TestOutcome r = test::play_own(cards, cast_then_attack("squire,bear", "teacher", cast, attacker, after, life));
    EXPECT_EQ(r.status, TestOutcome::kPass) << cast << attacker << test::trace_of(r);
  }
}

// Bushido: each instance gives +N/+N on its own (CR 702.45b). Two bushido 1 on a 2/2 make a 4/4
// that kills a blocking 3/3 and lives; with one, both die.
TEST(WagicKeywords, BushidoInstancesAddUp) {
  const std::string cards = card("Ronin", "Creature", "power=2\ntoughness=2\nauto=bushido(1/1)\nauto=bushido(1/1)\n") +
                            card("Kensai", "Creature", "power=2\ntoughness=2\nauto=bushido(1/1)\n") +
                            test::creature("Ogre", "{2}{R}", 3, 3);
  TestOutcome r = test::play_own(cards, test::combat("ronin", "ogre", "ronin\n", "ogre\n", "inplay:ronin\n", "graveyard:ogre\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, test::combat("kensai", "ogre", "kensai\n", "ogre\n", "graveyard:kensai\n", "graveyard:ogre\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// donothing: the ability chooses its target (a look at a card in a hand) and changes nothing.
TEST(WagicEffects, DoNothingOnlyChooses) {
  const std::string cards = card("Peek", "Sorcery", "target=*|opponenthand\nauto=donothing\n") + test::creature("Ogre", "{2}{R}", 3, 3);
  const TestOutcome r = test::play_own(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:peek\n[PLAYER2]\nhand:ogre\n[DO]\npeek\nogre\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:peek\n[PLAYER2]\nhand:ogre\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  EXPECT_TRUE(r.missing.empty()) << "an unsupported part was met";
}

// turns:+1: an extra turn for its controller right after this one (CR 500.7): player 1 draws
// next; without it, player 2 does.
TEST(WagicEffects, ExtraTurnsComeRightAfterThisOne) {
  const std::string cards =
      card("Timewalk", "Sorcery", "auto=turns:+1 controller\n") + test::creature("Ox", "{1}{W}", 1, 4) + test::creature("Bear", "{1}{G}", 2, 2);
  TestOutcome r = test::play_own(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:timewalk\nlibrary:ox\n[PLAYER2]\nlibrary:bear\n[DO]\ntimewalk\neot\nnext\nnext\n"
      "[ASSERT]\nDRAW\n[PLAYER1]\nhand:ox\ngraveyard:timewalk\n[PLAYER2]\nlibrary:bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:timewalk\nlibrary:ox\n[PLAYER2]\nlibrary:bear\n[DO]\neot\nnext\nnext\n"
      "[ASSERT]\nDRAW\n[PLAYER1]\nhand:timewalk\nlibrary:ox\n[PLAYER2]\nhand:bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// @cycled(*|hand): a card cycled from the hand (CR 702.29); a card discarded otherwise is not.
TEST(WagicTriggers, CycledFiresOnCyclingNotOtherDiscards) {
  const std::string cards = card("Slide", "Enchantment", "auto=@cycled(*|hand):life:2 controller\n") +
                            "[card]\nname=Cycler\nmana={3}\ntype=Creature\npower=1\ntoughness=1\nautohand={0}{cycle}:draw:1\n[/card]\n" +
                            card("Rummage", "Sorcery", "auto=discard:1 controller\n") + test::creature("Ox", "{1}{W}", 1, 4);
  TestOutcome r = test::play_own(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:slide\nhand:cycler\nlibrary:ox\n[PLAYER2]\n[DO]\ncycler\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:slide\nhand:ox\ngraveyard:cycler\nlife:22\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:slide\nhand:rummage,cycler\n[PLAYER2]\n[DO]\nrummage\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:slide\ngraveyard:rummage,cycler\nlife:20\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// autohand={cost}{discard}:effect (channel, bloodrush): the card is discarded from the hand to pay,
// the effect happens, and it is not cycling: @cycled stays silent.
TEST(WagicKeywords, DiscardThisFromTheHandPaysAnAbilityThatIsNotCycling) {
  const std::string cards = card("Slide", "Enchantment", "auto=@cycled(*|hand):life:2 controller\n") +
                            "[card]\nname=Channeler\nmana={3}\ntype=Creature\npower=1\ntoughness=1\nautohand={0}{discard}:life:3 controller\n[/card]\n";
  const TestOutcome r = test::play_own(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:slide\nhand:channeler\n[PLAYER2]\n[DO]\nchanneler\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:slide\ngraveyard:channeler\nlife:23\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// {H(spec)} in an activated ability's cost: a chosen such card returns to its owner's hand; with
// none to return, the ability cannot be activated.
TEST(WagicKeywords, ReturningACardToHandPaysAnAbility) {
  const std::string cards = card("Waterfall", "Creature", "power=1\ntoughness=1\nauto={H(land|mybattlefield)}:life:4 controller\n") +
                            "[card]\nname=Grove\ntype=Land\nauto={T}:Add{G}\n[/card]\n";
  TestOutcome r = test::play_own(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:waterfall,grove\n[PLAYER2]\n[DO]\nwaterfall\ngrove\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:waterfall\nhand:grove\nlife:24\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:waterfall\n[PLAYER2]\n[DO]\nwaterfall\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:waterfall\nlife:20\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
