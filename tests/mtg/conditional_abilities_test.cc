// aslongas(spec) {cost}:effect [>N]: an activated ability usable only while the count holds (Wagic
// keeps the ability only then); once activated it resolves whatever the count has become. Small
// cards of the test's own.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kCards = "[card]\nname=Grove\ntype=Land\nauto={T}:Add{G}\n[/card]\n"
                           "[card]\nname=Glade\ntype=Land\nauto={T}:Add{G}\n[/card]\n" +
                           test::creature("Squire", "{W}", 1, 1) +
                           "[card]\nname=Prism\nmana={2}\ntype=Artifact\nauto=aslongas(*[white]|myBattlefield) {T}:Add{W}\n[/card]\n"
                           "[card]\nname=Sanctuary\nmana={2}\ntype=Artifact\n"
                           "auto=aslongas(land|myBattlefield) {T}{S(land|myBattlefield)}{S(land|myBattlefield)}:life:5 >1\n[/card]\n";

std::string main_phase(const std::string& inplay, const std::string& act, const std::string& assert_p1) {
  return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:" + inplay + "\n[PLAYER2]\n[DO]\n" + act + "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n" +
         assert_p1 + "[PLAYER2]\n[END]\n";
}

// The prism makes {W} while a white permanent is there, and nothing otherwise.
TEST(WagicConditions, AnActivatedAbilityWorksOnlyWhileItsCountHolds) {
  TestOutcome r = test::play_own(kCards, main_phase("prism,squire", "prism\n", "inplay:prism,squire\nmanapool:{W}\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, main_phase("prism", "prism\n", "inplay:prism\nmanapool:{0}\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// >1: two lands are more than one, and the two it sacrifices do not stop it; one land is not enough.
TEST(WagicConditions, TheCountIsLookedAtAsItIsActivatedNotAsItResolves) {
  TestOutcome r = test::play_own(kCards, main_phase("sanctuary,grove,glade", "sanctuary\ngrove\nglade\n",
                                                    "inplay:sanctuary\ngraveyard:grove,glade\nlife:25\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, main_phase("sanctuary,grove", "sanctuary\n", "inplay:sanctuary,grove\nlife:20\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
