// Costs and phase actions of Wagic's card language (issue 31), on small cards of the test's own:
// autoexile= triggered lines (they listen while the card is in exile, as suspend's), phaseaction[..]
// as a later && part, phasealter(remove,..) of the upkeep and draw steps.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

// Aeon Chronicler's line: "autoexile=@counterremoved(0/0,1,Time) from(sourcecard) suspended:draw:1".
// Suspended with two time counters, the first upkeep takes one off and the card, still in exile,
// draws its owner a card; the second takes the last off and casts it.
TEST(WagicExileLines, ATimeCounterRemovedInExileTriggersTheCard) {
  const std::string cards =
      test::creature("Ant", "{G}", 1, 1) + test::creature("Bee", "{G}", 1, 1) + test::creature("Cat", "{G}", 1, 1) +
      "[card]\nname=Chronicler\nmana={5}{U}\ntype=Creature\npower=3\ntoughness=3\nsuspend(2)={U}\n"
      "autoexile=@counterremoved(0/0,1,Time) from(sourcecard) suspended:draw:1\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{U}\nhand:chronicler\nlibrary:ant,bee,cat\n[PLAYER2]\n[DO]\nchronicler\n";
  // At p1's next draw step: the trigger's card and the draw step's card.
  TestOutcome r = test::play_own(cards, start + "eot\neot\nnext\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\nhand:cat,bee\n"
                                                "exile:chronicler\nlibrary:ant\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Without the line only the draw step's card.
  const std::string plain = test::creature("Ant", "{G}", 1, 1) + test::creature("Bee", "{G}", 1, 1) + test::creature("Cat", "{G}", 1, 1) +
                            "[card]\nname=Chronicler\nmana={5}{U}\ntype=Creature\npower=3\ntoughness=3\nsuspend(2)={U}\n[/card]\n";
  r = test::play_own(plain, start + "eot\neot\nnext\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\nhand:cat\nexile:chronicler\n"
                                    "library:ant,bee\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Nihilith's line: "autoexile=@movedto(*|opponentgraveyard) suspended:may counter(0/0,-1,Time)".
// While it is suspended, a card put into an opponent's graveyard lets its owner take a time counter
// off; the last one off casts it at once (without paying its mana cost).
TEST(WagicExileLines, AnExiledCardHearsAMoveAndLosesItsLastTimeCounter) {
  const std::string cards =
      test::creature("Bear", "{G}", 2, 2) +
      "[card]\nname=Shock\nmana={R}\ntype=Instant\ntarget=creature\nauto=damage:2\n[/card]\n"
      "[card]\nname=Horror\nmana={4}{B}{B}\ntype=Creature\npower=4\ntoughness=4\nsuspend(1)={B}\n"
      "autoexile=@movedto(*|opponentgraveyard) suspended:may counter(0/0,-1,Time)\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{B}{R}\nhand:horror,shock\n[PLAYER2]\ninplay:bear\n[DO]\nhorror\nshock\nbear\n";
  TestOutcome r = test::play_own(cards, start + "choice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:horror\ngraveyard:shock\n"
                                                "[PLAYER2]\ngraveyard:bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Declined: it stays in exile with its counter.
  r = test::play_own(cards, start + "choice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nexile:horror\ngraveyard:shock\n"
                                    "[PLAYER2]\ngraveyard:bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Not suspended (only put into exile): the line does not fire.
  const std::string exiled = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}\nhand:shock\nexile:horror\n[PLAYER2]\ninplay:bear\n[DO]\nshock\nbear\n";
  r = test::play_own(cards, exiled + "choice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nexile:horror\ngraveyard:shock\n"
                                     "[PLAYER2]\ngraveyard:bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Astrolabe's kin: "{0}:life:2 && phaseaction[endofturn once] draw:1 controller". The later &&
// part waits: the life at once, the card at the beginning of the end step, and only once.
TEST(WagicPhaseActions, ALaterPartWaitsForItsPhase) {
  const std::string cards = test::creature("Ant", "{G}", 1, 1) + test::creature("Bee", "{G}", 1, 1) + test::creature("Cat", "{G}", 1, 1) +
                            "[card]\nname=Globe\ntype=Artifact\nmana={1}\nauto={0}:life:2 && phaseaction[endofturn once] draw:1 controller\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:globe\nlibrary:ant,bee,cat\n[PLAYER2]\n[DO]\nglobe\n";
  TestOutcome r = test::play_own(cards, start + "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:globe\nlibrary:ant,bee,cat\nlife:22\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + "eot\n[ASSERT]\nUNTAP\n[PLAYER1]\ninplay:globe\nhand:cat\nlibrary:ant,bee\nlife:22\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // once: p1's next end step draws nothing more (p1 draws one card in their own draw step). The
  // top of a library is the last card written.
  r = test::play_own(cards, start + "eot\neot\neot\n[ASSERT]\nUNTAP\n[PLAYER1]\ninplay:globe\nhand:cat,bee\nlibrary:ant\nlife:22\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// "{G}:3/0 && trample && phaseaction[endofturn once,sourceinplay] destroy": the words may be apart
// by commas, as Wagic reads them (it looks for each word anywhere in the bracket). The pumped
// creature is destroyed as the end step begins, not at an upkeep.
TEST(WagicPhaseActions, WordsApartByCommasNameThePhase) {
  const std::string cards = "[card]\nname=Wurm\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n"
                            "auto={G}:3/0 && trample && phaseaction[endofturn once,sourceinplay] destroy\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:wurm\nmanapool:{G}\n[PLAYER2]\n[DO]\nwurm\n";
  TestOutcome r = test::play_own(cards, start + "next\nnext\nwurm\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:wurm\n[PLAYER2]\nlife:16\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + "eot\n[ASSERT]\nUNTAP\n[PLAYER1]\ngraveyard:wurm\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Damia's "phasealter(remove,draw,controller)": its controller skips their draw step (the other
// player does not); Eon Hub's "phasealter(remove,upkeep,..)": no upkeep, so no upkeep trigger.
TEST(WagicPhaseAlter, ADrawOrUpkeepStepIsTakenOut) {
  const std::string cards = test::creature("Ant", "{G}", 1, 1) + test::creature("Bee", "{G}", 1, 1) +
                            test::creature("Cat", "{G}", 1, 1) + test::creature("Dog", "{G}", 1, 1) +
                            "[card]\nname=Sage\ntype=Artifact\nmana={1}\nauto=phasealter(remove,draw,controller)\n[/card]\n"
                            "[card]\nname=Hub\ntype=Artifact\nmana={1}\nauto=phasealter(remove,upkeep,opponent)\n[/card]\n"
                            "[card]\nname=Clock\ntype=Artifact\nmana={1}\nauto=@each upkeep:life:1 controller\n[/card]\n";
  // p1's Sage: p1 skips their next draw, p2 draws in theirs.
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:sage\nlibrary:ant,bee\n[PLAYER2]\nlibrary:cat,dog\n[DO]\n"
                                        "eot\neot\neot\n[ASSERT]\nUNTAP\n[PLAYER1]\ninplay:sage\nlibrary:ant,bee\n"
                                        "[PLAYER2]\nhand:dog\nlibrary:cat\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // p1's Hub takes out p2's upkeep: p1's Clock gains p1 life at p1's upkeep only.
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:hub,clock\n[PLAYER2]\n[DO]\neot\neot\neot\n"
                            "[ASSERT]\nUNTAP\n[PLAYER1]\ninplay:hub,clock\nlife:21\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:clock\n[PLAYER2]\n[DO]\neot\neot\neot\n"
                            "[ASSERT]\nUNTAP\n[PLAYER1]\ninplay:clock\nlife:22\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
