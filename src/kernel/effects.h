// Continuous effects and their durations. A game keeps its effects (a BP change, a granted
// ability, a rule turned off...) in a Continuous<E> list with how long each lasts, and announces
// the moments that can end them (a turn ends, a player's turn begins, an event happens, an entity
// leaves play). The kernel knows the durations; what an effect does is the game's.
#pragma once

#include <cstdint>
#include <vector>

#include "kernel/zone.h"

namespace rk::kernel {

enum class Until : uint8_t {
  kForever,
  kEndOfTurn,      // until the end of the turn (CFC ueot, Wagic ueot)
  kPlayersTurn,    // until the beginning of `player`'s next turn (CFC uynt)
  kEvent,          // until the next `event` (CFC unac: the next action card played)
  kSourceInPlay,   // while `source` stays in play (auto abilities, Wagic lords)
};

struct Duration {
  Until until = Until::kForever;
  int8_t player = -1;          // kPlayersTurn; kEndOfTurn: whose turn must end (-1: the current one)
  uint16_t event = 0;          // kEvent
  EntityId source = kNoEntity; // kSourceInPlay
  bool operator==(const Duration&) const = default;
};

struct Moment {
  enum class Kind : uint8_t { kTurnEnds, kTurnBegins, kEvent, kLeftPlay } kind;
  int8_t player = -1;           // kTurnEnds, kTurnBegins: whose turn
  uint16_t event = 0;           // kEvent
  EntityId entity = kNoEntity;  // kLeftPlay
};

inline bool expires(const Duration& d, const Moment& m) {
  switch (d.until) {
    case Until::kForever: return false;
    case Until::kEndOfTurn: return m.kind == Moment::Kind::kTurnEnds && (d.player < 0 || d.player == m.player);
    case Until::kPlayersTurn: return m.kind == Moment::Kind::kTurnBegins && d.player == m.player;
    case Until::kEvent: return m.kind == Moment::Kind::kEvent && d.event == m.event;
    case Until::kSourceInPlay: return m.kind == Moment::Kind::kLeftPlay && d.source == m.entity;
  }
  return false;
}

template <class Effect>
class Continuous {
 public:
  struct Entry {
    Effect effect;
    Duration duration;
    bool operator==(const Entry&) const = default;
  };
  void add(const Effect& e, const Duration& d) { entries_.push_back({e, d}); }
  // Removes the effects `m` ends; returns how many.
  size_t expire(const Moment& m) {
    const size_t before = entries_.size();
    std::erase_if(entries_, [&](const Entry& x) { return expires(x.duration, m); });
    return before - entries_.size();
  }
  const std::vector<Entry>& entries() const { return entries_; }
  bool empty() const { return entries_.empty(); }
  bool operator==(const Continuous&) const = default;

 private:
  std::vector<Entry> entries_;  // in the order they began (their timestamps)
};

}  // namespace rk::kernel
