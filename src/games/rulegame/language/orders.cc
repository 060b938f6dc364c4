#include "games/rulegame/language/orders.h"

#include <algorithm>
#include <array>
#include <vector>

namespace rk::rulegame {
namespace {

// Squared distance from a cell to the nearest corner bucket (cells mirrored into the
// bottom-left quadrant, bucket at (0,0)).
int dist_to_corner(int pos) {
  int x = cell_x(pos), y = cell_y(pos);
  if (2 * x > kN + 1) x = kN + 1 - x;
  if (2 * y > kN + 1) y = kN + 1 - y;
  return x * x + y * y;
}

Order named(const char* name) {
  Order o;
  o.name = name;
  o.builtin = true;
  return o;
}

Order singletons(const char* name, const std::vector<int>& cells) {
  Order o = named(name);
  for (int c : cells) o.add_group(bit(c));
  return o;
}

Order reversed(const char* name, const Order& src) {
  Order o = named(name);
  for (int i = src.n_groups - 1; i >= 0; --i) o.add_group(src.groups[static_cast<size_t>(i)]);
  return o;
}

std::vector<Order> make_builtins() {
  std::vector<Order> all;
  std::vector<int> l1, l2, l3, l4;
  for (int y = kN; y >= 1; --y)
    for (int x = 1; x <= kN; ++x) l1.push_back(cell_of(x, y));
  for (int y = kN; y >= 1; --y)
    for (int x = kN; x >= 1; --x) l2.push_back(cell_of(x, y));
  for (int x = kN; x >= 1; --x)
    for (int y = kN; y >= 1; --y) l3.push_back(cell_of(x, y));
  for (int x = 1; x <= kN; ++x)
    for (int y = kN; y >= 1; --y) l4.push_back(cell_of(x, y));
  all.push_back(singletons("L1", l1));
  all.push_back(singletons("L2", l2));
  all.push_back(singletons("L3", l3));
  all.push_back(singletons("L4", l4));

  Order b = named("B"), l = named("L");
  for (int y = 1; y <= kN; ++y) {
    CellMask g = 0;
    for (int x = 1; x <= kN; ++x) g |= bit(cell_of(x, y));
    b.add_group(g);
  }
  for (int x = 1; x <= kN; ++x) {
    CellMask g = 0;
    for (int y = 1; y <= kN; ++y) g |= bit(cell_of(x, y));
    l.add_group(g);
  }
  Order nearest = named("NearestObject");
  CellMask group = 0;
  std::vector<int> cells;
  for (int k = 1; k <= kCells; ++k) cells.push_back(k);
  std::stable_sort(cells.begin(), cells.end(),
                   [](int a, int c) { return dist_to_corner(a) < dist_to_corner(c); });
  for (size_t i = 0; i < cells.size(); ++i) {
    if (i > 0 && dist_to_corner(cells[i]) != dist_to_corner(cells[i - 1])) {
      nearest.add_group(group);
      group = 0;
    }
    group |= bit(cells[i]);
  }
  nearest.add_group(group);
  all.push_back(reversed("T", b));
  all.push_back(b);
  all.push_back(reversed("R", l));
  all.push_back(l);
  all.push_back(nearest);
  all.push_back(reversed("Farthest", nearest));
  return all;
}

}  // namespace

const Order* builtin_order(std::string_view name) {
  static const std::vector<Order> kAll = make_builtins();
  for (const Order& o : kAll) {
    if (o.name == name) return &o;
  }
  return nullptr;
}

std::string Order::to_source() const {
  // An order whose elements rank no cell at all is written with a name element, which ranks
  // nothing too ("[]" would not parse). Found by fuzzing.
  if (n_groups == 0) return "[_]";
  std::string s = "[";
  for (size_t i = 0; i < n_groups; ++i) {
    if (i) s += ",";
    const int n = __builtin_popcountll(groups[i]);
    if (n == 0) {  // a group the author wrote as something other than cells: it ranks nothing
      s += "_";
      continue;
    }
    if (n != 1) s += "[";
    bool first = true;
    for (int c = 1; c <= kCells; ++c) {
      if (groups[i] & bit(c)) {
        if (!first) s += ",";
        s += std::to_string(c);
        first = false;
      }
    }
    if (n != 1) s += "]";
  }
  return s + "]";
}

}  // namespace rk::rulegame
