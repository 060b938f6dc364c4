// this(cantargetcard(spec)): a line that holds while the card itself is such a card, written as
// Wagic writes renown and monstrosity (CR 702.112, 701.31), with the this( closed at the end of
// the line or never.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kCards =
    "[card]\nname=Brute\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n"
    "auto=this(cantargetcard(*[-monstrous]) {G}:becomes(monstrous) forever && counter(1/1,2)\n[/card]\n"
    "[card]\nname=Herald\nmana={W}\ntype=Creature\npower=2\ntoughness=2\n"
    "auto=this(cantargetcard(*[-renown]) transforms((,newability[@combatdamaged(player) from(this):counter(1/1) && "
    "becomes(renown) forever])))\n[/card]\n"
    "[card]\nname=Idol\nmana={G}{G}\ntype=Enchantment\n"
    "auto=this(variable{type:manag}>2) transforms((Creature,setpower=5,settoughness=5))\n[/card]\n"
    "[card]\nname=Shrine\ntype=Land\nauto={T}:thisforeach(variable{type:manag}>0) add{G}\n[/card]\n"
    "[card]\nname=Depths\nmana={G}\ntype=Creature\npower=0\ntoughness=4\nauto=counter(0/0,1,Ice)\n"
    "auto={0}:counter(0/0,-1,Ice)\nauto=this(counter{0/0.1.Ice}<1)while sacrifice\n"
    "auto=this(counter{0/0.1.Ice}<1)while life:3\n[/card]\n"
    "[card]\nname=Karam\nmana={G}{W}\ntype=Enchantment\n"
    "auto=this(variable{selesnya}>4) transforms((Creature,setpower=6,settoughness=6))\n[/card]\n"
    "[card]\nname=Finks\nmana={GW}{GW}\ntype=Creature\npower=3\ntoughness=2\n[/card]\n"
    "[card]\nname=Djinn\nmana={B}\ntype=Creature\npower=2\ntoughness=2\nauto=this(variable{commonblack}>0) -2/-2\n[/card]\n"
    "[card]\nname=Wolf\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n"
    "[card]\nname=Guise\nmana={U}\ntype=Enchantment\nsubtype=Aura\ntarget=creature\n"
    "auto=teach(creature) thisforeach(auras > 0) 2/2\n[/card]\n"
    "[card]\nname=Charm\nmana={U}\ntype=Enchantment\nsubtype=Aura\ntarget=creature\n[/card]\n"
    "[card]\nname=Shock\nmana={R}\ntype=Instant\ntarget=creature\nauto=damage:4\n[/card]\n"
    "[card]\nname=Brains\nmana={B}\ntype=Sorcery\n"
    "auto=notatarget(*|opponenthand) transforms((,newability[this(variable{manacost}>=4) moveto(exile)]))\n[/card]\n"
    "[card]\nname=Wurm\nmana={4}{G}\ntype=Creature\npower=6\ntoughness=6\n[/card]\n"
    "[card]\nname=Baron\nmana={B}\ntype=Creature\npower=1\ntoughness=1\n"
    "auto=this(opponentlife < 11) this(controllerlife >29) 6/6\n[/card]\n"
    "[card]\nname=Elk\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

// One attack from the first main phase, unblocked, to the end of combat.
std::string attack(const std::string& who) { return "next\nnext\n" + who + "\nnext\nnext\nnext\n"; }
// From the end of combat of player 1's turn to player 1's next first main phase.
const std::string kToNextMain = "eot\neot\nnext\nnext\nnext\n";

// Monstrosity once: the second activation is refused while the card is monstrous ({G} stays in
// the pool), and the two counters make it a 4/4.
TEST(WagicThisConditions, MonstrosityIsActivatedOnlyWhileTheCardIsNotMonstrous) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}{G}\ninplay:brute\n[PLAYER2]\n"
                                         "[DO]\nbrute\nbrute\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:brute\nmanapool:{G}\n"
                                         "[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}\ninplay:brute\n[PLAYER2]\n[DO]\nbrute\n" +
                                 attack("brute") + "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:brute\n[PLAYER2]\nlife:16\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Renown 1: the first combat damage to a player puts a counter (2, then 3 damage); once renowned
// the trigger is gone (3 damage again, not 4).
TEST(WagicThisConditions, RenownTriggersOnlyUntilTheCardIsRenowned) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:herald\n[PLAYER2]\n[DO]\n" + attack("herald") +
                                             kToNextMain + attack("herald") + kToNextMain + attack("herald") +
                                             "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:herald\n[PLAYER2]\nlife:12\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// this(variable{type:manag}>2): devotion to green, on its controller's battlefield only. With the
