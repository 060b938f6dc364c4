// `rulekit check --json` prints exactly one JSON document, with the summary inside it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli/run.h"
#include "support.h"

namespace rk::test {
namespace {

// Standard output parsed whole as one JSON document (parse() rejects anything after it).
nlohmann::json parse_whole(const RunResult& r) {
  nlohmann::json doc = nlohmann::json::parse(r.out, nullptr, /*allow_exceptions=*/false);
  EXPECT_FALSE(doc.is_discarded()) << "standard output is not one JSON document:\n" << r.out;
  return doc;
}

void expect_shape(const nlohmann::json& doc) {
  ASSERT_TRUE(doc.is_object());
  EXPECT_TRUE(doc["diagnostics"].is_array());
  EXPECT_TRUE(doc["problems"].is_array());
  ASSERT_TRUE(doc["summary"].is_object());
  for (const char* k : {"files", "cards", "errors", "warnings"}) EXPECT_TRUE(doc["summary"][k].is_number()) << k;
}

TEST(CheckJson, CleanFileIsOneDocumentWithZeroErrors) {
  const RunResult r = run_rulekit("rulekit check --json examples/rulegame/demo-rules.txt");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json doc = parse_whole(r);
  expect_shape(doc);
  EXPECT_EQ(doc["summary"]["files"], 1);
  EXPECT_EQ(doc["summary"]["errors"], 0);
  EXPECT_TRUE(doc["diagnostics"].empty());
}

TEST(CheckJson, ErrorsAndUnreadableFilesAreInsideTheDocument) {
  const RunResult r =
      run_rulekit("rulekit check --json tests/rulegame/golden/unclosed_atom.txt tests/cli/no-such-file.txt");
  EXPECT_EQ(r.exit_code, 1);
  const nlohmann::json doc = parse_whole(r);
  expect_shape(doc);
  ASSERT_EQ(doc["diagnostics"].size(), 1u);
  const nlohmann::json& d = doc["diagnostics"][0];
  EXPECT_EQ(d["code"], "RG0011");
  EXPECT_EQ(d["line"], 2);
  EXPECT_EQ(d["severity"], "error");
  ASSERT_EQ(doc["problems"].size(), 1u);
  EXPECT_NE(doc["problems"][0].get<std::string>().find("no-such-file.txt"), std::string::npos);
  EXPECT_EQ(doc["summary"]["errors"], 2);
  EXPECT_EQ(doc["summary"]["files"], 1);  // the file that could be read
}

// Every dialect's corpus: the count inside the document matches the text summary line.
TEST(CheckJson, EveryDialectGivesOneDocument) {
  RK_REQUIRE_CORPUS("corpora");
  for (const char* sub : {"vck/tables", "cfc", "wagic/2016", "rulegame/Rule-Game-game-data/rules"}) {
    const std::string path = shared_dir() + "/corpora/" + sub;
    const RunResult json = run_rulekit("rulekit check --json '" + path + "'");
    const RunResult plain = run_rulekit("rulekit check '" + path + "'");
    SCOPED_TRACE(sub);
    const nlohmann::json doc = parse_whole(json);
    expect_shape(doc);
    EXPECT_EQ(json.exit_code, plain.exit_code);
    EXPECT_NE(plain.out.find(doc["summary"]["text"].get<std::string>()), std::string::npos)
        << "the text summary says otherwise:\n" << plain.out.substr(plain.out.size() > 300 ? plain.out.size() - 300 : 0);
  }
}

}  // namespace
}  // namespace rk::test
