// Miracle (CR 702.94): Wagic's autohand=restriction{miracle} pay[[cost]] name(Miracle) activate
// name(Miracle) castcard(restricted). The first card a player draws in a turn triggers: as the
// trigger resolves, its owner may pay the miracle cost (a menu: pay, or cancel) and cast it without
// paying its mana cost. A later draw of the turn does not trigger.
//
// pay[[cost]] A after all(trigger[..]) or target(trigger[..]<1>): A, if its controller pays, acts on
// the trigger's card (a copy of the spell cast, a token copy of the creature that entered).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "agents/make_agent.h"
#include "games/mtg/runners/match_game.h"
#include "match_support.h"
#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kMiracleCards =
    "[card]\nname=Sky Blast\nmana={5}{R}\ntype=Sorcery\nauto=life:-5 opponent\n"
    "autohand=restriction{miracle} pay[[{R}]] name(Miracle) activate name(Miracle) castcard(restricted)\n[/card]\n"
    "[card]\nname=Sea Blast\nmana={5}{R}\ntype=Sorcery\nauto=life:-5 opponent\n"
    "autohand=restriction{miracle} pay[[{R}]] name(Miracle) activate name(Miracle) castcard(restricted)\n[/card]\n"
    "[card]\nname=Peek\nmana={U}\ntype=Sorcery\nauto=draw:2 controller\n[/card]\n";

