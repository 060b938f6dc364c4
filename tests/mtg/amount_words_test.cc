// The words an amount may be (Wagic's WParsedInt): a count read from the players, the counters on
// the card, and the words before them that multiply or halve (twice.., halfup.., halfdown..). A
// word the engine does not read makes the effect "not run" (it once silently counted 0).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/compiler/coverage.h"
#include "own_cards.h"

namespace rk::mtg {
namespace {

std::string gain(const std::string& spell, const std::string& p1_before, const std::string& p1_after) {
  return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:" + spell + "\n" + p1_before + "[PLAYER2]\n[DO]\n" + spell +
         "\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:" + spell + "\n" + p1_after + "[PLAYER2]\n[END]\n";
}

const std::string kCards =
    "[card]\nname=Up\nmana={0}\ntype=Sorcery\nauto=life:halfuplifetotal controller\n[/card]\n"
    "[card]\nname=Down\nmana={0}\ntype=Sorcery\nauto=life:halfdownlifetotal controller\n[/card]\n"
    "[card]\nname=Twice\nmana={0}\ntype=Sorcery\nauto=life:twicephandcount controller\n[/card]\n"
    "[card]\nname=Theirs\nmana={0}\ntype=Sorcery\nauto=life:ohandcount controller\n[/card]\n" +
    test::creature("Bear", "{G}", 2, 2) + test::creature("Wolf", "{G}", 2, 2) + test::creature("Elk", "{G}", 2, 2) +
    test::creature("Ox", "{G}", 2, 2);

// Half of 21 is 11 rounded up, 10 rounded down.
TEST(WagicAmounts, HalfRoundsUpOrDown) {
  TestOutcome r = test::play_own(kCards, gain("up", "life:21\n", "life:32\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, gain("down", "life:21\n", "life:31\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// The hand counted as the spell resolves (the spell itself has left it): two bears, twice.
TEST(WagicAmounts, TwiceTheCardsInHand) {
  const TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:twice,bear,bear\n[PLAYER2]\nhand:wolf\n[DO]\ntwice\n"
                                               "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:bear,bear\ngraveyard:twice\nlife:24\n"
                                               "[PLAYER2]\nhand:wolf\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  const TestOutcome o = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:theirs,bear\n[PLAYER2]\nhand:wolf,elk,ox\n"
                                               "[DO]\ntheirs\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:bear\ngraveyard:theirs\nlife:23\n"
                                               "[PLAYER2]\nhand:wolf,elk,ox\n[END]\n");
  EXPECT_EQ(o.status, TestOutcome::kPass) << test::trace_of(o);
}

// Black Vise's "morethanfourcards": the cards over four in the opponent's hand; Kindle's
// "plustwotype:kindle:graveyard": two more than the Kindles in the graveyards.
TEST(WagicAmounts, CardsOverFourAndPlusTwo) {
  const std::string cards = "[card]\nname=Vise\nmana={0}\ntype=Sorcery\nauto=damage:morethanfourcards opponent\n[/card]\n"
                            "[card]\nname=Spark\nmana={0}\ntype=Sorcery\ntarget=creature,player\n"
                            "auto=damage:plustwotype:spark:graveyard\n[/card]\n" +
                            test::creature("Wolf", "{G}", 2, 2) + test::creature("Elk", "{G}", 2, 2) + test::creature("Ox", "{G}", 2, 2);
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:vise\n[PLAYER2]\nhand:wolf,elk,ox,wolf,elk,ox\n[DO]\nvise\n"
                                        "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:vise\n[PLAYER2]\nhand:wolf,elk,ox,wolf,elk,ox\n"
                                        "life:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:vise\n[PLAYER2]\nhand:wolf,elk,ox\n[DO]\nvise\n"
                            "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:vise\n[PLAYER2]\nhand:wolf,elk,ox\nlife:20\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:spark\ngraveyard:spark\n[PLAYER2]\n[DO]\nspark\np2\n"
                            "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:spark,spark\n[PLAYER2]\nlife:17\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// counter{0%0.1.age}: read as this(counter{0/0.1.age}) reads the card's counters.
TEST(WagicAmounts, CountersOnTheCardAreACount) {
  const Ability a = compile_ability("life:counter{0%0.1.age} controller");
  ASSERT_TRUE(a.supported()) << a.unsupported_word();
  ASSERT_EQ(a.effects.size(), 1u);
  EXPECT_EQ(a.effects[0].a.var, "counter{0/0.1.age}");
}

// A word no count reads is a part not run, named by the word (it used to put 0 without a word).
TEST(WagicAmounts, AnUnknownWordIsNotRun) {
  for (const std::string line : {"life:lifegain controller", "damage:twicenosuchcount target(player)", "draw:oplifegain"}) {
    const Ability a = compile_ability(line);
    EXPECT_FALSE(a.supported()) << line;
  }
  Database db;
  add_file("primitives.txt", "[card]\nname=Gloom\nmana={0}\ntype=Sorcery\nauto=life:lifegain controller\n[/card]\n", false, db);
  std::vector<PartNotRun> parts;
  parts_not_run(db, db.cards[0], parts);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts[0].keyword, "lifegain");
}

}  // namespace
}  // namespace rk::mtg
