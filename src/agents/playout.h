// Plays a game to its end with one agent per seat: chance nodes are drawn by the state, a
// simultaneous gate asks each of its players in seat order (the state keeps their answers hidden
// from each other), every other decision goes to the deciding player's agent.
#pragma once

#include <cstddef>
#include <span>

#include "agents/agent.h"
#include "kernel/game.h"

namespace rk::agents {

struct PlayoutResult {
  size_t decisions = 0;
  bool finished = false;  // ended (terminal); false: stopped at `max_decisions` or on an engine error
};

template <kernel::Game G>
PlayoutResult play_out(G& g, std::span<Agent<G>* const> seats, size_t max_decisions = SIZE_MAX) {
  PlayoutResult r;
  while (!g.terminal() && r.decisions < max_decisions && std::string(g.error()).empty()) {
    const int p = g.current_player();
    if (p == kernel::kChancePlayer) {
      if (!kernel::apply_chance(g)) break;
    } else {
      const auto legal = g.legal_actions();
      if (legal.empty()) break;  // an engine bug: the conformance test reports it
      const size_t pick = seats[static_cast<size_t>(p)]->choose(g, legal);
      g.apply_index(pick < legal.size() ? pick : 0);
    }
    ++r.decisions;
  }
  r.finished = g.terminal();
  return r;
}

}  // namespace rk::agents
