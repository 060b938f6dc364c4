// An agent that times another: the CPU time of its thread (what the bot spent, whatever else the
// machine runs) for each decision it searched (more than one legal action: a decision with one
// option costs nothing). Sims report the mean and the 95th percentile; the choices are the inner
// agent's, so a timed bot plays exactly as the bot.
#pragma once

#include <time.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "agents/agent.h"

namespace rk::agents {

inline double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// Milliseconds per searched decision, gathered over many games.
struct DecisionTimes {
  std::vector<double> ms;
  double mean() const {
    double s = 0;
    for (double v : ms) s += v;
    return ms.empty() ? 0.0 : s / static_cast<double>(ms.size());
  }
  double percentile(double q) const {
    if (ms.empty()) return 0.0;
    std::vector<double> v = ms;
    const size_t k = std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size())));
    std::nth_element(v.begin(), v.begin() + static_cast<long>(k), v.end());
    return v[k];
  }
};

template <class G>
class TimedAgent : public Agent<G> {
 public:
  TimedAgent(std::unique_ptr<Agent<G>> inner, DecisionTimes& times) : inner_(std::move(inner)), times_(times) {}
  size_t choose(const G& state, const std::vector<typename G::Action>& legal) override {
    if (legal.size() <= 1) return inner_->choose(state, legal);
    const double t0 = thread_cpu_ms();
    const size_t pick = inner_->choose(state, legal);
    times_.ms.push_back(thread_cpu_ms() - t0);
    return pick;
  }
  std::string name() const override { return inner_->name(); }
  const Agent<G>& inner() const { return *inner_; }

 private:
  std::unique_ptr<Agent<G>> inner_;
  DecisionTimes& times_;
};

}  // namespace rk::agents
