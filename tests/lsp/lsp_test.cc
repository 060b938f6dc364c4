// `rulekit lsp` as an editor meets it: the real binary as a process, spoken to in the protocol.
// Files of each dialect are written to a scratch folder and opened with errors in them.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "lsp/fixture.h"

namespace rk::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

const char* const kWagicCard = "[card]\nname=Test Bolt\nauto=destory target(creature|mybattelfield)\ntype=Instant\n[/card]\n";

TEST_F(Lsp, InitializeAnnouncesWhatItAnswers) {
  ASSERT_FALSE(init_.is_null());
  const Json& caps = init_["result"]["capabilities"];
  EXPECT_EQ(caps["textDocumentSync"]["change"], 2);
  for (const char* c : {"hoverProvider", "definitionProvider", "documentFormattingProvider", "documentSymbolProvider"}) {
    EXPECT_EQ(caps[c], true) << c;
  }
  EXPECT_TRUE(caps.contains("completionProvider"));
  EXPECT_TRUE(caps.contains("codeActionProvider"));
  const int id = lsp_.request("shutdown", nullptr);
  EXPECT_TRUE(lsp_.answer(id)["result"].is_null());
  lsp_.notify("exit", nullptr);
  EXPECT_EQ(lsp_.wait_exit(), 0);
}

TEST_F(Lsp, WagicDiagnosticsWithExactRangesAndAQuickFix) {
  const Json diags = open("cards/w.txt", kWagicCard);
  const Json typo = with_code(diags, "WG0101");
  ASSERT_FALSE(typo.is_null()) << diags.dump(1);
  EXPECT_EQ(typo["severity"], 2);
  EXPECT_EQ(typo["range"], range(2, 5, 2, 12)) << typo.dump();
  const Json zone = with_code(diags, "WG0040");
  ASSERT_FALSE(zone.is_null()) << diags.dump(1);
  EXPECT_EQ(zone["severity"], 1);
  EXPECT_EQ(zone["range"], range(2, 29, 2, 42)) << zone.dump();
  EXPECT_TRUE(with_code(diags, "WG0300").is_null()) << "a typo is reported once\n" << diags.dump(1);
  // The quick fix of "did you mean `mybattlefield`?".
  const int id = lsp_.request("textDocument/codeAction", {{"textDocument", {{"uri", "file://" + (dir_ / "cards/w.txt").string()}}},
                                                          {"range", range(2, 30, 2, 30)},
                                                          {"context", {{"diagnostics", Json::array()}}}});
  const Json actions = lsp_.answer(id)["result"];
  ASSERT_EQ(actions.size(), 1u) << actions.dump(1);
  EXPECT_EQ(actions[0]["kind"], "quickfix");
  const Json& edit = actions[0]["edit"]["changes"]["file://" + (dir_ / "cards/w.txt").string()][0];
  EXPECT_EQ(edit["newText"], "mybattlefield");
  EXPECT_EQ(edit["range"], range(2, 29, 2, 42));
}

TEST_F(Lsp, DidChangeUpdatesTheDiagnostics) {
  const std::string uri = write("cards/w.txt", kWagicCard);
  EXPECT_EQ(open("cards/w.txt", kWagicCard).size(), 2u);
  // An incremental change: the zone typo fixed in place.
  lsp_.notify("textDocument/didChange",
              {{"textDocument", {{"uri", uri}, {"version", 2}}},
               {"contentChanges", Json::array({{{"range", range(2, 29, 2, 42)}, {"text", "mybattlefield"}}})}});
  Json n = lsp_.notification("textDocument/publishDiagnostics");
  ASSERT_FALSE(n.is_null());
  EXPECT_EQ(n["params"]["version"], 2);
  EXPECT_TRUE(with_code(n["params"]["diagnostics"], "WG0040").is_null()) << n.dump(1);
  EXPECT_FALSE(with_code(n["params"]["diagnostics"], "WG0101").is_null()) << n.dump(1);
  // A whole-text change that breaks line 1 moves the diagnostics with it.
  lsp_.notify("textDocument/didChange",
              {{"textDocument", {{"uri", uri}, {"version", 3}}},
               {"contentChanges", Json::array({{{"text", std::string("[card]\nname=X\n\nauto=destory\ntype=Instant\n[/card]\n")}}})}});
  n = lsp_.notification("textDocument/publishDiagnostics");
  ASSERT_FALSE(n.is_null());
  const Json typo = with_code(n["params"]["diagnostics"], "WG0101");
  ASSERT_FALSE(typo.is_null()) << n.dump(1);
  EXPECT_EQ(typo["range"], range(3, 5, 3, 12));
}

