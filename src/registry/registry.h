// The games and dialects rulekit knows, in one list (registry.cc). Everything that used to name
// the games one by one iterates it instead: content detection and `check` / `explain` (through
// each entry's Dialect), the `rulekit` subcommands and help (through each entry's command hooks),
// and the server (through each entry's GameService factory, for the games it serves).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "registry/dialect.h"

namespace CLI {
class App;
}

namespace rk::server {
class GameService;
struct ServiceSetup;
namespace tables {
struct TableKind;
}
}  // namespace rk::server

namespace rk::registry {

struct Game {
  const Dialect* dialect = nullptr;
  // Adds the game's own subcommands (`rulekit cfc ...`) to the program; nullptr: none.
  void (*add_commands)(CLI::App& app, int& exit_code) = nullptr;
  // A subcommand that takes its arguments raw, before the option parser (`rulekit rulegame
  // captive` speaks the original's argument syntax): `argv[1] argv[2]` are its two words.
  struct RawCommand {
    std::string_view game, command;
    int (*run)(int argc, char** argv) = nullptr;
  } raw;
  // The game served over HTTP; nullptr for games the server does not play.
  std::unique_ptr<server::GameService> (*serve)(const server::ServiceSetup& setup) = nullptr;
  // The game at the server's tables (server/tables/table_game.h); nullptr when it has none.
  const server::tables::TableKind* table = nullptr;
};

// Every game, in the order help and detection use.
std::span<const Game> games();
// The dialect with this name or alias (case-sensitive, as typed after --dialect); nullptr if none.
const Dialect* find_dialect(std::string_view name);
// The dialect of plain text no other dialect claims (see Fallback in dialect.h).
const Dialect& fallback_dialect();
// "a, b, c or d": the dialect names, for help and messages.
std::string dialect_names();

}  // namespace rk::registry
