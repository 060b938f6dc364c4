// Two `rulekit serve` processes on one PostgreSQL database and one data folder: clients play the
// same episodes through both at once, so that each process keeps making moves on copies the other
// has moved past. Every acknowledged move must sit at the place its answer gave it, both
// processes must show the same transcript, and after one is killed with SIGKILL the other serves
// every episode on; restarted, the killed one serves them again.
#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <fstream>
#include <limits>
#include <map>
#include <mutex>
#include <thread>

#include <nlohmann/json.hpp>

#include "child_server.h"
#include "pg_cluster.h"
#include "server_fixture.h"
#include "tables_fixture.h"

namespace rk::test {
namespace {

using nlohmann::json;

struct Acked {
  int64_t piece;
  int bucket;
  int code;
};

// One episode: the moves acknowledged, by their place in the transcript (attemptCnt - 1).
struct Shared {
  std::string id, token;
  std::mutex mu;
  std::map<int64_t, Acked> acked;
};

// Moves on `e` through the server at `port` until `stop` or that server stops answering.
// No move is made while `total` has reached `pause_at` (the test kills a server meanwhile: short
// episodes would otherwise all end before a busy machine lets the test's own thread see the count).
void play(int port, Shared& e, uint64_t k, std::atomic<bool>& stop, std::atomic<long>& total,
          std::atomic<long>& pause_at) {
  httplib::Client c("127.0.0.1", port);
  c.set_read_timeout(10, 0);
  for (; !stop; ++k) {
    if (total >= pause_at) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      continue;
    }
    const Answer v = get(c, "/api/episodes/" + e.id, e.token);
    if (v.status == 503) continue;  // the store was busy: a client asks again
    if (v.status != 200) return;
    if (v.body["finishCode"] != 0) return;
    std::vector<int64_t> left;
    for (const auto& q : v.body["board"]["value"]) {
      if (!q.contains("dropped")) left.push_back(q["id"]);
    }
    if (left.empty()) return;
    const int64_t piece = left[k % left.size()];
    const int bucket = k % 3 == 0 ? 0 : static_cast<int>(k % 4);
    const Answer a = post(c, "/api/episodes/" + e.id + "/move", json{{"pieceId", piece}, {"bucket", bucket}}.dump(), e.token);
    if (a.status == 400) continue;  // the other process moved that piece first
    // Its copy lost the race for that move number more often than it retries, or the store was
    // busy (a loaded machine): not acknowledged, and a client asks again.
    if (a.status == 409 || a.status == 503) continue;
    if (a.status != 200) return;    // gone: not acknowledged
    std::lock_guard<std::mutex> lk(e.mu);
    const int64_t at = a.body["attemptCnt"].get<int64_t>() - 1;
    EXPECT_EQ(e.acked.count(at), 0u) << e.id << ": two moves acknowledged at " << at;
    e.acked[at] = {piece, bucket, a.body["code"].get<int>()};
    ++total;
  }
}

// Through the server at `port`: every acknowledged move at its place; the transcript's length.
size_t verify(int port, Shared& e) {
  httplib::Client c("127.0.0.1", port);
  c.set_read_timeout(10, 0);
  const Answer v = get(c, "/api/episodes/" + e.id, e.token);
  EXPECT_EQ(v.status, 200) << e.id << " " << v.body.dump();
  if (v.status != 200) return 0;
  const json& t = v.body["transcript"];
  for (const auto& [at, a] : e.acked) {
    EXPECT_LT(static_cast<size_t>(at), t.size()) << e.id << ": acknowledged move " << at << " lost";
    if (static_cast<size_t>(at) >= t.size()) continue;
    EXPECT_EQ(t[at]["pieceId"], a.piece) << e.id << ":" << at;
    EXPECT_EQ(t[at]["bucketNo"], a.bucket) << e.id << ":" << at;
    EXPECT_EQ(t[at]["code"], a.code) << e.id << ":" << at;
  }
  return t.size();
}

TEST(SharedStorePostgres, TwoServersPlayTheSameEpisodesAndEitherServesOnAfterAKill) {
  PgCluster* pg = PgCluster::get();
  if (!pg) GTEST_SKIP() << "*** SKIPPED: " << PgCluster::why() << " ***";
  const std::string url = pg->new_database("shared");
  const auto dir = fresh_dir("rk-shared");
  std::filesystem::create_directories(dir / "rules");
  std::ofstream(dir / "rules" / "bucket0.txt") << kOnlyBucket0;
  // One data folder for both: with PostgreSQL it holds only the catalogs, and no lock refuses
  // the second server.
  auto a = std::make_unique<Child>(dir, std::vector<std::string>{"--db", url});
  Child b(dir, {"--db", url});
  ASSERT_GT(a->port(), 0) << a->first_line() << a->error_text();
  ASSERT_GT(b.port(), 0) << b.first_line() << b.error_text();

  constexpr int kEpisodes = 4;
  std::vector<std::unique_ptr<Shared>> eps;
  {
    httplib::Client c("127.0.0.1", a->port());
    for (int i = 0; i < kEpisodes; ++i) {
      const Answer s = post(c, "/api/episodes", json{{"rules", "bucket0"}, {"pieces", 30}, {"seed", i}}.dump());
      ASSERT_EQ(s.status, 201) << s.body.dump();
      eps.push_back(std::make_unique<Shared>());
      eps.back()->id = s.body["episodeId"];
      eps.back()->token = s.body["playerToken"];
    }
  }
  // Both servers at once on every episode, then A is killed while they play.
  std::atomic<bool> stop{false};
  std::atomic<long> total{0};
  std::atomic<long> pause_at{60};
  std::vector<std::thread> threads;
  for (int i = 0; i < kEpisodes; ++i) {
    threads.emplace_back(play, a->port(), std::ref(*eps[i]), 1 + 2 * i, std::ref(stop), std::ref(total), std::ref(pause_at));
    threads.emplace_back(play, b.port(), std::ref(*eps[i]), 2 + 2 * i, std::ref(stop), std::ref(total), std::ref(pause_at));
  }
  const auto until = Clock::now() + std::chrono::seconds(20);
  while (total < 60 && Clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  a->kill9();
  const long at_kill = total;
  pause_at = std::numeric_limits<long>::max();
  // B alone goes on with every episode, A's too.
  while (total < at_kill + 40 && Clock::now() < until + std::chrono::seconds(10)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  stop = true;
  for (auto& t : threads) t.join();
  ASSERT_GT(at_kill, 20) << "too few moves through both servers to test anything";
  ASSERT_GT(total.load(), at_kill + 10) << "the surviving server did not go on";

  a = std::make_unique<Child>(dir, std::vector<std::string>{"--db", url});
  ASSERT_GT(a->port(), 0) << a->first_line() << a->error_text();
  for (auto& e : eps) {
    const size_t via_b = verify(b.port(), *e);
    const size_t via_a = verify(a->port(), *e);  // rebuilt from the database after the restart
    EXPECT_EQ(via_a, via_b) << e->id;
    // At most one move was stored and never answered (the one A was making when it died).
    EXPECT_LE(via_b, e->acked.size() + 1) << e->id;
  }
  std::printf("%ld moves acknowledged by two servers on one PostgreSQL database (%ld before one was killed), none lost\n",
              total.load(), at_kill);
}

// A seat watching a table's event stream on one server sees a decision made through another
// (LISTEN/NOTIFY), within a second, without reading the table.
TEST(SharedStorePostgres, AnEventStreamOnOneServerTellsOfADecisionMadeThroughAnother) {
  if (corpus_absent("corpora/vck/tables")) GTEST_SKIP();
  PgCluster* pg = PgCluster::get();
  if (!pg) GTEST_SKIP() << "*** SKIPPED: " << PgCluster::why() << " ***";
  const std::string url = pg->new_database("events");
  const auto dir = fresh_dir("rk-shared-events");
  Child a(dir, {"--db", url});
  Child b(dir, {"--db", url});
  ASSERT_GT(a.port(), 0) << a.error_text();
  ASSERT_GT(b.port(), 0) << b.error_text();
  httplib::Client ca("127.0.0.1", a.port());
  ca.set_read_timeout(30, 0);
  const Answer made = seat_post(ca, "/api/tables", {{"game", "vck"}, {"options", {{"preset", "base"}}}, {"seats", {"human", "human"}}});
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const std::string id = made.body["id"];
  RawConn watch(b.port());
  ASSERT_TRUE(watch.send_all("GET /api/tables/" + id + "/events HTTP/1.1\r\nHost: x\r\n\r\n"));
  const std::string opened = watch.receive(10, "data: {\"seq\":0}");
  ASSERT_NE(opened.find("data: {\"seq\":0}"), std::string::npos) << opened;
  for (int n = 0; n < 3; ++n) {
    std::string mover;
    int64_t seq = 0;
    for (const auto& s : made.body["seats"]) {
      const Answer v = seat_get(ca, "/api/tables/" + id, s["token"]);
      if (!v.body["decision"].is_null()) mover = s["token"], seq = v.body["seq"];
    }
    ASSERT_FALSE(mover.empty());
    const auto t0 = Clock::now();
    ASSERT_EQ(seat_post(ca, "/api/tables/" + id + "/decide", {{"option", 0}, {"seq", seq}}, mover).status, 200);
    const std::string want = fmt::format("data: {{\"seq\":{}}}", seq + 1);
    const std::string next = watch.receive(3, want);
    EXPECT_NE(next.find(want), std::string::npos) << next;
    EXPECT_LT(std::chrono::duration<double>(Clock::now() - t0).count(), 1.0);
  }
}

// A table of bots goes on by itself on a surviving server after the one running its bots is
// killed: the lease of its bots was the dead process's session, and PostgreSQL let it go.
TEST(SharedStorePostgres, ASurvivorTakesOverTheBotsOfAKilledServer) {
  if (corpus_absent("corpora/vck/tables")) GTEST_SKIP();
  PgCluster* pg = PgCluster::get();
  if (!pg) GTEST_SKIP() << "*** SKIPPED: " << PgCluster::why() << " ***";
  const std::string url = pg->new_database("bots");
  const auto dir = fresh_dir("rk-shared-bots");
  Child a(dir, {"--db", url});
  Child b(dir, {"--db", url});
  ASSERT_GT(a.port(), 0) << a.error_text();
  ASSERT_GT(b.port(), 0) << b.error_text();
  httplib::Client ca("127.0.0.1", a.port());
  ca.set_read_timeout(30, 0);
  // MCTS, slow enough to be mid-game at the kill.
  const Answer made =
      seat_post(ca, "/api/tables", {{"game", "vck"}, {"options", {{"preset", "base"}}}, {"seats", {"mcts:200", "mcts:200"}}});
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const std::string id = made.body["id"];
  // The decisions stored, read from the database itself: asking B for the table would wake its
  // bots there on demand, and this test is about B taking them over by itself.
  auto stored = [&] {
    const std::string n = pg->scalar(url, "SELECT count(*) FROM decision WHERE table_id='" + id + "'");
    return n.empty() ? int64_t{-1} : std::stoll(n);
  };
  const auto until = Clock::now() + std::chrono::seconds(30);
  while (stored() < 3 && Clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_GE(stored(), 3) << "A's bots did not play";
  a.kill9();
  const int64_t at_kill = stored();
  // Nobody asks for this table: B must go on with it by itself, within a few seconds.
  int64_t now = at_kill;
  const auto wait = Clock::now() + std::chrono::seconds(20);
  while ((now = stored()) < at_kill + 3 && Clock::now() < wait) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_GE(now, at_kill + 3) << "the table stopped at " << at_kill << " after its server was killed";
}

}  // namespace
}  // namespace rk::test
