// Corpus tests: every real rule file parses, and every visible reference record agrees.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <vector>

#include "games/rulegame/runners/replay.h"
#include "games/rulegame/language/rules.h"
#include "support.h"

namespace rk::rulegame {
namespace {

namespace fs = std::filesystem;

TEST(Corpus, EveryRuleFileIsAccepted) {
  RK_REQUIRE_CORPUS("corpora/rulegame");
  int files = 0;
  for (const char* sub : {"corpora/rulegame/Rule-Game-game-data/rules",
                          "corpora/rulegame/Rule-Game-server/game-data/rules"}) {
    for (const auto& e : fs::recursive_directory_iterator(test::shared_dir() + "/" + sub)) {
      if (!e.is_regular_file() || e.path().extension() != ".txt") continue;
      std::string text;
      ASSERT_TRUE(text::read_file(e.path().string(), text));
      text::SourceFile f(e.path().string(), text);
      text::Diagnostics d(&f);
      RuleSet rs;
      parse_rules(f, d, rs);
      EXPECT_FALSE(d.has_errors()) << d.render();
      // The canonical printout parses back to the same rules.
      const std::string printed = to_source(rs);
      text::SourceFile g("printed", printed);
      text::Diagnostics d2(&g);
      RuleSet again;
      parse_rules(g, d2, again);
      EXPECT_FALSE(d2.has_errors()) << e.path() << "\n" << printed << d2.render();
      EXPECT_EQ(to_source(again), printed) << e.path();
      ++files;
    }
  }
  EXPECT_EQ(files, 477);
}

class Reference : public ::testing::TestWithParam<const char*> {};

TEST_P(Reference, AllRecordsAgree) {
  RK_REQUIRE_CORPUS("corpora/rulegame/reference");
  ReplayReport rep;
  ReplayOptions opt;
  opt.max_details = 10;
  replay_file(test::shared_dir() + "/corpora/rulegame/reference/" + GetParam(), opt, rep);
  EXPECT_TRUE(rep.errors.empty()) << rep.errors[0];
  EXPECT_GT(rep.cases, 0);
  EXPECT_EQ(rep.disagree, 0) << (rep.details.empty() ? "" : rep.details[0]);
  EXPECT_EQ(rep.agree, rep.cases);
}

INSTANTIATE_TEST_SUITE_P(Files, Reference,
                         ::testing::Values("cases.jsonl", "parse_results.jsonl",
                                           "parse_rejections.jsonl", "parse_mutants.jsonl",
                                           "stalemate_tester.jsonl"),
                         [](const auto& param_info) {
                           std::string s = param_info.param;
                           return s.substr(0, s.find('.'));
                         });

// The Captive Game Server sessions recorded from the original program: standard output byte
// for byte, the files it writes after masking, the exit status.
TEST(Corpus, CaptiveSessionsAgree) {
  RK_REQUIRE_CORPUS("corpora/rulegame/captive/sessions.jsonl");
  ReplayReport rep;
  ReplayOptions opt;
  opt.max_details = 5;
  replay_file(test::shared_dir() + "/corpora/rulegame/captive/sessions.jsonl", opt, rep);
  EXPECT_TRUE(rep.errors.empty());
  EXPECT_GT(rep.cases, 0);
  EXPECT_EQ(rep.disagree, 0) << (rep.details.empty() ? "" : rep.details[0]);
}

}  // namespace
}  // namespace rk::rulegame

namespace rk::rulegame {
namespace {

// The project's own sessions, recorded from the original program on rule files, boards,
// conditions, trial lists and modifiers of tests/rulegame/captive/data and the corpus: every
// option of captive.md (crowded boards, condTrain/condTest, shapes=/colors=, trial-list rows,
// R: plans, log and transcript files, start-up errors).
TEST(Corpus, OwnCaptiveSessionsAgree) {
  RK_REQUIRE_CORPUS("corpora/rulegame/Rule-Game-game-data");
  ReplayReport rep;
  ReplayOptions opt;
  opt.max_details = 5;
  opt.root = test::shared_dir() + "/corpora/rulegame";
  // Every .jsonl file of the folder (each kept under 2 MB), in name order.
  std::vector<std::string> files;
  for (const auto& f : std::filesystem::directory_iterator(std::string(RULEKIT_SOURCE_DIR) + "/tests/rulegame/captive")) {
    if (f.path().extension() == ".jsonl") files.push_back(f.path().string());
  }
  std::sort(files.begin(), files.end());
  ASSERT_EQ(files.size(), 4u);
  for (const std::string& f : files) replay_file(f, opt, rep);
  EXPECT_TRUE(rep.errors.empty());
  EXPECT_GT(rep.cases, 100);
  EXPECT_EQ(rep.disagree, 0) << (rep.details.empty() ? "" : rep.details[0]);
}

}  // namespace
}  // namespace rk::rulegame
