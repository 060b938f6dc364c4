// The JSON API of `rulekit serve`, against a server started on 127.0.0.1 by the test.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>

#include "server/rulegame/catalog.h"
#include "server_fixture.h"

namespace rk::test {
namespace {

using nlohmann::json;

struct Started {
  std::string id, token;
  json view;
};

Started start(httplib::Client& c, const json& req) {
  const Answer a = post(c, "/api/episodes", req.dump());
  EXPECT_EQ(a.status, 201) << a.body.dump();
  return {a.body.value("episodeId", ""), a.body.value("playerToken", ""), a.body};
}

std::string path(const Started& s, const std::string& rest = "") { return "/api/episodes/" + s.id + rest; }

size_t pieces_left(const json& view) {
  size_t n = 0;
  for (const auto& p : view["board"]["value"]) n += p.contains("dropped") ? 0 : 1;
  return n;
}

TEST(ServerApi, VersionAndCatalog) {
  LiveServer srv(fresh_dir("rk-api"));
  auto c = srv.client();
  const Answer v = get(c, "/api/version");
  EXPECT_EQ(v.status, 200);
  EXPECT_EQ(v.body["name"], "rulekit");
  EXPECT_EQ(get(c, "/api/rules").body["rules"], json::array({"demo"}));
  EXPECT_EQ(get(c, "/api/boards").body["boards"], json::array({"demo"}));
}

TEST(ServerApi, StartGivesAnUnguessableIdAndTokenAndTheBoard) {
  LiveServer srv(fresh_dir("rk-api"));
  auto c = srv.client();
  const Started a = start(c, {{"rules", "demo"}, {"board", "demo"}});
  const Started b = start(c, {{"rules", "demo"}, {"board", "demo"}});
  EXPECT_TRUE(std::regex_match(a.id, std::regex("[0-9]{8}-[0-9]{6}-[0-9A-Z]{16}"))) << a.id;
  EXPECT_TRUE(std::regex_match(a.token, std::regex("[0-9a-f]{32}"))) << a.token;
  EXPECT_NE(a.id, b.id);
  EXPECT_NE(a.token, b.token);
  EXPECT_EQ(a.view["finishCode"], 0);
  EXPECT_EQ(a.view["attemptCnt"], 0);
  ASSERT_EQ(a.view["board"]["value"].size(), 3u);
  for (const auto& p : a.view["board"]["value"]) {
    EXPECT_FALSE(p.contains("buckets")) << "where a piece may go is the hidden rule: " << p.dump();
  }
}

TEST(ServerApi, MovesNeedTheEpisodesToken) {
  LiveServer srv(fresh_dir("rk-api"));
  auto c = srv.client();
  const Started s = start(c, {{"rules", "demo"}, {"board", "demo"}});
  const std::string mv = json{{"pieceId", 1}, {"bucket", 0}}.dump();
  EXPECT_EQ(post(c, path(s, "/move"), mv).status, 401);
  EXPECT_EQ(post(c, path(s, "/move"), mv, std::string(32, '0')).status, 403);
  EXPECT_EQ(get(c, path(s), "nope").status, 403);
  // Nothing was recorded by the refused requests.
  const Answer v = get(c, path(s), s.token);
  EXPECT_EQ(v.body["attemptCnt"], 0);
  // The token also works as Authorization: Bearer and as ?token= (for download links).
  httplib::Headers bearer{{"Authorization", "Bearer " + s.token}};
  auto r = c.Post(path(s, "/move").c_str(), bearer, mv, "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  auto csv = c.Get((path(s, "/transcript.csv") + "?token=" + s.token).c_str());
  ASSERT_TRUE(csv);
  EXPECT_EQ(csv->status, 200);
}

TEST(ServerApi, AcceptedAndDeniedMovesAndTheEndOfTheEpisode) {
  LiveServer srv(fresh_dir("rk-api"));
  auto c = srv.client();
  const Started s = start(c, {{"rules", "demo"}, {"board", "demo"}});
  // Only bucket 0 takes pieces: bucket 2 is denied, by cell (x, y) and bucket coordinates.
  Answer a = post(c, path(s, "/move"), json{{"x", 1}, {"y", 1}, {"bx", 7}, {"by", 0}}.dump(), s.token);
  EXPECT_EQ(a.status, 200);
  EXPECT_EQ(a.body["code"], 4);
  EXPECT_EQ(a.body["pieceId"], 1);
  EXPECT_EQ(pieces_left(get(c, path(s), s.token).body), 3u);
  a = post(c, path(s, "/move"), json{{"pos", 1}, {"bucket", 0}}.dump(), s.token);
  EXPECT_EQ(a.body["code"], 0);
  const json v = get(c, path(s), s.token).body;
  EXPECT_EQ(pieces_left(v), 2u);
  // The dropped piece is shown with its bucket.
  bool shown = false;
  for (const auto& p : v["board"]["value"]) shown |= p["id"] == 1 && p.value("dropped", -1) == 0;
  EXPECT_TRUE(shown) << v.dump();
  // An empty cell is an attempt too.
  a = post(c, path(s, "/move"), json{{"pos", 1}, {"bucket", 0}}.dump(), s.token);
  EXPECT_EQ(a.body["code"], 3);
  for (int id : {2, 3}) {
    a = post(c, path(s, "/move"), json{{"pieceId", id}, {"bucket", 0}}.dump(), s.token);
    EXPECT_EQ(a.body["code"], 0);
  }
  EXPECT_EQ(a.body["finishCode"], 1);
  EXPECT_EQ(a.body["attemptCnt"], 5);
  // After the end, nothing more is taken.
  a = post(c, path(s, "/move"), json{{"pieceId", 2}, {"bucket", 0}}.dump(), s.token);
  EXPECT_EQ(a.status, 409);
  const Answer t = get(c, path(s, "/transcript"), s.token);
  ASSERT_EQ(t.body.size(), 5u);
  const int codes[] = {4, 0, 3, 0, 0};
  for (size_t i = 0; i < 5; ++i) EXPECT_EQ(t.body[i]["code"], codes[i]) << i;
}

TEST(ServerApi, AttemptCountMustMatchWhenGiven) {
  LiveServer srv(fresh_dir("rk-api"));
  auto c = srv.client();
  const Started s = start(c, {{"rules", "demo"}, {"board", "demo"}});
  Answer a = post(c, path(s, "/move"), json{{"pieceId", 1}, {"bucket", 1}, {"cnt", 0}}.dump(), s.token);
  EXPECT_EQ(a.status, 200);
  a = post(c, path(s, "/move"), json{{"pieceId", 1}, {"bucket", 1}, {"cnt", 0}}.dump(), s.token);
  EXPECT_EQ(a.status, 409);
  EXPECT_EQ(a.body["code"], -7);
  EXPECT_EQ(get(c, path(s), s.token).body["attemptCnt"], 1);
}

TEST(ServerApi, BadRequestsGetClearAnswers) {
  LiveServer srv(fresh_dir("rk-api"), 4096);
  auto c = srv.client();
  Answer a = post(c, "/api/episodes", "{\"rules\": ");
  EXPECT_EQ(a.status, 400);
  EXPECT_NE(a.body.value("errmsg", "").find("not valid JSON"), std::string::npos) << a.body.dump();
  EXPECT_EQ(post(c, "/api/episodes", "[1,2]").status, 400);
  EXPECT_EQ(post(c, "/api/episodes", json{{"rules", "nope"}, {"board", "demo"}}.dump()).status, 404);
  EXPECT_EQ(post(c, "/api/episodes", json{{"rules", "demo"}}.dump()).status, 400);
  EXPECT_EQ(post(c, "/api/episodes", json{{"rules", "demo"}, {"pieces", 99}}.dump()).status, 400);
  EXPECT_EQ(post(c, "/api/episodes", json{{"rules", "demo"}, {"pieces", 3}, {"shapes", 4}}.dump()).status, 400);
  // Bytes that are not UTF-8 in the body: the parser's message quotes them, the answer is still JSON.
  a = post(c, "/api/episodes", "{\"rules\":\xff\xfe}");
  EXPECT_EQ(a.status, 400);
  EXPECT_FALSE(a.body.is_discarded());
  EXPECT_EQ(post(c, "/api/episodes", json{{"rules", "demo"}, {"board", 3}}.dump()).status, 400);
  EXPECT_EQ(post(c, "/api/episodes", json{{"rules", "demo"}, {"board", {{"value", "x"}}}}.dump()).status, 400);
  // A rule set with an error: the diagnostic says where.
  a = post(c, "/api/episodes", json{{"rulesText", "(*,*,*,,*)"}, {"board", "demo"}}.dump());
  EXPECT_EQ(a.status, 400);
  ASSERT_TRUE(a.body.contains("diagnostics"));
  EXPECT_EQ(a.body["diagnostics"][0]["line"], 1);
  EXPECT_EQ(a.body["diagnostics"][0]["column"], 8);
  // Too large a body.
  a = post(c, "/api/episodes", json{{"rulesText", std::string(8000, '#')}}.dump());
  EXPECT_EQ(a.status, 413);
  // Moves that cannot be understood are not attempts.
  const Started s = start(c, {{"rules", "demo"}, {"board", "demo"}});
  EXPECT_EQ(post(c, path(s, "/move"), "{}", s.token).status, 400);
  EXPECT_EQ(post(c, path(s, "/move"), json{{"pieceId", 1}, {"bucket", 4}}.dump(), s.token).status, 400);
  EXPECT_EQ(post(c, path(s, "/move"), json{{"x", 0}, {"y", 1}, {"bucket", 0}}.dump(), s.token).status, 400);
  EXPECT_EQ(post(c, path(s, "/move"), json{{"pieceId", 77}, {"bucket", 0}}.dump(), s.token).status, 400);
  EXPECT_EQ(post(c, path(s, "/move"), json{{"pieceId", 1}, {"bx", 3}, {"by", 3}}.dump(), s.token).status, 400);
  EXPECT_EQ(post(c, path(s, "/move"), "not json", s.token).status, 400);
  EXPECT_EQ(get(c, path(s), s.token).body["attemptCnt"], 0);
  EXPECT_EQ(get(c, "/api/episodes/20200101-000000-AAAAAAAAAAAAAAAA", "x").status, 404);
  EXPECT_EQ(get(c, "/api/nothing").status, 404);
}

TEST(ServerApi, RandomBoardsAreReproducibleFromTheirSeed) {
  LiveServer srv(fresh_dir("rk-api"));
  auto c = srv.client();
  const Started a = start(c, {{"rules", "demo"}, {"pieces", 9}, {"seed", 42}});
  const Started b = start(c, {{"rules", "demo"}, {"pieces", 9}, {"seed", 42}});
  const Started d = start(c, {{"rules", "demo"}, {"pieces", 9}, {"seed", 43}});
  EXPECT_EQ(a.view["board"], b.view["board"]);
  EXPECT_NE(a.view["board"], d.view["board"]);
  EXPECT_EQ(a.view["board"]["value"].size(), 9u);
}

TEST(ServerApi, TranscriptsAsTheRuleGameDocsDescribe) {
  LiveServer srv(fresh_dir("rk-api"));
  auto c = srv.client();
  const Started s = start(c, {{"rules", "demo"}, {"board", "demo"}, {"playerId", "p,1"}});
  post(c, path(s, "/move"), json{{"pieceId", 3}, {"bucket", 1}}.dump(), s.token);
  post(c, path(s, "/move"), json{{"pieceId", 3}, {"bucket", 0}}.dump(), s.token);
  auto fetch = [&](const std::string& what) {
    auto r = c.Get((path(s, "/" + what) + "?token=" + s.token).c_str());
    EXPECT_TRUE(r && r->status == 200);
    std::vector<std::string> lines;
    std::istringstream in(r ? r->body : "");
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
  };
  auto t = fetch("transcript.csv");
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0], "#pid,episodeId,moveNo,timestamp,mover,objectId,y,x,by,bx,code,followed");
  // Piece 3 is at x=6, y=6; bucket 1 is at bx=7, by=7; bucket 0 at bx=0, by=7.
  EXPECT_TRUE(std::regex_match(t[1], std::regex("\"p,1\"," + s.id + ",0,[0-9]{8}-[0-9]{6}\\.[0-9]{3},0,3,6,6,7,7,4,")))
      << t[1];
  EXPECT_TRUE(std::regex_match(t[2], std::regex(".*,1,[0-9.-]+,0,3,6,6,7,0,0,"))) << t[2];
  auto d = fetch("detailed-transcript.csv");
  ASSERT_EQ(d.size(), 3u);
  EXPECT_EQ(d[0],
            "#playerId,trialListId,seriesNo,ruleId,episodeNo,episodeId,moveNo,timestamp,reactionTime,objectType,"
            "objectId,y,x,bucketId,by,bx,code,objectCnt");
  EXPECT_TRUE(std::regex_match(d[2], std::regex(".*,BLACK_CIRCLE,3,6,6,0,7,0,0,2"))) << d[2];
  auto b = fetch("board.csv");
  ASSERT_EQ(b.size(), 4u);
  EXPECT_EQ(b[1], "\"p,1\"," + s.id + ",1,1,SQUARE,RED,RED_SQUARE");
}

// Researchers play several episodes under one hidden rule and take them away as one file.
TEST(ServerApi, ASeriesKeepsItsHiddenRuleTokenAndNumbersAndExportsAsOne) {
  const auto dir = fresh_dir("rk-api");
  std::string before;
  Started first, second;
  auto series_csv = [&](httplib::Client& c) {
    auto r = c.Get((path(second, "/series.csv") + "?token=" + second.token).c_str());
    EXPECT_TRUE(r && r->status == 200);
    return r ? r->body : std::string();
  };
  {
    LiveServer srv(dir);
    auto c = srv.client();
    first = start(c, {{"rules", "demo"}, {"board", "demo"}, {"playerId", "r1"}});
    EXPECT_EQ(first.view["seriesNo"], 0);
    post(c, path(first, "/move"), json{{"pieceId", 3}, {"bucket", 1}}.dump(), first.token);
    // The rule is the series' own: a rule named in the request is ignored (this one does not exist).
    second = start(c, {{"after", first.id}, {"afterToken", first.token}, {"rules", "nope"}, {"pieces", 5}, {"seed", 2}});
    EXPECT_EQ(second.token, first.token);
    EXPECT_EQ(second.view["seriesNo"], 1);
    EXPECT_EQ(second.view["board"]["value"].size(), 5u);
    const int64_t id = second.view["board"]["value"][0]["id"];
    post(c, path(second, "/move"), json{{"pieceId", id}, {"bucket", 2}}.dump(), second.token);
    // Only the series' token continues it.
    EXPECT_EQ(post(c, "/api/episodes", json{{"after", first.id}, {"afterToken", std::string(32, '0')}}.dump()).status, 403);
    EXPECT_EQ(post(c, "/api/episodes", json{{"after", first.id}}.dump()).status, 400);
    before = series_csv(c);
    std::vector<std::string> lines;
    std::istringstream in(before);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    ASSERT_EQ(lines.size(), 3u) << before;
    EXPECT_EQ(lines[0].rfind("#playerId,trialListId,seriesNo,ruleId,episodeNo,episodeId,", 0), 0u);
    EXPECT_EQ(lines[1].rfind("r1,,0,demo,0," + first.id + ",0,", 0), 0u) << lines[1];
    EXPECT_EQ(lines[2].rfind("r1,,0,demo,1," + second.id + ",0,", 0), 0u) << lines[2];
  }
  LiveServer again(dir);  // the series and its numbers come back from storage
  auto c = again.client();
  EXPECT_EQ(series_csv(c), before);
  EXPECT_EQ(get(c, path(second), second.token).status, 200);
}

TEST(ServerApi, RestartRebuildsEveryEpisodeExactlyOnDemand) {
  const auto dir = fresh_dir("rk-api");
  Started s, done;
  json before;
  {
    LiveServer srv(dir);
    auto c = srv.client();
    s = start(c, {{"rules", "demo"}, {"pieces", 8}, {"seed", 5}});
    for (int b : {1, 2, 0, 3, 0}) {
      const int64_t id = s.view["board"]["value"][0]["id"];
      post(c, path(s, "/move"), json{{"pieceId", id}, {"bucket", b}}.dump(), s.token);
      post(c, path(s, "/move"), json{{"pieceId", 1000}, {"bucket", b}}.dump(), s.token);  // refused, not stored
      s.view = get(c, path(s), s.token).body;
    }
    done = start(c, {{"rules", "demo"}, {"board", "demo"}});
    for (int id : {1, 2, 3}) post(c, path(done, "/move"), json{{"pieceId", id}, {"bucket", 0}}.dump(), done.token);
    before = get(c, path(s), s.token).body;
  }
  LiveServer again(dir);
  EXPECT_EQ(again.unfinished(), 1u);  // counted at start, rebuilt on demand like the finished one
  auto c = again.client();
  EXPECT_EQ(get(c, path(s), s.token).body, before);
  EXPECT_EQ(get(c, path(done), done.token).body["finishCode"], 1);
  // ... and goes on from where it was.
  const int64_t id = before["board"]["value"][0]["id"];
  const Answer a = post(c, path(s, "/move"), json{{"pieceId", id}, {"bucket", 0}, {"cnt", before["attemptCnt"]}}.dump(),
                        s.token);
  EXPECT_EQ(a.status, 200);
  EXPECT_EQ(a.body["code"], 0);
}

TEST(ServerApi, ShapesAndFilesStayInsideTheDataFolder) {
  const auto dir = fresh_dir("rk-api");
  std::filesystem::create_directories(dir / "shapes" / "arrows");
  std::filesystem::create_directories(dir / "rules" / "mine");
  std::ofstream(dir / "shapes" / "arrows" / "up.svg") << "<svg xmlns='http://www.w3.org/2000/svg'/>";
  std::ofstream(dir / "rules" / "mine" / "any.txt") << kAnyBucket;
  std::ofstream(dir / "secret.txt") << kAnyBucket;
  std::filesystem::create_symlink(dir / "secret.txt", dir / "rules" / "link.txt");
  LiveServer srv(dir);
  auto c = srv.client();
  auto r = c.Get("/shapes/ARROWS/UP.svg");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->get_header_value("Content-Type"), "image/svg+xml");
  r = c.Get("/shapes/../secret.svg");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 404);
  const auto rules = get(c, "/api/rules").body["rules"];
  EXPECT_EQ(rules, json::array({"demo", "mine/any"})) << "a link out of rules/ is not listed";
  EXPECT_EQ(post(c, "/api/episodes", json{{"rules", "mine/any"}, {"board", "demo"}}.dump()).status, 201);
  for (const char* bad : {"../secret", "/etc/passwd", "link", "mine/../../secret", "mine//any", "a\\b"}) {
    EXPECT_EQ(post(c, "/api/episodes", json{{"rules", bad}, {"board", "demo"}}.dump()).status, 404) << bad;
  }
  EXPECT_FALSE(server::rulegame::is_safe_name("..")) << "..";
  EXPECT_TRUE(server::rulegame::is_safe_name("CGS/~3"));
}

TEST(ServerApi, ThePageIsServed) {
  LiveServer srv(fresh_dir("rk-api"));
  auto c = srv.client();
  for (const char* p : {"/", "/app.js", "/style.css", "/rulegame.html", "/table.html", "/table.js", "/lobby.js", "/tables.css"}) {
    auto r = c.Get(p);
    ASSERT_TRUE(r) << p;
    EXPECT_EQ(r->status, 200) << p;
    EXPECT_GT(r->body.size(), 500u) << p;
  }
  // The start page is the lobby of every game; Rule Game keeps its own page.
  EXPECT_NE(c.Get("/")->body.find("create-form"), std::string::npos);
  EXPECT_NE(c.Get("/rulegame.html")->body.find("board-svg"), std::string::npos);
}

}  // namespace
}  // namespace rk::test
