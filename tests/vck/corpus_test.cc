// Every VCK effect string of the corpus tables parses, prints in the unified grammar, and reads
// back to the same tree.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "games/vck/language/effect.h"
#include "games/vck/language/tables.h"
#include "support.h"

namespace rk::vck {
namespace {

TEST(VckCorpus, EveryEffectStringParsesAndRoundTrips) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  std::vector<CardEffect> all;
  std::vector<std::string> problems;
  ASSERT_TRUE(load_tables(test::shared_dir() + "/corpora/vck/tables", all, problems)) << (problems.empty() ? "" : problems[0]);
  EXPECT_EQ(all.size(), 352u);
  size_t rewritten = 0;
  for (const CardEffect& c : all) {
    EffectSet set;
    text::SourceFile f(c.table + ": " + c.card, c.text);
    text::Diagnostics d(&f);
    Effect e;
    ASSERT_TRUE(parse_effect(c.text, set, d, e)) << d.render();
    const std::string u = print(set, e);
    text::SourceFile g("unified", u);
    text::Diagnostics d2(&g);
    Effect again;
    ASSERT_TRUE(parse_effect(u, set, d2, again)) << c.text << " -> " << u << "\n" << d2.render();
    EXPECT_EQ(dump(set, again), dump(set, e)) << c.text << " -> " << u;
    EXPECT_EQ(print(set, again), u);
    rewritten += u != c.text;
  }
  // The manipulate_resources strings (and a few others) are the ones the unified grammar changes.
  EXPECT_GT(rewritten, 20u);
}

}  // namespace
}  // namespace rk::vck

namespace rk::vck {
namespace {

TEST(VckTables, ABadTableIsReportedAndTheOthersLoad) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "rk_vck_tables";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "citizens.json") << "[{\"name\": \"x\",\n  \"effect\": }]";
  std::ofstream(dir / "monsters.json") << "[{\"name\": \"Ogre\", \"special_reward\": \"g 2\"}]";
  std::vector<CardEffect> all;
  std::vector<std::string> problems;
  EXPECT_FALSE(load_tables(dir.string(), all, problems));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("citizens.json:2:13: error[VK0093]: the table is not valid JSON"), std::string::npos)
      << problems[0];
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].card, "Ogre");
  EXPECT_EQ(all[0].text, "g 2");
}

}  // namespace
}  // namespace rk::vck
