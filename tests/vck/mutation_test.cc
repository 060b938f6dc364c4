// Mutation test for VCK effect strings: 10,000 damaged corpus strings give diagnostics or a
// tree that round-trips, quickly, never a crash.
#include <gtest/gtest.h>

#include <chrono>

#include "games/vck/language/effect.h"
#include "games/vck/language/tables.h"
#include "mutate.h"
#include "support.h"

namespace rk::vck {
namespace {

TEST(VckMutation, TenThousandDamagedEffectStrings) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  std::vector<CardEffect> all;
  std::vector<std::string> problems;
  ASSERT_TRUE(load_tables(test::shared_dir() + "/corpora/vck/tables", all, problems)) << (problems.empty() ? "" : problems[0]);
  test::Mutator mutate({"<>\"=:+|,", "choose <citizens + ", "", "<>\"=:+|,._ abcgmsvw0123456789"}, 777);
  int ok = 0, bad = 0;
  double slowest = 0;
  for (int n = 0; n < 10000; ++n) {
    const std::string s = mutate(all[mutate.pick(all.size())].text);
    const auto t0 = std::chrono::steady_clock::now();
    EffectSet set;
    text::SourceFile f("m", s);
    text::Diagnostics d(&f);
    Effect e;
    if (parse_effect(s, set, d, e)) {
      ++ok;
      const std::string u = print(set, e);
      Effect again;
      text::Diagnostics d2(nullptr);
      ASSERT_TRUE(parse_effect(u, set, d2, again)) << s << " -> " << u;
      ASSERT_EQ(dump(set, again), dump(set, e)) << s << " -> " << u;
    } else {
      ++bad;
      EXPECT_FALSE(d.items().empty());
      (void)d.render();
    }
    slowest = std::max(slowest, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  EXPECT_GT(ok, 0);
  EXPECT_GT(bad, 0);
  EXPECT_LT(slowest, 5.0);
  fprintf(stderr, "mutants: %d parsed and round-tripped, %d rejected with diagnostics, slowest %.3f s\n", ok,
          bad, slowest);
}

}  // namespace
}  // namespace rk::vck
