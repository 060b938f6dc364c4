// Raw bytes as a client could send them on one connection: request lines, headers (chunked
// bodies, Expect, pipelining, Authorization...), bodies; parsed by Boost.Beast under the server's
// limits and answered by the real router, games and SQLite storage in a scratch folder, as the
// connection loop does (server/exchange.h). Every answer must be well-formed HTTP, and a JSON
// answer valid JSON.
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "server/exchange.h"
#include "server/router.h"
#include "server_world.h"

namespace {

// Each answer: a status line, headers, a Content-Length that matches; JSON bodies parse.
void check_answers(const std::string& out) {
  size_t at = 0;
  while (at < out.size()) {
    if (out.compare(at, 9, "HTTP/1.1 ") != 0 && out.compare(at, 9, "HTTP/1.0 ") != 0) __builtin_trap();
    const size_t end = out.find("\r\n\r\n", at);
    if (end == std::string::npos) __builtin_trap();
    const std::string head = out.substr(at, end - at);
    const size_t cl = head.find("Content-Length: ");
    if (cl == std::string::npos) __builtin_trap();
    const size_t length = std::stoul(head.substr(cl + 16));
    // The answer to a HEAD has a Content-Length but no body: what follows is the next answer or
    // the end of the connection (an HTTP/1.0 request closes it).
    const bool next_answer = out.compare(end + 4, 7, "HTTP/1.") == 0 || end + 4 == out.size();
    if (next_answer && length > 0) {
      at = end + 4;
      continue;
    }
    const std::string body = out.substr(end + 4, length);
    if (body.size() != length) __builtin_trap();
    if (head.find("application/json") != std::string::npos &&
        nlohmann::json::parse(body, nullptr, false).is_discarded()) {
      __builtin_trap();
    }
    at = end + 4 + length;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const rk::server::Limits limits = [] {
    rk::server::Limits l;
    l.max_body = 16 * 1024;  // smaller than the defaults, so that the fuzzer reaches them
    l.max_header_bytes = 4 * 1024;
    return l;
  }();
  static rk::fuzz::ServerWorld w("rk-fuzz-http", limits);
  static const rk::server::Router router(*w.episodes);
  const std::string out =
      rk::server::serve_bytes(std::string_view(reinterpret_cast<const char*>(data), size), router, w.limits);
  check_answers(out);
  return 0;
}
