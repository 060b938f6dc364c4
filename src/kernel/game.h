// What a game offers to everything that plays it (DESIGN.md "choices are data"; the shape OpenSpiel
// made standard). Split as usual into an immutable definition (the card pool, the rule set: loaded
// once, shared by every state) and a mutable state, a plain value: copying it clones the game,
// mid-effect included.
//
// The state says who decides (`decider`), what kind of question it is (`choice`), the options
// (`legal_actions`, each with a `label`), applies one by its index (validated, applied, logged),
// and knows when it is over and how each player did. Agents, the playout driver, replay and the
// conformance test are written against these concepts, so a new game gets all of them by
// satisfying `Game`.
//
//  - Game: the core, every game.
//  - Searchable: a cheap copy for lookahead (no log); bots that simulate need it.
//  - Evaluable: a heuristic score of a position for a player (the greedy bot).
//  - HasChanceNodes: the state can stop at a chance node (Decider::kChance) and draw its outcome.
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <vector>

#include "kernel/decision.h"
#include "kernel/log.h"

namespace rk::kernel {

template <class G>
concept Game = requires(const G& g, G& m, size_t i, const typename G::Action& a) {
  typename G::Action;
  { g.num_players() } -> std::convertible_to<int>;
  { g.decider() } -> std::same_as<Decider>;
  // decider().next(): the player whose options legal_actions() lists (one of a gate's players in
  // turn), kChancePlayer at a chance node, kTerminal when the game is over.
  { g.current_player() } -> std::convertible_to<int>;
  { g.choice() } -> std::same_as<Choice>;
  { g.legal_actions() } -> std::same_as<std::vector<typename G::Action>>;
  { m.apply_index(i) } -> std::same_as<bool>;  // false (and no change) when i is not legal
  { g.terminal() } -> std::same_as<bool>;
  { g.returns() } -> std::same_as<std::vector<double>>;  // per player: 1 win, -1 loss, 0 draw
  { g.hash() } -> std::same_as<uint64_t>;                // everything that decides the future
  { g.log() } -> std::same_as<const Log&>;
  { g.label(a) } -> std::convertible_to<std::string>;
  // An engine failure the state detected and kept (a fed chance outcome that does not fit, a
  // step budget exceeded): empty when none. Drivers stop and report it.
  { g.error() } -> std::convertible_to<std::string>;
};

template <class G>
concept Searchable = Game<G> && requires(const G& g) {
  { g.copy_for_search() } -> std::same_as<G>;  // the same position without its log
};

template <class G>
concept Evaluable = Game<G> && requires(const G& g, int player) {
  { g.evaluate(player) } -> std::convertible_to<double>;  // higher is better for `player`
};

template <class G>
concept HasChanceNodes = Game<G> && requires(G& m) {
  { m.apply_chance() } -> std::same_as<bool>;  // draws the outcome of a chance node from the state's Chance
};

// Resolves a chance node with the state's own Chance (its generator or the outcomes fed to it).
template <Game G>
bool apply_chance(G& g) {
  if constexpr (HasChanceNodes<G>) return g.apply_chance();
  return false;
}

}  // namespace rk::kernel
