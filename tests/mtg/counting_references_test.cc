// References that count or compare: thisforeach(..) with the X paid and with a comparison,
// counted as Wagic counts them (V op N gives V-N for >, V-N+1 for >=, ...), and the if conditions
// on how a card was cast (casted(this), spent(..)), on small cards of the test's own.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "own_cards.h"

namespace rk::mtg {
namespace {

std::string card(const std::string& name, const std::string& body) {
  return "[card]\nname=" + name + "\nmana={0}\ntype=Creature\n" + body + "[/card]\n";
}

// thisforeach(X): the effect once per X paid; two mana in the pool pay X = 2: two tokens
// (`*`: a token has no card name the scenario could use).
TEST(WagicReferences, ThisForEachXRepeatsOncePerXPaid) {
  const std::string cards = card("Nest", "power=0\ntoughness=2\nauto={X}:thisforeach(X) token(Snake,Creature Snake,1/1,green)\n");
  const TestOutcome r = test::play_own(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{2}\ninplay:nest\n[PLAYER2]\n[DO]\nnest\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:nest,*,*\nmanapool:{0}\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// thisforeach(power>=1) on a 3/3: three times; thisforeach(power>3) on a 5/5: twice. A menu
// label (name(..)) may come before it.
TEST(WagicReferences, ThisForEachComparisonsCountAsWagicCountsThem) {
  const std::string cards = card("Brute", "power=3\ntoughness=3\nauto={0}:name(hit) thisforeach(power>=1) damage:1 opponent\n") +
                            card("Giant", "power=5\ntoughness=5\nauto={0}:thisforeach(power>3) damage:1 opponent\n");
  for (const auto& [who, life] : {std::pair{"brute", 17}, {"giant", 18}}) {
    const TestOutcome r = test::play_own(cards, std::string("[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:") + who + "\n[PLAYER2]\n[DO]\n" + who +
                                                    "\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:" + who + "\n[PLAYER2]\nlife:" +
                                                    std::to_string(life) + "\n[END]\n");
    EXPECT_EQ(r.status, TestOutcome::kPass) << who << test::trace_of(r);
  }
}

// if casted(this): the card was cast (a card put onto the battlefield was not); if spent({W}):
// white mana was spent to cast it (a pool of {W} pays the {1}, colourless mana does not).
TEST(WagicReferences, IfCastedAndSpentLookAtHowItWasCast) {
  const std::string cards = "[card]\nname=Herald\nmana={1}\ntype=Creature\npower=1\ntoughness=1\nauto=if spent({W}) then life:2 controller\n[/card]\n"
                            "[card]\nname=Revenant\nmana={0}\ntype=Creature\npower=1\ntoughness=1\nauto=if casted(this) then life:3 controller\n[/card]\n"
                            "[card]\nname=Summon\nmana={0}\ntype=Sorcery\ntarget=creature|myhand\nauto=moveto(mybattlefield)\n[/card]\n";
  struct Case {
    const char *pool, *hand, *play, *after;
    int life;
  };
  for (const Case& c : {Case{"{W}", "herald", "herald\n", "inplay:herald\n", 22}, Case{"{1}", "herald", "herald\n", "inplay:herald\n", 20},
                        Case{"{0}", "revenant", "revenant\n", "inplay:revenant\n", 23},
                        Case{"{0}", "summon,revenant", "summon\nrevenant\n", "inplay:revenant\ngraveyard:summon\n", 20}}) {
    const std::string pool = c.pool, play = c.play;
    const TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:" + pool + "\nhand:" + c.hand +
                                                    "\n[PLAYER2]\n[DO]\n" + play + "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n" + c.after +
                                                    "life:" + std::to_string(c.life) + "\n[PLAYER2]\n[END]\n");
    EXPECT_EQ(r.status, TestOutcome::kPass) << pool << " " << play << test::trace_of(r);
  }
}

// this(counter{0/0.2.Treasure}=) {S}:..: an activated ability usable only while the card has
// exactly two Treasure counters (the N of the counter is the number compared, as in Wagic).
TEST(WagicReferences, ThisBeforeAnActivatedAbilityRestrictsIt) {
  auto chest = [](const std::string& name, int n) {
    return "[card]\nname=" + name + "\nmana={0}\ntype=Artifact\nauto=counter(0/0," + std::to_string(n) +
           ",Treasure)\nauto=this(counter{0/0.2.Treasure}=) {S}:life:5 controller\n[/card]\n";
  };
  const std::string cards = chest("Chest", 2) + chest("Coffer", 1) + chest("Hoard", 3);
  for (const auto& [name, life] : {std::pair{"chest", 25}, {"coffer", 20}, {"hoard", 20}}) {
    const std::string n = name;
    const std::string zone = life == 25 ? "graveyard:" : "inplay:";
    const TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:" + n + "\n[PLAYER2]\n[DO]\n" + n + "\n" + n +
                                                    "\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n" + zone + n + "\nlife:" + std::to_string(life) +
                                                    "\n[PLAYER2]\n[END]\n");
    EXPECT_EQ(r.status, TestOutcome::kPass) << n << test::trace_of(r);
  }
}

}  // namespace
}  // namespace rk::mtg
