// Magic rules pinned with small cards of our own (not Wagic's database): each test writes the card
// text it needs, gives the cards multiverse ids in a set file, and plays a scenario in Wagic's test
// format through the runner (harness.cc).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "mtg/own_cards.h"
#include "games/mtg/compiler/card_def.h"
#include "games/mtg/language/database.h"
#include "games/mtg/runners/harness.h"
#include "games/mtg/runners/scenario.h"

namespace rk::mtg {
namespace {

// The cards get ids 1, 2, ... in their order (tests/mtg/own_cards.h).
TestOutcome play(const std::string& cards, const std::string& scenario) { return test::play_own(cards, scenario); }

std::string trace(const TestOutcome& r) {
  std::string t;
  for (const std::string& line : r.trace) t += "    " + line + "\n";
  return r.first_difference + "\n" + r.diff + t;
}

const char* kBear = "[card]\nname=Bear\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

// A sacrifice paid as a cost comes after the target is chosen, and Wagic resolves @sacrificed at
// once: the may counter lands before the ability the sacrifice paid for resolves, and a `next`
// typed while that ability waits on the stack does nothing.
TEST(WagicRules, SacrificeCostTriggersResolveBeforeTheAbility) {
  const std::string cards = std::string(kBear) +
      "[card]\nname=Grim Watcher\nauto=@sacrificed(creature):ability$!may counter(1/1,1) all(mystored)!$ controller\n"
      "type=Creature\npower=1\ntoughness=1\n[/card]\n"
      "[card]\nname=Cultist\nauto={T}{S}:-1/-1 target(creature)\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";
  const TestOutcome r = play(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:grim watcher,cultist\n[PLAYER2]\n"
      "[DO]\ncultist\ngrim watcher\nnext\nchoice 0\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:grim watcher\ngraveyard:cultist\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace(r);
}

}  // namespace
}  // namespace rk::mtg

namespace rk::mtg {
namespace {

// Multikicker is paid as often as the pool allows (test players kick whenever they can), and
// counter(1/1,kicked) counts the payments; a spell's clone is a token copy of its target.
TEST(WagicRules, MultikickerCountsItsPaymentsAndCloneMakesATokenCopy) {
  const std::string cards = std::string(kBear) +
      "[card]\nname=Hawk Swarm\nauto=kicker counter(1/1,kicked)\nkicker=multi{1}{W}\nmana={W}\ntype=Creature\n"
      "power=1\ntoughness=2\n[/card]\n"
      "[card]\nname=Mirror Trick\ntarget=creature\nauto=clone\nmana={U}\ntype=Sorcery\n[/card]\n"
      "[card]\nname=Ember Bolt\ntarget=creature,player\nauto=damage:3\nmana={R}\ntype=Instant\n[/card]\n";
  // {W} for the swarm, two kicks of {1}{W} (no third: no {W} left): a 3/4 that survives the bolt.
  const TestOutcome r = play(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:hawk swarm,mirror trick,ember bolt\ninplay:bear\n"
      "manapool:{W}{W}{W}{2}{U}{R}\n[PLAYER2]\n"
      "[DO]\nhawk swarm\nmirror trick\nbear\nember bolt\nhawk swarm\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:hawk swarm,bear,bear\ngraveyard:mirror trick,ember bolt\n"
      "[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace(r);
}

}  // namespace
}  // namespace rk::mtg

namespace rk::mtg {
namespace {

// @lifeof hears its controller gain life (thatmuch: how much); @vampired hears a creature that the
// source damaged this turn die.
TEST(WagicRules, LifeGainedAndVampiredTriggers) {
  const std::string cards = std::string(kBear) +
      "[card]\nname=Glad Bat\nauto=@lifeof(player):all(trigger[to]) dynamicability<!myself thatmuchcountersoneone tosrc!>\n"
      "type=Creature\npower=1\ntoughness=1\n[/card]\n"
      "[card]\nname=Leech Lord\nauto=@vampired(creature) from(this):counter(1/1,1) all(this)\n"
      "auto={R}:damage:1 target(creature)\ntype=Creature\npower=1\ntoughness=2\n[/card]\n"
      "[card]\nname=Tonic\nauto=life:2\nmana={W}\ntype=Instant\n[/card]\n"
      "[card]\nname=Spark\ntarget=creature\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n"
      "[card]\nname=Gnat\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";
  const TestOutcome r = play(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:tonic,spark,spark\ninplay:glad bat,leech lord\nmanapool:{W}{R}{R}{R}\n"
      "[PLAYER2]\ninplay:gnat\n"
      "[DO]\ntonic\nleech lord\ngnat\nspark\nglad bat\nspark\nleech lord\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:glad bat,leech lord\ngraveyard:tonic,spark,spark\nlife:22\n"
      "[PLAYER2]\ngraveyard:gnat\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace(r);
}

}  // namespace
}  // namespace rk::mtg
