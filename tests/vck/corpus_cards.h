// The shared corpus's VCK card tables, loaded once per test program (the tests that deal games
// of every preset read them). Absent corpus: an empty database; the tests skip on their own.
#pragma once

#include <string>
#include <vector>

#include "games/vck/compiler/cards.h"
#include "support.h"

namespace rk::vck {

inline const CardDb& cards() {
  static const CardDb db = [] {
    CardDb d;
    std::vector<std::string> problems;
    load_cards(test::shared_dir() + "/corpora/vck/tables", d, problems);
    return d;
  }();
  return db;
}

}  // namespace rk::vck
