// Decisions: who decides now, and what kind of question they answer (DESIGN.md "choices are data";
// OpenSpiel's three kinds of decider).
//
// Every answer is an index into the state's legal actions, so one protocol serves a person, a bot, a
// test and a replayed log. What differs between questions is how a person should be shown them,
// and that is the Choice: a card to pick, k cards of N taken one at a time, yes or no, items put in
// order one at a time, a number in a range. Labels are not built here: a state gives them on demand
// (`label(action)`), because a bot playing a million games never reads one.
#pragma once

#include <cstdint>
#include <string>

#include "kernel/zone.h"

namespace rk::kernel {

inline constexpr int kTerminal = -1;
inline constexpr int kChancePlayer = -2;
inline constexpr int kSimultaneousPlayer = -3;

// Who decides now.
//  - one player;
//  - chance: the state's own generator (or a replayed trace) picks the outcome, and the pick is
//    logged like a decision (games that draw inside an effect never stop here: they draw at once
//    through Chance; a game stops at a chance node when a person should see the roll happen);
//  - a simultaneous gate: every player in `players` answers, in any order; the state keeps each
//    answer hidden until all are in and then applies them in seat order, so the result does not
//    depend on who answered first;
//  - nobody: the game is over.
struct Decider {
  enum class Kind : uint8_t { kPlayer, kChance, kSimultaneous, kOver };
  Kind kind = Kind::kOver;
  int8_t player = -1;    // kPlayer: who; kSimultaneous: the first (lowest seat) who still has to answer
  uint32_t players = 0;  // kSimultaneous: one bit per player who still has to answer

  static Decider one(int p) { return {Kind::kPlayer, static_cast<int8_t>(p), 1u << p}; }
  static Decider chance() { return {Kind::kChance, -1, 0}; }
  static Decider gate(uint32_t waiting) {
    int8_t first = -1;
    for (int p = 0; p < 32; ++p) {
      if (waiting & (1u << p)) {
        first = static_cast<int8_t>(p);
        break;
      }
    }
    return {Kind::kSimultaneous, first, waiting};
  }
  static Decider over() { return {}; }

  // The player a sequential driver should ask next (kTerminal, kChancePlayer when nobody).
  int next() const {
    switch (kind) {
      case Kind::kPlayer:
      case Kind::kSimultaneous: return player;
      case Kind::kChance: return kChancePlayer;
      case Kind::kOver: return kTerminal;
    }
    return kTerminal;
  }
  bool operator==(const Decider&) const = default;
};

// The kind of question asked now. Answers are still indices into the legal actions; the kind says
// how the options go together:
//  - kOneOf:  pick one option;
//  - kSubset: take between `min` and `max` of the items, one per decision; `taken` so far; an
//             option that stops taking is offered once `taken >= min`;
//  - kYesNo:  two options, yes first;
//  - kOrder:  put items in order one per decision, `taken` placed so far of `max`;
//  - kNumber: a number from `lo` to `hi`, option i meaning lo + i.
// `continues` marks a question that is one more part of a move a player is making (the card, then
// the slot, then the target): a person sees them as one line ("play Ryu in slot 2, targeting Ken"),
// a one-step lookahead scores the move only once it is whole.
struct Choice {
  enum class Kind : uint8_t { kOneOf, kSubset, kYesNo, kOrder, kNumber };
  Kind kind = Kind::kOneOf;
  int8_t player = -1;       // who answers
  bool continues = false;   // part of a move begun by an earlier decision
  uint16_t prompt = 0;      // the game's own question id (its text: the game's prompt(...))
  uint16_t taken = 0;       // kSubset, kOrder
  uint16_t min = 0, max = 1;  // kSubset: bounds on the number taken; kOrder: items to place
  int32_t lo = 0, hi = 0;   // kNumber
  EntityId about = kNoEntity;  // the card (entity) the question is about, when there is one
  bool operator==(const Choice&) const = default;
};

// What a person needs to answer one option: its words, and what it points at on the table.
struct Option {
  std::string label;
  EntityId card = kNoEntity;  // the card (entity) it names, for a page to highlight
  int8_t player = -1;         // the player it names
};

}  // namespace rk::kernel
