// Pieces of the card language and of Wagic's scenario runner that Wagic's held-back tests meet:
// a spell's or an ability's targets left unchosen (nothing cast, nothing paid), <prex> asking for
// exactly X targets, a menu label written before if .. then.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kCards =
    "[card]\nname=Undertow\nmana={X}{U}\ntype=Sorcery\ntarget=<prex>*[-land]\nauto=moveTo(ownerhand)\n[/card]\n"
    "[card]\nname=Rod\nmana={1}\ntype=Artifact\nauto={1}{T}:damage:2 target(creature)\n[/card]\n"
    "[card]\nname=Herder\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n"
    "auto={G}{T}:name(Make a wolf) if type(creature|opponentbattlefield)~morethan~type(creature|mybattlefield) then "
    "token(Wolf,Creature Wolf,2/2,green)\n[/card]\n"
    "[card]\nname=Elk\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n"
    "[card]\nname=Bear\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n"
    "[card]\nname=Owl\nmana={U}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";

std::string game(const std::string& p1, const std::string& p2, const std::string& commands, const std::string& a1,
                 const std::string& a2) {
  return "[INIT]\nFIRSTMAIN\n[PLAYER1]\n" + p1 + "[PLAYER2]\n" + p2 + "[DO]\n" + commands + "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n" + a1 +
         "[PLAYER2]\n" + a2 + "[END]\n";
}

// X = 2: two targets return both; one target and `next` does not cast it at all (Wagic asks the
// targets before it pays, and `next` does not close a chooser that wants exactly X).
TEST(WagicUnfinishedTargets, PrexWantsExactlyXAndAnUnfinishedSpellIsNotCast) {
  const std::string p1 = "inplay:elk,bear,owl\nhand:undertow\nmanapool:{2}{U}\n";
  TestOutcome r = test::play_own(kCards, game(p1, "", "undertow\nelk\nbear\n", "inplay:owl\nhand:elk,bear\ngraveyard:undertow\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game(p1, "", "undertow\nelk\nnext\n", p1, ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// An ability whose target is never chosen: its mana stays in the pool; chosen, it is paid.
TEST(WagicUnfinishedTargets, AnAbilityWithoutItsTargetPaysNothing) {
  TestOutcome r = test::play_own(kCards, game("inplay:rod\nmanapool:{1}\n", "inplay:owl\n", "rod\n", "inplay:rod\nmanapool:{1}\n",
                                              "inplay:owl\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("inplay:rod\nmanapool:{1}\n", "inplay:owl\n", "rod\nowl\n", "inplay:rod\n", "graveyard:owl\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// name(label) if A~morethan~B then ..: the label only names the ability; the condition decides.
TEST(WagicLabelledIf, ALabelBeforeIfKeepsTheCondition) {
  TestOutcome r = test::play_own(kCards, game("inplay:herder\nmanapool:{G}\n", "inplay:elk,bear\n", "herder\n", "inplay:herder,*\n",
                                              "inplay:elk,bear\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("inplay:herder\nmanapool:{G}\n", "inplay:elk\n", "herder\n", "inplay:herder\n", "inplay:elk\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
