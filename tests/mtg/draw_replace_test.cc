// Replacements of draws (dredge, replacedraw / opponentreplacedraw, draw:N noreplace), leylines
// before the first turn, spell mastery's instant-speed alternative cost, and vanishing through the
// upkeep (issue 31): each test on small cards of its own.
#include <gtest/gtest.h>

#include <string>

#include "games/mtg/runners/match.h"
#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kLands = "[card]\nname=Isle\ntype=Land\n[/card]\n[card]\nname=Wood\ntype=Land\n[/card]\n"
                           "[card]\nname=Marsh\ntype=Land\n[/card]\n";
const std::string kGrub = "[card]\nname=Grub\nmana={B}\ntype=Creature\npower=1\ntoughness=1\ndredge=dredge(2)\n[/card]\n";

// From player 1's upkeep into the draw step, where `answer` answers the draw's menu (if any).
std::string draw_step(const std::string& p1, const std::string& answer, const std::string& assert_p1,
                      const std::string& p2 = "", const std::string& assert_p2 = "") {
  return "[INIT]\nUPKEEP\n[PLAYER1]\n" + p1 + "[PLAYER2]\n" + p2 + "[DO]\nnext\n" + answer + "[ASSERT]\nDRAW\n[PLAYER1]\n" +
         assert_p1 + "[PLAYER2]\n" + assert_p2 + "[END]\n";
}

