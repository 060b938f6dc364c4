// Two `rulekit serve` processes on one PostgreSQL database and one data folder: clients play the
// same episodes through both at once, so that each process keeps making moves on copies the other
// has moved past. Every acknowledged move must sit at the place its answer gave it, both
// processes must show the same transcript, and after one is killed with SIGKILL the other serves
// every episode on; restarted, the killed one serves them again.
#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <fstream>
#include <map>
#include <mutex>
#include <thread>

#include <nlohmann/json.hpp>

#include "child_server.h"
#include "pg_cluster.h"
#include "server_fixture.h"

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
void play(int port, Shared& e, uint64_t k, std::atomic<bool>& stop, std::atomic<long>& total) {
  httplib::Client c("127.0.0.1", port);
  c.set_read_timeout(10, 0);
  for (; !stop; ++k) {
    const Answer v = get(c, "/api/episodes/" + e.id, e.token);
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
  std::vector<std::thread> threads;
  for (int i = 0; i < kEpisodes; ++i) {
    threads.emplace_back(play, a->port(), std::ref(*eps[i]), 1 + 2 * i, std::ref(stop), std::ref(total));
    threads.emplace_back(play, b.port(), std::ref(*eps[i]), 2 + 2 * i, std::ref(stop), std::ref(total));
  }
  const auto until = Clock::now() + std::chrono::seconds(20);
  while (total < 60 && Clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  a->kill9();
  const long at_kill = total;
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

}  // namespace
}  // namespace rk::test
