// The turn's steps, what each does when it begins, and triggered abilities.
#include <algorithm>
#include <map>

#include "games/mtg/rules/game.h"
#include "games/mtg/lua/card_scripts.h"

namespace rk::mtg {
namespace {

Phase trigger_phase(const std::string& w) {
  static const std::map<std::string, Phase> aliases = {
      {"attackers", Phase::kCombatAttackers}, {"blockers", Phase::kCombatBlockers}, {"end", Phase::kEndOfTurn},
      {"endofturn", Phase::kEndOfTurn},       {"combatbegins", Phase::kCombatBegin}, {"combatends", Phase::kCombatEnd},
      {"damage", Phase::kCombatDamage}};
  if (auto it = aliases.find(w); it != aliases.end()) return it->second;
  return phase_from_name(w);
}

}  // namespace

static bool still_has_upkeep_cost(const Game& g, int card, const Ability& a);

int Game::acting_player() const {
  if (!menus.empty() && menus.back().player >= 0) return menus.back().player;  // a draw replacement, a leyline
  if (interrupter >= 0) return interrupter;
  if (!choosers.empty()) return choosers.back().player;
  if (!pending_pay.empty()) return pending_pay.back().actor;  // making the mana it waits for
  // The defending player while blockers are declared; then, as in Wagic's later sub-steps of the
  // step, the active player has priority first (CR 509.4, 117.3b).
  if (phase == Phase::kCombatBlockers && combat_stage == 0) return 1 - active;
  return active;
}

void Game::next_phase() {
  if (phase == Phase::kCombatAttackers) {
    leave_attackers();
    if (!any_attackers()) {
      phase = Phase::kCombatEnd;
      return begin_phase();
    }
  }
  if (phase == Phase::kCombatBlockers || phase == Phase::kCombatDamage) return combat_next();
  if (phase == Phase::kUpkeep) {
    // Upkeep costs not paid: their effects happen now.
    for (size_t c = 0; c < objs.size(); ++c) {
      const std::vector<const Ability*> due = objs[c].upkeep_due;
      objs[c].upkeep_due.clear();
      for (const Ability* a : due) {
        const int card = static_cast<int>(c);
        // a cost of nothing ({1} for each of no cards) is no cost to pay: it is never unpaid
        if (objs[c].zone == kBattlefield && upkeep_cost_applies(card, *a) && upkeep_times(card, *a) > 0 &&
            still_has_upkeep_cost(*this, card, *a))
          run_effects(*a, card, objs[c].controller, {}, 0);
      }
    }
  }
  if (phase == Phase::kCombatEnd) {
    for (Obj& o : objs) {
      o.attacking = o.blocked = false;
      o.blockers.clear();
      o.blocking = -1;
    }
  }
  if (phase == Phase::kCleanup) {
    ++turn;
    if (!extra_turns.empty()) {
      active = extra_turns.back();
      extra_turns.pop_back();
      note("p" + std::to_string(active + 1) + " takes an extra turn");
    } else {
      active = 1 - active;
    }
    if (players[static_cast<size_t>(active)].skip_turns > 0) {  // a skipped turn: the other player's again
      --players[static_cast<size_t>(active)].skip_turns;
      note("p" + std::to_string(active + 1) + " skips a turn");
      active = 1 - active;
    }
    for (auto& p : players) {
      p.lands_played = p.extra_lands = p.casts = 0;
      p.cast_limit = p.last_drawn = -1;
    }
    spells_last_turn = spells_this_turn;
    spells_this_turn = 0;
    cast_last_turn = std::move(cast_this_turn);
    cast_this_turn.clear();
    creatures_died = 0;
    attacked = 0;
    for (auto& p : players) {
      p.damaged = false;
      p.damage_taken = p.life_lost = p.drawn = 0;
    }
    added_phases.clear();
    phase = unskipped(Phase::kUntap);  // nextphasealter (phase_alter.cc)
  } else {
    phase = phase_after(phase);
  }
  begin_phase();
}

// this(cond) upcost[..] asks its cost only while cond holds, looked at as it is paid and as the
// upkeep ends, as Wagic keeps such an ability only while its condition holds: Phantasmal Sphere's
// counter, put by a trigger of the same upkeep, chooses which of its twelve costs is due.
bool Game::upkeep_cost_applies(int card, const Ability& a) const {
  return a.activate_cond.empty() || this_holds(a.activate_cond, card);
}

// The active player's upkeep costs become payable (and due when the upkeep ends).
void Game::arm_upkeep_costs() {
  for (size_t c = 0; c < objs.size(); ++c) {
    Obj& o = objs[c];
    if (o.zone != kBattlefield || o.controller != active) continue;
    o.upkeep_due.clear();
    if (script_replaces_upkeep_costs(*this, static_cast<int>(c))) continue;
    const bool echoed = o.echo_armed;
    std::vector<const Ability*> costs;
    each_ability(static_cast<int>(c), [&costs, echoed](const Ability& a) {
      if (a.kind == AbilityKind::kUpcost && a.supported() && !(a.upkeep_once && echoed)) costs.push_back(&a);
    });
    for (const Ability* a : costs) arm_upkeep_cost(static_cast<int>(c), *a);
  }
}

void Game::arm_upkeep_cost(int card, const Ability& a) {
  Obj& o = objs[static_cast<size_t>(card)];
  if (a.upkeep_cumulative) ++o.counters["age"];  // CR 702.24a: the counter first, then the cost per counter
  o.echo_armed |= a.upkeep_once;
  o.upkeep_due.push_back(&a);
}

// The card still has upkeep cost `a` as the upkeep ends: among its abilities (an aura's taught
// one goes with the aura), or made by one of its upkeep triggers.
static bool still_has_upkeep_cost(const Game& g, int card, const Ability& a) {
  bool has = false;
  g.each_ability(card, [&](const Ability& own) {
    has |= &own == &a;
    for (const EffectDef& e : own.effects) has |= e.kind == Eff::kUpkeepCost && e.inner.get() == &a;
  });
  return has;
}

void Game::begin_phase() {
  note(std::string("phase ") + phase_name(phase));
  ++steps_begun;
  if (rules->empties_pool[static_cast<size_t>(phase)]) {  // removeMana(*): the pools empty as the step begins
    for (int p = 0; p < 2; ++p) empty_pool(p);
  }
  pending_pay.clear();
  if (phase == Phase::kUntap) {  // uynt: changes until a player's next turn end as it begins (detain)
    for (Obj& o : objs) std::erase_if(o.changes, [this](const Obj::Change& ch) { return ch.until == active; });
    invalidate();
  }
  if (phase == Phase::kUntap) {  // phasing comes first in the untap step (CR 502.1), all at once (CR 702.26b)
    for (size_t c = 0; c < objs.size(); ++c) {
      Obj& o = objs[c];
      if (o.controller != active) continue;
      if (o.phased_out) {
        o.phased_out = false;
      } else if (o.zone == kBattlefield && has_word(static_cast<int>(c), "phasing")) {
        o.phased_out = true;  // the keyword phasing: out one untap step, in the next
        note(o.def->lname + " phases out");
      }
    }
  }
  if ((phase == Phase::kUpkeep || phase == Phase::kDraw) && step_removed(active, phase)) {
    // Wagic takes the step out of the turn: nothing of it happens (no upkeep, no draw, no triggers).
    note(std::string("the ") + phase_name(phase) + " step is skipped");
    phase = phase_after(phase);
    return begin_phase();
  }
  if (phase == Phase::kUntap && step_removed(active, Phase::kUntap)) {
    // Wagic takes the step out of the turn: the turn begins with the upkeep (eot stops there).
    note("the untap step is skipped");
    for (Obj& o : objs) {
      if (o.zone == kBattlefield && o.controller == active) o.sick = false;
    }
    phase = Phase::kUpkeep;
    return begin_phase();
  } else if (phase == Phase::kUntap) {
    momir_used = false;
    for (size_t c = 0; c < objs.size(); ++c) {
      Obj& o = objs[c];
      if (o.zone != kBattlefield || o.controller != active) continue;
      o.sick = false;
      if (o.frozen) {  // this untap step is the one it skips
        o.frozen = false;
        continue;
      }
      if (!has(static_cast<int>(c), "doesnotuntap")) o.tapped = false;
    }
  } else if (phase == Phase::kCombatAttackers) {
    for (size_t c = 0; c < objs.size(); ++c) {
      const Obj& o = objs[c];
      if (o.zone == kBattlefield && o.controller == active && is_creature(static_cast<int>(c)) &&
          (has(static_cast<int>(c), "mustattack") || has(static_cast<int>(c), "treason")))
        toggle_attacker(static_cast<int>(c));
    }
  } else if (phase == Phase::kUpkeep) {
    arm_upkeep_costs();
    vanishing_upkeep();
    suspend_upkeep();
  } else if (phase == Phase::kEndOfTurn) {
    // Unearth: what it returned is exiled as the end step begins (CR 702.84a; Wagic does it at once).
    static const Sym unearth = Symbols::intern(SymKind::kKeyword, "unearth");
    for (size_t c = 0; c < objs.size(); ++c) {
      if (objs[c].zone == kBattlefield && !objs[c].phased_out && has(static_cast<int>(c), unearth)) move(static_cast<int>(c), objs[c].owner, kExile);
    }
    for (size_t i = 0; i < held.size();) {  // (blink)ueot: back as the end step begins
      if (held[i].second < 0) {
        const int card = held[i].first;
        held.erase(held.begin() + static_cast<long>(i));
        release_held(card);
      } else {
        ++i;
      }
    }
    // Treason (Act of Treason's kin, Spark Elemental): sacrificed as the end step begins.
    for (size_t c = 0; c < objs.size(); ++c) {
      if (objs[c].zone == kBattlefield && objs[c].controller == active && has(static_cast<int>(c), "treason")) {
        destroy_rule(static_cast<int>(c));
      }
    }
  } else if (phase == Phase::kDraw) {
    draw(active, rules->draws_per_step);
  } else if (phase == Phase::kCleanup) {
    std::erase_if(emblems, [](const Emblem& em) { return em.def->ueot; });
    for (auto& p : players) p.kept.clear();  // doesntempty: until end of turn
    auto& hand = players[static_cast<size_t>(active)].zones[kHand];
    const int max_hand = std::max(0, rules->hand_size + hand_size_change(active));  // hmodifer (phase_alter.cc)
    while (!no_max_hand(active) && hand.size() > static_cast<size_t>(max_hand)) discard(hand.front(), active, -1, false);
    prevent_combat = false;
    turn_shields.clear();
    for (auto& p : players) p.prevent_next = 0;
    for (Obj& o : objs) {
      o.damage = 0;
      o.deathtouched = false;
      o.pump_p = o.pump_t = 0;
      o.switched = false;
      o.counted_pumps.clear();
      o.granted.clear();
      o.regen = 0;
      o.prevent_next = 0;
      o.uses.clear();
      o.dealt_damage = false;
      o.damaged_by.clear();
      o.fresh = false;
      std::erase_if(o.changes, [](const auto& ch) { return ch.ueot; });
    }
    invalidate();
  }
  run_phase_actions();
  script_phase(*this);  // Lua cards: their step handlers, effects ending at cleanup
  fire_phase_triggers();
}

// phasealter(remove,STEP,controller|opponent) on a permanent: that player's step is taken out.
bool Game::step_removed(int player, Phase step) const {
  bool removed = false;
  for (size_t c = 0; c < objs.size() && !removed; ++c) {
    if (objs[c].zone != kBattlefield) continue;
    const bool mine = objs[c].controller == player;
    each_ability(static_cast<int>(c), [&](const Ability& a) {
      if (!is_static_line(a)) return;
      for (const EffectDef& e : a.effects) {
        if (e.kind == Eff::kPhaseAlter && (e.who == "controller") == mine && phase_from_name(e.word) == step) removed = true;
      }
    });
  }
  return removed;
}

// At the active player's upkeep. Vanishing (CR 702.63): a time counter comes off each vanishing
// permanent; the one that loses its last is sacrificed. Fading (CR 702.32): a fade counter comes
// off each fading permanent; the one that has none left to remove is sacrificed.
void Game::vanishing_upkeep() {
  for (size_t c = 0; c < objs.size(); ++c) {
    Obj& o = objs[c];
    if (o.zone != kBattlefield || o.controller != active) continue;
    bool fading = false;
    for (const Ability& a : o.def->abilities) {
      for (const EffectDef& e : a.effects) fading |= e.kind == Eff::kFading;
    }
    if (has_vanishing(static_cast<int>(c)) && o.counters.count("time") && o.counters["time"] > 0) {
      --o.counters["time"];
      last_time_counter(static_cast<int>(c));
      continue;
    }
    if (!fading) continue;
    if (auto it = o.counters.find("fade"); it != o.counters.end() && it->second > 0) {
      --it->second;
    } else {
      note(name(static_cast<int>(c)) + " fades away");
      sacrifice(static_cast<int>(c));
    }
  }
}

bool Game::has_vanishing(int card) const {
  for (const Ability& a : objs[static_cast<size_t>(card)].def->abilities) {
    for (const EffectDef& e : a.effects) {
      if (e.kind == Eff::kVanishing) return true;
    }
  }
  return false;
}

// A vanishing permanent whose last time counter is gone is sacrificed, whatever took the counter
// off (CR 702.63a; Wagic too: at the removal, not only at the upkeep).
void Game::last_time_counter(int card) {
  const Obj& o = objs[static_cast<size_t>(card)];
  const auto it = o.counters.find("time");
  if (o.zone != kBattlefield || !has_vanishing(card) || (it != o.counters.end() && it->second > 0)) return;
  note(name(card) + " vanishes");
  destroy_rule(card);
}

// Puts a triggered ability on the stack: a may ability asks first (menu), a targeted one opens
// its chooser.
void Game::put_trigger(int source, const Ability& a, int trigger_card, int trigger_from, int controller) {
  StackItem item;
  item.kind = StackItem::kAbility;
  item.trigger_card = trigger_card;
  item.trigger_from = trigger_from;
  item.trigger_amount = event_amount;
  item.source = source;
  item.controller = controller >= 0 ? controller : objs[static_cast<size_t>(source)].controller;
  item.ability = &a;
  // Its target chooser, then the stack (resume.cc); a may ability asks first.
  const Resume put{.kind = Resume::Kind::kPutTrigger, .ability = &a, .item = {item}};
  if (!a.may) return resume(put);
  Menu m;
  m.options.push_back({a.text, put});
  m.options.push_back({"cancel", Resume{}});
  menus.push_back(std::move(m));
}

// from(spec): the card as it was in the zone it left (its type as it is now).
bool Game::came_from(const Spec& from_spec, int card, int from, int src) const {
  for (const Spec::Alt& alt : from_spec.alts) {
    if (alt.type == "mytgt") return objs[static_cast<size_t>(src)].attached == card;
  }
  layers_ready();  // before the look back below (which changes nothing the layers read)
  Obj& o = const_cast<Obj&>(objs[static_cast<size_t>(card)]);
  const int zone = o.zone;
  o.zone = from;
  // Left the battlefield: the characteristics it had there (a land made a creature died as a creature).
  const bool was_changed = from == kBattlefield && zone != kBattlefield;
  if (was_changed) std::swap(o.chars, o.left_chars);  // its characteristics as it left
  Spec spec = from_spec;
  if (spec.zones.empty()) spec.zones.push_back("battlefield");
  const bool ok = matches(spec, card, src, objs[static_cast<size_t>(src)].controller);
  if (was_changed) std::swap(o.chars, o.left_chars);
  o.zone = zone;
  return ok;
}

static bool names_itself(const Spec& s) {
  return std::any_of(s.alts.begin(), s.alts.end(), [](const auto& alt) { return alt.type == "this"; });
}

void Game::fire_zone_triggers(int card, int from, int to) {
  if (from == kBattlefield && to != kBattlefield) {  // (blink)forsrc: what it held comes back
    std::vector<int> back;
    for (size_t i = 0; i < held.size();) {
      if (held[i].second == card) {
        back.push_back(held[i].first);
        held.erase(held.begin() + static_cast<long>(i));
      } else {
        ++i;
      }
    }
    for (int b : back) release_held(b);
  }
  if (to == kBattlefield || (from == kBattlefield && to == kGraveyard)) objs[static_cast<size_t>(card)].fresh = true;
  if (from == kBattlefield && to == kGraveyard && !objs[static_cast<size_t>(card)].damaged_by.empty()) {
    // A creature dealt damage this turn dies: @vampired(..) from(the source that damaged it).
    std::vector<int> by = objs[static_cast<size_t>(card)].damaged_by;
    std::sort(by.begin(), by.end());
    by.erase(std::unique(by.begin(), by.end()), by.end());
    for (int d : by) fire_event("vampired", card, -1, d, false);
  }
  auto hear = [&](int src, const Ability& a) {
    if (a.kind != AbilityKind::kTriggered || a.trigger.event != "movedto") return;
    // A permanent's trigger is not there yet as the permanent itself enters: it sees its own
    // entering only when it names itself (@movedTo(this|..)); Soul Warden does not count itself.
    // Soulbond's pairing trigger is the rules' own and does ("it or another creature enters").
    if (src == card && to == kBattlefield && !a.pairing && !names_itself(a.trigger.subject)) return;
    if (!matches(a.trigger.subject, card, src, objs[static_cast<size_t>(src)].controller)) return;
    if (to == kStack || !trigger_allowed(a, src)) return;
    if (a.evolve && (to != kBattlefield || !evolves(src, card))) return;
    if (a.pairing && (to != kBattlefield || !pairing_possible(src, card))) return;
    if (!a.trigger.from.empty() && !came_from(a.trigger.from, card, from, src)) return;
    // Its own leave trigger is its last controller's (CR 603.3a: Delusions of Mediocrity donated).
    const int last = src == card && from == kBattlefield && to != kBattlefield ? objs[static_cast<size_t>(src)].lki_controller : -1;
    put_trigger(src, a, card, card, last);  // trigger[from] and trigger[to]: the moved card
  };
  for (size_t src = 0; src < objs.size(); ++src) {
    const Obj& s = objs[src];
    const bool self = static_cast<int>(src) == card;
    if (!listening(static_cast<int>(src)) && !self) continue;
    // Its own abilities look back at the move; autograveyard= ones listen once it is in the graveyard
    // (another card's move: each_listener).
    std::vector<const Ability*> list;
    const auto add = [&list](const Ability& a) { list.push_back(&a); };
    if (self) {
      each_ability(static_cast<int>(src), add);  // its autoexile= lines listen only once it is there
    } else {
      each_listener(static_cast<int>(src), add);
    }
    if (self && s.zone == kGraveyard) {
      for (const Ability& a : s.def->grave_abilities) list.push_back(&a);
    }
    for (const Ability* ap : list) hear(static_cast<int>(src), *ap);
  }
  each_emblem_trigger(hear);
  if (from != to && to != kBattlefield) run_arrival_lines(card, to);
}

// A card that left the battlefield for `to`: its one-shot lines for that zone (autograveyard=..
// without a cost or a trigger) run there and then, as Wagic runs them when the card arrives; its
// owner is their controller. One with a target goes on the stack as a trigger would.
void Game::mill_one(int player, int to) {
  auto& lib = players[static_cast<size_t>(player)].zones[kLibrary];
  if (lib.empty()) return;
  const int card = lib.back();
  move(card, objs[static_cast<size_t>(card)].owner, to);
  run_arrival_lines(card, objs[static_cast<size_t>(card)].zone);
}

void Game::run_arrival_lines(int card, int to) {
  const CardDef* d = objs[static_cast<size_t>(card)].def;
  const int owner = objs[static_cast<size_t>(card)].owner;
  for (const auto& [zone, a] : d->arrival_lines) {
    if (zone != to || objs[static_cast<size_t>(card)].zone != to) continue;
    if (a.has_target) {
      put_trigger(card, a, card, card, owner);
    } else {
      run_effects(a, card, owner, {}, 0);
    }
  }
}

bool Game::evolves(int source, int entered) const {
  if (source < 0 || entered < 0) return false;
  const Obj& e = objs[static_cast<size_t>(entered)];
  const bool here = e.zone == kBattlefield;
  const int p = here ? power(entered) : e.lki_power, t = here ? toughness(entered) : e.lki_toughness;
  return p > power(source) || t > toughness(source);
}

void Game::cast_triggers(int card) {
  auto hear = [&](int src, const Ability& a) {
    const int controller = objs[static_cast<size_t>(src)].controller;
    if (a.kind != AbilityKind::kTriggered || a.trigger.event != "movedto") return;
    if (!matches(a.trigger.subject, card, src, controller)) return;
    if (!trigger_allowed(a, src)) return;
    if (a.has_target || a.may) return put_trigger(src, a, card);
    const int saved = current_trigger;
    current_trigger = card;
    run_effects(a, src, controller, {}, 0);
    current_trigger = saved;
  };
  for (size_t src = 0; src < objs.size(); ++src) {
    if (!listening(static_cast<int>(src))) continue;
    std::vector<const Ability*> list;
    each_listener(static_cast<int>(src), [&list](const Ability& a) { list.push_back(&a); });
    for (const Ability* ap : list) hear(static_cast<int>(src), *ap);
  }
  each_emblem_trigger(hear);
}

// restriction{type(spec)~morethan~N} written on a trigger.
bool Game::trigger_allowed(const Ability& a, int src) const {
  const int controller = objs[static_cast<size_t>(src)].controller;
  if (a.trigger.opponent_poisoned && players[static_cast<size_t>(1 - controller)].poison == 0) return false;
  const Obj& o = objs[static_cast<size_t>(src)];
  if (a.trigger.suspended && !(o.suspended && o.zone == kExile)) return false;
  return counts_hold(a.trigger.counts, src, objs[static_cast<size_t>(src)].controller);
}

// The spells of this turn (or the last) that match the spec, on the stacks its zones name.
int Game::cast_count(const TriggerDef::Count& k, int src, int controller) const {
  int n = 0;
  for (const Cast& c : k.var[0] == 'l' ? cast_last_turn : cast_this_turn) {
    bool stack_ok = k.spec.zones.empty();
    for (const std::string& z : k.spec.zones) {
      stack_ok |= z == "stack" || (z == "mystack") == (c.player == controller);
    }
    n += stack_ok && matches(k.spec, c.card, src, controller, /*any_zone=*/true);
  }
  return n;
}

namespace {

// The creatures of `player` that `src` could target (cantargetcre and its kin).
int targetable_creatures(const Game& g, int src, int controller, int player) {
  static const Spec creature = parse_spec("creature|battlefield");
  int n = 0;
  for (int c : g.players[static_cast<size_t>(player)].zones[kBattlefield]) {
    n += g.legal_target(creature, Target{c}, src, controller);
  }
  return n;
}

// compare(mysnowpoolcount), compare(opponentsnowbluepoolcount) ...: the snow mana in that player's
// pool, all of it or one colour's (Wagic counts the snow mana a player's pool holds). False when
// `var` is no such word.
bool snow_pool_count(const std::string& var, const Game::Player& me, const Game::Player& them, int& out) {
  static const std::map<std::string, int> colors = {{"", -1},           {"green", kGreen}, {"blue", kBlue}, {"red", kRed},
                                                    {"black", kBlack}, {"white", kWhite}, {"colorless", kColorless}};
  const bool mine = var.rfind("mysnow", 0) == 0, theirs = var.rfind("opponentsnow", 0) == 0;
  const std::string tail = "poolcount";
  if ((!mine && !theirs) || var.size() < tail.size() || var.compare(var.size() - tail.size(), tail.size(), tail) != 0) return false;
  const size_t from = mine ? 6 : 12;
  const auto it = colors.find(var.substr(from, var.size() - tail.size() - from));
  if (it == colors.end()) return false;
  const ManaPool& pool = (mine ? me : them).pool;
  out = it->second < 0 ? pool.snow_total() : pool.snow_of(it->second);
  return true;
}

}  // namespace

int Game::restriction_value(const TriggerDef::Count& k, int src, int controller) const {
  const Player& me = players[static_cast<size_t>(controller)];
  const Player& them = players[static_cast<size_t>(1 - controller)];
  if (k.var.empty()) {
    int n = 0;
    for (size_t c = 0; c < objs.size(); ++c) n += matches(k.spec, static_cast<int>(c), src, controller);
    return n;
  }
  if (k.var == "window") {  // within those phases, in that player's turn
    const int p = static_cast<int>(phase);
    return p >= k.from && p <= k.to && (k.whose < 0 || (k.whose == 1) == (active == controller));
  }
  if (k.var == "thisturn" || k.var == "lastturn") return cast_count(k, src, controller);
  if (int snow = 0; snow_pool_count(k.var, me, them, snow)) return snow;
  if (k.var == "epicactivated") return me.epic ? 1 : 0;
  if (k.var == "powertotalinplay") {  // the total power of the creatures its controller controls
    int n = 0;
    for (int c : me.zones[kBattlefield]) n += is_creature(c) ? power(c) : 0;
    return n;
  }
  if (k.var == "samename") {  // cards of the source's name on its controller's battlefield
    int n = 0;
    for (int c : me.zones[kBattlefield]) n += src >= 0 && objs[static_cast<size_t>(c)].def->lname == objs[static_cast<size_t>(src)].def->lname;
    return n;
  }
  if (k.var == "cantargetcre") return targetable_creatures(*this, src, controller, 0) + targetable_creatures(*this, src, controller, 1);
  if (k.var == "cantargetmycre" || k.var == "cantargetoppocre") {
    return targetable_creatures(*this, src, controller, k.var[9] == 'm' ? controller : 1 - controller);
  }
  static const std::map<std::string, int (*)(const Game&, const Player&, const Player&, int)> values = {
      {"lifetotal", [](const Game&, const Player& m, const Player&, int) { return m.life; }},
      {"opponentlifetotal", [](const Game&, const Player&, const Player& o, int) { return o.life; }},
      {"lifelost", [](const Game&, const Player& m, const Player&, int) { return m.life_lost; }},
      {"oplifelost", [](const Game&, const Player&, const Player& o, int) { return o.life_lost; }},
      {"pdcount", [](const Game&, const Player& m, const Player&, int) { return m.damage_taken; }},
      {"odcount", [](const Game&, const Player&, const Player& o, int) { return o.damage_taken; }},
      {"pdrewcount", [](const Game&, const Player& m, const Player&, int) { return m.drawn; }},
      {"odrewcount", [](const Game&, const Player&, const Player& o, int) { return o.drawn; }},
      {"phandcount", [](const Game&, const Player& m, const Player&, int) { return static_cast<int>(m.zones[kHand].size()); }},
      {"ohandcount", [](const Game&, const Player&, const Player& o, int) { return static_cast<int>(o.zones[kHand].size()); }},
      {"thatmuch", [](const Game& g, const Player&, const Player&, int) { return g.event_amount; }},  // the event's amount
      {"turn", [](const Game& g, const Player&, const Player&, int) { return g.turn; }},
      {"morbid", [](const Game& g, const Player&, const Player&, int) { return static_cast<int>(g.creatures_died > 0); }},
      {"raid", [](const Game& g, const Player&, const Player&, int c) { return static_cast<int>(g.active == c && g.attacked > 0); }},
      // {N} (ninjutsu's cost): blockers are declared and combat damage is still to come
      {"blockersdeclared", [](const Game& g, const Player&, const Player&, int) { return static_cast<int>(g.phase == Phase::kCombatBlockers && g.combat_stage >= 1); }},
      {"assorcery", [](const Game& g, const Player&, const Player&, int c) { return static_cast<int>(g.active == c && (g.phase == Phase::kFirstMain || g.phase == Phase::kSecondMain)); }},
  };
  const auto it = values.find(k.var);
  return it == values.end() ? 0 : it->second(*this, me, them, controller);
}

bool Game::counts_hold(const std::vector<TriggerDef::Count>& counts, int src, int controller) const {
  for (const TriggerDef::Count& k : counts) {
    const int n = restriction_value(k, src, controller);
    int than = k.n;
    if (k.than) {  // ~lessthan~type(spec): another count of cards
      than = k.n;
      for (size_t c = 0; c < objs.size(); ++c) than += matches(*k.than, static_cast<int>(c), src, controller);
    }
    if (k.cmp == '>' ? n <= than : k.cmp == '<' ? n >= than : n != than) return false;
  }
  return true;
}

void Game::fire_phase_triggers() {
  const std::vector<Delayed> due = delayed;
  delayed.clear();
  for (const Delayed& d : due) {
    if (trigger_phase(d.ability->trigger.phase) != phase) {
      delayed.push_back(d);
      continue;
    }
    StackItem item;
    item.kind = StackItem::kAbility;
    item.source = d.source;
    item.controller = d.controller;
    item.ability = d.ability;
    push(item);
  }
  auto hear = [&](int src, const Ability& a) {
    const Obj& s = objs[static_cast<size_t>(src)];
    if (a.kind != AbilityKind::kTriggered || (a.trigger.event != "each" && a.trigger.event != "next")) return;
    if (trigger_phase(a.trigger.phase) != phase) return;
    if (a.has_cond && !condition_holds(a, src)) return;
    if (!trigger_allowed(a, src)) return;
    if (a.trigger.whose == "my" && s.controller != active) return;
    if (a.trigger.whose == "targetcontroller" && (s.attached < 0 || objs[static_cast<size_t>(s.attached)].controller != active)) return;
    if (a.trigger.whose == "opponent" && s.controller == active) return;
    if (a.trigger.whose == "targetedplayer" && s.player_target != active) return;  // the chosen player's step
    if (!a.trigger.source_state.empty() && s.tapped != (a.trigger.source_state == "sourcetap")) return;
    if (a.trigger.event == "next") {  // @next on a permanent: once, then gone (Wagic's TriggerNextPhase)
      auto& done = objs[static_cast<size_t>(src)].next_done;
      if (std::find(done.begin(), done.end(), &a) != done.end()) return;
      done.push_back(&a);
    }
    put_trigger(src, a);
  };
  for (size_t src = 0; src < objs.size(); ++src) {
    if (!listening(static_cast<int>(src))) continue;  // a graveyard's autograveyard=@each my upkeep too
    std::vector<const Ability*> list;
    each_listener(static_cast<int>(src), [&list](const Ability& a) { list.push_back(&a); });
    for (const Ability* ap : list) hear(static_cast<int>(src), *ap);
  }
  each_emblem_trigger(hear);
}

}  // namespace rk::mtg
