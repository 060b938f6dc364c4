#include "server/limits.h"

#include <fmt/format.h>

#include <charconv>

namespace rk::server {

const std::vector<LimitInfo>& limit_table() {
#define RK_LIMIT(name, what, expr) {name, what, [](Limits& l) -> size_t& { return expr; }}
  static const std::vector<LimitInfo> table = {
      RK_LIMIT("max_connections", "connections open at once", l.max_connections),
      RK_LIMIT("max_header_bytes", "bytes of request line and headers", l.max_header_bytes),
      RK_LIMIT("max_headers", "header fields in one request", l.max_headers),
      RK_LIMIT("max_body", "bytes of one request body, any transfer encoding", l.max_body),
      RK_LIMIT("request_timeout_s", "seconds for the next request's whole header", l.request_timeout_s),
      RK_LIMIT("body_timeout_s", "seconds for a whole request body", l.body_timeout_s),
      RK_LIMIT("write_timeout_s", "seconds for a whole answer", l.write_timeout_s),
      RK_LIMIT("max_json_depth", "nesting of a request body", l.max_json_depth),
      RK_LIMIT("max_rules_bytes", "bytes of one episode's rule text", l.max_rules_bytes),
      RK_LIMIT("max_board_pieces", "pieces on one board", l.max_board_pieces),
      RK_LIMIT("max_set", "values one rule expression may produce", l.eval.max_set),
      RK_LIMIT("max_row_steps", "evaluation steps of one rule line", l.eval.max_row_steps),
      RK_LIMIT("max_live", "episodes in memory", l.max_live),
      RK_LIMIT("max_series_export", "episodes one series.csv export walks back through", l.max_series_export),
      RK_LIMIT("max_live_per_client", "unfinished episodes in memory per client address", l.max_live_per_client),
      RK_LIMIT("idle_evict_s", "seconds after which an untouched episode leaves memory", l.idle_evict_s),
      RK_LIMIT("max_attempts", "move attempts in one episode", l.max_attempts),
      RK_LIMIT("max_tables_per_client", "unfinished tables created from one client address", l.max_tables_per_client),
      RK_LIMIT("max_tables_live", "tables in memory (unfinished ones never leave)", l.max_tables_live),
      RK_LIMIT("max_table_decisions", "decisions in one table (it ends there)", l.max_table_decisions),
      RK_LIMIT("bot_decision_ms", "milliseconds a timed bot (mcts:Ns) may think per decision", l.bot_decision_ms),
      RK_LIMIT("max_bot_iterations", "MCTS iterations per decision a seat may ask for", l.max_bot_iterations),
      RK_LIMIT("bot_cpu_s_per_table", "seconds of bot thinking per table (then its bots play random)", l.bot_cpu_s_per_table),
      RK_LIMIT("bot_threads", "threads on which bots think", l.bot_threads),
      RK_LIMIT("wal_checkpoint_bytes", "write-ahead log size at which it is checkpointed and started over",
               l.wal_checkpoint_bytes),
  };
#undef RK_LIMIT
  return table;
}

bool set_limit(Limits& limits, std::string_view assignment, std::string& error) {
  const size_t eq = assignment.find('=');
  const std::string_view name = assignment.substr(0, eq);
  for (const LimitInfo& info : limit_table()) {
    if (name != info.name) continue;
    const std::string_view value = eq == std::string_view::npos ? std::string_view() : assignment.substr(eq + 1);
    size_t v = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (ec != std::errc() || end != value.data() + value.size() || v == 0) {
      error = fmt::format("--limit {}: the value must be a whole number above 0", name);
      return false;
    }
    info.field(limits) = v;
    return true;
  }
  std::string names;
  for (const LimitInfo& info : limit_table()) names += fmt::format("{}{}", names.empty() ? "" : ", ", info.name);
  error = fmt::format("--limit: there is no limit named '{}' (limits: {})", name, names);
  return false;
}

}  // namespace rk::server
