// Mutation test for RuleScript: 10,000 damaged corpus scripts give diagnostics, or a tree that
// prints and reads back the same; never a crash or a hang. Run under ASan/UBSan too.
#include <gtest/gtest.h>

#include <chrono>

#include "games/cfc/card_data.h"
#include "games/cfc/rulescript.h"
#include "mutate.h"
#include "support.h"

namespace rk::cfc {
namespace {

TEST(CfcMutation, TenThousandDamagedScripts) {
  RK_REQUIRE_CORPUS("corpora/cfc/rules.json");
  std::vector<Script> scripts;
  std::string err;
  ASSERT_TRUE(load_rules_json(test::shared_dir() + "/corpora/cfc/rules.json", scripts, err)) << err;
  test::Mutator mutate({"()[]{}<>'\":;&|~?@,=", "each(x in [", "])", "()[]{}<>'\":;&|~?@,.=+-*/ \nabcxyz0123456789_"},
                       20261123);
  int ok = 0, bad = 0;
  double slowest = 0;
  for (int n = 0; n < 10000; ++n) {
    const std::string s = mutate(scripts[mutate.pick(scripts.size())].rules);
    const auto t0 = std::chrono::steady_clock::now();
    text::SourceFile f("mutant", s);
    text::Diagnostics d(&f);
    Rules r;
    if (parse_rules(s, d, r)) {
      ++ok;
      const std::string printed = print(r);
      text::Diagnostics d2(nullptr);
      Rules again;
      ASSERT_TRUE(parse_rules(printed, d2, again)) << s << "\n -> " << printed;
      ASSERT_EQ(dump(again), dump(r)) << s << "\n -> " << printed;
    } else {
      ++bad;
      EXPECT_TRUE(d.has_errors());
      (void)d.render();
      (void)d.render_json();
    }
    slowest = std::max(slowest, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  EXPECT_GT(ok, 0);
  EXPECT_GT(bad, 0);
  EXPECT_LT(slowest, 5.0);  // a hang guard, generous for sanitizer builds
  fprintf(stderr, "mutants: %d parsed and round-tripped, %d rejected with diagnostics, slowest %.3f s\n", ok, bad,
          slowest);
}

}  // namespace
}  // namespace rk::cfc
