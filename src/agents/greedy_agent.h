// One move of lookahead: tries every legal action on a copy of the state (without its log) and
// takes the one whose result the game scores best for the deciding player (G::evaluate: for CFC
// the HP and board difference, so it prefers damage and good trades). When an action only begins
// a move (the card, before its slot and target: Choice::continues on the next question), the move
// is completed greedily before it is scored, up to `kMoveParts` parts. Ties are broken at random.
#pragma once

#include <limits>

#include "agents/agent.h"
#include "kernel/game.h"
#include "kernel/rng.h"

namespace rk::agents {

template <class G>
  requires kernel::Searchable<G> && kernel::Evaluable<G>
class GreedyAgent : public Agent<G> {
 public:
  explicit GreedyAgent(uint64_t seed) : rng_(seed) {}
  size_t choose(const G& state, const std::vector<typename G::Action>& legal) override {
    const int me = state.current_player();
    double best = -std::numeric_limits<double>::infinity();
    size_t pick = 0, ties = 0;
    for (size_t i = 0; i < legal.size(); ++i) {
      const double v = score(state, i, me, kMoveParts);
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
  static constexpr int kMoveParts = 4;

  // The score of the position after action i, its move completed by the best further parts.
  static double score(const G& state, size_t i, int me, int parts) {
    G next = state.copy_for_search();
    next.apply_index(i);
    if (parts > 1 && !next.terminal() && next.current_player() == me && next.choice().continues) {
      double best = -std::numeric_limits<double>::infinity();
      const size_t n = next.legal_actions().size();
      for (size_t j = 0; j < n; ++j) best = std::max(best, score(next, j, me, parts - 1));
      if (n > 0) return best;
    }
    return next.evaluate(me);
  }

  kernel::Rng rng_;
};

}  // namespace rk::agents
