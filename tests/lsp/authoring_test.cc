// `rulekit lsp` on the files CFC's and VCK's authors really edit (card_rules.py, SQL seeds, beside
// the JSON extractions), and what it answers in context for every dialect: hover through string
// escapes, completion by what may stand at the cursor, definitions, symbols, quick fixes, and
// formatting that never loses the author's text. Spoken to as a process, as an editor does.
#include <gtest/gtest.h>

#include <algorithm>

#include "lsp/fixture.h"

namespace rk::test {
namespace {

// The protocol position just after the first `marker` in `text` (after `nth` earlier ones), or
// at its start. ASCII texts: a byte is a UTF-16 unit.
Json position_of(const std::string& text, const std::string& marker, bool after = true) {
  const size_t at = text.find(marker);
  EXPECT_NE(at, std::string::npos) << marker;
  const size_t p = at + (after ? marker.size() : 0);
  const size_t nl = p == 0 ? std::string::npos : text.rfind('\n', p - 1);
  const int line = static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(p), '\n'));
  const int col = static_cast<int>(nl == std::string::npos ? p : p - nl - 1);
  return {{"line", line}, {"character", col}};
}

bool has(const std::vector<std::string>& list, const std::string& w) {
  return std::find(list.begin(), list.end(), w) != list.end();
}

class Authoring : public Lsp {
 protected:
  Json at(const std::string& method, const std::string& name, const std::string& text, const std::string& marker,
          bool after = true) {
    const int id = lsp_.request(method, {{"textDocument", {{"uri", uri_of(name)}}}, {"position", position_of(text, marker, after)}});
    return lsp_.answer(id);
  }
  std::vector<std::string> complete(const std::string& name, const std::string& text, const std::string& marker) {
    return labels(at("textDocument/completion", name, text, marker));
  }
  // Formatting edits, and the message the server showed about it ("" when none).
  Json format(const std::string& name, std::string& message) {
    const int id = lsp_.request("textDocument/formatting",
                                {{"textDocument", {{"uri", uri_of(name)}}}, {"options", {{"tabSize", 2}, {"insertSpaces", true}}}});
    const Json answer = lsp_.answer(id);
    message.clear();
    const Json shown = lsp_.notification("window/showMessage", 0);
    if (!shown.is_null()) message = shown["params"]["message"].get<std::string>();
    return answer["result"];
  }
  Json fixes(const std::string& name, const Json& range) {
    const int id = lsp_.request("textDocument/codeAction", {{"textDocument", {{"uri", uri_of(name)}}},
                                                            {"range", range},
                                                            {"context", {{"diagnostics", Json::array()}}}});
    return lsp_.answer(id)["result"];
  }
};

// A CFC plugin folder: the printed card in o8g/Sets, its script in o8g/Scripts/card_rules.py.
const char* const kSetXml =
    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<set name=\"T\" id=\"s1\"><cards>\n"
    "<card name=\"Ryu no Senshi\" id=\"48a0\"><property name=\"Type\" value=\"Character\" />"
    "<property name=\"Ability Name\" value=\"DRAGON TRANSFORM\" />"
    "<property name=\"Rules\" value=\"Deals 100 damage points to each enemy character.\" />"
    "<property name=\"BP\" value=\"800\" /><property name=\"SP\" value=\"0\" /></card>\n</cards></set>\n";
const char* const kCardRulesPy =
    "RulesDict = {}\n"
    "# Ryu no Senshi\n"
    "RulesDict[\"48a0\"] = 'action = {F}: damage(100) to(characters@oppRing)\\nabilities = rush'\n";

