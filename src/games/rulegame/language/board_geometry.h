// The 6x6 board of Rule Game: cells 1..36 numbered by rows from the bottom-left, four buckets
// at the corners numbered clockwise from the top-left.
#pragma once

#include <cstdint>

namespace rk::rulegame {

constexpr int kN = 6;
constexpr int kCells = kN * kN;
constexpr int kBuckets = 4;

using CellMask = uint64_t;  // bit k set = cell k occupied/eligible (k in 1..36)

inline int cell_of(int x, int y) { return x + (y - 1) * kN; }
inline int cell_x(int pos) { return (pos - 1) % kN + 1; }
inline int cell_y(int pos) { return (pos - 1) / kN + 1; }
inline CellMask bit(int pos) { return CellMask{1} << pos; }

// Bucket number for bucket coordinates (x, y), or -1.
inline int bucket_at(int x, int y) {
  if (y == kN + 1) return x == 0 ? 0 : x == kN + 1 ? 1 : -1;
  if (y == 0) return x == 0 ? 3 : x == kN + 1 ? 2 : -1;
  return -1;
}

// Buckets nearest to a cell, as a 4-bit mask (several when the cell is on a middle line of an
// odd-sized board; never on the 6x6 board).
inline uint8_t nearest_buckets(int x, int y) {
  uint8_t m = 0;
  if (2 * x <= kN + 1) {
    if (2 * y >= kN + 1) m |= 1 << 0;
    if (2 * y <= kN + 1) m |= 1 << 3;
  }
  if (2 * x >= kN + 1) {
    if (2 * y >= kN + 1) m |= 1 << 1;
    if (2 * y <= kN + 1) m |= 1 << 2;
  }
  return m;
}
inline uint8_t remotest_buckets(int x, int y) { return nearest_buckets(kN + 1 - x, kN + 1 - y); }

}  // namespace rk::rulegame
