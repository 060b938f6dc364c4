#include "games/rulegame/runners/captive_boards.h"

#include "games/rulegame/rules/episode.h"

namespace rk::rulegame {
namespace {
constexpr CellMask kAllCells = ((CellMask{1} << (kCells + 1)) - 1) & ~CellMask{1};
}

void BoardConditions::set_testing(bool testing) {
  testing_ = testing;
  placement_ = Placement();
  // The original places pieces directly when the conditions are one atom that only lists cells.
  if (rules_->rows.size() != 1 || rules_->rows[0].atoms.count != 1) return;
  const Atom& a = rules_->atoms_of(rules_->rows[0])[0];
  if (a.has_shapes || a.has_colors || a.pos.any) return;
  position_mask_ = true;
  const CellMask listed = a.pos.cells & kAllCells;
  if (testing) {
    placement_.one_in = listed;
  } else {
    placement_.all_in = ~listed & kAllCells;
  }
}

bool BoardConditions::acceptable(const Board& b) const {
  Episode e(*rules_, b);
  int accepted = 0;
  for (size_t j = 0; j < b.pieces.size(); ++j) {
    for (size_t r = 0; r < rules_->rows.size(); ++r) {
      if (e.row_accepts_piece(r, j)) {
        ++accepted;
        break;
      }
    }
  }
  return testing_ ? accepted > 0 : accepted == 0;
}

bool RandomBoards::next(Board& out, std::string& why) {
  constexpr int kTries = 1000;
  const int n = rng_->in_range(pieces_.lo, pieces_.hi);
  const int ns = rng_->in_range(shapes_.lo, shapes_.hi);
  const int nc = rng_->in_range(colors_.lo, colors_.hi);
  Placement pl = cond_ ? cond_->placement() : Placement();
  pl.crowded = crowded_;
  for (int t = 0; t < kTries; ++t) {
    if (!try_random_board(*rng_, n, ns, nc, all_shapes_, all_colors_, pl, out, why)) return false;
    if (!cond_ || cond_->acceptable(out)) return true;
  }
  why = "Cannot create a board satisfying conditions, even after 1000 attempts";
  return false;
}

bool RandomImageBoards::next(Board& out, std::string& why) {
  const int n = rng_->in_range(pieces_.lo, pieces_.hi);
  if (n > kCells) {
    why = "Cannot fit " + std::to_string(n) + " pieces on an 6 square board!";
    return false;
  }
  out = Board();
  const std::vector<int> cells = rng_->subset_ordered(kCells, n);
  for (int i = 0; i < n; ++i) {
    Piece p;
    p.id = i;
    p.pos = cells[static_cast<size_t>(i)] + 1;
    if (!composite_.empty()) {
      p.image = composite_.draw(*rng_, &p.props);
    } else {
      const size_t k = static_cast<size_t>(rng_->next_int(static_cast<int32_t>(keys_.size())));
      p.image = keys_[k];
      p.props = props_[k];
    }
    out.pieces.push_back(std::move(p));
  }
  return true;
}

}  // namespace rk::rulegame
