// The State API every game offers (DESIGN.md, "choices are data"; the shape OpenSpiel made
// standard): whose decision it is, the legal actions, apply one by its index (validated, applied,
// logged), terminal, returns, a hash of everything that matters, and the log. A state is a value:
// copying it is cloning it. Agents, the playout driver and the conformance test are written
// against this concept, so any game can join them.
#pragma once

#include <concepts>
#include <cstdint>
#include <vector>

#include "kernel/log.h"

namespace rk::kernel {

inline constexpr int kTerminal = -1;

template <class G>
concept Game = requires(const G& g, G& m, size_t i) {
  typename G::Action;
  { g.current_player() } -> std::convertible_to<int>;  // kTerminal when the game is over
  { g.legal_actions() } -> std::same_as<std::vector<typename G::Action>>;
  { m.apply_index(i) } -> std::same_as<bool>;          // false (and no change) when i is not legal
  { g.terminal() } -> std::same_as<bool>;
  { g.returns() } -> std::same_as<std::vector<double>>;  // per player: 1 win, -1 loss, 0 draw
  { g.hash() } -> std::same_as<uint64_t>;
  { g.log() } -> std::same_as<const Log&>;
  { g.label(g.legal_actions().front()) } -> std::convertible_to<std::string>;
};

}  // namespace rk::kernel