TEST_F(Lsp, EachDialectPublishesItsDiagnostics) {
  // Rule Game: a colour no colour map defines (a warning, as the server accepts it).
  Json d = open("rules/r.txt", "Order Zig=[1,2,3]\n(*,*,bleu,*,Zig)\n");
  Json w = with_code(d, "RG0054");
  ASSERT_FALSE(w.is_null()) << d.dump(1);
  EXPECT_EQ(w["severity"], 2);
  EXPECT_EQ(w["range"], range(1, 5, 1, 9));
  EXPECT_EQ(w["data"]["replacement"], "BLUE");
  // RuleScript in rules.json: the position in the JSON line, through the \" escapes.
  const std::string json = "[\n {\"guid\": \"g\", \"name\": \"N\", \"rules\": \"# a \\\"note\\\"\\naction = {F}: [[if inUAttak(attacker)]] damage(100) to(characters@oppRing)\"}\n]\n";
  d = open("cfc/rules.json", json);
  w = with_code(d, "RS0054");
  ASSERT_FALSE(w.is_null()) << d.dump(1);
  const int col = static_cast<int>(std::string(" {\"guid\": \"g\", \"name\": \"N\", \"rules\": \"# a \\\"note\\\"\\naction = {F}: [[if ").size());
  EXPECT_EQ(w["range"], range(1, col, 1, col + 8));
  // VCK: a seed file of vckonline.
  d = open("vck/seed/citizens.sql",
           "INSERT INTO vckonline.citizens (id_citizens,name,special_payout_on_turn) VALUES\n (1,'Merchant','chose g 2 m 2');\n");
  w = with_code(d, "VK0015");
  ASSERT_FALSE(w.is_null()) << d.dump(1);
  EXPECT_EQ(w["range"], range(1, 16, 1, 21));
  EXPECT_EQ(w["data"]["replacement"], "choose");
  // A VCK JSON table.
  d = open("vck/citizens.json", "[\n {\"id_citizens\": 2, \"name\": \"Butcher\", \"special_payout_on_turn\": \"count owned_worker q 2\"}\n]\n");
  w = with_code(d, "VK0016");
  ASSERT_FALSE(w.is_null()) << d.dump(1);
  EXPECT_EQ(w["range"]["start"]["line"], 1);
  // A Lua card file that does not compile.
  d = open("lua/Broken Card.lua", "return { resolve = function(me) mtg.damage(me 3) end }\n");
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d[0]["severity"], 1);
  // A Wagic file with a macro: defined and used, nothing to report about it.
  d = open("macros/m.txt", "#AUTO_DEFINE _BOLT_ damage:3 target(creature)\n[card]\nname=M\nauto=_BOLT_\ntype=Instant\n[/card]\n");
  EXPECT_TRUE(with_code(d, "WG0105").is_null()) << d.dump(1);
}

