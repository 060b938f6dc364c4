// The server as it grows past one process: a PostgreSQL cluster (pg_cluster.h), three
// `rulekit serve` processes on it, and Debian's nginx in front as the load balancer. Clients play
// Rule Game episodes and card tables (a person against a bot) through nginx under load while the
// test kills one server with SIGKILL and later restarts it on its port. No acknowledged move or
// decision may be lost, and every client's game must go on while the server is down.
//
// First it measures moves per second and the p99 of a move through nginx with one, two and three
// servers; it prints them and asserts nothing about them (two cores show the cost of the shared
// store, not scaling). bench/load/scale.sh runs it longer for the figures.
//
// nginx routes by the episode's or table's id (consistent hash), so a game stays on one server
// while it lives and moves to another when it dies; any server may serve any game regardless
// (each checks its copy against the database), which the routing only makes cheaper.
#include <gtest/gtest.h>
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <map>
#include <mutex>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "child_server.h"
#include "pg_cluster.h"
#include "server_fixture.h"
#include "tables_fixture.h"

namespace rk::test {
namespace {

using nlohmann::json;

double env_double(const char* name, double fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::atof(v) : fallback;
}

// Debian's nginx with a configuration of its own in `dir` (its pid, logs and temp paths there),
// on `port`, in front of `upstreams`.
class Nginx {
 public:
  Nginx(const std::filesystem::path& dir, int port, const std::vector<int>& upstreams) : dir_(dir) {
    std::filesystem::create_directories(dir / "tmp");
    std::filesystem::create_directories(dir / "logs");
    std::string servers;
    for (int p : upstreams) servers += fmt::format("    server 127.0.0.1:{} max_fails=1 fail_timeout=1s;\n", p);
    const std::string d = dir.string();
    std::ofstream(dir / "nginx.conf") << fmt::format(R"(
worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/logs/error.log warn;
daemon off;
events {{ worker_connections 2048; }}
http {{
  access_log off;
  client_body_temp_path {d}/tmp/body;
  proxy_temp_path {d}/tmp/proxy;
  fastcgi_temp_path {d}/tmp/fastcgi;
  uwsgi_temp_path {d}/tmp/uwsgi;
  scgi_temp_path {d}/tmp/scgi;
  # A game goes to one server while it lives (its id hashed); anything else anywhere.
  map $uri $rk_game {{
    ~^/api/(episodes|tables)/(?<game_id>[^/]+) $game_id;
    default $request_id;
  }}
  map $http_upgrade $rk_connection {{
    default upgrade;
    '' '';
  }}
  upstream rulekit {{
    hash $rk_game consistent;
{servers}    keepalive 64;
  }}
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://rulekit;
      proxy_http_version 1.1;
      # WebSocket upgrades and event streams pass through as they come.
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $rk_connection;
      proxy_buffering off;
      proxy_read_timeout 1h;
      # A server that is down (connection refused) is skipped at once; a request it had
      # received is not sent twice (POST is not idempotent): the client sees 502.
      proxy_connect_timeout 1s;
      proxy_next_upstream error timeout;
    }}
  }}
}}
)",
                                                     fmt::arg("d", d), fmt::arg("port", port), fmt::arg("servers", servers));
    pid_ = fork();
    if (pid_ == 0) {
      if (FILE* e = std::fopen((d + "/logs/stderr").c_str(), "w")) {
        dup2(fileno(e), 1);
        dup2(fileno(e), 2);
      }
      execl("/usr/sbin/nginx", "nginx", "-p", d.c_str(), "-c", (d + "/nginx.conf").c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    // Up once it answers (a 502 is an answer: nginx is there).
    httplib::Client c("127.0.0.1", port);
    for (int i = 0; i < 200 && !up_; ++i) {
      up_ = static_cast<bool>(c.Get("/api/rules"));
      if (!up_) std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
  }
  ~Nginx() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
  }
  bool up() const { return up_; }
  std::string log() const {
    std::ifstream f(dir_ / "logs" / "stderr");
    std::ifstream e(dir_ / "logs" / "error.log");
    return std::string(std::istreambuf_iterator<char>(f), {}) + std::string(std::istreambuf_iterator<char>(e), {});
  }

 private:
  std::filesystem::path dir_;
  pid_t pid_ = -1;
  bool up_ = false;
};

