// Card Fighters' Clash on the kernel: complete random-bot games per second, the cost of cloning a
// state, and its size.
#include <benchmark/benchmark.h>

#include "agents/random_agent.h"
#include "games/cfc/runners/match.h"

namespace {

const std::string kCfc = std::string(RULEKIT_SHARED_DIR) + "/corpora/cfc";

struct Setup {
  rk::cfc::CardPool pool;
  rk::cfc::Deck a, b;
  bool ok = false;
};

const Setup& setup() {
  static const Setup s = [] {
    Setup x;
    std::string error;
    std::vector<std::string> problems;
    x.ok = rk::cfc::load_pool(kCfc, x.pool, error, problems) &&
           rk::cfc::load_deck(kCfc + "/o8g/Decks/Aso.o8d", x.pool, x.a, problems) &&
           rk::cfc::load_deck(kCfc + "/o8g/Decks/Cap.o8d", x.pool, x.b, problems);
    return x;
  }();
  return s;
}

void BM_CfcRandomGame(benchmark::State& state) {
  const Setup& s = setup();
  if (!s.ok) {
    state.SkipWithError("corpus absent");
    return;
  }
  uint64_t seed = 0, decisions = 0;
  for (auto _ : state) {
    rk::cfc::Game g(s.pool, s.a, s.b, ++seed);
    rk::agents::RandomAgent<rk::cfc::Game> x(seed), y(seed + 1);
    decisions += rk::cfc::play_out(g, x, y);
    benchmark::DoNotOptimize(g.hash());
  }
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["decisions/game"] = static_cast<double>(decisions) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_CfcRandomGame)->Unit(benchmark::kMicrosecond);

// A mid-game state (turn 10 of a random game), copied as a lookahead does.
rk::cfc::Game mid_game() {
  const Setup& s = setup();
  rk::cfc::Game g(s.pool, s.a, s.b, 7);
  rk::agents::RandomAgent<rk::cfc::Game> r(7);
  while (!g.terminal() && g.turn() < 10) g.apply_index(r.choose(g, g.legal_actions()));
  return g;
}

void BM_CfcCloneState(benchmark::State& state) {
  if (!setup().ok) {
    state.SkipWithError("corpus absent");
    return;
  }
  const rk::cfc::Game g = mid_game();
  for (auto _ : state) {
    rk::cfc::Game copy = g.copy_for_search();
    benchmark::DoNotOptimize(copy);
  }
  // Bytes of a state: the object and what its containers hold (the log is left out of copies).
  size_t bytes = sizeof(rk::cfc::Game) + g.card_count() * sizeof(rk::cfc::Card);
  for (int p = 0; p < 2; ++p) {
    const auto& ps = g.player(p);
    bytes += (ps.deck.size() + ps.hand.size() + ps.discards.size() + ps.removed.size()) * sizeof(rk::cfc::EntityId);
    for (const auto& b : ps.backups) bytes += b.size() * sizeof(rk::cfc::EntityId);
  }
  state.counters["bytes/state"] = static_cast<double>(bytes);
}
BENCHMARK(BM_CfcCloneState);

}  // namespace