TEST_F(Lsp, HoverCompletionDefinitionSymbolsFormatting) {
  open("cards/w.txt", "[card]\nname=Test Bolt\nauto=destroy target(creature|mybattlefield)\ntype=Instant\n[/card]\n"
                      "[card]\nname=Second\nauto=draw:1\ntype=Sorcery\n[/card]\n");
  // Hover on a keyword: its line in seed 001. On the card's name: the explain view.
  if (shared_docs()) {
    const Json h = ask("textDocument/hover", "cards/w.txt", 2, 7);
    ASSERT_FALSE(h["result"].is_null()) << h.dump();
    EXPECT_NE(h["result"]["contents"]["value"].get<std::string>().find("destroys target"), std::string::npos) << h.dump();
  }
  const Json card = ask("textDocument/hover", "cards/w.txt", 1, 8);
  ASSERT_FALSE(card["result"].is_null()) << card.dump();
  EXPECT_NE(card["result"]["contents"]["value"].get<std::string>().find("canonical:"), std::string::npos) << card.dump();
  // Completion: ability words where an ability starts, zones after |.
  open("cards/c.txt", "[card]\nname=C\nauto=dest\ntarget=creature|mybat\n[/card]\n");
  Json c = ask("textDocument/completion", "cards/c.txt", 2, 9);
  bool destroy = false;
  for (const Json& i : c["result"]["items"]) destroy |= i["label"] == "destroy";
  EXPECT_TRUE(destroy) << c.dump();
  c = ask("textDocument/completion", "cards/c.txt", 3, 21);
  ASSERT_FALSE(c["result"]["items"].empty()) << c.dump();
  EXPECT_EQ(c["result"]["items"][0]["label"], "mybattlefield");
  EXPECT_EQ(c["result"]["items"][0]["detail"], "zone");
  // Definition of a Rule Game order name, and its completion.
  open("rules/o.txt", "Order Zig=[1,2,3]\n(*,*,*,Zig,[0])\n");
  const Json def = ask("textDocument/definition", "rules/o.txt", 1, 8);
  ASSERT_EQ(def["result"].size(), 1u) << def.dump();
  EXPECT_EQ(def["result"][0]["range"], range(0, 6, 0, 9));
  c = ask("textDocument/completion", "rules/o.txt", 1, 8);
  bool zig = false;
  for (const Json& i : c["result"]["items"]) zig |= i["label"] == "Zig" && i["detail"] == "order";
  EXPECT_TRUE(zig) << c.dump();
  // Definition of a primitive= reference, in the database's primitives folder.
  write("db/sets/primitives/prims.txt", "[card]\nname=Prim One\nauto=draw:1\ntype=Sorcery\n[/card]\n");
  // A set file is checked with its database: its primitive= names resolve (a wrong one does not).
  const Json set = open("db/sets/SET/_cards.dat", "[card]\nprimitive=Prim One\nid=1\nrarity=C\n[/card]\n[card]\nprimitive=Prim Two\nid=2\nrarity=C\n[/card]\n");
  ASSERT_EQ(set.size(), 1u) << set.dump(1);
  EXPECT_EQ(set[0]["range"]["start"]["line"], 6) << set.dump(1);
  c = ask("textDocument/completion", "db/sets/SET/_cards.dat", 1, 12);
  ASSERT_EQ(c["result"]["items"].size(), 1u) << c.dump();
  EXPECT_EQ(c["result"]["items"][0]["label"], "Prim One") << "a card name of the database's primitives";
  const Json prim = ask("textDocument/definition", "db/sets/SET/_cards.dat", 1, 12);
  ASSERT_EQ(prim["result"].size(), 1u) << prim.dump();
  EXPECT_EQ(prim["result"][0]["uri"], "file://" + (dir_ / "db/sets/primitives/prims.txt").string());
  EXPECT_EQ(prim["result"][0]["range"], range(1, 5, 1, 13));
  // A card's name goes to the Lua file that plays it; in that file, hover gives the API call's line of docs/mtg/LUA.md.
  write("cards/wagic-lua/Test Bolt.lua", "return { resolve = function(me) mtg.damage(mtg.target(), 3) end }\n");
  const Json lua = ask("textDocument/definition", "cards/w.txt", 1, 7);
  ASSERT_EQ(lua["result"].size(), 1u) << lua.dump();
  EXPECT_EQ(lua["result"][0]["uri"], "file://" + (dir_ / "cards/wagic-lua/Test%20Bolt.lua").string());
  open("cards/wagic-lua/Test Bolt.lua", "return { resolve = function(me) mtg.damage(mtg.target(), 3) end }\n");
  const Json sig = ask("textDocument/hover", "cards/wagic-lua/Test Bolt.lua", 0, 38);
  ASSERT_FALSE(sig["result"].is_null()) << sig.dump();
  EXPECT_NE(sig["result"]["contents"]["value"].get<std::string>().find("`damage(c, n)`"), std::string::npos) << sig.dump();
  // Document symbols: the cards of the file.
  const int sid = lsp_.request("textDocument/documentSymbol", {{"textDocument", {{"uri", "file://" + (dir_ / "cards/w.txt").string()}}}});
  const Json syms = lsp_.answer(sid)["result"];
  ASSERT_EQ(syms.size(), 2u) << syms.dump();
  EXPECT_EQ(syms[0]["name"], "Test Bolt");
  EXPECT_EQ(syms[1]["name"], "Second");
  EXPECT_EQ(syms[1]["selectionRange"], range(6, 5, 6, 11));
  // Formatting: ability text printed back canonically, the rest as written.
  open("cards/f.txt", "[card]\nname=F\nauto=destroy   target(creature)\ntype=Instant\n[/card]\n");
  const int fid = lsp_.request("textDocument/formatting", {{"textDocument", {{"uri", "file://" + (dir_ / "cards/f.txt").string()}}},
                                                           {"options", {{"tabSize", 2}, {"insertSpaces", true}}}});
  const Json edits = lsp_.answer(fid)["result"];
  ASSERT_EQ(edits.size(), 1u) << edits.dump();
  EXPECT_EQ(edits[0]["newText"], "[card]\nname=F\nauto=destroy target(creature)\ntype=Instant\n[/card]\n");
}

