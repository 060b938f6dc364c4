// Random initial boards, generated exactly as the reference engine does from a seed.
#pragma once

#include <string>
#include <vector>

#include "games/rulegame/rules/board.h"
#include "games/rulegame/rules/java_random.h"

namespace rk::rulegame {

// The four legacy shapes and colors, in the engine's order.
const std::vector<std::string>& legacy_shapes();
const std::vector<std::string>& legacy_colors();

// `n_pieces` pieces on distinct random cells; n_shapes / n_colors distinct values drawn from
// the given lists (0 = each piece independently from the whole list).
// Optional restrictions on where pieces go (the "condTrain"/"condTest" conditions of the
// Captive Game Server) and whether several pieces may share a cell.
struct Placement {
  CellMask all_in = 0;    // non-zero: every piece on one of these cells (training boards)
  CellMask one_in = 0;    // non-zero: at least one piece on one of these cells (testing boards)
  bool crowded = false;   // cells drawn independently, so pieces may share them
};

// The same without exceptions: false with the original program's message where it would throw
// (too many pieces, more distinct shapes or colors than the lists or the pieces allow).
bool try_random_board(JavaRandom& rng, int n_pieces, int n_shapes, int n_colors,
                      const std::vector<std::string>& shapes, const std::vector<std::string>& colors,
                      const Placement& placement, Board& out, std::string& why);
// Throws std::invalid_argument where try_random_board fails (for callers that validated first).
Board random_board(JavaRandom& rng, int n_pieces, int n_shapes, int n_colors,
                   const std::vector<std::string>& shapes, const std::vector<std::string>& colors,
                   const Placement& placement = {});

}  // namespace rk::rulegame
