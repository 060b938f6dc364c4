// The engine playing compiled cards: the input is a card file; every card in it (three copies)
// and the five basic lands make both decks, and a game is played by moves picked from the
// input's first bytes. A card the engine cannot run may end the game with an engine error
// (Match::error), never crash it or hang it.
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/language/database.h"
#include "games/mtg/runners/match.h"
#include "kernel/rng.h"

namespace {

// The basic lands, so that decks of the fuzzed cards have mana (written as the primitives are).
constexpr const char* kLands =
    "[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n"
    "[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n"
    "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n"
    "[card]\nname=Plains\ntype=Basic Land\nsubtype=Plains\n[/card]\n"
    "[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace rk::mtg;
  if (size < 8) return 0;
  uint64_t seed = 0;
  for (size_t i = 0; i < 8; ++i) seed = seed << 8 | data[i];
  const std::string s(reinterpret_cast<const char*>(data) + 8, size - 8);
  Database db;
  add_macros(s, db);
  add_file("lands.txt", kLands, false, db);
  add_file("fuzz.txt", s, false, db);
  resolve(db);
  Catalog cat(db);
  Deck deck;
  for (const char* land : {"forest", "island", "mountain", "plains", "swamp"}) deck.named.emplace_back(land, 4);
  const CardFile& f = *db.files[1];
  for (uint32_t i = f.first_card; i < f.first_card + f.card_count && i < f.first_card + 20; ++i) {
    std::string lower(db.cards[i].name);
    for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (!lower.empty()) deck.named.emplace_back(lower, 3);
  }
  Match m(cat, deck, deck, seed, 8);
  rk::kernel::Rng pick(seed);
  while (!m.over() && m.moves_played < 600) {
    const auto& ms = m.moves();
    if (ms.empty()) break;
    m.play(ms[pick.below(static_cast<uint32_t>(ms.size()))]);
  }
  return 0;
}
