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

  // A decision taken: the answer is the new state, the log has it with the engine's words for it
  // ("move", as the option gave them) and the game's narration ("lines").
  const std::string move = d["options"][0]["move"];
  const Answer done = seat_post(c, table(id, "/decide"), {{"option", 0}, {"seq", 0}}, mover);
  ASSERT_EQ(done.status, 200) << done.body.dump();
  EXPECT_EQ(done.body["seq"], 1);
  ASSERT_EQ(done.body["log"].size(), 1u);
  EXPECT_EQ(done.body["log"][0]["move"], move);
  EXPECT_EQ(done.body["log"][0]["seat"], first ? 0 : 1);
  EXPECT_TRUE(done.body["log"][0]["lines"].is_array()) << done.body["log"].dump();
  // The same decision again is stale now.
  EXPECT_EQ(seat_post(c, table(id, "/decide"), {{"option", 0}, {"seq", 0}}, mover).status, 409);
  // The other seat and a spectator see that a decision was taken and what it told them, not the
  // engine's words for it.
  const Answer seen = seat_get(c, table(id), other);
  EXPECT_EQ(seen.body["seq"], 1);
  EXPECT_FALSE(seen.body["log"][0].contains("move")) << seen.body["log"].dump();
  EXPECT_TRUE(seen.body["log"][0]["lines"].is_array()) << seen.body["log"].dump();
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

// Every line of a log as `token`'s seat (empty: a spectator) reads it, with its decision's index.
std::vector<std::pair<size_t, std::string>> log_lines(const json& log) {
  std::vector<std::pair<size_t, std::string>> out;
  for (size_t i = 0; i < log.size(); ++i) {
    for (const auto& l : log[i].value("lines", json::array())) out.emplace_back(i, l.get<std::string>());
  }
  return out;
}