TEST_F(Authoring, HoverOnACardOfCardRulesPyShowsThePrintedCardAndWhatTheEngineMakesOfIt) {
  write("cfc/o8g/Sets/s1/set.xml", kSetXml);
  const std::string py = "cfc/o8g/Scripts/card_rules.py";
  EXPECT_TRUE(open(py, kCardRulesPy).empty());
  // On the script but on no word: the card.
  const Json h = at("textDocument/hover", py, kCardRulesPy, "action =");
  ASSERT_FALSE(h["result"].is_null()) << h.dump();
  const std::string shown = h["result"]["contents"]["value"];
  EXPECT_NE(shown.find("Ryu no Senshi (48a0)"), std::string::npos) << shown;
  EXPECT_NE(shown.find("Deals 100 damage points to each enemy character."), std::string::npos) << shown;
  EXPECT_NE(shown.find("BP 800"), std::string::npos) << shown;
  EXPECT_NE(shown.find("canonical:\naction = {F}: damage(100) to(characters@oppring)"), std::string::npos) << shown;
  // A word after the \n escape is the word alone: its range starts after the escape.
  const Json w = at("textDocument/hover", py, kCardRulesPy, "abilities", false);
  ASSERT_FALSE(w["result"].is_null()) << w.dump();
  const Json start = position_of(kCardRulesPy, "abilities", false);
  EXPECT_EQ(w["result"]["range"]["start"], start) << w.dump();
  EXPECT_EQ(w["result"]["range"]["end"]["character"], start["character"].get<int>() + 9) << w.dump();
  // Outside the script (the dictionary's name): nothing.
  EXPECT_TRUE(at("textDocument/hover", py, kCardRulesPy, "RulesDict = ", false)["result"].is_null());
}

const char* const kSeed =
    "INSERT INTO vckonline.citizens (id_citizens,name,special_payout_on_turn,special_payout_on_turn_text) VALUES\n"
    " (1,'Merchant','choose g 2 m 2','Take 2 gold or 2 magic.'),\n"
    " (2,'Butcher''s Boy','gain g 1','Gain 1 gold.');\n";

TEST_F(Authoring, HoverOnACardOfAnSqlSeedShowsItsTextAndItsEffects) {
  EXPECT_TRUE(open("vck/sql/seed/citizens.sql", kSeed).empty());
  Json h = at("textDocument/hover", "vck/sql/seed/citizens.sql", kSeed, "'Merch");
  ASSERT_FALSE(h["result"].is_null()) << h.dump();
  std::string shown = h["result"]["contents"]["value"];
  EXPECT_NE(shown.find("Merchant, VCK card (citizens)"), std::string::npos) << shown;
  EXPECT_NE(shown.find("card text: Take 2 gold or 2 magic."), std::string::npos) << shown;
  EXPECT_NE(shown.find("unified:"), std::string::npos) << shown;
  // The second row, whose name has an SQL '' escape: that card, not the first.
  h = at("textDocument/hover", "vck/sql/seed/citizens.sql", kSeed, "Boy");
  ASSERT_FALSE(h["result"].is_null()) << h.dump();
  shown = h["result"]["contents"]["value"];
  EXPECT_NE(shown.find("Butcher's Boy, VCK card (citizens)"), std::string::npos) << shown;
  EXPECT_NE(shown.find("card text: Gain 1 gold."), std::string::npos) << shown;
  EXPECT_EQ(shown.find("Merchant"), std::string::npos) << shown;
  // A word of an effect string: its range in the file, and with the docs its meaning.
  const Json verb = at("textDocument/hover", "vck/sql/seed/citizens.sql", kSeed, "choose", false);
  ASSERT_FALSE(verb["result"].is_null()) << verb.dump();
  const Json start = position_of(kSeed, "choose", false);
  EXPECT_EQ(verb["result"]["range"]["start"], start) << verb.dump();
  EXPECT_EQ(verb["result"]["range"]["end"]["character"], start["character"].get<int>() + 6) << verb.dump();
  if (shared_docs()) {
    EXPECT_EQ(verb["result"]["contents"]["value"].get<std::string>().rfind("**choose**\n\n", 0), 0u) << verb.dump();
  }
}

// A keyword's documentation inside a RuleScript of card_rules.py (RuleScript.md's command table).
TEST_F(Authoring, HoverOnARuleScriptCommandGivesItsDocumentation) {
  if (!shared_docs()) GTEST_SKIP() << "../shared/docs is absent: no RuleScript.md to read";
  open("cfc/o8g/Scripts/card_rules.py", kCardRulesPy);
  const Json h = at("textDocument/hover", "cfc/o8g/Scripts/card_rules.py", kCardRulesPy, "damage(", false);
  ASSERT_FALSE(h["result"].is_null()) << h.dump();
  EXPECT_NE(h["result"]["contents"]["value"].get<std::string>().find("Does non-combat damage"), std::string::npos) << h.dump();
  EXPECT_EQ(h["result"]["range"]["start"], position_of(kCardRulesPy, "damage(", false));
}

