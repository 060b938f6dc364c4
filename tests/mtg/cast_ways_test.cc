// Ways to cast and costs of issue 31's language table: abilities=retrace (from the graveyard by
// discarding a land), the guide's bare [$cost:] cycling, an offering (other={kgoblin} with
// abilities=offering: a Goblin sacrificed, the difference in mana costs paid, at instant speed),
// life in a morph cost or a flashback cost, and resetcost (with the one-shot zone lines that run it).
#include <gtest/gtest.h>

#include <string>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/rules/game.h"
#include "own_cards.h"
#include "support.h"
#include "wagic_db.h"

namespace rk::mtg {
namespace {

const std::string kCards =
    "[card]\nname=Gift\nmana={1}{G}\ntype=Sorcery\nabilities=retrace\nauto=life:3\n[/card]\n"
    "[card]\nname=Isle\ntype=Land\n[/card]\n"
    "[card]\nname=Elk\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n"
    "[card]\nname=Musing\nmana={3}{U}{U}\ntype=Sorcery\nautohand={2}:cycling\nauto=draw:3\n[/card]\n"
    "[card]\nname=Patron\nother={kgoblin} name(Goblin Offering)\nabilities=offering\nmana={4}{R}{R}\n"
    "type=Legendary Creature\nsubtype=Spirit\npower=5\ntoughness=5\n[/card]\n"
    "[card]\nname=Raider\nmana={1}{R}\ntype=Creature\nsubtype=Goblin\npower=2\ntoughness=1\n[/card]\n"
    "[card]\nname=Sparker\nmana={2}\ntype=Creature\nsubtype=Goblin\npower=1\ntoughness=1\n[/card]\n"
    "[card]\nname=Patient\nother={kgoblin} name(Goblin Offering)\nmana={4}{R}{R}\n"
    "type=Creature\nsubtype=Spirit\npower=5\ntoughness=5\n[/card]\n"
    "[card]\nname=Cutthroat\nfacedown={3}\nautofacedown={L:5}:morph\nmana={3}{B}{B}\n"
    "type=Creature\nsubtype=Zombie\npower=3\ntoughness=4\n[/card]\n"
    "[card]\nname=Harvest\nmana={3}{G}\ntype=Sorcery\nflashback={L:3}{1}{G}\nauto=draw:2\n[/card]\n"
    "[card]\nname=Chill\nmana={1}{U}\ntype=Enchantment\nauto=lord(*[red]|myhand) altercost(colorless,+2)\n"
    "autograveyard=all(*|myhand) resetcost\n[/card]\n"
    "[card]\nname=Bolt\nmana={R}\ntype=Instant\ntarget=player\nauto=damage:3\n[/card]\n"
    "[card]\nname=Smash\nmana={W}\ntype=Instant\ntarget=enchantment,creature\nauto=destroy\n[/card]\n"
    "[card]\nname=Colossus\nmana={5}\ntype=Artifact Creature\nsubtype=Golem\npower=6\ntoughness=6\n"
    "autograveyard=moveTo(ownerlibrary)\n[/card]\n";

std::string scenario(const std::string& phase, const std::string& p1, const std::string& p2, const std::string& commands,
                     const std::string& a1, const std::string& a2) {
  return "[INIT]\n" + phase + "\n[PLAYER1]\n" + p1 + "[PLAYER2]\n" + p2 + "[DO]\n" + commands + "[ASSERT]\n" + phase +
         "\n[PLAYER1]\n" + a1 + "[PLAYER2]\n" + a2 + "[END]\n";
}
std::string main_phase(const std::string& p1, const std::string& commands, const std::string& a1) {
  return scenario("FIRSTMAIN", p1, "", commands, a1, "");
}

// abilities=retrace (CR 702.81a): from the graveyard for its mana cost and a land card discarded
// (clicked); it goes back to the graveyard. Without a land in the hand it is not castable there.
TEST(WagicRetrace, TheKeywordCastsFromTheGraveyardByDiscardingALand) {
  TestOutcome r = test::play_own(kCards, main_phase("graveyard:gift\nhand:isle,elk\nmanapool:{1}{G}\n", "gift\nisle\n",
                                                    "graveyard:gift,isle\nhand:elk\nlife:23\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, main_phase("graveyard:gift\nhand:elk\nmanapool:{1}{G}\n", "gift\n",
                                        "graveyard:gift\nhand:elk\nmanapool:{1}{G}\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// autohand={2}:cycling: {2} paid, the card goes to the graveyard, a card is drawn.
TEST(WagicCycling, TheBareWordCyclesFromTheHand) {
  TestOutcome r = test::play_own(kCards, main_phase("hand:musing\nlibrary:elk\nmanapool:{2}\n", "musing\n",
                                                    "graveyard:musing\nhand:elk\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Not from the battlefield or the graveyard: it is a cost of the card in its owner's hand.
  const Ability a = compile_ability("{2}:cycling");
  EXPECT_TRUE(a.cycle);
  ASSERT_EQ(a.effects.size(), 1u);
  EXPECT_EQ(a.effects[0].kind, Eff::kDraw);
}

// other={kgoblin} (CR 702.48): the Goblin is sacrificed and {4}{R}{R} less its {1}{R} is paid:
// {3}{R}. The Sparker ({2}) leaves {2}{R}{R}, which {3}{R} does not cover: only the Raider is offered.
TEST(WagicOffering, AGoblinIsSacrificedAndTheDifferenceInCostsPaid) {
  TestOutcome r = test::play_own(kCards, main_phase("inplay:raider,sparker\nhand:patron\nmanapool:{3}{R}\n", "patron\n",
                                                    "inplay:patron,sparker\ngraveyard:raider\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Neither the full cost nor an offering: nothing is cast.
  r = test::play_own(kCards, main_phase("inplay:sparker\nhand:patron\nmanapool:{3}{R}\n", "patron\n",
                                        "inplay:sparker\nhand:patron\nmanapool:{3}{R}\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // {2}{R}{R}: the Sparker's generic {2} pays the spell's generic part only (CR 118.7c).
  r = test::play_own(kCards, main_phase("inplay:sparker\nhand:patron\nmanapool:{2}{R}{R}\n", "patron\n",
                                        "inplay:patron\ngraveyard:sparker\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// abilities=offering: the offering may be cast any time an instant could (here in combat); a card
// with the {k..} cost but without the keyword waits for its main phase, as Wagic has it.
TEST(WagicOffering, TheKeywordLetsItBeCastAtInstantSpeed) {
  TestOutcome r = test::play_own(kCards, scenario("COMBATBEGIN", "inplay:raider\nhand:patron\nmanapool:{3}{R}\n", "", "patron\n",
                                                  "inplay:patron\ngraveyard:raider\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, scenario("COMBATBEGIN", "inplay:raider\nhand:patient\nmanapool:{3}{R}\n", "", "patient\n",
                                      "inplay:raider\nhand:patient\nmanapool:{3}{R}\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, main_phase("inplay:raider\nhand:patient\nmanapool:{3}{R}\n", "patient\n",
                                        "inplay:patient\ngraveyard:raider\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// autofacedown={L:5}:morph (Zombie Cutthroat): turned face up for 5 life; with 4 life it stays down.
TEST(WagicMorphCosts, LifeTurnsItFaceUp) {
  TestOutcome r = test::play_own(kCards, main_phase("hand:cutthroat\nmanapool:{3}\n", "cutthroat\ncutthroat\n",
                                                    "inplay:cutthroat\nlife:15\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, main_phase("hand:cutthroat\nmanapool:{3}\nlife:4\n", "cutthroat\ncutthroat\n",
                                        "inplay:cutthroat\nlife:4\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// flashback={L:3}{1}{G} (Acorn Harvest's kin): from the graveyard for {1}{G} and 3 life, then exiled.
TEST(WagicFlashback, LifeInTheFlashbackCostIsPaid) {
  TestOutcome r = test::play_own(kCards, main_phase("graveyard:harvest\nlibrary:elk,isle\nmanapool:{1}{G}\n", "harvest\n",
                                                    "exile:harvest\nhand:elk,isle\nlife:17\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// autograveyard=all(*|myhand) resetcost, as the guide writes it beside a lord's altercost: while
// Chill is in play the Bolt in the hand costs {2}{R}; once Chill is destroyed its graveyard line
// runs and the Bolt costs {R} again. The engine's altercost is continuous (recomputed from the
// permanents in play), so the cost would come back without the line too; resetcost clears the
// changes stored on the cards and those of effects still in force come back as layers recompute.
TEST(WagicResetCost, TheGuidesGraveyardLineLeavesPrintedCosts) {
  const Ability a = compile_ability("all(*|myhand) resetcost");
  ASSERT_EQ(a.effects.size(), 1u);
  EXPECT_EQ(a.effects[0].kind, Eff::kResetCost);
  EXPECT_TRUE(is_arrival_line(a));
  TestOutcome r = test::play_own(kCards, main_phase("inplay:chill\nhand:bolt\nmanapool:{R}\n", "bolt\np2\n",
                                                    "inplay:chill\nhand:bolt\nmanapool:{R}\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kCards, scenario("FIRSTMAIN", "inplay:chill\nhand:bolt,smash\nmanapool:{W}{R}\n", "", "smash\nchill\nbolt\np2\n",
                                      "graveyard:chill,smash,bolt\n", "life:17\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// A one-shot autograveyard= line runs as its card leaves the battlefield for the graveyard
// (Darksteel Colossus's kin: autograveyard=moveTo(ownerlibrary)).
TEST(WagicResetCost, AZoneLineRunsAsTheCardLeavesTheBattlefieldForThatZone) {
  TestOutcome r = test::play_own(kCards, main_phase("inplay:colossus\nhand:smash\nmanapool:{W}\n", "smash\ncolossus\n",
                                                    "graveyard:smash\nlibrary:colossus\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Patron of the Akki as the 2016 database writes it (other={kgoblin} name(Goblin Offering),
// abilities=offering): with a Goblin Piker ({1}{R}) and {3}{R}, a move sacrifices the Piker and
// pays {3}{R}, in combat too; a creature of another type is no offering.
TEST(WagicOffering, PatronOfTheAkkiFromTheDatabase) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  const Database* db = rk::test::wagic_2016_db();
  ASSERT_NE(db, nullptr);
  Catalog cat(*db);
  Game g(cat);
  g.phase = Phase::kCombatBegin;
  g.active = 0;
  const auto put = [&](const std::string& name, int zone) {
    const CardDef* d = cat.by_name(name);
    EXPECT_NE(d, nullptr) << name;
    const int c = g.create(d, d->id, 0);
    g.move(c, 0, zone);
    return c;
  };
  const int patron = put("patron of the akki", kHand);
  const int piker = put("goblin piker", kBattlefield);
  put("grizzly bears", kBattlefield);
  g.players[0].pool.add(parse_pool("{3}{R}"));
  std::vector<Menu::Option> offers;
  for (auto& o : g.card_options(patron, 0)) {
    if (o.label.rfind("offering", 0) == 0) offers.push_back(o);
  }
  ASSERT_EQ(offers.size(), 1u) << "only the Goblin is an offering";
  EXPECT_EQ(offers[0].label, "offering: sacrifice goblin piker");
  g.resume(offers[0].act);
  EXPECT_EQ(g.objs[static_cast<size_t>(patron)].zone, kStack);
  EXPECT_EQ(g.objs[static_cast<size_t>(piker)].zone, kGraveyard);
  EXPECT_TRUE(g.players[0].pool.empty()) << "{4}{R}{R} less {1}{R}: {3}{R} paid";
}

}  // namespace
}  // namespace rk::mtg
