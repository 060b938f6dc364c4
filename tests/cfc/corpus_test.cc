// Every RuleScript entry of the CFC corpus parses with no diagnostic, prints in canonical form
// and reads back to the same tree; every script belongs to a card of set.xml.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <map>
#include <set>

#include "games/cfc/language/card_data.h"
#include "games/cfc/language/rulescript.h"
#include "support.h"

namespace rk::cfc {
namespace {

TEST(CfcCorpus, EveryScriptParsesAndRoundTrips) {
  RK_REQUIRE_CORPUS("corpora/cfc/rules.json");
  std::vector<Script> scripts;
  std::string err;
  ASSERT_TRUE(load_rules_json(test::shared_dir() + "/corpora/cfc/rules.json", scripts, err)) << err;
  ASSERT_EQ(scripts.size(), 322u);
  size_t statements = 0;
  for (const Script& s : scripts) {
    text::SourceFile f(s.name, s.rules);
    text::Diagnostics d(&f);
    Rules r;
    ASSERT_TRUE(parse_rules(s.rules, d, r)) << d.render();
    EXPECT_EQ(d.items().size(), 0u) << d.render();
    EXPECT_FALSE(r.props.empty()) << s.name;
    for (const Property& p : r.props) statements += p.statements.size();
    const std::string printed = print(r);
    text::SourceFile g("printed", printed);
    text::Diagnostics d2(&g);
    Rules again;
    ASSERT_TRUE(parse_rules(printed, d2, again)) << s.rules << " -> " << printed << "\n" << d2.render();
    EXPECT_EQ(dump(again), dump(r)) << s.rules << " -> " << printed;
    EXPECT_EQ(print(again), printed);
  }
  EXPECT_GT(statements, 300u);
}

TEST(CfcCorpus, SetXmlHasEveryScriptedCard) {
  RK_REQUIRE_CORPUS("corpora/cfc/o8g");
  const std::string dir = test::shared_dir() + "/corpora/cfc";
  ASSERT_TRUE(is_cfc_folder(dir));
  std::vector<CardData> cards;
  std::string err;
  for (const std::string& f : set_files(dir)) ASSERT_TRUE(load_set_xml(f, cards, err)) << err;
  std::map<std::string, const CardData*> by_guid;
  for (const CardData& c : cards) by_guid[c.guid] = &c;
  const auto core = std::count_if(cards.begin(), cards.end(), [](const CardData& c) {
    return c.type == "Character" || c.type == "Action" || c.type == "Reaction";
  });
  EXPECT_EQ(core, 424);
  std::vector<Script> scripts;
  ASSERT_TRUE(load_rules_json(dir + "/rules.json", scripts, err)) << err;
  for (const Script& s : scripts) {
    ASSERT_TRUE(by_guid.count(s.guid)) << s.name;
    EXPECT_EQ(by_guid[s.guid]->name, s.name);
  }
  const CardData& nina = *by_guid.at("55b0c9ff-4b3a-4b08-adc1-f1b5e03adef9");
  EXPECT_EQ(nina.bp, 400);
  EXPECT_EQ(nina.sp, 3);
  EXPECT_EQ(nina.subtype, "Warrior");
  EXPECT_EQ(nina.ability_name, "WINGS");
  EXPECT_EQ(nina.backups.size(), 3u);
}

}  // namespace
}  // namespace rk::cfc

namespace rk::cfc {
namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = (std::filesystem::temp_directory_path() / name).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

TEST(CfcCardData, ABadRulesEntryIsSkippedAndTheNextLoads) {
  const std::string path = write_temp("rk_rules_skip.json",
                                      R"j([{"guid":"a","name":"A","rules":"action = draw()"},{"guid":"b","name":"B"},)j"
                                      R"j({"guid":"c","name":"C","rules":"action = draw()"}])j");
  std::vector<Script> scripts;
  std::vector<std::string> problems;
  std::string err;
  ASSERT_TRUE(load_rules_json(path, scripts, err, &problems)) << err;
  ASSERT_EQ(scripts.size(), 2u);
  EXPECT_EQ(scripts[1].name, "C");
  EXPECT_EQ(scripts[1].index, 2u);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("error[CF0004]: entry 1 has no \"rules\" string"), std::string::npos) << problems[0];
}

TEST(CfcCardData, InvalidJsonIsReportedAtItsLineAndColumn) {
  const std::string path = write_temp("rk_rules_bad.json", "[{\"guid\":\"a\",\n \"name\": oops}]");
  std::vector<Script> scripts;
  std::string err;
  EXPECT_FALSE(load_rules_json(path, scripts, err));
  EXPECT_NE(err.find("rk_rules_bad.json:2:10: error[CF0002]: rules.json is not valid JSON"), std::string::npos) << err;
}

}  // namespace
}  // namespace rk::cfc