int free_port() {
  const int s = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  int port = 0;
  if (bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 && getsockname(s, reinterpret_cast<sockaddr*>(&a), &len) == 0) {
    port = ntohs(a.sin_port);
  }
  close(s);
  return port;
}

struct Acked {
  int64_t piece;
  int bucket;
  int code;
};

// A client's Rule Game episodes, each with its moves acknowledged by place (attemptCnt - 1).
struct Player {
  struct Ep {
    std::string id, token;
    std::map<int64_t, Acked> acked;
    bool over = false;
  };
  std::vector<Ep> eps;
  std::atomic<long> moves{0};  // read by the test while the client plays
  std::vector<double> latency_ms;
};

// Moves through `port` until `stop`; a failed request (the server behind died) is retried, as a
// person would, and counts for nothing. A finished episode is followed by a new one.
void play(int port, Player& p, uint64_t k, const std::atomic<bool>& stop) {
  httplib::Client c("127.0.0.1", port);
  c.set_read_timeout(10, 0);
  c.set_keep_alive(true);
  c.set_tcp_nodelay(true);  // a request's header and body leave at once, not a delayed ACK apart
  while (!stop) {
    if (p.eps.empty() || p.eps.back().over) {
      const Answer s = post(c, "/api/episodes", json{{"rules", "bucket0"}, {"pieces", 30}, {"seed", k}}.dump());
      if (s.status != 201) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        continue;
      }
      p.eps.push_back({s.body["episodeId"], s.body["playerToken"], {}, false});
    }
    Player::Ep& e = p.eps.back();
    const Answer v = get(c, "/api/episodes/" + e.id, e.token);
    if (v.status != 200) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      continue;
    }
    std::vector<int64_t> left;
    for (const auto& q : v.body["board"]["value"]) {
      if (!q.contains("dropped")) left.push_back(q["id"]);
    }
    for (int burst = 0; burst < 8 && !stop && !left.empty(); ++burst, ++k) {
      const int bucket = k % 4 == 3 ? 0 : static_cast<int>(k % 4) + 1;
      const auto t0 = Clock::now();
      const Answer a = post(c, "/api/episodes/" + e.id + "/move", json{{"pieceId", left.back()}, {"bucket", bucket}}.dump(),
                            e.token);
      if (a.status != 200) break;  // not acknowledged: read the episode again
      p.latency_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
      e.acked[a.body["attemptCnt"].get<int64_t>() - 1] = {left.back(), bucket, a.body["code"].get<int>()};
      ++p.moves;
      if (a.body["code"] == 0) left.pop_back();
      e.over = a.body["finishCode"] != 0;
    }
  }
}

// A person at tables against a random bot, one after another: decisions acknowledged by number.
struct Sitter {
  struct Table {
    std::string id, token;
    std::map<int64_t, std::string> acked;
  };
  std::vector<Table> tables;
  std::atomic<long> decisions{0};
};

void sit(int port, Sitter& s, uint64_t k, const std::atomic<bool>& stop) {
  httplib::Client c("127.0.0.1", port);
  c.set_read_timeout(10, 0);
  c.set_tcp_nodelay(true);
  bool over = true;
  while (!stop) {
    if (over) {
      const Answer a = seat_post(c, "/api/tables",
                                 {{"game", "vck"}, {"options", {{"preset", "base"}}}, {"seats", {"human", "random"}}, {"seed", k++}});
      if (a.status != 201) continue;
      s.tables.push_back({a.body["id"], a.body["seats"][0]["token"], {}});
      over = false;
    }
    Sitter::Table& t = s.tables.back();
    const Answer v = seat_get(c, "/api/tables/" + t.id, t.token);
    if (v.status == 200) over = v.body["over"].get<bool>();
    if (v.status != 200 || over || v.body["decision"].is_null()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      continue;
    }
    const json& options = v.body["decision"]["options"];
    const size_t pick = k++ % options.size();
    const int64_t seq = v.body["seq"];
    const Answer a = seat_post(c, "/api/tables/" + t.id + "/decide", {{"option", pick}, {"seq", seq}}, t.token);
    if (a.status != 200) continue;
    t.acked[seq] = options[pick]["move"];
    ++s.decisions;
  }
}

