// The 2016 Wagic card database, loaded once per test program and shared by the fixtures that
// build boards from real cards. Null when ../shared is absent or the load fails: callers skip
// first with RK_REQUIRE_CORPUS("corpora/wagic/2016/sets"), which says so loudly.
#pragma once

#include <filesystem>
#include <string>

#include "games/mtg/language/database.h"
#include "support.h"

namespace rk::test {

inline const mtg::Database* wagic_2016_db() {
  static const mtg::Database* db = []() -> const mtg::Database* {
    static mtg::Database loaded;
    const std::string sets = shared_dir() + "/corpora/wagic/2016/sets";
    std::string err;
    if (!std::filesystem::exists(sets) || !mtg::load(sets, loaded, err)) return nullptr;
    return &loaded;
  }();
  return db;
}

}  // namespace rk::test