// Drawn in the draw step with {R} in the pool: paid (choice 0), it is cast and resolves.
TEST(WagicMiracle, TheFirstDrawOfATurnMayBeCastForItsMiracleCost) {
  TestOutcome r = test::play_own(kMiracleCards, "[INIT]\nDRAW\n[PLAYER1]\nmanapool:{R}\nlibrary:sky blast\n[PLAYER2]\n[DO]\nchoice 0\n"
                                                "[ASSERT]\nDRAW\n[PLAYER1]\ngraveyard:sky blast\n[PLAYER2]\nlife:15\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Declined (choice 1: cancel): it stays in the hand, the mana unspent.
  r = test::play_own(kMiracleCards, "[INIT]\nDRAW\n[PLAYER1]\nmanapool:{R}\nlibrary:sky blast\n[PLAYER2]\n[DO]\nchoice 1\n"
                                    "[ASSERT]\nDRAW\n[PLAYER1]\nhand:sky blast\nmanapool:{R}\n[PLAYER2]\nlife:20\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Two miracle cards drawn by one spell in the main phase: only the first is the turn's first draw.
TEST(WagicMiracle, OnlyTheFirstCardDrawnInATurnTriggers) {
  TestOutcome r = test::play_own(kMiracleCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{U}{R}{R}\nhand:peek\nlibrary:sea blast,sky blast\n"
                                                "[PLAYER2]\n[DO]\npeek\nchoice 0\nnext\n[ASSERT]\nCOMBATBEGIN\n[PLAYER1]\nhand:sea blast\n"
                                                "graveyard:peek,sky blast\n[PLAYER2]\nlife:15\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Whole games: player 1 draws Terminus (the 2016 card) in the draw step with a Plains untapped; the
// miracle trigger resolves and player 1 is asked (Miracle, or cancel). Paid, all creatures go to the
// bottom of their owners' libraries; a bot answers the same menu.
TEST(WagicMiracle, InAWholeGameTheDrawingPlayerIsAsked) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/decks/ai");
  auto& cat = *rk::test::mtg_world()->cat;
  for (const char* answer : {"Miracle", "greedy"}) {
    Deck d;
    d.ids.assign(20, cat.by_name("island")->id);
    MatchOptions o;
    o.mulligans = false;
    MatchGame g(cat, d, d, 1, 10, o);
    Game& s = g.match().mutable_game();
    const auto put = [&](const char* name, int owner, int zone) {
      const CardDef* def = cat.by_name(name);
      const int c = s.create(def, def->id, owner);
      s.move(c, owner, zone);
      s.objs[static_cast<size_t>(c)].sick = false;
      return c;
    };
    const int terminus = put("terminus", 0, kLibrary);  // the top card
    put("plains", 0, kBattlefield);
    const int bears = put("grizzly bears", 1, kBattlefield);
    s.active = 0;
    s.phase = Phase::kUpkeep;
    for (auto& p : s.players) p.drawn = 0;
    g.match().resettle();
    bool asked = false;
    for (int i = 0; i < 40 && !asked; ++i) {
      const auto& moves = g.legal_actions();
      size_t pass = moves.size();
      for (size_t m = 0; m < moves.size(); ++m) {
        if (moves[m].label == "miracle") asked = true;  // the pay menu's option, its label
        if (moves[m].label.rfind("pass", 0) == 0) pass = m;
      }
      if (!asked) {
        std::string all;
        for (const Move& m : moves) all += " [" + m.label + "]";
        ASSERT_LT(pass, moves.size()) << "no pass among the moves:" << all;
        ASSERT_TRUE(g.apply_index(pass));
      }
    }
    ASSERT_TRUE(asked) << "the miracle menu";
    EXPECT_EQ(s.objs[static_cast<size_t>(terminus)].zone, kHand);
    auto bot = agents::make_agent<MatchGame>(std::string(answer) == "Miracle" ? "greedy" : answer, 1);
    bool chose = std::string(answer) != "Miracle";
    for (int i = 0; i < 40 && s.objs[static_cast<size_t>(bears)].zone == kBattlefield && g.current_player() == 0; ++i) {
      const auto& moves = g.legal_actions();
      size_t pick = moves.size();
      for (size_t m = 0; m < moves.size() && !chose; ++m) {
        if (moves[m].label == "miracle") pick = m;
      }
      if (pick < moves.size()) chose = true;
      ASSERT_TRUE(g.apply_index(pick < moves.size() ? pick : bot->choose(g, g.legal_actions())));
    }
    if (std::string(answer) == "Miracle") {
      EXPECT_EQ(s.objs[static_cast<size_t>(bears)].zone, kLibrary) << "Terminus was cast for {W}";
      EXPECT_EQ(s.objs[static_cast<size_t>(terminus)].zone, kGraveyard);
    }
    EXPECT_EQ(g.error(), "");
  }
}

const std::string kPaidCards =
    "[card]\nname=Echo Mind\nmana={3}{U}\ntype=Enchantment\nauto=@movedto(*[instant;sorcery]|mystack):target(trigger[to]<1>) "
    "pay[[{3}]] name(copy spell) activate name(copy spell) castcard(copied noevent)\n[/card]\n"
    "[card]\nname=Mirror Pool\nmana={2}{R}\ntype=Enchantment\nauto=@movedto(creature[-token]|mybattlefield):all(trigger[to]) "
    "pay[[{R}]] clone with(unearth,haste)\n[/card]\n"
    "[card]\nname=Vigil\nmana={1}{W}\ntype=Enchantment\nauto=@movedto(creature|mygraveyard) from(battlefield):all(trigger[to]) "
    "pay[[{1}{W}]] activate moveto(myhand) oneshot\n[/card]\n"
    "[card]\nname=Puca\nmana={1}{U}\ntype=Creature\npower=1\ntoughness=2\n"
    "auto=@movedto(creature|graveyard) from(battlefield):all(trigger[from]) pay[[{1}]] copy\n[/card]\n"
    "[card]\nname=Zap\nmana={R}\ntype=Instant\ntarget=creature\nauto=damage:3\n[/card]\n"
    "[card]\nname=Jab\nmana={R}\ntype=Sorcery\nauto=life:-3 opponent\n[/card]\n"
    "[card]\nname=Bear\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

// Jab cast: paid {3} (choice 0), a copy of it resolves too; declined, Jab alone.
TEST(WagicPaidTriggerParts, APaidCopyOfTheSpellThatWasCast) {
  TestOutcome r = test::play_own(kPaidCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}{3}\nhand:jab\ninplay:echo mind\n[PLAYER2]\n"
                                             "[DO]\njab\nchoice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:echo mind\ngraveyard:jab\n"
                                             "[PLAYER2]\nlife:14\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kPaidCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}{3}\nhand:jab\ninplay:echo mind\n[PLAYER2]\n"
                                 "[DO]\njab\nchoice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:echo mind\ngraveyard:jab\nmanapool:{3}\n"
                                 "[PLAYER2]\nlife:17\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Bear enters: paid {R} (choice 0), a token copy of it with haste attacks at once; declined, no copy.
TEST(WagicPaidTriggerParts, APaidCloneOfTheCreatureThatEntered) {
  TestOutcome r = test::play_own(kPaidCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}{R}\nhand:bear\ninplay:mirror pool\n[PLAYER2]\n"
                                             "[DO]\nbear\nchoice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:mirror pool,bear,*\n"
                                             "[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kPaidCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}{R}\nhand:bear\ninplay:mirror pool\n[PLAYER2]\n"
                                 "[DO]\nbear\nchoice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:mirror pool,bear\nmanapool:{R}\n"
                                 "[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Bear dies: paid {1}{W} (choice 0), it goes back to its owner's hand; declined, it stays in the graveyard.
TEST(WagicPaidTriggerParts, APaidReturnOfTheCreatureThatDied) {
  TestOutcome r = test::play_own(kPaidCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}{1}{W}\nhand:zap\ninplay:vigil,bear\n[PLAYER2]\n"
                                             "[DO]\nzap\nbear\nchoice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:vigil\nhand:bear\n"
                                             "graveyard:zap\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(kPaidCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}{1}{W}\nhand:zap\ninplay:vigil,bear\n[PLAYER2]\n"
                                 "[DO]\nzap\nbear\nchoice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:vigil\ngraveyard:zap,bear\n"
                                 "manapool:{1}{W}\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Cemetery Puca's line: a creature dies, {1} paid, Puca becomes a copy of it (a 2/2 Bear attacks for 2).
TEST(WagicPaidTriggerParts, APaidCopyOfTheCreatureThatDied) {
  TestOutcome r = test::play_own(kPaidCards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}{1}\nhand:zap\ninplay:puca\n[PLAYER2]\n"
                                             "inplay:bear\n[DO]\nzap\nbear\nchoice 0\nnext\nnext\npuca\nnext\nnext\nnext\n"
                                             "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:puca\ngraveyard:zap\n[PLAYER2]\ngraveyard:bear\n"
                                             "life:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
