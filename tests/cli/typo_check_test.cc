// Typos that parse: names a dialect does not know, flagged by `rulekit check` at their place in
// the file the author edits (JSON tables, SQL seeds, rules.json, card_rules.py, rule files with the
// game-data folder in effect, Wagic card files), with "did you mean". Files are written here.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli/run.h"
#include "support.h"

namespace rk::test {
namespace {

namespace fs = std::filesystem;

class TypoCheck : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("rk_cli_typo_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    fs::create_directories((dir_ / name).parent_path());
    std::ofstream(dir_ / name) << text;
    return (dir_ / name).string();
  }
  static size_t count(const std::string& s, const std::string& what) {
    size_t n = 0;
    for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
    return n;
  }
  fs::path dir_;
};

TEST_F(TypoCheck, VckUnknownVerbAndResourceLettersInAJsonTable) {
  const std::string f = write("citizens.json",
                              "[\n"
                              " {\"id_citizens\": 1, \"name\": \"Merchant\", \"special_payout_on_turn\": \"chose g 2 m 2\"},\n"
                              " {\"id_citizens\": 2, \"name\": \"Butcher\", \"special_payout_on_turn\": \"count owned_worker q 2\"},\n"
                              " {\"id_citizens\": 3, \"name\": \"Cleric\", \"special_payout_off_turn\": \"g 1 + exchange g 2 v 1\"}\n"
                              "]\n");
  const RunResult r = run_rulekit("rulekit check '" + f + "'");
  EXPECT_EQ(r.exit_code, 1) << "a card that cannot run is an error\n" << r.out << r.err;
  // Line 2: the effect string starts after `"special_payout_on_turn": "` at column 68.
  EXPECT_NE(r.out.find("citizens.json:2:68: error[VK0015]: 'chose' is no verb"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("did you mean 'choose'?"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("citizens.json:3:86: error[VK0016]: 'q' is no resource letter"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("checked 3 cards: 2 errors, 0 warnings"), std::string::npos) << r.out;
}

TEST_F(TypoCheck, VckEffectLinesAndSqlSeed) {
  const std::string f = write("effects.txt", "gain g 2 x 5\nchoose g 2 m 2\n");
  const RunResult r = run_rulekit("rulekit check --dialect vck '" + f + "'");
  EXPECT_NE(r.out.find("effects.txt:1:10: error[VK0016]: 'x' is no resource letter"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("checked 2 cards: 1 errors, 0 warnings"), std::string::npos) << r.out;
  // vckonline's seed files: the name before the effect holds a doubled quote, which moves nothing.
  const std::string sql = write("seed/citizens.sql",
                                "TRUNCATE TABLE vckonline.citizens;\n"
                                "INSERT INTO vckonline.citizens (id_citizens,name,special_payout_on_turn,special_payout_on_turn_text) VALUES\n"
                                "\t (1,'Cleric''s Aide','choose g 1 s 1','Choose.'),\n"
                                "\t (2,'Rogue','steal g 1 + exchnge s 1 g 2',NULL);\n");
  const RunResult s = run_rulekit("rulekit check '" + sql + "'");
  EXPECT_EQ(s.exit_code, 1) << s.out << s.err;
  EXPECT_NE(s.out.find("citizens.sql:4:27: error[VK0015]: 'exchnge' is no verb"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("did you mean 'exchange'?"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("checked 2 cards: 1 errors, 0 warnings"), std::string::npos) << s.out;
}

TEST_F(TypoCheck, RuleScriptNamesAtTheirPlaceInRulesJson) {
  // The first script's \n escape and \" escapes come before the typo on the same JSON line.
  const std::string f = write("rules.json",
                              "[\n"
                              "  {\"guid\": \"a1\", \"name\": \"One\", \"rules\": \"# a \\\"note\\\"\\nauto = ~myHandChanges~ [[if me.hand.szie == 0]] +unblockable\"},\n"
                              "  {\"guid\": \"b2\", \"name\": \"Two\", \"rules\": \"action = {F}: [[if inUAttak(attacker)]] damage(100) to(characters@oppRing)\"}\n"
                              "]\n");
  const RunResult r = run_rulekit("rulekit check --dialect rulescript '" + f + "'");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const std::string line2 = "  {\"guid\": \"a1\", \"name\": \"One\", \"rules\": \"# a \\\"note\\\"\\nauto = ~myHandChanges~ [[if me.hand.";
  EXPECT_NE(r.out.find("rules.json:2:" + std::to_string(line2.size() + 1) + ": error[RS0053]: `szie`"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("did you mean `size`?"), std::string::npos) << r.out;
  const std::string line3 = "  {\"guid\": \"b2\", \"name\": \"Two\", \"rules\": \"action = {F}: [[if ";
  EXPECT_NE(r.out.find("rules.json:3:" + std::to_string(line3.size() + 1) + ": error[RS0054]: `inUAttak`"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("did you mean `inUAttack`?"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("not run yet"), std::string::npos) << "a typo is no missing feature\n" << r.out;
}

// A known name the engine does not run yet is no typo: a warning at the part, the card still loads.
TEST_F(TypoCheck, RuleScriptPartsNotRunAreWarnedWhereTheyStand) {
  const std::string f = write("n.txt", "action = {F}: [[if flipCoin()]] damage(100)\naction = {F}: damage(_x)\n");
  const RunResult r = run_rulekit("rulekit check --dialect rulescript '" + f + "'");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("n.txt:1:20: warning[RS0055]: not run by the engine yet: expression function `flipCoin()`"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("n.txt:2:22: warning[RS0055]: not run by the engine yet: undeclared variable _x"), std::string::npos) << r.out;
}

TEST_F(TypoCheck, RuleScriptInCardRulesPy) {
  const std::string f = write("o8g/Scripts/card_rules.py",
                              "\"\"\"\nRuleScript docs\n\"\"\"\n\nRulesDict = {}\n\n"
                              "# Nina's WINGS\n"
                              "RulesDict[\"55b0\"] = \"\"\"\n"
                              "auto = ~myHandChanges~ [[if me.hnad.size == 0]] +unblockable\n"
                              "\"\"\"\n\n"
                              "# Ryu's DRAGON\n"
                              "RulesDict[\"48a0\"] = \"\"\"\naction = {F}: damage(100) to(characters@oppRing)\n\"\"\"\n");
  const RunResult r = run_rulekit("rulekit check '" + f + "'");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("card_rules.py:9:32: error[RS0053]: `hnad`"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("did you mean `hand`?"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("checked 2 cards: 1 errors, 0 warnings"), std::string::npos) << r.out;
}

TEST_F(TypoCheck, RuleGameColoursAndShapesInEffectAreWarnings) {
  write("game-data/colors/colors.csv", "#color_name,R,G,B\nBLUE,30,90,210\nSIENNA,160,82,45\n");
  write("game-data/shapes/arrows/up.svg", "<svg/>");
  write("game-data/shapes/square.svg", "<svg/>");
  const std::string f = write("game-data/rules/r.txt", "(*,*,bleu,*,[1])\n(*,sqare,sienna,*,[2])\n(shape:uq, color:siena)\n");
  const RunResult r = run_rulekit("rulekit check '" + f + "'");
  EXPECT_EQ(r.exit_code, 0) << "the server accepts them: warnings only\n" << r.out << r.err;
  EXPECT_NE(r.out.find("r.txt:1:6: warning[RG0054]: no colour BLEU is defined"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("did you mean BLUE?"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("r.txt:2:4: warning[RG0055]: no shape SQARE is defined"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("did you mean SQUARE?"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("did you mean UP?"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("did you mean SIENNA?"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("SIENNA is defined"), std::string::npos) << "the colour map defines it\n" << r.out;
  EXPECT_NE(r.out.find("checked 1 files: 0 errors, 4 warnings"), std::string::npos) << r.out;
  // Without a game-data folder, the four legacy colours are those in effect.
  const std::string g = write("alone/r.txt", "(*,*,sienna,*,[1])\n");
  const RunResult s = run_rulekit("rulekit check '" + g + "'");
  EXPECT_NE(s.out.find("warning[RG0054]: no colour SIENNA is defined"), std::string::npos) << s.out;
}

TEST_F(TypoCheck, WagicTypoReportedOnce) {
  const std::string f = write("w.txt", "[card]\nname=T\nauto=destory target(creature)\ntype=Instant\n[/card]\n");
  const RunResult r = run_rulekit("rulekit check '" + f + "'");
  EXPECT_EQ(count(r.out, "destory"), 2u) << "the warning's message and its source line, once\n" << r.out;
  EXPECT_EQ(r.out.find("not run yet"), std::string::npos) << "a typo is no missing feature\n" << r.out;
  EXPECT_EQ(r.out.find("WG0300"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace rk::test
