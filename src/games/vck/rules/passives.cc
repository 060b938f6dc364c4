// Owned domains' passive effects at their timing points (engines/dice.py, domain_effects.py,
// harvest.py): roll.set_one_die (finalize options), roll.on_event, action.<event> gains,
// harvest.gain_per_owned_*_name. Each passive leg is matched by its phase and verb.
#include <algorithm>
#include <string_view>

#include "games/vck/rules/game.h"
#include "games/vck/rules/verbs.h"

namespace rk::vck {
namespace {

const Value* kv(const Leg& leg, std::string_view key) {
  for (const auto& [k, v] : leg.kv) {
    if (k == key) return &v;
  }
  return nullptr;
}

Res4 amount4(const Amount& a, int times = 1) {
  Res4 r{};
  const int idx = a.res == Res::kGold ? 0 : a.res == Res::kStrength ? 1 : a.res == Res::kMagic ? 2 : a.res == Res::kVictory ? 3 : -1;
  if (idx >= 0) r[static_cast<size_t>(idx)] = a.n * times;
  return r;
}

// Calls fn(leg) for every passive leg of every domain `seat` owns, in owned order.
// A domain's recurring passive rests on the turn it was built (game.py _domain_power_suppressed).
template <class Fn>
void each_passive(const Game& g, int seat, Fn&& fn) {
  const Player& p = g.players()[static_cast<size_t>(seat)];
  for (size_t i = 0; i < p.dom.size(); ++i) {
    const DomainCard* d = g.db().domain(p.dom[i]);
    if (!d || !d->passive.parsed || (i < p.dom_turn.size() && p.dom_turn[i] == g.turn()) || p.domain_down(i)) continue;
    for (const Leg& leg : d->passive.effect.legs) fn(*d, leg);
  }
}

int holy_citizens(const Game& g, int seat) {
  const Player& p = g.players()[static_cast<size_t>(seat)];
  int n = 0;
  for (size_t i = 0; i < p.cit.size(); ++i) n += !p.flip[i] && g.db().citizen(p.cit[i])->roles[kHoly] > 0;
  return n;
}

}  // namespace

bool has_flag(const Game& g, int seat, std::string_view flag) {
  const Player& p = g.players()[static_cast<size_t>(seat)];
  if (std::find(p.fx.begin(), p.fx.end(), flag) != p.fx.end()) return true;
  bool found = false;
  each_passive(g, seat, [&](const DomainCard& d, const Leg& leg) {
    if (found || leg.kind != Leg::Kind::kVerb || !leg.phase.empty()) return;
    found = leg.verb == flag || (leg.verb == "effect.add" && !leg.args.empty() && leg.args[0].text == flag);
    if (found) g.note_ran(d.passive);
  });
  return found;
}

bool has_roll_flag(const Game& g, int seat, std::string_view verb) {
  bool found = false;
  each_passive(g, seat, [&](const DomainCard& d, const Leg& leg) {
    if (found || leg.kind != Leg::Kind::kVerb || leg.phase != "roll" || leg.verb != verb) return;
    found = true;
    g.note_ran(d.passive);  // offering the move is the passive at work
  });
  return found;
}

std::vector<DieChange> die_changes(const Game& g, int seat) {
  std::vector<DieChange> out;
  each_passive(g, seat, [&](const DomainCard& d, const Leg& leg) {
    if (leg.phase != "roll" || leg.verb != "set_one_die") return;
    g.note_ran(d.passive);  // offering the changed dice is the passive at work
    DieChange c;
    c.domain = d.id;
    if (const Value* t = kv(leg, "target")) c.target = t->n;
    if (const Value* s = kv(leg, "subtract")) c.delta = -s->n;
    if (const Value* a = kv(leg, "add")) c.delta = a->n;
    if (const Value* cost = kv(leg, "cost")) {
      if (cost->kind == Value::Kind::kAmounts && !cost->amounts.empty()) c.gold = cost->amounts[0].n;
      if (cost->kind == Value::Kind::kWord && cost->text.find("holy") != std::string::npos) c.gold = holy_citizens(g, seat);
    }
    out.push_back(c);
  });
  return out;
}

int DieChange::apply(int die) const {
  const int v = target ? target : die + delta;
  return v >= 1 && v <= 6 ? v : 0;
}

void fire_roll_events(Game& g) {
  if (g.die(0) != g.die(1)) return;
  for (int seat = 0; seat < g.num_players(); ++seat) {
    each_passive(g, seat, [&](const DomainCard& d, const Leg& leg) {
      if (leg.phase != "roll" || leg.verb != "on_event" || leg.args.empty() || leg.args[0].text != "doubles") return;
      g.note_ran(d.passive);
      for (const Effect& e : leg.sub) {
        for (const Leg& l : e.legs) {
          if (l.kind == Leg::Kind::kGain) g.gain(seat, amount4(l.gain));
        }
      }
    });
  }
}

void fire_action_gains(Game& g, int seat, std::string_view event) {
  const std::string phase = "action." + std::string(event);
  each_passive(g, seat, [&](const DomainCard& d, const Leg& leg) {
    if (leg.phase != phase) return;
    if (leg.kind == Leg::Kind::kGain) return g.note_ran(d.passive), g.gain(seat, amount4(leg.gain));  // on_opponent_slay s 1
    if (leg.kind != Leg::Kind::kVerb || leg.verb != "gain") return;
    g.note_ran(d.passive);
    const Value* gain = kv(leg, "gain");
    if (gain && gain->kind == Value::Kind::kAmounts) {
      for (const Amount& a : gain->amounts) g.gain(seat, amount4(a));
    }
  });
}

void fire_magic_gain(Game& g, int seat) {
  each_passive(g, seat, [&](const DomainCard& d, const Leg& leg) {
    if (leg.phase != "harvest" || leg.verb != "on_any_magic_gain" || leg.args.empty() || leg.args[0].amounts.empty()) return;
    g.note_ran(d.passive);
    g.gain(seat, amount4(leg.args[0].amounts[0]));
  });
}

void fire_harvest_counts(Game& g, int seat) {
  each_passive(g, seat, [&](const DomainCard& d, const Leg& leg) {
    if (leg.phase != "harvest" || leg.args.size() < 2 || leg.args.back().kind != Value::Kind::kAmounts) return;
    const bool citizens = leg.verb == "gain_per_owned_citizen_name";
    if (!citizens && leg.verb != "gain_per_owned_starter_name") return;
    const Player& p = g.players()[static_cast<size_t>(seat)];
    const std::string& want = leg.args[0].text;
    auto same = [&](const std::string& name) {
      return std::equal(name.begin(), name.end(), want.begin(), want.end(), [](char a, char b) { return std::tolower(a) == std::tolower(b); });
    };
    int n = 0;
    if (citizens) {
      for (size_t i = 0; i < p.cit.size(); ++i) n += !p.flip[i] && same(g.db().citizen(p.cit[i])->name);
    } else {
      for (int s : p.starters) n += same(g.db().starter(s)->name);
    }
    g.note_ran(d.passive);
    if (n > 0) g.gain(seat, amount4(leg.args.back().amounts.front(), n));
  });
}

}  // namespace rk::vck
