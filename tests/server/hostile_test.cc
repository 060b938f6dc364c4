// The server under hostile input and load (issue 24): each attack of the report runs against the
// real binary on 127.0.0.1, bounded in time and count, and the server must refuse it and keep
// answering everyone else with bounded memory.
#include <gtest/gtest.h>
#include <httplib.h>
#include <sqlite3.h>

#include <atomic>
#include <fstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "child_server.h"
#include "server_fixture.h"

namespace rk::test {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

httplib::Client client_of(const Child& c, int timeout_s = 5) {
  httplib::Client h("127.0.0.1", c.port());
  h.set_read_timeout(timeout_s, 0);
  h.set_connection_timeout(2, 0);
  return h;
}

bool answers(const Child& c) {
  auto h = client_of(c, 2);
  auto r = h.Get("/api/version");
  return r && r->status == 200;
}

std::string list_of(int n) {
  std::string s = "[";
  for (int i = 0; i < n; ++i) s += (i ? "," : "") + std::to_string(i);
  return s + "]";
}

// 1. A deeply nested value inside `board` overflowed the stack when dumped back to text.
TEST(Hostile, DeeplyNestedJsonIsRefusedAndTheServerGoesOn) {
  Child srv(fresh_dir("rk-hostile"));
  ASSERT_GT(srv.port(), 0) << srv.error_text();
  auto h = client_of(srv);
  const std::string deep = std::string(75000, '[') + std::string(75000, ']');  // 150 KB
  for (const std::string& body : {R"({"rules":"demo","board":{"value":)" + deep + "}}",
                                  R"({"rules":"demo","pieces":3,"playerId":)" + deep + "}", deep}) {
    auto r = h.Post("/api/episodes", body, "application/json");
    ASSERT_TRUE(r) << "no answer to " << body.substr(0, 40) << "...: the server died";
    EXPECT_EQ(r->status, 400) << r->body;
    EXPECT_NE(r->body.find("nested deeper than 32 levels"), std::string::npos) << r->body;
  }
  EXPECT_TRUE(answers(srv));
}

// 2. The body limit did not apply to chunked bodies; rule text and boards had no size of their own.
TEST(Hostile, EveryBodyIsHeldToItsLimitWhateverItsEncoding) {
  Child srv(fresh_dir("rk-hostile"));
  ASSERT_GT(srv.port(), 0) << srv.error_text();
  RawConn c(srv.port());
  ASSERT_TRUE(c.ok());
  c.send_all("POST /api/episodes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
             "Transfer-Encoding: chunked\r\n\r\n");
  const std::string chunk = "10000\r\n" + std::string(65536, ' ') + "\r\n";
  size_t sent = 0;
  while (sent < (64u << 20) && !c.readable() && c.send_all(chunk)) sent += 65536;  // at most 64 MB
  const std::string answer = c.receive(5, "\r\n\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 413", 0), 0u) << answer.substr(0, 200);
  EXPECT_LT(sent, 8u << 20) << "the server read " << sent << " bytes of a 256 KB-limited body";
  EXPECT_LT(srv.memory_kb(), 200 * 1024) << "peak memory in kB";
  // A rule text within the body limit but over its own limit; a board over its piece limit.
  auto h = client_of(srv);
  auto r = h.Post("/api/episodes", json{{"rulesText", std::string(100000, '#')}, {"pieces", 3}}.dump(), "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 413) << r->body;
  json pieces = json::array();
  for (int i = 0; i < 500; ++i) pieces.push_back({{"id", i}, {"x", 1}, {"y", 1}, {"shape", "SQUARE"}, {"color", "RED"}});
  r = h.Post("/api/episodes", json{{"rules", "demo"}, {"board", {{"value", pieces}}}}.dump(), "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400) << r->body;
  EXPECT_TRUE(answers(srv));
}

// 3. A 7.8 KB rule cost 15 s of CPU per episode start and 10 s per move.
TEST(Hostile, RulesOverTheEvaluationBudgetAreRefusedBeforeTheyRun) {
  Child srv(fresh_dir("rk-hostile"));
  ASSERT_GT(srv.port(), 0) << srv.error_text();
  auto h = client_of(srv, 5);
  const std::string rule = "(*,*,*,*," + list_of(1000) + "+" + list_of(1000) + ")\n";
  auto r = h.Post("/api/episodes", json{{"rulesText", rule}, {"pieces", 20}}.dump(), "application/json");
  ASSERT_TRUE(r) << "no answer within 5 s: the rule ran";
  EXPECT_EQ(r->status, 400);
  const json body = json::parse(r->body);
  ASSERT_TRUE(body.contains("diagnostics")) << r->body;
  EXPECT_EQ(body["diagnostics"][0]["code"], "RG0092") << r->body;
  EXPECT_TRUE(answers(srv));
}

// A connection that sends one header line now and then.
void dribble(int port, std::atomic<bool>& stop) {
  RawConn c(port);
  c.send_all("GET /api/version HTTP/1.1\r\n");
  for (int i = 0; !stop && c.send_all("X-Slow-" + std::to_string(i) + ": 1\r\n"); ++i) {
    for (int k = 0; k < 25 && !stop; ++k) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

// 4. 32 slow connections blocked everyone (a thread per connection); headers were unbounded;
// pipelined requests after the first were dropped.
TEST(Hostile, SlowConnectionsStarveNobody) {
  Child srv(fresh_dir("rk-hostile"));
  ASSERT_GT(srv.port(), 0) << srv.error_text();
  std::atomic<bool> stop{false};
  std::vector<std::thread> slow;
  for (int i = 0; i < 200; ++i) slow.emplace_back(dribble, srv.port(), std::ref(stop));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  int answered = 0;
  for (int i = 0; i < 20; ++i) {
    auto h = client_of(srv, 2);
    auto r = h.Get("/api/version");
    answered += r && r->status == 200;
  }
  stop = true;
  for (auto& t : slow) t.join();
  EXPECT_EQ(answered, 20) << "requests answered within 2 s each while 200 slow connections were open";
}

TEST(Hostile, HeadersAreBoundedInSizeAndCount) {
  Child srv(fresh_dir("rk-hostile"));
  ASSERT_GT(srv.port(), 0) << srv.error_text();
  {
    RawConn c(srv.port());
    std::string many = "GET /api/version HTTP/1.1\r\nHost: x\r\n";
    for (int i = 0; i < 100; ++i) many += "X-" + std::to_string(i) + ": 1\r\n";
    c.send_all(many + "\r\n");
    EXPECT_EQ(c.receive(5, "\r\n\r\n").rfind("HTTP/1.1 431", 0), 0u);
  }
  {
    // A million header lines: refused after the first 16 KB, without reading the rest.
    RawConn c(srv.port());
    c.send_all("GET /api/version HTTP/1.1\r\n");
    size_t sent = 0;
    while (sent < (32u << 20) && !c.readable() && c.send_all(std::string(20000, 'a') + ": 1\r\n")) sent += 20005;
    EXPECT_LT(sent, 4u << 20);
    const std::string answer = c.receive(5, "\r\n\r\n");
    EXPECT_TRUE(answer.empty() || answer.rfind("HTTP/1.1 431", 0) == 0) << answer.substr(0, 100);
  }
  EXPECT_LT(srv.memory_kb(), 200 * 1024);
  EXPECT_TRUE(answers(srv));
}

TEST(Hostile, PipelinedRequestsAreAllAnsweredInOrder) {
  Child srv(fresh_dir("rk-hostile"));
  ASSERT_GT(srv.port(), 0) << srv.error_text();
  RawConn c(srv.port());
  std::string three;
  for (const char* path : {"/api/version", "/api/nothing", "/api/rules"}) {
    three += std::string("GET ") + path + " HTTP/1.1\r\nHost: x\r\n\r\n";
  }
  c.send_all(three);
  const std::string got = c.receive(5, "\"rules\"");
  const size_t a = got.find("HTTP/1.1 200"), b = got.find("HTTP/1.1 404"), d = got.find("\"rules\"");
  ASSERT_NE(a, std::string::npos) << got;
  ASSERT_NE(b, std::string::npos) << got;
  ASSERT_NE(d, std::string::npos) << got;
  EXPECT_LT(a, b);
  EXPECT_LT(b, d);
  EXPECT_EQ(count_of(got, "HTTP/1.1 "), 3u) << got;
}

// Episodes started through the API, then copied in storage to `n` unfinished ones.
struct Seeded {
  std::vector<std::pair<std::string, std::string>> episodes;  // id, token
};

Seeded seed_unfinished(const fs::path& dir, int n) {
  Seeded s;
  json setup;
  {
    Child first(dir);
    auto h = client_of(first);
    auto r = h.Post("/api/episodes", json{{"rules", "demo"}, {"pieces", 9}, {"seed", 1}}.dump(), "application/json");
    EXPECT_TRUE(r && r->status == 201);
    if (!r) return s;
    first.stop();
  }
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open((dir / "rulekit.db").c_str(), &db), SQLITE_OK);
  sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr);
  sqlite3_stmt* ins = nullptr;
  sqlite3_prepare_v2(db,
                     "INSERT INTO episode(id, game, token, player, setup, created_ms, finish) "
                     "SELECT ?, game, ?, player, setup, created_ms + ?, 0 FROM episode LIMIT 1",
                     -1, &ins, nullptr);
  for (int i = 0; i < n; ++i) {
    char id[64], token[40];
    std::snprintf(id, sizeof id, "20260101-000000-%016d", i);
    std::snprintf(token, sizeof token, "%032d", i);
    sqlite3_bind_text(ins, 1, id, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(ins, 2, token, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(ins, 3, i);
    sqlite3_step(ins);
    sqlite3_reset(ins);
    if (i % 97 == 0) s.episodes.emplace_back(id, token);
  }
  sqlite3_finalize(ins);
  sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  return s;
}

int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v ? std::atoi(v) : fallback;
}

// 5. Restart replayed every unfinished episode before the port opened (quadratic past 20,000),
// and nothing ever left memory.
TEST(Hostile, RestartWithManyUnfinishedEpisodesOpensThePortAtOnce) {
  const auto dir = fresh_dir("rk-hostile");
  const int n = env_int("RK_HOSTILE_EPISODES", 30000);
  const Seeded seeded = seed_unfinished(dir, n);
  Child srv(dir, {}, 5);
  ASSERT_GT(srv.port(), 0) << "no port within 5 s: " << srv.first_line() << srv.error_text();
  std::printf("restart with %d unfinished episodes: the port opened after %.3f s\n", n + 1, srv.start_seconds());
  EXPECT_NE(srv.first_line().find(std::to_string(n + 1) + " unfinished episodes"), std::string::npos) << srv.first_line();
  // Every seeded episode is there on demand.
  auto h = client_of(srv);
  for (const auto& [id, token] : seeded.episodes) {
    const Answer v = get(h, "/api/episodes/" + id, token);
    ASSERT_EQ(v.status, 200) << id << " " << v.body.dump();
    EXPECT_EQ(v.body["attemptCnt"], 0);
  }
}

TEST(Hostile, EpisodesLeaveMemoryPastTheLimitAndComeBackOnDemand) {
  const auto dir = fresh_dir("rk-hostile");
  const Seeded seeded = seed_unfinished(dir, 3000);
  Child srv(dir, {"--limit", "max_live=50"});
  ASSERT_GT(srv.port(), 0) << srv.error_text();
  auto h = client_of(srv);
  // One move in the first episode, then every episode twice over: the first comes back with it.
  const auto& [first, token] = seeded.episodes.front();
  const Answer moved = post(h, "/api/episodes/" + first + "/move", json{{"pos", 1}, {"bucket", 2}}.dump(), token);
  ASSERT_EQ(moved.status, 200) << moved.body.dump();
  for (int round = 0; round < 2; ++round) {
    for (const auto& [id, tok] : seeded.episodes) ASSERT_EQ(get(h, "/api/episodes/" + id, tok).status, 200);
  }
  const Answer health = get(h, "/api/health");
  EXPECT_LE(health.body["live"].get<size_t>(), 50u) << health.body.dump();
  const Answer back = get(h, "/api/episodes/" + first, token);
  EXPECT_EQ(back.body["attemptCnt"], 1) << back.body.dump();
  EXPECT_EQ(back.body["transcript"][0]["code"], moved.body["code"]);
}

TEST(Hostile, OneClientCannotFillMemoryWithEpisodes) {
  Child srv(fresh_dir("rk-hostile"), {"--limit", "max_live_per_client=5", "--limit", "max_live=8"});
  ASSERT_GT(srv.port(), 0) << srv.error_text();
  auto h = client_of(srv);
  const std::string start = json{{"rules", "demo"}, {"pieces", 3}}.dump();
  std::vector<std::pair<std::string, std::string>> mine;
  for (int i = 0; i < 5; ++i) {
    const Answer a = post(h, "/api/episodes", start);
    ASSERT_EQ(a.status, 201) << a.body.dump();
    mine.emplace_back(a.body["episodeId"], a.body["playerToken"]);
  }
  const Answer refused = post(h, "/api/episodes", start);
  EXPECT_EQ(refused.status, 429) << refused.body.dump();
  EXPECT_NE(refused.body.value("errmsg", "").find("too many unfinished episodes"), std::string::npos);
  // They are all still playable, and a move in one makes it count as the client's as before.
  for (const auto& [id, token] : mine) EXPECT_EQ(get(h, "/api/episodes/" + id, token).status, 200);
}

// 6. Passive checkpoints never reset the write-ahead log under steady writes.
TEST(Hostile, TheWriteAheadLogStaysBoundedUnderSteadyWrites) {
  const auto dir = fresh_dir("rk-hostile");
  Child srv(dir, {"--no-fsync", "--limit", "wal_checkpoint_bytes=1048576"});
  ASSERT_GT(srv.port(), 0) << srv.error_text();
  std::atomic<bool> stop{false};
  std::atomic<int> moves{0};
  std::vector<std::thread> clients;
  for (int k = 0; k < 4; ++k) {
    clients.emplace_back([&, k] {
      auto h = client_of(srv);
      while (!stop) {
        const Answer s = post(h, "/api/episodes", json{{"rules", "demo"}, {"pieces", 36}, {"seed", k}}.dump());
        if (s.status != 201) return;
        const std::string path = "/api/episodes/" + s.body["episodeId"].get<std::string>() + "/move";
        const std::string token = s.body["playerToken"];
        const std::string mv = json{{"pos", 1}, {"bucket", 1}}.dump();
        for (int i = 0; i < 500 && !stop && post(h, path, mv, token).status == 200; ++i) ++moves;
      }
    });
  }
  // Until 8,000 moves are stored (each commit adds at least one 4 KB page to the log: 32 MB or
  // more in all without checkpoints), or 30 s.
  uintmax_t largest = 0;
  const auto t0 = Clock::now();
  while (moves < 8000 && Clock::now() < t0 + std::chrono::seconds(30)) {
    std::error_code ec;
    const uintmax_t size = fs::file_size(dir / "rulekit.db-wal", ec);
    if (!ec) largest = std::max(largest, size);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  stop = true;
  for (auto& t : clients) t.join();
  std::printf("%d moves in %.1f s; largest write-ahead log %.1f MB (checkpointed at 1 MB)\n", moves.load(),
              std::chrono::duration<double>(Clock::now() - t0).count(), static_cast<double>(largest) / 1e6);
  EXPECT_GE(moves.load(), 8000);
  // The limit plus what arrives while a checkpoint is on its way (more on a busy machine: 13 MB
  // was seen with two cores shared by builds); without checkpoints the log passes 32 MB.
  EXPECT_LT(largest, 20u << 20);
}

// 7 (and issue 23). Two servers on one data folder, or on one port.
TEST(Hostile, TwoServersNeverShareADataFolder) {
  const auto dir = fresh_dir("rk-hostile");
  Child first(dir);
  ASSERT_GT(first.port(), 0) << first.error_text();
  Child second(dir, {}, 5);
  EXPECT_EQ(second.port(), 0) << "a second server started on the same data folder";
  EXPECT_EQ(second.wait_exit(5), 2);
  EXPECT_NE(second.error_text().find("is in use by another rulekit serve"), std::string::npos) << second.error_text();
  EXPECT_TRUE(answers(first));
}

TEST(Hostile, ASecondServerOnABusyPortRefusesToStart) {
  Child first(fresh_dir("rk-hostile-a"));
  ASSERT_GT(first.port(), 0) << first.error_text();
  Child second(fresh_dir("rk-hostile-b"), {"--port", std::to_string(first.port())}, 5);
  EXPECT_EQ(second.port(), 0) << "a second server shares port " << first.port();
  EXPECT_EQ(second.wait_exit(5), 2);
  EXPECT_NE(second.error_text().find("is already in use"), std::string::npos) << second.error_text();
  EXPECT_TRUE(answers(first));
}

// 8. A database with damaged pages started silently and resumed part of the episodes.
TEST(Hostile, ADamagedDatabaseIsRefusedWithAClearMessage) {
  const auto dir = fresh_dir("rk-hostile");
  {
    Child srv(dir);
    ASSERT_GT(srv.port(), 0) << srv.error_text();
    auto h = client_of(srv);
    const std::string padded = "# " + std::string(3000, 'x') + "\n(*,*,*,*,[0])\n";
    for (int i = 0; i < 40; ++i) {
      ASSERT_EQ(post(h, "/api/episodes", json{{"rulesText", padded}, {"pieces", 5}}.dump()).status, 201);
    }
    ASSERT_EQ(srv.stop(), 0);  // a clean stop: everything is in rulekit.db
  }
  const fs::path db = dir / "rulekit.db";
  const auto size = fs::file_size(db);
  ASSERT_GT(size, 16u * 4096);
  {
    std::fstream f(db, std::ios::in | std::ios::out | std::ios::binary);
    const std::string junk(4096, '\x5a');
    for (uintmax_t page = 4; page * 4096 + 4096 < size; page += 3) {
      f.seekp(static_cast<std::streamoff>(page * 4096));
      f.write(junk.data(), static_cast<std::streamsize>(junk.size()));
    }
  }
  // Found by the first read at start (the count of unfinished episodes) or by the integrity check
  // that runs beside serving (the port opens at once however large the database is): either way
  // the server stops within milliseconds here, with the reason.
  Child again(dir, {}, 5);
  EXPECT_EQ(again.wait_exit(5), 2) << "the server goes on with a damaged database: " << again.first_line();
  EXPECT_NE(again.error_text().find("is damaged"), std::string::npos) << again.error_text();
}

}  // namespace
}  // namespace rk::test