// The log speaks as the terminal does (issue 30 item 3): each decision told in the game's words,
// per observer; the options are labelled in words too, the engine's own kept as "move". Seat 0 is
// played by the test (its first option each time) against a random bot; then seat 0's log names
// its own hidden cards (its draws, its duke) and never the bot's, and a spectator's names neither.
TEST_P(TablesApi, TheLogIsNarratedPerObserver) {
  const GameCase& g = GetParam();
  if (corpus_absent(g.corpus)) GTEST_SKIP();
  const std::string game = g.game;
  LiveServer srv(fresh_dir("rk-tables"));
  auto c = srv.client();
  c.set_read_timeout(60, 0);
  const json made = create(c, g, {"human", "random"}, 11);
  const std::string id = made["id"], me = made["seats"][0]["token"];
  size_t mine = 0, labelled = 0, jargon_moves = 0;
  Answer now;
  for (int round = 0; round < 2000 && mine < 60; ++round) {
    now = wait_for(c, id, me, [](const json& b) { return b.value("over", false) || !b["decision"].is_null(); }, 60);
    ASSERT_EQ(now.status, 200) << now.body.dump();
    if (now.body["over"].get<bool>()) break;
    const json& d = now.body["decision"];
    for (const auto& o : d["options"]) {
      ASSERT_TRUE(o["label"].is_string()) << o.dump();
      EXPECT_FALSE(o["label"].get<std::string>().empty()) << o.dump();
      if (!o.contains("move")) continue;  // a shortcut (Magic's casts with the mana paid)
      ++labelled;
      const std::string label = o["label"], raw = o["move"];
      if (raw.find('_') != std::string::npos) {
        ++jargon_moves;
        EXPECT_EQ(label.find('_'), std::string::npos) << "an engine word in the label: " << o.dump();
      }
    }
    const Answer a = seat_post(c, table(id, "/decide"), {{"option", 0}, {"seq", now.body["seq"]}}, me);
    ASSERT_EQ(a.status, 200) << a.body.dump();
    ++mine;
  }
  EXPECT_GT(labelled, 0u);
  if (game == "vck") {
    EXPECT_GT(jargon_moves, 0u) << "the control: VCK's engine words have underscores";
  }
  const json seat_log = seat_get(c, table(id), me).body["log"];
  const json watch_log = seat_get(c, table(id)).body["log"];
  ASSERT_EQ(seat_log.size(), watch_log.size());
  ASSERT_GT(seat_log.size(), 0u);
  size_t told = 0;
  for (const auto& e : seat_log) told += e["lines"].empty() ? 0 : 1;
  EXPECT_GT(told, seat_log.size() / 3) << "most decisions tell something: " << seat_log.dump();
  // A hidden card named: the observer's own draws and duke; another's must never be.
  const std::regex named_draw(game == "cfc" ? "draws (a card|[0-9]+ cards): " : "you draw ");
  const std::regex own_draw(game == "cfc" ? "^\\s*player 1 \\(you\\) draws (a card|[0-9]+ cards): " : "^\\s*you draw ");
  size_t own_named = 0;
  for (const auto& [n, line] : log_lines(seat_log)) {
    if (game == "vck") {
      EXPECT_EQ(line.rfind("p2: keep duke ", 0), std::string::npos) << "decision " << n << ": p1 reads p2's duke: " << line;
      own_named += line.rfind("p1: keep duke ", 0) == 0 ? 1 : 0;
    } else if (std::regex_search(line, named_draw)) {
      EXPECT_TRUE(std::regex_search(line, own_draw)) << "decision " << n << ": p1 reads p2's draw: " << line;
      ++own_named;
    }
  }
  EXPECT_GT(own_named, 0u) << "the control: p1's own hidden cards are named to p1: " << seat_log.dump();
  size_t secret = 0;
  for (const auto& [n, line] : log_lines(watch_log)) {
    if (game == "vck") {
      EXPECT_EQ(line.find("keep duke "), std::string::npos) << "decision " << n << ": a spectator reads a duke: " << line;
      secret += line.find("keep a duke (secret)") != std::string::npos ? 1 : 0;
    } else {
      EXPECT_FALSE(std::regex_search(line, named_draw)) << "decision " << n << ": a spectator reads a drawn card: " << line;
      secret += line.find("draws a card") != std::string::npos ? 1 : 0;
    }
  }
  EXPECT_GT(secret, 0u) << "the spectator is told that hidden cards moved, without their names: " << watch_log.dump();
}

// A client that holds the log's first entries asks for the rest only (`since`, as the page does):
// the pieces put together are the whole log, entry for entry, through reads and decisions; a
// `since` past the end gives nothing more, one that is not a number is refused.
TEST_P(TablesApi, TheLogIsReadOnFromWhereTheClientLeftOff) {
  const GameCase& g = GetParam();
  if (corpus_absent(g.corpus)) GTEST_SKIP();
  LiveServer srv(fresh_dir("rk-tables"));
  auto c = srv.client();
  c.set_read_timeout(60, 0);
  const json made = create(c, g, {"human", "random"}, 5);
  const std::string id = made["id"], me = made["seats"][0]["token"];
  json held = json::array();
  const auto take = [&](const json& body) {
    ASSERT_TRUE(body["log_from"].is_number_unsigned()) << body.dump();
    const size_t from = body["log_from"];
    ASSERT_LE(from, held.size()) << "the answer starts past what the client holds";
    json joined = json::array();
    for (size_t i = 0; i < from; ++i) joined.push_back(held[i]);
    for (const auto& e : body["log"]) joined.push_back(e);
    held = std::move(joined);
  };
  size_t partial = 0;
  for (int round = 0; round < 40; ++round) {
    const Answer now = seat_get(c, table(id, "?since=" + std::to_string(held.size())), me);
    ASSERT_EQ(now.status, 200) << now.body.dump();
    partial += now.body["log_from"].get<size_t>() > 0 ? 1 : 0;
    take(now.body);
    if (now.body["over"].get<bool>()) break;
    if (now.body["decision"].is_null()) continue;
    const Answer a = seat_post(c, table(id, "/decide"), {{"option", 0}, {"seq", now.body["seq"]}, {"since", held.size()}}, me);
    if (a.status == 409) continue;  // the bot moved first
    ASSERT_EQ(a.status, 200) << a.body.dump();
    take(a.body);
  }
  EXPECT_GT(partial, 0u) << "the control: some answers carried only the log's end";
  const Answer whole = seat_get(c, table(id), me);
  ASSERT_EQ(whole.body["log_from"], 0);
  // Decisions the bot made after the last read are not held yet: compare what both have.
  ASSERT_LE(held.size(), whole.body["log"].size());
  for (size_t i = 0; i < held.size(); ++i) EXPECT_EQ(held[i], whole.body["log"][i]) << "entry " << i;
  const Answer past = seat_get(c, table(id, "?since=99999"), me);
  ASSERT_EQ(past.status, 200);
  if (!past.body["over"].get<bool>()) {
    EXPECT_EQ(past.body["log_from"], past.body["seq"]);
    EXPECT_TRUE(past.body["log"].empty());
  }
  EXPECT_EQ(seat_get(c, table(id, "?since=ten"), me).status, 400);
  EXPECT_EQ(seat_post(c, table(id, "/decide"), {{"option", 0}, {"seq", 0}, {"since", "ten"}}, me).status, 400);
}

