// `rulekit explain NAME PATH`: one card of each dialect that has cards (Wagic, CFC RuleScript,
// VCK), what a Rule Game file gets instead, and "did you mean" for a misspelt name.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "cli/run.h"
#include "support.h"

namespace rk::test {
namespace {

std::string corpus(const std::string& sub) { return "'" + shared_dir() + "/corpora/" + sub + "'"; }

TEST(Explain, WagicPlaneswalkerLoyaltyAndGenericMana) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016");
  const RunResult r = run_rulekit("rulekit explain 'Ajani Vengeant' " + corpus("wagic/2016"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // {C(0/0,-2,Loyalty)} is a loyalty cost that keeps its sign, not the mana symbol {C}.
  EXPECT_NE(r.out.find("cost: loyalty -2 {C(0/0,-2,Loyalty)} (remove 2 Loyalty counters)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("cost: loyalty +1 {C(0/0,1,Loyalty)}"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("mana {C("), std::string::npos) << r.out;
  // {2} is generic mana 2; there is no "x2".
  EXPECT_NE(r.out.find("cost: mana {2} (generic mana 2)"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(" x2"), std::string::npos) << r.out;
  // name(..) is the ability's name, not a condition.
  EXPECT_NE(r.out.find("name: -2: damage and gain life"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("condition: name"), std::string::npos) << r.out;
}

TEST(Explain, RuleScriptCard) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  const RunResult r = run_rulekit("rulekit explain 'Son Son' " + corpus("cfc"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("RuleScript from"), std::string::npos);
  EXPECT_NE(r.out.find("branch if me.hand.size < opp.hand.size"), std::string::npos) << r.out;
  // The printed card, from the set.xml of o8g/Sets beside rules.json.
  EXPECT_NE(r.out.find("printed: Son Son (Character, Kami), BP 300, SP 4"), std::string::npos) << r.out;
}

// The files CFC's and VCK's authors edit: card_rules.py (by the comment above an entry, the
// set.xml name, or the guid) and an SQL seed's rows (the row's *_text column as the card text).
TEST(Explain, CardRulesPyAndSqlSeeds) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("rk_explain_" + std::to_string(::getpid()));
  fs::create_directories(dir / "o8g/Sets/s1");
  fs::create_directories(dir / "o8g/Scripts");
  std::ofstream(dir / "o8g/Sets/s1/set.xml")
      << "<?xml version=\"1.0\"?>\n<set name=\"T\" id=\"s1\"><cards><card name=\"Ryu no Senshi\" id=\"48a0\">"
         "<property name=\"Type\" value=\"Character\" /><property name=\"Rules\" value=\"Deals 100 damage.\" />"
         "<property name=\"BP\" value=\"800\" /></card></cards></set>\n";
  std::ofstream(dir / "o8g/Scripts/card_rules.py")
      << "RulesDict = {}\n# Ryu's DRAGON\nRulesDict[\"48a0\"] = \"\"\"\naction = {F}: damage(100) to(characters@oppRing)\n\"\"\"\n";
  for (const char* name : {"ryu no senshi", "Ryu's DRAGON", "48a0"}) {
    const RunResult r = run_rulekit("rulekit explain \"" + std::string(name) + "\" '" + (dir / "o8g/Scripts/card_rules.py").string() + "'");
    ASSERT_EQ(r.exit_code, 0) << name << r.err;
    EXPECT_NE(r.out.find("Ryu no Senshi (48a0), RuleScript from"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("printed: Ryu no Senshi (Character), BP 800, SP 0\n  Deals 100 damage."), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("canonical:\naction = {F}: damage(100)"), std::string::npos) << r.out;
  }
  std::ofstream(dir / "citizens.sql")
      << "INSERT INTO vckonline.citizens (id_citizens,name,special_payout_on_turn,special_payout_on_turn_text) VALUES\n"
         " (1,'Merchant','choose g 2 m 2','Take 2 gold or 2 magic.');\n";
  const RunResult r = run_rulekit("rulekit explain merchant '" + (dir / "citizens.sql").string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Merchant, VCK card (citizens)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("special_payout_on_turn: choose g 2 m 2\ncard text: Take 2 gold or 2 magic.\nunified: "), std::string::npos) << r.out;
  const RunResult wrong = run_rulekit("rulekit explain Merchnt '" + (dir / "citizens.sql").string() + "'");
  EXPECT_EQ(wrong.exit_code, 1);
  EXPECT_NE(wrong.err.find("did you mean \"Merchant\"?"), std::string::npos) << wrong.err;
  fs::remove_all(dir);
}

TEST(Explain, VckCardByNameInTheTablesOrOneTable) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  for (const std::string& path : {corpus("vck/tables"), corpus("vck/tables/citizens.json")}) {
    const RunResult r = run_rulekit("rulekit explain butcher " + path);
    ASSERT_EQ(r.exit_code, 0) << path << r.err;
    EXPECT_NE(r.out.find("Butcher, VCK card (citizens)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("special_payout_on_turn: count owned_worker g 2"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("card text: Gain 2 Gold for each Worker Citizen you own."), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("unified: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("tree:\n"), std::string::npos) << r.out;
  }
}

TEST(Explain, MisspeltNamesGetASuggestion) {
  RK_REQUIRE_CORPUS("corpora");
  const struct {
    std::string path, name, suggestion;
  } cases[] = {{corpus("vck/tables"), "Butchr", "Butcher"},
               {corpus("cfc"), "son sn", "Son Son"},
               {corpus("wagic/2016"), "Ajani Goldman", "Ajani Goldmane"}};
  for (const auto& c : cases) {
    const RunResult r = run_rulekit("rulekit explain '" + c.name + "' " + c.path);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("did you mean \"" + c.suggestion + "\"?"), std::string::npos) << r.err;
  }
}

TEST(Explain, RuleGameFilesAndMissingPathsSayWhy) {
  const RunResult r = run_rulekit("rulekit explain X examples/rulegame/demo-rules.txt tests/cli/no-such-folder");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("Rule Game has no cards"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("no-such-folder: no such file or folder"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace rk::test
