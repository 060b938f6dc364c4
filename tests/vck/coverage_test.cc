// `vck coverage` as a library: every effect string of the tables is listed once, each compiles,
// the random games run some, and the strings that cannot run say why.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "games/vck/runners/coverage.h"
#include "support.h"

namespace rk::vck {
namespace {

const CoverageCell* find(const CoverageResult& r, const std::string& table, const std::string& column, int id) {
  for (const CoverageCell& c : r.cells) {
    if (c.cell.table == table && c.cell.column == column && c.cell.id == id) return &c;
  }
  return nullptr;
}

TEST(VckCoverage, EveryStringCompilesAndTheUnrunOnesSayWhy) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  CoverageOptions o;
  o.games_per_preset = 40;
  CoverageResult r;
  std::vector<std::string> problems;
  ASSERT_TRUE(measure_coverage(test::shared_dir() + "/corpora/vck/tables", o, r, problems)) << problems.size();
  EXPECT_EQ(r.games, 40u * o.presets.size());
  EXPECT_EQ(r.errors, 0u);
  EXPECT_EQ(r.compiled(), r.cells.size());
  EXPECT_GT(r.executed(), r.cells.size() / 3);
  for (const CoverageCell& c : r.cells) {
    if (!c.executed) {
      EXPECT_FALSE(c.why.empty()) << c.cell.table << " " << c.cell.card;
    }
  }
  // Agents, relics and nobles are played (the random, rotating and Crimson Seas presets); the
  // banned relics are never dealt; a common card surely ran.
  const CoverageCell* agent = find(r, "agents", "activation_effect", 1);
  ASSERT_NE(agent, nullptr);
  EXPECT_NE(agent->why, "the rules do not use this table");
  const CoverageCell* banned = find(r, "relics", "passive_effect", 7);
  ASSERT_NE(banned, nullptr);
  EXPECT_FALSE(banned->executed);
  EXPECT_EQ(banned->why, "its card was never dealt in these presets");
  const auto ran = std::find_if(r.cells.begin(), r.cells.end(), [](const CoverageCell& c) { return c.cell.table == "citizens" && c.executed; });
  EXPECT_NE(ran, r.cells.end());
}

TEST(VckCoverage, AnUnknownPresetIsAProblem) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  CoverageOptions o;
  o.presets = {"nosuchpreset"};
  o.games_per_preset = 1;
  CoverageResult r;
  std::vector<std::string> problems;
  EXPECT_FALSE(measure_coverage(test::shared_dir() + "/corpora/vck/tables", o, r, problems));
  ASSERT_FALSE(problems.empty());
  EXPECT_NE(problems[0].find("error: "), std::string::npos) << problems[0];
}

}  // namespace
}  // namespace rk::vck

namespace rk::vck {
namespace {

// The original's operator unbans a card by removing its id from banned_cards.json: with an empty
// list the three banned relics are dealt by the presets that deal relics, and their strings run.
TEST(VckCoverage, AnOperatorsEmptyBanListDealsTheBannedRelics) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  const std::string empty = ::testing::TempDir() + "/vck_no_bans." + std::to_string(::getpid()) + ".json";
  {
    std::FILE* f = std::fopen(empty.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs("{\"dukes\": [], \"domains\": [], \"relics\": []}\n", f);
    std::fclose(f);
  }
  CoverageOptions o;
  o.presets = {"june2026"};  // relics always dealt
  o.games_per_preset = 60;
  o.banned = empty;
  CoverageResult r;
  std::vector<std::string> problems;
  ASSERT_TRUE(measure_coverage(test::shared_dir() + "/corpora/vck/tables", o, r, problems)) << (problems.empty() ? "" : problems[0]);
  EXPECT_EQ(r.errors, 0u);
  for (int id : {7, 9, 11}) {
    const CoverageCell* c = find(r, "relics", "passive_effect", id);
    ASSERT_NE(c, nullptr);
    EXPECT_TRUE(c->dealt) << c->cell.card << ": " << c->why;
  }
  o.banned = empty + ".absent";
  problems.clear();
  EXPECT_FALSE(measure_coverage(test::shared_dir() + "/corpora/vck/tables", o, r, problems));
  EXPECT_NE(problems.back().find("error[VK0093]"), std::string::npos) << problems.back();
}

}  // namespace
}  // namespace rk::vck

namespace rk::vck {
namespace {

// With the shipped list (it bans three relics), the games with the ban list lifted run the banned
// relics' strings, marked as run there alone.
TEST(VckCoverage, TheBannedCardsRunInTheGamesWithTheBanListLifted) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  CoverageOptions o;
  o.presets = {"june2026"};  // relics always dealt
  o.games_per_preset = 30;
  o.unbanned_games_per_preset = 30;
  CoverageResult r;
  std::vector<std::string> problems;
  ASSERT_TRUE(measure_coverage(test::shared_dir() + "/corpora/vck/tables", o, r, problems)) << (problems.empty() ? "" : problems[0]);
  EXPECT_EQ(r.games, 60u);
  EXPECT_EQ(r.unbanned_games, 30u);
  EXPECT_EQ(r.errors, 0u);
  for (int id : {7, 9, 11}) {
    const CoverageCell* c = find(r, "relics", "passive_effect", id);
    ASSERT_NE(c, nullptr);
    EXPECT_TRUE(c->executed) << c->cell.card << ": " << c->why;
    EXPECT_TRUE(c->only_unbanned) << c->cell.card;
  }
  // Without those games the same seeds leave the banned relics unrun, and nothing is marked as
  // run with the bans lifted.
  o.unbanned_games_per_preset = 0;
  CoverageResult without;
  ASSERT_TRUE(measure_coverage(test::shared_dir() + "/corpora/vck/tables", o, without, problems));
  for (const CoverageCell& c : without.cells) {
    EXPECT_FALSE(c.only_unbanned) << c.cell.card;
    if (c.cell.table == "relics" && (c.cell.id == 7 || c.cell.id == 9 || c.cell.id == 11)) {
      EXPECT_FALSE(c.executed) << c.cell.card;
    }
  }
}

}  // namespace
}  // namespace rk::vck
