// Names are resolved when a script is compiled; playing compares none (issue 19). Every way from a
// name to what it means counts: the expression symbol tables (intern, find, name) in
// expr::symbol_lookups, the compiler's words (filter words, commands' arguments, pool subtypes,
// card names and guids, expression names) in cfc::name_lookups(). Loading the pool moves both;
// random games and the scenario files, played afterwards, must move neither.
#include <gtest/gtest.h>

#include <filesystem>

#include "agents/random_agent.h"
#include "expr/value.h"
#include "games/cfc/runners/coverage.h"
#include "games/cfc/runners/match.h"
#include "support.h"
#include "text/source.h"

namespace rk::cfc {
namespace {

namespace fs = std::filesystem;

struct Counts {
  uint64_t symbols = expr::symbol_lookups, names = name_lookups();
  bool operator==(const Counts&) const = default;
};

TEST(CfcPlayNames, PlayingLooksUpNoName) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  const Counts before_load;
  CardPool pool;
  std::string error;
  std::vector<std::string> problems;
  ASSERT_TRUE(load_pool(test::shared_dir() + "/corpora/cfc", pool, error, problems)) << error;
  const Counts loaded;
  // The counters do count: compiling the corpus resolves thousands of names.
  EXPECT_GT(loaded.symbols, before_load.symbols + 1000);
  EXPECT_GT(loaded.names, before_load.names + 1000);

  // Random games between corpus decks, seeded.
  Deck a, b;
  ASSERT_TRUE(load_deck(test::shared_dir() + "/corpora/cfc/o8g/Decks/Aso.o8d", pool, a, problems));
  ASSERT_TRUE(load_deck(test::shared_dir() + "/corpora/cfc/o8g/Decks/Zet.o8d", pool, b, problems));
  const Counts decks;
  ScriptStats stats;
  stats.runs.assign(pool.scripts.size(), 0);
  size_t decisions = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    Game g(pool, seed % 2 ? a : b, seed % 2 ? b : a, seed);
    g.set_stats(&stats);
    agents::RandomAgent<Game> first(seed), second(seed + 1000);
    decisions += play_out(g, first, second);
  }
  size_t scripts_run = 0;
  for (uint32_t n : stats.runs) scripts_run += n;
  EXPECT_GT(decisions, 10000u);
  EXPECT_GT(scripts_run, 1000u);
  EXPECT_EQ(Counts{}, decks) << "random games looked names up";

  // Every scripted card in random games, and every scenario file (their text is read first: the
  // scenario's own card names are the test's, not the engine's).
  std::vector<std::pair<std::string, std::string>> scenarios;
  for (const auto& e : fs::directory_iterator(fs::path(test::source_dir()) / "tests/cfc/scenarios")) {
    if (e.path().extension() != ".txt") continue;
    std::string text;
    ASSERT_TRUE(text::read_file(e.path().string(), text));
    scenarios.emplace_back(e.path().filename().string(), std::move(text));
  }
  const Counts read;
  const CoverageReport r = coverage(pool, scenarios, 60, 1);
  EXPECT_EQ(r.executed(), r.compiled());
  EXPECT_EQ(r.covered(), r.compiled());
  EXPECT_EQ(r.errors.size(), 0u) << r.errors.front();
  EXPECT_EQ(Counts{}, read) << "the coverage games or the scenarios looked names up";
}

}  // namespace
}  // namespace rk::cfc
