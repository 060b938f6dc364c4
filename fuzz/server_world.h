// The server's storage, Rule Game service and episodes in a scratch folder, for the fuzz targets
// that drive the server (request bodies, raw HTTP).
#pragma once

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>

#include "server/episodes.h"
#include "server/limits.h"
#include "server/rulegame/service.h"
#include "server/store.h"

namespace rk::fuzz {

struct ServerWorld {
  server::Limits limits;
  std::unique_ptr<server::Store> store;
  std::unique_ptr<server::Episodes> episodes;

  explicit ServerWorld(const std::string& name, server::Limits l) : limits(l) {
    const auto dir = std::filesystem::temp_directory_path() / (name + "-" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir / "rules");
    std::string error;
    store = server::Store::open((dir / "rulekit.db").string(), false, limits.wal_checkpoint_bytes, error);
    if (!store) __builtin_trap();
    limits.max_live_per_client = 1000000;  // every input comes from the same "client"
    std::vector<std::unique_ptr<server::GameService>> games;
    games.push_back(std::make_unique<server::rulegame::Service>(
        *store,
        server::rulegame::Catalog({dir}, "(*,*,*,*,[0,1])\n(1,*,*,*,[p+1])\n",
                                  R"({"value":[{"id":1,"x":1,"y":1,"shape":"SQUARE","color":"RED"}]})"),
        limits));
    episodes = std::make_unique<server::Episodes>(*store, limits, std::move(games));
  }
};

}  // namespace rk::fuzz
