// Monte Carlo tree search for any kernel::Game that can be copied for lookahead (Searchable).
//
// The method is Single-Observer Information Set MCTS (SO-ISMCTS; Cowling, Powley and Whitehouse,
// "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012): one tree for the deciding player,
// and every iteration plays on a fresh *determinization* of the position:
//  - chance: the copy's generator is reseeded from the agent's own generator, so dice, shuffles
//    to come and random picks are sampled anew per iteration instead of being the outcomes the
//    real game will draw (a plain copy would let the bot see its future);
//  - hidden information already in the state (an opponent's hand or duke, a deck's order) is
//    re-sampled when the game offers `determinize(observer, rng)`; without it the search sees the
//    copy as it is (perfect-information Monte Carlo on that part);
//  - a simultaneous gate is answered by each of its players in seat order, each from the position
//    as the state shows it to them (the state keeps earlier answers hidden).
// Because the legal actions differ between determinizations, tree edges are actions (compared with
// G::Action's ==), not indices, and UCB uses each child's availability count (how often it was
// legal when its parent was visited) in place of the parent's visits, as SO-ISMCTS does. Chance
// nodes are not tree nodes (open loop). Leaves are scored by uniformly random rollouts to the end.
//
// Budget: a number of iterations per decision, or a time per decision (then the choices depend on
// the machine's speed). With an iteration budget the choices depend only on the seed and the
// positions asked about.
#pragma once

#include <chrono>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "kernel/chance.h"
#include "kernel/game.h"
#include "kernel/rng.h"

namespace rk::agents {

// A state whose generator can be reached (reseeded per iteration for fresh chance outcomes).
template <class G>
concept ChanceAccess = requires(G& m) {
  { m.chance() } -> std::same_as<kernel::Chance&>;
};

// A state that can re-sample what `observer` cannot see, keeping what they can.
template <class G>
concept Determinizable = requires(G& m, int observer, kernel::Rng& rng) { m.determinize(observer, rng); };

// A state that applies an action value without listing the legal actions again (rollouts list
// them once per step).
template <class G>
concept AppliesActions = requires(G& m, const typename G::Action& a) { m.apply(a); };

struct MctsOptions {
  uint32_t iterations = 1000;  // per decision (ignored when `seconds` > 0)
  double seconds = 0;          // time per decision
  double exploration = 0.7;    // UCB constant, rewards in [0, 1]
  size_t rollout_cap = 20000;  // decisions per rollout before it is scored as a draw
  // When > 0 and the game is Evaluable: a rollout stops after this many decisions and each player
  // scores logistic(evaluate(player) / eval_scale) (a truncated rollout with a heuristic at its
  // end, as in Lorentz, "Using evaluation functions in Monte-Carlo Tree Search", 2016).
  size_t rollout_depth = 0;
  double eval_scale = 10;
};

struct MctsStats {
  uint64_t iterations = 0;  // over every decision searched
  uint64_t nodes = 0;
  uint64_t decisions = 0;
};

template <class G>
  requires kernel::Searchable<G>
class MctsAgent : public Agent<G> {
 public:
  using Action = typename G::Action;
  MctsAgent(uint64_t seed, MctsOptions o = {}) : rng_(seed), o_(o) {}

  size_t choose(const G& state, const std::vector<Action>& legal) override {
    if (legal.size() <= 1) return 0;  // nothing to search
    reset();
    nodes_.push_back(Node{});
    const auto start = std::chrono::steady_clock::now();
    uint32_t done = 0;
    for (;; ++done) {
      if (o_.seconds > 0) {
        if ((done & 15) == 0 && std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= o_.seconds) break;
      } else if (done >= o_.iterations) {
        break;
      }
      iterate(state);
    }
    stats_.iterations += done;
    stats_.nodes += nodes_.size();
    ++stats_.decisions;
    return best_root_action(legal);
  }
  std::string name() const override { return "mcts"; }
  const MctsStats& stats() const { return stats_; }

  // One iteration on `state`, growing the tree kept since the last reset() (benchmarks time these;
  // every call between two resets must be on the same position).
  void reset() { nodes_.clear(); }
  void iterate(const G& state) {
    if (nodes_.empty()) nodes_.push_back(Node{});
    G s = state.copy_for_search();
    const int observer = state.current_player();
    if constexpr (ChanceAccess<G>) s.chance().rng().reseed(rng_.next());
    if constexpr (Determinizable<G>) s.determinize(observer, rng_);
    path_.clear();
    path_.push_back(0);
    descend(s);
    const std::vector<double> r = rollout(s);
    for (size_t k = 1; k < path_.size(); ++k) {
      Node& n = nodes_[path_[k]];
      ++n.visits;
      const size_t p = static_cast<size_t>(n.player);
      n.total += p < r.size() ? (r[p] + 1.0) / 2.0 : 0.5;
    }
    ++nodes_[0].visits;
  }

