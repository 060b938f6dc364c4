// The games the server sets tables for (server/tables/table_game.h), one TableKind each, named in
// the registry's list (registry.cc) and by the CLI's `replay` of table logs.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/tables/table_game.h"

namespace rk::registry {

extern const server::tables::TableKind kCfcTable;
extern const server::tables::TableKind kVckTable;
extern const server::tables::TableKind kWagicTable;

// The folder of the games' files (rulekit's shared corpora; $RULEKIT_CORPORA overrides it).
std::string corpora_dir();

// A player's own deck file sent with a request: {"name": N, "text": T}. Written to a private
// temporary file for the game's deck reader, whose diagnostics then name it N.
struct OwnDeck {
  std::string name, text;
};
bool own_deck(const nlohmann::json& v, OwnDeck& out);
std::string write_temp_deck(const OwnDeck& deck, const std::string& suffix);
void name_temp_deck(const std::string& path, const std::string& name, std::vector<std::string>& messages);

// Runs `read(path)` on `deck` written to a temporary file (removed after), and puts `deck.name` in
// place of the temporary path in `messages`.
template <class F>
auto with_deck_file(const OwnDeck& deck, const std::string& suffix, std::vector<std::string>& messages, F&& read) {
  const std::string path = write_temp_deck(deck, suffix);
  auto r = read(path);
  name_temp_deck(path, deck.name, messages);
  return r;
}

}  // namespace rk::registry
