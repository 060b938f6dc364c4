// Keyword abilities of the guide's list that change combat, each pinned with cards of our own
// (own_cards.h): evasion (intimidate, horsemanship, cloud, reachshadow, strong, weak, the other
// landwalks) and exalted. Each test shows the keyword at work and the case where it does not apply.
#include <gtest/gtest.h>

#include "own_cards.h"

namespace rk::mtg {
namespace {

using test::combat;
using test::creature;
using test::play_own;
using test::trace_of;

// Exalted (CR 702.83): attacking alone, +1/+1 for each exalted permanent of its controller.
TEST(WagicKeywords, ExaltedCountsEachInstanceForACreatureAttackingAlone) {
  const std::string cards = creature("Bear", "{1}{G}", 2, 2) + creature("Sentinel", "{W}", 0, 1, "exalted") +
                            creature("Squire", "{W}", 1, 1, "exalted");
  TestOutcome r = play_own(cards, combat("bear,sentinel,squire", "", "bear\n", "",
                                         "inplay:bear,sentinel,squire\n", "life:16\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  // Two attackers: nobody attacks alone, no bonus (2 + 1 damage).
  r = play_own(cards, combat("bear,sentinel,squire", "", "bear\nsquire\n", "", "inplay:bear,sentinel,squire\n", "life:17\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// Intimidate (CR 702.13): blocked only by artifact creatures and creatures sharing a colour.
TEST(WagicKeywords, IntimidateLetsOnlyArtifactsAndSharedColoursBlock) {
  const std::string cards = creature("Raider", "{1}{R}", 2, 2, "intimidate") + creature("Bear", "{1}{G}", 2, 3) +
                            creature("Goblin", "{R}", 1, 1) +
                            "[card]\nname=Golem\nmana={3}\ntype=Artifact Creature\npower=1\ntoughness=3\n[/card]\n";
  // The green bear cannot block: the damage reaches the player.
  TestOutcome r = play_own(cards, combat("raider", "bear", "raider\n", "bear\n", "inplay:raider\n", "inplay:bear\nlife:18\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  // A red creature and an artifact creature can.
  r = play_own(cards, combat("raider", "goblin", "raider\n", "goblin\n", "inplay:raider\n", "graveyard:goblin\nlife:20\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, combat("raider", "golem", "raider\n", "golem\n", "inplay:raider\n", "inplay:golem\nlife:20\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// Horsemanship (CR 702.31): blocked only by creatures with horsemanship.
TEST(WagicKeywords, HorsemanshipIsBlockedOnlyByHorsemanship) {
  const std::string cards = creature("Rider", "{1}{R}", 2, 2, "horsemanship") + creature("Bear", "{1}{G}", 2, 3) +
                            creature("Cavalry", "{1}{G}", 1, 3, "horsemanship");
  TestOutcome r = play_own(cards, combat("rider", "bear", "rider\n", "bear\n", "inplay:rider\n", "inplay:bear\nlife:18\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, combat("rider", "cavalry", "rider\n", "cavalry\n", "inplay:rider\n", "inplay:cavalry\nlife:20\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// cloud: the creature can block only creatures with flying.
TEST(WagicKeywords, CloudBlocksOnlyFliers) {
  const std::string cards = creature("Bear", "{1}{G}", 2, 2) + creature("Bird", "{W}", 1, 1, "flying") +
                            creature("Cloud Sprite", "{U}", 1, 1, "flying,cloud");
  TestOutcome r = play_own(cards, combat("bear", "cloud sprite", "bear\n", "cloud sprite\n", "inplay:bear\n",
                                         "inplay:cloud sprite\nlife:18\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, combat("bird", "cloud sprite", "bird\n", "cloud sprite\n", "graveyard:bird\n",
                             "graveyard:cloud sprite\nlife:20\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// reachshadow: a creature without shadow that can block creatures with shadow.
TEST(WagicKeywords, ReachshadowBlocksShadow) {
  const std::string cards = creature("Shade", "{1}{B}", 2, 2, "shadow") + creature("Bear", "{1}{G}", 2, 3) +
                            creature("Watcher", "{1}{W}", 1, 3, "reachshadow");
  TestOutcome r = play_own(cards, combat("shade", "bear", "shade\n", "bear\n", "inplay:shade\n", "inplay:bear\nlife:18\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, combat("shade", "watcher", "shade\n", "watcher\n", "inplay:shade\n", "inplay:watcher\nlife:20\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// strong: not blocked by creatures with less power; weak: does not block creatures with more.
TEST(WagicKeywords, StrongAndWeakCompareThePower) {
  const std::string cards = creature("Brute", "{2}{R}", 3, 4, "strong") + creature("Bear", "{1}{G}", 2, 4) +
                            creature("Ogre", "{2}{G}", 3, 3) + creature("Coward", "{1}{W}", 1, 4, "weak") +
                            creature("Ox", "{1}{W}", 1, 4);
  TestOutcome r = play_own(cards, combat("brute", "bear", "brute\n", "bear\n", "inplay:brute\n", "inplay:bear\nlife:17\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, combat("brute", "ogre", "brute\n", "ogre\n", "inplay:brute\n", "graveyard:ogre\nlife:20\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  const std::string more = cards + creature("Pup", "{G}", 2, 2);
  r = play_own(more, combat("pup", "coward", "pup\n", "coward\n", "inplay:pup\n", "inplay:coward\nlife:18\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(more, combat("pup", "ox", "pup\n", "ox\n", "inplay:pup\n", "inplay:ox\nlife:20\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// Landwalk by supertype or a type known only at run time (CR 702.14): legendary, snow, Desert,
// nonbasic lands; unblockable only while the defender controls such a land.
TEST(WagicKeywords, LandwalksBySupertypeSubtypeAndNonbasic) {
  const std::string lands =
      "[card]\nname=Shrine\ntype=Legendary Land\n[/card]\n[card]\nname=Dunes\ntype=Land\nsubtype=Desert\n[/card]\n"
      "[card]\nname=Tundra Field\ntype=Snow Land\n[/card]\n[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";
  struct Case {
    const char* walk;
    const char* land;  // one the walk sees
  };
  for (const Case& c : {Case{"legendarylandwalk", "shrine"}, Case{"desertlandwalk", "dunes"},
                        Case{"snowlandwalk", "tundra field"}, Case{"nonbasiclandwalk", "dunes"}}) {
    const std::string cards = lands + creature("Walker", "{1}{U}", 2, 3, c.walk) + creature("Bear", "{1}{G}", 1, 3);
    TestOutcome r = play_own(cards, combat("walker", std::string("bear,") + c.land, "walker\n", "bear\n", "inplay:walker\n",
                                           std::string("inplay:bear,") + c.land + "\nlife:18\n"));
    EXPECT_EQ(r.status, TestOutcome::kPass) << c.walk << "\n" << trace_of(r);
    // Against a basic Forest alone the walker is blocked.
    r = play_own(cards, combat("walker", "bear,forest", "walker\n", "bear\n", "inplay:walker\n", "inplay:bear,forest\nlife:20\n"));
    EXPECT_EQ(r.status, TestOutcome::kPass) << c.walk << "\n" << trace_of(r);
  }
}

}  // namespace
}  // namespace rk::mtg

namespace rk::mtg {
namespace {

// frozen: the card does not untap during its controller's next untap step (then it does again).
// Player 1 taps and freezes player 2's bear; in player 1's next turn the bear, still tapped, cannot
// block. Tapping alone is undone by player 2's untap step and the bear blocks.
TEST(WagicEffects, FrozenSkipsTheNextUntapStepOnly) {
  const std::string cards = test::creature("Wolf", "{1}{G}", 2, 4) + test::creature("Bear", "{1}{G}", 2, 3) +
                            test::creature("Ox", "{1}{W}", 1, 4) +
                            "[card]\nname=Freeze\nmana={0}\ntype=Sorcery\nauto=tap target(creature) && frozen\n[/card]\n"
                            "[card]\nname=Nap\nmana={0}\ntype=Sorcery\nauto=tap target(creature)\n[/card]\n";
  auto scenario = [](const char* spell, const char* assert_p2) {
    return std::string("[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:") + spell + "\ninplay:wolf\nlibrary:ox,ox\n[PLAYER2]\ninplay:bear\n"
           "library:ox,ox\n[DO]\n" + spell + "\nbear\neot\neot\nnext\nnext\nnext\nnext\nnext\nwolf\nnext\nbear\nnext\nnext\n"
           "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:wolf\ngraveyard:" + spell + "\nhand:*\nlibrary:*\n[PLAYER2]\n" + assert_p2 +
           "hand:*\nlibrary:*\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, scenario("freeze", "inplay:bear\nlife:18\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, scenario("nap", "inplay:bear\nlife:20\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg

namespace rk::mtg {
namespace {

// this(X op N): a static effect while a value of the card or its controller's side compares so
// (life totals, equipment attached, the card's state), with every operator of the guide's cards.
TEST(WagicEffects, ThisConditionsReadLifeGearAndStateWithEveryOperator) {
  const std::string cards =
      "[card]\nname=Desperado\nmana={R}\ntype=Creature\npower=1\ntoughness=1\nauto=this(controllerlife < 10) 2/0\n[/card]\n"
      "[card]\nname=Bully\nmana={R}\ntype=Creature\npower=1\ntoughness=1\nauto=this(opponentlife >= 15) 1/0\n[/card]\n"
      "[card]\nname=Knight\nmana={W}\ntype=Creature\npower=1\ntoughness=1\nauto=this(gear != 0) 3/0\n[/card]\n"
      "[card]\nname=Sword\nmana={1}\ntype=Artifact\nsubtype=Equipment\nauto={0}:equip\nauto=1/0\n[/card]\n";
  struct Case {
    const char* p1;        // player 1's [INIT] lines
    const char* attacker;  // what attacks alone
    int damage;
  };
  for (const Case& c : {Case{"life:8\ninplay:desperado\n", "desperado", 3}, Case{"life:12\ninplay:desperado\n", "desperado", 1},
                        Case{"inplay:bully\n", "bully", 2}, Case{"inplay:knight\n", "knight", 1}}) {
    const std::string s = std::string("[INIT]\nFIRSTMAIN\n[PLAYER1]\n") + c.p1 + "[PLAYER2]\n[DO]\nnext\nnext\n" + c.attacker +
                          "\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\n" + c.p1 + "[PLAYER2]\nlife:" +
                          std::to_string(20 - c.damage) + "\n[END]\n";
    const TestOutcome r = test::play_own(cards, s);
    EXPECT_EQ(r.status, TestOutcome::kPass) << c.attacker << "\n" << test::trace_of(r);
  }
  // Below 15 life the bully gets nothing: opponent's life 14.
  const TestOutcome r = test::play_own(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bully\n[PLAYER2]\nlife:14\n[DO]\nnext\nnext\nbully\nnext\nnext\nnext\n"
      "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:bully\n[PLAYER2]\nlife:13\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // The knight equipped: 1 + 3 (gear) + 1 (the sword's bonus) = 5.
  const TestOutcome eq = test::play_own(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:knight,sword\n[PLAYER2]\n[DO]\nsword\nknight\nnext\nnext\nknight\nnext\nnext\nnext\n"
      "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:knight,sword\n[PLAYER2]\nlife:15\n[END]\n");
  EXPECT_EQ(eq.status, TestOutcome::kPass) << test::trace_of(eq);
}

}  // namespace
}  // namespace rk::mtg

namespace rk::mtg {
namespace {

// @targeted(spec) from(spec): a card becomes the target of a spell or ability (heroic: a spell its
// controller cast). The trigger resolves before the spell that targeted.
TEST(WagicTriggers, TargetedFiresForTheSpellsItsFromNames) {
  const std::string cards =
      "[card]\nname=Hero\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n"
      "auto=@targeted(this) from(*[instant;sorcery]|myhand,mygraveyard):counter(1/1,1)\n[/card]\n"
      "[card]\nname=Boost\nmana={0}\ntype=Instant\ntarget=creature\nauto=1/1\n[/card]\n"
      "[card]\nname=Wand\nmana={0}\ntype=Artifact\nauto={0}:1/1 target(creature)\n[/card]\n";
  auto attack_after = [](const char* p1, const char* act, const char* assert_p1, int life) {
    return std::string("[INIT]\nFIRSTMAIN\n[PLAYER1]\n") + p1 + "[PLAYER2]\n[DO]\n" + act +
           "next\nnext\nhero\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\n" + assert_p1 + "[PLAYER2]\nlife:" +
           std::to_string(life) + "\n[END]\n";
  };
  // The instant: +1/+1 and a +1/+1 counter from the trigger: 3 damage.
  TestOutcome r = test::play_own(cards, attack_after("hand:boost\ninplay:hero\n", "boost\nhero\n",
                                                     "inplay:hero\ngraveyard:boost\n", 17));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // An artifact's ability is not a spell from the hand: only +1/+1, 2 damage.
  r = test::play_own(cards, attack_after("inplay:hero,wand\n", "wand\nhero\n", "inplay:hero,wand\n", 18));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg

namespace rk::mtg {
namespace {

// Fading (CR 702.32): enters with N fade counters; at its controller's upkeep one comes off, and
// when none is left to remove it is sacrificed. fading:1 lives through one upkeep, not two.
TEST(WagicKeywords, FadingLosesACounterEachUpkeepThenIsSacrificed) {
  const std::string cards = test::creature("Ox", "{1}{W}", 1, 4) +
                            "[card]\nname=Fader\nmana={0}\ntype=Creature\npower=2\ntoughness=2\nauto=fading:1\n[/card]\n";
  auto upkeeps = [](int n, const char* where) {
    std::string s = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:fader\nlibrary:ox,ox,ox\n[PLAYER2]\nlibrary:ox,ox,ox\n[DO]\nfader\n";
    for (int i = 0; i < n; ++i) s += std::string(i ? "next\n" : "") + "eot\neot\nnext\n";
    // Each player has drawn once a turn since (player 1 not yet in the turn asserted); `*` is one card.
    auto cards_of = [](int k) { return k == 0 ? std::string() : k == 1 ? std::string("*") : k == 2 ? "*,*" : "*,*,*"; };
    return s + "[ASSERT]\nUPKEEP\n[PLAYER1]\n" + where + ":fader\nhand:" + cards_of(n - 1) + "\nlibrary:" + cards_of(4 - n) +
           "\n[PLAYER2]\nhand:" + cards_of(n) + "\nlibrary:" + cards_of(3 - n) + "\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, upkeeps(1, "inplay"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, upkeeps(2, "graveyard"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// bottomoflibrary: the card goes under its owner's library (the next draw takes the card above).
TEST(WagicEffects, BottomOfLibraryPutsTheCardUnderTheOthers) {
  const std::string cards = test::creature("Ox", "{1}{W}", 1, 4) + test::creature("Bear", "{1}{G}", 2, 2) +
                            "[card]\nname=Tuck\nmana={0}\ntype=Sorcery\nauto=bottomoflibrary target(creature)\n[/card]\n";
  const TestOutcome r = test::play_own(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:tuck\n[PLAYER2]\ninplay:bear\nlibrary:ox\n[DO]\ntuck\nbear\neot\nnext\nnext\n"
      "[ASSERT]\nDRAW\n[PLAYER1]\ngraveyard:tuck\n[PLAYER2]\nhand:ox\nlibrary:bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// removeallcounters(all): a creature that entered with two +1/+1 counters is a 1/1 again, and two
// damage kill it; with its counters it lives.
TEST(WagicEffects, RemoveAllCountersTakesEveryCounterOff) {
  const std::string cards =
      "[card]\nname=Hatchling\nmana={0}\ntype=Creature\npower=1\ntoughness=1\nauto=counter(1/1,2)\n[/card]\n"
      "[card]\nname=Snap\nmana={0}\ntype=Sorcery\nauto=all(creature) removeallcounters(all)\n[/card]\n"
      "[card]\nname=Shock\nmana={0}\ntype=Instant\nauto=damage:2 target(creature)\n[/card]\n";
  TestOutcome r = test::play_own(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:hatchling,snap,shock\n[PLAYER2]\n[DO]\nhatchling\nsnap\nshock\nhatchling\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:hatchling,snap,shock\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:hatchling,shock\n[PLAYER2]\n[DO]\nhatchling\nshock\nhatchling\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:hatchling\ngraveyard:shock\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg

namespace rk::mtg {
namespace {

// teach(creature) {cost}:ability: the creature an aura enchants gets an activated ability.
TEST(WagicEffects, TeachGivesTheEnchantedCreatureAnActivatedAbility) {
  const std::string cards = test::creature("Bear", "{1}{G}", 2, 2) +
      "[card]\nname=Lessons\nmana={0}\ntype=Enchantment\nsubtype=Aura\ntarget=creature\n"
      "auto=teach(creature) {T}:damage:1 target(player)\n[/card]\n";
  const TestOutcome r = test::play_own(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:lessons\ninplay:bear\n[PLAYER2]\n[DO]\nlessons\nbear\nbear\np2\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bear,lessons\n[PLAYER2]\nlife:19\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Without the aura the bear has no ability: clicking it does nothing.
  const TestOutcome none = test::play_own(cards,
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bear\n[PLAYER2]\n[DO]\nbear\np2\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bear\n[PLAYER2]\nlife:20\n[END]\n");
  EXPECT_EQ(none.status, TestOutcome::kPass) << test::trace_of(none);
}

}  // namespace
}  // namespace rk::mtg

namespace rk::mtg {
namespace {

// removefromcombat: the creature stops attacking and deals no combat damage (CR 506.4).
TEST(WagicEffects, RemoveFromCombatTakesAnAttackerOut) {
  const std::string cards = test::creature("Bear", "{1}{G}", 2, 2) +
      "[card]\nname=Deserter\nmana={2}{R}\ntype=Creature\npower=3\ntoughness=3\n"
      "auto=@combat(attacking) source(this):removefromcombat\n[/card]\n" + test::creature("Ogre", "{2}{R}", 3, 3);
  TestOutcome r = test::play_own(cards, test::combat("bear,deserter", "", "bear\ndeserter\n", "", "inplay:bear,deserter\n", "life:18\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, test::combat("bear,ogre", "", "bear\nogre\n", "", "inplay:bear,ogre\n", "life:15\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