TEST_F(Authoring, RuleScriptCompletionInContextInsideJsonStrings) {
  // Each script ends where the cursor goes; \n escapes start new script lines.
  const std::string json =
      "[\n"
      " {\"guid\": \"a\", \"name\": \"A\", \"rules\": \"action = {F}: dam\"},\n"
      " {\"guid\": \"b\", \"name\": \"B\", \"rules\": \"action = {F}: destroy() to(characters@opp\"},\n"
      " {\"guid\": \"c\", \"name\": \"C\", \"rules\": \"action = destroy()\\nabi\"},\n"
      " {\"guid\": \"d\", \"name\": \"D\", \"rules\": \"auto = ~myEnd\"},\n"
      " {\"guid\": \"e\", \"name\": \"E\", \"rules\": \"auto = ~blocked:th\"},\n"
      " {\"guid\": \"f\", \"name\": \"F\", \"rules\": \"abilities = ru\"},\n"
      " {\"guid\": \"g\", \"name\": \"G\", \"rules\": \"action = [[if me.ha\"},\n"
      " {\"guid\": \"h\", \"name\": \"H\", \"rules\": \"action = [[if inUA\"},\n"
      " {\"guid\": \"i\", \"name\": \"I\", \"rules\": \"action = {F}: destroy() to(char\"},\n"
      " {\"guid\": \"j\", \"name\": \"J\", \"rules\": \"action = {F}: +fro\"},\n"
      " {\"guid\": \"k\", \"name\": \"K\", \"rules\": \"target = <1>character[fro\"},\n"
      " {\"guid\": \"l\", \"name\": \"L\", \"rules\": \"target = \\\"ryu n\"}\n"
      "]\n";
  write("cfc/o8g/Sets/s1/set.xml", kSetXml);
  open("cfc/rules.json", json);
  const std::string f = "cfc/rules.json";
  std::vector<std::string> l = complete(f, json, ": dam");
  EXPECT_TRUE(has(l, "damage")) << "a command";
  EXPECT_FALSE(has(l, "hand")) << "no expression names outside [[ ]]";
  l = complete(f, json, "@opp");
  EXPECT_TRUE(has(l, "oppRing")) << "a zone after @";
  EXPECT_FALSE(has(l, "damage"));
  l = complete(f, json, "\\nabi");
  EXPECT_EQ(l, std::vector<std::string>{"abilities"}) << "a key, on the script line after the \\n escape";
  l = complete(f, json, "~myEnd");
  EXPECT_TRUE(has(l, "myEndphase")) << "an event inside ~ ~";
  l = complete(f, json, ":th");
  EXPECT_TRUE(has(l, "this")) << "an event's suffix";
  l = complete(f, json, "abilities = ru");
  EXPECT_TRUE(has(l, "rush")) << "an ability";
  l = complete(f, json, "me.ha");
  EXPECT_TRUE(has(l, "hand")) << "an attribute after .";
  l = complete(f, json, "if inUA");
  EXPECT_TRUE(has(l, "inUAttack")) << "a function";
  l = complete(f, json, "to(char");
  EXPECT_TRUE(has(l, "characters")) << "a target type";
  l = complete(f, json, "+fro");
  EXPECT_TRUE(has(l, "frosted")) << "an ability after +";
  l = complete(f, json, "[fro");
  EXPECT_TRUE(has(l, "frozen")) << "a filter word inside [ ]";
  EXPECT_FALSE(has(l, "frosted"));
  EXPECT_EQ(complete(f, json, "ryu n"), std::vector<std::string>{"Ryu no Senshi"}) << "a card name of the plugin's set.xml";
  // Outside the scripts (a JSON key): nothing.
  EXPECT_TRUE(complete(f, json, "\"gui").empty());
}

TEST_F(Authoring, VckCompletionInSqlSeedsAndJsonTables) {
  const std::string sql =
      "INSERT INTO vckonline.citizens (id_citizens,name,special_payout_on_turn) VALUES\n"
      " (1,'A','cho'),\n"
      " (2,'B','gain g 2 + co'),\n"
      " (3,'C','choose g 2 '),\n"
      " (4,'D','x');\n";
  open("vck/seed/c.sql", sql);
  std::vector<std::string> l = complete("vck/seed/c.sql", sql, "'cho");
  EXPECT_TRUE(has(l, "choose")) << "a verb where the effect starts";
  l = complete("vck/seed/c.sql", sql, "+ co");
  EXPECT_TRUE(has(l, "count")) << "a verb where a leg starts";
  l = complete("vck/seed/c.sql", sql, "'choose g 2 ");
  EXPECT_TRUE(has(l, "m")) << "a resource after the verb";
  EXPECT_FALSE(has(l, "choose")) << "no verb in an argument";
  EXPECT_TRUE(complete("vck/seed/c.sql", sql, "(4,'").empty()) << "a name column is no effect";
  const std::string json = "[\n {\"id_citizens\": 2, \"name\": \"B\", \"special_payout_on_turn\": \"cou\"}\n]\n";
  open("vck/citizens.json", json);
  EXPECT_TRUE(has(complete("vck/citizens.json", json, "\"cou"), "count"));
}

