// Resuming a decision kept as data (resume.h): one handler per kind, in a table indexed by the
// kind that the compiler checks is complete (no `default:`), as CFC's command table is.
#include "games/mtg/rules/resume.h"

#include <algorithm>
#include <array>

#include "games/mtg/rules/game.h"
#include "games/mtg/lua/card_scripts.h"

namespace rk::mtg {
namespace {

using Kind = Resume::Kind;
using Targets = std::vector<Target>;
// The record being resumed, what follows it (a chooser's records below it), the targets chosen.
using Handler = void (*)(Game&, Resume&, std::vector<Resume>&, const Targets&);

// The chooser of ability `a`'s target, asked of `player` for `source`; `then` runs with the answer.
void ask_target(Game& g, const Ability& a, int source, int player, Resume then) {
  Chooser ch;
  ch.spec = a.target;
  ch.player = player;
  ch.source = source;
  ch.is_cost = a.not_a_target;
  ch.done = {std::move(then)};
  g.choosers.push_back(std::move(ch));
}

// A target chooser for `item` (its source and controller) that puts it on the stack once answered
// (`sac_source`: its source is sacrificed first, {S} being paid after the target is chosen;
// `announcing`: the item is a spell being cast or an ability being activated, not a trigger).
void choose_then_push(Game& g, const StackItem& item, const Spec& spec, bool is_cost, bool sac_source = false,
                      bool announcing = false) {
  Chooser ch;
  ch.spec = spec;
  if (spec.prex) {  // <prex>: exactly X targets (Wagic's chooser has X as its minimum too)
    if (item.x <= 0) return g.push(item);
    ch.spec.count = item.x;
    ch.spec.up_to = false;
  }
  ch.player = item.controller;
  ch.source = item.source;
  ch.is_cost = is_cost;
  ch.announcing = announcing;
  ch.done = {Resume{.kind = Kind::kPush, .card = item.source, .flag = sac_source, .item = {item}}};
  g.choosers.push_back(std::move(ch));
}

void nothing(Game&, Resume&, std::vector<Resume>&, const Targets&) {}

void push(Game& g, Resume& r, std::vector<Resume>&, const Targets& ts) {
  if (r.flag) g.sacrifice(r.card);
  r.item[0].targets = ts;
  g.push(std::move(r.item[0]));
}

void cast_targets(Game& g, Resume& r, std::vector<Resume>&, const Targets&) {
  r.item[0].stored = g.last_paid;  // the card a chosen cost took (stored* amounts)
  if (!r.flag) return g.push(std::move(r.item[0]));
  choose_then_push(g, r.item[0], *r.spec, false, false, true);
}

// An ability's chosen costs are paid: a mana ability's effects at once (and what produceextra:{..}
// written on the card adds: Urza's lands), or its target and the stack. {S} is paid once the
// target is chosen (CR 601.2c before 601.2h, as in Wagic).
void activated(Game& g, Resume& r, std::vector<Resume>&, const Targets&) {
  const Ability& a = *r.ability;
  StackItem& item = r.item[0];
  item.stored = g.last_paid;  // the card a chosen cost took (stored* amounts)
  const int card = item.source, actor = item.controller;
  if (a.sac_self && (!a.has_target || is_mana_ability(a))) g.sacrifice(card);
  if (is_mana_ability(a)) {
    const ManaPool before = g.players[static_cast<size_t>(actor)].pool;
    g.run_effects(a, card, actor, {}, item.x);
    ManaPool made = g.players[static_cast<size_t>(actor)].pool;  // what the ability made (producecolor: reads it)
    for (int c = 0; c < kColors; ++c) made.n[static_cast<size_t>(c)] -= before.n[static_cast<size_t>(c)];
    g.each_ability(card, [&g, card, actor, &made](const Ability& s) {
      if (!is_static_line(s) || (s.has_cond && !g.condition_holds(s, card))) return;
      for (const EffectDef& e : s.effects) {
        if (e.kind == Eff::kProduceExtra) g.extra_mana(e, card, actor, made);
      }
    });
    for (const EffectDef* e : g.objs[static_cast<size_t>(card)].extra_mana) g.extra_mana(*e, card, actor, made);  // from lords (High Tide's emblem)
    // An aura's produceextra:selectmana (Fertile Ground, which gives it to itself with all(this)
    // transforms((..))): the land it enchants was tapped for mana.
    for (size_t c = 0; c < g.objs.size(); ++c) {
      const Obj& aura = g.objs[c];
      if (aura.attached != card || aura.zone != kBattlefield) continue;
      g.each_ability(static_cast<int>(c), [&g, c, actor](const Ability& s) {
        if (!is_static_line(s)) return;
        for (const EffectDef& e : s.effects) {
          if (e.kind == Eff::kProduceExtra && e.word == "selectmana") g.extra_mana(e, static_cast<int>(c), actor, {});
        }
      });
    }
    if (!g.pending_pay.empty()) {  // a pay(..) waiting for this mana
      const Resume waiting = g.pending_pay.back();
      g.pending_pay.clear();
      g.resume(waiting);
    }
    return;
  }
  if (!a.has_target) return g.push(item);
  // The costs took the only legal target (Goblin Sledder sacrificing itself for its own +1/+1).
  // By the rules the target was chosen before the costs (CR 601.2c) and is gone as the ability
  // resolves, so it does nothing (CR 608.2b): the costs stay paid and nothing else happens.
  if (!g.any_target(a.target, card, actor)) return g.note(g.name(card) + "'s ability has no target left: it does nothing");
  choose_then_push(g, item, a.target, a.not_a_target, a.sac_self, true);
}

// The cards chosen for one cost: tapped (-1), discarded (-2), sacrificed, or moved to a zone.
void pay_chosen(Game& g, Resume& r, std::vector<Resume>& rest, const Targets& ts) {
  const int how = r.chosen[static_cast<size_t>(r.index)].second;
  const int to = how == -2 ? kGraveyard : how;
  for (const Target& t : ts) {
    if (t.card < 0) continue;
    g.last_paid = t.card;
    Obj& o = g.objs[static_cast<size_t>(t.card)];
    if (how == -3 || how == -4) {  // {C(-1/-1,-1,spec)}: one counter off the chosen card
      int& n = how == -3 ? o.minus_counters : o.plus_counters;
      n = std::max(0, n - 1);
      continue;
    }
    if (to < 0) {
      o.tapped = true;
      g.fire_event("tapped", t.card, -1, r.card, false);
      continue;
    }
    if (to == kGraveyard && how != -2) {
      g.sacrifice(t.card);
      continue;
    }
    if (how == -2) {  // a discard ({discard(..)}): no @discarded event, as before
      g.discard(t.card, o.owner, r.card, false);
      continue;
    }
    const int from = o.zone;
    g.move(t.card, o.owner, to);
    if (from == kBattlefield) g.fire_zone_triggers(t.card, from, to);
  }
  g.pay_chosen(r.card, r.actor, std::move(r.chosen), static_cast<size_t>(r.index) + 1, std::move(rest));
}

// Every part of upkeep cost `ability` is paid (the cards it took by pay_chosen): no longer due.
void upkeep_discard(Game& g, Resume& r, std::vector<Resume>&, const Targets&) {
  auto& due = g.objs[static_cast<size_t>(r.card)].upkeep_due;
  if (const auto it = std::find(due.begin(), due.end(), r.ability); it != due.end()) due.erase(it);
}

void run_effects(Game& g, Resume& r, std::vector<Resume>&, const Targets& ts) { g.run_effects(*r.ability, r.card, r.actor, ts, r.x); }

void run_as(Game& g, Resume& r, std::vector<Resume>&, const Targets&) {
  if (r.flag) {  // pay[[cost]]: the option's mana cost plus `index` generic, paid first
    ManaCost cost = r.ability->mana;
    cost.fixed[0] += r.index;
    ManaPool& pool = g.players[static_cast<size_t>(r.actor)].pool;
    if (!can_pay(pool, cost)) {
      g.pending_pay = {r};  // paid once the player has made the mana
      return;
    }
    pay(pool, cost);
    g.players[static_cast<size_t>(r.actor)].life -= r.ability->life_cost;  // {L:N} beside the mana
  }
  if (r.item.empty()) return g.run_as(*r.ability, r.card, r.actor, r.x);
  // Asked as a trigger resolved (pay_or): its card is the trigger's again while the part runs.
  const int saved = g.current_trigger, saved_from = g.current_trigger_from;
  g.current_trigger = r.item[0].trigger_card;
  g.current_trigger_from = r.item[0].trigger_from;
  g.run_as(*r.ability, r.card, r.actor, r.x);
  g.current_trigger = saved;
  g.current_trigger_from = saved_from;
}

// ability$!..!$: the player it names chooses the ability's target, then its effects run.
void run_as_chosen(Game& g, Resume& r, std::vector<Resume>&, const Targets&) {
  const Ability& a = *r.ability;
  if (!a.has_target) return g.run_effects(a, r.card, r.actor, {}, r.x);
  if (!g.any_target(a.target, r.card, r.actor)) return;
  ask_target(g, a, r.card, r.actor, Resume{.kind = Kind::kRunEffects, .card = r.card, .actor = r.actor, .x = r.x, .ability = &a});
}

void put_trigger(Game& g, Resume& r, std::vector<Resume>&, const Targets&) {
  const Ability& a = *r.ability;
  const StackItem& item = r.item[0];
  if (!a.has_target) return g.push(item);
  if (!g.any_target(a.target, item.source, item.controller)) return;
  choose_then_push(g, item, a.target, a.not_a_target);
}

void attack(Game& g, Resume& r, std::vector<Resume>&, const Targets&) { g.toggle_attacker(r.card); }
void block(Game& g, Resume& r, std::vector<Resume>&, const Targets&) { g.toggle_blocker(r.card); }
void pay_combat_cost(Game& g, Resume& r, std::vector<Resume>&, const Targets&) { g.pay_combat_cost(r.card, r.flag); }

void play_land(Game& g, Resume& r, std::vector<Resume>&, const Targets&) {
  const int card = r.card, actor = r.actor;
  ++g.players[static_cast<size_t>(actor)].lands_played;
  g.move(card, actor, kBattlefield);
  g.objs[static_cast<size_t>(card)].sick = true;  // new under its control this turn: sick if it becomes a creature
  g.note("p" + std::to_string(actor + 1) + " plays " + g.name(card));
  g.run_one_shots(card, actor, {}, 0);  // a land's ETB lines (enters tapped, Vesuva)
  g.fire_zone_triggers(card, kHand, kBattlefield);
  script_land_played(g, card);
}

void momir(Game& g, Resume& r, std::vector<Resume>&, const Targets&) { g.momir_play(r.card, r.actor, nullptr); }
void coin_call(Game& g, Resume& r, std::vector<Resume>&, const Targets&) { g.coin_called(r); }
void choose_value(Game& g, Resume& r, std::vector<Resume>&, const Targets&) { g.value_chosen(r); }
void pair(Game& g, Resume& r, std::vector<Resume>&, const Targets&) { g.pair_chosen(r); }
void draw_replaced(Game& g, Resume& r, std::vector<Resume>&, const Targets& ts) {
  if (!ts.empty() && ts[0].card >= 0) r.card = ts[0].card;  // the card chosen to dredge
  g.draw_replaced(r);
}
void leyline(Game& g, Resume& r, std::vector<Resume>&, const Targets&) { g.leyline_chosen(r); }
void cast(Game& g, Resume& r, std::vector<Resume>&, const Targets&) {
  // index: flashback, retrace ...; x: 1 with buyback, or the creature an offering sacrifices
  const bool offering = r.flag && r.card >= 0 && static_cast<size_t>(r.card) < g.objs.size() && g.objs[static_cast<size_t>(r.card)].def->has_offering;
  g.cast(r.card, r.actor, r.flag, !r.flag && r.x == 1, static_cast<CastWay>(r.index), offering ? r.x : -1);
}
void turn_face_up(Game& g, Resume& r, std::vector<Resume>&, const Targets&) { g.turn_face_up(r.card, r.actor, r.flag); }
void pay_upkeep(Game& g, Resume& r, std::vector<Resume>&, const Targets&) { g.pay_upkeep(r.card, *r.ability, r.actor); }
void activate(Game& g, Resume& r, std::vector<Resume>&, const Targets&) { g.activate(r.card, *r.ability, r.actor); }

void mode(Game& g, Resume& r, std::vector<Resume>&, const Targets&) {
  StackItem& item = r.item[0];
  item.mode = r.ability;
  choose_then_push(g, item, r.ability->target, false, false, true);
}

void keep(Game& g, Resume& r, std::vector<Resume>&, const Targets&) { g.destroy_rule(r.card); }
void lua_ability(Game& g, Resume& r, std::vector<Resume>&, const Targets&) { script_activate(g, r.card, r.actor, r.index); }
void lua_targets(Game& g, Resume& r, std::vector<Resume>&, const Targets& ts) { script_answer_targets(g, r.index, r.flag, ts); }
void lua_option(Game& g, Resume& r, std::vector<Resume>&, const Targets&) { script_answer_option(g, r.index, r.x); }

void trigger_now_run(Game& g, Resume& r, std::vector<Resume>&, const Targets& ts) {
  const int saved = g.current_trigger, saved_from = g.current_trigger_from;
  g.current_trigger = r.x;
  g.current_trigger_from = r.index;
  g.run_effects(*r.ability, r.card, r.actor, ts, 0);
  g.current_trigger = saved;
  g.current_trigger_from = saved_from;
}

void trigger_now(Game& g, Resume& r, std::vector<Resume>& rest, const Targets&) {
  const Ability& a = *r.ability;
  if (!a.has_target) return trigger_now_run(g, r, rest, {});
  if (!g.any_target(a.target, r.card, r.actor)) return;
  r.kind = Kind::kTriggerNowRun;
  ask_target(g, a, r.card, r.actor, r);
}

struct Row {
  Kind kind;
  Handler run;
};

constexpr Row kRows[] = {
    {Kind::kNothing, &nothing},           {Kind::kPush, &push},
    {Kind::kCastTargets, &cast_targets},  {Kind::kActivated, &activated},
    {Kind::kPayChosen, &pay_chosen},      {Kind::kUpkeepDiscard, &upkeep_discard},
    {Kind::kRunEffects, &run_effects},    {Kind::kRunAs, &run_as},
    {Kind::kRunAsChosen, &run_as_chosen}, {Kind::kPutTrigger, &put_trigger},
    {Kind::kAttack, &attack},             {Kind::kBlock, &block},
    {Kind::kPlayLand, &play_land},        {Kind::kCast, &cast},
    {Kind::kPayUpkeep, &pay_upkeep},      {Kind::kActivate, &activate},
    {Kind::kMode, &mode},                 {Kind::kKeep, &keep},
    {Kind::kLuaAbility, &lua_ability},    {Kind::kLuaTargets, &lua_targets},
    {Kind::kLuaOption, &lua_option},      {Kind::kTriggerNow, &trigger_now},
    {Kind::kTriggerNowRun, &trigger_now_run}, {Kind::kTurnFaceUp, &turn_face_up},
    {Kind::kMomir, &momir},
    {Kind::kCoinCall, &coin_call},        {Kind::kChooseValue, &choose_value},
    {Kind::kPair, &pair},
    {Kind::kDrawReplaced, &draw_replaced}, {Kind::kLeyline, &leyline},
    {Kind::kPayCombatCost, &pay_combat_cost},
};

constexpr size_t kKinds = static_cast<size_t>(Kind::kCount);

// The handler of each kind; the build stops when a kind has none or two. Presence is kept in its
// own array because g++ 12 with -fsanitize=null cannot compare a function's address with null in
// a constant expression (the asan preset).
consteval std::array<Handler, kKinds> build() {
  std::array<Handler, kKinds> table{};
  std::array<bool, kKinds> listed{};
  for (const Row& row : kRows) {
    const auto i = static_cast<size_t>(row.kind);
    if (i >= kKinds || listed[i]) throw "a kind listed twice";
    listed[i] = true;
    table[i] = row.run;
  }
  for (bool seen : listed) {
    if (!seen) throw "a kind without a handler";
  }
  return table;
}

constexpr std::array<Handler, kKinds> kHandlers = build();

}  // namespace

void Game::resume(std::vector<Resume> then, const std::vector<Target>& targets) {
  if (then.empty()) return;
  Resume r = std::move(then.back());
  then.pop_back();
  kHandlers[static_cast<size_t>(r.kind)](*this, r, then, targets);
}

void Game::finish_chooser() {
  Chooser ch = std::move(choosers.back());
  choosers.pop_back();
  resume(std::move(ch.done), ch.picked);
}

}  // namespace rk::mtg
