// RuleScript and Wagic: cards/s and bytes/s of parsing (text in memory), and whole-database load
// time (Wagic 2016: every primitives file and every set's _cards.dat, references resolved).
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include "games/cfc/language/card_data.h"
#include "games/cfc/language/rulescript.h"
#include "games/mtg/language/database.h"
#include "text/source.h"

namespace {

const std::string kShared = std::string(RULEKIT_SHARED_DIR) + "/corpora";

void BM_RuleScriptParseAllCards(benchmark::State& state) {
  std::vector<rk::cfc::Script> scripts;
  std::string err;
  if (!rk::cfc::load_rules_json(kShared + "/cfc/rules.json", scripts, err)) {
    state.SkipWithError("corpus absent");
    return;
  }
  size_t bytes = 0;
  for (const auto& s : scripts) bytes += s.rules.size();
  for (auto _ : state) {
    for (const auto& s : scripts) {
      rk::text::Diagnostics d(nullptr);
      rk::cfc::Rules r;
      benchmark::DoNotOptimize(rk::cfc::parse_rules(s.rules, d, r));
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * scripts.size()));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
}
BENCHMARK(BM_RuleScriptParseAllCards)->Unit(benchmark::kMicrosecond);

void BM_CfcLoadRulesJsonAndSetXml(benchmark::State& state) {
  for (auto _ : state) {
    std::vector<rk::cfc::Script> scripts;
    std::vector<rk::cfc::CardData> cards;
    std::string err;
    rk::cfc::load_rules_json(kShared + "/cfc/rules.json", scripts, err);
    for (const std::string& f : rk::cfc::set_files(kShared + "/cfc")) rk::cfc::load_set_xml(f, cards, err);
    for (const auto& s : scripts) {
      rk::text::Diagnostics d(nullptr);
      rk::cfc::Rules r;
      rk::cfc::parse_rules(s.rules, d, r);
    }
    benchmark::DoNotOptimize(cards.size());
  }
}
BENCHMARK(BM_CfcLoadRulesJsonAndSetXml)->Unit(benchmark::kMicrosecond);

void BM_WagicParsePrimitives(benchmark::State& state) {
  std::string text;
  if (!rk::text::read_file(kShared + "/wagic/2016/sets/primitives/mtg.txt", text)) {
    state.SkipWithError("corpus absent");
    return;
  }
  size_t cards = 0;
  for (auto _ : state) {
    rk::mtg::Database db;
    rk::mtg::add_file("mtg.txt", text, false, db);
    cards = db.cards.size();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * cards));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_WagicParsePrimitives)->Unit(benchmark::kMillisecond);

// `trees`: ability values read into trees with their diagnostics, as `check`, `explain` and the
// editor load; without, as the engine loads to play (tests, games, tables: database.h read_trees).
void load_2016(benchmark::State& state, bool trees) {
  size_t cards = 0, bytes = 0;
  for (auto _ : state) {
    rk::mtg::Database db;
    db.read_trees = trees;
    std::string err;
    if (!rk::mtg::load(kShared + "/wagic/2016", db, err)) {
      state.SkipWithError("corpus absent");
      return;
    }
    cards = db.cards.size();
    bytes = 0;
    for (const auto& f : db.files) bytes += f->text.size();
  }
  state.counters["cards"] = static_cast<double>(cards);
  // The process's peak resident memory (the goal is under 200 MB): one database at a time is
  // alive, so this is one load's, plus the program and whatever ran before in the same process.
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  state.counters["peak_rss_MB"] = static_cast<double>(usage.ru_maxrss) / 1024.0;
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * cards));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
}
void BM_WagicLoad2016Database(benchmark::State& state) { load_2016(state, false); }
BENCHMARK(BM_WagicLoad2016Database)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
void BM_WagicLoad2016DatabaseWithTrees(benchmark::State& state) { load_2016(state, true); }
BENCHMARK(BM_WagicLoad2016DatabaseWithTrees)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

}  // namespace
