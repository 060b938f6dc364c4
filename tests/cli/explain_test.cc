// `rulekit explain NAME PATH`: one card of each dialect that has cards (Wagic, CFC RuleScript,
// VCK), what a Rule Game file gets instead, and "did you mean" for a misspelt name.
#include <gtest/gtest.h>

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
