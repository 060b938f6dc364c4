#include "games/rulegame/rules/stalemate.h"

#include <algorithm>
#include <unordered_set>

#include "games/rulegame/rules/java_random.h"
#include "games/rulegame/rules/random_board.h"

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

namespace rk::rulegame {
namespace {

class Dfs {
 public:
  Dfs(size_t budget, int64_t& states) : budget_(budget), states_(states) {}

  // True when some sequence of accepted moves from `e` ends in a stalemate.
  bool run(const Episode& e, std::vector<std::pair<int, int>>& path) {
    if (e.finish() == kStalemated) return true;
    if (e.over()) return false;
    if (!seen_.insert(e.state_key()).second) return false;
    if (seen_.size() > budget_) {
      cut_ = true;
      return false;
    }
    ++states_;
    for (size_t j = 0; j < e.pieces().size(); ++j) {
      const uint8_t m = e.movable_to(j);
      for (int b = 0; b < kBuckets; ++b) {
        if (!(m & (1 << b))) continue;
        Episode next = e;
        const int pos = e.pieces()[j].pos;
        if (next.move(pos, b) != kAccept) continue;
        path.emplace_back(pos, b);
        if (run(next, path)) return true;
        path.pop_back();
        if (cut_) return false;
      }
    }
    return false;
  }
  bool cut() const { return cut_; }

 private:
  size_t budget_;
  int64_t& states_;
  std::unordered_set<std::string> seen_;
  bool cut_ = false;
};

bool try_board(const RuleSet& rules, const Board& b, size_t budget, StalemateResult& r, bool& cut) {
  Episode e(rules, b);
  Dfs dfs(budget, r.states);
  std::vector<std::pair<int, int>> path;
  const bool found = dfs.run(e, path);
  cut = dfs.cut();
  if (found) {
    r.found = true;
    r.board = b;
    r.moves = path;
  }
  return found;
}

}  // namespace

namespace {

// One random play: from `b`, accepted moves chosen uniformly at random until the episode ends.
bool random_play(const RuleSet& rules, const Board& b, JavaRandom& rng, StalemateResult& r) {
  Episode e(rules, b);
  std::vector<std::pair<int, int>> path, options;
  while (!e.over()) {
    options.clear();
    for (size_t j = 0; j < e.pieces().size(); ++j) {
      const uint8_t m = e.movable_to(j);
      for (int k = 0; k < kBuckets; ++k) {
        if (m & (1 << k)) options.emplace_back(e.pieces()[j].pos, k);
      }
    }
    if (options.empty()) break;
    const auto [pos, bucket] = options[static_cast<size_t>(rng.next_int(static_cast<int32_t>(options.size())))];
    if (e.move(pos, bucket) != kAccept) break;
    path.emplace_back(pos, bucket);
    ++r.states;
  }
  if (e.finish() != kStalemated) return false;
  r.found = true;
  r.board = b;
  r.moves = std::move(path);
  return true;
}

}  // namespace

StalemateResult search_stalemate(const RuleSet& rules, const StalemateSearch& opt) {
  StalemateResult r;
  const std::vector<std::string>& shapes = opt.shapes.empty() ? legacy_shapes() : opt.shapes;
  const std::vector<std::string>& colors = opt.colors.empty() ? legacy_colors() : opt.colors;
  const int kinds = static_cast<int>(shapes.size() * colors.size());
  // Exhaustive: every choice of cells and piece kinds, one to `exhaustive_pieces` pieces, every
  // line of play (depth-first, memoized on the episode state).
  for (int n = 1; n <= opt.exhaustive_pieces; ++n) {
    std::vector<int> cells(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) cells[static_cast<size_t>(i)] = i + 1;
    while (true) {
      std::vector<int> kind(static_cast<size_t>(n), 0);
      while (true) {
        Board b;
        for (int i = 0; i < n; ++i) {
          Piece p;
          p.id = i;
          p.pos = cells[static_cast<size_t>(i)];
          p.shape = shapes[static_cast<size_t>(kind[static_cast<size_t>(i)]) / colors.size()];
          p.color = colors[static_cast<size_t>(kind[static_cast<size_t>(i)]) % colors.size()];
          b.pieces.push_back(p);
        }
        ++r.boards_exhaustive;
        bool cut = false;
        if (try_board(rules, b, opt.state_budget * 10, r, cut)) return r;
        if (cut) r.exhaustive_complete = false;
        int k = n - 1;
        while (k >= 0 && ++kind[static_cast<size_t>(k)] == kinds) kind[static_cast<size_t>(k--)] = 0;
        if (k < 0) break;
      }
      int k = n - 1;
      while (k >= 0 && cells[static_cast<size_t>(k)] == kCells - (n - 1 - k)) --k;
      if (k < 0) break;
      ++cells[static_cast<size_t>(k)];
      for (int i = k + 1; i < n; ++i) cells[static_cast<size_t>(i)] = cells[static_cast<size_t>(i - 1)] + 1;
    }
  }
  // Sampling: random boards as the game generates them, each played once at random.
  JavaRandom rng(opt.seed);
  const int lo = std::min(opt.exhaustive_pieces + 1, opt.max_pieces);
  for (int s = 0; s < opt.sample_boards; ++s) {
    const int n = rng.in_range(lo, opt.max_pieces);
    Board b;
    std::string why;
    if (!try_random_board(rng, n, 0, 0, shapes, colors, Placement(), b, why)) break;
    ++r.boards_sampled;
    if (random_play(rules, b, rng, r)) return r;
    if (opt.progress && (s + 1) % 256 == 0) opt.progress(s + 1, opt.sample_boards);
  }
  return r;
}

}  // namespace rk::rulegame