// Moves per second and the p99 of a move through nginx in front of `servers`, for `seconds`.
void measure(const std::filesystem::path& scratch, const std::vector<int>& servers, double seconds, int clients) {
  const int port = free_port();
  Nginx lb(scratch / fmt::format("nginx-{}", servers.size()), port, servers);
  ASSERT_TRUE(lb.up()) << lb.log();
  std::vector<Player> players(static_cast<size_t>(clients));
  std::atomic<bool> stop{false};
  std::vector<std::thread> threads;
  for (size_t i = 0; i < players.size(); ++i) threads.emplace_back(play, port, std::ref(players[i]), 1000 * i, std::cref(stop));
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  stop = true;
  for (auto& t : threads) t.join();
  std::vector<double> all;
  long moves = 0;
  for (const Player& p : players) {
    all.insert(all.end(), p.latency_ms.begin(), p.latency_ms.end());
    moves += p.moves;
  }
  ASSERT_FALSE(all.empty()) << "no move went through nginx: " << lb.log();
  std::sort(all.begin(), all.end());
  const double p99 = all[std::min(all.size() - 1, all.size() * 99 / 100)];
  std::printf("scale: %zu server(s) behind nginx, %d clients: %.0f moves/s, p50 %.1f ms, p99 %.1f ms\n", servers.size(), clients,
              static_cast<double>(moves) / seconds, all[all.size() / 2], p99);
  std::fflush(stdout);
}

