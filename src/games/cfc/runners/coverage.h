// Which card scripts the engine runs: compiled (every part supported), executed in simulated games,
// and covered by a scenario test. `rulekit cfc coverage` prints it.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "games/cfc/compiler/pool.h"

namespace rk::cfc {

struct CardCoverage {
  std::string name;
  bool compiled = false;
  uint32_t executed = 0;  // runs in the simulated games
  uint32_t covered = 0;   // runs in the scenario tests
  std::vector<std::string> missing;
};

struct CoverageReport {
  std::vector<CardCoverage> cards;  // one per scripted card, in rules.json order
  std::map<std::string, int> missing;  // what is not executable yet -> how many cards need it
  size_t games = 0, engine_errors = 0;
  std::vector<std::string> errors;  // engine errors and failing scenarios
  size_t compiled() const;
  size_t executed() const;
  size_t covered() const;
};

// Plays `games_per_deck` random games with decks that hold every scripted card (padded with
// vanilla characters), and runs the scenarios (name, text).
CoverageReport coverage(const CardPool& pool, const std::vector<std::pair<std::string, std::string>>& scenarios,
                        size_t games_per_deck, uint64_t seed);

}  // namespace rk::cfc
