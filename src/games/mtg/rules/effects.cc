// The stack and what its objects do when they resolve: one-shot effects on their recipients.
#include <cstdlib>

#include "games/mtg/compiler/coverage.h"
#include "games/mtg/rules/game.h"
#include "games/mtg/lua/card_scripts.h"

namespace rk::mtg {
namespace {

bool is_permanent(const CardDef& d) {
  return d.is("creature") || d.is("artifact") || d.is("enchantment") || d.is("land") || d.is("planeswalker");
}

}  // namespace

void Game::unsupported(const std::string& what) {
  for (const std::string& m : missing) {
    if (m == what) return;
  }
  missing.push_back(what);
  note("not implemented: " + what);
}

void Game::push(StackItem item) {
  note("stack: " + (item.kind == StackItem::kNextPhase ? std::string("next phase") : name(item.source)));
  // The cards it targets (notatarget(..) chooses without targeting): @targeted triggers wait above
  // the spell or ability that targeted (CR 603.3), so they resolve first.
  std::vector<int> targeted;
  if (item.kind != StackItem::kNextPhase && !(item.ability && item.ability->not_a_target)) {
    for (const Target& t : item.targets) {
      if (t.card >= 0) targeted.push_back(t.card);
    }
  }
  const int source = item.source;
  stack.push_back(std::move(item));
  for (int c : targeted) fire_event("targeted", c, -1, source, false);
}

void Game::run_one_shots(int card, int controller, const std::vector<Target>& targets, int x) {
  const CardDef& d = *objs[static_cast<size_t>(card)].def;
  const bool permanent = is_permanent(d);
  bool asked = false;  // a line of this card opened a menu or a chooser (etb_one_at_a_time)
  std::vector<const Ability*> entry_choices;
  for (const Ability& a : d.abilities) {
    if (permanent && is_entry_choice(a)) {
      entry_choices.push_back(&a);
      continue;
    }
    if (!permanent && a.kind == AbilityKind::kTriggered && a.trigger.event == "next") {
      delayed.push_back({&a, card, controller});  // a delayed trigger (Flare's next upkeep)
      continue;
    }
    if (!permanent && a.kind == AbilityKind::kLord) {
      // An instant's or sorcery's lord( is a one-shot over the cards it names now.
      // (The ability itself, not a copy: a change it makes points at its effects.)
      const Ability* saved = lord_once;
      lord_once = &a;
      run_effects(a, card, controller, targets, x);
      lord_once = saved;
      continue;
    }
    if (a.kind != AbilityKind::kSpell || (permanent && is_static_line(a))) continue;
    if (resolving_mode && a.may && a.has_target && resolving_mode != &a) continue;  // another mode was chosen
    if (!a.trigger.counts.empty() && !counts_hold(a.trigger.counts, card, controller)) continue;  // its restriction{..} does not hold
    // A permanent's targeted one-shot (ETB "target creature ...") would open a chooser: not run yet.
    if (permanent && (a.has_target || a.may)) {
      if (etb_one_at_a_time && asked) {
        etb_waiting.emplace_back(card, &a);
        continue;
      }
      const size_t open = menus.size() + choosers.size();
      put_trigger(card, a);
      asked = asked || menus.size() + choosers.size() > open;
      continue;
    }
    if (!permanent && chosen_as_it_resolves(a)) {
      ask_as_it_resolves(a, card, controller, x);
      continue;
    }
    run_effects(a, card, controller, targets, x);
  }
  if (!entry_choices.empty()) choose_line(card, controller, entry_choices);
}

bool Game::open_waiting_etb() {
  while (!etb_waiting.empty()) {
    const auto [card, line] = etb_waiting.front();
    etb_waiting.erase(etb_waiting.begin());
    if (objs[static_cast<size_t>(card)].zone != kBattlefield) continue;  // gone meanwhile: its lines with it
    put_trigger(card, *line);
    return true;
  }
  return false;
}

// A spell's line whose cards are chosen from a hand as it runs: its chooser, then its effects.
void Game::ask_as_it_resolves(const Ability& a, int card, int controller, int x) {
  if (!any_target(a.target, card, controller)) return;
  Chooser ch;
  ch.spec = a.target;
  ch.player = controller;
  ch.source = card;
  ch.is_cost = true;  // not a target: nothing stops it being chosen
  ch.done = {Resume{.kind = Resume::Kind::kRunEffects, .card = card, .actor = controller, .x = x, .ability = &a}};
  choosers.push_back(std::move(ch));
}

void Game::fizzle_spell(int card, const std::string& to) {
  const Obj& o = objs[static_cast<size_t>(card)];
  const int zone = to == "exile" ? kExile : to == "hand" || to == "ownerhand" ? kHand : to == "librarytop" ? kLibrary : kGraveyard;
  move(card, o.owner, zone);
  run_arrival_lines(card, zone);  // a countered Emrakul goes back into the library
}

void Game::resolve_top() {
  update_continuous();  // what entered meanwhile counts with its lords (Angelic Chorus reads a toughness)
  StackItem item = stack.back();
  stack.pop_back();
  if (item.kind == StackItem::kNextPhase) return next_phase();
  if (item.kind == StackItem::kAbility) {
    if (script_resolve_ability(*this, item)) return;  // a Lua card's ability
    for (const Target& t : item.targets) {
      if (t.card < 0) continue;  // a player: only cards are checked again here
      const Spec& spec = item.ability->target;  // notatarget(..): chosen, not targeted (shroud does not stop it)
      const bool ok = item.ability->not_a_target ? matches(spec, t.card, item.source, item.controller)
                                                 : legal_target(spec, t, item.source, item.controller);
      if (!ok) {
        note("ability fizzles: " + item.ability->text);
        return;
      }
    }
    if (item.ability->evolve && !evolves(item.source, item.trigger_card)) {  // an intervening if (CR 603.4)
      note("evolve: no longer greater");
      return;
    }
    if (miracle_gone(item)) {  // the card can be cast only from the hand it was drawn into (CR 702.94a)
      note("miracle: " + name(item.source) + " is no longer in the hand");
      return;
    }
    current_trigger = item.trigger_card;
    current_trigger_from = item.trigger_from;
    current_amount = item.trigger_amount;
    current_stored = item.stored;
    run_effects(*item.ability, item.source, item.controller, item.targets, item.x);
    if (const Ability& a = *item.ability; a.at_limit && item.source >= 0) {  // limit^B^N
      for (auto [used, n] : objs[static_cast<size_t>(item.source)].uses) {
        if (used == &a && n >= a.at_limit_n) run_effects(*a.at_limit, item.source, item.controller, {}, 0);
      }
    }
    current_trigger = current_trigger_from = -1;
    current_stored = -1;
    return;
  }
  const int card = item.source;
  Obj& o = objs[static_cast<size_t>(card)];
  if (o.zone != kStack) return;  // countered meanwhile
  const CardDef& d = *o.def;
  if (script_resolve(*this, item)) return;  // a card written in Lua (cards/wagic-lua)
  // An alias Wagic plays in C++ (coverage.h); another one is behaviour only for a card without
  // lines of its own (Lhurgoyf's kin, alias=1111, have their anyzone= power and toughness).
  if (!d.alias.empty() && !d.cda && (hard_coded_alias(d.alias) || d.abilities.empty())) {
    unsupported(d.name + ": coded in Wagic's C++ (alias=" + d.alias + ")");
  }
  const Spec* spec = d.has_spell_target ? &d.spell_target : nullptr;
  if (!spec && item.mode && item.mode->has_target) spec = &item.mode->target;  // the line chosen as it was cast
  for (const Ability& a : d.abilities) {
    if (!spec && a.kind == AbilityKind::kSpell && a.has_target && !chosen_as_it_resolves(a)) spec = &a.target;
  }
  bool fizzle = !item.targets.empty();
  for (const Target& t : item.targets) {
    if (t.stack >= 0) {
      if (t.card >= 0 && objs[static_cast<size_t>(t.card)].zone == kStack) fizzle = false;
    } else if (t.player >= 0 || (spec && legal_target(*spec, t, card, item.controller))) {
      fizzle = false;
    }
  }
  if (fizzle && !d.has("nofizzle")) {
    note(d.name + " fizzles");
    return fizzle_spell(card);
  }
  resolving_kicked = item.kicked;
  resolving_kicks = item.kicks;
  current_stored = item.stored;
  resolving_alt = item.alternative;
  resolving_mode = item.mode;
  if (is_permanent(d)) {
    move(card, item.controller, kBattlefield);
    Obj& p = objs[static_cast<size_t>(card)];
    p.sick = true;
    if ((d.is("aura") || d.is("enchantment")) && !item.targets.empty()) attach(card, item.targets[0].card);
    // An aura's one-shot lines too, as it enters (Claustrophobia's "tap" taps the creature it
    // enchants, Fertile Ground's "all(this) transforms((..)) forever" changes the aura itself).
    // A card whose Lua script takes the place of its auto= lines (Dance of the Dead) runs none of them.
    if (!script_hides_auto_abilities(*this, card)) run_one_shots(card, item.controller, {}, item.x);
    return fire_zone_triggers(card, kStack, kBattlefield);
  }
  // Storm: a copy for each spell cast before it this turn.
  const int copies = d.has("storm") ? item.storm : 0;
  for (int i = 0; i <= copies; ++i) run_one_shots(card, item.controller, item.targets, item.x);
  resolving_mode = nullptr;
  if (objs[static_cast<size_t>(card)].zone == kStack) {
    move(card, o.owner, item.buyback ? kHand : kGraveyard);
    run_arrival_lines(card, objs[static_cast<size_t>(card)].zone);
  }
}

// Momir Basic (Wagic's MTGMomirRule): in its owner's main phase, once between untap steps, a land
// card from the hand is discarded and the whole pool paid for a token copy of a creature card of
// that mana value (the highest lower value that has one; at most 19).
bool Game::can_momir(int card, int actor) const {
  const Obj& o = objs[static_cast<size_t>(card)];
  return momir && !momir_used && o.zone == kHand && o.owner == actor && actor == active && interrupter < 0 &&
         (phase == Phase::kFirstMain || phase == Phase::kSecondMain);
}

void Game::momir_play(int land, int actor, const CardDef* chosen) {
  if (!can_momir(land, actor)) return;
  ManaPool& pool = players[static_cast<size_t>(actor)].pool;
  int mv = std::min(pool.total(), 19);
  pool.clear();
  move(land, actor, kGraveyard);
  momir_used = true;
  for (; !chosen && mv >= 0; --mv) {
    const auto& pool_of = catalog().creatures_costing(mv);
    if (pool_of.empty()) continue;
    chosen = catalog().by_id(pool_of[rng ? rng->below(static_cast<uint32_t>(pool_of.size())) : 0]);
  }
  if (!chosen) return;
  const int t = create(chosen, chosen->id, actor);
  objs[static_cast<size_t>(t)].token = true;
  move(t, actor, kBattlefield);
  objs[static_cast<size_t>(t)].sick = true;
  note("momir: token " + chosen->name);
  run_one_shots(t, actor, {}, 0);
  fire_zone_triggers(t, kLibrary, kBattlefield);
}

}  // namespace rk::mtg