TEST_F(Authoring, WagicAndRuleGameCompletionInContext) {
  const std::string cards =
      "#AUTO_DEFINE _BOLT_ damage:3 target(player)\n"
      "[card]\nname=One\naut\n[/card]\n"
      "[card]\nname=Two\nauto=destroy target(crea\n[/card]\n"
      "[card]\nname=Three\nauto=@drawn\n[/card]\n"
      "[card]\nname=Four\nauto=_BO\n[/card]\n";
  open("cards/ctx.txt", cards);
  EXPECT_TRUE(has(complete("cards/ctx.txt", cards, "\naut"), "auto")) << "a key";
  std::vector<std::string> l = complete("cards/ctx.txt", cards, "target(crea");
  EXPECT_EQ(l, std::vector<std::string>{"creature"}) << "a target type, and no ability word";
  l = complete("cards/ctx.txt", cards, "@draw");
  EXPECT_TRUE(has(l, "drawn")) << "a trigger";
  EXPECT_EQ(complete("cards/ctx.txt", cards, "=_BO"), std::vector<std::string>{"_BOLT_"}) << "a macro";
  // Rule Game: each field of an atom (count, shape, colour, position, buckets).
  const std::string rules = "Order Zig=[1,2,3]\n(*,sq,*,*,[0])\n(*,*,bl,*,[0])\n(*,*,*,Zi,[0])\n(shape:sq, col)\n(color:bl)\n";
  open("rules/ctx.txt", rules);
  l = complete("rules/ctx.txt", rules, "(*,sq");
  EXPECT_TRUE(has(l, "square") || has(l, "SQUARE")) << "a shape";
  EXPECT_FALSE(has(l, "Zig"));
  l = complete("rules/ctx.txt", rules, "(*,*,bl");
  EXPECT_TRUE(has(l, "BLUE") || has(l, "blue")) << "a colour";
  EXPECT_FALSE(has(l, "Zig"));
  l = complete("rules/ctx.txt", rules, "(*,*,*,Zi");
  EXPECT_EQ(l, std::vector<std::string>{"Zig"}) << "an order name";
  // The name:value form: by the clause's name.
  l = complete("rules/ctx.txt", rules, "(shape:sq");
  EXPECT_TRUE(has(l, "square") || has(l, "SQUARE")) << "a shape";
  EXPECT_EQ(complete("rules/ctx.txt", rules, ", col"), std::vector<std::string>{"color:"}) << "a clause";
  l = complete("rules/ctx.txt", rules, "(color:bl");
  EXPECT_TRUE(has(l, "BLUE") || has(l, "blue")) << "a colour";
}

TEST_F(Authoring, DefinitionsOfMacrosAndSymbolsOfEveryDialect) {
  const std::string cards = "#AUTO_DEFINE _BOLT_ damage:3 target(creature)\n[card]\nname=M\nauto=_BOLT_\ntype=Instant\n[/card]\n";
  open("cards/m.txt", cards);
  const Json def = at("textDocument/definition", "cards/m.txt", cards, "auto=_BO");
  ASSERT_EQ(def["result"].size(), 1u) << def.dump();
  EXPECT_EQ(def["result"][0]["range"]["start"], position_of(cards, "_BOLT_", false));
  const auto symbols = [&](const std::string& name) {
    const int id = lsp_.request("textDocument/documentSymbol", {{"textDocument", {{"uri", uri_of(name)}}}});
    const Json answer = lsp_.answer(id);
    std::vector<std::string> out;
    for (const Json& s : answer["result"]) out.push_back(s["name"].get<std::string>());
    return out;
  };
  write("cfc/o8g/Sets/s1/set.xml", kSetXml);
  open("cfc/o8g/Scripts/card_rules.py", kCardRulesPy);
  EXPECT_EQ(symbols("cfc/o8g/Scripts/card_rules.py"), std::vector<std::string>{"Ryu no Senshi"});
  open("vck/sql/seed/citizens.sql", kSeed);
  EXPECT_EQ(symbols("vck/sql/seed/citizens.sql"), (std::vector<std::string>{"Merchant", "Butcher's Boy"}));
  open("lua/Card.lua", "local function helper(x) return x end\nreturn {\n  resolve = function(me) mtg.draw(1) end,\n}\n");
  EXPECT_EQ(symbols("lua/Card.lua"), (std::vector<std::string>{"helper", "resolve"}));
  open("rules/o.txt", "Order Zig=[1,2,3]\n(*,*,*,Zig,[0])\n");
  EXPECT_EQ(symbols("rules/o.txt"), (std::vector<std::string>{"Zig", "rule line 1"}));
}

