#include "games/rulegame/rules/random_board.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace rk::rulegame {
namespace {

// Fills `out` (one entry per piece) with values from `all` so that exactly `n` distinct values
// occur; n == 0 draws every entry independently. False (with the original's message) where the
// original throws.
bool designated(JavaRandom& rng, const std::vector<std::string>& all, std::vector<std::string>& out, int n,
                std::string& why) {
  const int m = static_cast<int>(out.size());
  if (n == 0) {
    if (m > 0 && all.empty()) {
      why = "bound must be positive";
      return false;
    }
    for (int j = 0; j < m; ++j) out[static_cast<size_t>(j)] = all[static_cast<size_t>(rng.next_int(static_cast<int32_t>(all.size())))];
    return true;
  }
  std::vector<int> r(static_cast<size_t>(m));
  for (int j = 0; j < m; ++j) r[static_cast<size_t>(j)] = rng.next_int(n);
  if (n > m) {
    why = fmt::format("Cannot select {} values out of {}!", n, m);
    return false;
  }
  // make sure every one of the n values is present at least once
  const std::vector<int> places = rng.subset_permuted(m, n);
  for (int i = 0; i < n; ++i) r[static_cast<size_t>(places[static_cast<size_t>(i)])] = i;
  const std::vector<int> use = rng.subset_ordered(static_cast<int>(all.size()), n);
  for (int j = 0; j < m; ++j) out[static_cast<size_t>(j)] = all[static_cast<size_t>(use[static_cast<size_t>(r[static_cast<size_t>(j)])])];
  return true;
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

// Cells (1..36, ascending) for n pieces, as the original's randomPositions.
bool draw_cells(JavaRandom& rng, int n, const Placement& pl, std::vector<int>& cells, std::string& why) {
  const std::vector<int> allowed = cells_of(pl.all_in ? pl.all_in : ~CellMask{0});
  const int na = static_cast<int>(allowed.size());
  if (!pl.crowded && n > na) {
    why = fmt::format("Cannot select {} values out of {}!", n, na);
    return false;
  }
  if (pl.crowded) {
    if (na == 0 && n > 0) {
      why = "bound must be positive";
      return false;
    }
    for (int i = 0; i < n; ++i) cells.push_back(rng.next_int(na));
    std::sort(cells.begin(), cells.end());
  } else {
    cells = rng.subset_ordered(na, n);
  }
  for (int& c : cells) c = allowed[static_cast<size_t>(c)];
  if (pl.all_in || !pl.one_in || n == 0) return true;
  CellMask used = 0;
  for (int c : cells) used |= bit(c);
  if (used & pl.one_in) return true;
  // None landed where one must be: move a random piece to a random cell of that set.
  const int victim = rng.next_int(n);
  const std::vector<int> must = cells_of(pl.one_in);
  cells[static_cast<size_t>(victim)] = must[static_cast<size_t>(rng.next_int(static_cast<int32_t>(must.size())))];
  std::sort(cells.begin(), cells.end());
  return true;
}

}  // namespace

bool try_random_board(JavaRandom& rng, int n_pieces, int n_shapes, int n_colors,
                      const std::vector<std::string>& shapes, const std::vector<std::string>& colors,
                      const Placement& placement, Board& b, std::string& why) {
  if (n_pieces > kCells) {
    why = fmt::format("Cannot fit {} pieces on an {} square board!", n_pieces, kN);
    return false;
  }
  if (n_shapes < 0 || n_shapes > static_cast<int>(shapes.size())) {
    why = fmt::format("Invalid number of shapes: {}", n_shapes);
    return false;
  }
  if (n_colors < 0 || n_colors > static_cast<int>(colors.size())) {
    why = fmt::format("Invalid number of colors: {}", n_colors);
    return false;
  }
  b = Board();
  b.name = fmt::format("Random board with {} pieces, {} shapes, and {} colors", n_pieces, n_shapes,
                       n_colors);
  std::vector<int> cells;
  if (!draw_cells(rng, n_pieces, placement, cells, why)) return false;
  std::vector<std::string> use_shapes(static_cast<size_t>(n_pieces)), use_colors(static_cast<size_t>(n_pieces));
  if (!designated(rng, shapes, use_shapes, n_shapes, why) || !designated(rng, colors, use_colors, n_colors, why)) {
    return false;
  }
  for (int i = 0; i < n_pieces; ++i) {
    Piece p;
    p.id = i;
    p.pos = cells[static_cast<size_t>(i)];
    p.shape = use_shapes[static_cast<size_t>(i)];
    p.color = use_colors[static_cast<size_t>(i)];
    b.pieces.push_back(std::move(p));
  }
  return true;
}

Board random_board(JavaRandom& rng, int n_pieces, int n_shapes, int n_colors,
                   const std::vector<std::string>& shapes, const std::vector<std::string>& colors,
                   const Placement& placement) {
  Board b;
  std::string why;
  if (!try_random_board(rng, n_pieces, n_shapes, n_colors, shapes, colors, placement, b, why)) {
    throw std::invalid_argument(why);
  }
  return b;
}

}  // namespace rk::rulegame
