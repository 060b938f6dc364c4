// Policy rollouts over the greedy bot (Tesauro and Galperin, "On-line policy improvement using
// Monte-Carlo search", NIPS 1996; Bertsekas' rollout algorithm): each candidate action is tried
// and followed by the greedy bot playing *both* players for a short horizon, on fresh
// determinizations of what the deciding player cannot see; the position reached is scored by the
// game's heuristic and the candidate with the best mean is taken. The result plays at least as
// well as its base policy when the horizon's score is sound, and sees what one move of lookahead
// cannot: a land tapped now pays for a spell two moves later, an attack into untapped blockers
// costs the creature, a creature held back blocks next turn.
//
//  - Candidates: the legal actions with distinct labels (two untapped Islands tap alike), the best
//    `candidates` of them by the greedy bot's one-move score, and the pass (the action listed
//    last when the game lists one) always among them.
//  - Rollouts: `rollouts` determinizations per decision, the same ones for every candidate
//    (common random numbers: candidates differ by what they do, not by the cards dealt); each
//    rollout reseeds the copy's generator and re-deals the cards the player cannot see
//    (G::determinize), so the bot never reads the opponent's hand or a library's order.
//  - Horizon: until `horizon_turns` turns have begun after the decision's turn (G::turn()), the
//    game ends, or `max_depth` decisions were played. A won game scores `kWin`, a lost one -kWin.
//
// Deterministic: the choices depend only on the seed and the positions asked about.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/greedy_agent.h"
#include "agents/mcts_agent.h"
#include "agents/timed_agent.h"
#include "kernel/game.h"
#include "kernel/log.h"
#include "kernel/rng.h"

namespace rk::agents {

// A game that says which turn it is (a rollout's horizon counts turns).
template <class G>
concept HasTurns = requires(const G& g) {
  { g.turn() } -> std::convertible_to<int>;
};

// A game that says when a decision is worth the search (the others get the greedy bot's answer).
template <class G>
concept SaysWorthSearching = requires(const G& g) {
  { g.worth_searching() } -> std::convertible_to<bool>;
};

struct RolloutOptions {
  uint32_t rollouts = 12;    // rollouts per decision, shared among the candidates (at least 3 each)
  uint32_t candidates = 4;   // best actions by the greedy score tried (the pass besides)
  int horizon_turns = 2;     // turns begun after the decision's before a rollout is scored
  size_t max_depth = 120;    // decisions per rollout at most
  double margin = 0.5;       // how much better than the greedy pick (mean score) another must be
};

template <class G>
  requires kernel::Searchable<G> && kernel::Evaluable<G>
class RolloutAgent : public Agent<G> {
 public:
  static constexpr double kWin = 200;  // a game won, in the heuristic's units (a point of life is one)

  explicit RolloutAgent(uint64_t seed, RolloutOptions o = {}) : rng_(seed), quick_(kernel::hash_mix(seed, 0x9ee)), o_(o) {}

  size_t choose(const G& state, const std::vector<typename G::Action>& legal) override {
    if (legal.size() <= 1) return 0;
    if constexpr (SaysWorthSearching<G>) {
      if (!state.worth_searching()) return quick_.choose(state, legal);
    }
    const double t0 = thread_cpu_ms();
    const size_t pick = search(state, legal);
    stats_.searched.ms.push_back(thread_cpu_ms() - t0);
    return pick;
  }
  std::string name() const override { return "rollout"; }

  struct Stats {
    uint64_t rollouts = 0, steps = 0;
    DecisionTimes searched;  // CPU ms of each decision searched (not of those answered greedily)
  };
  const Stats& stats() const { return stats_; }

