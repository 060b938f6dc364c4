// Progress of a long batch (`cfc sim`, `vck sim`) on standard error. On a terminal: one bar
// redrawn in place, with the rate and the time left. Otherwise (a log file, CI): a plain line
// every `interval` seconds and one at the end, so a long run is never silent and a log is never
// filled with carriage returns.
#pragma once

#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <string>

namespace rk::cli {

class Progress {
 public:
  Progress(size_t total, std::string unit, std::ostream& out, bool terminal, double interval_seconds = 10.0);
  // `done` items finished; draws or prints when it is time to.
  void update(size_t done);
  // The last line: how many, in how long, at what rate.
  void finish(size_t done);

 private:
  double elapsed() const;
  std::string rate_and_eta(size_t done) const;

  size_t total_;
  std::string unit_;
  std::ostream& out_;
  bool terminal_;
  double interval_;
  std::chrono::steady_clock::time_point start_;
  double last_line_ = 0;
  size_t last_drawn_ = 0;
};

}  // namespace rk::cli
