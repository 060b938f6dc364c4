// nextphasealter: a player skips their next untap, draw or combat (CR 500.11), and combat phases
// added to this turn (CR 500.8), on small cards of the test's own.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

// After this main phase, an additional combat phase and an additional main phase: the bear
// (vigilance) attacks twice.
TEST(WagicPhaseAlter, AnAdditionalCombatAndMainPhaseFollowThisOne) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2, "vigilance") +
                            "[card]\nname=Assault\nmana={0}\ntype=Sorcery\nauto=nextphasealter(add,combatphaseswithmain,controller,after<this>)\n[/card]\n";
  const std::string combat = "next\nnext\nbear\nnext\nnext\nnext\n";  // from a main phase to the end of combat
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bear\nhand:assault\n[PLAYER2]\n[DO]\nassault\n" + combat +
                                            "next\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bear\ngraveyard:assault\n[PLAYER2]\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bear\nhand:assault\n[PLAYER2]\n[DO]\nassault\n" + combat + "next\n" + combat +
                                "next\n[ASSERT]\nSECONDMAIN\n[PLAYER1]\ninplay:bear\ngraveyard:assault\n[PLAYER2]\nlife:16\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// An additional combat phase after this combat (a trigger as the creature attacks, once a turn:
// turnlimited), then the second main phase.
TEST(WagicPhaseAlter, AnAdditionalCombatAfterThisOne) {
  const std::string cards = "[card]\nname=Warlord\nmana={R}\ntype=Creature\npower=3\ntoughness=3\nabilities=vigilance\n"
                            "auto=@combat(attacking) source(this) turnlimited:nextphasealter(add,combatphases,controller,after<combatends>)\n[/card]\n";
  const std::string combat = "next\nnext\nwarlord\nnext\nnext\nnext\n";
  const TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:warlord\n[PLAYER2]\n[DO]\n" + combat +
                                                  combat + "next\n[ASSERT]\nSECONDMAIN\n[PLAYER1]\ninplay:warlord\n[PLAYER2]\nlife:14\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// The opponent skips their next draw step, then their next combat phase.
TEST(WagicPhaseAlter, APlayerSkipsTheirNextDrawStepAndCombat) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Slumber\nmana={0}\ntype=Sorcery\nauto=nextphasealter(remove,draw,opponent)\n[/card]\n"
                            "[card]\nname=Ruse\nmana={0}\ntype=Sorcery\nauto=nextphasealter(remove,combatbegins,opponent)\n"
                            "auto=nextphasealter(remove,combatattackers,opponent)\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:slumber\n[PLAYER2]\nlibrary:bear\n[DO]\nslumber\neot\nnext\nnext\n"
                                            "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:slumber\n[PLAYER2]\nlibrary:bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:ruse\n[PLAYER2]\nlibrary:bear\n[DO]\nruse\neot\nnext\nnext\nnext\nnext\n"
                                "[ASSERT]\nSECONDMAIN\n[PLAYER1]\ngraveyard:ruse\n[PLAYER2]\nhand:bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg

namespace rk::mtg {
namespace {

// hmodifer:N: while the permanent is on the battlefield, its controller's (or the opponent's)
// maximum hand size is N more; at the cleanup step the extra cards are discarded.
TEST(WagicPhaseAlter, HandSizeModifiersChangeTheCleanupDiscard) {
  std::string cards = "[card]\nname=Advisor\nmana={U}\ntype=Creature\npower=1\ntoughness=1\nauto=hmodifer:-4 controller\n[/card]\n";
  for (const char* n : {"Ant", "Bee", "Cat", "Dog", "Elk"}) cards += test::creature(n, "{G}", 1, 1);
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:advisor\nhand:ant,bee,cat,dog,elk\n[PLAYER2]\n[DO]\neot\n"
                                            "[ASSERT]\nUNTAP\n[PLAYER1]\ninplay:advisor\nhand:cat,dog,elk\ngraveyard:ant,bee\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Without it, seven cards are allowed: none discarded.
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:ant,bee,cat,dog,elk\n[PLAYER2]\n[DO]\neot\n"
                                "[ASSERT]\nUNTAP\n[PLAYER1]\nhand:ant,bee,cat,dog,elk\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
