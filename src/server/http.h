// `rulekit serve`: the HTTP server. Connections are served by a few I/O threads on Boost.Asio
// (event-driven: a slow or idle connection holds no thread), requests are parsed by Boost.Beast
// under the limits of `Limits` (header size and count, body size on every transfer encoding,
// timeouts for the header, the body and the answer), and answered in order on each connection
// (pipelining). Requests run on a pool of worker threads, because a move waits for its commit.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "server/limits.h"

namespace rk::server {

struct ServeOptions {
  std::string host = "127.0.0.1";  // loopback unless told otherwise
  int port = 8080;                 // 0: any free port
  std::filesystem::path data = "rulekit-data";  // the database, and rules/ boards/ shapes/ colors/
  std::vector<std::filesystem::path> game_data;  // more read-only folders laid out the same way
  // Where episodes and tables are stored: empty for SQLite in `data`, or a PostgreSQL connection
  // URI (postgresql://...), which several servers share (then `data` holds the catalogs only).
  std::string db;
  bool durable = true;   // synchronous=FULL: a commit survives a power cut too
  int threads = 32;      // worker threads (a move waits for its commit on one)
  int io_threads = 2;    // threads that read and write connections
  Limits limits;
  std::string demo_rules, demo_board;
};

class Server {
 public:
  explicit Server(ServeOptions o);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Locks the data folder, opens the database and binds the port; nothing is replayed (episodes
  // are rebuilt when asked for). False, with `error`, when any of it fails.
  bool start(std::string& error);
  int port() const;
  // Serves until stop() (from another thread or a signal handler's thread), or until the
  // integrity check that runs beside it finds the database damaged: then failure() says so.
  void run();
  void stop();
  const std::string& failure() const;
  // Unfinished episodes in storage at start().
  size_t unfinished() const { return unfinished_; }
  // "N writes in M commits", for the log line at the end.
  std::string storage_summary() const;
  // "SQLite DATA/rulekit.db" or "PostgreSQL HOST:PORT/DB", for the first log line.
  std::string storage() const;

  struct Impl;  // named by http.cc's connection code; defined there

 private:
  std::unique_ptr<Impl> impl_;
  size_t unfinished_ = 0;
};

}  // namespace rk::server
