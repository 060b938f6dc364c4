// Uniformly random among the legal actions, from its own generator (its choices are logged by
// the game, so replaying never needs this generator).
#pragma once

#include "agents/agent.h"
#include "kernel/rng.h"

namespace rk::agents {

template <class G>
class RandomAgent : public Agent<G> {
 public:
  explicit RandomAgent(uint64_t seed) : rng_(seed) {}
  size_t choose(const G&, const std::vector<typename G::Action>& legal) override {
    return rng_.below(static_cast<uint32_t>(legal.size()));
  }
  std::string name() const override { return "random"; }

 private:
  kernel::Rng rng_;
};

}  // namespace rk::agents
