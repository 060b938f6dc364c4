#include "kernel/chance.h"

#include <numeric>

namespace rk::kernel {

// Replays Chance::shuffle backwards: at position i (from the back) the shuffle swaps in the element
// at j; the element that must end at i is wherever the earlier swaps left perm[i].
std::vector<FedDraw> Chance::shuffle_draws(const std::vector<uint32_t>& perm, uint16_t tag) {
  std::vector<FedDraw> out;
  const size_t n = perm.size();
  if (n < 2) return out;
  // Not a permutation of 0..n-1: one draw that fits no shuffle (value = bound), so the shuffle
  // that takes it fails loudly instead of producing some other order.
  std::vector<bool> seen(n);
  for (uint32_t p : perm) {
    if (p >= n || seen[p]) return {{static_cast<uint32_t>(n), tag, static_cast<uint32_t>(n)}};
    seen[p] = true;
  }
  std::vector<uint32_t> at(n);  // at[k]: which original element position k holds now
  std::iota(at.begin(), at.end(), 0u);
  std::vector<uint32_t> where(n);  // where[e]: the position of original element e
  std::iota(where.begin(), where.end(), 0u);
  for (size_t i = n - 1; i > 0; --i) {
    const uint32_t j = where[perm[i]];
    out.push_back({j, tag, static_cast<uint32_t>(i + 1)});
    std::swap(at[i], at[j]);
    where[at[i]] = static_cast<uint32_t>(i);
    where[at[j]] = j;
  }
  return out;
}

}  // namespace rk::kernel
