// `if COND then A` as a later && part, and after another condition's then (if A then if B then C),
// each an ability of its own run once with the line's targets; `if raid`, `compare(phandcount)`.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kCards =
    "[card]\nname=Rack\nmana={B}\ntype=Sorcery\n"
    "auto=life:1 && if type(*|opponenthand)~equalto~2 then damage:1 opponent && if type(*|opponenthand)~equalto~1 then damage:2 opponent\n[/card]\n"
    "[card]\nname=Hedge\nmana={G}\ntype=Sorcery\n"
    "auto=if type(forest|mybattlefield)~morethan~1 then if type(island|mybattlefield)~lessthan~1 then life:3\n[/card]\n"
    "[card]\nname=Warcry\nmana={R}\ntype=Sorcery\nauto=if raid then life:4\n[/card]\n"
    "[card]\nname=Insight\nmana={U}\ntype=Sorcery\nauto=if compare(phandcount)~equalto~2 then life:5\n[/card]\n"
    "[card]\nname=Bottle\nmana={1}\ntype=Artifact\n"
    "auto={0}:counter(0/0,1,charge) all(this) && thisforeach(counter{0/0.1.charge}) life:1\n[/card]\n"
    "[card]\nname=Quest\nmana={1}\ntype=Enchantment\n"
    "auto={0}:counter(0/0,1,quest) all(this) && this(counter{0/0.2.quest}) life:5\n[/card]\n"
    "[card]\nname=Krosa\nmana={G}\ntype=Instant\ntarget=creature\n"
    "auto=if compare(restriction{assorcery}~morethan~0) then 4/4 ueot else 2/2 ueot\n[/card]\n"
    "[card]\nname=Shock\nmana={R}\ntype=Instant\ntarget=creature\nauto=damage:4\n[/card]\n"
    "[card]\nname=Forest\ntype=Land\n[/card]\n[card]\nname=Wood\ntype=Land\nsubtype=Forest\n[/card]\n"
    "[card]\nname=Island\ntype=Land\n[/card]\n[card]\nname=Peak\ntype=Land\nauto={T}:Add{R}\n[/card]\n"
    "[card]\nname=Elk\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n"
    "[card]\nname=Wolf\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

std::string cast(const std::string& mana, const std::string& spell, const std::string& p1, const std::string& p2, const std::string& a1,
                 const std::string& a2) {
  return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:" + mana + "\nhand:" + spell + "\n" + p1 + "[PLAYER2]\n" + p2 + "[DO]\n" + spell +
         "\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:" + spell + "\n" + a1 + "[PLAYER2]\n" + a2 + "[END]\n";
}

// Each later part checks its own condition: two cards in player 2's hand, 1 damage; one card, 2.
TEST(WagicIfParts, EachIfPartChecksItsOwnCondition) {
  TestOutcome r = test::play_own(kCards, cast("{B}", "rack", "", "hand:elk,wolf\n", "life:21\n", "hand:elk,wolf\nlife:19\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, cast("{B}", "rack", "", "hand:elk\n", "life:21\n", "hand:elk\nlife:18\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// if A then if B then C: C only when both hold (two forests and no island).
TEST(WagicIfParts, NestedIfsMustBothHold) {
  TestOutcome r = test::play_own(kCards, cast("{G}", "hedge", "inplay:forest,wood\n", "", "inplay:forest,wood\nlife:23\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, cast("{G}", "hedge", "inplay:forest,wood,island\n", "", "inplay:forest,wood,island\nlife:20\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, cast("{G}", "hedge", "inplay:forest\n", "", "inplay:forest\nlife:20\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Raid: after an attack this turn (second main phase) it holds; without one it does not.
TEST(WagicIfParts, RaidHoldsAfterAnAttackThisTurn) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:elk\nhand:warcry\n[PLAYER2]\n[DO]\nnext\nnext\nelk\n"
                                         "next\nnext\nnext\nnext\n[ASSERT]\nSECONDMAIN\n[PLAYER1]\ninplay:elk\nhand:warcry\n[PLAYER2]\nlife:18\n[END]\n");
  ASSERT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);  // the steps reach the second main phase
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:elk,peak\nhand:warcry\n[PLAYER2]\n[DO]\nnext\nnext\nelk\n"
                             "next\nnext\nnext\nnext\npeak\nwarcry\n[ASSERT]\nSECONDMAIN\n[PLAYER1]\ninplay:elk,peak\ngraveyard:warcry\nlife:24\n"
                             "[PLAYER2]\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, cast("{R}", "warcry", "inplay:elk\n", "", "inplay:elk\nlife:20\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// compare(phandcount): the cards in its controller's hand as it resolves (the spell itself is on the stack).
TEST(WagicIfParts, HandCountsCompareTheHands) {
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{U}\nhand:insight,";
  TestOutcome r = test::play_own(kCards, start + "elk,wolf\n[PLAYER2]\n[DO]\ninsight\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:elk,wolf\n"
                                                 "graveyard:insight\nlife:25\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, start + "elk\n[PLAYER2]\n[DO]\ninsight\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:elk\n"
                                     "graveyard:insight\nlife:20\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// A later part's thisforeach(..) counts as that part runs, after the counter the first part put:
// 1, then 2 life (23); a later part's this(..) holds once two quest counters are there (25).
TEST(WagicIfParts, ThisAndThisForEachInALaterPartLookAsThePartRuns) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bottle\n[PLAYER2]\n[DO]\nbottle\nbottle\n"
                                         "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bottle\nlife:23\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:quest\n[PLAYER2]\n[DO]\nquest\n"
                             "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:quest\nlife:20\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:quest\n[PLAYER2]\n[DO]\nquest\nquest\n"
                             "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:quest\nlife:25\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// compare(restriction{assorcery}~morethan~0): its controller's main phase as it resolves. There
// +4/+4 (the elk survives 4 damage); in combat +2/+2 (it does not).
TEST(WagicIfParts, RestrictionInACompareIsTheTimingAsItResolves) {
  const std::string cast = "\n[PLAYER1]\nmanapool:{G}{R}\ninplay:elk\nhand:krosa,shock\n[PLAYER2]\n[DO]\nkrosa\nelk\nshock\nelk\n";
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN" + cast + "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:elk\n"
                                         "graveyard:krosa,shock\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, "[INIT]\nCOMBATBEGIN" + cast + "[ASSERT]\nCOMBATBEGIN\n[PLAYER1]\n"
                             "graveyard:krosa,shock,elk\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
