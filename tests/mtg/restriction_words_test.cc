// restriction{..} on triggers, activated abilities and one-shot lines, and the restriction= /
// otherrestriction= keys: the spells cast this turn (thisturn(spec|mystack), casted(spec)), life
// lost this turn (compare(oplifelost)), parts of a turn (duringcombat), counts compared with counts.
#include <gtest/gtest.h>

#include <string>

#include "games/mtg/compiler/card_def.h"
#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kCards =
    // +2 life as its controller casts the first creature spell of the turn, not at any other spell
    "[card]\nname=Tally\nmana={1}\ntype=Enchantment\n"
    "auto=@movedto(*|mystack) restriction{thisturn(creature|mystack)~equalto~1}:life:2 controller\n[/card]\n"
    "[card]\nname=Gift\nmana={0}\ntype=Sorcery\nauto=life:1\n[/card]\n"
    "[card]\nname=Drain\nmana={0}\ntype=Sorcery\nauto=life:-1 opponent\n[/card]\n"
    // offered only once the opponent lost life this turn
    "[card]\nname=Leech\nmana={1}\ntype=Artifact\n"
    "auto={0}:life:-2 opponent restriction{compare(oplifelost)~morethan~0}\n[/card]\n"
    // offered only during combat
    "[card]\nname=Drill\nmana={1}\ntype=Artifact\nauto={0}:life:3 controller restriction{duringcombat}\n[/card]\n"
    // castable only after its caster cast a creature spell this turn
    "[card]\nname=Sprout\nmana={0}\ntype=Instant\nrestriction=casted(creature|mystack)\nauto=life:3\n[/card]\n"
    // castable only while its caster controls fewer creatures than the opponent
    "[card]\nname=Underdog\nmana={0}\ntype=Sorcery\nrestriction=control less creatures\nauto=life:4\n[/card]\n"
    // two modes, each offered while its restriction holds
    "[card]\nname=Purge\nmana={0}\ntype=Instant\n"
    "auto=choice name(artifact) destroy target(artifact|battlefield) restriction{type(artifact|battlefield)~morethan~0}\n"
    "auto=choice name(green creature) destroy target(creature|battlefield) restriction{type(creature[green]|battlefield)~morethan~0}\n[/card]\n"
    // its other (alternative) cost only while its caster controls fewer creatures
    "[card]\nname=Snitch\nmana={5}\ntype=Sorcery\nother={0} name(cheap)\notherrestriction=control less creatures\nauto=life:2\n[/card]\n"
    // if COND then, COND read as a restriction
    "[card]\nname=Follow\nmana={0}\ntype=Sorcery\nauto=if thisturn(creature|mystack)~morethan~0 then life:2\n[/card]\n"
    "[card]\nname=Catchup\nmana={0}\ntype=Sorcery\nauto=if type(creature|opponentbattlefield)~morethan~type(creature|mybattlefield) then life:3\n[/card]\n"
    "[card]\nname=Pair\nmana={0}\ntype=Sorcery\n"
    "auto=if type(elk|mybattlefield)~morethan~0,type(wolf|mybattlefield)~morethan~0 name(both) then life:5 else life:1\n[/card]\n"
    "[card]\nname=Quiet\nmana={0}\ntype=Sorcery\nauto=ifnot casted(creature|mystack) then life:4\n[/card]\n"
    "[card]\nname=Totem\nmana={1}\ntype=Artifact\n"
    "auto={0}:name(grow) if type(creature|opponentbattlefield)~morethan~type(creature|mybattlefield)+1 then life:2\n[/card]\n"
    // a colon after a condition's parentheses changes nothing (Wagic finds its keywords anywhere)
    "[card]\nname=Hybrid\nmana={0}\ntype=Enchantment\nsubtype=Aura\ntarget=creature\n"
    "auto=aslongas(elk|mybattlefield):teach(creature) 2/0\n[/card]\n"
    "[card]\nname=Volley\nmana={0}\ntype=Sorcery\nauto=foreach(creature|mybattlefield):life:1 controller\n[/card]\n"
    // a stray ')' after reject (Wagic reads its keywords by searching, the bracket changes nothing)
    "[card]\nname=Dump\nmana={0}\ntype=Sorcery\nauto=ability$!notatarget(*|myhand) reject)!$ controller\n[/card]\n"
    // a menu label before choice
    "[card]\nname=Both\nmana={0}\ntype=Sorcery\nauto=if type(elk|mybattlefield)~morethan~0 then name(do both) choice name(do both) life:3\n[/card]\n"
    // hand(blink)forsrc: exiled until the keeper leaves, then back to its owner's hand
    "[card]\nname=Keeper\nmana={0}\ntype=Enchantment\nauto=hand(blink)forsrc target(creature|graveyard)\n[/card]\n"
    "[card]\nname=Shatter\nmana={0}\ntype=Sorcery\ntarget=enchantment\nauto=destroy\n[/card]\n"
    "[card]\nname=Elk\nmana={0}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n"
    "[card]\nname=Stag\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n"
    "[card]\nname=Wolf\nmana={0}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

