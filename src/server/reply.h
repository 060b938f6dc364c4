// What a service answers to one request, independent of the HTTP library.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace rk::server {

// What an event stream (server-sent events) follows: a count that grows with each change, and
// whether more can come. Read by the connection's own thread without locks.
struct EventSource {
  virtual ~EventSource() = default;
  virtual uint64_t seq() const = 0;
  virtual bool over() const = 0;
};

struct Reply {
  int status = 200;
  std::string body;
  std::string content_type = "application/json";
  std::string filename;  // set: offered as a download with this name
  std::vector<std::pair<std::string, std::string>> headers;  // more headers (Cache-Control, CSP...)
  // Set: the answer is an event stream (text/event-stream) that stays open, one `data:` line per
  // change of `events->seq()`, until it is over or the client leaves (http.cc writes it).
  std::shared_ptr<const EventSource> events;
};

// JSON text; bytes that are not UTF-8 (in a file name, or echoed in a parser's message) become
// U+FFFD rather than an exception.
inline std::string dump(const nlohmann::json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

inline Reply json_reply(int status, const nlohmann::json& j) { return Reply{status, dump(j), "application/json", {}, {}}; }

// {"error": true, "errmsg": MESSAGE} plus any extra fields.
inline Reply error_reply(int status, const std::string& message, nlohmann::json extra = nlohmann::json::object()) {
  extra["error"] = true;
  extra["errmsg"] = message;
  return json_reply(status, extra);
}

}  // namespace rk::server
