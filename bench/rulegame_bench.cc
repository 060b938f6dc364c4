// Rule Game throughput: rule-file parses per second, move attempts per second over the
// reference cases, and the stalemate test per rule file. Inputs are loaded before timing;
// no I/O or JSON happens inside the timed loops.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "games/rulegame/rules/episode.h"
#include "games/rulegame/language/rules.h"
#include "games/rulegame/rules/stalemate.h"
#include "games/rulegame/rules/random_board.h"

namespace {

using namespace rk::rulegame;
namespace fs = std::filesystem;

const std::string kShared = RULEKIT_SHARED_DIR;
const std::string kRoot = kShared + "/corpora/rulegame";

std::vector<std::pair<std::string, std::string>> rule_texts() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const char* sub : {"/Rule-Game-game-data/rules", "/Rule-Game-server/game-data/rules"}) {
    if (!fs::exists(kRoot + sub)) continue;
    for (const auto& e : fs::recursive_directory_iterator(kRoot + sub)) {
      if (e.path().extension() != ".txt") continue;
      std::string t;
      rk::text::read_file(e.path().string(), t);
      out.emplace_back(fs::relative(e.path(), kRoot).string(), std::move(t));
    }
  }
  return out;
}

void BM_ParseRuleFiles(benchmark::State& state) {
  const auto texts = rule_texts();
  if (texts.empty()) {
    state.SkipWithError("corpus absent");
    return;
  }
  std::vector<rk::text::SourceFile> files;
  for (const auto& [name, t] : texts) files.emplace_back(name, t);
  RuleSet rs;
  for (auto _ : state) {
    for (const auto& f : files) {
      rk::text::Diagnostics d(&f);
      parse_rules(f, d, rs);
      benchmark::DoNotOptimize(rs.rows.data());
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * files.size()));
  state.counters["files"] = static_cast<double>(files.size());
}
BENCHMARK(BM_ParseRuleFiles)->Unit(benchmark::kMillisecond);

struct Case {
  const RuleSet* rules;
  Board board;
  std::vector<std::pair<int, int>> moves;
};

struct CaseSet {
  std::vector<std::unique_ptr<rk::text::SourceFile>> files;
  std::vector<std::unique_ptr<RuleSet>> rules;
  std::vector<Case> cases;
  size_t attempts = 0;
};

const CaseSet& cases() {
  static CaseSet cs = [] {
    CaseSet s;
    std::ifstream in(kRoot + "/reference/cases.jsonl");
    std::map<std::string, const RuleSet*> by_name;
    std::string line;
    while (std::getline(in, line)) {
      auto j = nlohmann::json::parse(line);
      const std::string name = j["rules_file"];
      if (!by_name.count(name)) {
        std::string t;
        rk::text::read_file(kRoot + "/" + name, t);
        s.files.push_back(std::make_unique<rk::text::SourceFile>(name, t));
        s.rules.push_back(std::make_unique<RuleSet>());
        rk::text::Diagnostics d(s.files.back().get());
        parse_rules(*s.files.back(), d, *s.rules.back());
        by_name[name] = s.rules.back().get();
      }
      Case c;
      c.rules = by_name[name];
      std::string err;
      parse_board_json(j["board"].dump(), c.board, err);
      for (const auto& m : j["moves"]) c.moves.emplace_back(m["pos"].get<int>(), m["bucket"].get<int>());
      s.attempts += c.moves.size();
      s.cases.push_back(std::move(c));
    }
    return s;
  }();
  return cs;
}

void BM_MoveAttempts(benchmark::State& state) {
  const CaseSet& cs = cases();
  if (cs.cases.empty()) {
    state.SkipWithError("corpus absent");
    return;
  }
  for (auto _ : state) {
    for (const Case& c : cs.cases) {
      Episode e(*c.rules, c.board);
      for (const auto& [pos, bucket] : c.moves) benchmark::DoNotOptimize(e.move(pos, bucket));
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * cs.attempts));
  state.counters["episodes/s"] = benchmark::Counter(
      static_cast<double>(state.iterations() * cs.cases.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_MoveAttempts)->Unit(benchmark::kMillisecond);

void BM_LiteStalemate(benchmark::State& state, const std::string& rel) {
  std::string t;
  if (!rk::text::read_file(kRoot + "/" + rel, t)) {
    state.SkipWithError("corpus absent");
    return;
  }
  rk::text::SourceFile f(rel, t);
  rk::text::Diagnostics d(&f);
  RuleSet rs;
  parse_rules(f, d, rs);
  for (auto _ : state) {
    Board sample;
    benchmark::DoNotOptimize(lite_can_stalemate(rs, legacy_shapes(), legacy_colors(), &sample));
  }
}
BENCHMARK_CAPTURE(BM_LiteStalemate, rules_1, std::string("Rule-Game-game-data/rules/1.txt"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_LiteStalemate, OCT26_13, std::string("Rule-Game-game-data/rules/APP/OCT26/OCT26-13.txt"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_LiteStalemate, position_A, std::string("Rule-Game-game-data/rules/pk/position_A.txt"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_LiteStalemate, TD_01, std::string("Rule-Game-server/game-data/rules/TD-01.txt"))->Unit(benchmark::kMicrosecond);

// The real-rules stalemate search (exhaustive over boards of up to two pieces, then 200 sampled
// boards), per rule file.
void BM_StalemateSearch(benchmark::State& state, const std::string& rel) {
  std::string t;
  if (!rk::text::read_file(kRoot + "/" + rel, t)) {
    state.SkipWithError("corpus absent");
    return;
  }
  rk::text::SourceFile f(rel, t);
  rk::text::Diagnostics d(&f);
  RuleSet rs;
  parse_rules(f, d, rs);
  StalemateSearch opt;
  opt.sample_boards = 200;
  for (auto _ : state) benchmark::DoNotOptimize(search_stalemate(rs, opt).found);
}
BENCHMARK_CAPTURE(BM_StalemateSearch, rules_1, std::string("Rule-Game-game-data/rules/1.txt"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_StalemateSearch, position_A, std::string("Rule-Game-game-data/rules/pk/position_A.txt"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_StalemateSearch, TD_01, std::string("Rule-Game-server/game-data/rules/TD-01.txt"))->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
