// What a service answers to one request, independent of the HTTP library.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace rk::server {

struct Reply {
  int status = 200;
  std::string body;
  std::string content_type = "application/json";
  std::string filename;  // set: offered as a download with this name
  std::vector<std::pair<std::string, std::string>> headers;  // more headers (Cache-Control, CSP...)
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
