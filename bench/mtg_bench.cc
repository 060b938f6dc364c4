// Magic (Wagic's cards) on the engine: the whole visible scenario suite per iteration (time per
// suite), random whole games between two prebuilt decks (items: games, played as `rulekit wagic
// sim --deck 1 --deck 2` plays them), the cost of copying a Match mid-game (what a search bot pays
// per position), and one decision of the greedy and of the MCTS bot on a mid-game position. The
// card database's load time is in card_language_bench.cc (BM_WagicLoad2016Database). Every
// benchmark needs the shared corpus and says so when it is absent.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "agents/greedy_agent.h"
#include "agents/make_agent.h"
#include "agents/mcts_agent.h"
#include "agents/rollout_agent.h"
#include "agents/playout.h"
#include "games/mtg/compiler/card_def.h"
#include "games/mtg/language/database.h"
#include "games/mtg/runners/harness.h"
#include "games/mtg/lua/card_scripts.h"
#include "games/mtg/runners/match_game.h"
#include "games/mtg/runners/scenario.h"
#include "kernel/log.h"
#include "kernel/rng.h"

namespace {

const std::string kWagic = std::string(RULEKIT_SHARED_DIR) + "/corpora/wagic/2016";

// The card database with its catalog and the Lua cards rulekit ships, loaded once for every
// benchmark (the catalog compiles cards as they are first met, so the first run warms it).
struct Cards {
  rk::mtg::Database db;
  std::unique_ptr<rk::mtg::Catalog> cat;
  rk::mtg::CardScripts scripts;
};

Cards* cards() {
  static Cards* c = [] {
    auto* out = new Cards;
    std::string err;
    if (!rk::mtg::load(kWagic + "/sets", out->db, err)) {
      delete out;
      return static_cast<Cards*>(nullptr);
    }
    out->cat = std::make_unique<rk::mtg::Catalog>(out->db);
    std::vector<std::string> errors;
    out->scripts.load(std::string(RULEKIT_SOURCE_DIR) + "/cards/wagic-lua", errors);
    out->cat->scripts = &out->scripts;
    return out;
  }();
  return c;
}

const char* const kNoCorpus = "Wagic corpus absent (../shared/corpora/wagic/2016): benchmark skipped";

// The visible suite as `rulekit wagic test` runs it by default: the _tests.txt list (entries that
// do not exist skipped, as Wagic does), each file read once here; an iteration runs them all.
void BM_WagicScenarioSuite(benchmark::State& state) {
  if (!cards()) return state.SkipWithError(kNoCorpus);
  std::vector<rk::mtg::Scenario> suite;
  for (const std::string& f : rk::mtg::read_test_list(kWagic + "/test/_tests.txt")) {
    rk::mtg::Scenario s;
    std::string err;
    if (std::filesystem::exists(f) && rk::mtg::read_scenario(f, s, err)) suite.push_back(std::move(s));
  }
  if (suite.empty()) return state.SkipWithError("no Wagic scenario read from test/_tests.txt: benchmark skipped");
  for (const auto& s : suite) rk::mtg::run_scenario(s, *cards()->cat);  // compiles every card met
  size_t passed = 0;
  for (auto _ : state) {
    passed = 0;
    for (const auto& s : suite) passed += rk::mtg::run_scenario(s, *cards()->cat).status == rk::mtg::TestOutcome::kPass;
  }
  state.counters["tests"] = static_cast<double>(suite.size());
  state.counters["passed"] = static_cast<double>(passed);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * suite.size()));  // items: tests
}
BENCHMARK(BM_WagicScenarioSuite)->Unit(benchmark::kMillisecond);

bool two_decks(rk::mtg::Deck& a, rk::mtg::Deck& b) {
  std::string err;
  return rk::mtg::read_deck(kWagic + "/decks/ai/deck1.txt", a, err) && rk::mtg::read_deck(kWagic + "/decks/ai/deck2.txt", b, err);
}

constexpr int kTurnLimit = 60;  // `wagic sim`'s defaults
constexpr size_t kMoveLimit = 20000;

using rk::mtg::MatchGame;

// Random games deck1 v deck2 (Wagic's prebuilt AI decks) as `wagic sim --deck 1 --deck 2 --seed 1`
// plays them: game g's seed from the run's, the decks take turns to begin, one random bot for
// both seats, offers to respond on.
void BM_MtgRandomGame(benchmark::State& state) {
  rk::mtg::Deck a, b;
  if (!cards() || !two_decks(a, b)) return state.SkipWithError(kNoCorpus);
  uint64_t g = 0, moves = 0, turns = 0, errors = 0;
  for (auto _ : state) {
    const uint64_t seed = rk::kernel::hash_mix(1, g);
    const bool swap = g++ % 2 == 1;
    MatchGame game(*cards()->cat, swap ? b : a, swap ? a : b, seed, kTurnLimit);
    auto bot = rk::agents::make_agent<MatchGame>("random", rk::kernel::hash_mix(seed, 0x5eed));
    rk::agents::Agent<MatchGame>* seats[2] = {bot.get(), bot.get()};
    rk::agents::play_out(game, std::span<rk::agents::Agent<MatchGame>* const>(seats), kMoveLimit + 1);
    moves += game.match().moves_played;
    turns += static_cast<uint64_t>(game.match().game().turn);
    errors += !game.error().empty() || !game.terminal();
  }
  state.SetItemsProcessed(state.iterations());  // items: games
  const double n = static_cast<double>(state.iterations());
  state.counters["moves/game"] = static_cast<double>(moves) / n;
  state.counters["turns/game"] = static_cast<double>(turns) / n;
  state.counters["engine_errors"] = static_cast<double>(errors);
}
BENCHMARK(BM_MtgRandomGame)->Unit(benchmark::kMillisecond);

