// Bots playing whole Magic games through the kernel (greedy against random, the MCTS agent to the
// end), and a response: an instant cast at the other player's priority on a board set up by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "agents/make_agent.h"
#include "agents/playout.h"
#include "agents/rollout_agent.h"
#include "games/mtg/runners/match_game.h"
#include "match_support.h"

namespace rk::mtg {
namespace {

using test::mtg_world;
using MtgAgent = agents::Agent<MatchGame>;

#define RK_REQUIRE_MTG() RK_REQUIRE_CORPUS("corpora/wagic/2016/decks/ai")

struct Tally {
  int wins[2] = {0, 0}, draws = 0, errors = 0, unfinished = 0;
  size_t decisions = 0;
};

// Games between bots a and b (they change seats every game) over pairs of the first ten decks.
Tally play_games(const std::string& a, const std::string& b, int games, uint64_t seed, int turns = 40) {
  auto* w = mtg_world();
  Tally t;
  for (int i = 0; i < games; ++i) {
    const uint64_t s = kernel::hash_mix(seed, static_cast<uint64_t>(i));
    MatchGame g(*w->cat, w->decks[static_cast<size_t>(i) % 10], w->decks[static_cast<size_t>(i + 3) % 10], s, turns);
    const int a_seat = i % 2;
    auto bot_a = agents::make_agent<MatchGame>(a, s + 1), bot_b = agents::make_agent<MatchGame>(b, s + 2);
    MtgAgent* seats[2];
    seats[a_seat] = bot_a.get();
    seats[1 - a_seat] = bot_b.get();
    const auto r = agents::play_out(g, std::span<MtgAgent* const>(seats), 20000);
    t.decisions += r.decisions;
    if (!g.error().empty()) {
      ++t.errors;
      ADD_FAILURE() << a << " v " << b << ", game " << i << ": " << g.error();
    } else if (!r.finished) {
      ++t.unfinished;
    } else if (g.match().winner() < 0) {
      ++t.draws;
    } else {
      ++t.wins[g.match().winner() == a_seat ? 0 : 1];
    }
  }
  return t;
}

// One move of lookahead with the match's score (match_game.cc) against uniform random moves: the
// greedy bot wins nearly every game (20 of 20 when this was written); the threshold leaves room
// for changes to the engine and the decks' luck.
TEST(MtgBots, GreedyBeatsRandom) {
  RK_REQUIRE_MTG();
  constexpr int kGames = 16;
  const Tally t = play_games("greedy", "random", kGames, 7);
  std::printf("greedy v random: %d wins, %d losses, %d draws of %d games (%.0f%%)\n", t.wins[0], t.wins[1], t.draws, kGames,
              100.0 * t.wins[0] / kGames);
  EXPECT_EQ(t.errors, 0);
  EXPECT_EQ(t.unfinished, 0);
  EXPECT_GE(t.wins[0], kGames * 3 / 4);
}

// The generic search agent (SO-ISMCTS with determinization, rollouts cut short and scored by the
// match's heuristic) plays whole games to their end (a win, or a draw at 40 turns) without an
// engine error.
TEST(MtgBots, MctsFinishesWholeGames) {
  RK_REQUIRE_MTG();
  const auto t0 = std::chrono::steady_clock::now();
  const Tally t = play_games("mcts:16:d12", "random", 2, 11);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("mcts:16:d12 v random: %d wins, %d losses, %d draws; %zu decisions in %.2f s\n", t.wins[0], t.wins[1], t.draws,
              t.decisions, secs);
  EXPECT_EQ(t.errors, 0);
  EXPECT_EQ(t.unfinished, 0);
  EXPECT_EQ(t.wins[0] + t.wins[1] + t.draws, 2);
}

Deck deck_of(const char* land, int n) {
  Deck d;
  d.name = land;
  d.ids.assign(static_cast<size_t>(n), mtg_world()->cat->by_name(land)->id);
  return d;
}

size_t find_move(const std::vector<Move>& ms, const std::string& label) {
  for (size_t i = 0; i < ms.size(); ++i) {
    if (ms[i].label == label) return i;
  }
  std::string all;
  for (const Move& m : ms) all += " [" + m.label + "]";
  ADD_FAILURE() << "no move \"" << label << "\" among" << all;
  return ms.size();
}

// Plays the move with this label (the test fails when there is none).
bool play(MatchGame& g, const std::string& label) {
  const size_t i = find_move(g.legal_actions(), label);
  return i < g.legal_actions().size() && g.apply_index(i);
}

// Player 1 casts Grizzly Bears in their main phase; player 2, holding Lightning Bolt over an
// untapped Mountain, is offered to respond, taps the Mountain and bolts player 1 while the Bears
// wait on the stack; then both resolve. Without offers the Bears resolve at once.
TEST(MtgResponses, AnInstantAtTheOtherPlayersPriority) {
  RK_REQUIRE_MTG();
  auto* w = mtg_world();
  for (const bool responses : {true, false}) {
    MatchOptions o;
    o.responses = responses;
    o.mulligans = false;
    MatchGame g(*w->cat, deck_of("forest", 20), deck_of("mountain", 20), 1, 10, o);
    Game& s = g.match().mutable_game();
    s.active = 0;
    s.phase = Phase::kFirstMain;
    auto put = [&](const char* name, int owner, int zone) {
      const CardDef* d = w->cat->by_name(name);
      const int c = s.create(d, d->id, owner);
      s.move(c, owner, zone);
      s.objs[static_cast<size_t>(c)].sick = false;
      return c;
    };
    const int bears = put("grizzly bears", 0, kHand);
    put("lightning bolt", 1, kHand);
    put("forest", 0, kBattlefield);
    put("forest", 0, kBattlefield);
    put("mountain", 1, kBattlefield);
    g.match().resettle();
    ASSERT_EQ(g.current_player(), 0);
    ASSERT_TRUE(play(g, "{t}:add{g} forest"));
    ASSERT_TRUE(play(g, "{t}:add{g} forest"));
    ASSERT_TRUE(play(g, "cast " + s.name(bears)));
    if (!responses) {
      EXPECT_EQ(s.objs[static_cast<size_t>(bears)].zone, kBattlefield) << "without offers the Bears resolve at once";
      EXPECT_EQ(s.players[0].life, 20);
      continue;
    }
    ASSERT_EQ(g.current_player(), 1) << "player 2 is offered to respond";
    EXPECT_EQ(g.choice().prompt, kPromptRespond);
    EXPECT_EQ(s.objs[static_cast<size_t>(bears)].zone, kStack);
    ASSERT_TRUE(play(g, "{t}:add{r} mountain"));
    ASSERT_TRUE(play(g, "cast lightning bolt"));
    EXPECT_EQ(s.objs[static_cast<size_t>(bears)].zone, kStack) << "the Bolt is cast while the Bears wait";
    ASSERT_TRUE(play(g, "target player 1"));
    // The Bolt is offered to player 1 in turn only if they could answer it: they cannot.
    EXPECT_EQ(s.players[0].life, 17);
    EXPECT_EQ(s.objs[static_cast<size_t>(bears)].zone, kBattlefield);
    EXPECT_EQ(g.error(), "");
  }
}

// The same board with the greedy bot as player 2: offered to respond, it taps the Mountain and
// casts the Bolt (the position after it resolves scores better than letting the Bears resolve).
TEST(MtgResponses, TheGreedyBotResponds) {
  RK_REQUIRE_MTG();
  auto* w = mtg_world();
  MatchOptions o;
  o.mulligans = false;
  MatchGame g(*w->cat, deck_of("forest", 20), deck_of("mountain", 20), 1, 10, o);
  Game& s = g.match().mutable_game();
  s.active = 0;
  s.phase = Phase::kFirstMain;
  auto put = [&](const char* name, int owner, int zone) {
    const CardDef* d = w->cat->by_name(name);
    const int c = s.create(d, d->id, owner);
    s.move(c, owner, zone);
    s.objs[static_cast<size_t>(c)].sick = false;
    return c;
  };
  const int bears = put("grizzly bears", 0, kHand);
  const int bolt = put("lightning bolt", 1, kHand);
  put("forest", 0, kBattlefield);
  put("forest", 0, kBattlefield);
  put("mountain", 1, kBattlefield);
  g.match().resettle();
  ASSERT_TRUE(play(g, "{t}:add{g} forest"));
  ASSERT_TRUE(play(g, "{t}:add{g} forest"));
  ASSERT_TRUE(play(g, "cast " + s.name(bears)));
  ASSERT_EQ(g.current_player(), 1);
  agents::GreedyAgent<MatchGame> bot(3);
  for (int i = 0; i < 6 && g.current_player() == 1 && !g.terminal(); ++i) ASSERT_TRUE(g.apply_index(bot.choose(g, g.legal_actions())));
  EXPECT_EQ(s.objs[static_cast<size_t>(bolt)].zone, kGraveyard) << "the Bolt was cast";
  EXPECT_EQ(s.players[0].life, 17);
  EXPECT_EQ(g.error(), "");
}

size_t count_moves(const MatchGame& g, const std::string& label) {
  size_t n = 0;
  for (const Move& m : g.legal_actions()) n += m.label == label;
  return n;
}

// Combat declarations end (MatchOptions::bounded_declarations): an attacker is declared once (no
// taking it back), a sick creature is not offered to attack, and a blocker is clicked at most once
// per attacker (each click moves it on to the next attacker it can block).
TEST(MtgCombat, DeclarationsEnd) {
  RK_REQUIRE_MTG();
  auto* w = mtg_world();
  MatchOptions o;
  o.mulligans = false;
  o.responses = false;
  MatchGame g(*w->cat, deck_of("forest", 20), deck_of("forest", 20), 1, 10, o);
  Game& s = g.match().mutable_game();
  auto put = [&](int owner, bool sick) {
    const CardDef* d = w->cat->by_name("grizzly bears");
    const int c = s.create(d, d->id, owner);
    s.move(c, owner, kBattlefield);
    s.objs[static_cast<size_t>(c)].sick = sick;
    return c;
  };
  put(0, false);
  put(0, false);
  put(0, true);
  const int blocker = put(1, false);
  s.active = 0;
  s.phase = Phase::kCombatAttackers;
  g.match().resettle();
  ASSERT_EQ(g.current_player(), 0);
  EXPECT_EQ(count_moves(g, "attack grizzly bears"), 2u) << "the sick Bears are not offered";
  ASSERT_TRUE(play(g, "attack grizzly bears"));
  EXPECT_EQ(count_moves(g, "attack grizzly bears"), 1u) << "a declared attacker is not offered again";
  ASSERT_TRUE(play(g, "attack grizzly bears"));
  EXPECT_EQ(count_moves(g, "attack grizzly bears"), 0u);
  for (int i = 0; i < 10 && g.current_player() == 0 && !g.terminal(); ++i) ASSERT_TRUE(play(g, "pass (next step)"));
  ASSERT_EQ(s.phase, Phase::kCombatBlockers);
  ASSERT_EQ(g.current_player(), 1);
  int clicks = 0;
  while (count_moves(g, "block grizzly bears") == 1 && clicks < 10) {
    ASSERT_TRUE(play(g, "block grizzly bears"));
    ++clicks;
  }
  EXPECT_EQ(clicks, 2) << "one click per attacker";
  EXPECT_GE(s.objs[static_cast<size_t>(blocker)].blocking, 0) << "the second click blocks the second attacker";
  EXPECT_EQ(g.error(), "");
}

// A board set up by hand for the rollout bot's tests: player 1 (seat 0) active in `phase`, both
// libraries of Forests (no offers or mulligans unless asked).
struct Board {
  MatchGame g;
  explicit Board(Phase phase, bool responses = false)
      : g(*mtg_world()->cat, deck_of("forest", 20), deck_of("forest", 20), 1, 10, [responses] {
          MatchOptions o;
          o.mulligans = false;
          o.responses = responses;
          return o;
        }()) {
    Game& s = g.match().mutable_game();
    s.active = 0;
    s.phase = phase;
  }
  int put(const char* name, int owner, int zone) {
    Game& s = g.match().mutable_game();
    const CardDef* d = mtg_world()->cat->by_name(name);
    const int c = s.create(d, d->id, owner);
    s.move(c, owner, zone);
    s.objs[static_cast<size_t>(c)].sick = false;
    return c;
  }
  // The rollout bot plays seat 0 and the greedy bot seat 1 while the turn lasts (at most `n` moves).
  std::vector<std::string> play_turn(uint64_t seed, size_t n = 60) {
    g.match().resettle();
    agents::RolloutAgent<MatchGame> bot(seed);
    agents::GreedyAgent<MatchGame> other(seed + 1);
    std::vector<std::string> took;
    const int turn = g.turn();
    for (size_t i = 0; i < n && !g.terminal() && g.turn() == turn; ++i) {
      const auto legal = g.legal_actions();
      const bool mine = g.current_player() == 0;
      const size_t pick = mine ? bot.choose(g, legal) : other.choose(g, legal);
      if (mine) took.push_back(legal[pick].label);
      EXPECT_TRUE(g.apply_index(pick));
    }
    EXPECT_EQ(g.error(), "");
    return took;
  }
};

// In its main phase with Grizzly Bears in hand and two untapped Forests, the rollout bot taps them
// and casts the Bears (before combat or after it) in its turn.
TEST(MtgRolloutBot, CastsACreatureItCanAfford) {
  RK_REQUIRE_MTG();
  for (const uint64_t seed : {1, 2}) {
    Board b(Phase::kFirstMain);
    const int bears = b.put("grizzly bears", 0, kHand);
    b.put("forest", 0, kBattlefield);
    b.put("forest", 0, kBattlefield);
    b.put("forest", 1, kBattlefield);
    b.play_turn(seed);
    EXPECT_EQ(b.g.match().game().objs[static_cast<size_t>(bears)].zone, kBattlefield) << "seed " << seed;
  }
}

// Player 2 at 2 life with one 1/1 to block; player 1's two Grizzly Bears attacking together are
// lethal (one is blocked, the other deals 2), one alone is not: the bot declares both and wins in
// this combat.
TEST(MtgRolloutBot, TakesALethalAttack) {
  RK_REQUIRE_MTG();
  Board b(Phase::kCombatAttackers);
  b.put("grizzly bears", 0, kBattlefield);
  b.put("grizzly bears", 0, kBattlefield);
  b.put("llanowar elves", 1, kBattlefield);
  b.g.match().mutable_game().players[1].life = 2;
  const auto took = b.play_turn(3);
  EXPECT_EQ(std::count(took.begin(), took.end(), "attack grizzly bears"), 2);
  ASSERT_TRUE(b.g.terminal());
  EXPECT_EQ(b.g.match().winner(), 0);
}

// The bot never reads what it cannot see: two positions that differ only in which of player 2's
// unseen cards are in their hand (a Lightning Bolt in hand and a Forest on top of the library, or
// the other way round; both with an untapped Mountain and offers to respond) get the same
// decisions from bots with the same seed, at every step until player 2 is asked something.
TEST(MtgRolloutBot, NeverReadsHiddenCards) {
  RK_REQUIRE_MTG();
  std::vector<std::string> took[2];
  for (int bolt_in_hand = 0; bolt_in_hand < 2; ++bolt_in_hand) {
    Board b(Phase::kFirstMain, true);
    b.put("grizzly bears", 0, kHand);
    b.put("hill giant", 0, kBattlefield);
    b.put("forest", 0, kBattlefield);
    b.put("forest", 0, kBattlefield);
    b.put("mountain", 1, kBattlefield);
    b.put("llanowar elves", 1, kBattlefield);
    const int bolt = b.put("lightning bolt", 1, bolt_in_hand ? kHand : kLibrary);
    const int forest = b.put("forest", 1, bolt_in_hand ? kLibrary : kHand);
    (void)bolt, (void)forest;
    b.g.match().resettle();
    agents::RolloutAgent<MatchGame> bot(9);
    for (int i = 0; i < 12 && !b.g.terminal() && b.g.current_player() == 0; ++i) {
      const auto legal = b.g.legal_actions();
      const size_t pick = bot.choose(b.g, legal);
      took[bolt_in_hand].push_back(legal[pick].label);
      ASSERT_TRUE(b.g.apply_index(pick));
    }
  }
  const size_t n = std::min(took[0].size(), took[1].size());
  ASSERT_GE(n, 2u);
  for (size_t i = 0; i < n; ++i) EXPECT_EQ(took[0][i], took[1][i]) << "decision " << i;
}

}  // namespace
}  // namespace rk::mtg
