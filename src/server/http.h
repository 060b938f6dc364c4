// `rulekit serve`: the HTTP server. Routes requests to the game services, serves the web page
// and the custom shapes, and applies the limits every request is held to.
#pragma once

#include <atomic>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace rk::server {

struct ServeOptions {
  std::string host = "127.0.0.1";  // loopback unless told otherwise
  int port = 8080;                 // 0: any free port
  std::filesystem::path data = "rulekit-data";  // the database, and rules/ boards/ shapes/ colors/
  std::vector<std::filesystem::path> game_data;  // more read-only folders laid out the same way
  bool durable = true;           // synchronous=FULL: a commit survives a power cut too
  size_t max_body = 256 * 1024;  // bytes; larger request bodies get 413
  int threads = 32;              // request threads (a move waits for its commit on one)
  std::string demo_rules, demo_board;
};

class Server {
 public:
  explicit Server(ServeOptions o);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Opens the database, resumes unfinished episodes and binds the port. False, with `error`,
  // when any of it fails.
  bool start(std::string& error);
  int port() const;
  // Serves until stop() (from another thread or a signal handler's thread).
  void run();
  void stop();
  // Unfinished episodes found in storage at start(), and those that could not be rebuilt.
  size_t resumed() const { return resumed_; }
  size_t resume_failed() const { return resume_failed_; }
  // "N writes in M commits", for the log line at the end.
  std::string storage_summary() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  size_t resumed_ = 0, resume_failed_ = 0;
};

}  // namespace rk::server
