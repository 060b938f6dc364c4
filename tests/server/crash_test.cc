// SIGKILL in the middle of episodes: the real `rulekit serve` binary (durable commits) is started,
// clients make moves as fast as they can, the server is killed without warning and started again
// on the same data folder, several times. Every acknowledged move must still be there, in order
// and with the same result, every episode must go on, and the write-ahead log must stay bounded.
//
// CI runs two short cycles. The soak of issue 24 is the same test, longer:
//   RK_CRASH_CYCLES=10 RK_CRASH_SECONDS=600 RK_CRASH_CLIENTS=16
//   build/release/tests/server_test --gtest_filter=ServerCrash.*
#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <thread>

#include <nlohmann/json.hpp>

#include "child_server.h"
#include "server_fixture.h"
#include "store_param.h"

namespace rk::test {
namespace {

using nlohmann::json;

struct Acked {
  int64_t piece;
  int bucket;
  int code;
};

// One client's episode: what the server acknowledged so far.
struct Played {
  std::string id, token;
  std::vector<Acked> acked;
  bool verified_after_finish = false;
  bool finished = false;
};

int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v ? std::atoi(v) : fallback;
}

// Makes moves until `stop` or until the server stops answering; starts a new episode when one ends.
void play(int port, int k, std::atomic<bool>& stop, std::atomic<long>& total, std::vector<Played>& mine) {
  httplib::Client c("127.0.0.1", port);
  c.set_read_timeout(5, 0);
  for (uint64_t n = static_cast<uint64_t>(k); !stop;) {
    if (mine.empty() || mine.back().finished) {
      const Answer s = post(c, "/api/episodes", json{{"rules", "bucket0"}, {"pieces", 30}, {"seed", n}}.dump());
      if (s.status != 201) return;
      mine.push_back({s.body["episodeId"], s.body["playerToken"], {}, false, false});
    }
    Played& p = mine.back();
    const Answer v = get(c, "/api/episodes/" + p.id, p.token);
    if (v.status != 200) return;
    std::vector<int64_t> left;
    for (const auto& q : v.body["board"]["value"]) {
      if (!q.contains("dropped")) left.push_back(q["id"]);
    }
    // Mostly denied attempts (buckets 1-3), every fourth one accepted (bucket 0).
    for (; !stop && !left.empty(); ++n) {
      const int bucket = n % 4 == 3 ? 0 : static_cast<int>(n % 4) + 1;
      const Answer a = post(c, "/api/episodes/" + p.id + "/move", json{{"pieceId", left.back()}, {"bucket", bucket}}.dump(),
                            p.token);
      if (a.status != 200) return;  // the server is gone: this move was not acknowledged
      p.acked.push_back({left.back(), bucket, a.body["code"].get<int>()});
      if (a.body["code"] == 0) left.pop_back();
      p.finished = a.body["finishCode"] != 0;
      ++total;
    }
  }
}

// After a restart: every acknowledged move is there, in order; at most one more (stored, then
// killed before the answer went out), which becomes acknowledged from now on.
void verify(httplib::Client& c, Played& p) {
  const Answer v = get(c, "/api/episodes/" + p.id, p.token);
  ASSERT_EQ(v.status, 200) << p.id << " " << v.body.dump();
  const json& t = v.body["transcript"];
  ASSERT_GE(t.size(), p.acked.size()) << p.id;
  ASSERT_LE(t.size(), p.acked.size() + 1) << p.id;
  for (size_t i = 0; i < p.acked.size(); ++i) {
    ASSERT_EQ(t[i]["pieceId"], p.acked[i].piece) << p.id << ":" << i;
    ASSERT_EQ(t[i]["bucketNo"], p.acked[i].bucket) << p.id << ":" << i;
    ASSERT_EQ(t[i]["code"], p.acked[i].code) << p.id << ":" << i;
  }
  if (t.size() > p.acked.size()) {
    const json& x = t.back();
    p.acked.push_back({x["pieceId"].get<int64_t>(), x["bucketNo"].get<int>(), x["code"].get<int>()});
  }
  p.finished = v.body["finishCode"] != 0;
  p.verified_after_finish = p.finished;
}

class ServerCrash : public testing::TestWithParam<StoreKind> {};

TEST_P(ServerCrash, SigkillLosesNoAcknowledgedMove) {
  RK_STORE_ARGS(args, "crash");
  const int cycles = env_int("RK_CRASH_CYCLES", 2);
  const int seconds = env_int("RK_CRASH_SECONDS", 3);
  const int clients = env_int("RK_CRASH_CLIENTS", 6);
  const auto dir = fresh_dir("rk-crash");
  std::filesystem::create_directories(dir / "rules");
  std::ofstream(dir / "rules" / "bucket0.txt") << kOnlyBucket0;
  std::vector<std::vector<Played>> played(static_cast<size_t>(clients));
  long all_moves = 0;
  uintmax_t largest_wal = 0;
  for (int cycle = 0; cycle <= cycles; ++cycle) {
    Child server(dir, args);
    ASSERT_GT(server.port(), 0) << "the server did not start: " << server.first_line() << server.error_text();
    {
      httplib::Client c("127.0.0.1", server.port());
      c.set_read_timeout(10, 0);
      for (auto& mine : played) {
        for (Played& p : mine) {
          if (!p.verified_after_finish) verify(c, p);
          if (HasFatalFailure()) return;
        }
      }
    }
    if (cycle == cycles) break;  // the last start only checks
    std::atomic<bool> stop{false};
    std::atomic<long> total{0};
    std::vector<std::thread> threads;
    for (int k = 0; k < clients; ++k) {
      threads.emplace_back(play, server.port(), k + clients * cycle, std::ref(stop), std::ref(total),
                           std::ref(played[static_cast<size_t>(k)]));
    }
    // Kill it while the clients are busy, watching the log meanwhile.
    const auto end = Clock::now() + std::chrono::seconds(seconds) / cycles;
    while (Clock::now() < end || total < 100) {
      std::error_code ec;
      const uintmax_t wal = std::filesystem::file_size(dir / "rulekit.db-wal", ec);
      if (!ec) largest_wal = std::max(largest_wal, wal);
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      if (Clock::now() > end + std::chrono::seconds(10)) break;
    }
    server.kill9();
    stop = true;
    for (auto& t : threads) t.join();
    ASSERT_GT(total.load(), 20) << "too few moves were made before the kill to test anything";
    all_moves += total;
  }
  size_t episodes = 0;
  for (const auto& mine : played) episodes += mine.size();
  std::printf("%d kill -9 cycles, %ld acknowledged moves in %zu episodes, none lost; largest log %.1f MB\n", cycles,
              all_moves, episodes, static_cast<double>(largest_wal) / 1e6);
  EXPECT_LT(largest_wal, 64u << 20);
}

INSTANTIATE_TEST_SUITE_P(Stores, ServerCrash, testing::Values(StoreKind::sqlite, StoreKind::postgres), store_name);

}  // namespace
}  // namespace rk::test