std::string game(const std::string& p1, const std::string& p2, const std::string& actions, const std::string& a1,
                 const std::string& a2, const std::string& phase = "FIRSTMAIN") {
  return "[INIT]\nFIRSTMAIN\n[PLAYER1]\n" + p1 + "[PLAYER2]\n" + p2 + "[DO]\n" + actions + "[ASSERT]\n" + phase + "\n[PLAYER1]\n" + a1 +
         "[PLAYER2]\n" + a2 + "[END]\n";
}

// thisturn(creature|mystack): the sorcery first does not count; the first creature does (+2),
// the second creature makes two (nothing).
TEST(WagicRestrictionWords, SpellsCastThisTurnAreCountedBySpec) {
  TestOutcome r = test::play_own(kCards, game("inplay:tally\nhand:gift,elk,wolf\n", "", "gift\nelk\nwolf\n",
                                              "inplay:tally,elk,wolf\ngraveyard:gift\nlife:23\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// compare(oplifelost): the ability is offered only after the opponent lost life this turn.
TEST(WagicRestrictionWords, LifeLostThisTurnGatesAnActivation) {
  TestOutcome r = test::play_own(kCards, game("inplay:leech\nhand:drain\n", "", "drain\nleech\n", "inplay:leech\ngraveyard:drain\n",
                                              "life:17\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("inplay:leech\n", "", "leech\n", "inplay:leech\n", "life:20\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// duringcombat: not in the main phase, yes as combat begins.
TEST(WagicRestrictionWords, DuringCombatIsAPartOfTheTurn) {
  TestOutcome r = test::play_own(kCards, game("inplay:drill\n", "", "drill\n", "inplay:drill\nlife:20\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("inplay:drill\n", "", "next\ndrill\n", "inplay:drill\nlife:23\n", "", "COMBATBEGIN"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// restriction=casted(creature|mystack): castable after a creature spell, not before.
TEST(WagicRestrictionWords, CastedSpecGatesACast) {
  TestOutcome r = test::play_own(kCards, game("hand:sprout,elk\n", "", "elk\nsprout\n", "inplay:elk\ngraveyard:sprout\nlife:23\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("hand:sprout,elk\n", "", "sprout\n", "hand:sprout,elk\nlife:20\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// restriction=control less creatures: a count compared with the opponent's count.
TEST(WagicRestrictionWords, ACountComparedWithAnotherCount) {
  TestOutcome r = test::play_own(kCards, game("hand:underdog\n", "inplay:wolf\n", "underdog\n", "graveyard:underdog\nlife:24\n", "inplay:wolf\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("hand:underdog\ninplay:elk\n", "inplay:wolf\n", "underdog\n", "hand:underdog\ninplay:elk\nlife:20\n",
                                  "inplay:wolf\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// A spell's modes: with no artifact anywhere only the green-creature mode is offered, so the
// first (and only) option destroys the stag.
TEST(WagicRestrictionWords, AModeIsOfferedOnlyWhileItsRestrictionHolds) {
  TestOutcome r = test::play_own(kCards, game("hand:purge\n", "inplay:stag\n", "purge\nchoice 0\nstag\n", "graveyard:purge\n", "graveyard:stag\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // with a leech there, the artifact mode is the first option
  r = test::play_own(kCards, game("hand:purge\n", "inplay:stag,leech\n", "purge\nchoice 0\nleech\n", "graveyard:purge\n",
                                  "inplay:stag\ngraveyard:leech\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // a colourless creature alone: neither mode holds, the spell is not cast
  r = test::play_own(kCards, game("hand:purge\n", "inplay:elk\n", "purge\n", "hand:purge\n", "inplay:elk\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// otherrestriction=: the alternative cost is usable only while the restriction holds (the mana
// cost of 5 cannot be paid here).
TEST(WagicRestrictionWords, OtherRestrictionGatesTheAlternativeCost) {
  TestOutcome r = test::play_own(kCards, game("hand:snitch\n", "inplay:wolf\n", "snitch\n", "graveyard:snitch\nlife:22\n", "inplay:wolf\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("hand:snitch\n", "", "snitch\n", "hand:snitch\nlife:20\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// if thisturn(..) / ifnot casted(..): the spells cast this turn, as the spell resolves.
TEST(WagicRestrictionWords, IfReadsSpellsCastThisTurn) {
  TestOutcome r = test::play_own(kCards, game("hand:follow,elk\n", "", "elk\nfollow\n", "inplay:elk\ngraveyard:follow\nlife:22\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("hand:follow\n", "", "follow\n", "graveyard:follow\nlife:20\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("hand:quiet\n", "", "quiet\n", "graveyard:quiet\nlife:24\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("hand:quiet,elk\n", "", "elk\nquiet\n", "inplay:elk\ngraveyard:quiet\nlife:20\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// if count~morethan~count; if A,B (both) name(label) then .. else ..
TEST(WagicRestrictionWords, IfComparesCountsAndListsParts) {
  TestOutcome r = test::play_own(kCards, game("hand:catchup\n", "inplay:wolf\n", "catchup\n", "graveyard:catchup\nlife:23\n", "inplay:wolf\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("hand:catchup\ninplay:elk\n", "inplay:wolf\n", "catchup\n", "inplay:elk\ngraveyard:catchup\nlife:20\n",
                                  "inplay:wolf\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("hand:pair\ninplay:elk,wolf\n", "", "pair\n", "inplay:elk,wolf\ngraveyard:pair\nlife:25\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("hand:pair\ninplay:elk\n", "", "pair\n", "inplay:elk\ngraveyard:pair\nlife:21\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// A label before the if of an activated ability; a count plus a number on the right.
TEST(WagicRestrictionWords, LabelledIfOnAnActivatedAbility) {
  TestOutcome r = test::play_own(kCards, game("inplay:totem\n", "inplay:wolf,stag\n", "totem\n", "inplay:totem\nlife:22\n", "inplay:wolf,stag\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("inplay:totem\n", "inplay:wolf\n", "totem\n", "inplay:totem\nlife:20\n", "inplay:wolf\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// aslongas(spec):teach(creature) 2/0 reads as aslongas(spec) teach(creature) 2/0: the enchanted
// wolf hits for 4 while an elk is there, for 2 without; foreach(spec):life:1 once per creature.
TEST(WagicRestrictionWords, AColonAfterAConditionChangesNothing) {
  const std::string attack = "hybrid\nwolf\nnext\nnext\nwolf\nnext\nnext\nnext\nnext\n";
  TestOutcome r = test::play_own(kCards, game("hand:hybrid\ninplay:wolf,elk\n", "", attack, "inplay:wolf,elk,hybrid\n", "life:16\n", "SECONDMAIN"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("hand:hybrid\ninplay:wolf\n", "", attack, "inplay:wolf,hybrid\n", "life:18\n", "SECONDMAIN"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("hand:volley\ninplay:wolf,elk\n", "", "volley\n", "inplay:wolf,elk\ngraveyard:volley\nlife:22\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// notatarget(*|myhand) reject)!$: its caster discards the card chosen.
TEST(WagicRestrictionWords, AStrayClosingBracketIsIgnored) {
  TestOutcome r = test::play_own(kCards, game("hand:dump,elk,wolf\n", "", "dump\nelk\n", "hand:wolf\ngraveyard:dump,elk\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  EXPECT_TRUE(compile_ability("upcost[{g}] sacrifice)").supported());
  // a ')' inside a '[' left open is kept (the text is damaged otherwise)
  EXPECT_NE(compile_ability("@movedto(creature[power>=4|mybattlefield):draw:1 controller").text.find("mybattlefield)"), std::string::npos);
}

// name(label) choice A: the label goes; a spell's one-line choice runs A (+3) when the if holds.
TEST(WagicRestrictionWords, ALabelBeforeChoice) {
  TestOutcome r = test::play_own(kCards, game("hand:both\ninplay:elk\n", "", "both\n", "inplay:elk\ngraveyard:both\nlife:23\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("hand:both\n", "", "both\n", "graveyard:both\nlife:20\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);  // no elk: the if does not hold
  const Ability zombie = compile_ability("this(counter{0/0.1.loyalty}) choice token(zombie,creature zombie,2/2,black) controller");
  EXPECT_TRUE(zombie.supported());
  EXPECT_TRUE(zombie.may);
}

// hand(blink)forsrc from a graveyard: the elk is exiled while the keeper stays, then goes to its
// owner's hand (not the battlefield) when the keeper is destroyed.
TEST(WagicRestrictionWords, HandBlinkReturnsToTheHand) {
  TestOutcome r = test::play_own(kCards, game("hand:keeper\n", "graveyard:elk\n", "keeper\nelk\n", "inplay:keeper\n", "exile:elk\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("hand:keeper,shatter\n", "graveyard:elk\n", "keeper\nelk\nshatter\nkeeper\n", "graveyard:keeper,shatter\n",
                                  "hand:elk\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// The parts a restriction reads, and what stays not run.
TEST(WagicRestrictionWords, ReadsTheParts) {
  const Ability mode = compile_ability("choice name(a) destroy target(artifact|battlefield) restriction{type(artifact|battlefield)~morethan~0}");
  EXPECT_TRUE(mode.supported());
  EXPECT_TRUE(mode.may);
  ASSERT_EQ(mode.trigger.counts.size(), 1u);
  EXPECT_TRUE(mode.trigger.counts[0].var.empty());
  std::vector<TriggerDef::Count> counts;
  EXPECT_TRUE(read_count_restriction("myupkeeponly,thisturn(*[-creature]|mystack)~morethan~0,type(creature|mybattlefield)~lessthan~type(creature|opponentbattlefield)-3", counts));
  ASSERT_EQ(counts.size(), 3u);
  EXPECT_EQ(counts[0].var, "window");
  EXPECT_EQ(counts[0].whose, 1);
  EXPECT_EQ(counts[1].var, "thisturn");
  ASSERT_TRUE(counts[2].than);
  EXPECT_EQ(counts[2].n, -3);
  EXPECT_FALSE(read_count_restriction("thisturn(*|mybattlefield)~morethan~0", counts));  // other zones' cards seen: not read
  EXPECT_FALSE(read_count_restriction("type(creature|battlefield)~morethan~", counts));
  EXPECT_FALSE(read_count_restriction("compare(lifelost", counts));
  EXPECT_FALSE(read_count_restriction("turn:", counts));
}

}  // namespace
}  // namespace rk::mtg