 private:
  size_t search(const G& state, const std::vector<typename G::Action>& legal) {
    const int me = state.current_player();
    const std::vector<size_t> cands = candidates(state, legal, me);
    if (cands.size() == 1) return cands[0];
    std::vector<double> total(cands.size(), 0.0);
    const uint32_t per = std::max<uint32_t>(3, (o_.rollouts + static_cast<uint32_t>(cands.size()) - 1) / static_cast<uint32_t>(cands.size()));
    for (uint32_t r = 0; r < per; ++r) {
      const uint64_t chance_seed = rng_.next(), deal_seed = rng_.next(), policy_seed = rng_.next();
      for (size_t c = 0; c < cands.size(); ++c) {
        G s = state.copy_for_search();
        if constexpr (ChanceAccess<G>) s.chance().rng().reseed(chance_seed);
        if constexpr (Determinizable<G>) {
          kernel::Rng deal(deal_seed);
          s.determinize(me, deal);
        }
        // The candidate is the same action in every determinization (what the player sees of
        // the position is the same), found again by value.
        const std::vector<typename G::Action> here = s.legal_actions();
        const auto at = std::find(here.begin(), here.end(), legal[cands[c]]);
        if (at == here.end()) continue;
        s.apply_index(static_cast<size_t>(at - here.begin()));
        total[c] += rollout(s, me, state_turn(state), policy_seed);
      }
    }
    // Candidates come in the greedy score's order; another is taken only when it beats the greedy
    // pick by more than `margin` on average (a few rollouts are noisy: the best of several noisy
    // means is often only lucky).
    size_t best = 0;
    for (size_t c = 1; c < cands.size(); ++c) {
      if (total[c] > total[best] && total[c] > total[0] + o_.margin * per) best = c;
    }
    return cands[best];
  }

  static int state_turn(const G& g) {
    if constexpr (HasTurns<G>) return g.turn();
    return 0;
  }

  // The greedy bot's one-move score of action i (its move completed as greedy completes it).
  static double one_move(const G& state, size_t i, int me) {
    G next = state.copy_for_search();
    next.apply_index(i);
    if (!next.terminal() && next.current_player() == me && next.choice().continues) {
      double best = -std::numeric_limits<double>::infinity();
      const size_t n = next.legal_actions().size();
      for (size_t j = 0; j < n; ++j) best = std::max(best, one_move(next, j, me));
      if (n > 0) return best;
    }
    return next.evaluate(me);
  }

  std::vector<size_t> candidates(const G& state, const std::vector<typename G::Action>& legal, int me) const {
    std::vector<std::pair<double, size_t>> scored;
    std::vector<std::string> labels;
    for (size_t i = 0; i < legal.size(); ++i) {
      std::string l = state.label(legal[i]);
      if (std::find(labels.begin(), labels.end(), l) != labels.end()) continue;
      labels.push_back(std::move(l));
      scored.emplace_back(one_move(state, i, me), i);
    }
    std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<size_t> out;
    for (size_t k = 0; k < scored.size() && out.size() < o_.candidates; ++k) out.push_back(scored[k].second);
    const size_t pass = legal.size() - 1;  // Magic lists the pass last
    if (std::find(out.begin(), out.end(), pass) == out.end() &&
        std::any_of(scored.begin(), scored.end(), [&](const auto& s) { return s.second == pass; })) {
      out.push_back(pass);
    }
    return out;
  }

  // Both players as the greedy bot until the horizon; the position's score for `me`.
  double rollout(G& s, int me, int turn0, uint64_t policy_seed) {
    GreedyAgent<G> policy(policy_seed);
    ++stats_.rollouts;
    for (size_t n = 0; n < o_.max_depth && !s.terminal() && std::string(s.error()).empty(); ++n) {
      if (state_turn(s) >= turn0 + o_.horizon_turns) break;
      if (s.current_player() == kernel::kChancePlayer) {
        if (!kernel::apply_chance(s)) break;
        continue;
      }
      const std::vector<typename G::Action> legal = s.legal_actions();
      if (legal.empty()) break;
      ++stats_.steps;
      s.apply_index(legal.size() == 1 ? 0 : policy.choose(s, legal));
    }
    if (s.terminal()) {
      const std::vector<double> r = s.returns();
      return kWin * r[static_cast<size_t>(me)];
    }
    if (!std::string(s.error()).empty()) return 0;
    return s.evaluate(me);
  }

  kernel::Rng rng_;
  GreedyAgent<G> quick_;  // the decisions not worth a search
  RolloutOptions o_;
  Stats stats_;
};

}  // namespace rk::agents
