// Request bodies of the server's JSON API, as a browser (or anyone) could send them: start an
// episode, then move in it, with the service and its SQLite storage in a scratch folder.
// Input: a first line that is the body of POST /api/episodes, the rest one move body per line.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "server/rulegame/service.h"
#include "server/store.h"

namespace {

struct World {
  std::unique_ptr<rk::server::Store> store;
  std::unique_ptr<rk::server::rulegame::Service> service;
  World() {
    const auto dir = std::filesystem::temp_directory_path() / ("rk-fuzz-server-" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir / "rules");
    std::string error;
    store = rk::server::Store::open((dir / "rulekit.db").string(), false, error);
    if (!store) __builtin_trap();
    service = std::make_unique<rk::server::rulegame::Service>(
        *store, rk::server::rulegame::Catalog({dir}, "(*,*,*,*,[0,1])\n(1,*,*,*,[p+1])\n",
                                               R"({"value":[{"id":1,"x":1,"y":1,"shape":"SQUARE","color":"RED"}]})"));
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static World w;
  const std::string in(reinterpret_cast<const char*>(data), size);
  const size_t nl = in.find('\n');
  const rk::server::Reply r = w.service->start(in.substr(0, nl));
  const auto j = nlohmann::json::parse(r.body, nullptr, false);
  if (j.is_discarded()) __builtin_trap();  // every answer is JSON
  if (r.status != 201 || nl == std::string::npos) return 0;
  const std::string id = j["episodeId"], token = j["playerToken"];
  size_t start = nl + 1;
  for (int n = 0; start <= in.size() && n < 50; ++n) {
    size_t end = in.find('\n', start);
    if (end == std::string::npos) end = in.size();
    const rk::server::Reply m = w.service->move(id, token, std::string_view(in).substr(start, end - start));
    if (nlohmann::json::parse(m.body, nullptr, false).is_discarded()) __builtin_trap();
    start = end + 1;
  }
  // What was stored replays to what is shown: the display read back must be JSON too.
  if (nlohmann::json::parse(w.service->display(id, token).body, nullptr, false).is_discarded()) __builtin_trap();
  return 0;
}
