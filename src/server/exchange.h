// One HTTP exchange in Boost.Beast's terms, without sockets: the parser set up with the limits,
// the checks a parsed header must pass, the Router's Request made from a parsed request, and the
// response made from a Reply. The connection loop (http.cc) and the raw-HTTP fuzz target
// (fuzz/server_http_fuzz.cc) both go through these, so the fuzzer exercises what clients reach.
#pragma once

#include <boost/beast/http.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "server/limits.h"
#include "server/reply.h"
#include "server/router.h"

namespace rk::server {

namespace http = boost::beast::http;
using HttpRequest = http::request<http::string_body>;
using HttpResponse = http::response<http::string_body>;

// A request parser holding the header and body limits.
void limit_parser(http::request_parser<http::string_body>& p, const Limits& limits);

// The answer to a failed read, if the client deserves one: 431 (header too large or too many
// fields), 413 (body too large), 400 (not HTTP). Nothing for a closed or timed-out connection.
std::optional<Reply> read_error_reply(const boost::beast::error_code& ec);
// A parsed header the limits refuse (431 for too many fields), or nothing.
std::optional<Reply> check_header(const http::request_parser<http::string_body>& p, const Limits& limits);

// The Router's view of a parsed request; `client` is the peer's address.
Request to_request(const HttpRequest& req, const std::string& client);

// The response to send. `keep_alive`: what the request asked for; `head`: no body (HEAD).
HttpResponse to_response(Reply reply, unsigned version, bool keep_alive, bool head);

// Every request in `raw` (pipelined, one after the other) answered in order, as a connection
// would, with the same limits; stops after an answer that closes the connection. For the fuzzer.
std::string serve_bytes(std::string_view raw, const Router& router, const Limits& limits);

}  // namespace rk::server
