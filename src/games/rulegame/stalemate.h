// Stalemate analysis of rule sets.
#pragma once

#include <string>
#include <vector>

#include "games/rulegame/board.h"
#include "games/rulegame/rules.h"

namespace rk::rulegame {

// The reference engine's quick test ("StalemateTester"): all atoms of all lines in one
// unmetered line, buckets ignored, expressions never match. Starting from a "multi-board" that
// holds every shape x color in every cell, removes every piece some atom can pick, pass after
// pass. Pieces left over mean the rules can stalemate; `sample` then gets a small board
// (one piece per cell, then cells dropped while it still stalemates).
bool lite_can_stalemate(const RuleSet& rules, const std::vector<std::string>& shapes,
                        const std::vector<std::string>& colors, Board* sample);

}  // namespace rk::rulegame