TEST_F(Authoring, QuickFixesOfEveryDialect) {
  const auto fix_of = [&](const std::string& name, const Json& diags, const std::string& code) {
    for (const Json& d : diags) {
      if (d.value("code", "") != code) continue;
      const Json actions = fixes(name, d["range"]);
      if (actions.empty()) return std::string();
      return actions[0]["edit"]["changes"][uri_of(name)][0]["newText"].get<std::string>();
    }
    return std::string("(no ") + code + ")";
  };
  const std::string seed = "INSERT INTO vckonline.citizens (id_citizens,name,special_payout_on_turn) VALUES\n (1,'M','chose g 2 m 2');\n";
  EXPECT_EQ(fix_of("vck/seed/s.sql", open("vck/seed/s.sql", seed), "VK0015"), "choose");
  const std::string py = "# X\nRulesDict[\"x\"] = \"\"\"\naction = {F}: [[if inUAttak(attacker)]] damage(100) to(characters@oppRing)\n\"\"\"\n";
  EXPECT_EQ(fix_of("cfc/o8g/Scripts/card_rules.py", open("cfc/o8g/Scripts/card_rules.py", py), "RS0054"), "inUAttack");
  EXPECT_EQ(fix_of("rules/r.txt", open("rules/r.txt", "(*,*,bleu,*,[0])\n"), "RG0054"), "BLUE");
}

// A broken line is reported, and the lines after it are still checked (in a RuleScript, the
// expression names of the lines that parsed; in every other dialect, the other lines or cells).
TEST_F(Authoring, ABrokenLineHidesNoOtherDiagnostic) {
  const auto codes = [](const Json& diags) {
    std::vector<std::string> out;
    for (const Json& d : diags) out.push_back(d.value("code", ""));
    std::sort(out.begin(), out.end());
    return out;
  };
  EXPECT_EQ(codes(open("cfc/rules.json",
                       "[\n {\"guid\": \"g\", \"name\": \"N\", \"rules\": \"action = {F}: damage(\\n"
                       "action = [[if inUAttak(attacker)]] destroy()\\nauto = ~myEndPhase~ [[if me.hand.szie > 0]] draw(1)\"}\n]\n")),
            (std::vector<std::string>{"RS0014", "RS0053", "RS0054"}));
  EXPECT_EQ(codes(open("rules/b.txt", "(*,*,*,*,[0\n(*,*,bleu,*,[0])\n")), (std::vector<std::string>{"RG0014", "RG0054"}));
  EXPECT_EQ(codes(open("cards/b.txt", "[card]\nname=A\nauto=damage:(\nauto=destory target(creature)\ntype=Instant\n[/card]\n")),
            (std::vector<std::string>{"WG0011", "WG0101"}));
  EXPECT_EQ(codes(open("vck/seed/b.sql", "INSERT INTO vckonline.citizens (id_citizens,name,special_payout_on_turn) VALUES\n"
                                         " (1,'A','<citizens 3'),\n (2,'B','chose g 2 m 2');\n")),
            (std::vector<std::string>{"VK0008", "VK0015"}));
}

