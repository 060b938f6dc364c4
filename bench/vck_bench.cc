// VCK effect strings: the whole corpus of card tables parsed per second (strings held in
// memory; no I/O in the timed loop), and the tables' load time including JSON reading.
#include <benchmark/benchmark.h>

#include "games/vck/language/effect.h"
#include "games/vck/language/tables.h"

namespace {

const std::string kTables = std::string(RULEKIT_SHARED_DIR) + "/corpora/vck/tables";

void BM_VckParseAllEffects(benchmark::State& state) {
  std::vector<rk::vck::CardEffect> all;
  std::vector<std::string> problems;
  rk::vck::load_tables(kTables, all, problems);
  if (all.empty()) {
    state.SkipWithError("corpus absent");
    return;
  }
  size_t bytes = 0;
  for (const auto& c : all) bytes += c.text.size();
  rk::text::Diagnostics d(nullptr);
  for (auto _ : state) {
    rk::vck::EffectSet set;
    for (const auto& c : all) {
      rk::vck::Effect e;
      benchmark::DoNotOptimize(rk::vck::parse_effect(c.text, set, d, e));
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * all.size()));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
}
BENCHMARK(BM_VckParseAllEffects)->Unit(benchmark::kMicrosecond);

void BM_VckLoadTables(benchmark::State& state) {
  for (auto _ : state) {
    std::vector<rk::vck::CardEffect> all;
    std::vector<std::string> problems;
    rk::vck::load_tables(kTables, all, problems);
    rk::vck::EffectSet set;
    rk::text::Diagnostics d(nullptr);
    for (const auto& c : all) {
      rk::vck::Effect e;
      rk::vck::parse_effect(c.text, set, d, e);
    }
    benchmark::DoNotOptimize(all.size());
  }
}
BENCHMARK(BM_VckLoadTables)->Unit(benchmark::kMillisecond);

}  // namespace
