// Every limit the server holds requests, episodes and storage to, as data: defaults here,
// overridable from the command line, documented in docs/server/API.md ("Limits").
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/rulegame/language/budget.h"

namespace rk::server {

struct Limits {
  // Connections and requests (the HTTP layer).
  size_t max_connections = 1000;      // open at once; more are answered 503 and closed
  size_t max_header_bytes = 16 * 1024;  // request line and headers together; more: 431
  size_t max_headers = 64;            // header fields in one request; more: 431
  size_t max_body = 256 * 1024;       // request body in bytes, whatever its transfer encoding; more: 413
  size_t request_timeout_s = 15;        // from the end of the previous answer to a whole request header
  size_t body_timeout_s = 30;          // for the whole body once its header is in
  size_t write_timeout_s = 30;          // for the whole answer

  // Request bodies and what they describe (the game services).
  size_t max_json_depth = 32;         // nesting of arrays and objects in a request body
  size_t max_rules_bytes = 64 * 1024;  // rule text of one episode ("rulesText" or a named file)
  size_t max_board_pieces = 100;      // pieces on a board given or named
  rk::rulegame::EvalBudget eval;         // set sizes and steps in rule evaluation (RG0092, RG0093)

  // Episodes in memory. Every episode stays in storage; one that is not in memory is rebuilt
  // from storage when it is asked for.
  size_t max_live = 10000;            // episodes in memory; the least recently used idle one goes first
  size_t max_series_export = 1000;    // episodes in one series.csv export; a longer series: 413
  size_t max_live_per_client = 500;   // unfinished episodes one client address has in memory; more: 429
  size_t idle_evict_s = 600;           // an episode untouched this long leaves memory
  size_t max_attempts = 100000;       // move attempts in one episode; more: 409

  // Tables of the kernel games (server/tables/). Every table stays in storage.
  size_t max_tables_per_client = 50;   // unfinished tables created from one client address; more: 429
  size_t max_tables_live = 5000;       // tables in memory (unfinished ones never leave); more: 503
  size_t max_table_decisions = 100000; // decisions in one table; the table ends there
  size_t bot_decision_ms = 5000;       // a timed bot (mcts:Ns) may think this long per decision; more: 400
  size_t max_bot_iterations = 100000;  // MCTS iterations per decision a seat may ask for; more: 400
  size_t bot_cpu_s_per_table = 600;    // bot thinking time of one table; past it its bots play random
  size_t bot_threads = 2;              // threads on which bots think (off the request path)

  // Storage: the write-ahead log is checkpointed into the database and started over when it
  // passes this size, so it stays near it under any load.
  size_t wal_checkpoint_bytes = 16 * 1024 * 1024;
};

// Every limit by name ("max_live"), for `rulekit serve --limit NAME=VALUE` and its --help.
struct LimitInfo {
  const char* name;
  const char* what;
  size_t& (*field)(Limits&);
};
const std::vector<LimitInfo>& limit_table();
// Sets one limit from "NAME=VALUE" (VALUE a whole number > 0); false with a message otherwise.
bool set_limit(Limits& limits, std::string_view assignment, std::string& error);

}  // namespace rk::server
