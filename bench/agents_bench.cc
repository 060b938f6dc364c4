// Bots and whole games on Valeria: Card Kingdoms: complete random games per second at 2 and 4
// players (dealt and played as `rulekit vck sim` plays them), MCTS iterations per second with
// random rollouts (to the end, and cut at 8 decisions and scored by the heuristic), and the cost
// of a state clone (copy_for_search) in the middle of a game.
#include <benchmark/benchmark.h>

#include "agents/mcts_agent.h"
#include "games/vck/rules/game.h"
#include "kernel/rng.h"

namespace {

using rk::vck::Game;

const rk::vck::CardDb* db() {
  static const rk::vck::CardDb* d = [] {
    auto* out = new rk::vck::CardDb;
    std::vector<std::string> problems;
    if (!rk::vck::load_cards(std::string(RULEKIT_SHARED_DIR) + "/corpora/vck/tables", *out, problems)) {
      delete out;
      return static_cast<rk::vck::CardDb*>(nullptr);
    }
    return out;
  }();
  return d;
}

bool deal(uint64_t seed, int players, rk::vck::Setup& s) {
  rk::kernel::Chance chance(seed);
  std::string error;
  return rk::vck::deal(*db(), "base", players, chance, s, error);
}

// A position of a 2-player game (random play from seed 7), at the first action decision with
// several options after `skip` decisions: 0, the first turn (rollouts play a whole game); 40, some
// turns in.
Game position(int skip = 40) {
  rk::vck::Setup s;
  deal(7, 2, s);
  Game g(*db(), s, 7);
  rk::kernel::Rng pick(7);
  for (int n = 0; n < 400 && !g.terminal(); ++n) {
    const auto legal = g.legal_actions();
    if (n >= skip && g.phase() == rk::vck::Phase::kAction && g.prompts().empty() && legal.size() > 3) break;
    g.apply_index(pick.below(static_cast<uint32_t>(legal.size())));
  }
  return g;
}

void BM_VckRandomGame(benchmark::State& state) {
  if (!db()) return state.SkipWithError("VCK tables absent");
  const int players = static_cast<int>(state.range(0));
  uint64_t seed = 1, decisions = 0;
  for (auto _ : state) {
    rk::vck::Setup s;
    deal(seed, players, s);
    Game g(*db(), s, seed);
    rk::kernel::Rng pick(seed ^ 0x9E3779B97F4A7C15ull);
    for (size_t n = 0; n < 20000 && !g.terminal(); ++n, ++decisions) {
      const auto legal = g.legal_actions();
      if (legal.empty() || !g.apply_listed(legal, pick.below(static_cast<uint32_t>(legal.size())))) break;
    }
    benchmark::DoNotOptimize(g.hash());
    ++seed;
  }
  state.SetItemsProcessed(state.iterations());  // items: games
  state.counters["decisions/game"] = static_cast<double>(decisions) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_VckRandomGame)->Arg(2)->Arg(4)->Unit(benchmark::kMicrosecond);

void BM_VckMctsIterations(benchmark::State& state) {
  if (!db()) return state.SkipWithError("VCK tables absent");
  const Game g = position(static_cast<int>(state.range(1)));
  rk::agents::MctsOptions o;
  o.rollout_depth = static_cast<size_t>(state.range(0));
  rk::agents::MctsAgent<Game> bot(1, o);
  for (auto _ : state) bot.iterate(g);
  state.SetItemsProcessed(state.iterations());  // items: iterations
}
// First argument 0: random rollouts to the end of the game; 8: cut after 8 decisions, scored by
// evaluate. Second: the position, at the first turn (0) or some turns in (40).
BENCHMARK(BM_VckMctsIterations)->Args({0, 0})->Args({0, 40})->Args({8, 40})->Unit(benchmark::kMicrosecond);

void BM_VckClone(benchmark::State& state) {
  if (!db()) return state.SkipWithError("VCK tables absent");
  const Game g = position();
  for (auto _ : state) {
    Game c = g.copy_for_search();
    benchmark::DoNotOptimize(c);
  }
}
BENCHMARK(BM_VckClone);

}  // namespace
