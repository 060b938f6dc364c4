// Mutation test for RuleScript: 10,000 damaged corpus scripts give diagnostics, or a tree that
// prints and reads back the same; never a crash or a hang. Run under ASan/UBSan too.
#include <gtest/gtest.h>

#include <chrono>

#include <algorithm>
#include <random>

#include "games/cfc/language/card_data.h"
#include "games/cfc/runners/coverage.h"
#include "games/cfc/compiler/pool.h"
#include "games/cfc/language/rulescript.h"
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

// Every script on the wrong card: rules written for an action run as a character's ▲ or ■, a ●
// rule sits on a reaction, and so on. The engine must play these games to the end without breaking
// an invariant (coverage() checks them after every game) and without crashing.
TEST(CfcMutation, ScriptsOnTheWrongCardsPlayWithoutEngineErrors) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  CardPool pool;
  std::string err;
  std::vector<std::string> problems;
  ASSERT_TRUE(load_pool(test::shared_dir() + "/corpora/cfc", pool, err, problems)) << err;
  std::vector<size_t> scripted;
  std::vector<int32_t> scripts;
  for (size_t i = 0; i < pool.cards.size(); ++i) {
    if (pool.cards[i].script < 0) continue;
    scripted.push_back(i);
    scripts.push_back(pool.cards[i].script);
  }
  for (uint64_t round = 0; round < 5; ++round) {
    std::mt19937_64 rng(20261123 + round);
    std::shuffle(scripts.begin(), scripts.end(), rng);
    for (size_t k = 0; k < scripted.size(); ++k) pool.cards[scripted[k]].script = scripts[k];
    const CoverageReport r = coverage(pool, {}, 40, round + 1);
    EXPECT_GT(r.games, 0u);
    EXPECT_EQ(r.engine_errors, 0u) << "round " << round << ": " << (r.errors.empty() ? "" : r.errors[0]);
  }
}

}  // namespace
}  // namespace rk::cfc
