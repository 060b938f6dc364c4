// `rulekit vck coverage`: which effect strings of the card tables compile (parse into the program
// trees the verb table runs) and which ran in random games over the presets.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "games/vck/rules/game.h"
#include "games/vck/language/tables.h"

namespace rk::vck {

struct CoverageOptions {
  std::vector<std::string> presets = {"base", "base1", "base2", "flamesandfrost", "shadowvale", "crimsonseas", "june2026", "random", "draft"};
  size_t games_per_preset = 1000;  // seats cycle through 2..5 players
  uint64_t seed = 1;
  // Games beside the random ones where every seat plays `bot` (made per game from its seed; the
  // CLI passes the greedy bot): random play seldom gathers what a stack's last boss costs, so
  // those rewards never run in random games alone. Same deals, same rules; only the players differ.
  size_t bot_games_per_preset = 0;
  // Another banned-card list than the one beside the tables (cards.h load_banned); empty: that one.
  std::string banned;
  // Games per preset played with the ban list lifted (only when it bans something): a banned card
  // is an operator's choice, not a rule, and its strings must run too. They count as executed
  // there, and the listing says they ran only with the bans lifted.
  size_t unbanned_games_per_preset = 0;
  using Bot = std::function<size_t(const Game&, const std::vector<Action>&)>;
  std::function<Bot(uint64_t seed)> make_bot;
};

struct CoverageCell {
  CardEffect cell;
  bool compiled = false;
  bool executed = false;
  bool dealt = false;  // its card was dealt in at least one game (it can occur in these presets)
  bool only_unbanned = false;  // executed only in the games with the ban list lifted
  std::string why;  // why it did not run (for the listing)
};

struct CoverageResult {
  std::vector<CoverageCell> cells;  // every effect string of every table, in table order
  size_t games = 0, bot_games = 0, unbanned_games = 0, errors = 0;
  size_t compiled() const;
  size_t executed() const;
  size_t dealt_not_executed() const;
};

// Compiles every effect string of the tables in `dir` and plays the random games. Table and
// preset problems go to `problems` (false then). `progress(games done, games in all)` is optional.
bool measure_coverage(const std::string& dir, const CoverageOptions& o, CoverageResult& out, std::vector<std::string>& problems,
                      const std::function<void(size_t, size_t)>& progress = {});

}  // namespace rk::vck
