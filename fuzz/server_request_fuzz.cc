// Request bodies of the server's JSON API, as a browser (or anyone) could send them: start an
// episode, then move in it, with the service and its SQLite storage in a scratch folder.
// Input: a first line that is the body of POST /api/episodes, the rest one move body per line.
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "server_world.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static rk::fuzz::ServerWorld w("rk-fuzz-server", {});
  const std::string in(reinterpret_cast<const char*>(data), size);
  const size_t nl = in.find('\n');
  const rk::server::Reply r = w.episodes->start(in.substr(0, nl), "fuzz");
  const auto j = nlohmann::json::parse(r.body, nullptr, false);
  if (j.is_discarded()) __builtin_trap();  // every answer is JSON
  if (r.status != 201 || nl == std::string::npos) return 0;
  const std::string id = j["episodeId"], token = j["playerToken"];
  size_t start = nl + 1;
  for (int n = 0; start <= in.size() && n < 50; ++n) {
    size_t end = in.find('\n', start);
    if (end == std::string::npos) end = in.size();
    const rk::server::Reply m = w.episodes->act(id, token, std::string_view(in).substr(start, end - start), "fuzz");
    if (nlohmann::json::parse(m.body, nullptr, false).is_discarded()) __builtin_trap();
    start = end + 1;
  }
  // What was stored replays to what is shown: the display read back must be JSON too.
  if (nlohmann::json::parse(w.episodes->display(id, token).body, nullptr, false).is_discarded()) __builtin_trap();
  return 0;
}
