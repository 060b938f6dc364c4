// java.util.Random, bit for bit. Rule Game's random boards are defined by the reference engine's
// use of this generator, so reproducing a board from a seed needs the same sequence.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace rk::rulegame {

class JavaRandom {
 public:
  explicit JavaRandom(int64_t seed) { set_seed(seed); }
  void set_seed(int64_t seed) { seed_ = (static_cast<uint64_t>(seed) ^ kMultiplier) & kMask; }

  int32_t next(int bits) {
    seed_ = (seed_ * kMultiplier + kAddend) & kMask;
    return static_cast<int32_t>(static_cast<int64_t>(seed_) >> (48 - bits));
  }
  int32_t next_int() { return next(32); }
  // Uniform in [0, bound); bound must be positive.
  int32_t next_int(int32_t bound) {
    if (bound <= 0) throw std::invalid_argument("bound must be positive");
    if ((bound & -bound) == bound) {
      return static_cast<int32_t>((static_cast<int64_t>(bound) * next(31)) >> 31);
    }
    int32_t bits, val;
    do {
      bits = next(31);
      val = bits % bound;
    } while (static_cast<int32_t>(static_cast<uint32_t>(bits) - static_cast<uint32_t>(val) +
                                  static_cast<uint32_t>(bound - 1)) < 0);
    return val;
  }
  bool next_boolean() { return next(1) != 0; }
  int64_t next_long() {
    const int64_t hi = next(32);
    return static_cast<int64_t>(static_cast<uint64_t>(hi) << 32) + next(32);
  }
  double next_double() {
    return static_cast<double>((static_cast<int64_t>(next(26)) << 27) + next(27)) * 0x1.0p-53;
  }

  // The engine's helpers (RandomRG): a uniform integer in [lo, hi]; m distinct values out of
  // 0..n-1 in the order drawn; the same sorted.
  int32_t in_range(int32_t lo, int32_t hi) { return hi <= lo ? lo : lo + next_int(hi - lo + 1); }
  std::vector<int> subset_permuted(int n, int m) {
    std::vector<int> pool(static_cast<size_t>(n)), out;
    for (int j = 0; j < n; ++j) pool[static_cast<size_t>(j)] = j;
    for (int j = 0; j < m; ++j) {
      const int k = next_int(static_cast<int32_t>(pool.size()));
      out.push_back(pool[static_cast<size_t>(k)]);
      pool.erase(pool.begin() + k);
    }
    return out;
  }
  std::vector<int> subset_ordered(int n, int m);

 private:
  static constexpr uint64_t kMultiplier = 0x5DEECE66DULL;
  static constexpr uint64_t kAddend = 0xBULL;
  static constexpr uint64_t kMask = (1ULL << 48) - 1;
  uint64_t seed_ = 0;
};

inline std::vector<int> JavaRandom::subset_ordered(int n, int m) {
  std::vector<int> v = subset_permuted(n, m);
  std::sort(v.begin(), v.end());
  return v;
}

}  // namespace rk::rulegame