// Every position of a file of each kind (inside escapes, between quotes, past a line's end) gets
// an answer to hover, completion and definition, never an error or a crash.
TEST_F(Authoring, EveryPositionOfEachKindOfFileIsAnswered) {
  write("cfc/o8g/Sets/s1/set.xml", kSetXml);
  const std::pair<std::string, std::string> files[] = {
      {"cfc/o8g/Scripts/card_rules.py", kCardRulesPy},
      {"vck/sql/seed/citizens.sql", kSeed},
      {"cfc/rules.json", "[\n {\"guid\": \"g\", \"name\": \"N\", \"rules\": \"# \\\"q\\\"\\naction = {F}: [[if me.hand.size > 0]] +rush \\u00e9\"}\n]\n"},
      {"rules/p.txt", "Order Zig=[1,2,3]\n(*,sq,bl,Zig,[0,1])\n(shape:square, color:red)\n"},
      {"cards/p.txt", "#AUTO_DEFINE _B_ damage:1\n[card]\nname=P\nauto=_B_ target(creature|mybattlefield)\nauto=@drawn:draw:1\n[/card]\n"},
  };
  for (const auto& [name, text] : files) {
    open(name, text);
    int line = 0, col = 0;
    for (size_t i = 0; i <= text.size(); ++i) {
      // At a line's end, a position past it too (clients send them).
      for (const int c : {col, i == text.size() || text[i] == '\n' ? col + 5 : col}) {
        for (const char* method : {"textDocument/hover", "textDocument/completion", "textDocument/definition"}) {
          const int id = lsp_.request(method, {{"textDocument", {{"uri", uri_of(name)}}}, {"position", {{"line", line}, {"character", c}}}});
          const Json a = lsp_.answer(id);
          ASSERT_FALSE(a.is_null()) << name << " " << line << ":" << c;
          ASSERT_TRUE(a.contains("result")) << name << " " << line << ":" << c << " " << method << " " << a.dump();
        }
      }
      if (i < text.size() && text[i] == '\n') {
        ++line;
        col = 0;
      } else {
        ++col;
      }
    }
  }
}

TEST_F(Authoring, FormattingNeverLosesTheAuthorsText) {
  std::string message;
  // rules.json: the script without a comment is printed canonically, re-encoded as JSON; the one
  // with a comment is left, and the author is told why.
  const std::string json =
      "[\n"
      " {\"guid\": \"a\", \"name\": \"A\", \"rules\": \"ACTION={F}:damage(100)   to(characters@oppRing)\"},\n"
      " {\"guid\": \"b\", \"name\": \"B\", \"rules\": \"# keep me\\naction = {F}:  destroy()\"}\n"
      "]\n";
  open("cfc/rules.json", json);
  Json edits = format("cfc/rules.json", message);
  ASSERT_EQ(edits.size(), 1u) << edits.dump();
  EXPECT_EQ(edits[0]["newText"], "\"action = {F}: damage(100) to(characters@oppring)\"") << edits.dump();
  EXPECT_EQ(edits[0]["range"]["start"], position_of(json, "\"ACTION", false));
  EXPECT_NE(message.find("1 with comments"), std::string::npos) << message;
  // card_rules.py: the """ literal keeps its line breaks.
  const std::string py = "# X\nRulesDict[\"x\"] = \"\"\"\naction={F}:destroy()\n\"\"\"\n";
  open("cfc/o8g/Scripts/card_rules.py", py);
  edits = format("cfc/o8g/Scripts/card_rules.py", message);
  ASSERT_EQ(edits.size(), 1u) << edits.dump();
  EXPECT_EQ(edits[0]["newText"], "\"\"\"\naction = {F}: destroy()\n\"\"\"");
  EXPECT_EQ(message, "");
  // VCK and Rule Game: their printers would rewrite the author's form; no edits, and why.
  const std::string seed = "INSERT INTO vckonline.citizens (id_citizens,name,special_payout_on_turn) VALUES\n (1,'M','choose  g 2 m 2');\n";
  open("vck/seed/s.sql", seed);
  EXPECT_TRUE(format("vck/seed/s.sql", message).empty());
  EXPECT_NE(message.find("not reformatted"), std::string::npos) << message;
  open("rules/r.txt", "# the first rule\n(*,*,*,*,[0])\n");
  EXPECT_TRUE(format("rules/r.txt", message).empty());
  EXPECT_NE(message.find("drops comments"), std::string::npos) << message;
  // Wagic: a block with a comment inside is left as written, and the author is told.
  open("cards/f.txt", "[card]\nname=F\n# why\nauto=destroy   target(creature)\ntype=Instant\n[/card]\n");
  EXPECT_TRUE(format("cards/f.txt", message).empty());
  EXPECT_NE(message.find("1 card block(s) left as written"), std::string::npos) << message;
}

}  // namespace
}  // namespace rk::test
