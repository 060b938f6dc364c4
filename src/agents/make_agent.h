// Bots by name, for command lines: `random`, `greedy` (games that are Evaluable), `mcts` with an
// optional budget per decision, `mcts:2000` (iterations) or `mcts:0.5s` (seconds), and for
// Evaluable games an optional rollout depth after which the heuristic scores the rollout,
// `mcts:2000:d30` (MctsOptions::rollout_depth).
#pragma once

#include <memory>
#include <string>

#include "agents/greedy_agent.h"
#include "agents/mcts_agent.h"
#include "agents/random_agent.h"
#include "agents/rollout_agent.h"

namespace rk::agents {

inline constexpr const char* kAgentNames =
    "random, greedy, rollout, rollout:ROLLOUTS, rollout:ROLLOUTS:cCANDIDATES, mcts, mcts:ITERATIONS, mcts:SECONDSs, mcts:ITERATIONS:dDEPTH";

// `rollout`, `rollout:R` (determinizations a decision), `rollout:R:cK` (K candidates besides the pass).
template <class G>
  requires kernel::Searchable<G> && kernel::Evaluable<G>
std::unique_ptr<Agent<G>> make_rollout(const std::string& spec, uint64_t seed) {
  RolloutOptions o;
  if (spec == "rollout") return std::make_unique<RolloutAgent<G>>(seed, o);
  if (spec.rfind("rollout:", 0) != 0) return nullptr;
  std::string rest = spec.substr(8);
  try {
    size_t used = 0;
    if (const size_t colon = rest.find(':'); colon != std::string::npos) {
      const std::string k = rest.substr(colon + 1);
      if (k.size() < 2 || k[0] != 'c') return nullptr;
      const unsigned long n = std::stoul(k.substr(1), &used);
      if (used + 1 != k.size() || n == 0 || n > 64) return nullptr;
      o.candidates = static_cast<uint32_t>(n);
      rest.resize(colon);
    }
    const unsigned long r = std::stoul(rest, &used);
    if (used != rest.size() || r == 0 || r > 10000) return nullptr;
    o.rollouts = static_cast<uint32_t>(r);
  } catch (const std::exception&) {
    return nullptr;
  }
  return std::make_unique<RolloutAgent<G>>(seed, o);
}

// Null when `spec` names no bot this game can have.
template <class G>
std::unique_ptr<Agent<G>> make_agent(const std::string& spec, uint64_t seed) {
  if (spec == "random") return std::make_unique<RandomAgent<G>>(seed);
  if constexpr (kernel::Searchable<G> && kernel::Evaluable<G>) {
    if (spec == "greedy") return std::make_unique<GreedyAgent<G>>(seed);
    if (spec.rfind("rollout", 0) == 0) return make_rollout<G>(spec, seed);
  }
  if constexpr (kernel::Searchable<G>) {
    if (spec.rfind("mcts", 0) != 0) return nullptr;
    MctsOptions o;
    if (spec.size() > 4) {
      if (spec[4] != ':' || spec.size() == 5) return nullptr;
      std::string budget = spec.substr(5);
      size_t used = 0;
      try {
        if (const size_t colon = budget.find(':'); colon != std::string::npos) {
          const std::string depth = budget.substr(colon + 1);
          if (!kernel::Evaluable<G> || depth.size() < 2 || depth[0] != 'd') return nullptr;
          o.rollout_depth = std::stoul(depth.substr(1), &used);
          if (used + 1 != depth.size() || o.rollout_depth == 0) return nullptr;
          budget.resize(colon);
        }
        if (budget.empty()) return nullptr;
        if (budget.back() == 's') {
          o.seconds = std::stod(budget.substr(0, budget.size() - 1), &used);
          if (used + 1 != budget.size() || !(o.seconds > 0)) return nullptr;
        } else {
          const unsigned long n = std::stoul(budget, &used);
          if (used != budget.size() || n == 0 || n > 100000000ul) return nullptr;
          o.iterations = static_cast<uint32_t>(n);
        }
      } catch (const std::exception&) {
        return nullptr;
      }
    }
    return std::make_unique<MctsAgent<G>>(seed, o);
  }
  return nullptr;
}

}  // namespace rk::agents