// A position at turn 10 of a random deck1 v deck2 game: the first decision from then on where the
// player acts freely (no menu, chooser or offer open) with at least four moves. False when the
// game ended before.
bool midgame(MatchGame& g) {
  rk::kernel::Rng pick(5);
  while (!g.terminal() && g.error().empty()) {
    const auto legal = g.legal_actions();
    if (legal.empty()) return false;
    if (g.match().game().turn >= 10 && g.choice().prompt == rk::mtg::kPromptAct && legal.size() >= 4) return true;
    g.apply_index(pick.below(static_cast<uint32_t>(legal.size())));
  }
  return false;
}

void position_counters(benchmark::State& state, const MatchGame& g) {
  state.counters["turn"] = g.match().game().turn;
  state.counters["objects"] = static_cast<double>(g.match().game().objs.size());
  state.counters["moves"] = static_cast<double>(g.legal_actions().size());
}

// A copy of the Match (the game, its open decisions, its Lua side, the generator): what a search
// bot pays for each position it tries.
void BM_MtgMatchCopyMidGame(benchmark::State& state) {
  rk::mtg::Deck a, b;
  if (!cards() || !two_decks(a, b)) return state.SkipWithError(kNoCorpus);
  MatchGame g(*cards()->cat, a, b, 3, kTurnLimit);
  if (!midgame(g)) return state.SkipWithError("the game ended before turn 10");
  for (auto _ : state) {
    rk::mtg::Match copy(g.match());
    benchmark::DoNotOptimize(copy.game().objs.size());
  }
  position_counters(state, g);
  state.counters["log_lines"] = static_cast<double>(g.match().game().log.size());
}
BENCHMARK(BM_MtgMatchCopyMidGame)->Unit(benchmark::kMicrosecond);

// One decision of the greedy bot (every move tried on a copy, completed through its choosers, and
// scored by MatchGame::evaluate).
void BM_MtgGreedyDecision(benchmark::State& state) {
  rk::mtg::Deck a, b;
  if (!cards() || !two_decks(a, b)) return state.SkipWithError(kNoCorpus);
  MatchGame g(*cards()->cat, a, b, 3, kTurnLimit);
  if (!midgame(g)) return state.SkipWithError("the game ended before turn 10");
  const auto legal = g.legal_actions();
  rk::agents::GreedyAgent<MatchGame> bot(1);
  for (auto _ : state) benchmark::DoNotOptimize(bot.choose(g, legal));
  position_counters(state, g);
}
BENCHMARK(BM_MtgGreedyDecision)->Unit(benchmark::kMicrosecond);

// One decision of the MCTS bot: first argument its iterations, second its rollout depth (0: random
// rollouts to the end of the game; N: cut after N decisions and scored by the heuristic).
// items: iterations.
void BM_MtgMctsDecision(benchmark::State& state) {
  rk::mtg::Deck a, b;
  if (!cards() || !two_decks(a, b)) return state.SkipWithError(kNoCorpus);
  MatchGame g(*cards()->cat, a, b, 3, kTurnLimit);
  if (!midgame(g)) return state.SkipWithError("the game ended before turn 10");
  const auto legal = g.legal_actions();
  rk::agents::MctsOptions o;
  o.iterations = static_cast<uint32_t>(state.range(0));
  o.rollout_depth = static_cast<size_t>(state.range(1));
  rk::agents::MctsAgent<MatchGame> bot(1, o);
  for (auto _ : state) benchmark::DoNotOptimize(bot.choose(g, legal));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * state.range(0));
  position_counters(state, g);
}
BENCHMARK(BM_MtgMctsDecision)->Args({200, 20})->Args({20, 0})->Unit(benchmark::kMillisecond);

// One decision of the rollout bot, Magic's default (agents/rollout_agent.h; docs/mtg/MATCH.md):
// its candidates each followed by the greedy bot playing both players two turns ahead, on
// determinizations, at the first decision after turn 10 that it searches (a move other than mana
// and the pass).
// items: rollouts.
void BM_MtgRolloutDecision(benchmark::State& state) {
  rk::mtg::Deck a, b;
  if (!cards() || !two_decks(a, b)) return state.SkipWithError(kNoCorpus);
  MatchGame g(*cards()->cat, a, b, 3, kTurnLimit);
  if (!midgame(g)) return state.SkipWithError("the game ended before turn 10");
  rk::kernel::Rng pick(7);  // on from there to the first decision the bot searches
  while (!g.terminal() && !g.worth_searching()) {
    const auto moves = g.legal_actions();
    if (moves.empty()) break;
    g.apply_index(pick.below(static_cast<uint32_t>(moves.size())));
  }
  if (g.terminal() || !g.worth_searching()) return state.SkipWithError("no searched decision after turn 10");
  const auto legal = g.legal_actions();
  rk::agents::RolloutAgent<MatchGame> bot(1);
  for (auto _ : state) benchmark::DoNotOptimize(bot.choose(g, legal));
  state.SetItemsProcessed(static_cast<int64_t>(bot.stats().rollouts));
  state.counters["ms_mean_cpu"] = bot.stats().searched.mean();
  position_counters(state, g);
}
BENCHMARK(BM_MtgRolloutDecision)->Unit(benchmark::kMillisecond);

}  // namespace
