// Tables of the kernel games over the JSON API (docs/server/API.md, "Tables"), against a server in
// the test process: create, show, decide, the 400 and 409 answers (nothing changes), what a
// spectator sees, the live event stream, views of the past, and the log replayed by the CLI.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <regex>

#include "child_server.h"
#include "support.h"
#include "tables_fixture.h"

namespace rk::test {
namespace {

using nlohmann::json;

struct GameCase {
  const char* game;
  const char* corpus;
  json options;
};

// The games, with options that make short games (Magic: a turn limit of 3).
const GameCase kCases[] = {
    {"cfc", "corpora/cfc", json::object()},
    {"vck", "corpora/vck/tables", {{"preset", "base"}}},
    {"wagic", "corpora/wagic/2016/sets", {{"decks", {1, 2}}, {"turns", 3}}},
};

class TablesApi : public ::testing::TestWithParam<GameCase> {};

std::string table(const std::string& id, const std::string& rest = "") { return "/api/tables/" + id + rest; }

json create(httplib::Client& c, const GameCase& g, const json& seats, uint64_t seed = 7) {
  const Answer a = seat_post(c, "/api/tables", {{"game", g.game}, {"seats", seats}, {"options", g.options}, {"seed", seed}});
  EXPECT_EQ(a.status, 201) << a.body.dump();
  return a.body;
}

TEST_P(TablesApi, CreateShowDecideAndTheRefusals) {
  const GameCase& g = GetParam();
  if (corpus_absent(g.corpus)) GTEST_SKIP();
  LiveServer srv(fresh_dir("rk-tables"));
  auto c = srv.client();
  c.set_read_timeout(60, 0);
  const json made = create(c, g, {"human", "human"});
  const std::string id = made["id"];
  ASSERT_EQ(made["seats"].size(), 2u);
  const std::string t0 = made["seats"][0]["token"], t1 = made["seats"][1]["token"];
  EXPECT_TRUE(std::regex_match(t0, std::regex("[0-9a-f]{32}"))) << t0;
  EXPECT_NE(t0, t1);
  EXPECT_EQ(made["spectate"], "/?table=" + id);

  // Whose decision it is: exactly one of the two seats has one.
  Answer a0 = seat_get(c, table(id), t0), a1 = seat_get(c, table(id), t1);
  ASSERT_EQ(a0.status, 200) << a0.body.dump();
  ASSERT_EQ(a1.status, 200);
  ASSERT_NE(a0.body["decision"].is_null(), a1.body["decision"].is_null()) << a0.body.dump();
  const bool first = !a0.body["decision"].is_null();
  const std::string mover = first ? t0 : t1, other = first ? t1 : t0;
  const json state = first ? a0.body : a1.body;
  EXPECT_EQ(state["game"], g.game);
  EXPECT_EQ(state["seq"], 0);
  EXPECT_EQ(state["over"], false);
  EXPECT_EQ(state["view"]["game"], g.game);
  const json& d = state["decision"];
  EXPECT_EQ(d["seat"], first ? 0 : 1);
  ASSERT_FALSE(d["options"].empty());
  EXPECT_TRUE(d["options"][0]["label"].is_string());
  EXPECT_TRUE(d["prompt"].is_string());

  // Card text for hover: a card the seat sees answers; an unknown id does not.
  std::string seen_card;
  auto look = [&](const json& zones) {
    for (const auto& z : zones) {
      for (const auto& card : z.value("cards", json::array())) {
        if (seen_card.empty() && card.is_object() && card.contains("id")) seen_card = card["id"].get<std::string>();
      }
    }
  };
  for (const auto& p : state["view"]["players"]) look(p["zones"]);
  look(state["view"]["zones"]);
  if (!seen_card.empty()) {
    const Answer card = seat_get(c, table(id, "/card/" + seen_card), mover);
    EXPECT_EQ(card.status, 200) << seen_card << " " << card.body.dump();
    EXPECT_TRUE(card.body.contains("name")) << card.body.dump();
  }
  EXPECT_EQ(seat_get(c, table(id, "/card/no-such-card"), mover).status, 404);

  // A spectator: the view, no decision.
  const Answer spec = seat_get(c, table(id));
  ASSERT_EQ(spec.status, 200);
  EXPECT_TRUE(spec.body["decision"].is_null());
  EXPECT_TRUE(spec.body["seat"].is_null());

  // The refusals change nothing.
  EXPECT_EQ(seat_post(c, table(id, "/decide"), {{"option", 0}, {"seq", 1}}, mover).status, 409);  // stale seq
  EXPECT_EQ(seat_post(c, table(id, "/decide"), {{"option", 0}, {"seq", 0}}, other).status, 409);  // not its turn
  EXPECT_EQ(seat_post(c, table(id, "/decide"), {{"option", d["options"].size()}, {"seq", 0}}, mover).status, 400);
  EXPECT_EQ(seat_post(c, table(id, "/decide"), {{"option", -1}, {"seq", 0}}, mover).status, 400);
  EXPECT_EQ(seat_post(c, table(id, "/decide"), {{"seq", 0}}, mover).status, 400);
  EXPECT_EQ(seat_post(c, table(id, "/decide"), {{"option", 0}, {"seq", 0}}).status, 401);
  EXPECT_EQ(seat_post(c, table(id, "/decide"), {{"option", 0}, {"seq", 0}}, std::string(32, 'a')).status, 403);
  EXPECT_EQ(seat_get(c, table(id, "/log")).status, 409);
  EXPECT_EQ(seat_get(c, table(id), mover).body["seq"], 0);

  // A decision taken: the answer is the new state, the log has it with its words.
  const std::string label = d["options"][0]["label"];
  const Answer done = seat_post(c, table(id, "/decide"), {{"option", 0}, {"seq", 0}}, mover);
  ASSERT_EQ(done.status, 200) << done.body.dump();
  EXPECT_EQ(done.body["seq"], 1);
  ASSERT_EQ(done.body["log"].size(), 1u);
  EXPECT_EQ(done.body["log"][0]["label"], label);
  EXPECT_EQ(done.body["log"][0]["seat"], first ? 0 : 1);
  // The same decision again is stale now.
  EXPECT_EQ(seat_post(c, table(id, "/decide"), {{"option", 0}, {"seq", 0}}, mover).status, 409);
  // The other seat and a spectator see that a decision was taken, not its words.
  const Answer seen = seat_get(c, table(id), other);
  EXPECT_EQ(seen.body["seq"], 1);
  EXPECT_FALSE(seen.body["log"][0].contains("label")) << seen.body["log"].dump();
  // The board as it was before it, and a past beyond the present refused.
  const Answer past = seat_get(c, table(id, "?at=0"), mover);
  ASSERT_EQ(past.status, 200) << past.body.dump();
  EXPECT_EQ(past.body["view"], state["view"]);
  EXPECT_EQ(past.body["log"].size(), 0u);
  EXPECT_EQ(seat_get(c, table(id, "?at=2"), mover).status, 400);

  // The lobby lists it; the games list every game with its options.
  const Answer lobby = seat_get(c, "/api/tables");
  ASSERT_EQ(lobby.status, 200);
  ASSERT_EQ(lobby.body["tables"].size(), 1u);
  EXPECT_EQ(lobby.body["tables"][0]["id"], id);
  const Answer games = seat_get(c, "/api/games");
  ASSERT_EQ(games.status, 200);
  std::set<std::string> names;
  for (const auto& gm : games.body["games"]) names.insert(gm["name"].get<std::string>());
  EXPECT_TRUE(names.count("cfc") && names.count("vck") && names.count("wagic") && names.count("rulegame")) << games.body.dump();
}

TEST_P(TablesApi, BadRequestsSayWhichAndWhy) {
  const GameCase& g = GetParam();
  if (corpus_absent(g.corpus)) GTEST_SKIP();
  LiveServer srv(fresh_dir("rk-tables"));
  auto c = srv.client();
  c.set_read_timeout(60, 0);
  auto refused = [&](const json& req, const std::string& words) {
    const Answer a = seat_post(c, "/api/tables", req);
    EXPECT_EQ(a.status, 400) << req.dump();
    EXPECT_NE(a.body.value("errmsg", "").find(words), std::string::npos) << a.body.dump();
  };
  refused({{"game", "chess"}, {"seats", {"human", "human"}}}, "\"game\"");
  refused({{"game", g.game}, {"seats", {"human", "superbot"}}, {"options", g.options}}, "seats[1]");
  refused({{"game", g.game}, {"seats", {"human"}}, {"options", g.options}}, "seats");
  refused({{"game", g.game}, {"seats", {"human", "mcts:999999999"}}, {"options", g.options}}, "seats[1]");
  refused({{"game", g.game}, {"seats", json::array()}}, "\"seats\"");
  refused({{"game", g.game}, {"seats", {"human", "human"}}, {"options", 3}}, "\"options\"");
  if (std::string(g.game) == "vck") {
    refused({{"game", "vck"}, {"seats", {"human", "human"}}, {"options", {{"preset", "nope"}}}}, "options.preset");
  } else {
    refused({{"game", g.game}, {"seats", {"human", "human"}}, {"options", {{"decks", {"nope", 12345}}}}}, "options.decks[");
  }
  EXPECT_EQ(seat_get(c, "/api/tables").body["tables"].size(), 0u);
}

// A table of two bots plays to its end in the background; its log replays on the CLI.
TEST_P(TablesApi, BotsPlayToTheEndAndTheLogReplays) {
  const GameCase& g = GetParam();
  if (corpus_absent(g.corpus)) GTEST_SKIP();
  const auto dir = fresh_dir("rk-tables");
  LiveServer srv(dir);
  auto c = srv.client();
  c.set_read_timeout(60, 0);
  const json made = create(c, g, {"random", "random"}, 3);
  const std::string id = made["id"];
  EXPECT_FALSE(made["seats"][0].contains("token"));
  const Answer end = wait_for(c, id, "", [](const json& b) { return b.value("over", false); }, 300);
  ASSERT_EQ(end.status, 200);
  ASSERT_TRUE(end.body["over"].get<bool>()) << "the bots did not finish: seq " << end.body["seq"];
  EXPECT_EQ(end.body["result"]["finish"], 1) << end.body["result"].dump();
  EXPECT_TRUE(end.body["result"]["text"].is_string());
  auto r = c.Get(table(id, "/log").c_str());
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  std::istringstream lines(r->body);
  std::string line;
  std::vector<json> all;
  while (std::getline(lines, line)) all.push_back(json::parse(line));
  ASSERT_GE(all.size(), 2u);
  EXPECT_EQ(all.front()["rulekit_table_log"], 1);
  EXPECT_EQ(all.front()["game"], g.game);
  EXPECT_EQ(all.front()["seed"], 3);
  EXPECT_EQ(all.size(), end.body["seq"].get<size_t>() + 2);
  EXPECT_TRUE(all.back()["over"].get<bool>());
  const auto file = dir / "table.jsonl";
  std::ofstream(file) << r->body;
  const std::string cmd = std::string(RULEKIT_BINARY) + " " + (std::string(g.game) == "wagic" ? "wagic" : g.game) +
                          " replay " + file.string() + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_TRUE(p);
  std::string out;
  char buf[4096];
  while (size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  EXPECT_EQ(pclose(p), 0) << out;
  EXPECT_NE(out.find("final state hash " + all.back()["hash"].get<std::string>() + " matches the log"), std::string::npos) << out;
}

// Other seats and spectators follow a table live: an event within a second of a decision.
TEST_P(TablesApi, EventStreamTellsOfEachDecision) {
  const GameCase& g = GetParam();
  if (corpus_absent(g.corpus)) GTEST_SKIP();
  LiveServer srv(fresh_dir("rk-tables"));
  auto c = srv.client();
  c.set_read_timeout(60, 0);
  const json made = create(c, g, {"human", "human"});
  const std::string id = made["id"];
  RawConn watch(srv.port());
  ASSERT_TRUE(watch.send_all("GET /api/tables/" + id + "/events HTTP/1.1\r\nHost: x\r\n\r\n"));
  const std::string opened = watch.receive(5, "data: {\"seq\":0}");
  ASSERT_NE(opened.find("text/event-stream"), std::string::npos) << opened;
  ASSERT_NE(opened.find("data: {\"seq\":0}"), std::string::npos) << opened;
  std::string mover;
  for (const auto& s : made["seats"]) {
    if (!seat_get(c, table(id), s["token"]).body["decision"].is_null()) mover = s["token"];
  }
  ASSERT_FALSE(mover.empty());
  const auto t0 = Clock::now();
  ASSERT_EQ(seat_post(c, table(id, "/decide"), {{"option", 0}, {"seq", 0}}, mover).status, 200);
  const std::string next = watch.receive(2, "data: {\"seq\":1}");
  EXPECT_NE(next.find("data: {\"seq\":1}"), std::string::npos) << next;
  EXPECT_LT(std::chrono::duration<double>(Clock::now() - t0).count(), 1.0);
}

INSTANTIATE_TEST_SUITE_P(Games, TablesApi, ::testing::ValuesIn(kCases),
                         [](const auto& p) { return std::string(p.param.game); });

TEST(TablesDecks, AnOwnDeckIsCheckedAsCheckChecksIt) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  LiveServer srv(fresh_dir("rk-tables"));
  auto c = srv.client();
  c.set_read_timeout(60, 0);
  const std::string text = R"(<?xml version="1.0"?>
<deck game="x">
  <section name="Main">
    <card qty="3" id="not-a-card-id">Nobody</card>
  </section>
</deck>
)";
  const Answer a = seat_post(c, "/api/tables",
                             {{"game", "cfc"}, {"seats", {"human", "random"}}, {"options", {{"decks", {{{"name", "mine.o8d"}, {"text", text}}, "Aso"}}}}});
  ASSERT_EQ(a.status, 400) << a.body.dump();
  const std::string msg = a.body["errmsg"];
  EXPECT_NE(msg.find("options.decks[0]"), std::string::npos) << msg;
  EXPECT_NE(msg.find("mine.o8d:4:5: error[CF0011]: unknown card id `not-a-card-id`"), std::string::npos) << msg;
  EXPECT_NE(msg.find("^"), std::string::npos) << "the source line with a caret: " << msg;
  EXPECT_EQ(msg.find("rulekit-deck-"), std::string::npos) << "the temporary file's name leaked: " << msg;
}

}  // namespace
}  // namespace rk::test
