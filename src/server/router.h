// Requests to answers, independent of the HTTP library: the routes of the JSON API, the page,
// and what each game serves. The connection layer (http.cc) parses bytes into a Request under
// its limits and writes the Reply back; the fuzz target drives the same two steps.
#pragma once

#include <string>
#include <string_view>

#include "server/episodes.h"
#include "server/reply.h"
#include "server/tables/tables.h"

namespace rk::server {

struct Request {
  std::string_view method;  // "GET", "POST", ...
  std::string_view target;  // path and query, as sent
  std::string_view body;
  std::string token;   // X-Player-Token, X-Seat-Token, or Authorization: Bearer (the query's token= otherwise)
  std::string client;  // the peer's address
};

class Router {
 public:
  explicit Router(Episodes& episodes, tables::Tables* tables = nullptr) : episodes_(episodes), tables_(tables) {}
  Reply handle(const Request& req) const;

 private:
  Reply episode_route(const Request& req, std::string_view rest, std::string_view token) const;
  Reply table_route(const Request& req, std::string_view rest, std::string_view query) const;
  Episodes& episodes_;
  tables::Tables* tables_;  // null: no tables served
};

// The value of `key` in a query string ("a=1&token=T"), percent-decoded; empty when absent.
std::string query_value(std::string_view query, std::string_view key);

}  // namespace rk::server
