// One move of lookahead: tries every legal action on a copy of the state (without its log) and
// takes the one whose result the game scores best for the deciding player (G::evaluate: for CFC
// the HP and board difference, so it prefers damage and good trades). Ties are broken at random.
#pragma once

#include <limits>

#include "agents/agent.h"
#include "kernel/rng.h"

namespace rk::agents {

template <class G>
class GreedyAgent : public Agent<G> {
 public:
  explicit GreedyAgent(uint64_t seed) : rng_(seed) {}
  size_t choose(const G& state, const std::vector<typename G::Action>& legal) override {
    const int me = state.current_player();
    double best = -std::numeric_limits<double>::infinity();
    size_t pick = 0, ties = 0;
    for (size_t i = 0; i < legal.size(); ++i) {
      G next = state.copy_for_search();
      next.apply_action(legal[i]);
      const double v = next.evaluate(me);
      if (v > best) {
        best = v;
        pick = i;
        ties = 1;
      } else if (v == best && rng_.below(static_cast<uint32_t>(++ties)) == 0) {
        pick = i;  // reservoir sampling over the tied actions
      }
    }
    return pick;
  }
  std::string name() const override { return "greedy"; }

 private:
  kernel::Rng rng_;
};

}  // namespace rk::agents
