// Timing counters of the table service, for the load test (bench/load/tables_load.sh): how long
// people's requests spent in the server, and in it waiting for a table's lock and for the disk,
// so that a slow tail measured by a client can be told apart from the machine's (a client on a
// loaded machine also waits to be scheduled). Lock-free: a request adds to atomics.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>

#include <fmt/format.h>

namespace rk::server::tables {

// Durations in buckets growing by a quarter from 10 µs (the last bucket: everything longer).
class Histogram {
 public:
  void add(std::chrono::steady_clock::duration d) {
    const double us = std::chrono::duration<double, std::micro>(d).count();
    size_t b = 0;
    if (us > 10) b = std::min(kBuckets - 1, static_cast<size_t>(std::log(us / 10) / std::log(1.25)) + 1);
    counts_[b].fetch_add(1, std::memory_order_relaxed);
    total_.fetch_add(1, std::memory_order_relaxed);
  }
  uint64_t count() const { return total_.load(std::memory_order_relaxed); }
  // The upper edge of the bucket holding the p-th percentile, in milliseconds.
  double percentile_ms(double p) const {
    const uint64_t n = count();
    if (n == 0) return 0;
    const auto want = static_cast<uint64_t>(std::ceil(p / 100 * static_cast<double>(n)));
    uint64_t seen = 0;
    for (size_t b = 0; b < kBuckets; ++b) {
      seen += counts_[b].load(std::memory_order_relaxed);
      if (seen >= want) return 0.01 * std::pow(1.25, static_cast<double>(b));
    }
    return 0.01 * std::pow(1.25, static_cast<double>(kBuckets - 1));
  }
  std::string summary() const {
    return fmt::format("{} (p50 {:.2f} p99 {:.2f} p99.9 {:.2f} ms)", count(), percentile_ms(50), percentile_ms(99),
                       percentile_ms(99.9));
  }

 private:
  static constexpr size_t kBuckets = 64;  // up to 10 µs × 1.25^63: about 14 min
  std::array<std::atomic<uint64_t>, kBuckets> counts_{};
  std::atomic<uint64_t> total_{0};
};

// Adds the time from `start` to its end to `h`.
struct Timed {
  Histogram& h;
  std::chrono::steady_clock::time_point start;
  ~Timed() { h.add(std::chrono::steady_clock::now() - start); }
};

struct Timings {
  Histogram show, decide;  // GET /api/tables/ID and POST decide, whole, in the worker
  Histogram lock_wait;     // those requests waiting for their table's lock
  Histogram store_wait;    // a commit waiting for the disk (people's and bots')
  Histogram bot_step;      // a bot's step, whole (its table held but while the disk is waited for)
  std::string summary() const {
    return fmt::format("tables: GET {}, decide {}, waiting for a table's lock {}, for the disk {}, bot steps {}",
                       show.summary(), decide.summary(), lock_wait.summary(), store_wait.summary(), bot_step.summary());
  }
};

}  // namespace rk::server::tables
