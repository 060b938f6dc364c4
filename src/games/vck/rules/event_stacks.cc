// Events on the center stacks: an event's activation when revealed, and the event leaving play
// again when a card returns to its stack (engines/events.py, domain_effects.py).
#include <algorithm>

#include "games/vck/rules/game.h"

namespace rk::vck {

// Recruit the King's Guard under its un-hired guards: everything above the event leaves the
// stack and the guards among it go back to the reserve, so that the event is the top and can
// recycle, and a later re-reveal places exactly the retracted guards (events.py
// retract_kings_guard_from_stack). Hired guards are owned and not touched.
void Game::retract_kings_guard(std::vector<CardRef>& st) {
  const auto ev = std::find_if(st.begin(), st.end(), [&](const CardRef& c) {
    return c.kind == 'e' && db_->event(c.id) && db_->event(c.id)->activation.text == "place_kings_guard";
  });
  if (ev == st.end()) return;
  for (auto it = ev + 1; it != st.end(); ++it) {
    const CitizenCard* c = it->kind == 'c' ? db_->citizen(it->id) : nullptr;
    if (c && c->expansion == "kingsguard") kings_guard_.push_back(*it);
  }
  st.erase(ev + 1, st.end());
}

void Game::unexhaust_top(std::vector<CardRef>& st) {
  retract_kings_guard(st);
  if (st.empty()) return;
  const CardRef top = st.back();
  const EventCard* e = top.kind == 'e' ? db_->event(top.id) : nullptr;
  if (top.kind != 'x' && !(e && !e->monster)) return;
  if (e && e->passive.parsed) {
    for (const Leg& leg : e->passive.effect.legs) {
      if (leg.verb != "grant_all" || leg.args.empty()) continue;
      for (Player& p : players_) {
        auto it = std::find(p.fx.begin(), p.fx.end(), leg.args[0].text);
        if (it != p.fx.end()) p.fx.erase(it);
      }
    }
  }
  st.pop_back();
  exhausted_.push_back(top);
  exhausted_count_ = std::max(0, exhausted_count_ - 1);
}

void Game::fire_event(const EventCard& ev, std::vector<CardRef>& stack) {
  const EventCard* e = &ev;
  if (e->activation.text == "place_kings_guard") {  // the guards go on top of the event, face up
    note_ran(e->activation);
    stack.insert(stack.end(), kings_guard_.begin(), kings_guard_.end());
    kings_guard_.clear();
    return;
  }
  if (!e->activation.empty()) run_special(active_, e->activation, 'E', e->id, true);
}

}  // namespace rk::vck
