// A rulekit server inside the test process, on a free loopback port, with its own data folder.
#pragma once

#include <gtest/gtest.h>
#include <httplib.h>

#include <filesystem>
#include <memory>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "server/http.h"

namespace rk::test {

// Rules for tests: any piece into any bucket (every move is accepted).
inline constexpr const char* kAnyBucket = "(*,*,*,*,[0,1,2,3])\n";
// Rules for tests: only bucket 0 takes pieces.
inline constexpr const char* kOnlyBucket0 = "(*,*,*,*,[0])\n";
inline constexpr const char* kThreePieces =
    R"({"id":"three","value":[{"id":1,"x":1,"y":1,"shape":"SQUARE","color":"RED"},
    {"id":2,"x":2,"y":1,"shape":"STAR","color":"BLUE"},{"id":3,"x":6,"y":6,"shape":"CIRCLE","color":"BLACK"}]})";

inline std::filesystem::path fresh_dir(const std::string& name) {
  const auto d = std::filesystem::temp_directory_path() /
                 (name + "-" + std::to_string(::getpid()) + "-" +
                  ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

class LiveServer {
 public:
  explicit LiveServer(const std::filesystem::path& data, size_t max_body = 64 * 1024) {
    server::ServeOptions o;
    o.port = 0;
    o.data = data;
    o.durable = false;  // tests do not need to survive a power cut
    o.limits.max_body = max_body;
    o.threads = 8;
    o.demo_rules = kOnlyBucket0;
    o.demo_board = kThreePieces;
    srv_ = std::make_unique<server::Server>(o);
    std::string error;
    ok_ = srv_->start(error);
    EXPECT_TRUE(ok_) << error;
    if (ok_) thread_ = std::thread([this] { srv_->run(); });
    // The port is bound by start(); connections wait in its backlog until run() accepts them.
  }
  ~LiveServer() {
    srv_->stop();
    if (thread_.joinable()) thread_.join();
  }
  int port() const { return srv_->port(); }
  size_t unfinished() const { return srv_->unfinished(); }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port());
    c.set_read_timeout(10, 0);
    return c;
  }

 private:
  std::unique_ptr<server::Server> srv_;
  std::thread thread_;
  bool ok_ = false;
};

// A POST or GET whose answer is JSON; status and body.
struct Answer {
  int status = 0;
  nlohmann::json body;
};

inline Answer post(httplib::Client& c, const std::string& path, const std::string& body, const std::string& token = "") {
  httplib::Headers h;
  if (!token.empty()) h.emplace("X-Player-Token", token);
  auto r = c.Post(path.c_str(), h, body, "application/json");
  if (!r) return {};
  return {r->status, nlohmann::json::parse(r->body, nullptr, false)};
}

inline Answer get(httplib::Client& c, const std::string& path, const std::string& token = "") {
  httplib::Headers h;
  if (!token.empty()) h.emplace("X-Player-Token", token);
  auto r = c.Get(path.c_str(), h);
  if (!r) return {};
  return {r->status, nlohmann::json::parse(r->body, nullptr, false)};
}

}  // namespace rk::test
