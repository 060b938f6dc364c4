// Event listeners (triggers): "when EVENT happens to THIS / to anything / caused by this, for
// my / the opponent's / any player's events, once or every time". A game registers a listener
// with a payload (what to run: its own index into compiled scripts), announces events, and runs
// the payloads of the listeners that match, in the order they were registered.
#pragma once

#include <cstdint>
#include <vector>

#include "kernel/effects.h"
#include "kernel/zone.h"

namespace rk::kernel {

enum class Scope : uint8_t { kThis, kFromThis, kAny };   // the event's subject, source, or anything
enum class Whose : uint8_t { kMine, kOpponent, kAny };   // whose event, seen from the listener's controller

struct Listener {
  uint16_t event = 0;
  EntityId owner = kNoEntity;  // the entity whose rule listens
  int8_t controller = -1;      // its controller when registered
  Scope scope = Scope::kThis;
  Whose whose = Whose::kMine;
  bool once = false;           // removed after it first runs
  uint32_t payload = 0;        // the game's: what to run
  Duration duration;           // when the listener itself ends
  bool operator==(const Listener&) const = default;
};

struct EventInfo {
  uint16_t event = 0;
  int8_t player = -1;            // the player the event belongs to (whose phase, whose card)
  EntityId subject = kNoEntity;  // the entity it happens to
  EntityId source = kNoEntity;   // the entity that caused it
};

class Listeners {
 public:
  void add(const Listener& l) { list_.push_back(l); }
  // The listeners `e` triggers, in order; listeners marked once are removed.
  std::vector<Listener> fire(const EventInfo& e) {
    std::vector<Listener> out;
    for (size_t i = 0; i < list_.size();) {
      const Listener& l = list_[i];
      if (matches(l, e)) {
        out.push_back(l);
        if (l.once) {
          list_.erase(list_.begin() + static_cast<std::ptrdiff_t>(i));
          continue;
        }
      }
      ++i;
    }
    return out;
  }
  void remove_owner(EntityId owner) {
    std::erase_if(list_, [&](const Listener& l) { return l.owner == owner; });
  }
  size_t expire(const Moment& m) {
    const size_t before = list_.size();
    std::erase_if(list_, [&](const Listener& l) { return expires(l.duration, m) || (m.kind == Moment::Kind::kLeftPlay && l.owner == m.entity); });
    return before - list_.size();
  }
  const std::vector<Listener>& list() const { return list_; }
  bool operator==(const Listeners&) const = default;

  static bool matches(const Listener& l, const EventInfo& e) {
    if (l.event != e.event) return false;
    const bool whose = l.whose == Whose::kAny || (l.whose == Whose::kMine) == (e.player == l.controller);
    if (!whose) return false;
    switch (l.scope) {
      case Scope::kThis: return e.subject == l.owner || e.subject == kNoEntity;
      case Scope::kFromThis: return e.source == l.owner;
      case Scope::kAny: return true;
    }
    return false;
  }

 private:
  std::vector<Listener> list_;
};

}  // namespace rk::kernel