INSTANTIATE_TEST_SUITE_P(Games, TablesApi, ::testing::ValuesIn(kCases),
                         [](const auto& p) { return std::string(p.param.game); });

// A free seat (a person's, its link never used) is taken from the lobby: POST .../join gives its
// token; the seat is then taken (409), a bot's seat or a seat out of range cannot be joined (400).
TEST(TablesJoin, AFreeSeatIsTakenFromTheLobby) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  LiveServer srv(fresh_dir("rk-tables"));
  auto c = srv.client();
  c.set_read_timeout(60, 0);
  const Answer made = seat_post(c, "/api/tables", {{"game", "vck"}, {"seats", {"human", "human", "random"}}, {"seed", 4}});
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const std::string id = made.body["id"], t0 = made.body["seats"][0]["token"], t1 = made.body["seats"][1]["token"];
  ASSERT_EQ(seat_get(c, table(id), t0).status, 200);  // the creator sits at seat 0
  json lobby = seat_get(c, "/api/tables").body["tables"];
  ASSERT_EQ(lobby.size(), 1u);
  EXPECT_EQ(lobby[0]["free"], 1);
  EXPECT_EQ(lobby[0]["joinable"], true);
  EXPECT_EQ(lobby[0]["seats"][0]["free"], false);
  EXPECT_EQ(lobby[0]["seats"][1]["free"], true);
  EXPECT_EQ(lobby[0]["seats"][2]["free"], false);
  EXPECT_EQ(seat_post(c, table(id, "/join"), {{"seat", 0}}).status, 409);  // the creator's
  EXPECT_EQ(seat_post(c, table(id, "/join"), {{"seat", 2}}).status, 400);  // a bot's
  EXPECT_EQ(seat_post(c, table(id, "/join"), {{"seat", 3}}).status, 400);
  EXPECT_EQ(seat_post(c, table(id, "/join"), {{"seat", "one"}}).status, 400);
  EXPECT_EQ(seat_post(c, table(id, "/join"), json::object()).status, 400);
  const Answer joined = seat_post(c, table(id, "/join"), {{"seat", 1}});
  ASSERT_EQ(joined.status, 200) << joined.body.dump();
  EXPECT_EQ(joined.body["token"], t1);
  EXPECT_EQ(joined.body["seat"], 1);
  EXPECT_EQ(joined.body["link"], "/?table=" + id + "&token=" + t1);
  EXPECT_EQ(seat_get(c, table(id), t1).body["seat"], 1);
  EXPECT_EQ(seat_post(c, table(id, "/join"), {{"seat", 1}}).status, 409);  // taken now
  lobby = seat_get(c, "/api/tables").body["tables"];
  EXPECT_EQ(lobby[0]["free"], 0);
  EXPECT_EQ(lobby[0]["joinable"], false);
  EXPECT_EQ(seat_post(c, table("20260101-000000-0000", "/join"), {{"seat", 1}}).status, 404);
}