TEST(ScalePostgres, ThreeServersBehindNginxLoseNothingWhenOneIsKilled) {
  PgCluster* pg = PgCluster::get();
  if (!pg) GTEST_SKIP() << "*** SKIPPED: " << PgCluster::why() << " ***";
  if (!std::filesystem::exists("/usr/sbin/nginx")) {
    std::fprintf(stderr, "*** SKIPPED: nginx is absent (Debian's nginx package; scripts/setup.sh installs it) ***\n");
    GTEST_SKIP() << "*** SKIPPED: nginx is absent ***";
  }
  const double phase_s = env_double("RK_SCALE_SECONDS", 2);
  const int clients = static_cast<int>(env_double("RK_SCALE_CLIENTS", 8));
  const bool tables = !corpus_absent("corpora/vck/tables");
  const std::string url = pg->new_database("scale");
  const auto dir = fresh_dir("rk-scale");
  std::filesystem::create_directories(dir / "data" / "rules");
  std::ofstream(dir / "data" / "rules" / "bucket0.txt") << kOnlyBucket0;
  const std::vector<std::string> args{"--db", url, "--threads", "16"};

  std::vector<std::unique_ptr<Child>> servers;
  std::vector<int> ports;
  for (int i = 0; i < 3; ++i) {
    std::vector<std::string> a = args;
    ports.push_back(free_port());
    a.insert(a.end(), {"--port", std::to_string(ports.back())});
    servers.push_back(std::make_unique<Child>(dir / "data", a, 30));
    ASSERT_GT(servers.back()->port(), 0) << servers.back()->first_line() << servers.back()->error_text();
  }
  for (size_t n = 1; n <= 3; ++n) {
    measure(dir, std::vector<int>(ports.begin(), ports.begin() + static_cast<long>(n)), phase_s, clients);
    if (HasFatalFailure()) return;
  }

  // Under load through nginx in front of all three: kill one, go on, restart it, go on.
  const int port = free_port();
  Nginx lb(dir / "nginx", port, ports);
  ASSERT_TRUE(lb.up()) << lb.log();
  std::vector<Player> players(static_cast<size_t>(clients));
  std::vector<Sitter> sitters(tables ? 3 : 0);
  if (!tables) std::fprintf(stderr, "*** SKIPPED (tables only): ../shared/corpora/vck/tables is absent ***\n");
  std::atomic<bool> stop{false};
  std::vector<std::thread> threads;
  for (size_t i = 0; i < players.size(); ++i) threads.emplace_back(play, port, std::ref(players[i]), 7 + 1000 * i, std::cref(stop));
  for (size_t i = 0; i < sitters.size(); ++i) threads.emplace_back(sit, port, std::ref(sitters[i]), 100 * i, std::cref(stop));
  auto moves_now = [&] {
    long m = 0;
    for (const Player& p : players) m += p.moves;  // read while written: a figure for progress only
    return m;
  };
  std::this_thread::sleep_for(std::chrono::duration<double>(phase_s));
  servers[0]->kill9();
  // While it is down, every client's game goes on: those it served move to the two others.
  std::vector<long> before_kill;
  for (const Player& p : players) before_kill.push_back(p.moves);
  std::vector<long> sat_before;
  for (const Sitter& s : sitters) sat_before.push_back(s.decisions);
  const long at_kill = moves_now();
  std::this_thread::sleep_for(std::chrono::duration<double>(phase_s * 2));
  std::vector<long> while_down;
  for (size_t i = 0; i < players.size(); ++i) while_down.push_back(players[i].moves - before_kill[i]);
  std::vector<long> sat_down;
  for (size_t i = 0; i < sitters.size(); ++i) sat_down.push_back(sitters[i].decisions - sat_before[i]);
  {
    std::vector<std::string> a = args;
    a.insert(a.end(), {"--port", std::to_string(ports[0])});
    servers[0] = std::make_unique<Child>(dir / "data", a, 30);
  }
  ASSERT_GT(servers[0]->port(), 0) << "the killed server did not start again: " << servers[0]->error_text();
  const long at_restart = moves_now();
  std::this_thread::sleep_for(std::chrono::duration<double>(phase_s));
  stop = true;
  for (auto& t : threads) t.join();
  const long total = moves_now();

  for (size_t i = 0; i < players.size(); ++i) EXPECT_GT(while_down[i], 0) << "client " << i << " stopped while a server was down";
  for (size_t i = 0; i < sitters.size(); ++i) EXPECT_GT(sat_down[i], 0) << "person " << i << " stopped while a server was down";
  EXPECT_GT(total, at_restart) << "no move after the restart";

  // Every acknowledged move and decision is where its answer put it, read through nginx.
  httplib::Client c("127.0.0.1", port);
  c.set_read_timeout(10, 0);
  size_t episodes = 0;
  for (Player& p : players) {
    for (const Player::Ep& e : p.eps) {
      ++episodes;
      const Answer v = get(c, "/api/episodes/" + e.id, e.token);
      ASSERT_EQ(v.status, 200) << e.id << " " << v.body.dump();
      const json& t = v.body["transcript"];
      for (const auto& [at, a] : e.acked) {
        ASSERT_LT(static_cast<size_t>(at), t.size()) << e.id << ": acknowledged move " << at << " lost";
        EXPECT_EQ(t[at]["pieceId"], a.piece) << e.id << ":" << at;
        EXPECT_EQ(t[at]["bucketNo"], a.bucket) << e.id << ":" << at;
        EXPECT_EQ(t[at]["code"], a.code) << e.id << ":" << at;
      }
    }
  }
  long decisions = 0;
  size_t table_count = 0;
  for (const Sitter& s : sitters) {
    for (const Sitter::Table& t : s.tables) {
      ++table_count;
      const Answer v = seat_get(c, "/api/tables/" + t.id, t.token);
      ASSERT_EQ(v.status, 200) << t.id << " " << v.body.dump();
      const json& log = v.body["log"];
      for (const auto& [n, label] : t.acked) {
        ASSERT_LT(static_cast<size_t>(n), log.size()) << t.id << ": acknowledged decision " << n << " lost";
        EXPECT_EQ(log[static_cast<size_t>(n)].value("move", std::string()), label) << t.id << ":" << n;
      }
    }
    decisions += s.decisions;
  }
  std::printf("scale: %ld moves in %zu episodes and %ld decisions at %zu tables through nginx; one of three servers killed "
              "after %ld moves and restarted after %ld; none lost, every game went on\n",
              total, episodes, decisions, table_count, at_kill, at_restart);
}

}  // namespace
}  // namespace rk::test
