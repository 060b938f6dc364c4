// SIGKILL in the middle of episodes: the real `rulekit serve` binary is started, several clients
// make moves as fast as they can, the server is killed without warning, then started again on
// the same data folder. Every move that was acknowledged must still be there, in order and with
// the same result, and every episode must go on.
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "server_fixture.h"

namespace rk::test {
namespace {

using nlohmann::json;

// A `rulekit serve` child process; its first output line gives the port.
class Child {
 public:
  explicit Child(const std::filesystem::path& data) {
    int out[2];
    if (pipe(out) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(out[1], 1);
      close(out[0]);
      close(out[1]);
      // Durable commits, as a real server runs.
      execl(RULEKIT_BINARY, RULEKIT_BINARY, "serve", "--port", "0", "--data", data.c_str(), nullptr);
      _exit(127);
    }
    close(out[1]);
    FILE* f = fdopen(out[0], "r");
    char line[512] = {};
    if (f && std::fgets(line, sizeof line, f)) {
      int p = 0;
      if (std::sscanf(line, "rulekit serve: http://127.0.0.1:%d/", &p) == 1) port_ = p;
      first_line_ = line;
    }
    if (f) std::fclose(f);
  }
  ~Child() { kill9(); }
  void kill9() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
      pid_ = -1;
    }
  }
  int port() const { return port_; }
  const std::string& first_line() const { return first_line_; }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  std::string first_line_;
};

struct Acked {
  int64_t piece;
  int bucket;
  int code;
};

TEST(ServerCrash, SigkillLosesNoAcknowledgedMove) {
  const auto dir = fresh_dir("rk-crash");
  std::filesystem::create_directories(dir / "rules");
  {
    std::ofstream r(dir / "rules" / "bucket0.txt");
    r << kOnlyBucket0;
  }
  constexpr int kClients = 6;
  std::vector<std::string> ids(kClients), tokens(kClients);
  std::vector<std::vector<Acked>> acked(kClients);
  {
    Child server(dir);
    ASSERT_GT(server.port(), 0) << "the server did not start: " << server.first_line();
    std::atomic<bool> stop{false};
    std::atomic<int> total{0};
    std::vector<std::thread> clients;
    for (int k = 0; k < kClients; ++k) {
      clients.emplace_back([&, k] {
        httplib::Client c("127.0.0.1", server.port());
        c.set_read_timeout(5, 0);
        const Answer s = post(c, "/api/episodes", json{{"rules", "bucket0"}, {"pieces", 30}, {"seed", k}}.dump());
        if (s.status != 201) return;
        ids[k] = s.body["episodeId"];
        tokens[k] = s.body["playerToken"];
        std::vector<int64_t> left;
        for (const auto& p : s.body["board"]["value"]) left.push_back(p["id"]);
        // Mostly denied attempts (buckets 1-3), every fourth one accepted (bucket 0).
        for (size_t n = 0; !stop && !left.empty(); ++n) {
          const int bucket = n % 4 == 3 ? 0 : static_cast<int>(n % 4) + 1;
          const int64_t piece = left.back();
          const Answer a = post(c, "/api/episodes/" + ids[k] + "/move",
                                json{{"pieceId", piece}, {"bucket", bucket}}.dump(), tokens[k]);
          if (a.status != 200) break;  // the server is gone: this move was not acknowledged
          acked[k].push_back({piece, bucket, a.body["code"].get<int>()});
          if (a.body["code"] == 0) left.pop_back();
          ++total;
        }
      });
    }
    // Kill it while the clients are busy.
    for (int i = 0; i < 200 && total < 150; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    server.kill9();
    stop = true;
    for (auto& t : clients) t.join();
    ASSERT_GT(total.load(), 20) << "too few moves were made before the kill to test anything";
  }

  Child again(dir);
  ASSERT_GT(again.port(), 0) << "the server did not restart: " << again.first_line();
  httplib::Client c("127.0.0.1", again.port());
  for (int k = 0; k < kClients; ++k) {
    if (ids[k].empty()) continue;
    const Answer v = get(c, "/api/episodes/" + ids[k], tokens[k]);
    ASSERT_EQ(v.status, 200) << ids[k] << " " << v.body.dump();
    const json& t = v.body["transcript"];
    // Every acknowledged move is there, in order; at most one more (stored, then killed before
    // the answer went out).
    ASSERT_GE(t.size(), acked[k].size()) << "client " << k;
    EXPECT_LE(t.size(), acked[k].size() + 1) << "client " << k;
    for (size_t i = 0; i < acked[k].size(); ++i) {
      EXPECT_EQ(t[i]["pieceId"], acked[k][i].piece) << k << ":" << i;
      EXPECT_EQ(t[i]["bucketNo"], acked[k][i].bucket) << k << ":" << i;
      EXPECT_EQ(t[i]["code"], acked[k][i].code) << k << ":" << i;
    }
    // The episode goes on: the next attempt is accepted and counted after the others.
    const int64_t piece = v.body["board"]["value"][0]["id"];
    const Answer a = post(c, "/api/episodes/" + ids[k] + "/move",
                          json{{"pieceId", piece}, {"bucket", 0}, {"cnt", t.size()}}.dump(), tokens[k]);
    EXPECT_EQ(a.status, 200) << a.body.dump();
    EXPECT_EQ(a.body["code"], 0);
    EXPECT_EQ(a.body["attemptCnt"], t.size() + 1);
  }
}

}  // namespace
}  // namespace rk::test
