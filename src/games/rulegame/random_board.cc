#include "games/rulegame/random_board.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace rk::rulegame {
namespace {

// Fills `out` (one entry per piece) with values from `all` so that exactly `n` distinct values
// occur; n == 0 draws every entry independently.
void designated(JavaRandom& rng, const std::vector<std::string>& all, std::vector<std::string>& out,
                int n) {
  const int m = static_cast<int>(out.size());
  if (n < 0 || n > static_cast<int>(all.size())) throw std::invalid_argument("bad value count");
  if (n == 0) {
    for (int j = 0; j < m; ++j) out[static_cast<size_t>(j)] = all[static_cast<size_t>(rng.next_int(static_cast<int32_t>(all.size())))];
    return;
  }
  std::vector<int> r(static_cast<size_t>(m));
  for (int j = 0; j < m; ++j) r[static_cast<size_t>(j)] = rng.next_int(n);
  // make sure every one of the n values is present at least once
  const std::vector<int> places = rng.subset_permuted(m, n);
  for (int i = 0; i < n; ++i) r[static_cast<size_t>(places[static_cast<size_t>(i)])] = i;
  const std::vector<int> use = rng.subset_ordered(static_cast<int>(all.size()), n);
  for (int j = 0; j < m; ++j) out[static_cast<size_t>(j)] = all[static_cast<size_t>(use[static_cast<size_t>(r[static_cast<size_t>(j)])])];
}

}  // namespace

const std::vector<std::string>& legacy_shapes() {
  static const std::vector<std::string> k = {"SQUARE", "STAR", "CIRCLE", "TRIANGLE"};
  return k;
}
const std::vector<std::string>& legacy_colors() {
  static const std::vector<std::string> k = {"RED", "BLACK", "BLUE", "YELLOW"};
  return k;
}

namespace {

std::vector<int> cells_of(CellMask m) {
  std::vector<int> v;
  for (int c = 1; c <= kCells; ++c) {
    if (m & bit(c)) v.push_back(c);
  }
  return v;
}

// Cells (1..36, ascending) for n pieces.
std::vector<int> draw_cells(JavaRandom& rng, int n, const Placement& pl) {
  std::vector<int> cells;
  if (pl.crowded) {
    for (int i = 0; i < n; ++i) cells.push_back(rng.next_int(kCells) + 1);
    std::sort(cells.begin(), cells.end());
    return cells;
  }
  if (pl.all_in) {
    const std::vector<int> allowed = cells_of(pl.all_in);
    for (int k : rng.subset_ordered(static_cast<int>(allowed.size()), n)) {
      cells.push_back(allowed[static_cast<size_t>(k)]);
    }
    return cells;
  }
  for (int k : rng.subset_ordered(kCells, n)) cells.push_back(k + 1);
  if (pl.one_in && n > 0) {
    CellMask used = 0;
    for (int c : cells) used |= bit(c);
    if (!(used & pl.one_in)) {
      // None landed where one must be: move a random piece to a random free cell of that set.
      const int victim = rng.next_int(n);
      const std::vector<int> free = cells_of(pl.one_in & ~used);
      cells[static_cast<size_t>(victim)] = free[static_cast<size_t>(rng.next_int(static_cast<int32_t>(free.size())))];
      std::sort(cells.begin(), cells.end());
    }
  }
  return cells;
}

}  // namespace

Board random_board(JavaRandom& rng, int n_pieces, int n_shapes, int n_colors,
                   const std::vector<std::string>& shapes, const std::vector<std::string>& colors,
                   const Placement& placement) {
  if (n_pieces > kCells && !placement.crowded) throw std::invalid_argument("more pieces than cells");
  Board b;
  b.name = fmt::format("Random board with {} pieces, {} shapes, and {} colors", n_pieces, n_shapes,
                       n_colors);
  const std::vector<int> cells = draw_cells(rng, n_pieces, placement);
  std::vector<std::string> use_shapes(static_cast<size_t>(n_pieces)), use_colors(static_cast<size_t>(n_pieces));
  designated(rng, shapes, use_shapes, n_shapes);
  designated(rng, colors, use_colors, n_colors);
  for (int i = 0; i < n_pieces; ++i) {
    Piece p;
    p.id = i;
    p.pos = cells[static_cast<size_t>(i)];
    p.shape = use_shapes[static_cast<size_t>(i)];
    p.color = use_colors[static_cast<size_t>(i)];
    b.pieces.push_back(std::move(p));
  }
  return b;
}

}  // namespace rk::rulegame
