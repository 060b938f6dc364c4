// Ninjutsu and snow mana (issue 31). Ninjutsu needs the players' priority once blockers are
// declared (Game::blockers_window, whole games); it is played here through whole-game moves on a
// board set up by hand with the 2016 database's cards. Snow mana: the pool knows which of its mana
// a snow permanent made, and {i} is paid with that mana only.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "agents/make_agent.h"
#include "games/mtg/runners/match_game.h"
#include "match_support.h"
#include "own_cards.h"

namespace rk::mtg {
namespace {

using rk::test::mtg_world;

#define RK_REQUIRE_MTG() RK_REQUIRE_CORPUS("corpora/wagic/2016/decks/ai")

Deck deck_of(const char* card, int n) {
  Deck d;
  d.name = card;
  d.ids.assign(static_cast<size_t>(n), mtg_world()->cat->by_name(card)->id);
  return d;
}

// The moves whose label starts with `prefix`.
std::vector<size_t> moves_like(const MatchGame& g, const std::string& prefix) {
  std::vector<size_t> out;
  const auto& ms = g.legal_actions();
  for (size_t i = 0; i < ms.size(); ++i) {
    if (ms[i].label.rfind(prefix, 0) == 0) out.push_back(i);
  }
  return out;
}

std::string all_moves(const MatchGame& g) {
  std::string s;
  for (const Move& m : g.legal_actions()) s += " [" + m.label + "]";
  return s;
}

// Plays the first move whose label starts with `prefix` (the test fails when there is none).
bool play(MatchGame& g, const std::string& prefix) {
  const auto found = moves_like(g, prefix);
  if (found.empty()) {
    ADD_FAILURE() << "no move \"" << prefix << "...\" among" << all_moves(g);
    return false;
  }
  return g.apply_index(found[0]);
}

// Player 1 (active, in the declare-attackers step) with creatures, Islands and cards in hand;
// player 2 with creatures to block. Libraries of Islands; no mulligans.
struct Board {
  MatchGame g;
  explicit Board(MatchOptions o = {})
      : g(*mtg_world()->cat, deck_of("island", 20), deck_of("island", 20), 1, 10, [&o] {
          o.mulligans = false;
          return o;
        }()) {
    Game& s = g.match().mutable_game();
    s.active = 0;
    s.phase = Phase::kCombatAttackers;
  }
  Game& game() { return g.match().mutable_game(); }
  int put(const char* name, int owner, int zone) {
    Game& s = game();
    const CardDef* d = mtg_world()->cat->by_name(name);
    const int c = s.create(d, d->id, owner);
    s.move(c, owner, zone);
    s.objs[static_cast<size_t>(c)].sick = false;
    return c;
  }
  const Obj& obj(int c) { return game().objs[static_cast<size_t>(c)]; }
};

// Ninjutsu in a whole game: player 1 attacks with Grizzly Bears and a Wall-blocked Bear; once
// player 2 declared the block, player 1 has priority in the step, taps two Islands and uses
// Ninja of the Deep Hours' ninjutsu ({1}{U}{N}): only the unblocked Bears can be returned. The
// Bears go back to the hand, the Ninja enters tapped and attacking, deals its 2 combat damage to
// player 2, and its "whenever it deals combat damage to a player, you may draw" trigger draws.
TEST(WagicNinjutsu, AnUnblockedAttackerIsSwappedForTheNinjaWhichDealsItsDamage) {
  RK_REQUIRE_MTG();
  Board b;
  const int bears = b.put("grizzly bears", 0, kBattlefield);
  const int blocked = b.put("grizzly bears", 0, kBattlefield);
  const int ninja = b.put("ninja of the deep hours", 0, kHand);
  b.put("island", 0, kBattlefield);
  b.put("island", 0, kBattlefield);
  const int wall = b.put("wall of stone", 1, kBattlefield);
  b.g.match().resettle();
  Game& s = b.game();
  ASSERT_EQ(b.g.current_player(), 0);
  ASSERT_TRUE(b.g.apply_index(moves_like(b.g, "attack grizzly bears")[0]));
  ASSERT_TRUE(b.g.apply_index(moves_like(b.g, "attack grizzly bears")[0]));
  EXPECT_TRUE(moves_like(b.g, "{1}{u}{n}:ninjutsu").empty()) << "no ninjutsu before blockers are declared";
  ASSERT_TRUE(play(b.g, "pass"));
  ASSERT_EQ(s.phase, Phase::kCombatBlockers);
  ASSERT_EQ(b.g.current_player(), 1) << "the defender declares blockers";
  // The Wall blocks the second Bears (the first click blocks the first attacker, the second moves on).
  ASSERT_TRUE(play(b.g, "block wall of stone"));
  if (s.objs[static_cast<size_t>(wall)].blocking != blocked) {
    ASSERT_TRUE(play(b.g, "block wall of stone"));
  }
  ASSERT_EQ(s.objs[static_cast<size_t>(wall)].blocking, blocked);
  ASSERT_TRUE(play(b.g, "pass"));
  ASSERT_EQ(s.phase, Phase::kCombatBlockers) << "the step goes on once blockers are declared";
  ASSERT_EQ(b.g.current_player(), 0) << "the active player has priority first (CR 509.4)";
  EXPECT_TRUE(moves_like(b.g, "block ").empty()) << "blocks are declared: no more blocking";
  ASSERT_TRUE(play(b.g, "{t}:add{u} island"));
  ASSERT_TRUE(play(b.g, "{t}:add{u} island"));
  ASSERT_TRUE(play(b.g, "{1}{u}{n}:ninjutsu")) << "the ninja's ability is a move of the active player";
  // Its cost: an unblocked attacker of player 1's, returned to its owner's hand.
  const auto targets = moves_like(b.g, "target grizzly bears");
  ASSERT_EQ(targets.size(), 1u) << "only the unblocked Bears:" << all_moves(b.g);
  EXPECT_EQ(b.g.legal_actions()[targets[0]].card, bears);
  ASSERT_TRUE(b.g.apply_index(targets[0]));
  for (int i = 0; i < 4 && b.g.match().offer_open(); ++i) ASSERT_TRUE(play(b.g, "let "));
  EXPECT_EQ(s.objs[static_cast<size_t>(bears)].zone, kHand);
  ASSERT_EQ(s.objs[static_cast<size_t>(ninja)].zone, kBattlefield);
  EXPECT_TRUE(s.objs[static_cast<size_t>(ninja)].tapped);
  EXPECT_TRUE(s.objs[static_cast<size_t>(ninja)].attacking);
  ASSERT_EQ(s.phase, Phase::kCombatBlockers);
  ASSERT_EQ(b.g.current_player(), 0) << "priority back to the active player after the resolution";
  const size_t hand = s.players[0].zones[kHand].size();
  ASSERT_TRUE(play(b.g, "pass"));
  // Combat damage: the Ninja's 2 to player 2; its may-draw trigger asks player 1.
  EXPECT_EQ(s.players[1].life, 18);
  for (int i = 0; i < 4 && !s.menus.empty(); ++i) ASSERT_TRUE(b.g.apply_index(0));  // the may ability: yes
  for (int i = 0; i < 4 && b.g.match().offer_open(); ++i) ASSERT_TRUE(play(b.g, "let "));
  EXPECT_EQ(s.players[0].zones[kHand].size(), hand + 1) << "the Ninja's combat damage trigger drew a card";
  EXPECT_EQ(s.objs[static_cast<size_t>(blocked)].zone, kBattlefield);
  EXPECT_EQ(b.g.error(), "");
}

// Without the window (MatchOptions::blockers_window off, as Wagic's scenario tests play combat),
// the defender's pass after blocking runs combat on to damage: there is no moment to use ninjutsu,
// and the Bears deal their damage.
TEST(WagicNinjutsu, WithoutTheWindowCombatRunsOnToDamage) {
  RK_REQUIRE_MTG();
  MatchOptions o;
  o.blockers_window = false;
  Board b(o);
  b.put("grizzly bears", 0, kBattlefield);
  const int ninja = b.put("ninja of the deep hours", 0, kHand);
  b.put("island", 0, kBattlefield);
  b.put("island", 0, kBattlefield);
  b.g.match().resettle();
  Game& s = b.game();
  ASSERT_TRUE(play(b.g, "attack grizzly bears"));
  ASSERT_TRUE(play(b.g, "pass"));
  ASSERT_EQ(b.g.current_player(), 1);
  ASSERT_TRUE(play(b.g, "pass"));
  for (int i = 0; i < 4 && b.g.match().offer_open(); ++i) ASSERT_TRUE(play(b.g, "let "));
  EXPECT_EQ(s.players[1].life, 18);
  EXPECT_EQ(s.objs[static_cast<size_t>(ninja)].zone, kHand);
  EXPECT_EQ(b.g.error(), "");
}

// In a scenario test (Wagic's runner, no window) {N} is usable where combat stops once blockers are
// declared: at the ORDER screen (an attacker with two blockers), the active player acts, taps an
// Island, and swaps the unblocked Ox for the Shinobi, which deals its 3 damage.
TEST(WagicNinjutsu, InAScenarioTestNinjutsuIsUsableAtTheOrderStop) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) + test::creature("Ox", "{G}", 2, 2) +
                            test::creature("Wall", "{W}", 0, 4) + test::creature("Rampart", "{W}", 0, 4) +
                            "[card]\nname=Isle\ntype=Land\nauto={T}:add{U}\n[/card]\n"
                            "[card]\nname=Shinobi\nmana={3}{U}\ntype=Creature\npower=3\ntoughness=1\nautohand={U}{N}:ninjutsu\n[/card]\n";
  auto run = [](bool swap) {
    return std::string("[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:bear,ox,isle\nhand:shinobi\n[PLAYER2]\ninplay:wall,rampart\n[DO]\n"
                       "bear\nox\nnext\nwall\nrampart\nnext\n") +
           (swap ? "isle\nshinobi\nox\n" : "") + "next\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\n" +
           (swap ? "inplay:bear,isle,shinobi\nhand:ox\n" : "inplay:bear,ox,isle\nhand:shinobi\n") + "[PLAYER2]\ninplay:wall,rampart\nlife:" +
           (swap ? "17" : "18") + "\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, run(true));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, run(false));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// "ninjutsu" as the effect of a trigger (Alesha's kin: @combat(attacking) ... target(..) ninjutsu):
// the targeted creature card comes from the hand tapped and attacking and deals its damage.
TEST(WagicNinjutsu, TheNinjutsuEffectPutsATargetOntoTheBattlefieldAttacking) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) + test::creature("Scout", "{1}{G}", 3, 3) +
                            "[card]\nname=Herald\nmana={1}{W}\ntype=Creature\npower=1\ntoughness=1\n"
                            "auto=@combat(attacking) source(this):target(creature|myhand) ninjutsu\n[/card]\n";
  auto run = [&cards](bool attack) {
    return std::string("[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:herald\nhand:scout\n[PLAYER2]\n[DO]\n") +
           (attack ? "herald\nnext\nscout\nnext\nnext\n" : "next\n") + "[ASSERT]\nCOMBATEND\n[PLAYER1]\n" +
           (attack ? "inplay:herald,scout\n" : "inplay:herald\nhand:scout\n") + "[PLAYER2]\nlife:" + (attack ? "16" : "20") +
           "\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, run(true));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, run(false));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// {i} in a cost is one mana a snow permanent made (CR 107.4h). A Snow-Covered Island's mana pays
// "{i}:..." in a whole game; an Island's does not, nor does a pool of ordinary mana.
TEST(WagicSnowMana, OnlyManaFromASnowPermanentPaysTheSnowSymbol) {
  RK_REQUIRE_MTG();
  const std::string ability = "{i}:";
  for (const bool snow : {false, true}) {
    MatchOptions o;
    o.responses = false;
    Board b(o);
    b.game().phase = Phase::kFirstMain;
    b.put("snow-covered island", 0, kBattlefield);
    b.put("island", 0, kBattlefield);
    const int shade = b.put("chilling shade", 0, kBattlefield);
    b.g.match().resettle();
    ASSERT_EQ(b.g.current_player(), 0);
    std::vector<size_t> uses;
    for (size_t i : moves_like(b.g, "{")) {
      if (b.g.legal_actions()[i].card == shade) uses.push_back(i);
    }
    EXPECT_TRUE(uses.empty()) << "nothing in the pool:" << all_moves(b.g);
    ASSERT_TRUE(play(b.g, snow ? "{t}:add{u} snow-covered island" : "{t}:add{u} island"));
    const auto& pool = b.game().players[0].pool;
    EXPECT_EQ(pool.total(), 1);
    EXPECT_EQ(pool.snow_total(), snow ? 1 : 0);
    uses.clear();
    const auto moves = b.g.legal_actions();
    for (size_t i = 0; i < moves.size(); ++i) {
      const Move& m = moves[i];
      if (m.card == shade && m.label.rfind(ability, 0) == 0) uses.push_back(i);
    }
    ASSERT_EQ(uses.size(), snow ? 1u : 0u) << (snow ? "snow" : "not snow") << ":" << all_moves(b.g);
    if (!snow) continue;
    const int power = b.game().power(shade);
    ASSERT_TRUE(b.g.apply_index(uses[0]));
    EXPECT_EQ(b.game().power(shade), power + 1) << "the {i} ability resolved";
    EXPECT_EQ(b.game().players[0].pool.total(), 0);
    EXPECT_EQ(b.g.error(), "");
  }
}

// restriction=compare(mysnowpoolcount)~morethan~0 (the latest database's snow cards): the snow
// mana in its caster's pool. The Rime Bear is cast with the Snowfield's mana, not with the Meadow's.
TEST(WagicSnowMana, TheSnowManaInAPoolIsAValueRestrictionsCompare) {
  const std::string cards = "[card]\nname=Snowfield\ntype=Snow Land\nauto={T}:add{G}\n[/card]\n"
                            "[card]\nname=Meadow\ntype=Land\nauto={T}:add{G}\n[/card]\n"
                            "[card]\nname=Rime Bear\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n"
                            "restriction=compare(mysnowpoolcount)~morethan~0\n[/card]\n";
  auto run = [](const std::string& land, bool cast) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:" + land + "\nhand:rime bear\n[PLAYER2]\n[DO]\n" + land +
           "\nrime bear\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n" + (cast ? "inplay:" + land + ",rime bear\n" : "inplay:" + land + "\nhand:rime bear\nmanapool:{G}\n") +
           "[PLAYER2]\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, run("snowfield", true));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, run("meadow", false));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Paying: the other symbols spend ordinary mana first, so snow mana is left for {i}; a snow
// symbol cannot be paid with ordinary mana however much there is.
TEST(WagicSnowMana, APoolSpendsItsOrdinaryManaBeforeItsSnowMana) {
  ManaPool pool;
  pool.add(parse_pool("{U}{U}"));
  pool.add_snow(parse_pool("{U}"));
  EXPECT_EQ(pool.total(), 3);
  EXPECT_EQ(pool.snow_total(), 1);
  const ManaCost cost = parse_mana_cost("{1}{U}{i}");
  EXPECT_EQ(cost.snow, 1);
  EXPECT_EQ(cost.converted(), 3);
  ASSERT_TRUE(can_pay(pool, cost));
  ManaPool two_snow = pool;
  EXPECT_FALSE(can_pay(two_snow, parse_mana_cost("{i}{i}")));
  pay(pool, parse_mana_cost("{U}"));
  EXPECT_EQ(pool.snow_total(), 1) << "the {U} was paid with ordinary mana";
  EXPECT_TRUE(can_pay(pool, parse_mana_cost("{U}{i}")));
  pay(pool, parse_mana_cost("{i}"));
  EXPECT_EQ(pool.total(), 1);
  EXPECT_EQ(pool.snow_total(), 0);
  EXPECT_FALSE(can_pay(pool, parse_mana_cost("{i}")));
  // Mana spent by code that lowers the counts directly is the ordinary mana: adding more after it
  // does not bring spent snow mana back.
  ManaPool p;
  p.add_snow(parse_pool("{G}"));
  p.n[kGreen] = 0;
  p.add(parse_pool("{G}"));
  EXPECT_EQ(p.snow_total(), 0);
}


// Bots: in the same whole-game position (the Bears attack unblocked, blockers declared, player 1
// has priority with two untapped Islands and the Ninja in hand) the greedy bot and the rollout bot
// tap the Islands and use ninjutsu (the Ninja then deals the damage and draws); with nothing that
// mana could pay for, the greedy bot passes without tapping (the lands stay for the second main).
TEST(WagicNinjutsu, BotsUseNinjutsu) {
  RK_REQUIRE_MTG();
  for (const bool ninja_in_hand : {true, false}) {
    for (const char* spec : {"greedy", "rollout"}) {
      if (!ninja_in_hand && std::string(spec) != "greedy") continue;
      Board b;
      const int bears = b.put("grizzly bears", 0, kBattlefield);
      const int ninja = b.put(ninja_in_hand ? "ninja of the deep hours" : "grizzly bears", 0, kHand);
      const int island = b.put("island", 0, kBattlefield);
      b.put("island", 0, kBattlefield);
      b.g.match().resettle();
      ASSERT_TRUE(play(b.g, "attack grizzly bears"));
      ASSERT_TRUE(play(b.g, "pass"));
      ASSERT_TRUE(play(b.g, "pass"));  // player 2 declares no block
      ASSERT_EQ(b.g.current_player(), 0);
      Game& s = b.game();
      auto bot = agents::make_agent<MatchGame>(spec, 1);
      for (int i = 0; i < 12 && b.g.current_player() == 0 && s.phase == Phase::kCombatBlockers; ++i) {
        ASSERT_TRUE(b.g.apply_index(bot->choose(b.g, b.g.legal_actions())));
      }
      if (!ninja_in_hand) {
        EXPECT_FALSE(s.objs[static_cast<size_t>(island)].tapped) << "no land tapped for nothing";
        EXPECT_EQ(s.players[1].life, 18);
        continue;
      }
      EXPECT_EQ(s.objs[static_cast<size_t>(ninja)].zone, kBattlefield) << spec << " used ninjutsu";
      EXPECT_EQ(s.objs[static_cast<size_t>(bears)].zone, kHand) << spec;
      EXPECT_EQ(s.players[1].life, 18) << spec << ": the Ninja's damage";
      EXPECT_EQ(b.g.error(), "");
    }
  }
}

}  // namespace
}  // namespace rk::mtg
