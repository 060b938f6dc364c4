// Cost symbols (issue 31): {D} (a card of the hand discarded at random) in a spell's mana= and
// buyback= costs, {S;target(spec)} (read as {S(spec)}, as Wagic reads it), {H} (the card itself
// returned to its owner's hand) and {unattach} (the equipment that gives the ability unattached)
// in activated abilities, and Laboratory Maniac's cantmilllose with its @drawof trigger on a draw
// from an empty library. Each test on small cards of its own.
#include <gtest/gtest.h>

#include <string>

#include "games/mtg/runners/match.h"
#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kLands = "[card]\nname=Isle\ntype=Land\n[/card]\n[card]\nname=Heath\ntype=Land\n[/card]\n";

// Sonic Seizure's kin: mana={R}{D}. Cast with one other card in the hand, that card is discarded
// as the spell is cast and the damage is dealt; with no other card the spell cannot be cast.
TEST(WagicRandomDiscardCost, ASpellsManaCostDiscardsACardOfTheHand) {
  const std::string cards = "[card]\nname=Seizure\nmana={R}{D}\ntype=Instant\ntarget=creature,player\nauto=damage:3\n[/card]\n" + kLands;
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}\nhand:seizure,isle\n[PLAYER2]\n[DO]\nseizure\np2\n"
                                        "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:isle,seizure\n[PLAYER2]\nlife:17\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}\nhand:seizure\n[PLAYER2]\n[DO]\nseizure\np2\n"
                            "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}\nhand:seizure\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// {D(spec)}, Wagic's short form of {discard(spec)} (the later databases write it): a chosen card
