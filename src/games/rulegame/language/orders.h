// Orders of board cells ("weak orders": rankings with ties). A piece may be picked under an order
// when no occupied cell ranks before it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "games/rulegame/language/board_geometry.h"

namespace rk::rulegame {

struct Order {
  std::string name;
  std::array<CellMask, kCells> groups{};  // equally ranked cells, best first
  uint8_t n_groups = 0;
  bool builtin = false;

  void add_group(CellMask g) { groups[n_groups++] = g; }
  // The occupied cells that rank first. When no occupied cell is listed at all the order is
  // incomplete and does not restrict anything: every occupied cell is eligible.
  CellMask eligible(CellMask occupied) const {
    for (uint8_t i = 0; i < n_groups; ++i) {
      if (groups[i] & occupied) return groups[i] & occupied;
    }
    return occupied;
  }
  std::string to_source() const;
};

// The built-in order with this (case-sensitive) name, or null: L1 L2 L3 L4 T B R L
// NearestObject Farthest.
const Order* builtin_order(std::string_view name);

}  // namespace rk::rulegame
