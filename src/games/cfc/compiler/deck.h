// Card Fighters' Clash decks: OCTGN .o8d files (<deck><section name="Main"><card qty= id=>name</card>).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "games/cfc/compiler/pool.h"

namespace rk::cfc {

inline constexpr size_t kDeckSize = 50;   // Deck-Building.md: "A deck must contain 50 cards"
inline constexpr int kMaxCopies = 3;      // "no more than three copies of any single card with the same name"

struct Deck {
  std::string path;
  std::vector<uint16_t> cards;  // indices into CardPool::cards, one per copy, in file order
};

// Reads and checks a deck against the pool. Every problem is a rendered diagnostic in `problems`
// (file:line:col: error[CFxxxx]: ...): unreadable or not a deck (CF0010), an unknown card id
// (CF0011), a bad quantity (CF0012), a size other than 50 (CF0013), more than three copies of a
// name (CF0014). Returns true when there is none.
bool load_deck(const std::string& path, const CardPool& pool, Deck& out, std::vector<std::string>& problems);

}  // namespace rk::cfc
