// Golden tests: each tests/rulegame/golden/NAME.txt is checked and its rendered diagnostics must
// equal NAME.expected exactly. Run with RK_UPDATE_GOLDEN=1 to rewrite the expected files.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "games/rulegame/language/rules.h"
#include "support.h"

namespace rk::rulegame {
namespace {

TEST(Golden, DiagnosticsOfBrokenRuleFiles) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(test::source_dir()) / "tests/rulegame/golden";
  int checked = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".txt") continue;
    std::string text;
    ASSERT_TRUE(text::read_file(e.path().string(), text));
    text::SourceFile file(e.path().filename().string(), text);
    text::Diagnostics diags(&file);
    RuleSet rules;
    parse_rules(file, diags, rules);
    const std::string got = diags.render();
    fs::path expected = e.path();
    expected.replace_extension(".expected");
    if (std::getenv("RK_UPDATE_GOLDEN")) {
      std::ofstream(expected, std::ios::binary) << got;
    }
    std::string want;
    ASSERT_TRUE(text::read_file(expected.string(), want)) << "missing " << expected;
    EXPECT_EQ(got, want) << e.path();
    ++checked;
  }
  EXPECT_GE(checked, 6);
}

}  // namespace
}  // namespace rk::rulegame
