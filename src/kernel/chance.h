// Where a state's random numbers come from: its own generator, each draw written to the log as a
// decision of the chance player; or, when a game recorded elsewhere is replayed (a reference trace
// of another engine, a saved log), the outcomes that game recorded, in order.
//
// Every random outcome is built from draws "a number below n", each with a tag saying what it is
// for (a shuffle, a die, a coin...): a shuffle is n-1 draws (Fisher-Yates from the back), a die one
// draw below 6. An outcome fed from outside must fit the draw it is used for: a value out of range,
// another tag, or a draw the state makes after the feed ran out while `strict` is set, is an error
// the state keeps (`error()`) and the driver reports: a replay never goes on with a number of its own.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "kernel/log.h"
#include "kernel/rng.h"

namespace rk::kernel {

// One outcome fed from outside: `value` below the draw's bound; `tag` 0 fits any draw, otherwise
// it must be the tag of the draw that takes it; `bound` 0 fits any bound, otherwise it must be
// the draw's bound.
struct FedDraw {
  uint32_t value = 0;
  uint16_t tag = 0;
  uint32_t bound = 0;
  bool operator==(const FedDraw&) const = default;
};

class Chance {
 public:
  explicit Chance(uint64_t seed = 0) : rng_(seed) {}

  // A number in [0, n), n > 0. `log` may be null (a copy of a state used for a lookahead).
  uint32_t below(uint32_t n, Log* log, uint16_t tag = 0) {
    uint32_t v = 0;
    if (next_fed_ < fed_.size()) {
      v = take_fed(n, tag);
    } else if (strict_ && !fed_.empty()) {
      fail("the game draws a number below " + std::to_string(n) + " (tag " + std::to_string(tag) +
           ") after the " + std::to_string(fed_.size()) + " fed outcomes ran out");
    } else {
      v = rng_.below(n);
    }
    if (log) log->draw(v, n, tag);
    return v;
  }

  // Fisher-Yates over [first, last) from the back, one draw per position.
  template <class It>
  void shuffle(It first, It last, Log* log, uint16_t tag = 0) {
    const auto n = last - first;
    for (auto i = n - 1; i > 0; --i) {
      const auto j = below(static_cast<uint32_t>(i + 1), log, tag);
      std::swap(first[i], first[j]);
    }
  }

  // The draws `shuffle` takes to turn a list into its permutation `perm` (perm[i]: which element
  // of the list before the shuffle ends at position i), for feeding a recorded shuffle. A `perm`
  // that is not a permutation gives one draw that fits no shuffle, so feeding it fails loudly.
  static std::vector<FedDraw> shuffle_draws(const std::vector<uint32_t>& perm, uint16_t tag = 0);

  // Outcomes decided outside, used before the generator, in order. `strict`: once they run out,
  // further draws are errors (a complete trace is being replayed) instead of coming from the generator.
  void feed(std::vector<FedDraw> draws, bool strict = false) {
    fed_ = std::move(draws);
    next_fed_ = 0;
    strict_ = strict;
  }
  void feed_values(const std::vector<uint32_t>& values) {
    std::vector<FedDraw> d;
    for (uint32_t v : values) d.push_back({v});
    feed(std::move(d));
  }
  size_t fed_left() const { return fed_.size() - next_fed_; }

  // The first problem with a fed outcome, empty when none.
  const std::string& error() const { return error_; }
  bool failed() const { return !error_.empty(); }

  const Rng& rng() const { return rng_; }
  Rng& rng() { return rng_; }
  bool operator==(const Chance&) const = default;

 private:
  uint32_t take_fed(uint32_t n, uint16_t tag) {
    const size_t at = next_fed_++;
    const FedDraw& d = fed_[at];
    if (d.value >= n || (d.tag && tag && d.tag != tag) || (d.bound && d.bound != n)) {
      fail("fed outcome " + std::to_string(at) + " (" + std::to_string(d.value) + (d.bound ? " of " + std::to_string(d.bound) : "") +
           ", tag " + std::to_string(d.tag) + ") does not fit the game's draw below " + std::to_string(n) + " (tag " +
           std::to_string(tag) + ")");
      return 0;
    }
    return d.value;
  }
  void fail(std::string why) {
    if (error_.empty()) error_ = std::move(why);
  }

  Rng rng_;
  std::vector<FedDraw> fed_;
  size_t next_fed_ = 0;
  bool strict_ = false;
  std::string error_;
};

}  // namespace rk::kernel
