// Stalemate analysis of rule sets.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "games/rulegame/rules/board.h"
#include "games/rulegame/rules/episode.h"
#include "games/rulegame/language/rules.h"

namespace rk::rulegame {

// The reference engine's quick test ("StalemateTester"): all atoms of all lines in one
// unmetered line, buckets ignored, expressions never match. Starting from a "multi-board" that
// holds every shape x color in every cell, removes every piece some atom can pick, pass after
// pass. Pieces left over mean the rules can stalemate; `sample` then gets a small board
// (one piece per cell, then cells dropped while it still stalemates).
bool lite_can_stalemate(const RuleSet& rules, const std::vector<std::string>& shapes,
                        const std::vector<std::string>& colors, Board* sample);

struct StalemateSearch {
  int exhaustive_pieces = 1;     // every board with up to this many pieces, every line of play
  int sample_boards = 3000;      // then this many random boards with more pieces, played at random
  int max_pieces = 9;
  size_t state_budget = 20000;   // states explored per exhaustive board before giving up on it
  int64_t seed = 1;
  std::vector<std::string> shapes, colors;
  // Called now and then during sampling with (plays done, plays planned), for progress output.
  std::function<void(int, int)> progress;
};

struct StalemateResult {
  bool found = false;
  bool exhaustive_complete = true;  // false if a board of the exhaustive phase ran out of budget
  Board board;                      // a board from which play can reach a stalemate
  std::vector<std::pair<int, int>> moves;  // accepted moves (cell, bucket) that lead to it
  int64_t boards_exhaustive = 0, boards_sampled = 0, boards_cut = 0, states = 0;
};

// Whether some play of the real rules (counters, buckets, memory) reaches a stalemate: a
// depth-first search over the player's accepted moves, with memoization of states, on every
// board of up to `exhaustive_pieces` pieces, then random plays of random larger boards
// (sampling: a stalemate that a fraction p of random plays reaches is missed by K plays with
// probability (1-p)^K, so K plays rule out p >= 3/K with 95% confidence).
StalemateResult search_stalemate(const RuleSet& rules, const StalemateSearch& opt);

}  // namespace rk::rulegame
