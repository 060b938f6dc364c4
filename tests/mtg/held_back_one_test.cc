// Pieces of the card language and of Wagic's scenario runner that Wagic's held-back tests meet:
// a spell's or an ability's targets left unchosen (nothing cast, nothing paid), <prex> asking for
// exactly X targets, a menu label written before if .. then, and!(..)! whose brackets do not
// balance (read up to its ")!" as Wagic reads it), nolegend given by a lord, morph costs that
// choose cards, a trigger's restriction on the event's amount, convertedcost:highest / lowest, a
// card's own P/T from the mana values of its controller's other creatures or from its life.
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
    "[card]\nname=Owl\nmana={U}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n"
    "[card]\nname=Rebirth\nmana={B}\ntype=Sorcery\nauto=all(creature|battlefield) becomes(doomed) && all(creature|graveyard) "
    "moveto(exile) and!(transforms((,newability[sacrifice all(doomed)],newability[(moveto(battlefield)])))! oneshot\n[/card]\n"
    "[card]\nname=Gallery\nmana={5}\ntype=Artifact\nauto=lord(*|battlefield) nolegend\n[/card]\n"
    "[card]\nname=Hero\nmana={W}\ntype=Legendary Creature\npower=2\ntoughness=2\n[/card]\n"
    "[card]\nname=Seer\nfacedown={3}\nautofacedown={H(isle|mybattlefield)}{H(isle|mybattlefield)}:morph\nautofaceup=life:3\n"
    "mana={1}{U}\ntype=Creature\npower=1\ntoughness=3\n[/card]\n"
    "[card]\nname=Mourner\nfacedown={3}\nautofacedown={discard(*|myhand)}:morph\nautofaceup=life:2\n"
    "mana={1}{B}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n"
    "[card]\nname=Isle\ntype=Land\n[/card]\n[card]\nname=Cove\ntype=Land\nsubtype=Isle\n[/card]\n"
    "[card]\nname=Magnifier\nmana={2}\ntype=Enchantment\n"
    "auto=@damagefoeof(player) restriction{compare(thatmuch)~morethan~2}:life:5 controller\n[/card]\n"
    "[card]\nname=Zap\nmana={R}\ntype=Instant\ntarget=player\nauto=damage:3\n[/card]\n"
    "[card]\nname=Ping\nmana={R}\ntype=Instant\ntarget=player\nauto=damage:2\n[/card]\n"
    "[card]\nname=Giant\nmana={4}{G}\ntype=Creature\npower=5\ntoughness=5\n[/card]\n"
    "[card]\nname=Surge\nmana={G}\ntype=Instant\ntarget=creature\n"
    "auto=convertedcost:highest:*:mybattlefield/convertedcost:highest:*:mybattlefield\n[/card]\n"
    "[card]\nname=Burn\nmana={R}\ntype=Instant\ntarget=creature\nauto=damage:3\n[/card]\n"
    "[card]\nname=Tithe\nmana={W}\ntype=Sorcery\nauto=life:convertedcost:lowest:creature:mybattlefield\n[/card]\n"
    "[card]\nname=Ooze\nanyzone=pancientooze/pancientooze cdaactive\nmana={5}{G}{G}\ntype=Creature\npower=*\ntoughness=*\n[/card]\n"
    "[card]\nname=Avatar\nanyzone=lifetotal/lifetotal cdaactive\nmana={4}{W}{W}\ntype=Creature\npower=*\ntoughness=*\n[/card]\n"
    "[card]\nname=Bark\nanyzone=pdauntless/pdauntless cdaactive\nmana={1}{G}\ntype=Creature\nsubtype=Treefolk\npower=*\ntoughness=*\n[/card]\n"
    "[card]\nname=Wood\ntype=Land\nsubtype=Forest\n[/card]\n[card]\nname=Grove\ntype=Land\nsubtype=Forest Treefolk\n[/card]\n"
    "[card]\nname=Fen\ntype=Land\nsubtype=Swamp\n[/card]\n"
    "[card]\nname=Rioter\nanyzone=pbasiclandtypes/pbasiclandtypes cdaactive\nmana={2}{G}\ntype=Creature\npower=*\ntoughness=*\n[/card]\n"
    "[card]\nname=Rat\nanyzone=othertype:rat:battlefield/othertype:rat:battlefield cdaactive\nmana={B}\ntype=Creature\nsubtype=Rat\n"
    "power=*\ntoughness=*\n[/card]\n"
    "[card]\nname=Chimera\nanyzone=pginstantsorcery/pginstantsorcery cdaactive\nmana={1}{U}{R}\ntype=Creature\npower=*\ntoughness=*\n[/card]\n"
    "[card]\nname=Goyf\nanyzone=gravecardtypes/plusonegravecardtypes cdaactive\nmana={1}{G}\ntype=Creature\npower=*\ntoughness=*\n[/card]\n";

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

