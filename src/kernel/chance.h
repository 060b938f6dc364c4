// Where a state's random numbers come from: its own generator, each draw written to the log; or,
// when a log from outside is replayed (a reference trace), the draws it recorded, in order.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "kernel/log.h"
#include "kernel/rng.h"

namespace rk::kernel {

class Chance {
 public:
  explicit Chance(uint64_t seed = 0) : rng_(seed) {}

  // A number in [0, n), n > 0. `log` may be null (a copy of a state used for a lookahead).
  uint32_t below(uint32_t n, Log* log) {
    uint32_t v;
    if (next_fed_ < fed_.size() && fed_[next_fed_] < n) {
      v = fed_[next_fed_++];
    } else {
      v = rng_.below(n);
    }
    if (log) log->draw(v, n);
    return v;
  }

  // Fisher-Yates over [first, last), one logged draw per position.
  template <class It>
  void shuffle(It first, It last, Log* log) {
    const auto n = last - first;
    for (auto i = n - 1; i > 0; --i) {
      const auto j = below(static_cast<uint32_t>(i + 1), log);
      std::swap(first[i], first[j]);
    }
  }

  // Outcomes decided outside (a replayed trace): used before the generator, in order.
  void feed(std::vector<uint32_t> draws) {
    fed_ = std::move(draws);
    next_fed_ = 0;
  }
  const Rng& rng() const { return rng_; }
  Rng& rng() { return rng_; }

 private:
  Rng rng_;
  std::vector<uint32_t> fed_;
  size_t next_fed_ = 0;
};

}  // namespace rk::kernel
