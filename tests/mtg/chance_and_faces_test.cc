// A card turned into another (flip(name): transform, flip cards), a player winning the game
// (wingame), a coin flip (flipacoin .. flipend) and triggers restricted to the spells cast last
// turn (restriction{lastturn(*|stack)..}), on small cards of the test's own.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

// From player 1's first main phase: the first combat, `attacker` attacking alone unblocked.
std::string attack(const std::string& attacker) { return "next\nnext\n" + attacker + "\nnext\nnext\nnext\n"; }

// flip(name): the creature becomes the named card (a 4/4 flyer) and attacks as it; the same
// object, so the assertion finds it by the id of the card it was.
TEST(WagicFlip, FlipTurnsThePermanentIntoTheNamedCard) {
  const std::string cards = "[card]\nname=Tenderfoot\nmana={G}\ntype=Creature\npower=1\ntoughness=1\nauto={0}:flip(Kenzo)\n[/card]\n" +
                            test::creature("Kenzo", "{G}", 4, 4, "flying");
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:tenderfoot\n[PLAYER2]\n[DO]\ntenderfoot\n" + attack("kenzo") +
                                            "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:tenderfoot\n[PLAYER2]\nlife:16\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// this(cond) flip(name): it transforms as soon as the condition holds (a loyalty counter removed
// leaves two), not only as it enters; as the new card it has the new card's ability.
TEST(WagicFlip, AConditionOnTheCardTransformsItWhenItComesToHold) {
  const std::string cards = "[card]\nname=Walker\nmana={0}\ntype=Creature\npower=1\ntoughness=1\nauto=counter(0/0,3,loyalty)\n"
                            "auto={C(0/0,-1,loyalty)}:life:1 controller\nauto=this(counter{0/0.1.loyalty}<3) flip(Veil)\n[/card]\n"
                            "[card]\nname=Veil\nmana={0}\ntype=Creature\npower=4\ntoughness=4\nauto={0}:life:5 controller\n[/card]\n";
  const TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:walker\n[PLAYER2]\n[DO]\nwalker\nwalker\nveil\n"
                                              "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:walker\nlife:26\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// A werewolf: at each upkeep, if no spells were cast last turn it transforms (a 2/2 into a 4/4);
// with two spells cast last turn it does not.
TEST(WagicFlip, WerewolvesTransformWhenNoSpellsWereCastLastTurn) {
  const std::string cards =
      "[card]\nname=Shepherd\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n"
      "auto=@each upkeep restriction{lastturn(*|stack)~lessthan~1}:flip(Howler)\n[/card]\n"
      "[card]\nname=Howler\nmana={G}\ntype=Creature\npower=4\ntoughness=4\n"
      "auto=@each upkeep restriction{lastturn(*|stack)~morethan~1}:flip(Shepherd)\n[/card]\n"
      "[card]\nname=Trinket\nmana={0}\ntype=Artifact\n[/card]\n[card]\nname=Bauble\nmana={0}\ntype=Artifact\n[/card]\n";
  // eot, eot, next, next: player 2's turn passes, to player 1's draw step; then the main phase.
  const std::string to_next_turn = "eot\neot\nnext\nnext\nnext\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:shepherd\n[PLAYER2]\n[DO]\n" + to_next_turn + attack("howler") +
                                            "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:shepherd\n[PLAYER2]\nlife:16\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Two spells cast in player 1's turn: at player 2's upkeep it stays a 2/2, and player 2's rod (3
  // damage) kills it; with none cast, it is a 4/4 by then and survives.
  const std::string rod = "[card]\nname=Rod\nmana={0}\ntype=Artifact\nauto={0}:damage:3 target(creature)\n[/card]\n";
  const std::string upkeep2 = "eot\nnext\nnext\nrod\n";
  r = test::play_own(cards + rod, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:shepherd\nhand:trinket,bauble\n[PLAYER2]\ninplay:rod\n[DO]\ntrinket\nbauble\n" +
                                      upkeep2 + "shepherd\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:trinket,bauble\ngraveyard:shepherd\n[PLAYER2]\ninplay:rod\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards + rod, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:shepherd\n[PLAYER2]\ninplay:rod\n[DO]\n" + upkeep2 +
                                      "howler\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:shepherd\n[PLAYER2]\ninplay:rod\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// wingame: the controller wins; wingame opponent: the opponent does. The runner ends such a game
// without a verdict and says who lost.
TEST(WagicWinGame, WinGameEndsTheGameForTheNamedPlayer) {
  const std::string cards = "[card]\nname=Altar\nmana={0}\ntype=Artifact\nauto={0}:wingame\n[/card]\n"
                            "[card]\nname=Curse\nmana={0}\ntype=Artifact\nauto={0}:wingame opponent\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:altar\n[PLAYER2]\n[DO]\naltar\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:altar\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kNoVerdict) << test::trace_of(r);
  EXPECT_NE(r.first_difference.find("player 2 lost"), std::string::npos) << r.first_difference;
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:curse\n[PLAYER2]\n[DO]\ncurse\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:curse\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kNoVerdict) << test::trace_of(r);
  EXPECT_NE(r.first_difference.find("player 1 lost"), std::string::npos) << r.first_difference;
}

// flipacoin: the controller calls (a menu: heads, tails); the scenario runner's coin comes up
// heads. A won call runs the win ability (its && parts too), a lost one the lose ability.
TEST(WagicCoinFlip, TheCallDecidesWhichAbilityHappens) {
  const std::string cards = "[card]\nname=Imp\nmana={0}\ntype=Artifact\nauto={0}:flipacoin winability life:3 controller && life:1 controller "
                            "winabilityend loseability damage:2 controller loseabilityend flipend\n[/card]\n"
                            "[card]\nname=Gnome\nmana={0}\ntype=Artifact\nauto={0}:flipacoin winability damage:5 opponent winabilityend flipend\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:imp,gnome\n[PLAYER2]\n[DO]\n";
  TestOutcome r = test::play_own(cards, start + "imp\nchoice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:imp,gnome\nlife:24\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + "imp\nchoice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:imp,gnome\nlife:18\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // No lose ability: a lost call does nothing.
  r = test::play_own(cards, start + "gnome\nchoice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:imp,gnome\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + "gnome\nchoice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:imp,gnome\n[PLAYER2]\nlife:15\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg

namespace rk::mtg {
namespace {

// name(..) emblem .. forever dontremove: the emblem's lord gives +1/+0 to its controller's creatures,
// and it stays once the card that made it is gone.
TEST(WagicEmblem, ALabelledEmblemOutlivesItsSource) {
  const std::string cards = "[card]\nname=Walker\nmana={0}\ntype=Artifact\n"
                            "auto={0}:name(-2: emblem) emblem transforms((,newability[lord(creature|mybattlefield) 1/0])) forever dontremove\n"
                            "auto={0}:name(sacrifice) sacrifice\n[/card]\n" +
                            test::creature("Bear", "{G}", 2, 2);
  const TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:walker,bear\n[PLAYER2]\n[DO]\nwalker\nchoice 0\nwalker\nchoice 1\n"
                                              "next\nnext\nbear\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:bear\ngraveyard:walker\n[PLAYER2]\nlife:17\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg

namespace rk::mtg {
namespace {

// restriction{myturnonly} on a trigger: at each upkeep, but only in its controller's turn; and
// restriction{morbid}: only if a creature died this turn.
TEST(WagicTriggerRestriction, MyTurnOnlyAndMorbidOnTriggers) {
  const std::string cards = "[card]\nname=Idol\nmana={0}\ntype=Artifact\nauto=@each upkeep restriction{myturnonly}:life:1 controller\n[/card]\n"
                            "[card]\nname=Skull\nmana={0}\ntype=Artifact\nauto=@each end restriction{morbid}:life:3 controller\n[/card]\n"
                            "[card]\nname=Bolt\nmana={0}\ntype=Instant\ntarget=creature\nauto=damage:3\n[/card]\n" + test::creature("Bear", "{G}", 2, 2);
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:idol\n[PLAYER2]\n[DO]\neot\nnext\neot\nnext\n"
                                            "[ASSERT]\nUPKEEP\n[PLAYER1]\ninplay:idol\nlife:21\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:skull\nhand:bolt\n[PLAYER2]\ninplay:bear\n[DO]\nbolt\nbear\neot\n"
                                "[ASSERT]\nUNTAP\n[PLAYER1]\ninplay:skull\ngraveyard:bolt\nlife:23\n[PLAYER2]\ngraveyard:bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:skull\n[PLAYER2]\ninplay:bear\n[DO]\neot\n"
                                "[ASSERT]\nUNTAP\n[PLAYER1]\ninplay:skull\n[PLAYER2]\ninplay:bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