// A file over 256 KB is checked again only where it changed: the diagnostics after a change that
// adds a line and a typo in the middle are those of the same text checked whole.
TEST_F(Lsp, LargeFileChangeIsCheckedByCardAndAgreesWithAWholeCheck) {
  std::string text = "#AUTO_DEFINE _PING_ damage:1 target(player)\n";
  for (int i = 0; i < 4000; ++i) {
    text += "[card]\nname=Card " + std::to_string(i) + "\nauto=" + (i % 500 == 7 ? "destory" : "_PING_") +
            " target(creature)\ntype=Instant\n[/card]\n";
  }
  ASSERT_GT(text.size(), 256u * 1024);
  const std::string uri = write("big/a.txt", text);
  const Json before = open("big/a.txt", text);
  // Line 2 + 5 * 2000 is "auto=..." of card 2000: a typo there, and one more line.
  const int line = 3 + 5 * 2000;
  lsp_.notify("textDocument/didChange",
              {{"textDocument", {{"uri", uri}, {"version", 2}}},
               {"contentChanges", Json::array({{{"range", range(line, 5, line, 11)}, {"text", "destory"}},
                                               {{"range", range(line + 1, 0, line + 1, 0)}, {"text", "text=one more line\n"}}})}});
  const Json changed = lsp_.notification("textDocument/publishDiagnostics");
  ASSERT_FALSE(changed.is_null());
  // The same text opened as another file, checked whole.
  const size_t at = text.find("name=Card 2000\n");
  std::string edited = text;
  const size_t auto_at = edited.find("auto=", at) + 5;
  edited.replace(auto_at, 6, "destory");
  edited.insert(edited.find('\n', auto_at) + 1, "text=one more line\n");
  const Json whole = open("big/b.txt", edited);
  const Json& inc = changed["params"]["diagnostics"];
  // In any order: by place and code.
  const auto keys = [](const Json& list) {
    std::vector<std::string> out;
    for (const Json& d : list) out.push_back(d["range"].dump() + " " + d.value("code", ""));
    std::sort(out.begin(), out.end());
    return out;
  };
  EXPECT_EQ(keys(inc), keys(whole));
  EXPECT_EQ(inc.size(), before.size()) << "the new typo replaces the not-run warning of its line";
  bool typo = false;
  for (const Json& d : inc) typo |= d["range"] == range(line, 5, line, 12) && d["code"] == "WG0101";
  EXPECT_TRUE(typo) << "the new typo, where it was typed";
}

TEST_F(Lsp, GarbageGetsErrorsAndTheServerGoesOn) {
  lsp_.raw("Content-Length: 5\r\n\r\nhello");
  Json m = lsp_.next();
  ASSERT_FALSE(m.is_null());
  EXPECT_EQ(m["error"]["code"], -32700);
  lsp_.raw("X-Nonsense: 1\r\n\r\n");
  m = lsp_.next();
  EXPECT_EQ(m["error"]["code"], -32700) << m.dump();
  lsp_.send(Json::array({1, 2}));
  EXPECT_EQ(lsp_.next()["error"]["code"], -32600);
  int id = lsp_.request("no/such/method", Json::object());
  EXPECT_EQ(lsp_.answer(id)["error"]["code"], -32601);
  id = lsp_.request("textDocument/hover", {{"textDocument", 3}});
  EXPECT_EQ(lsp_.answer(id)["error"]["code"], -32602);
  id = lsp_.request("textDocument/hover", {{"textDocument", {{"uri", "file:///not/open.txt"}}}, {"position", {{"line", 0}, {"character", 0}}}});
  EXPECT_EQ(lsp_.answer(id)["error"]["code"], -32602);
  // Still serving.
  EXPECT_EQ(open("cards/w.txt", kWagicCard).size(), 2u);
  // A frame cut off by the end of input ends the server (exit 1: no shutdown came).
  lsp_.raw("Content-Length: 100\r\n\r\n{\"jsonrpc\":");
  lsp_.close_input();
  EXPECT_EQ(lsp_.wait_exit(), 1);
}

}  // namespace
}  // namespace rk::test