// and!(..)! up to its ")!" though newability[(moveto(battlefield)] never closes its "(": the
// creatures on the battlefield are sacrificed, the exiled creature cards come back.
TEST(WagicUnbalancedAnd, ReadUpToItsClosingBang) {
  TestOutcome r = test::play_own(kCards, game("inplay:elk\ngraveyard:bear,owl\nhand:rebirth\nmanapool:{B}\n", "", "rebirth\n",
                                              "inplay:bear,owl\ngraveyard:elk,rebirth\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// lord(*|battlefield) nolegend: two legendary permanents of one name both stay; without it the
// legend rule asks which to keep (choice 0: keep the new one).
TEST(WagicNoLegend, ALordsNolegendSuspendsTheLegendRule) {
  TestOutcome r = test::play_own(kCards, game("inplay:gallery,hero\nhand:hero\nmanapool:{W}\n", "", "hero\nchoice 0\n",
                                              "inplay:gallery,hero,hero\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("inplay:hero\nhand:hero\nmanapool:{W}\n", "", "hero\nchoice 0\n", "inplay:hero\ngraveyard:*\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// autofacedown={H(isle|mybattlefield)}{H(isle|mybattlefield)}:morph: two Isles return to the
// hand (clicked) and it turns face up (its autofaceup= line gains 3 life); with one Isle it cannot.
TEST(WagicMorphCosts, ReturningTwoLandsTurnsItFaceUp) {
  TestOutcome r = test::play_own(kCards, game("inplay:isle,cove\nhand:seer\nmanapool:{3}\n", "", "seer\nseer\nisle\ncove\n",
                                              "inplay:seer\nhand:isle,cove\nlife:23\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("inplay:isle\nhand:seer\nmanapool:{3}\n", "", "seer\nseer\nisle\n", "inplay:isle,seer\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// autofacedown={discard(*|myhand)}:morph: the clicked card is discarded as it turns face up.
TEST(WagicMorphCosts, ADiscardTurnsItFaceUp) {
  TestOutcome r = test::play_own(kCards, game("hand:mourner,elk\nmanapool:{3}\n", "", "mourner\nmourner\nelk\n",
                                              "inplay:mourner\ngraveyard:elk\nlife:22\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// restriction{compare(thatmuch)~morethan~2} on @damagefoeof: 3 damage from one source triggers it,
// 2 does not.
TEST(WagicTriggerAmount, ThatmuchInARestrictionIsTheEventsAmount) {
  TestOutcome r = test::play_own(kCards, game("inplay:magnifier\nhand:zap\nmanapool:{R}\n", "", "zap\np2\n",
                                              "inplay:magnifier\ngraveyard:zap\nlife:25\n", "life:17\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("inplay:magnifier\nhand:ping\nmanapool:{R}\n", "", "ping\np2\n",
                                  "inplay:magnifier\ngraveyard:ping\n", "life:18\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// convertedcost:highest:*:mybattlefield as +X/+X: the Giant's 5 makes the Elk 7/7, and it survives
// 3 damage; convertedcost:lowest:creature:mybattlefield: the Elk's 1.
TEST(WagicExtremeAmounts, HighestAndLowestManaValueAmongSuchCards) {
  TestOutcome r = test::play_own(kCards, game("inplay:elk,giant\nhand:surge,burn\nmanapool:{G}{R}\n", "", "surge\nelk\nburn\nelk\n",
                                              "inplay:elk,giant\ngraveyard:surge,burn\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("inplay:elk,giant\nhand:burn\nmanapool:{R}\n", "", "burn\nelk\n", "inplay:giant\ngraveyard:elk,burn\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("inplay:elk,giant\nhand:tithe\nmanapool:{W}\n", "", "tithe\n",
                                  "inplay:elk,giant\ngraveyard:tithe\nlife:21\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// anyzone=pancientooze/pancientooze cdaactive: the Elk's 1 and the Giant's 5 make it 6/6 (it lives
// through 3 damage); alone it is 0/0 and dies.
TEST(WagicOwnPowerAmounts, OtherCreaturesManaValuesSummed) {
  TestOutcome r = test::play_own(kCards, game("inplay:ooze,elk,giant\nhand:burn\nmanapool:{R}\n", "", "burn\nooze\n",
                                              "inplay:ooze,elk,giant\ngraveyard:burn\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("inplay:ooze\n", "", "", "graveyard:ooze\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// anyzone=lifetotal/lifetotal cdaactive: 20/20 at 20 life (it lives through 3 damage).
TEST(WagicOwnPowerAmounts, LifeTotalIsItsPowerAndToughness) {
  TestOutcome r = test::play_own(kCards, game("inplay:avatar\nhand:burn\nmanapool:{R}\n", "", "burn\navatar\n",
                                              "inplay:avatar\ngraveyard:burn\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// pdauntless: its controller's Forests plus its Treefolk, a Treefolk Forest twice: with Wood and
// Grove 4/4 (lives through 3 damage), with Wood alone 2/2 (dies).
TEST(WagicOwnPowerAmounts, ForestsPlusTreefolkCountATreefolkForestTwice) {
  TestOutcome r = test::play_own(kCards, game("inplay:bark,wood,grove\nhand:burn\nmanapool:{R}\n", "", "burn\nbark\n",
                                              "inplay:bark,wood,grove\ngraveyard:burn\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("inplay:bark,wood\nhand:burn\nmanapool:{R}\n", "", "burn\nbark\n", "inplay:wood\ngraveyard:bark,burn\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// pbasiclandtypes (2 with a Forest and a Swamp: it lives; alone 0/0), othertype:rat (the other
// Rats: two each 1/1; one alone 0/0), pginstantsorcery (the instants in its controller's graveyard).
TEST(WagicOwnPowerAmounts, DomainOtherRatsAndSpellsInTheGraveyard) {
  TestOutcome r = test::play_own(kCards, game("inplay:rioter,wood,fen\n", "", "", "inplay:rioter,wood,fen\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("inplay:rioter\n", "", "", "graveyard:rioter\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("inplay:rat,rat\n", "", "", "inplay:rat,rat\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("inplay:rat\n", "", "", "graveyard:rat\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("inplay:chimera\ngraveyard:zap\n", "", "", "inplay:chimera\ngraveyard:zap\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("inplay:chimera\n", "", "", "graveyard:chimera\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// gravecardtypes / plusone..: the card types in all graveyards (creature, instant, and player 2's
// land: 3/4, it lives through Burn; without the land 2/3 once Burn is in the graveyard: it dies).
TEST(WagicOwnPowerAmounts, CardTypesInAllGraveyards) {
  TestOutcome r = test::play_own(kCards, game("inplay:goyf\ngraveyard:elk\nhand:burn\nmanapool:{R}\n", "graveyard:wood\n", "burn\ngoyf\n",
                                              "inplay:goyf\ngraveyard:elk,burn\n", "graveyard:wood\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, game("inplay:goyf\ngraveyard:elk\nhand:burn\nmanapool:{R}\n", "", "burn\ngoyf\n",
                                  "graveyard:elk,burn,goyf\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
