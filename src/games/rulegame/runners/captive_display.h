// What the Captive Game Server shows: the board as one JSON line and as ASCII art.
#pragma once

#include <cstdint>
#include <string>

#include "games/rulegame/rules/episode.h"

namespace rk::rulegame {

// The latest move attempt that reached the engine, for marking the board: brackets around the
// piece tried, parentheses around the cell a piece has just left.
struct LastMove {
  bool set = false;
  int pos = -1;
  int64_t id = -1;
  int code = 0;
};

// {"id":0,"value":[{"id":..,"color":..,"shape":..,"x":..,"y":..,"buckets":[..]},...]}
std::string board_json(const Episode& e);
std::string ascii_board(const Episode& e, const LastMove& last);

}  // namespace rk::rulegame
