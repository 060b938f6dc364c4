// What clicking a card or a player does: answer the open target chooser, declare an attacker or a
// blocker, play a land, cast a spell, activate an ability (a menu when several apply).
#include <algorithm>
#include <tuple>

#include "games/mtg/rules/game.h"
#include "games/mtg/lua/card_scripts.h"

namespace rk::mtg {
namespace {

bool is_main(Phase p) { return p == Phase::kFirstMain || p == Phase::kSecondMain; }

// The aura or equipment attached to `card` whose teach(..) line gives it ability `a` (what its
// {unattach} cost unattaches), or -1.
int giver_of(const Game& g, int card, const Ability& a) {
  for (size_t c = 0; c < g.objs.size(); ++c) {
    const Obj& o = g.objs[c];
    if (o.attached != card || o.zone != kBattlefield) continue;
    for (const Ability& line : g.abilities(static_cast<int>(c))) {
      for (const EffectDef& e : line.effects) {
        if (e.kind != Eff::kTransform || !e.becomes) continue;
        for (const Ability& given : e.becomes->lasting) {
          if (&given == &a) return static_cast<int>(c);
        }
      }
    }
  }
  return -1;
}

}  // namespace

// The mana cost with affinity: {1} less (or, once the generic part is gone, one coloured symbol
// less for the colour counted) for each permanent of the kind its caster controls.
ManaCost Game::spell_cost(int card, int actor, bool buyback) const {
  static const std::vector<std::tuple<std::string, Spec, int>> kinds = {
      {"affinityartifacts", parse_spec("artifact|mybattlefield"), 0},
      {"affinityforests", parse_spec("forest|mybattlefield"), kGreen},
      {"affinityislands", parse_spec("island|mybattlefield"), kBlue},
      {"affinityswamps", parse_spec("swamp|mybattlefield"), kBlack},
      {"affinitymountains", parse_spec("mountain|mybattlefield"), kRed},
      {"affinityplains", parse_spec("plains|mybattlefield"), kWhite},
      {"affinitygreencreatures", parse_spec("creature[green]|mybattlefield"), kGreen}};
  ManaCost cost = buyback ? objs[static_cast<size_t>(card)].def->buyback : objs[static_cast<size_t>(card)].def->cost;
  for (size_t c = 0; c < kColors; ++c) {  // altercost(colour,+-N); a reduction stops at none
    cost.fixed[c] = std::max(0, cost.fixed[c] + objs[static_cast<size_t>(card)].cost_change[c]);
  }
  for (const CardDef::Affinity& aff : objs[static_cast<size_t>(card)].def->affinities) {
    // affinity(spec) reduce(cost): the cost less once per such card; a reduction stops at none
    int n = 0;
    for (size_t c = 0; c < objs.size(); ++c) n += matches(aff.spec, static_cast<int>(c), card, actor);
    for (size_t c = 0; c < kColors; ++c) cost.fixed[c] = std::max(0, cost.fixed[c] - n * aff.reduce.fixed[c]);
  }
  for (const auto& [kw, spec, color] : kinds) {
    if (!objs[static_cast<size_t>(card)].def->has(kw)) continue;
    for (size_t c = 0; c < objs.size(); ++c) {
      if (!matches(spec, static_cast<int>(c), card, actor)) continue;
      int& generic = cost.fixed[0];
      int& colored = cost.fixed[static_cast<size_t>(color)];
      if (generic > 0) {
        --generic;
      } else if (color > 0 && colored > 0) {
        --colored;
      }
    }
  }
  return cost;
}

// canplayfromexile (Thada Adel's transforms((,newability[canplayfromexile]))): the card may be
// played by the player whose exile it is in, as Wagic's play rules read it: the player an effect
// exiled it to (moveto(myexile) of another player's card), else its owner.
static bool plays_from_exile(const Game& g, int card, int actor) {
  const Obj& o = g.objs[static_cast<size_t>(card)];
  if (o.zone != kExile || !g.has_word(card, "canplayfromexile")) return false;
  return (o.exile_player >= 0 ? o.exile_player : o.owner) == actor;
}

bool Game::can_cast(int card, int actor, bool alternative, CastWay way) const {
  const Obj& o = objs[static_cast<size_t>(card)];
  const CardDef::GraveCost* grave = grave_cost(card, way);  // flashback, retrace: from the graveyard only
  const bool from_hand = way == CastWay::kFaceDown || way == CastWay::kSuspend;  // face down, suspend: from the hand
  const int grave_from = from_hand ? kHand : kGraveyard;
  if (way == CastWay::kFree || way == CastWay::kCopy || (way == CastWay::kSuspend && o.def->suspend_n < 0)) return false;  // kFree: effects cast so, not players
  if (grave && (!grave->mana.present || o.zone != grave_from || alternative)) return false;
  const bool from_grave = o.zone == kGraveyard && ((grave && !from_hand) || has(card, "canplayfromgraveyard"));
  const bool from_exile = plays_from_exile(*this, card, actor) && !grave && way == CastWay::kNormal;
  if ((o.zone != kHand && !from_grave && !from_exile) || (o.owner != actor && !from_exile) || o.def->is("land")) return false;
  if (split_second_on_stack()) return false;
  if (alternative && !o.def->other.present) return false;
  if (alternative ? o.def->other_restricted : o.def->cast_restricted) return false;
  if (!counts_hold(alternative ? o.def->other_counts : o.def->cast_counts, card, actor)) return false;
  if (!o.def->cast_window.empty()) {
    const int when[2] = {static_cast<int>(phase), actor == active ? 1 : 0};
    if (!cast_window(o.def->cast_window, when)) return false;
  }
  const auto& me = players[static_cast<size_t>(actor)];
  if (me.epic) return false;  // CR 702.50a: no spell for the rest of the game (copies are not cast)
  if (me.cast_limit >= 0 && me.casts >= me.cast_limit) return false;
  if (!script_allows(*this, "may_cast", card, actor)) return false;  // Lua cards (Iona)
  if (alternative && o.def->has_offering) {  // a creature to offer whose difference in cost the pool covers
    bool any = false;
    for (size_t c = 0; c < objs.size() && !any; ++c) any = offerable(card, actor, static_cast<int>(c));
    if (!any) return false;
  } else {
    const ManaCost& cost = grave ? grave->mana : alternative ? o.def->other : spell_cost(card, actor);
    if (!can_pay(players[static_cast<size_t>(actor)].pool, cost)) return false;
    // Suspend X (suspend(0)={X}..): X can't be 0, so a mana more than the rest of the cost.
    if (way == CastWay::kSuspend && o.def->suspend_n == 0 && players[static_cast<size_t>(actor)].pool.total() <= cost.converted()) return false;
  }
  // abilities=offering and spellmastery: the alternative cost (other=) may be paid any time an
  // instant could be cast, as Wagic allows (spellmastery's otherrestriction= is the condition: two
  // instants or sorceries in the graveyard, Swift Reckoning)
  const bool fast = o.def->is("instant") || o.def->has("flash") || has_word(card, "flash") ||
                    (alternative && (has_word(card, "offering") || o.def->has("spellmastery")));
  if (!fast && (actor != active || !is_main(phase) || !stack.empty())) return false;
  if (way != CastWay::kFaceDown && o.def->has_spell_target && !o.def->is("aura") && !o.def->is("enchantment") && !(alternative && overloads(*o.def)) &&
      !any_target(o.def->spell_target, card, actor))
    return false;
  // The same for the target an instant's or sorcery's line chooses as it is cast (cast() below),
  // notatarget(..) searches included: Wagic offers the spell only while such a card exists
  // (Idyllic Tutor with no enchantment left in the library).
  if (way != CastWay::kFaceDown && !o.def->has_spell_target && !o.def->is("creature") && !o.def->is("land") &&
      !o.def->is("enchantment") && !o.def->is("artifact")) {
    // The first such line is the one cast() asks for; of several `may` lines (modes: Twitch) one
    // with a target is enough.
    bool lines = false, modal = false, some = false;
    for (const Ability& a : o.def->abilities) {
      if (a.kind != AbilityKind::kSpell || !a.has_target || chosen_as_it_resolves(a)) continue;
      // a mode counts only while its restriction{..} holds
      const bool any = any_target(a.target, card, actor) && (!a.may || counts_hold(a.trigger.counts, card, actor));
      if (!lines && !a.may && !any) return false;
      lines = true, modal |= a.may, some |= any;
    }
    if (modal && !some) return false;
  }
  if ((grave ? grave->life : alternative ? o.def->other_life : o.def->cost_life) > me.life) return false;  // down to 0 (CR 119.4)
  for (const auto& [spec, zone] : grave ? grave->chosen : alternative ? o.def->other_chosen : o.def->cost_chosen) {
    bool any = false;  // a card to pay with (not the spell itself)
    for (size_t c = 0; c < objs.size() && !any; ++c) any = c != static_cast<size_t>(card) && matches(spec, static_cast<int>(c), card, actor);
    if (!any) return false;
  }
  return true;
}

// The rest of buyback='s cost: its life, and a card for each card it chooses (not the spell).
bool Game::buyback_payable(int card, int actor) const {
  const CardDef& d = *objs[static_cast<size_t>(card)].def;
  if (d.buyback_life > players[static_cast<size_t>(actor)].life) return false;
  for (const auto& [spec, zone] : d.buyback_chosen) {
    bool any = false;
    for (size_t c = 0; c < objs.size() && !any; ++c) any = c != static_cast<size_t>(card) && matches(spec, static_cast<int>(c), card, actor);
    if (!any) return false;
  }
  return true;
}

// The counters a {C(..)} cost puts or removes: +1/+1, -1/-1, or a named kind.
int& Game::counter_slot(int card, const Ability& a) {
  Obj& o = objs[static_cast<size_t>(card)];
  if (a.counter_name.empty() && a.counter_p == 1 && a.counter_t == 1) return o.plus_counters;
  if (a.counter_name.empty() && a.counter_p == -1 && a.counter_t == -1) return o.minus_counters;
  const std::string key = !a.counter_name.empty() ? a.counter_name : std::to_string(a.counter_p) + "/" + std::to_string(a.counter_t);
  return o.counters[key];
}

int Game::counters_of(int card, const Ability& a) const { return const_cast<Game*>(this)->counter_slot(card, a); }

bool Game::can_activate(int card, const Ability& a, int actor) const {
  const Obj& o = objs[static_cast<size_t>(card)];
  if (a.kind != AbilityKind::kActivated) return false;
  if (has_word(card, "noactivatedability")) return false;  // Arrest, detain: its activated abilities can't be activated
  const auto one_of = [&a](const std::vector<Ability>& list) {
    return std::any_of(list.begin(), list.end(), [&a](const Ability& l) { return &l == &a; });
  };
  // autohand= abilities (cycling, forecast, bloodrush): activated from the owner's hand, with the
  // same restrictions as any other (forecast: myUpkeepOnly limit:1); autograveyard= ones from the
  // owner's graveyard.
  const bool from_hand = o.zone == kHand && o.owner == actor && (a.cycle || (a.supported() && one_of(o.def->hand_abilities)));
  if (a.cycle && !from_hand) return false;
  const bool from_grave = o.zone == kGraveyard && o.owner == actor && one_of(o.def->grave_abilities);
  if ((o.zone != kBattlefield || o.controller != actor) && !from_grave && !from_hand) return false;
  if (a.while_equipped && o.attached < 0) return false;  // autoskill=: only while it equips a creature
  if (!activation_allowed(card, a)) return false;
  if (a.tap && (o.tapped || (o.sick && is_creature(card) && !has(card, "haste")))) return false;
  if (a.untap_cost && !o.tapped) return false;
  if (a.unattach_cost && giver_of(*this, card, a) < 0) return false;  // attached by nothing that gives it
  if (!can_pay(players[static_cast<size_t>(actor)].pool, a.mana)) return false;
  if (a.life_cost > players[static_cast<size_t>(actor)].life) return false;
  if (a.has_counter_cost && a.counter_from.empty() && a.counter_n < 0 && counters_of(card, a) < -a.counter_n) return false;
  if (a.has_target && !any_target(a.target, card, actor)) return false;
  if ((a.my_turn_only || a.sorcery_speed) && actor != active) return false;
  if (a.sorcery_speed && (!is_main(phase) || !stack.empty())) return false;
  if (a.my_upkeep_only && (actor != active || phase != Phase::kUpkeep)) return false;
  if (!a.trigger.counts.empty() && !trigger_allowed(a, card)) return false;  // restriction{type(..)~cmp~N}
  if (!a.activate_cond.empty() && !this_holds(a.activate_cond, card)) return false;  // this(..) {cost}:..
  if (a.activate_when && !condition_holds(*a.activate_when, card)) return false;     // aslongas(..) {cost}:..
  if (!library_costs_payable(a, actor)) return false;
  // A card to pay with must be there (a sacrifice with nothing to sacrifice is not offered).
  for (const Spec* chosen : {&a.sacrifice, &a.discard, &a.tap_other, &a.exile_cost, &a.bounce_cost, &a.counter_from, &a.top_cost}) {
    if (chosen->empty()) continue;
    bool any = false;
    for (size_t c = 0; c < objs.size() && !any; ++c) any = matches(*chosen, static_cast<int>(c), card, actor);
    if (!any) return false;
  }
  if (a.limit > 0) {
    for (auto [ab, n] : o.uses) {
      if (ab == &a && n >= a.limit) return false;
    }
  }
  return true;
}

bool Game::cast(int card, int actor, bool alternative, bool buyback, CastWay way, int offered) {
  if (way == CastWay::kSuspend) {  // not cast: exiled (suspend.cc)
    suspend(card, actor);
    return true;
  }
  Obj& o = objs[static_cast<size_t>(card)];
  const bool offering = alternative && o.def->has_offering;  // the creature is chosen with the move
  if (offering && !offerable(card, actor, offered)) return false;
  const CardDef::GraveCost* grave = grave_cost(card, way);
  ManaPool& pool = players[static_cast<size_t>(actor)].pool;
  const ManaPool before = pool;
  int colors_in_pool = 0;  // sunburst counts the colours in the pool as it is cast (Wagic)
  for (int c = 1; c < kColors; ++c) colors_in_pool += pool.n[static_cast<size_t>(c)] > 0;
  // buyback= is the whole cost of casting it with buyback (Wagic writes it so).
  const bool copy = way == CastWay::kCopy;  // a copy is not cast (CR 707.10): no cast triggers, not counted
  const ManaCost due = grave ? grave->mana : offering ? offering_cost(card, actor, offered) : alternative ? o.def->other : spell_cost(card, actor, buyback);
  const int x = copy ? copy_x : pay(pool, sunburst_cost(card, due, pool));
  // Test players are AIs with the kicker option "always": kicker is paid whenever it can be.
  int kicks = 0;  // multikicker: again while the pool allows
  while (way != CastWay::kFaceDown && !copy && o.def->kicker.present && can_pay(pool, o.def->kicker) && (kicks == 0 || o.def->multikicker) && !o.def->kicker.is_free()) {
    pay(pool, o.def->kicker);
    ++kicks;
  }
  const bool kicked = way != CastWay::kFaceDown && (kicks > 0 || (o.def->kicker.present && o.def->kicker.is_free()));
  // Life in the cost ({L:N} in mana= or other=) is paid with the mana, as losing it (CR 119.4);
  // with buyback, buyback='s (which Wagic writes as the whole cost); cast another way, that way's
  // own ({L:3} in flashback=), none without paying its mana cost.
  if (const int life = copy ? 0 : grave ? grave->life : alternative ? o.def->other_life : buyback ? o.def->buyback_life : o.def->cost_life) change_life(actor, -life);
  move(card, actor, kStack);
  if (offering) sacrifice(offered);  // the offering's other cost, paid with the mana (CR 601.2h)
  if (way == CastWay::kFaceDown) o.def = o.printed->face_down.get();  // a 2/2 creature spell (CR 702.37c)
  objs[static_cast<size_t>(card)].sunburst = colors_in_pool;
  objs[static_cast<size_t>(card)].was_cast = !copy;
  for (size_t c = 0; c < before.n.size(); ++c) objs[static_cast<size_t>(card)].spent.n[c] = before.n[c] - pool.n[c];
  if (has_word(card, "sunburst")) objs[static_cast<size_t>(card)].sunburst = colours_spent(card);
  objs[static_cast<size_t>(card)].flashed = way == CastWay::kFlashback;
  note("p" + std::to_string(actor + 1) + " casts " + (way == CastWay::kFaceDown ? "a face-down card" : o.def->name));
  const int storm = copy ? 0 : spells_this_turn++;  // counted before its triggers: restriction{thisturn(*|stack)..} sees it
  if (!copy) cast_this_turn.push_back(Cast{.card = card, .player = actor});
  if (!copy) cast_triggers(card);
  if (!copy) {
    for (const Ability& a : o.def->stack_abilities) run_effects(a, card, actor, {}, x);  // autostack= (cascade)
  }
  StackItem item;
  item.kind = StackItem::kSpell;
  item.source = card;
  item.controller = actor;
  item.x = x;
  item.kicked = kicked;
  item.kicks = kicks;
  item.storm = storm;
  if (!copy) ++players[static_cast<size_t>(actor)].casts;
  item.alternative = alternative;
  item.buyback = buyback;
  if (script_cast(*this, item)) return true;  // a Lua card's cast handler waits on a choice
  const CardDef& d = *o.def;
  const Spec* spec = nullptr;  // into the card's compiled data
  bool targeted = d.has_spell_target;
  if (targeted) {
    spec = &d.spell_target;
  } else if (!d.is("creature") && !d.is("land")) {
    for (const Ability& a : d.abilities) {
      if (a.kind == AbilityKind::kSpell && a.has_target && !chosen_as_it_resolves(a) && !d.is("enchantment") && !d.is("artifact")) {
        spec = &a.target;
        targeted = true;
        break;
      }
    }
  }
  if (alternative && overloads(d)) {  // overload: "target" reads "each" (cast_keywords.cc)
    targeted = false;
    spec = nullptr;
  }
  // Cards to sacrifice, exile, return or tap as part of the cost: chosen (by clicks) before the targets.
  std::vector<std::pair<const Spec*, int>> chosen;
  for (const auto& [paid_with, zone] : grave ? grave->chosen : alternative ? d.other_chosen : buyback ? d.buyback_chosen : d.cost_chosen) {
    chosen.emplace_back(&paid_with, zone);
  }
  // An instant or sorcery with several targeted `may` lines (Twitch: tap or untap): its caster
  // picks one line in a menu as it is cast; only that line runs.
  std::vector<const Ability*> modes;
  for (const Ability& a : d.abilities) {
    if (a.kind == AbilityKind::kSpell && a.may && a.has_target && (d.is("instant") || d.is("sorcery"))) modes.push_back(&a);
  }
  if (modes.size() < 2 || targeted != true || d.has_spell_target) {
    // Then its targets (a chooser) and the stack.
    last_paid = -1;
    pay_chosen(card, actor, std::move(chosen), 0, {Resume{.kind = Resume::Kind::kCastTargets, .flag = targeted, .spec = spec, .item = {item}}});
    return true;
  }
  ask_mode(item, modes);
  return true;
}

// The menu of a spell's targeted may lines; the chosen one's target, then the stack.
void Game::ask_mode(const StackItem& spell, const std::vector<const Ability*>& modes) {
  Menu m;
  m.cancel = false;
  for (const Ability* mode : modes) {
    // a mode whose restriction{..} does not hold is not offered (unless none holds: then all are)
    const bool offered = counts_hold(mode->trigger.counts, spell.source, spell.controller);
    if (offered) m.options.push_back({mode->text, Resume{.kind = Resume::Kind::kMode, .ability = mode, .item = {spell}}});
  }
  if (m.options.empty()) {
    for (const Ability* mode : modes) m.options.push_back({mode->text, Resume{.kind = Resume::Kind::kMode, .ability = mode, .item = {spell}}});
  }
  menus.push_back(std::move(m));
}

// Pays the costs that need no choice, then the target (if any), then puts the ability on the stack
// (mana abilities resolve at once).
void Game::activate(int card, const Ability& a, int actor) {
  Obj& o = objs[static_cast<size_t>(card)];
  const int x = pay(players[static_cast<size_t>(actor)].pool, a.mana);
  bool counted = false;
  for (auto& [ab, n] : o.uses) {
    if (ab == &a) {
      ++n;
      counted = true;
    }
  }
  if (!counted) o.uses.emplace_back(&a, 1);
  if (a.tap) {
    o.tapped = true;
    fire_event("tapped", card, -1, card, false);
    if (is_mana_ability(a)) fire_event("tappedformana", card, -1, card, false);  // @tappedformana(..)
  }
  if (a.untap_cost) o.tapped = false;
  if (a.cycle) {
    discard(card, o.owner, card);
    if (!a.discard_self) fire_event("cycled", card, o.owner, card, false);  // @cycled(..): a discard that is cycling (CR 702.29)
  }
  if (a.has_counter_cost && a.counter_from.empty()) {
    int& n = counter_slot(card, a);
    n = std::max(0, n + a.counter_n);
  }
  players[static_cast<size_t>(actor)].life -= a.life_cost;
  note("p" + std::to_string(actor + 1) + " activates " + o.def->name + ": " + a.text);
  StackItem item;
  item.kind = StackItem::kAbility;
  item.source = card;
  item.controller = actor;
  item.ability = &a;
  item.x = x;
  // Extra costs chosen by clicking (a card to sacrifice, discard, tap or exile): paid before the target.
  // Then {S}, a mana ability's effects at once, or its target and the stack (resume.cc).
  last_paid = -1;
  pay_library_costs(a, actor);
  if (a.exile_self) exile_as_cost(card);
  if (a.bounce_self) {  // {H}: to its owner's hand, paid with the rest before the target is chosen
    const int from = o.zone;
    move(card, o.owner, kHand);
    if (from == kBattlefield) fire_zone_triggers(card, from, kHand);
  }
  if (a.unattach_cost) {  // the equipment stays on the battlefield, attached to nothing
    if (const int giver = giver_of(*this, card, a); giver >= 0) {
      objs[static_cast<size_t>(giver)].attached = -1;
      invalidate();
    }
  }
  pay_chosen(card, actor, chosen_costs(a), 0, {Resume{.kind = Resume::Kind::kActivated, .ability = &a, .item = {item}}});
}

// The costs of an ability paid with cards chosen by clicking, in the order they are asked for:
// the spec and what happens to the card: the zone it goes to, -1: tapped, -2: discarded,
// -3 / -4: a -1/-1 / +1/+1 counter removed from it.
std::vector<std::pair<const Spec*, int>> Game::chosen_costs(const Ability& a) {
  std::vector<std::pair<const Spec*, int>> chosen;
  if (!a.sacrifice.empty()) chosen.emplace_back(&a.sacrifice, kGraveyard);
  if (!a.discard.empty()) chosen.emplace_back(&a.discard, -2);
  if (!a.tap_other.empty()) chosen.emplace_back(&a.tap_other, -1);
  if (!a.exile_cost.empty()) chosen.emplace_back(&a.exile_cost, kExile);
  if (!a.bounce_cost.empty()) chosen.emplace_back(&a.bounce_cost, kHand);
  if (!a.counter_from.empty()) chosen.emplace_back(&a.counter_from, a.counter_p > 0 ? -4 : -3);  // a counter off it
  if (!a.top_cost.empty()) chosen.emplace_back(&a.top_cost, kLibrary);  // {s2l(..)}: on top of its owner's library
  return chosen;
}

// {E}: the card itself to exile; it is the card stored* amounts read (scavenge's storedpower), as it
// was where it paid: a card paid from the graveyard keeps its power there, not an older one.
void Game::exile_as_cost(int card) {
  Obj& o = objs[static_cast<size_t>(card)];
  // Off the battlefield a card has its printed power and toughness (the layers compute the board's).
  const int from = o.zone, p = from == kBattlefield ? power(card) : o.def->power,
            t = from == kBattlefield ? toughness(card) : o.def->toughness;
  move(card, o.owner, kExile);
  if (from == kBattlefield) {
    fire_zone_triggers(card, from, kExile);
  } else {
    objs[static_cast<size_t>(card)].lki_power = p;
    objs[static_cast<size_t>(card)].lki_toughness = t;
  }
  last_paid = card;
}

// Costs that take cards nobody chooses: {M} and {l2e} from the library, {D} from the hand. As
// many cards as the cost names must be there (CR 118.3; Wagic asks for one).
bool Game::library_costs_payable(const Ability& a, int actor, int times) const {
  const auto& zones = players[static_cast<size_t>(actor)].zones;
  const size_t k = static_cast<size_t>(std::max(times, 0));
  const size_t from_library = (static_cast<size_t>(a.mill_cost) + static_cast<size_t>(a.library_exile_cost)) * k;
  return zones[kLibrary].size() >= from_library && zones[kHand].size() >= static_cast<size_t>(a.discard_random) * k;
}

// The top cards go, milled ones first, then the random discards (the test runner, without a
// random source, takes the first card of the hand); the last is the card stored* amounts read.
void Game::pay_library_costs(const Ability& a, int actor, int times) {
  auto& lib = players[static_cast<size_t>(actor)].zones[kLibrary];
  for (auto [n, zone] : {std::pair{a.mill_cost * times, kGraveyard}, std::pair{a.library_exile_cost * times, kExile}}) {
    for (int i = 0; i < n && !lib.empty(); ++i) {
      last_paid = lib.back();
      move(last_paid, actor, zone);
    }
  }
  auto& hand = players[static_cast<size_t>(actor)].zones[kHand];
  for (int i = 0; i < a.discard_random * times && !hand.empty(); ++i) {
    last_paid = hand[rng ? rng->below(static_cast<uint32_t>(hand.size())) : 0];
    discard(last_paid, actor, -1);
  }
}

// Enough cards to pay each chosen cost in full, `times` over (a discard looks in the hand when it
// names no zone).
bool Game::chosen_costs_payable(int card, const Ability& a, int actor, int times) const {
  for (auto [spec, how] : chosen_costs(a)) {
    Spec s = *spec;
    if (s.zones.empty() && how == -2) s.zones.push_back("myhand");
    const int need = s.count * times;
    int n = 0;
    for (size_t c = 0; c < objs.size() && n < need; ++c) n += matches(s, static_cast<int>(c), card, actor);
    if (n < need) return false;
  }
  return true;
}

void Game::pay_chosen(int card, int actor, std::vector<std::pair<const Spec*, int>> chosen, size_t i,
                      std::vector<Resume> then) {
  if (i == chosen.size()) return resume(std::move(then));
  if (chosen[i].second == kDiscardAtRandom) {  // {D}: nobody chooses; the spell itself is on the stack by now
    auto& hand = players[static_cast<size_t>(actor)].zones[kHand];
    if (!hand.empty()) {
      last_paid = hand[rng ? rng->below(static_cast<uint32_t>(hand.size())) : 0];
      discard(last_paid, actor, card);
    }
    return pay_chosen(card, actor, std::move(chosen), i + 1, std::move(then));
  }
  Chooser ch;
  ch.spec = *chosen[i].first;
  ch.is_cost = true;
  if (ch.spec.zones.empty() && chosen[i].second == -2) ch.spec.zones.push_back("myhand");
  ch.player = actor;
  ch.source = card;
  ch.done = std::move(then);
  ch.done.push_back(Resume{.kind = Resume::Kind::kPayChosen, .card = card, .actor = actor, .index = static_cast<int>(i),
                           .chosen = std::move(chosen)});
  choosers.push_back(std::move(ch));
}

void Game::pick(Target t) {
  choosers.back().picked.push_back(t);
  // The card remembers the player chosen for it: its later `targetedplayer` words name that
  // player (Black Vise's chosen opponent; a fresh object forgets, board.cc).
  if (const int src = choosers.back().source; t.player >= 0 && src >= 0) objs[static_cast<size_t>(src)].player_target = t.player;
  if (static_cast<int>(choosers.back().picked.size()) < choosers.back().spec.count) return;
  finish_chooser();
}

// How many times the cost is asked: once per age counter when cumulative (CR 702.24a), once per
// card or counter a foreach(..) / thisforeach(..) counts, as it is paid.
int Game::upkeep_times(int card, const Ability& due) const {
  int n = due.upkeep_cumulative ? upkeep_ages(card) : 1;
  if (!due.upkeep_each) return n;
  if (!due.this_count.empty()) return n * this_foreach(due.this_count, card, 0);
  const int controller = objs[static_cast<size_t>(card)].controller;
  int each = 0;
  for (size_t c = 0; c < objs.size(); ++c) each += matches(due.foreach, static_cast<int>(c), card, controller);
  return n * each;
}

// An upkeep cost: its mana and life, times upkeep_times.
std::pair<ManaCost, int> Game::upkeep_cost(int card, const Ability& due) const {
  const int n = upkeep_times(card, due);
  if (n == 1) return {due.mana, due.life_cost};
  ManaCost m = due.mana;
  for (int& k : m.fixed) k *= n;
  m.hybrid.clear();
  for (int i = 0; i < n; ++i) m.hybrid.insert(m.hybrid.end(), due.mana.hybrid.begin(), due.mana.hybrid.end());
  m.x *= n;
  return {m, due.life_cost * n};
}

int Game::upkeep_ages(int card) const {
  const auto& counters = objs[static_cast<size_t>(card)].counters;
  const auto age = counters.find("age");
  return age == counters.end() ? 0 : age->second;
}

// Counters the cost puts on the card itself ({C(1/1,1)}), or takes off it when negative.
int Game::upkeep_counters(int card, const Ability& due) const {
  if (!due.has_counter_cost || !due.counter_from.empty()) return 0;
  return due.counter_n * upkeep_times(card, due);
}

bool Game::can_pay_upkeep(int card, const Ability& due, int actor) const {
  const auto [mana, life] = upkeep_cost(card, due);
  const Player& p = players[static_cast<size_t>(actor)];
  const int counters = upkeep_counters(card, due);
  return can_pay(p.pool, mana) && life <= p.life &&  // life may be paid down to 0 (CR 119.4)
         (counters >= 0 || counters_of(card, due) >= -counters) && library_costs_payable(due, actor, upkeep_times(card, due)) &&
         chosen_costs_payable(card, due, actor, upkeep_times(card, due)) &&
         (!due.sac_self || objs[static_cast<size_t>(card)].zone == kBattlefield);
}

// Paid: mana, life and the card's own counters at once, then the cards the cost takes (to
// sacrifice, return, exile, tap or discard), each chosen by a click as an ability's are.
void Game::pay_upkeep(int card, const Ability& due, int actor) {
  const auto [mana, life] = upkeep_cost(card, due);
  pay(players[static_cast<size_t>(actor)].pool, mana);
  if (life) change_life(actor, -life);  // paying life is losing it (CR 119.4)
  if (const int counters = upkeep_counters(card, due)) {
    int& n = counter_slot(card, due);
    n = std::max(0, n + counters);
  }
  last_paid = -1;
  pay_library_costs(due, actor, upkeep_times(card, due));  // Thought Lash: a card exiled per age counter
  // The cards to choose, each cost asked once per time (Phyrexian Soulgorger: a creature per age counter).
  const auto once = chosen_costs(due);
  std::vector<std::pair<const Spec*, int>> chosen;
  for (int i = upkeep_times(card, due); i > 0; --i) chosen.insert(chosen.end(), once.begin(), once.end());
  const Resume done{.kind = Resume::Kind::kUpkeepDiscard, .card = card, .ability = &due};
  if (due.sac_self) {  // {S}: the card itself; nothing else is left to take from it
    std::erase(objs[static_cast<size_t>(card)].upkeep_due, &due);
    sacrifice(card);
  }
  pay_chosen(card, actor, std::move(chosen), 0, {done});
}

void Game::click_player(int player, int actor) {
  (void)actor;
  if (choosers.empty()) return;
  Chooser ch = choosers.back();
  if (!matches_player(ch.spec, player, ch.player)) return;
  if (!ch.is_cost && !player_targetable(player, ch.player)) return;  // controllershroud, playershroud
  pick(Target{-1, player});
}

void Game::click_stack(int index, int actor) {
  (void)actor;
  if (choosers.empty()) return;
  Chooser ch = choosers.back();
  const int card = stack[static_cast<size_t>(index)].source;
  if (stack[static_cast<size_t>(index)].kind != StackItem::kSpell || !matches(ch.spec, card, ch.source, ch.player)) return;
  pick(Target{card, -1, index});
}

// A click while a target chooser is open: confirm (the source, for "up to"), a spell on the stack,
// or a card the chooser accepts.
void Game::click_for_chooser(int card, int actor) {
  const Obj& o = objs[static_cast<size_t>(card)];
  Chooser ch = choosers.back();
  if (card == ch.source && ch.spec.up_to) return finish_chooser();
  if (o.zone == kStack) {
    for (size_t i = 0; i < stack.size(); ++i) {
      if (stack[i].source == card) return click_stack(static_cast<int>(i), actor);
    }
  }
  const bool ok = ch.is_cost ? matches(ch.spec, card, ch.source, ch.player)
                             : legal_target(ch.spec, Target{card}, ch.source, ch.player);
  if (!ok) return;
  // A card already chosen is chosen no more (Wagic's chooser toggles: Fireball's targets).
  auto& picked = choosers.back().picked;
  for (size_t i = 0; i < picked.size(); ++i) {
    if (picked[i].card == card && picked[i].stack < 0) return void(picked.erase(picked.begin() + static_cast<long>(i)));
  }
  pick(Target{card});
}

void Game::click_card(int card, int actor) {
  Obj& o = objs[static_cast<size_t>(card)];
  if (!choosers.empty()) return click_for_chooser(card, actor);
  if (phase == Phase::kCombatBlockers && combat_stage == 1 && o.blocking >= 0) {
    // The ORDER screen: a click raises the blocker one place in its attacker's damage order.
    auto& bl = objs[static_cast<size_t>(o.blocking)].blockers;
    for (size_t i = 1; i < bl.size(); ++i) {
      if (bl[i] == card) std::swap(bl[i], bl[i - 1]);
    }
    return;
  }
  std::vector<Menu::Option> options = card_options(card, actor);
  if (options.size() == 1) return resume(options[0].act);
  if (options.empty()) {
    // Wagic's "choose not to untap" click: it untaps what the step would untap, never a card that
    // does not untap (Colossus of Sardia).
    if (o.zone == kBattlefield && o.tapped && o.controller == actor && phase == Phase::kUntap && !has(card, "doesnotuntap")) {
      o.tapped = false;
    }
    return;
  }
  Menu m;
  m.options = std::move(options);
  menus.push_back(std::move(m));
}

// What a click on the card offers its actor now (a menu of these when several); whole games list them as moves.
std::vector<Menu::Option> Game::card_options(int card, int actor) {
  Obj& o = objs[static_cast<size_t>(card)];
  std::vector<Menu::Option> options;
  // The attack and block rules come first in Wagic's menus, then the card's own abilities.
  // A creature with a cost to attack or block (attackcost:N, blockcost:N) offers to pay it first,
  // while its controller's pool can (Wagic's attack and block cost rules); then to attack or block.
  const auto declare = [&](bool attack) {
    const int due = o.attacking ? 0 : combat_cost(card, attack);
    if (due == 0) return options.push_back({attack ? "attack" : "block", Resume{.kind = attack ? Resume::Kind::kAttack : Resume::Kind::kBlock, .card = card}});
    ManaCost cost;
    cost.fixed[kColorless] = due;
    if (!can_pay(players[static_cast<size_t>(actor)].pool, cost)) return;
    options.push_back({"pay " + std::to_string(due) + (attack ? " to attack" : " to block"),
                       Resume{.kind = Resume::Kind::kPayCombatCost, .card = card, .flag = attack}});
  };
  if (o.zone == kBattlefield && is_creature(card) && phase == Phase::kCombatAttackers && actor == active &&
      o.controller == actor && (!o.tapped || o.attacking)) {
    declare(true);
  }
  if (o.zone == kBattlefield && is_creature(card) && phase == Phase::kCombatBlockers && combat_stage == 0 && actor != active &&
      o.controller == actor) {
    declare(false);
  }
  if ((((o.zone == kHand || (o.zone == kGraveyard && has(card, "canplayfromgraveyard"))) && o.owner == actor) || plays_from_exile(*this, card, actor)) &&
      o.def->is("land")) {
    const auto& me = players[static_cast<size_t>(actor)];
    const int lua_extra = script_extra_lands(*this, actor);  // Lua cards (Fastbond): -1 is any number
    if (actor == active && is_main(phase) && stack.empty() && (lua_extra < 0 || me.lands_played < rules->land_plays + me.extra_lands + static_change(Eff::kMaxPlayLand, actor) + lua_extra)) {
      options.push_back({"play", Resume{.kind = Resume::Kind::kPlayLand, .card = card, .actor = actor}});
    }
    if (can_momir(card, actor)) options.push_back({"momir", Resume{.kind = Resume::Kind::kMomir, .card = card, .actor = actor}});
  } else {
    const Resume cast_it{.kind = Resume::Kind::kCast, .card = card, .actor = actor};
    if (can_cast(card, actor)) options.push_back({"cast", cast_it});
    if (o.def->has_offering && can_cast(card, actor, true)) {
      // An offering: one move per creature that can be sacrificed for it (x: that creature).
      for (size_t c = 0; c < objs.size(); ++c) {
        if (!offerable(card, actor, static_cast<int>(c))) continue;
        options.push_back({"offering: sacrifice " + name(static_cast<int>(c)),
                           Resume{.kind = Resume::Kind::kCast, .card = card, .actor = actor, .x = static_cast<int>(c), .flag = true}});
      }
    } else if (can_cast(card, actor, true)) {
      options.push_back({"alternative", Resume{.kind = Resume::Kind::kCast, .card = card, .actor = actor, .flag = true}});
    }
    if (o.def->buyback.present && can_cast(card, actor) &&
        can_pay(players[static_cast<size_t>(actor)].pool, spell_cost(card, actor, true)) && buyback_payable(card, actor)) {
      // Buyback: the spell returns to its owner's hand as it resolves.
      options.push_back({"buyback", Resume{.kind = Resume::Kind::kCast, .card = card, .actor = actor, .x = 1}});
    }
    for (auto [way, label] : {std::pair{CastWay::kFlashback, "flashback"}, std::pair{CastWay::kRetrace, "retrace"},
                              std::pair{CastWay::kFaceDown, "face down"}, std::pair{CastWay::kSuspend, "suspend"}}) {
      if (can_cast(card, actor, false, way)) {
        options.push_back({label, Resume{.kind = Resume::Kind::kCast, .card = card, .actor = actor, .index = static_cast<int>(way)}});
      }
    }
  }
  if (can_turn_face_up(card, actor)) options.push_back({"turn face up", Resume{.kind = Resume::Kind::kTurnFaceUp, .card = card, .actor = actor}});
  for (const Ability* due : o.upkeep_due) {
    if (o.controller == actor && phase == Phase::kUpkeep && upkeep_cost_applies(card, *due) && upkeep_times(card, *due) > 0 &&
        can_pay_upkeep(card, *due, actor)) {
      options.push_back({"pay upkeep", Resume{.kind = Resume::Kind::kPayUpkeep, .card = card, .actor = actor, .ability = due}});
    }
  }
  // The rules' lords first: each basic land type it has now gives its mana ability.
  std::vector<const Ability*> usable;
  if (is_type(card, "land")) {
    for (const Rules::LandMana& m : rules->land_mana) {
      if (is_type(card, m.type)) usable.push_back(&m.ability);
    }
  }
  if (!script_hides_auto_abilities(*this, card)) {
    each_ability(card, [&usable](const Ability& a) { usable.push_back(&a); });
  }
  if (o.zone == kHand || o.zone == kGraveyard) {
    for (const Ability& a : o.zone == kHand ? o.def->hand_abilities : o.def->grave_abilities) usable.push_back(&a);
  }
  for (const Ability* a : usable) {
    if (can_activate(card, *a, actor)) {
      options.push_back({a->text, Resume{.kind = Resume::Kind::kActivate, .card = card, .actor = actor, .ability = a}});
    }
  }
  script_abilities(*this, card, actor, options);  // a Lua card's abilities
  return options;
}

}  // namespace rk::mtg