// elk (3) the idol is a 5/5 creature and attacks; the opponent's elk does not count.
TEST(WagicThisConditions, VariableDevotionIsCountedOnItsControllersSide) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:idol,elk\n[PLAYER2]\n[DO]\n" + attack("idol") +
                                             "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:idol,elk\n[PLAYER2]\nlife:15\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Devotion 2: not a creature, it cannot attack (with no attacker the same steps reach the end step).
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:idol\n[PLAYER2]\ninplay:elk\n[DO]\n" + attack("idol") +
                                 "[ASSERT]\nENDOFTURN\n[PLAYER1]\ninplay:idol\n[PLAYER2]\ninplay:elk\nlife:20\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // The opponent's green symbols do not count: two {G}, not three.
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:shrine,idol\n[PLAYER2]\ninplay:elk\n[DO]\nshrine\n"
                             "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:shrine,idol\nmanapool:{G}{G}\n[PLAYER2]\ninplay:elk\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// thisforeach(variable{type:manag}>0) add{G}: one {G} per green symbol (idol 2 + elk 1).
TEST(WagicThisConditions, ThisForEachVariableAddsOncePerSymbol) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:shrine,idol,elk\n[PLAYER2]\n[DO]\nshrine\n"
                                         "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:shrine,idol,elk\nmanapool:{G}{G}{G}\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// this(cond)while effect: whenever the condition holds, every such line (sacrificed, and 3 life).
TEST(WagicThisConditions, WhileLinesHappenWheneverTheConditionHolds) {
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}\nhand:depths\n[PLAYER2]\n[DO]\ndepths\n";
  TestOutcome r = test::play_own(kCards, start + "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:depths\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, start + "depths\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:depths\nlife:23\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// variable{selesnya}: devotion to green and white, a {GW} symbol once. Karam {G}{W} + Finks {GW}{GW}
// is 4 (not more than 4: no attack); with the elk {G}, 5 (a 6/6 attacks).
TEST(WagicThisConditions, GuildDevotionCountsAHybridSymbolOnce) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:karam,finks,elk\n[PLAYER2]\n[DO]\n" + attack("karam") +
                                             "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:karam,finks,elk\n[PLAYER2]\nlife:14\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:karam,finks\n[PLAYER2]\n[DO]\n" + attack("karam") +
                                 "[ASSERT]\nENDOFTURN\n[PLAYER1]\ninplay:karam,finks\n[PLAYER2]\nlife:20\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// variable{commonblack}: black the most common colour among all permanents, or tied. Against two
// green creatures the djinn keeps its 2/2; against one (a tie) it is 0/0 and dies.
TEST(WagicThisConditions, CommonColourIsTheMostCommonOrTied) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:djinn\n[PLAYER2]\ninplay:elk,wolf\n[DO]\nnext\n"
                                         "[ASSERT]\nCOMBATBEGIN\n[PLAYER1]\ninplay:djinn\n[PLAYER2]\ninplay:elk,wolf\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:djinn\n[PLAYER2]\ninplay:elk\n[DO]\nnext\n"
                             "[ASSERT]\nCOMBATBEGIN\n[PLAYER1]\ngraveyard:djinn\n[PLAYER2]\ninplay:elk\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// teach(creature) thisforeach(auras > 0) 2/2: +2/+2 per aura on the enchanted creature. With the
// charm too the elk is 6/6 and survives 4 damage; with the guise alone (4/4) it does not.
TEST(WagicThisConditions, TaughtThisForEachCountsOnTheEnchantedCreature) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{U}{U}{R}\ninplay:elk\nhand:guise,charm,shock\n"
                                         "[PLAYER2]\n[DO]\ncharm\nelk\nguise\nelk\nshock\nelk\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n"
                                         "inplay:elk,guise,charm\ngraveyard:shock\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{U}{R}\ninplay:elk\nhand:guise,shock\n"
                             "[PLAYER2]\n[DO]\nguise\nelk\nshock\nelk\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n"
                             "graveyard:elk,guise,shock\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// variable{manacost}: the card's own mana value. The chosen card is exiled only when it is 4 or more.
TEST(WagicThisConditions, VariableManaCostIsTheCardsOwn) {
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{B}\nhand:brains\n[PLAYER2]\nhand:wurm,elk\n[DO]\nbrains\n";
  TestOutcome r = test::play_own(kCards, start + "wurm\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:brains\n[PLAYER2]\nhand:elk\n"
                                                 "exile:wurm\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, start + "elk\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:brains\n[PLAYER2]\nhand:wurm,elk\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// this(A) this(B) effect: both must hold. At 30 life against 10 the baron is 7/7; at 20, 1/1.
TEST(WagicThisConditions, TwoThisConditionsMustBothHold) {
  TestOutcome r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nlife:30\ninplay:baron\n[PLAYER2]\nlife:10\n[DO]\n" + attack("baron") +
                                             "[ASSERT]\nCOMBATEND\n[PLAYER1]\nlife:30\ninplay:baron\n[PLAYER2]\nlife:3\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nlife:20\ninplay:baron\n[PLAYER2]\nlife:10\n[DO]\n" + attack("baron") +
                                 "[ASSERT]\nCOMBATEND\n[PLAYER1]\nlife:20\ninplay:baron\n[PLAYER2]\nlife:9\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
