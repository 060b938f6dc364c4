#include "server/exchange.h"

#include <fmt/format.h>

#include <boost/beast/core/flat_buffer.hpp>
#include <cstring>
#include <iterator>
#include <sstream>

namespace rk::server {
namespace beast = boost::beast;

void limit_parser(http::request_parser<http::string_body>& p, const Limits& limits) {
  p.header_limit(static_cast<uint32_t>(limits.max_header_bytes));
  p.body_limit(limits.max_body);  // Beast applies it to chunked bodies as they arrive
}

std::optional<Reply> read_error_reply(const beast::error_code& ec) {
  if (ec == http::error::header_limit) return error_reply(431, "the request's header is too large");
  if (ec == http::error::body_limit) return error_reply(413, "the request body is too large");
  if (ec == http::error::end_of_stream || ec == http::error::partial_message || ec == http::error::need_more) {
    return std::nullopt;
  }
  if (ec.category() == http::make_error_code(http::error::bad_method).category()) {
    return error_reply(400, fmt::format("the request is not valid HTTP/1.1: {}", ec.message()));
  }
  return std::nullopt;  // a socket error or a timeout: nobody to answer
}

std::optional<Reply> check_header(const http::request_parser<http::string_body>& p, const Limits& limits) {
  const auto& h = p.get();
  const auto fields = static_cast<size_t>(std::distance(h.begin(), h.end()));
  if (fields > limits.max_headers) {
    return error_reply(431, fmt::format("the request has {} header fields; the limit is {}", fields, limits.max_headers));
  }
  return std::nullopt;
}

Request to_request(const HttpRequest& req, const std::string& client) {
  Request r;
  r.method = std::string_view(req.method_string().data(), req.method_string().size());
  r.target = std::string_view(req.target().data(), req.target().size());
  r.body = req.body();
  r.client = client;
  // The player token: "X-Player-Token: T", a table seat's "X-Seat-Token: T", or "Authorization:
  // Bearer T" ("?token=T" is the router's).
  if (auto it = req.find("X-Player-Token"); it != req.end()) {
    r.token = std::string(it->value());
  } else if (auto seat = req.find("X-Seat-Token"); seat != req.end()) {
    r.token = std::string(seat->value());
  } else if (auto a = req.find(http::field::authorization); a != req.end() && a->value().starts_with("Bearer ")) {
    r.token = std::string(a->value().substr(7));
  }
  return r;
}

HttpResponse to_response(Reply reply, unsigned version, bool keep_alive, bool head) {
  HttpResponse res{static_cast<http::status>(reply.status), version};
  res.set(http::field::server, "rulekit");
  res.set(http::field::content_type, reply.content_type);
  res.set("X-Content-Type-Options", "nosniff");
  res.set("Referrer-Policy", "no-referrer");
  bool cache = false;
  for (auto& [name, value] : reply.headers) {
    cache |= name == "Cache-Control";
    res.set(name, value);
  }
  if (!cache) res.set(http::field::cache_control, "no-store");
  if (!reply.filename.empty()) {
    res.set(http::field::content_disposition, fmt::format("attachment; filename=\"{}\"", reply.filename));
  }
  if (reply.events) {
    // Outside a connection (the fuzz target): the stream's first event, then the end.
    reply.body = fmt::format("data: {{\"seq\":{}}}\n\n", reply.events->seq());
    keep_alive = false;
  }
  res.keep_alive(keep_alive);
  res.content_length(reply.body.size());
  if (!head) res.body() = std::move(reply.body);
  return res;
}

std::string serve_bytes(std::string_view raw, const Router& router, const Limits& limits) {
  std::ostringstream out;
  beast::flat_buffer buffer;
  auto in = buffer.prepare(raw.size());
  if (!raw.empty()) std::memcpy(in.data(), raw.data(), raw.size());  // an empty view may hold no pointer
  buffer.commit(raw.size());
  for (;;) {
    http::request_parser<http::string_body> parser;
    limit_parser(parser, limits);
    parser.eager(true);
    beast::error_code ec;
    while (!ec && !parser.is_done() && buffer.size() > 0) buffer.consume(parser.put(buffer.data(), ec));
    if ((!ec || ec == http::error::need_more) && !parser.is_done()) break;  // the bytes ran out
    std::optional<Reply> refused = ec ? read_error_reply(ec) : check_header(parser, limits);
    if (ec && !refused) break;
    // A request the server could not read closes the connection: what follows cannot be trusted
    // to start a request.
    const HttpRequest& req = parser.get();
    HttpResponse res = refused ? to_response(*refused, 11, false, false)
                               : to_response(router.handle(to_request(req, "fuzz")), req.version(), req.keep_alive(),
                                             req.method() == http::verb::head);
    out << res;
    if (!res.keep_alive()) break;
  }
  return out.str();
}

}  // namespace rk::server
