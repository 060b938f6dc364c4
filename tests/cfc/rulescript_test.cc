// RuleScript: trees, canonical printing, and diagnostics that point at the character.
#include <gtest/gtest.h>

#include "games/cfc/language/rulescript.h"

namespace rk::cfc {
namespace {

struct Parsed {
  Rules rules;
  std::string diags;
  size_t errors = 0, warnings = 0;
};

Parsed parse(const std::string& text) {
  Parsed p;
  text::SourceFile f("card.rs", text);
  text::Diagnostics d(&f);
  parse_rules(text, d, p.rules);
  p.diags = d.render();
  p.errors = d.error_count();
  p.warnings = d.warning_count();
  return p;
}

TEST(RuleScript, ActionTreeWithCostsConditionAndTarget) {
  Parsed p = parse("action = {D(action)}{F}: [[if me.sp < opp.sp]] destroy() target(^character[frozen,bp<=300]@oppRing) & draw(2) ueot\n");
  ASSERT_EQ(p.errors, 0u) << p.diags;
  EXPECT_EQ(dump(p.rules),
            "action\n"
            "  statement\n"
            "    cost D\n"
            "      filter\n"
            "        type action\n"
            "    cost F\n"
            "    branch if me.sp < opp.sp\n"
            "      command destroy\n"
            "      then\n"
            "      command draw\n"
            "        expr 2\n"
            "      target (before effect 1)\n"
            "        filter\n"
            "          type other character\n"
            "          filter frozen\n"
            "          filter , bp <= 300\n"
            "          zone opp ring\n"
            "      until ueot\n");
  EXPECT_EQ(print(p.rules),
            "action = {D(action)}{F}: [[if me.sp < opp.sp]] destroy() target(^character[frozen,bp<=300]@oppring) & draw(2) ueot\n");
}

TEST(RuleScript, KeysCommandsAndKeywordsAreCaseInsensitive) {
  Parsed a = parse("ACTION = MoveTo(Hand) Target(Characters@MyRing)\n");
  Parsed b = parse("action = moveto(hand) target(characters@myring)\n");
  ASSERT_EQ(a.errors + b.errors, 0u) << a.diags << b.diags;
  EXPECT_EQ(dump(a.rules), dump(b.rules));
  EXPECT_EQ(print(a.rules), "action = moveTo(hand) target(characters@myring)\n");
}

TEST(RuleScript, ExpressionsKeepTheirCase) {
  Parsed p = parse("vars = _c := getTargets('\"Engokogeki\"s@myDiscards'); _n := -me.hand.size * 100\n"
                   "action = [[if all card.bp <= 300 in me.ring and not alone]] sp(abs(discarded.0.SP))\n");
  ASSERT_EQ(p.errors, 0u) << p.diags;
  const std::string d = dump(p.rules);
  EXPECT_NE(d.find("var _c := getTargets('\"Engokogeki\"s@myDiscards')"), std::string::npos) << d;
  EXPECT_NE(d.find("var _n := -me.hand.size * 100"), std::string::npos) << d;
  EXPECT_NE(d.find("branch if all card.bp <= 300 in me.ring and not alone"), std::string::npos) << d;
  EXPECT_NE(d.find("modifier + abs(discarded.0.SP)"), std::string::npos) << d;
}

TEST(RuleScript, ExpressionPrecedenceSurvivesPrinting) {
  Parsed p = parse("action = draw((1 + 2) * 3 - (4 - 5)) & hp(-(2 + 3)) & sp(x2) & bp(=this.bp)\n");
  ASSERT_EQ(p.errors, 0u) << p.diags;
  EXPECT_EQ(print(p.rules), "action = draw((1 + 2) * 3 - (4 - 5)) & hp(-(2 + 3)) & sp(x2) & bp(=this.bp)\n");
}

TEST(RuleScript, BranchesIfElifElse) {
  Parsed p = parse("action = [[if a > b]] draw(1) [[elif a < b]] target(opp) draw(2) [[else]] destroy()\n");
  ASSERT_EQ(p.errors, 0u) << p.diags;
  ASSERT_EQ(p.rules.props[0].statements[0].branches.size(), 3u);
  EXPECT_EQ(print(p.rules), "action = [[if a > b]] draw(1) [[elif a < b]] target(opp) draw(2) [[else]] destroy()\n");
}

TEST(RuleScript, AutoEventsHooksAndEach) {
  Parsed p = parse("auto = ~myEndPhase:once,anyBackedUp~ each(card.bp <= 300 in me.hand => bp(+200)) to(this)\n"
                   "abilities = rush, Pierce\n");
  ASSERT_EQ(p.errors, 0u) << p.diags;
  const std::string d = dump(p.rules);
  EXPECT_NE(d.find("event my endphase :once"), std::string::npos) << d;
  EXPECT_NE(d.find("event any backedup"), std::string::npos) << d;
  EXPECT_NE(d.find("each card.bp <= 300 in me.hand"), std::string::npos) << d;
  EXPECT_NE(d.find("ability pierce"), std::string::npos) << d;
  Parsed h = parse("auto = ?oppCanBlock:any? [[if attacker.bp > 300 or inUAttack(attacker)]]\n");
  ASSERT_EQ(h.errors, 0u) << h.diags;
  EXPECT_TRUE(h.rules.props[0].statements[0].hook);
}

TEST(RuleScript, QuantitiesPicksAndSelectors) {
  Parsed p = parse("target = <1,5>*@myDeck; <,2>*s<-2>@anyDeck; <r2>character@hand; <**>character@myRing\n"
                   "action = destroy() target(characters::not(tgt))\n");
  ASSERT_EQ(p.errors, 0u) << p.diags;
  EXPECT_EQ(print(p.rules),
            "target = <1,5>*@mydeck; <,2>*s<-2>@anydeck; <r2>character@hand; <**>character@myring\n"
            "action = destroy() target(characters::not(tgt))\n");
}

TEST(RuleScript, UnknownCommandSaysWhereAndSuggests) {
  Parsed p = parse("action = {F}: dammage(100) to(opp)\n");
  EXPECT_EQ(p.errors, 1u);
  EXPECT_NE(p.diags.find("card.rs:1:15: error[RS0020]: unknown command `dammage`"), std::string::npos) << p.diags;
  EXPECT_NE(p.diags.find("did you mean `damage()`?"), std::string::npos) << p.diags;
  EXPECT_NE(p.diags.find("^^^^^^^"), std::string::npos) << p.diags;
}

TEST(RuleScript, AJoinerNeedsATypeAfterIt) {
  // Found by rulescript_rules_fuzz: "3 & " was read as the type 3, which prints as the number 3.
  Parsed p = parse("action = discard(3 & )\ntarget = character,\n");
  EXPECT_EQ(p.errors, 2u) << p.diags;
  EXPECT_NE(p.diags.find("card.rs:1:20: error[RS0011]: `&` without a target type after it"), std::string::npos) << p.diags;
  EXPECT_NE(p.diags.find("card.rs:2:19: error[RS0011]: `,` without a target type after it"), std::string::npos) << p.diags;
}

TEST(RuleScript, BadLineIsSkippedAndTheNextLoads) {
  Parsed p = parse("trget = character\naction = draw(\nauto = ~myEndPhase~ draw()\n");
  EXPECT_EQ(p.errors, 2u) << p.diags;
  EXPECT_NE(p.diags.find("error[RS0001]: unknown key `trget`"), std::string::npos) << p.diags;
  EXPECT_NE(p.diags.find("did you mean `target`?"), std::string::npos) << p.diags;
  EXPECT_NE(p.diags.find("card.rs:2:14: error[RS0014]: `(` is never closed"), std::string::npos) << p.diags;
  ASSERT_EQ(p.rules.props.size(), 1u);
  EXPECT_EQ(p.rules.props[0].key, Key::kAuto);
}

struct BadCase {
  const char* text;
  const char* code;
};

class RuleScriptErrors : public ::testing::TestWithParam<BadCase> {};

TEST_P(RuleScriptErrors, ReportsTheCode) {
  Parsed p = parse(GetParam().text);
  EXPECT_GE(p.errors + p.warnings, 1u) << GetParam().text;
  EXPECT_NE(p.diags.find(std::string("[") + GetParam().code + "]"), std::string::npos) << p.diags;
}

INSTANTIATE_TEST_SUITE_P(
    Codes, RuleScriptErrors,
    ::testing::Values(BadCase{"action draw()", "RS0002"}, BadCase{"action =", "RS0003"},
                      BadCase{"target = <x>character", "RS0010"}, BadCase{"target = character@myPocket", "RS0012"},
                      BadCase{"target = character[bp<=]", "RS0013"}, BadCase{"target = character]", "RS0011"},
                      BadCase{"action = destroy() to(character::only(x))", "RS0015"},
                      BadCase{"action = draw(1, 2)", "RS0021"}, BadCase{"action = disableRule(flying)", "RS0022"},
                      BadCase{"action = +flying", "RS0023"}, BadCase{"auto = ~myLunchPhase~ draw()", "RS0024"},
                      BadCase{"auto = ~myEndPhase:twice~ draw()", "RS0024"}, BadCase{"action = {Q}: draw()", "RS0026"},
                      BadCase{"action = {F} draw()", "RS0026"}, BadCase{"action = [[maybe]] draw()", "RS0027"},
                      BadCase{"action = each(card in me.hand) ", "RS0028"}, BadCase{"action = draw", "RS0029"},
                      BadCase{"action = draw() draw()", "RS0030"}, BadCase{"action = & draw()", "RS0030"},
                      BadCase{"action = draw();", "RS0031"}, BadCase{"vars = x = 1", "RS0032"},
                      BadCase{"action = draw(1 +)", "RS0040"}, BadCase{"action = draw(1 2)", "RS0041"},
                      BadCase{"action = draw(99999999999)", "RS0042"}, BadCase{"action = draw('x)", "RS0014"},
                      BadCase{"action = draw(a $ b)", "RS0044"}, BadCase{"action = draw(a < b < c)", "RS0046"},
                      BadCase{"action = draw(a.)", "RS0047"}, BadCase{"action = draw(a.b(1))", "RS0048"},
                      BadCase{"action = [[if all x]] draw()", "RS0049"},
                      BadCase{"auto = draw()\nauto = destroy()", "RS0051"}));

TEST(RuleScript, LimitsAreNamed) {
  std::string deep = "action = draw(" + std::string(300, '(') + "1" + std::string(300, ')') + ")";
  Parsed p = parse(deep);
  EXPECT_NE(p.diags.find("[RS0090]"), std::string::npos) << p.diags.substr(0, 300);
  EXPECT_NE(p.diags.find("limit"), std::string::npos);
  Parsed l = parse("action = draw(" + std::string(100000, '1') + ")");
  EXPECT_NE(l.diags.find("[RS0091]"), std::string::npos);
}

}  // namespace
}  // namespace rk::cfc
