// Which cards and players a target specification (type[restrictions]|zones) allows.
#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>

#include "games/mtg/compiler/compile_text.h"
#include "games/mtg/rules/game.h"
#include "games/mtg/lua/card_scripts.h"

namespace rk::mtg {
namespace {

bool compare(char op, int value, int n) {
  switch (op) {
    case 'l': return value <= n;
    case 'g': return value >= n;
    case '<': return value < n;
    case '>': return value > n;
    default: return value == n;
  }
}

int counter_count(const Obj& o, const std::string& key) {
  auto it = o.counters.find(key);
  return it == o.counters.end() ? 0 : it->second;
}

}  // namespace

// One restriction word of a spec (its "-" is the caller's).
bool Game::restriction_holds(const SpecCode::Restr& r, int card, int source, int controller) const {
  using R = SpecCode::Restr;
  const Obj& o = objs[static_cast<size_t>(card)];
  switch (r.kind) {
    case R::kAll:  // red&white: every part holds
      for (const R& part : r.parts) {
        if (restriction_holds(part, card, source, controller) == part.neg) return false;
      }
      return true;
    case R::kShareName: return source >= 0 && o.def->lname == objs[static_cast<size_t>(source)].def->lname;
    case R::kToken: return o.token;
    case R::kColor: return (colors(card) >> r.value) & 1;
    case R::kFresh: return o.fresh;  // entered the battlefield, or died, this turn
    case R::kTapped: return o.tapped;
    case R::kDamager: return o.dealt_damage;
    case R::kAttacking: return o.attacking;
    case R::kBlocking: return o.blocking >= 0;
    // Blocked stays blocked when its blockers leave (CR 509.1h); `blocked` is set once blockers are declared.
    case R::kBlocked: return o.attacking && (o.blocked || !o.blockers.empty());
    case R::kMulticolor: return __builtin_popcount(static_cast<unsigned>(colors(card))) > 1;
    case R::kLeveler: return o.def->max_level > 0;  // a level up card (maxlevel:N)
    case R::kDredgeable:  // draw_replace.cc: it may be dredged now
      return o.zone == kGraveyard && o.def->dredge > 0 &&
             static_cast<size_t>(o.def->dredge) <= players[static_cast<size_t>(o.owner)].zones[kLibrary].size();
    case R::kEnchanted:  // an aura is attached to it
      for (size_t a = 0; a < objs.size(); ++a) {
        if (objs[a].zone == kBattlefield && objs[a].attached == card && is_type(static_cast<int>(a), "aura")) return true;
      }
      return false;
    case R::kCounter: {
      if (r.counter == 'a') {
        int others = 0;
        for (const auto& [k, n] : o.counters) others += n;
        return o.plus_counters + o.minus_counters + others > 0;
      }
      const int n = r.counter == '+' ? o.plus_counters : r.counter == '-' ? o.minus_counters : counter_count(o, r.counter_key);
      return n >= r.at_least;
    }
    case R::kPower:
    case R::kToughness:
    case R::kManaCost: {
      // manacost<=type:*:myhand: the number is a count of cards
      const int n = r.count && source >= 0 ? eval_amount(*r.count, source) : r.value;
      const int v = r.kind == R::kPower ? power(card) : r.kind == R::kToughness ? toughness(card) : o.def->cost.converted();
      return compare(r.op, v, n);
    }
    case R::kWord: return is_type(card, r.type) || o.def->syms().name == r.name || has(card, r.keyword);
  }
  return false;
}

// [a;b]: each colour asked for is one alternative, each type another; one of each kind suffices.
bool Game::any_of_kind(const SpecCode::Alt& a, int card, int source, int controller) const {
  bool colors_asked = false, colors_ok = false, types_asked = false, types_ok = false;
  for (const SpecCode::Restr& r : a.restr) {
    if (!r.alternative) continue;
    const bool yes = restriction_holds(r, card, source, controller);
    (r.color_word ? colors_asked : types_asked) = true;
    (r.color_word ? colors_ok : types_ok) |= yes;
  }
  return (!colors_asked || colors_ok) && (!types_asked || types_ok);
}

bool Game::matches(const Spec& s, int card, int source, int controller, bool any_zone) const {
  if (card < 0 || static_cast<size_t>(card) >= objs.size()) return false;  // a player or no card
  if (objs[static_cast<size_t>(card)].phased_out) return false;  // phased out: as though it did not exist
  std::shared_ptr<const SpecCode> local;  // a spec built or changed after compiling: compiled now
  const SpecCode* code = s.code.get();
  if (!code || code->shape != spec_shape(s)) {
    local = make_spec_code(s);
    code = local.get();
  }
  const Obj& o = objs[static_cast<size_t>(card)];
  bool zone_ok = any_zone || code->any_zone || code->trigger_only || (code->no_zone_words && o.zone == kBattlefield) ||
                 (code->not_battlefield && o.zone != kBattlefield);
  for (size_t i = 0; !zone_ok && i < code->zones.size(); ++i) {
    const SpecCode::Zone& z = code->zones[i];
    const int owner = o.zone == kBattlefield || o.zone == kStack ? o.controller : o.owner;
    zone_ok = o.zone == z.zone && (z.whose == 2 || (z.whose == 0) == (owner == controller));
  }
  if (!zone_ok) return false;
  using A = SpecCode::Alt;
  for (const A& a : code->alts) {
    if (a.other && card == source && a.kind != A::kPlayer) continue;
    switch (a.kind) {
      case A::kPlayer: continue;
      case A::kMyTgt:  // what the source (an aura, an equipment) is attached to
        if (source >= 0 && card == objs[static_cast<size_t>(source)].attached) return true;
        continue;
      case A::kChildren:  // what is attached to the source (its auras and equipment)
        if (source >= 0 && o.attached == source) return true;
        continue;
      case A::kTrigger:  // all(trigger): the card the event was about; trigger[from]: the one that caused it
        if (card == (a.trigger_from ? current_trigger_from : current_trigger)) return true;
        continue;
      case A::kThis:
        if (card != source) continue;
        break;
      case A::kNamed:
        if (!is_type(card, a.type) && o.def->syms().name != a.name) continue;
        break;
      case A::kAny: break;
    }
    if (a.any && !any_of_kind(a, card, source, controller)) continue;
    bool ok = true;
    for (const SpecCode::Restr& r : a.restr) {
      if (a.any && r.alternative) continue;  // checked together above
      // [attacking;blocking] asks for a creature in combat either way (Wagic's combat states are
      // one attribute); every other pair of restrictions must both hold.
      const bool combat_state = a.in_combat && (r.kind == SpecCode::Restr::kAttacking || r.kind == SpecCode::Restr::kBlocking);
      const bool yes = combat_state ? o.attacking || o.blocking >= 0 : restriction_holds(r, card, source, controller);
      if (yes == r.neg) {
        ok = false;
        break;
      }
    }
    if (ok) return true;
  }
  return false;
}

bool Game::matches_player(const Spec& s, int player, int controller) const {
  for (const Spec::Alt& a : s.alts) {
    if (a.type != "player") continue;
    if (s.zones.empty()) return true;
    for (const std::string& z : s.zones) {
      if ((z == "opponent" && player != controller) || (z == "me" && player == controller)) return true;
    }
  }
  return false;
}

bool Game::legal_target(const Spec& s, const Target& t, int source, int controller) const {
  if (t.player >= 0) return matches_player(s, t.player, controller) && player_targetable(t.player, controller);
  if (t.card < 0) return false;
  if (!matches(s, t.card, source, controller)) return false;
  const Obj& o = objs[static_cast<size_t>(t.card)];
  if (o.zone != kBattlefield) return true;
  if (has(t.card, "shroud")) return false;
  if (has(t.card, "opponentshroud") && o.controller != controller) return false;
  if (has(t.card, "hexproof") && o.controller != controller) return false;
  for (const Spec* by : o.untargetable_by) {  // cantbetargetof(spec)
    if (source >= 0 && matches(*by, source, t.card, o.controller, /*any_zone=*/true)) return false;
  }
  return !protected_from(t.card, source);
}

bool Game::any_target(const Spec& s, int source, int controller) const {
  if (s.allows_player() && (matches_player(s, 0, controller) || matches_player(s, 1, controller))) return true;
  int n = 0;  // <N> targets need N of them (up-to choices need none)
  for (size_t c = 0; c < objs.size(); ++c) {
    if (legal_target(s, Target{static_cast<int>(c)}, source, controller)) ++n;
  }
  return s.up_to || n >= s.count;
}

}  // namespace rk::mtg
