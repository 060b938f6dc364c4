// Pieces of the rules that Wagic's scenario tests exercise in families (issue 31): each test on
// small cards of its own.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kLands = "[card]\nname=Isle\ntype=Land\n[/card]\n[card]\nname=Wood\ntype=Land\n[/card]\n"
                           "[card]\nname=Marsh\ntype=Land\n[/card]\n";

// "{T}{S}:thisforeach(counter{0/0.1.Page}) draw:1": the cost sacrifices the card before the
// effect counts, so the count is of the counters it had as it left (last known information).
TEST(WagicRulesFamilies, ACountOfCountersOnACardItsCostSacrificedUsesWhatItHad) {
  const std::string cards = "[card]\nname=Ledger\nmana={1}\ntype=Artifact\nauto={0}:counter(0/0,1,Page)\n"
                            "auto={T}{S}:thisforeach(counter{0/0.1.Page}) draw:1 controller\n[/card]\n" + kLands;
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:ledger\nlibrary:isle,wood,marsh\n[PLAYER2]\n[DO]\n"
                                        "ledger\nchoice 0\nnext\nledger\nchoice 0\nnext\nledger\nchoice 1\n[ASSERT]\nCOMBATATTACKERS\n[PLAYER1]\n"
                                        "graveyard:ledger\nhand:wood,marsh\nlibrary:isle\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Level up written with commas, "this(counter{0/0,2,Level}) 3/3": Wagic reads counter{..} with
// commas as with dots. At level 2 the 1/1 attacks as a 4/4; at level 1 it is still 1/1.
TEST(WagicRulesFamilies, ALevelWrittenWithCommasCountsItsCounters) {
  const std::string cards = "[card]\nname=Squire\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n"
                            "auto={1}:counter(0/0,1,Level)\nauto=this(counter{0/0,2,Level}) 3/3\n[/card]\n";
  auto levels = [](int n, int life) {
    std::string s = "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:squire\nmanapool:" + std::string(n == 2 ? "{2}" : "{1}") + "\n[PLAYER2]\n[DO]\n";
    for (int i = 0; i < n; ++i) s += "squire\n";
    return s + "next\nnext\nsquire\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:squire\n[PLAYER2]\nlife:" +
           std::to_string(life) + "\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, levels(2, 16));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, levels(1, 19));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// An aura's one-shot "auto=tap" taps the creature it enchants as it enters, and its
// "auto=doesnotuntap" keeps that creature tapped through its controller's untap step: the bear
// cannot attack on its own turn. Without the aura it attacks.
TEST(WagicRulesFamilies, AnAurasOneShotActsOnTheCreatureItEnchants) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Snare\nmana={B}\ntype=Enchantment\nsubtype=Aura\ntarget=creature\n"
                            "auto=tap\nauto=doesnotuntap\n[/card]\n";
  // From player 1's second main to player 2's declare-attackers step, the bear clicked, then to
  // the end of combat (one step when nothing attacks, three when the bear does).
  auto turn = [](bool snared) {
    return std::string("[INIT]\nSECONDMAIN\n[PLAYER1]\nhand:snare\nmanapool:{B}\n[PLAYER2]\ninplay:bear\n[DO]\n") +
           (snared ? "snare\nbear\n" : "") + "next\nnext\nnext\nnext\nnext\nnext\nnext\nnext\nbear\nnext\n" +
           (snared ? "" : "next\nnext\n") + "[ASSERT]\nCOMBATEND\n[PLAYER1]\n" + (snared ? "inplay:snare\nlife:20\n" : "hand:snare\nlife:18\n") +
           "[PLAYER2]\ninplay:bear\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, turn(true));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, turn(false));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Forecast, "autohand={W}:tap target(creature) limit:1 myUpkeepOnly": activated from the hand
// during its owner's upkeep, once a turn (the second click pays nothing); not in a main phase.
TEST(WagicRulesFamilies, AnAbilityOfACardInTheHandIsActivatedWithItsRestrictions) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Omen\nmana={5}{W}\ntype=Creature\npower=3\ntoughness=3\n"
                            "autohand={W}:tap target(creature) limit:1 myUpkeepOnly\n[/card]\n";
  auto at = [](const std::string& phase, const std::string& clicks, const std::string& pool) {
    return "[INIT]\n" + phase + "\n[PLAYER1]\nhand:omen\nmanapool:{W}{W}\n[PLAYER2]\ninplay:bear\n[DO]\n" + clicks +
           "[ASSERT]\n" + phase + "\n[PLAYER1]\nhand:omen\nmanapool:" + pool + "\n[PLAYER2]\ninplay:bear\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, at("UPKEEP", "omen\nbear\nomen\nbear\n", "{W}"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, at("FIRSTMAIN", "omen\nbear\n", "{W}{W}"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// "@next upkeep:draw:1" on a permanent fires once, at the first upkeep after it entered (the
// opponent's, here), and not again at its controller's own upkeep after that.
TEST(WagicRulesFamilies, ANextTriggerOfAPermanentFiresOnce) {
  const std::string cards = kLands + "[card]\nname=Seer\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n"
                                     "auto=@next upkeep:draw:1\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nSECONDMAIN\n[PLAYER1]\nmanapool:{G}\nhand:seer\nlibrary:isle,wood,marsh\n"
                                        "[PLAYER2]\n[DO]\nseer\neot\neot\nnext\nnext\nnext\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n"
                                        "inplay:seer\nhand:wood,marsh\nlibrary:isle\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// An instant's "preventAllCombatDamage from(creature[-trample]) ueot": for the rest of the turn the
// bear's combat damage is prevented (its blocker lives), the trampler's is dealt.
TEST(WagicRulesFamilies, APreventionASpellLeavesLastsTheTurn) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) + test::creature("Ox", "{G}", 3, 3, "trample") +
                            test::creature("Guard", "{W}", 1, 2) +
                            "[card]\nname=Sap\nmana={G}\ntype=Instant\nauto=preventAllCombatDamage from(creature[-trample]) ueot\n[/card]\n";
  auto combat = [](bool sap, const std::string& p2) {
    return std::string("[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:sap\nmanapool:{G}\ninplay:bear,ox\n[PLAYER2]\ninplay:guard\n[DO]\n") +
           (sap ? "sap\n" : "") + "next\nnext\nbear\nox\nnext\nguard\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\n" +
           (sap ? "graveyard:sap\n" : "hand:sap\n") + "inplay:bear,ox\n[PLAYER2]\n" + p2 + "[END]\n";
  };
  TestOutcome r = test::play_own(cards, combat(true, "inplay:guard\nlife:17\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, combat(false, "graveyard:guard\nlife:17\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// "{T}:ueot loseabilities && losesubtypesof(land) && transforms((island)) target(land)": a leading
// ueot covers every && part. The forest makes blue mana this turn, green again after the turn.
TEST(WagicRulesFamilies, ALeadingUeotCoversEveryPart) {
  const std::string cards = "[card]\nname=Grove\ntype=Land\nsubtype=Forest\n[/card]\n"
                            "[card]\nname=Tide\nmana={U}\ntype=Creature\npower=1\ntoughness=1\n"
                            "auto={T}:ueot loseabilities && losesubtypesof(land) && transforms((island)) target(land)\n[/card]\n";
  auto run = [](const std::string& between, const std::string& phase, const std::string& pool) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:grove,tide\n[PLAYER2]\n[DO]\ntide\ngrove\n" + between + "grove\n[ASSERT]\n" +
           phase + "\n[PLAYER1]\ninplay:grove,tide\nmanapool:" + pool + "\n[PLAYER2]\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, run("", "FIRSTMAIN", "{U}"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, run("eot\neot\n", "UNTAP", "{G}"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// "@movedTo(creature|battlefield):life:1" does not see its own permanent entering (the trigger is
// not there yet); the next creature counts. "@movedTo(this|battlefield)" names itself and fires.
TEST(WagicRulesFamilies, AnEnteringTriggerDoesNotSeeItsOwnPermanentEnterUnlessItNamesIt) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Warden\nmana={W}\ntype=Creature\npower=1\ntoughness=1\nauto=@movedTo(creature|battlefield):life:1\n[/card]\n"
                            "[card]\nname=Herald\nmana={W}\ntype=Creature\npower=1\ntoughness=1\nauto=@movedTo(this|battlefield):life:2\n[/card]\n";
  auto cast = [](const std::string& first, const std::string& life) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:" + first + ",bear\nmanapool:{W}{G}\n[PLAYER2]\n[DO]\n" + first +
           "\nbear\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:" + first + ",bear\nlife:" + life + "\n[PLAYER2]\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, cast("warden", "21"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, cast("herald", "22"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Unearth, "autograveyard={B}:moveto(mybattlefield) && transforms((,unearth,haste)) asSorcery
// forever": back from the graveyard with haste, exiled as the end step begins, or instead of going
// anywhere else when it would leave the battlefield (CR 702.84a).
TEST(WagicRulesFamilies, AnUnearthedCreatureIsExiledAtTheEndStepOrAsItWouldLeave) {
  const std::string cards = "[card]\nname=Ghoul\nmana={1}{B}\ntype=Creature\npower=2\ntoughness=1\n"
                            "autograveyard={B}:moveto(mybattlefield) && transforms((,unearth,haste)) asSorcery forever\n[/card]\n"
                            "[card]\nname=Doom\nmana={B}\ntype=Instant\ntarget=creature\nauto=destroy\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nSECONDMAIN\n[PLAYER1]\ngraveyard:ghoul\nmanapool:{B}\n[PLAYER2]\n[DO]\nghoul\n"
                                        "next\nnext\n[ASSERT]\nCLEANUP\n[PLAYER1]\nexile:ghoul\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nSECONDMAIN\n[PLAYER1]\ngraveyard:ghoul\nhand:doom\nmanapool:{B}{B}\n[PLAYER2]\n[DO]\nghoul\n"
                            "doom\nghoul\n[ASSERT]\nSECONDMAIN\n[PLAYER1]\nexile:ghoul\ngraveyard:doom\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// "lord(sliver) rampage(1/1,0)": a sliver blocked gets +1/+1 for each creature blocking it, so the
// 2/2 kills the 0/3 wall that blocks it; without the lord the wall lives.
TEST(WagicRulesFamilies, RampageGivenByALordCountsTheBlockers) {
  const std::string cards = test::creature("Wall", "{W}", 0, 3) +
                            "[card]\nname=Drone\nmana={R}\ntype=Creature\nsubtype=Sliver\npower=2\ntoughness=2\n[/card]\n"
                            "[card]\nname=Spine\nmana={R}{G}\ntype=Enchantment\nauto=lord(sliver) rampage(1/1,0)\n[/card]\n";
  auto combat = [](const std::string& mine, const std::string& p2) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:" + mine + "\n[PLAYER2]\ninplay:wall\n[DO]\nnext\nnext\ndrone\nnext\nwall\nnext\nnext\n"
           "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:" + mine + "\n[PLAYER2]\n" + p2 + "[END]\n";
  };
  TestOutcome r = test::play_own(cards, combat("drone,spine", "graveyard:wall\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, combat("drone", "inplay:wall\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Flanking stacks: "lord(other creature[flanking]) flanker" gives a creature that has flanking one
// more instance, so a 4/4 blocking it gets -2/-2 and dies to its 2 damage; with one instance the
// blocker is a 3/3 and lives (CR 702.25b).
TEST(WagicRulesFamilies, EachInstanceOfFlankingCounts) {
  const std::string cards = test::creature("Giant", "{G}", 4, 4) + test::creature("Knight", "{W}", 2, 2, "flanking") +
                            "[card]\nname=Master\nmana={W}\ntype=Enchantment\nauto=lord(other creature[flanking]) flanking\nauto=lord(other creature[flanking]) flanker\n[/card]\n";
  auto combat = [](const std::string& mine, const std::string& p2) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:" + mine + "\n[PLAYER2]\ninplay:giant\n[DO]\nnext\nnext\nknight\nnext\ngiant\nnext\nnext\n"
           "[ASSERT]\nCOMBATEND\n[PLAYER1]\n" + (mine == "knight" ? std::string() : "inplay:master\n") + "graveyard:knight\n[PLAYER2]\n" + p2 + "[END]\n";
  };
  TestOutcome r = test::play_own(cards, combat("knight,master", "graveyard:giant\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, combat("knight", "inplay:giant\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// "token(N)" with a set card's own multiverse id (Spawnwrithe writes its own): the token is a copy
// of that card. Own cards get ids 1, 2, ... in order, so the Writhe is card 1.
TEST(WagicRulesFamilies, ATokenNamedByASetCardsIdCopiesThatCard) {
  const std::string cards = "[card]\nname=Writhe\nmana={2}{G}\ntype=Creature\npower=2\ntoughness=2\n"
                            "auto=@combatdamaged(player) from(this):token(1)\n[/card]\n";
  TestOutcome r = test::play_own(cards, test::combat("writhe", "", "writhe\n", "", "inplay:writhe,writhe\n", "life:18\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  EXPECT_TRUE(r.missing.empty()) << r.missing.front();
}

// Pillar of Flame's "exiledeath" beside "damage:2" on a creature-or-player target: aimed at a
// player the damage is dealt and the exile clause has nothing to do (no part left unrun).
TEST(WagicRulesFamilies, ExileInsteadOfDyingAimedAtAPlayerOnlyDealsTheDamage) {
  const std::string cards = "[card]\nname=Pillar\nmana={R}\ntype=Sorcery\ntarget=creature,player\nauto=exiledeath\n"
                            "auto=damage:2\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:pillar\nmanapool:{R}\n[PLAYER2]\n[DO]\npillar\np2\n"
                                        "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:pillar\n[PLAYER2]\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  EXPECT_TRUE(r.missing.empty()) << r.missing.front();
}

// Recover (CR 702.59), "autograveyard=@movedto(creature|mygraveyard) from(battlefield):..": the
// card listens from its owner's graveyard and returns when another creature of theirs dies.
TEST(WagicRulesFamilies, ACardInTheGraveyardHearsAnotherCreatureDie) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Mend\nmana={B}\ntype=Sorcery\nauto=life:1\n"
                            "autograveyard=@movedto(creature|mygraveyard) from(battlefield):moveto(ownerhand)\n[/card]\n"
                            "[card]\nname=Shock\nmana={R}\ntype=Instant\ntarget=creature\nauto=damage:2\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:shock\ngraveyard:mend\ninplay:bear\nmanapool:{R}\n"
                                        "[PLAYER2]\n[DO]\nshock\nbear\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:mend\n"
                                        "graveyard:bear,shock\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// "autograveyard=@each my upkeep:..": a phase trigger heard from the graveyard (Ashen Ghoul-like):
// the card comes back at its owner's upkeep, not at the opponent's.
TEST(WagicRulesFamilies, ACardInTheGraveyardHearsItsOwnersUpkeep) {
  const std::string cards = "[card]\nname=Ghoul\nmana={3}{B}\ntype=Creature\npower=3\ntoughness=1\n"
                            "autograveyard=@each my upkeep:moveto(ownerhand)\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\n[PLAYER2]\ngraveyard:ghoul\n[DO]\neot\nnext\nnext\n"
                                        "[ASSERT]\nDRAW\n[PLAYER1]\n[PLAYER2]\nhand:ghoul\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:ghoul\n[PLAYER2]\n[DO]\neot\nnext\nnext\n"
                            "[ASSERT]\nDRAW\n[PLAYER1]\ngraveyard:ghoul\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// "auto=choice name(..) teach(creature) ..." lines of an aura (Traveler's Cloak, Convincing
// Mirage): one is chosen as the aura enters, and only that one holds while it stays (before, every
// choice line held at once).
TEST(WagicRulesFamilies, AnAurasChoiceLinesAreChosenAsItEnters) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Cloak\nmana={U}\ntype=Enchantment\nsubtype=Aura\ntarget=creature\n"
                            "auto=choice name(big) teach(creature) 2/2\nauto=choice name(small) teach(creature) 1/1\n[/card]\n";
  auto attack = [](int choice, int life) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:cloak\ninplay:bear\nmanapool:{U}\n[PLAYER2]\n[DO]\ncloak\nbear\nchoice " +
           std::to_string(choice) + "\nnext\nnext\nbear\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:bear,cloak\n"
           "[PLAYER2]\nlife:" + std::to_string(life) + "\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, attack(0, 16));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, attack(1, 17));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Two newability[may ..] one-shots given at once (Merrow Reejerey: "you may tap or untap target
// permanent"): one menu of both, the chosen one's target next. Tapping the wall lets a spell that
// needs a tapped creature destroy it; untapping leaves it standing.
TEST(WagicRulesFamilies, TwoMayNewAbilitiesAreOneMenu) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) + test::creature("Wall", "{1}", 0, 4) +
                            "[card]\nname=Reefer\nmana={2}{U}\ntype=Creature\npower=2\ntoughness=2\n"
                            "auto=@movedTo(creature|mystack) from(*|myhand):all(this) transforms((,newability[may tap target(creature)],"
                            "newability[may untap target(creature)])) ueot\n[/card]\n"
                            "[card]\nname=Stroke\nmana={B}\ntype=Instant\ntarget=creature[tapped]\nauto=destroy\n[/card]\n";
  auto play = [](int choice, const std::string& p2) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:bear,stroke\ninplay:reefer\nmanapool:{G}{B}\n[PLAYER2]\ninplay:wall\n[DO]\n"
           "bear\nreefer\nchoice " + std::to_string(choice) + "\nwall\nstroke\nwall\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n" +
           (choice == 0 ? "inplay:reefer,bear\ngraveyard:stroke\n" : "inplay:reefer,bear\nhand:stroke\nmanapool:{B}\n") +
           "[PLAYER2]\n" + p2 + "[END]\n";
  };
  TestOutcome r = test::play_own(cards, play(0, "graveyard:wall\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, play(1, "inplay:wall\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// A draw replacement that asks first (Island Sanctuary: "you may skip that draw"): its "draw card"
// option draws, after the menu, and that draw is not replaced by the same card again (CR 614.5):
// one answer, one card drawn.
TEST(WagicRulesFamilies, AReplacementsOwnDrawAfterItsMenuIsNotReplacedAgain) {
  const std::string cards = kLands + "[card]\nname=Haven\nmana={1}{W}\ntype=Enchantment\nauto=replacedraw ability$!"
                                     "name(Choose one) choice name(skip) life:1 _ choice name(draw) draw:1 controller!$ controller\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nUPKEEP\n[PLAYER1]\ninplay:haven\nlibrary:isle,wood\n[PLAYER2]\n[DO]\nnext\nchoice 1\n"
                                        "[ASSERT]\nDRAW\n[PLAYER1]\ninplay:haven\nhand:wood\nlibrary:isle\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nUPKEEP\n[PLAYER1]\ninplay:haven\nlibrary:isle,wood\n[PLAYER2]\n[DO]\nnext\nchoice 0\n"
                            "[ASSERT]\nDRAW\n[PLAYER1]\ninplay:haven\nlibrary:isle,wood\nlife:21\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// "autograveyard=moveto(ownerlibrary) && shuffle" (Darksteel Colossus: "put into a graveyard from
// anywhere"): milled from the library, it goes back there; discarded from the hand too.
TEST(WagicRulesFamilies, AGraveyardLineRunsAsTheCardArrivesFromAnywhere) {
  const std::string cards = kLands + "[card]\nname=Colossus\nmana={11}\ntype=Artifact Creature\npower=11\ntoughness=11\n"
                                     "autograveyard=moveto(ownerlibrary) && shuffle\n[/card]\n"
                                     "[card]\nname=Drain\nmana={U}\ntype=Sorcery\nauto=deplete:1 controller\n[/card]\n"
                                     "[card]\nname=Rot\nmana={B}\ntype=Sorcery\nauto=discard:1 controller\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:drain\nlibrary:isle,colossus\nmanapool:{U}\n[PLAYER2]\n"
                                        "[DO]\ndrain\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:drain\nlibrary:isle,colossus\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:colossus,rot\nlibrary:isle\nmanapool:{B}\n[PLAYER2]\n"
                            "[DO]\nrot\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:rot\nlibrary:isle,colossus\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// A trigger's pay(..) menu belongs to the trigger's controller even on the other player's turn
// (miracle, Cemetery Puca's kin): player 2's Tithe hears player 1's creature enter, and player 2
// answers (the runner names who clicked in its log).
TEST(WagicRulesFamilies, ATriggersPaymentIsAnsweredByItsController) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Tithe\nmana={W}\ntype=Enchantment\n"
                            "auto=@movedto(creature|opponentbattlefield):pay({1}) life:3 controller\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:bear\nmanapool:{G}\n[PLAYER2]\ninplay:tithe\nmanapool:{1}\n"
                                        "[DO]\nbear\nchoice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bear\n[PLAYER2]\ninplay:tithe\n"
                                        "life:23\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  bool by_p2 = false;
  for (const std::string& line : r.trace) by_p2 = by_p2 || line == "> choice 0 (p2)";
  EXPECT_TRUE(by_p2) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