 private:
  static constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();
  struct Node {
    Action action{};
    int player = -1;  // who took `action` (whose reward the node keeps)
    uint32_t first_child = kNone, next_sibling = kNone;
    uint32_t visits = 0, avail = 0;
    double total = 0;
  };

  static size_t index_of(const std::vector<Action>& legal, const Action& a) {
    for (size_t i = 0; i < legal.size(); ++i) {
      if (legal[i] == a) return i;
    }
    return legal.size();
  }

  bool step(G& s, const std::vector<Action>& legal, size_t i) {
    if constexpr (AppliesActions<G>) {
      s.apply(legal[i]);
      return true;
    } else {
      return s.apply_index(i);
    }
  }

  // Selection and expansion: down the tree while every legal action has a child, then one new child.
  void descend(G& s) {
    uint32_t node = 0;
    std::vector<uint8_t>& has = seen_;
    while (!s.terminal() && std::string(s.error()).empty()) {
      const int p = s.current_player();
      if (p == kernel::kChancePlayer) {
        if (!kernel::apply_chance(s)) return;
        continue;
      }
      const std::vector<Action> legal = s.legal_actions();
      if (legal.empty()) return;
      has.assign(legal.size(), 0);
      uint32_t best = kNone;
      double best_v = -1;
      for (uint32_t c = nodes_[node].first_child; c != kNone; c = nodes_[c].next_sibling) {
        const size_t i = index_of(legal, nodes_[c].action);
        if (i == legal.size()) continue;
        has[i] = 1;
        Node& n = nodes_[c];
        ++n.avail;
        const double v = n.total / n.visits + o_.exploration * std::sqrt(std::log(static_cast<double>(n.avail)) / n.visits);
        if (v > best_v) best_v = v, best = c;
      }
      size_t untried = 0;
      for (uint8_t h : has) untried += h ? 0 : 1;
      if (untried > 0) {
        size_t k = rng_.below(static_cast<uint32_t>(untried));
        size_t i = 0;
        for (; i < legal.size(); ++i) {
          if (!has[i] && k-- == 0) break;
        }
        const uint32_t child = add_child(node, legal[i], p);
        step(s, legal, i);
        path_.push_back(child);
        return;
      }
      node = best;
      path_.push_back(node);
      step(s, legal, index_of(legal, nodes_[node].action));
    }
  }

  uint32_t add_child(uint32_t parent, const Action& a, int player) {
    Node n;
    n.action = a;
    n.player = player;
    n.avail = 1;
    n.next_sibling = nodes_[parent].first_child;
    nodes_.push_back(n);
    const uint32_t id = static_cast<uint32_t>(nodes_.size() - 1);
    nodes_[parent].first_child = id;
    return id;
  }

  // Per player, in [-1, 1].
  std::vector<double> rollout(G& s) {
    const size_t cap = o_.rollout_depth > 0 && kernel::Evaluable<G> ? o_.rollout_depth : o_.rollout_cap;
    for (size_t n = 0; n < cap && !s.terminal() && std::string(s.error()).empty(); ++n) {
      if (s.current_player() == kernel::kChancePlayer) {
        if (!kernel::apply_chance(s)) break;
        continue;
      }
      const std::vector<Action> legal = s.legal_actions();
      if (legal.empty()) break;
      step(s, legal, rng_.below(static_cast<uint32_t>(legal.size())));
    }
    if (s.terminal()) return s.returns();
    std::vector<double> r(static_cast<size_t>(s.num_players()), 0.0);
    if constexpr (kernel::Evaluable<G>) {
      if (o_.rollout_depth > 0 && std::string(s.error()).empty()) {
        for (size_t p = 0; p < r.size(); ++p) r[p] = std::tanh(s.evaluate(static_cast<int>(p)) / (2 * o_.eval_scale));
      }
    }
    return r;
  }

  // The most visited child legal at the root (ties: the better mean, then the first listed).
  size_t best_root_action(const std::vector<Action>& legal) const {
    size_t pick = 0;
    uint32_t most = 0;
    double mean = -1;
    for (uint32_t c = nodes_[0].first_child; c != kNone; c = nodes_[c].next_sibling) {
      const Node& n = nodes_[c];
      const size_t i = index_of(legal, n.action);
      if (i == legal.size() || n.visits == 0) continue;
      const double m = n.total / n.visits;
      if (n.visits > most || (n.visits == most && (m > mean || (m == mean && i < pick)))) {
        most = n.visits, mean = m, pick = i;
      }
    }
    return pick;
  }

  kernel::Rng rng_;
  MctsOptions o_;
  MctsStats stats_;
  std::vector<Node> nodes_;
  std::vector<uint32_t> path_;
  std::vector<uint8_t> seen_;
};

}  // namespace rk::agents