// discarded, in an activated ability's cost and in a flashback= cost.
TEST(WagicRandomDiscardCost, TheShortFormWithASpecDiscardsAChosenCard) {
  const std::string cards = "[card]\nname=Altar\nmana={1}\ntype=Artifact\nauto={D(land|myhand)}:life:2\n[/card]\n"
                            "[card]\nname=Recall\nmana={U}\ntype=Sorcery\nauto=draw:1\nflashback={U}{D(*|myhand)}\n[/card]\n" + kLands;
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:altar\nhand:isle,heath\n[PLAYER2]\n[DO]\naltar\nheath\n"
                                        "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:altar\nhand:isle\ngraveyard:heath\nlife:22\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{U}\ngraveyard:recall\nhand:isle\nlibrary:heath\n[PLAYER2]\n[DO]\n"
                            "recall\nisle\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nexile:recall\ngraveyard:isle\nhand:heath\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Flowstone Flood's kin: buyback={D}{L:3}{3}{R}. With buyback (the menu's second choice) the other
// card of the hand is discarded, 3 life paid and the spell comes back to the hand.
TEST(WagicRandomDiscardCost, BuybackDiscardsACardAndPaysLife) {
  const std::string cards = "[card]\nname=Flood\nmana={3}{R}\ntype=Sorcery\ntarget=land\nauto=destroy\nbuyback={D}{L:3}{3}{R}\n[/card]\n" + kLands;
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{3}{R}\nhand:flood,isle\n[PLAYER2]\ninplay:heath\n"
                                        "[DO]\nflood\nchoice 1\nheath\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:flood\ngraveyard:isle\nlife:17\n"
                                        "[PLAYER2]\ngraveyard:heath\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Culling the Weak: mana={B}{s;target(creature|mybattlefield)}: a creature of its caster's is
// sacrificed as it is cast (the click), then {B}{B}{B}{B}; with no creature it cannot be cast.
TEST(WagicRandomDiscardCost, ASacrificeWrittenWithTargetIsASacrificeCost) {
  const std::string cards = "[card]\nname=Culling\nmana={B}{s;target(creature|mybattlefield)}\ntype=Instant\nauto=Add{B}{B}{B}{B}\n[/card]\n" +
                            test::creature("Bear", "{G}", 2, 2);
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{B}\nhand:culling\ninplay:bear\n[PLAYER2]\n[DO]\nculling\nbear\n"
                                        "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{B}{B}{B}{B}\ngraveyard:bear,culling\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{B}\nhand:culling\n[PLAYER2]\n[DO]\nculling\n"
                            "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{B}\nhand:culling\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// {H}: the card returns to its owner's hand as the cost (Attunement's {H}:draw:3, Ovinomancer's
// {T}{H}: destroy target creature).
TEST(WagicBounceSelfCost, TheCardReturnsToItsOwnersHand) {
  const std::string cards = "[card]\nname=Tuning\nmana={2}{U}\ntype=Enchantment\nauto={H}:draw:2\n[/card]\n"
                            "[card]\nname=Shepherd\nmana={2}{U}\ntype=Creature\npower=0\ntoughness=1\nauto={T}{H}:destroy target(creature)\n[/card]\n" +
                            test::creature("Elk", "{G}", 2, 2) + kLands;
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:tuning\nlibrary:isle,heath\n[PLAYER2]\n[DO]\ntuning\n"
                                        "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:tuning,isle,heath\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:shepherd\n[PLAYER2]\ninplay:elk\n[DO]\nshepherd\nelk\n"
                            "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:shepherd\n[PLAYER2]\ngraveyard:elk\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// {unattach}: Leonin Bola's kin gives the equipped creature "{unattach}{T}: 2 damage to target
// creature"; paying it unattaches the equipment (it stays on the battlefield), so its +2/+0 is
// gone: the bear then attacks for 2 (equipped, 4). Unequipped, the bear has no such ability.
TEST(WagicUnattachCost, TheEquipmentGivingTheAbilityIsUnattached) {
  const std::string cards = "[card]\nname=Bola\nmana={1}\ntype=Artifact\nsubtype=Equipment\nauto={1}:equip\nauto=2/0\n"
                            "auto=teach(creature) {unattach}:damage:2 target(creature)\n[/card]\n" +
                            test::creature("Bear", "{G}", 2, 2) + test::creature("Elk", "{G}", 2, 2);
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bola,bear\nmanapool:{1}\n[PLAYER2]\ninplay:elk\n[DO]\n"
                                        "bola\nbear\nbear\nelk\nnext\nnext\nbear\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\n"
                                        "inplay:bola,bear\n[PLAYER2]\ngraveyard:elk\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Not equipped: clicking the bear does nothing, the elk stays.
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bola,bear\n[PLAYER2]\ninplay:elk\n[DO]\nbear\nelk\n"
                            "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bola,bear\n[PLAYER2]\ninplay:elk\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Increasing Devotion's kin: "auto=flashback A" runs A only when the spell was cast with
// flashback, besides its other lines: from the hand 2 life, from the graveyard 2 + 2 (and exiled).
TEST(WagicFlashbackLines, AFlashbackLineRunsOnlyWhenCastWithFlashback) {
  const std::string cards = "[card]\nname=Gift\nmana={W}\ntype=Sorcery\nauto=life:2\nauto=flashback life:2\nflashback={1}{W}\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{W}\nhand:gift\n[PLAYER2]\n[DO]\ngift\n"
                                        "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:gift\nlife:22\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{1}{W}\ngraveyard:gift\n[PLAYER2]\n[DO]\ngift\n"
                            "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nexile:gift\nlife:24\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// A flashback line with a target of its own (Increasing Ambition's) is not run: the spell asks
// for one target as it is cast, and that line's would never be chosen.
TEST(WagicFlashbackLines, ALineWithATargetOfItsOwnIsNotRun) {
  EXPECT_TRUE(compile_ability("flashback life:2").supported());
  EXPECT_TRUE(compile_ability("flashback life:2").flashback_only);
  EXPECT_FALSE(compile_ability("flashback target(*|mylibrary) moveto(myhand)").supported());
}

// Laboratory Maniac (its two lines as the 2016 database writes them): a whole game, player 2's
// library emptied in its first turn. At its draw step the draw from the empty library does not
// lose (cantmilllose, Wagic's spelling), and @drawof hears the attempt: player 2 wins. Without the
// Maniac player 2 loses there (CR 704.5b).
TEST(WagicCantMillLose, DrawingFromAnEmptyLibraryWinsWithTheManiac) {
  Database db;
  add_file("primitives.txt",
           "[card]\nname=Maniac\nabilities=cantmilllose\nauto=@drawof(player) restriction{type(*|mylibrary)~equalto~0}:wingame\n"
           "mana={2}{U}\ntype=Creature\nsubtype=Human Wizard\npower=2\ntoughness=2\n[/card]\n" + kLands,
           false, db);
  add_file("_cards.dat", "[card]\nprimitive=Maniac\nid=1\n[/card]\n[card]\nprimitive=Isle\nid=2\n[/card]\n", true, db);
  resolve(db);
  Catalog cat(db);
  Deck lands;
  lands.named = {{"isle", 20}};
  MatchOptions o;
  o.mulligans = false;
  o.responses = false;
  for (bool maniac : {true, false}) {
    Match m(cat, lands, lands, 3, 10, o);
    Game& g = m.mutable_game();
    auto& lib = g.players[1].zones[kLibrary];
    while (!lib.empty()) g.move(lib.back(), 1, kExile);
    if (maniac) g.move(g.create(cat.by_name("maniac"), 1, 1), 1, kBattlefield);
    m.resettle();
    for (int guard = 0; guard < 200 && !m.over() && !(m.game().active == 1 && m.game().phase == Phase::kFirstMain); ++guard) {
      for (const Move& mv : m.moves()) {
        if (mv.kind == Move::kNext) {
          m.play(mv);
          break;
        }
      }
    }
    EXPECT_TRUE(m.over()) << maniac;
    EXPECT_EQ(m.winner(), maniac ? 1 : 0) << maniac;
  }
}

// With the Maniac and cards still in the library the draw is an ordinary one: no win.
TEST(WagicCantMillLose, ADrawWithCardsLeftDoesNotWin) {
  const std::string cards = "[card]\nname=Maniac\nabilities=cantmilllose\nauto=@drawof(player) restriction{type(*|mylibrary)~equalto~0}:wingame\n"
                            "mana={2}{U}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n" + kLands;
  TestOutcome r = test::play_own(cards, "[INIT]\nUPKEEP\n[PLAYER1]\ninplay:maniac\nlibrary:isle,heath\n[PLAYER2]\n[DO]\nnext\n"
                                        "[ASSERT]\nDRAW\n[PLAYER1]\ninplay:maniac\nhand:heath\nlibrary:isle\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Drawing the last card empties the library, but it was a real draw: still no win.
  r = test::play_own(cards, "[INIT]\nUPKEEP\n[PLAYER1]\ninplay:maniac\nlibrary:isle\n[PLAYER2]\n[DO]\nnext\n"
                            "[ASSERT]\nDRAW\n[PLAYER1]\ninplay:maniac\nhand:isle\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// A draw from an empty library draws nothing (CR 121.3): an ordinary draw trigger (Underworld
// Dreams' "whenever an opponent draws a card") hears only the card really drawn.
TEST(WagicCantMillLose, ADrawFromAnEmptyLibraryTriggersNothingElse) {
  const std::string cards = "[card]\nname=Dreams\nmana={B}{B}{B}\ntype=Enchantment\nauto=@drawfoeof(player):damage:1 opponent\n[/card]\n"
                            "[card]\nname=Recall\nmana={U}\ntype=Instant\nauto=draw:3 opponent\n[/card]\n" + kLands;
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:dreams\nhand:recall\nmanapool:{U}\n[PLAYER2]\n"
                                        "library:isle\n[DO]\nrecall\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:dreams\ngraveyard:recall\n"
                                        "[PLAYER2]\nhand:isle\nlife:19\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
