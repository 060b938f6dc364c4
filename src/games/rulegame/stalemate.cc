#include "games/rulegame/stalemate.h"

#include <algorithm>

namespace rk::rulegame {
namespace {

struct Kind {
  expr::Sym shape, color;
  std::string shape_name, color_name;
};

// One cell holds a set of piece kinds (bit i = kinds[i]).
using MBoard = std::vector<uint64_t>;  // index 1..36

bool legacy_ok(const RuleSet& rules, bool has, Slice list, expr::Sym v) {
  if (!has) return true;
  for (expr::Sym s : rules.syms_of(list)) {
    if (s == v) return true;
  }
  return false;
}

bool can_move(const RuleSet& rules, int pos, const Kind& k, const std::vector<CellMask>& elig) {
  for (const Row& row : rules.rows) {
    for (const Atom& a : rules.atoms_of(row)) {
      if (!legacy_ok(rules, a.has_shapes, a.shapes, k.shape) ||
          !legacy_ok(rules, a.has_colors, a.colors, k.color)) {
        continue;
      }
      if (a.pos.any || (a.pos.cells & bit(pos))) return true;
      for (int o : rules.orders_of(a.pos)) {
        if (o >= 0 && (elig[static_cast<size_t>(o)] & bit(pos))) return true;
      }
    }
  }
  return false;
}

CellMask occupied(const MBoard& b) {
  CellMask m = 0;
  for (int c = 1; c <= kCells; ++c) {
    if (b[static_cast<size_t>(c)]) m |= bit(c);
  }
  return m;
}

// Removes what can be removed; true when pieces remain that nothing can move.
bool stalemates(const RuleSet& rules, const std::vector<Kind>& kinds, MBoard& b) {
  std::vector<CellMask> elig(rules.orders.size());
  CellMask on = occupied(b);
  while (on) {
    for (size_t o = 0; o < elig.size(); ++o) elig[o] = rules.orders[o].eligible(on);
    int removed = 0;
    for (int c = 1; c <= kCells; ++c) {
      uint64_t& cell = b[static_cast<size_t>(c)];
      for (size_t i = 0; i < kinds.size(); ++i) {
        if ((cell >> i & 1) && can_move(rules, c, kinds[i], elig)) {
          cell &= ~(uint64_t{1} << i);
          ++removed;
        }
      }
    }
    if (removed == 0) return true;
    on = occupied(b);
  }
  return false;
}

}  // namespace

bool lite_can_stalemate(const RuleSet& rules, const std::vector<std::string>& shapes,
                        const std::vector<std::string>& colors, Board* sample) {
  std::vector<Kind> kinds;
  for (const std::string& s : shapes) {
    for (const std::string& c : colors) {
      if (kinds.size() == 64) break;
      kinds.push_back({rules.symbols.find(s), rules.symbols.find(c), s, c});
    }
  }
  const uint64_t all = kinds.size() == 64 ? ~uint64_t{0} : (uint64_t{1} << kinds.size()) - 1;
  MBoard b(kCells + 1, all);
  b[0] = 0;
  if (!stalemates(rules, kinds, b)) return false;
  if (sample != nullptr) {
    // One piece per cell (the lowest kind left), then drop cells while it still stalemates.
    MBoard q(kCells + 1, 0);
    for (int c = 1; c <= kCells; ++c) {
      const uint64_t cell = b[static_cast<size_t>(c)];
      if (cell) q[static_cast<size_t>(c)] = cell & (~cell + 1);
    }
    stalemates(rules, kinds, q);  // keep only what cannot be moved
    for (int c = 1; c <= kCells; ++c) {
      if (!q[static_cast<size_t>(c)]) continue;
      MBoard z = q;
      z[static_cast<size_t>(c)] = 0;
      MBoard probe = z;
      if (stalemates(rules, kinds, probe)) q = z;
    }
    sample->pieces.clear();
    sample->name = "Stalemated board";
    int64_t id = 0;
    for (int c = 1; c <= kCells; ++c) {
      const uint64_t cell = q[static_cast<size_t>(c)];
      if (!cell) continue;
      const Kind& k = kinds[static_cast<size_t>(__builtin_ctzll(cell))];
      Piece p;
      p.id = id++;
      p.pos = c;
      p.shape = k.shape_name;
      p.color = k.color_name;
      sample->pieces.push_back(p);
    }
  }
  return true;
}

}  // namespace rk::rulegame
