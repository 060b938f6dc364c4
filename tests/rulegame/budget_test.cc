// The evaluation budget: rule sets whose set arithmetic would run for seconds are refused with a
// diagnostic from their syntax alone; every real rule set fits the default budget.
#include "games/rulegame/language/budget.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "support.h"

namespace rk::rulegame {
namespace {

std::string list_of(int n) {
  std::string s = "[";
  for (int i = 0; i < n; ++i) s += (i ? "," : "") + std::to_string(i);
  return s + "]";
}

struct Checked {
  bool parsed = false, within = false;
  std::string rendered;
};

Checked check(const std::string& text, const EvalBudget& budget = {}) {
  text::SourceFile f("rules.txt", text);
  text::Diagnostics d(&f);
  RuleSet rs;
  parse_rules(f, d, rs);
  Checked out;
  out.parsed = !d.has_errors();
  if (out.parsed) out.within = check_budget(rs, budget, d);
  out.rendered = d.render();
  return out;
}

TEST(Budget, ACrossProductOfTwoLargeListsIsRefusedWithItsPlace) {
  // The hostile rule of the server's report: 7.8 KB that cost 15 s per episode start.
  const std::string rule = "(*,*,*,*," + list_of(1000) + "+" + list_of(1000) + ")\n";
  const Checked c = check(rule);
  ASSERT_TRUE(c.parsed) << c.rendered;
  EXPECT_FALSE(c.within);
  EXPECT_NE(c.rendered.find("error[RG0092]: this expression can produce up to 1000000 values; the limit is 1024"),
            std::string::npos)
      << c.rendered;
  EXPECT_NE(c.rendered.find("error[RG0093]"), std::string::npos) << c.rendered;
  EXPECT_NE(c.rendered.find("rules.txt:1:10"), std::string::npos) << c.rendered;
}

TEST(Budget, NestedProductsSaturateRatherThanOverflow) {
  std::string e = list_of(100);
  for (int i = 0; i < 12; ++i) e = "(" + e + "*" + list_of(100) + ")";
  const Checked c = check("(*,*,*,*," + e + ")\n");
  ASSERT_TRUE(c.parsed) << c.rendered;
  EXPECT_FALSE(c.within);
  EXPECT_NE(c.rendered.find("can produce too many values"), std::string::npos) << c.rendered;
}

TEST(Budget, TheLimitsAreData) {
  const std::string rule = "(*,*,*,*," + list_of(40) + "+" + list_of(40) + ")\n";  // 1600 values
  EXPECT_FALSE(check(rule).within);
  EXPECT_TRUE(check(rule, EvalBudget{2000, 10'000'000}).within);
  EXPECT_FALSE(check(rule, EvalBudget{2000, 1000}).within) << "the step limit applies on its own";
}

TEST(Budget, ConstantBucketListsAreFoldedAndCostNothing) {
  // A constant list is a mask computed once at parse time: however long, it is not evaluated.
  const Checked c = check("(*,*,*,*," + list_of(4) + ")\n(*,*,*,*,[0,1,2,3,0,1,2,3,0,1,2,3])\n");
  EXPECT_TRUE(c.within) << c.rendered;
}

TEST(Budget, EveryCorpusRuleSetFitsTheDefaultBudget) {
  RK_REQUIRE_CORPUS("corpora/rulegame");
  int files = 0;
  for (const char* sub : {"corpora/rulegame/Rule-Game-game-data/rules",
                          "corpora/rulegame/Rule-Game-server/game-data/rules"}) {
    for (const auto& e : std::filesystem::recursive_directory_iterator(test::shared_dir() + "/" + sub)) {
      if (!e.is_regular_file() || e.path().extension() != ".txt") continue;
      std::string text;
      ASSERT_TRUE(text::read_file(e.path().string(), text));
      const Checked c = check(text);
      if (!c.parsed) continue;
      EXPECT_TRUE(c.within) << e.path() << "\n" << c.rendered;
      ++files;
    }
  }
  EXPECT_GT(files, 400);
}

}  // namespace
}  // namespace rk::rulegame
