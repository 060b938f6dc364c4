// The 2016 card database, rulekit's Lua cards and the first ten prebuilt decks, loaded once per
// test program, for the tests that play whole games (match_game_test.cc, the conformance test).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/language/database.h"
#include "games/mtg/lua/card_scripts.h"
#include "games/mtg/runners/match.h"
#include "support.h"

namespace rk::test {

struct MtgWorld {
  mtg::Database db;
  std::unique_ptr<mtg::Catalog> cat;
  mtg::CardScripts scripts;
  std::vector<mtg::Deck> decks;  // deck1 .. deck10
};

// Null when the corpus is absent (the caller skips with RK_REQUIRE_CORPUS first).
inline MtgWorld* mtg_world() {
  static MtgWorld* w = [] {
    auto* out = new MtgWorld;
    std::string err;
    if (!mtg::load(shared_dir() + "/corpora/wagic/2016/sets", out->db, err)) return static_cast<MtgWorld*>(nullptr);
    out->cat = std::make_unique<mtg::Catalog>(out->db);
    std::vector<std::string> errors;
    out->scripts.load(source_dir() + "/cards/wagic-lua", errors);
    out->cat->scripts = &out->scripts;
    for (int i = 1; i <= 10; ++i) {
      mtg::Deck d;
      if (mtg::read_deck(shared_dir() + "/corpora/wagic/2016/decks/ai/deck" + std::to_string(i) + ".txt", d, err)) out->decks.push_back(d);
    }
    return out;
  }();
  return w;
}

}  // namespace rk::test