// Dredge 2 (CR 702.52): the draw step's draw may instead mill two cards and return the card from
// the graveyard to the hand (choice 0, "dredge a card", then the card is clicked, as in Wagic), or
// be a draw (choice 1). With fewer than two cards in the
// library the card cannot be dredged: the draw happens with no question.
TEST(WagicDredge, ADrawMayInsteadMillAndReturnTheCard) {
  const std::string cards = kGrub + kLands;
  const std::string start = "graveyard:grub\nlibrary:isle,wood,marsh\n";
  TestOutcome r = test::play_own(cards, draw_step(start, "choice 0\ngrub\n", "hand:grub\ngraveyard:wood,marsh\nlibrary:isle\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, draw_step(start, "choice 1\n", "hand:marsh\ngraveyard:grub\nlibrary:isle,wood\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, draw_step("graveyard:grub\nlibrary:isle\n", "", "hand:isle\ngraveyard:grub\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Two cards to dredge: the one clicked comes back, with its own dredge number (1).
  const std::string two = cards + "[card]\nname=Shell\nmana={B}\ntype=Creature\npower=1\ntoughness=1\ndredge=dredge(1)\n[/card]\n";
  r = test::play_own(two, draw_step("graveyard:grub,shell\nlibrary:isle,wood,marsh\n", "choice 0\nshell\n",
                                    "hand:shell\ngraveyard:grub,marsh\nlibrary:isle,wood\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Each draw of a spell's "draw:2" is replaced on its own: the first dredges the card back, the
// second (the card no longer in the graveyard) is a plain draw.
TEST(WagicDredge, EachDrawOfSeveralIsAskedInTurn) {
  const std::string cards = kGrub + kLands + "[card]\nname=Study\nmana={U}\ntype=Sorcery\nauto=draw:2\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:study\nmanapool:{U}\ngraveyard:grub\n"
                                        "library:isle,wood,marsh\n[PLAYER2]\n[DO]\nstudy\nchoice 0\ngrub\n[ASSERT]\nFIRSTMAIN\n"
                                        "[PLAYER1]\nhand:grub,isle\ngraveyard:study,wood,marsh\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// The player who would draw answers the menu (whole games ask the acting player): the opponent's
// draw from a spell of the active player is the opponent's decision.
TEST(WagicDredge, TheDrawingPlayerDecides) {
  Database db;
  add_file("primitives.txt", kGrub + kLands, false, db);
  add_file("_cards.dat", "[card]\nprimitive=Grub\nid=1\n[/card]\n[card]\nprimitive=Isle\nid=2\n[/card]\n", true, db);
  resolve(db);
  Catalog cat(db);
  Game g(cat);
  const int grub = g.create(cat.by_name("grub"), 1, 1);
  g.move(grub, 1, kGraveyard);
  for (int i = 0; i < 3; ++i) g.create(cat.by_name("isle"), 2, 1);
  ASSERT_EQ(g.active, 0);
  g.draw(1, 1);
  ASSERT_EQ(g.menus.size(), 1u);
  EXPECT_EQ(g.acting_player(), 1);
  Menu m = g.menus.back();
  g.menus.pop_back();
  ASSERT_EQ(m.options.size(), 2u);  // dredge a card, draw a card
  g.resume(m.options[0].act);
  ASSERT_EQ(g.choosers.size(), 1u);  // which card: the drawing player's choice too
  EXPECT_EQ(g.acting_player(), 1);
  g.click_for_chooser(grub, 1);
  EXPECT_EQ(g.objs[static_cast<size_t>(grub)].zone, kHand);
  EXPECT_EQ(g.players[1].zones[kLibrary].size(), 1u);
  EXPECT_EQ(g.players[1].zones[kGraveyard].size(), 2u);
  EXPECT_EQ(g.acting_player(), 0);
}

// replacedraw A: while the permanent is there, each draw of its controller is A instead; a
// "draw:2 noreplace" draws two that are not replaced again (Thought Reflection's kin).
TEST(WagicReplaceDraw, TheControllersDrawIsTheAbilityInstead) {
  const std::string cards = kLands + "[card]\nname=Mirror\nmana={U}\ntype=Enchantment\nauto=replacedraw draw:2 noreplace\n[/card]\n";
  TestOutcome r = test::play_own(cards, draw_step("inplay:mirror\nlibrary:isle,wood,marsh\n", "", "inplay:mirror\nhand:wood,marsh\nlibrary:isle\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// "replacedraw draw:1" written without noreplace: the draw it makes is not replaced again (CR
// 614.5), so the line cannot recurse without end; the draw happens once.
TEST(WagicReplaceDraw, AReplacementThatDrawsIsNotReplacedAgain) {
  const std::string cards = kLands + "[card]\nname=Loop\nmana={U}\ntype=Enchantment\nauto=replacedraw draw:1\n[/card]\n";
  TestOutcome r = test::play_own(cards, draw_step("inplay:loop\nlibrary:isle,wood\n", "", "inplay:loop\nhand:wood\nlibrary:isle\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// opponentreplacedraw A: the opponent's draws are A, done by the permanent's controller (here its
// controller gains a life instead of the opponent drawing).
TEST(WagicReplaceDraw, TheOpponentsDrawIsTheAbilityInstead) {
  const std::string cards = kLands + "[card]\nname=Hush\nmana={U}\ntype=Enchantment\nauto=opponentreplacedraw life:1\n[/card]\n";
  TestOutcome r = test::play_own(cards, draw_step("library:isle,wood\n", "", "library:isle,wood\n", "inplay:hush\n", "inplay:hush\nlife:21\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Forbidden Crypt's form: "replacedraw if COND then moveto(ownerhand) notatarget(*|mygraveyard)
// else A": with a card in the graveyard the player chooses it and it returns; with none the else
// part happens.
TEST(WagicReplaceDraw, AnIfElseReplacementChoosesOrFallsBack) {
  const std::string cards = kLands + "[card]\nname=Crypt\nmana={B}\ntype=Enchantment\n"
                                     "auto=replacedraw if type(*|mygraveyard)~morethan~0 then moveto(ownerhand) notatarget(*|mygraveyard) else life:-3\n[/card]\n";
  TestOutcome r = test::play_own(cards, draw_step("inplay:crypt\ngraveyard:wood\nlibrary:isle\n", "wood\n", "inplay:crypt\nhand:wood\nlibrary:isle\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, draw_step("inplay:crypt\nlibrary:isle\n", "", "inplay:crypt\nlibrary:isle\nlife:17\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Archmage Ascension's form: a replacedraw line given by "this(counter{..}>=N) transforms((,newability[..]))"
// replaces draws only while the condition holds.
TEST(WagicReplaceDraw, AGivenReplacementAppliesWhileItsConditionHolds) {
  const std::string cards = kLands + "[card]\nname=Ascent\nmana={U}\ntype=Enchantment\nauto={0}:counter(0/0,1,Quest)\n"
                                     "auto=this(counter{0/0.1.Quest}>=1) transforms((,newability[replacedraw life:1]))\n[/card]\n";
  TestOutcome r = test::play_own(cards, draw_step("inplay:ascent\nlibrary:isle,wood\n", "", "inplay:ascent\nhand:wood\nlibrary:isle\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nUPKEEP\n[PLAYER1]\ninplay:ascent\nlibrary:isle,wood\n[PLAYER2]\n[DO]\nascent\nnext\n[ASSERT]\nDRAW\n"
                            "[PLAYER1]\ninplay:ascent\nlife:21\nlibrary:isle,wood\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Blood Scrivener's form: "aslongas(*|myhand) replacedraw transforms((,newability[draw:2 noreplace],
// newability[life:-1])) forever <1": with no card in hand a draw is two draws and a life lost;
// with a card in hand the draw is a draw.
TEST(WagicReplaceDraw, AnAsLongAsReplacementAppliesWhileItsCountHolds) {
  const std::string cards = kLands + "[card]\nname=Scribe\nmana={B}\ntype=Creature\npower=2\ntoughness=1\n"
                                     "auto=aslongas(*|myHand) replacedraw transforms((,newability[draw:2 noreplace],newability[life:-1])) forever <1\n[/card]\n";
  TestOutcome r = test::play_own(cards, draw_step("inplay:scribe\nlibrary:isle,wood,marsh\n", "", "inplay:scribe\nhand:wood,marsh\nlibrary:isle\nlife:19\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, draw_step("inplay:scribe\nhand:isle\nlibrary:wood,marsh\n", "", "inplay:scribe\nhand:isle,marsh\nlibrary:wood\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Dredge and a replacement at once: the drawing player picks the one to apply (CR 616.1); with a
// replacement there, a plain draw is not an option.
TEST(WagicReplaceDraw, DredgeAndAReplacementAreOneMenu) {
  const std::string cards = kGrub + kLands + "[card]\nname=Hush\nmana={U}\ntype=Enchantment\nauto=replacedraw life:1\n[/card]\n";
  const std::string start = "inplay:hush\ngraveyard:grub\nlibrary:isle,wood,marsh\n";
  TestOutcome r = test::play_own(cards, draw_step(start, "choice 1\n", "inplay:hush\nlife:21\ngraveyard:grub\nlibrary:isle,wood,marsh\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, draw_step(start, "choice 0\ngrub\n", "inplay:hush\nhand:grub\ngraveyard:wood,marsh\nlibrary:isle\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Spell mastery (Swift Reckoning's form): the alternative cost, allowed by its otherrestriction=
// (two instants or sorceries in the graveyard), is cast at instant speed; with one it is not.
TEST(WagicSpellMastery, TheAlternativeCostIsCastAtInstantSpeed) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Reckon\nmana={1}{W}\ntype=Sorcery\nabilities=spellmastery\nother={1}{W} name(Spell Mastery)\n"
                            "otherrestriction=type(*[instant;sorcery]|mygraveyard)~morethan~1\ntarget=creature\nauto=destroy\n[/card]\n"
                            "[card]\nname=Zap\nmana={R}\ntype=Instant\n[/card]\n";
  auto at_upkeep = [](const std::string& grave, bool cast) {
    return "[INIT]\nUPKEEP\n[PLAYER1]\nhand:reckon\ngraveyard:" + grave + "\nmanapool:{1}{W}\n[PLAYER2]\ninplay:bear\n[DO]\nreckon\nchoice 1\nbear\n"
           "[ASSERT]\nUPKEEP\n[PLAYER1]\n" + (cast ? "graveyard:" + grave + ",reckon\n" : "hand:reckon\ngraveyard:" + grave + "\nmanapool:{1}{W}\n") +
           "[PLAYER2]\n" + (cast ? "graveyard:bear\n" : "inplay:bear\n") + "[END]\n";
  };
  TestOutcome r = test::play_own(cards, at_upkeep("zap,zap", true));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, at_upkeep("zap", false));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Vanishing 2 (CR 702.63): it enters with two time counters, one comes off at each of its
// controller's upkeeps, and it is sacrificed as the last is removed (the second upkeep).
TEST(WagicVanishing, OneCounterAnUpkeepThenItIsSacrificed) {
  const std::string cards = kLands + "[card]\nname=Fen\ntype=Land\n[/card]\n[card]\nname=Dune\ntype=Land\n[/card]\n[card]\nname=Wisp\nmana={G}\ntype=Creature\npower=4\ntoughness=4\nauto=vanishing:2\n[/card]\n";
  // cast in the first main phase, then to player 1's next upkeep (the opponent's turn between)
  std::string to_my_upkeep, a_round;  // 18 steps from the first main phase, 20 for a whole round
  for (int i = 0; i < 18; ++i) to_my_upkeep += "next\n";
  for (int i = 0; i < 20; ++i) a_round += "next\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:wisp\nmanapool:{G}\nlibrary:isle,wood,marsh\n[PLAYER2]\n"
                                        "library:fen,dune\n[DO]\nwisp\n" + to_my_upkeep +
                                        "[ASSERT]\nUPKEEP\n[PLAYER1]\ninplay:wisp\nlibrary:isle,wood,marsh\n[PLAYER2]\nhand:dune\nlibrary:fen\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:wisp\nmanapool:{G}\nlibrary:isle,wood,marsh\n[PLAYER2]\n"
                            "library:fen,dune\n[DO]\nwisp\n" + to_my_upkeep + a_round +
                            "[ASSERT]\nUPKEEP\n[PLAYER1]\ngraveyard:wisp\nhand:marsh\nlibrary:isle,wood\n[PLAYER2]\nhand:dune,fen\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// ingest:N who (Wagic's depleter to exile): the top N cards of that player's library are exiled
// (the ingest creatures of later sets: "@combatdamaged(player) from(this):ingest:1 opponent").
TEST(WagicIngest, TheTopCardsOfTheLibraryAreExiled) {
  const std::string cards = kLands + "[card]\nname=Drone\nmana={1}\ntype=Creature\npower=2\ntoughness=2\n"
                                     "auto=@combatdamaged(player) from(this):ingest:2 opponent\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:drone\n[PLAYER2]\nlibrary:isle,wood,marsh\n[DO]\n"
                                        "next\nnext\ndrone\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:drone\n"
                                        "[PLAYER2]\nlife:18\nexile:wood,marsh\nlibrary:isle\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// A player whose draws a replacedraw line replaces does not lose at the draw step of their turn
// with an empty library (no draw is made, CR 704.5b); without it they lose.
TEST(WagicReplaceDraw, AReplacedDrawFromAnEmptyLibraryDoesNotLose) {
  Database db;
  add_file("primitives.txt", "[card]\nname=Hush\nmana={U}\ntype=Enchantment\nauto=replacedraw life:1\n[/card]\n" + kLands, false, db);
  add_file("_cards.dat", "[card]\nprimitive=Hush\nid=1\n[/card]\n[card]\nprimitive=Isle\nid=2\n[/card]\n", true, db);
  resolve(db);
  Catalog cat(db);
  Deck lands;
  lands.named = {{"isle", 20}};
  MatchOptions o;
  o.mulligans = false;
  o.responses = false;
  for (bool hush : {true, false}) {
    Match m(cat, lands, lands, 3, 10, o);
    Game& g = m.mutable_game();
    auto& lib = g.players[1].zones[kLibrary];
    while (!lib.empty()) g.move(lib.back(), 1, kExile);
    if (hush) g.move(g.create(cat.by_name("hush"), 1, 1), 1, kBattlefield);
    m.resettle();
    for (int guard = 0; guard < 200 && !m.over() && !(m.game().active == 1 && m.game().phase == Phase::kFirstMain); ++guard) {
      for (const Move& mv : m.moves()) {
        if (mv.kind == Move::kNext) {
          m.play(mv);
          break;
        }
      }
    }
    EXPECT_EQ(m.over(), !hush);
    EXPECT_EQ(m.game().loser, hush ? -1 : 1);
    EXPECT_EQ(m.game().players[1].life, hush ? 21 : 20);
  }
}

// Leylines (CR 103.6a): before the first turn each player, the starting player first, may put
// each leyline of the opening hand onto the battlefield (a menu a card, answered by its owner).
TEST(WagicLeyline, OpeningHandLeylinesMayBeginOnTheBattlefield) {
  Database db;
  add_file("primitives.txt", "[card]\nname=Ley\nmana={4}{U}\ntype=Enchantment\nabilities=leyline\n[/card]\n" + kLands, false, db);
  add_file("_cards.dat", "[card]\nprimitive=Ley\nid=1\n[/card]\n[card]\nprimitive=Isle\nid=2\n[/card]\n", true, db);
  resolve(db);
  Catalog cat(db);
  Deck leys, lands;
  leys.named = {{"ley", 20}};
  lands.named = {{"isle", 20}};
  MatchOptions o;
  o.mulligans = false;
  Match m(cat, leys, leys, 7, 10, o);
  Match copy = m;  // a copy made before the answers (a search bot's) goes on the same way
  for (int p = 0; p < 2; ++p) {
    for (int i = 0; i < 7; ++i) {  // its seven leylines: the first two begin on the battlefield
      ASSERT_EQ(m.actor(), p);
      ASSERT_EQ(m.moves().size(), 2u);
      m.play(m.moves()[i < 2 ? 0 : 1]);
      copy.play(copy.moves()[i < 2 ? 0 : 1]);
    }
  }
  EXPECT_EQ(copy.hash(), m.hash());
  EXPECT_EQ(copy.game().phase, m.game().phase);
  for (int p = 0; p < 2; ++p) {
    EXPECT_EQ(m.game().players[static_cast<size_t>(p)].zones[kBattlefield].size(), 2u);
    EXPECT_EQ(m.game().players[static_cast<size_t>(p)].zones[kHand].size(), 5u);
  }
  EXPECT_TRUE(m.error.empty()) << m.error;
  Match plain(cat, lands, lands, 7, 10, o);  // no leyline: nothing asked, the game begins
  EXPECT_TRUE(plain.game().menus.empty());
  EXPECT_TRUE(plain.game().players[0].zones[kBattlefield].empty());
}

}  // namespace
}  // namespace rk::mtg
