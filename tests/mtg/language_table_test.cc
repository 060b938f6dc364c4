// docs/mtg/LANGUAGE.md is the table of Wagic's card language: every row that says the engine runs
// (or reads) a construct names a test, and that test exists and passes. A Wagic scenario named
// there (`wagic:PATH`) is played here; a test of this program (`gtest:Suite.Name`) must be
// registered in it, and the program's own run shows it passing.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/language/database.h"
#include "games/mtg/lua/card_scripts.h"
#include "games/mtg/runners/harness.h"
#include "games/mtg/runners/scenario.h"
#include "support.h"
#include "wagic_db.h"

namespace rk::mtg {
namespace {

struct Row {
  int line = 0;
  std::string construct, status, test;
};

// The cells of a table line (`| a | b |`), where `\|` is a bar inside a cell.
std::vector<std::string> cells(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  for (size_t i = 1; i < line.size(); ++i) {
    if (line[i] == '\\' && i + 1 < line.size() && line[i + 1] == '|') {
      cur += '|';
      ++i;
    } else if (line[i] == '|') {
      const size_t a = cur.find_first_not_of(' '), b = cur.find_last_not_of(' ');
      out.push_back(a == std::string::npos ? "" : cur.substr(a, b - a + 1));
      cur.clear();
    } else {
      cur += line[i];
    }
  }
  return out;
}

std::string unquote(const std::string& s) {
  return s.size() >= 2 && s.front() == '`' && s.back() == '`' ? s.substr(1, s.size() - 2) : s;
}

std::vector<Row> read_table(const std::string& path) {
  std::ifstream in(path);
  std::vector<Row> rows;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.rfind("| `", 0) != 0) continue;  // a row: its first cell is a construct in backquotes
    const auto c = cells(line);
    if (c.size() != 5) {
      ADD_FAILURE() << path << ":" << n << ": a row of " << c.size() << " cells, expected 5";
      continue;
    }
    rows.push_back({n, unquote(c[0]), c[2], unquote(c[3])});
  }
  return rows;
}

TEST(LanguageTable, EveryRowThatRunsNamesATestThatPasses) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/test");
  const std::string doc = test::source_dir() + "/docs/mtg/LANGUAGE.md";
  const std::vector<Row> rows = read_table(doc);
  ASSERT_GT(rows.size(), 200u) << "the table lists every construct of the guide";

  std::set<std::string> registered;  // this program's tests
  const ::testing::UnitTest& ut = *::testing::UnitTest::GetInstance();
  for (int i = 0; i < ut.total_test_suite_count(); ++i) {
    const ::testing::TestSuite& s = *ut.GetTestSuite(i);
    for (int j = 0; j < s.total_test_count(); ++j) registered.insert(std::string(s.name()) + "." + s.GetTestInfo(j)->name());
  }

  const Database* db = test::wagic_2016_db();
  ASSERT_NE(db, nullptr);
  Catalog cat(*db);
  CardScripts scripts;  // the cards Wagic hard-codes, as the CLI loads them
  std::vector<std::string> errors;
  scripts.load(test::source_dir() + "/cards/wagic-lua", errors);
  cat.scripts = &scripts;

  std::map<std::string, TestOutcome::Status> played;
  size_t runs = 0, not_yet = 0;
  for (const Row& r : rows) {
    const std::string where = doc + ":" + std::to_string(r.line) + ": " + r.construct;
    if (r.status == "not yet") {
      ++not_yet;
      continue;
    }
    ASSERT_TRUE(r.status == "runs" || r.status == "read") << where << ": unknown status " << r.status;
    ++runs;
    if (r.test.rfind("gtest:", 0) == 0) {
      EXPECT_TRUE(registered.count(r.test.substr(6))) << where << ": no test " << r.test;
    } else if (r.test.rfind("wagic:", 0) == 0) {
      const std::string path = test::shared_dir() + "/corpora/wagic/2016/test/" + r.test.substr(6);
      auto it = played.find(path);
      if (it == played.end()) {
        Scenario s;
        std::string err;
        ASSERT_TRUE(read_scenario(path, s, err)) << where << ": " << err;
        it = played.emplace(path, run_scenario(s, cat).status).first;
      }
      EXPECT_EQ(it->second, TestOutcome::kPass) << where << ": " << r.test << " does not pass";
    } else {
      ADD_FAILURE() << where << ": status " << r.status << " but no test (" << r.test << ")";
    }
  }
  fprintf(stderr, "LANGUAGE.md: %zu rows run or are read, each with its test; %zu not yet\n", runs, not_yet);
}

}  // namespace
}  // namespace rk::mtg
