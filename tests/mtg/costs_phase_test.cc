// Costs and phase actions of Wagic's card language (issue 31), on small cards of the test's own:
// autoexile= triggered lines (they listen while the card is in exile, as suspend's), phaseaction[..]
// as a later && part, phasealter(remove,..) of the upkeep and draw steps, life and discard in the
// costs of casting (mana=, other=).
#include <gtest/gtest.h>

#include <string>

#include "games/mtg/compiler/coverage.h"
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

// Vendetta's kin: "mana={B}{L:3}". The life is paid as the spell is cast (it is a cost: the spell
// cannot be cast with less life than that).
TEST(WagicCastCosts, LifeInTheManaCostIsPaidAsItIsCast) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Toll\nmana={B}{L:3}\ntype=Instant\ntarget=creature\nauto=destroy\n[/card]\n";
  auto game = [](const std::string& life, const std::string& after) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nlife:" + life + "\nmanapool:{B}\nhand:toll\n[PLAYER2]\ninplay:bear\n[DO]\ntoll\nbear\n[ASSERT]\nFIRSTMAIN\n" + after;
  };
  TestOutcome r = test::play_own(cards, game("20", "[PLAYER1]\nlife:17\ngraveyard:toll\n[PLAYER2]\ngraveyard:bear\n[END]\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, game("2", "[PLAYER1]\nlife:2\nhand:toll\nmanapool:{B}\n[PLAYER2]\ninplay:bear\n[END]\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Fireblast's and Gush's kin written with life: "other={L:4} name(Pay 4 Life)", an alternative cost
// of life only (the menu's second choice); and Tribal Flames' kin "mana={1}{R}{discard(*|myhand)}":
// a card of the hand (not the spell) is chosen and discarded as it is cast.
TEST(WagicCastCosts, AnAlternativeCostOfLifeAndADiscardInTheManaCost) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Blast\nmana={4}{R}\ntype=Instant\nother={L:4} name(Pay 4 Life)\ntarget=player\nauto=damage:4\n[/card]\n"
                            "[card]\nname=Rage\nmana={R}{discard(*|myhand)}\ntype=Sorcery\ntarget=player\nauto=damage:3\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:blast\n[PLAYER2]\n[DO]\nblast\nchoice 1\np2\n"
                                        "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nlife:16\ngraveyard:blast\n[PLAYER2]\nlife:16\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}\nhand:rage,bear\n[PLAYER2]\n[DO]\nrage\nbear\np2\n"
                            "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:rage,bear\n[PLAYER2]\nlife:17\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // With nothing else in the hand to discard it cannot be cast.
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}\nhand:rage\n[PLAYER2]\n[DO]\nrage\np2\n"
                            "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:rage\nmanapool:{R}\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Aerie Worshippers' kin: "@..:name(pay 2U for 2/2 Bird) pay[[{2}{U}]] name(Pay 2U) token(..)". A menu
// label before pay[[..]]: its controller may pay for the effect (choice 0) or not (choice 1).
TEST(WagicPaidEffects, ALabelBeforePayIsOnlyItsName) {
  const std::string cards = "[card]\nname=Worshipper\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n"
                            "auto=@movedto(this|mybattlefield):name(pay 1 for 3 life) pay[[{1}]] name(Pay 1) life:3 controller\n[/card]\n";
  auto game = [](const std::string& answer, const std::string& after) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}{1}\nhand:worshipper\n[PLAYER2]\n[DO]\nworshipper\n" + answer +
           "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:worshipper\n" + after + "[PLAYER2]\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, game("choice 0\n", "life:23\nmanapool:{0}\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, game("choice 1\n", "life:20\nmanapool:{1}\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// resetdamage (the guide: "Removes all damage received so far by a creature"): a 3/3 dealt 2 damage
// and then 2 more dies, unless its damage was reset in between.
TEST(WagicResetDamage, DamageMarkedOnACreatureIsGone) {
  const std::string cards = test::creature("Ogre", "{R}", 3, 3) +
                            "[card]\nname=Jolt\nmana={R}\ntype=Instant\ntarget=creature\nauto=damage:2\n[/card]\n"
                            "[card]\nname=Mend\nmana={W}\ntype=Instant\ntarget=creature\nauto=resetdamage\n[/card]\n";
  auto game = [](const std::string& hand, const std::string& pool, const std::string& act, const std::string& after) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:" + pool + "\nhand:" + hand + "\n[PLAYER2]\ninplay:ogre\n[DO]\n" + act +
           "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:" + hand + "\n[PLAYER2]\n" + after + "[END]\n";
  };
  TestOutcome r = test::play_own(cards, game("jolt,mend,jolt", "{R}{W}{R}", "jolt\nogre\nmend\nogre\njolt\nogre\n", "inplay:ogre\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, game("jolt,jolt", "{R}{R}", "jolt\nogre\njolt\nogre\n", "graveyard:ogre\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// nospells, nocreatures, onlyonecast, land:N and hmodifier:N: documented by the guide, read by no
// version of Wagic's parser (it knows maxcast, maxplay(land)+N and hmodifer:N instead), so a card's
// line of one is no ability. Read here as Wagic reads them: compiled (the card runs completely) and
// nothing changes: spells and creatures are still cast, one land a turn, seven cards in hand.
TEST(WagicIgnoredWords, SpellLimitsLandPlaysAndHandSizeWordsChangeNothing) {
  const std::string edict = "[card]\nname=Edict\nmana={W}\ntype=Enchantment\nauto=nospells\nauto=nocreatures\nauto=onlyonecast\n"
                            "auto=land:1\nauto=hmodifier:-3\n[/card]\n";
  Database db;
  add_file("primitives.txt", edict, false, db);
  resolve(db);
  std::vector<PartNotRun> parts;
  parts_not_run(db, db.cards[0], parts);
  EXPECT_TRUE(parts.empty()) << parts.front().keyword;
  const std::string cards = edict + test::creature("Bear", "{G}", 2, 2) + test::creature("Cub", "{G}", 1, 1) +
                            "[card]\nname=Grow\nmana={G}\ntype=Sorcery\nauto=life:2\n[/card]\n"
                            "[card]\nname=Plain\ntype=Land\n[/card]\n[card]\nname=Heath\ntype=Land\n[/card]\n";
  // Two spells and a creature cast, one land played (the second stays in the hand).
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:edict\nmanapool:{G}{G}{G}\nhand:bear,grow,cub,plain,heath\n"
                                        "[PLAYER2]\n[DO]\ngrow\nbear\ncub\nplain\nheath\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n"
                                        "inplay:edict,bear,cub,plain\nhand:heath\ngraveyard:grow\nlife:22\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Seven cards kept at the cleanup (hmodifier:-3 does not shrink the hand).
  r = test::play_own(cards, "[INIT]\nSECONDMAIN\n[PLAYER1]\ninplay:edict\nhand:bear,bear,bear,bear,cub,cub,cub\n[PLAYER2]\n[DO]\neot\n"
                            "[ASSERT]\nUNTAP\n[PLAYER1]\ninplay:edict\nhand:bear,bear,bear,bear,cub,cub,cub\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Aeon Chronicler's "suspend(0)={X}{3}{U}": as many time counters as the X paid, and X can't be 0.
TEST(WagicExileLines, SuspendXGivesAsManyTimeCountersAsTheXPaid) {
  const std::string cards = "[card]\nname=Chronicler\nmana={5}{U}{U}\ntype=Creature\npower=3\ntoughness=3\nsuspend(0)={X}{U}\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{U}{2}\nhand:chronicler\n[PLAYER2]\n[DO]\nchronicler\n";
  const std::string next_upkeep = "eot\neot\nnext\n";
  // X = 2: still exiled after one upkeep, cast at the second.
  TestOutcome r = test::play_own(cards, start + next_upkeep + "[ASSERT]\nUPKEEP\n[PLAYER1]\nexile:chronicler\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + next_upkeep + next_upkeep + "next\nnext\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:chronicler\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // With {U} alone X would be 0: it is not suspended.
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{U}\nhand:chronicler\n[PLAYER2]\n[DO]\nchronicler\n"
                            "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:chronicler\nmanapool:{U}\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Silent Assassin's "{3}{B}:target(creature[blocking]) phaseaction[combatends once] destroy": the
// target is chosen as it is activated, and the phase's ability acts on it.
TEST(WagicPhaseActions, ATargetChosenNowIsActedOnInThePhase) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) + test::creature("Cub", "{G}", 1, 1) +
                            "[card]\nname=Assassin\nmana={B}\ntype=Creature\npower=1\ntoughness=1\n"
                            "auto={0}:target(creature) phaseaction[endofturn once] destroy\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:assassin\n[PLAYER2]\ninplay:bear,cub\n[DO]\nassassin\nbear\n";
  TestOutcome r = test::play_own(cards, start + "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:assassin\n[PLAYER2]\ninplay:bear,cub\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + "eot\n[ASSERT]\nUNTAP\n[PLAYER1]\ninplay:assassin\n[PLAYER2]\ninplay:cub\ngraveyard:bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Constant Mists' "buyback={1}{G}{S(land|mybattlefield)}" and Corpse Dance's kin with life
// ("buyback={G}{L:2}"): cast with buyback (the menu's second choice) the land chosen is
// sacrificed (or the life paid) and the spell returns to the hand; without a land to sacrifice
// buyback is not offered and the spell is cast normally.
TEST(WagicCastCosts, BuybackCostsTakeACardOrLife) {
  const std::string cards = "[card]\nname=Mists\nmana={G}\ntype=Instant\nbuyback={1}{G}{S(land|mybattlefield)}\nauto=life:2\n[/card]\n"
                            "[card]\nname=Dance\nmana={G}\ntype=Instant\nbuyback={G}{L:2}\nauto=draw:1\n[/card]\n"
                            "[card]\nname=Heath\ntype=Land\n[/card]\n" + test::creature("Bear", "{G}", 2, 2);
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}{G}\nhand:mists\ninplay:heath\n[PLAYER2]\n[DO]\n"
                                        "mists\nchoice 1\nheath\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:mists\ngraveyard:heath\nlife:22\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}{G}\nhand:mists\n[PLAYER2]\n[DO]\n"
                            "mists\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:mists\nmanapool:{G}\nlife:22\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}\nhand:dance\nlibrary:bear\n[PLAYER2]\n[DO]\n"
                            "dance\nchoice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:dance,bear\nlife:18\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