// Magic at a table as at the terminal (issue 30 item 8): a person is asked only where they can
// do more than pass (the table passes the empty steps for them), and a spell their untapped lands
// can pay for is offered as one option, "cast X (taps ...)", which taps the lands and casts it:
// each of those moves stored as a decision of its own, the cast narrated.
TEST(TablesMagic, EmptyStepsPassAndSpellsAreCastWithTheManaPaid) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  LiveServer srv(fresh_dir("rk-tables"));
  auto c = srv.client();
  c.set_read_timeout(60, 0);
  bool cast = false;
  for (uint64_t seed = 1; seed <= 6 && !cast; ++seed) {
    const Answer made = seat_post(c, "/api/tables", {{"game", "wagic"}, {"seats", {"human", "random"}}, {"options", {{"decks", {1, 2}}, {"turns", 8}}}, {"seed", seed}});
    ASSERT_EQ(made.status, 201) << made.body.dump();
    const std::string id = made.body["id"], me = made.body["seats"][0]["token"];
    for (int round = 0; round < 300 && !cast; ++round) {
      const Answer now = wait_for(c, id, me, [](const json& b) { return b.value("over", false) || !b["decision"].is_null(); }, 60);
      ASSERT_EQ(now.status, 200) << now.body.dump();
      if (now.body["over"].get<bool>()) break;
      const json& opts = now.body["decision"]["options"];
      // Never asked where passing is all there is (or tapping a land for nothing to pay).
      bool more = false;
      for (const auto& o : opts) more |= o.value("group", "") != "pass" && o["label"].get<std::string>().rfind("tap ", 0) != 0;
      EXPECT_TRUE(more) << "asked to decide where there is only passing: " << opts.dump();
      size_t pick = opts.size(), land = opts.size(), pass = 0;
      for (size_t i = 0; i < opts.size(); ++i) {
        if (opts[i].value("auto", false) && pick == opts.size()) pick = i;
        if (opts[i]["label"].get<std::string>().rfind("play ", 0) == 0) land = i;
        if (opts[i].value("group", "") == "pass" || opts[i]["label"].get<std::string>().rfind("keep", 0) == 0) pass = i;
      }
      const size_t seq = now.body["seq"];
      if (pick == opts.size()) {
        ASSERT_EQ(seat_post(c, table(id, "/decide"), {{"option", land < opts.size() ? land : pass}, {"seq", seq}}, me).status, 200);
        continue;
      }
      const std::string label = opts[pick]["label"];
      EXPECT_NE(label.find("(taps "), std::string::npos) << label;
      EXPECT_FALSE(opts[pick].contains("move")) << "a shortcut is no move of the engine's";
      const Answer done = seat_post(c, table(id, "/decide"), {{"option", pick}, {"seq", seq}}, me);
      ASSERT_EQ(done.status, 200) << done.body.dump();
      const size_t steps = done.body["seq"].get<size_t>() - seq;
      EXPECT_GE(steps, 2u) << "a tap at least, then the cast";
      bool told = false;
      for (size_t i = seq; i < seq + steps; ++i) {
        EXPECT_EQ(done.body["log"][i]["seat"], 0);
        for (const auto& l : done.body["log"][i]["lines"]) told |= l.get<std::string>().rfind("p1: cast ", 0) == 0;
      }
      EXPECT_TRUE(told) << "the cast is narrated: " << done.body["log"].dump();
      cast = true;
    }
  }
  EXPECT_TRUE(cast) << "no game of six offered a spell with the mana paid";
}

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
