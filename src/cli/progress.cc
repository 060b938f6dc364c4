#include "cli/progress.h"

#include <algorithm>
#include <ostream>

#include <fmt/format.h>

namespace rk::cli {

Progress::Progress(size_t total, std::string unit, std::ostream& out, bool terminal, double interval_seconds)
    : total_(total), unit_(std::move(unit)), out_(out), terminal_(terminal), interval_(interval_seconds),
      start_(std::chrono::steady_clock::now()) {}

double Progress::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

std::string Progress::rate_and_eta(size_t done) const {
  const double t = elapsed();
  const double rate = t > 0 ? static_cast<double>(done) / t : 0;
  const double left = rate > 0 ? static_cast<double>(total_ - std::min(done, total_)) / rate : 0;
  return fmt::format("{:.0f} {}/s, {:.0f} s left", rate, unit_, left);
}

void Progress::update(size_t done) {
  if (terminal_) {
    // Redraw about a hundred times over the run, not once per item.
    if (done != total_ && done - last_drawn_ < std::max<size_t>(1, total_ / 100)) return;
    last_drawn_ = done;
    const size_t width = 40;
    const size_t filled = total_ ? std::min(done, total_) * width / total_ : width;
    out_ << fmt::format("\r[{}{}] {}/{} {}  ", std::string(filled, '#'), std::string(width - filled, '.'), done, total_,
                        rate_and_eta(done))
         << std::flush;
    return;
  }
  const double t = elapsed();
  if (t - last_line_ < interval_) return;
  last_line_ = t;
  out_ << fmt::format("progress: {}/{} {}, {}\n", done, total_, unit_, rate_and_eta(done)) << std::flush;
}

void Progress::finish(size_t done) {
  if (terminal_) out_ << "\n";
  const double t = elapsed();
  out_ << fmt::format("done: {} {} in {:.1f} s ({:.0f} {}/s)\n", done, unit_, t,
                      t > 0 ? static_cast<double>(done) / t : 0.0, unit_)
       << std::flush;
}

}  // namespace rk::cli
