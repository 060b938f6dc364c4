// Magic (Wagic's cards) on the engine: the whole visible scenario suite per iteration (time per
// suite), random whole games between two prebuilt decks (items: games, played as `rulekit wagic
// sim` plays them), and the cost of copying a Match mid-game (what a search bot pays per
// position). The card database's load time is in card_language_bench.cc (BM_WagicLoad2016Database).
// Every benchmark needs the shared corpus and says so when it is absent.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "games/mtg/card_def.h"
#include "games/mtg/database.h"
#include "games/mtg/harness.h"
#include "games/mtg/lua/card_scripts.h"
#include "games/mtg/match.h"
#include "games/mtg/scenario.h"
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

constexpr int kTurnLimit = 60;        // `wagic sim`'s defaults
constexpr size_t kMoveLimit = 20000;

// Plays uniformly random moves (one generator for both players, as `wagic sim` does) until the
// game is over, `max_moves` moves are played, or `turn` is reached.
void play_random(rk::mtg::Match& m, rk::kernel::Rng& pick, size_t max_moves, int turn = 1 << 30) {
  while (!m.over() && m.moves_played < max_moves && m.game().turn < turn) {
    const auto ms = m.moves();
    if (ms.empty()) break;
    m.play(ms[pick.below(static_cast<uint32_t>(ms.size()))]);
  }
}

// Random games deck1 v deck2 (Wagic's prebuilt AI decks), a new seed each game as `wagic sim
// --seed 1` derives them.
void BM_MtgRandomGame(benchmark::State& state) {
  rk::mtg::Deck a, b;
  if (!cards() || !two_decks(a, b)) return state.SkipWithError(kNoCorpus);
  uint64_t g = 0, moves = 0, turns = 0, errors = 0;
  for (auto _ : state) {
    const uint64_t seed = rk::kernel::hash_mix(1, g++);
    rk::mtg::Match m(*cards()->cat, a, b, seed, kTurnLimit);
    rk::kernel::Rng pick(rk::kernel::hash_mix(seed, 0x5eed));
    play_random(m, pick, kMoveLimit);
    moves += m.moves_played;
    turns += static_cast<uint64_t>(m.game().turn);
    errors += !m.error.empty();
  }
  state.SetItemsProcessed(state.iterations());  // items: games
  const double n = static_cast<double>(state.iterations());
  state.counters["moves/game"] = static_cast<double>(moves) / n;
  state.counters["turns/game"] = static_cast<double>(turns) / n;
  state.counters["engine_errors"] = static_cast<double>(errors);
}
BENCHMARK(BM_MtgRandomGame)->Unit(benchmark::kMillisecond);

// A copy of a Match at turn 10 of a random deck1 v deck2 game (the game, its open decisions, its
// Lua side, the generator): what a search bot pays for each position it tries.
void BM_MtgMatchCopyMidGame(benchmark::State& state) {
  rk::mtg::Deck a, b;
  if (!cards() || !two_decks(a, b)) return state.SkipWithError(kNoCorpus);
  rk::mtg::Match m(*cards()->cat, a, b, 3, kTurnLimit);
  rk::kernel::Rng pick(5);
  play_random(m, pick, kMoveLimit, 10);
  if (m.over()) return state.SkipWithError("the game ended before turn 10");
  for (auto _ : state) {
    rk::mtg::Match copy(m);
    benchmark::DoNotOptimize(copy.game().objs.size());
  }
  state.counters["turn"] = m.game().turn;
  state.counters["objects"] = static_cast<double>(m.game().objs.size());
  state.counters["log_lines"] = static_cast<double>(m.game().log.size());
}
BENCHMARK(BM_MtgMatchCopyMidGame)->Unit(benchmark::kMicrosecond);

}  // namespace
