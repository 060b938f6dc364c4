// Which cards and players a target specification (type[restrictions]|zones) allows.
#include <algorithm>
#include <cstdlib>
#include <map>

#include "games/mtg/compile_text.h"
#include "games/mtg/game.h"
#include "games/mtg/lua/card_scripts.h"

namespace rk::mtg {
namespace {

const std::map<std::string, int>& color_words() {
  static const std::map<std::string, int> m = {
      {"green", kGreen}, {"blue", kBlue}, {"red", kRed}, {"black", kBlack}, {"white", kWhite}};
  return m;
}

// power<=2, toughness>=3, manacost=1 ...
bool compare(const std::string& r, const std::string& what, int value, bool& known) {
  if (r.rfind(what, 0) != 0) return false;
  known = true;
  const std::string op = r.substr(what.size());
  auto num = [&](size_t at) { return std::atoi(op.c_str() + at); };
  if (op.rfind("<=", 0) == 0) return value <= num(2);
  if (op.rfind(">=", 0) == 0) return value >= num(2);
  if (op.rfind("=", 0) == 0) return value == num(1);
  if (op.rfind("<", 0) == 0) return value < num(1);
  if (op.rfind(">", 0) == 0) return value > num(1);
  known = false;
  return false;
}

// Which zone a zone word names, and whose (0 mine, 1 opponent's, 2 either).
bool zone_word(const std::string& w, int& zone, int& whose) {
  static const std::map<std::string, int> zones = {
      {"battlefield", kBattlefield}, {"inplay", kBattlefield}, {"graveyard", kGraveyard}, {"hand", kHand},
      {"library", kLibrary},         {"stack", kStack},          {"exile", kExile},         {"removedfromgame", kExile}};
  whose = 2;
  std::string z = w;
  if (z.rfind("my", 0) == 0) {
    whose = 0;
    z = z.substr(2);
  } else if (z.rfind("opponent", 0) == 0) {
    whose = 1;
    z = z.substr(8);
  }
  auto it = zones.find(z);
  if (it == zones.end()) return false;
  zone = it->second;
  return true;
}

}  // namespace

bool Game::is_type(int c, const std::string& t) const {
  const Obj& o = objs[static_cast<size_t>(c)];
  static const std::set<std::string> land_types = {"plains", "island", "swamp", "mountain", "forest"};
  int verdict = 0;  // 1: made that type, -1: lost it
  for (const auto& [e, ueot] : o.changes) {
    if (e->kind == Eff::kTransform) {
      for (const std::string& ty : e->becomes->types) verdict = ty == t ? 1 : verdict;
    }
    if (e->kind == Eff::kLoseSubtypes && land_types.count(t)) verdict = verdict == 1 ? 1 : -1;
  }
  for (const EffectDef* e : o.lord_changes) {
    if (e->kind == Eff::kLoseSubtypes && land_types.count(t)) verdict = -1;
    if (e->kind == Eff::kTransform) {
      for (const std::string& ty : e->becomes->types) verdict = ty == t ? 1 : verdict;
    }
  }
  if (verdict != 0) return verdict > 0;
  if (o.def->is(t)) return true;
  return t != "creature" && o.def->has("changeling") && o.def->is("creature") && t != "land";
}

int Game::colors(int c) const {
  const Obj& o = objs[static_cast<size_t>(c)];
  int colors = o.def->colors;
  for (const auto& [e, ueot] : o.changes) {
    if (e->kind == Eff::kTransform && e->becomes->colors >= 0) colors = e->becomes->colors;
  }
  for (const EffectDef* e : o.lord_changes) {
    if (e->kind == Eff::kTransform && e->becomes->colors >= 0) colors = e->becomes->colors;
  }
  return script_colors(*this, c, colors);  // Lua cards (Shifting Sky)
}

// One restriction word of a spec (without its leading "-").
bool Game::restriction_holds(const std::string& r, int card, int source, int controller) const {
  const Obj& o = objs[static_cast<size_t>(card)];
  bool known = true, yes = false;
  if (r.find('&') != std::string::npos) {
    // red&white: every part holds
    yes = true;
    size_t start = 0;
    while (start <= r.size()) {
      size_t amp = r.find('&', start);
      if (amp == std::string::npos) amp = r.size();
      Spec one;
      one.alts.push_back({"*", {r.substr(start, amp - start)}, false});
      one.zones.push_back("*");
      yes = yes && matches(one, card, source, controller);
      start = amp + 1;
    }
  } else if (r == "share!name!") {  // the same name as the source
    yes = source >= 0 && name(card) == name(source);
  } else if (r == "token") {
    yes = o.token;
  } else if (auto it = color_words().find(r); it != color_words().end()) {
    yes = (colors(card) >> it->second) & 1;
  } else if (r == "fresh") {  // entered the battlefield, or died, this turn
    yes = o.fresh;
  } else if (r == "tapped") {
    yes = o.tapped;
  } else if (r == "damager") {
    yes = o.dealt_damage;
  } else if (r == "attacking") {
    yes = o.attacking;
  } else if (r == "blocking") {
    yes = o.blocking >= 0;
  } else if (r == "blocked") {
    yes = o.attacking && !o.blockers.empty();
  } else if (r.rfind("counter{", 0) == 0) {
    // counter{kind[.N[.name]]}: at least N (default 1) such counters.
    const std::string inner = r.substr(8, r.find('}') - 8);
    const std::string kind = inner.substr(0, inner.find('.'));
    const size_t dot2 = inner.find('.', kind.size() + 1);
    const std::string named = dot2 == std::string::npos ? "" : inner.substr(dot2 + 1);
    int others = 0;
    for (const auto& [k, n] : o.counters) others += n;
    const int at_least = inner.size() > kind.size() ? std::max(1, std::atoi(inner.c_str() + kind.size() + 1)) : 1;
    yes = !named.empty()    ? o.counters.count(named) && o.counters.at(named) >= at_least
          : kind == "any"   ? o.plus_counters + o.minus_counters + others > 0
          : kind == "-1/-1" ? o.minus_counters > 0
          : kind == "1/1"   ? o.plus_counters > 0
                            : o.counters.count(kind) && o.counters.at(kind) > 0;
  } else if (r == "multicolor") {
    yes = __builtin_popcount(static_cast<unsigned>(colors(card))) > 1;
  } else if (const size_t count = r.find("type:"); count != std::string::npos && source >= 0 && count > 0) {
    // manacost<=type:*:myhand: the comparison's number is a count of cards
    return restriction_holds(r.substr(0, count) + std::to_string(eval_amount(parse_amount(r.substr(count)), source)), card,
                             source, controller);
  } else {
    known = false;
    const int mv = o.def->cost.converted();
    yes = compare(r, "power", power(card), known) || compare(r, "toughness", toughness(card), known) ||
          compare(r, "manacost", mv, known);
    if (!known) {
      known = true;
      yes = is_type(card, r) || name(card) == r || has(card, r);
    }
  }
  return yes;
}

// In [a;b] a colour or a type is one of several alternatives; states, keywords and comparisons
// must each hold.
bool Game::alternative_word(const std::string& r) {
  static const std::set<std::string> states = {
      "token", "tapped", "untapped", "damager", "damaged", "attacking", "blocking", "blocked", "multicolor", "flying",
      "reach", "haste", "trample", "defender", "shadow", "fear", "vigilance", "first strike", "double strike",
      "deathtouch", "lifelink", "islandwalk", "swampwalk", "forestwalk", "mountainwalk", "plainswalk", "unblockable"};
  return r.find_first_of("<>={}&.") == std::string::npos && !states.count(r);
}

bool Game::any_of_kind(const std::vector<std::string>& restr, int card, int source, int controller) const {
  bool colors_asked = false, colors_ok = false, types_asked = false, types_ok = false;
  for (const std::string& r : restr) {
    if (!alternative_word(r)) continue;
    const bool color = color_words().count(r) != 0;
    const bool yes = restriction_holds(r, card, source, controller);
    (color ? colors_asked : types_asked) = true;
    (color ? colors_ok : types_ok) |= yes;
  }
  return (!colors_asked || colors_ok) && (!types_asked || types_ok);
}

bool Game::matches(const Spec& s, int card, int source, int controller) const {
  if (card < 0 || static_cast<size_t>(card) >= objs.size()) return false;  // a player or no card
  const Obj& o = objs[static_cast<size_t>(card)];
  bool zone_ok = s.zones.empty() ? o.zone == kBattlefield : false;
  if (s.alts.size() == 1 && s.alts[0].type == "trigger") zone_ok = true;
  for (const std::string& zw : s.zones) {
    int zone = 0, whose = 2;
    if (zw == "*") {
      zone_ok = true;
      break;
    }
    if (zw == "nonbattlezone" && o.zone != kBattlefield) {  // any zone but the battlefield
      zone_ok = true;
      break;
    }
    if (!zone_word(zw, zone, whose)) continue;
    const int owner = o.zone == kBattlefield || o.zone == kStack ? o.controller : o.owner;
    if (o.zone == zone && (whose == 2 || (whose == 0) == (owner == controller))) zone_ok = true;
  }
  if (!zone_ok) return false;
  for (const Spec::Alt& a : s.alts) {
    if (a.type == "player") continue;
    if (a.other && card == source) continue;
    if (a.type == "mytgt") {  // what the source (an aura, an equipment) is attached to
      if (source >= 0 && card == objs[static_cast<size_t>(source)].attached) return true;
      continue;
    }
    if (a.type == "children") {  // what is attached to the source (its auras and equipment)
      if (source >= 0 && o.attached == source) return true;
      continue;
    }
    if (a.type == "trigger") {
      // all(trigger): the card the event was about; trigger[from]: the one that caused it.
      const bool from = !a.restr.empty() && a.restr[0] == "from";
      if (card == (from ? current_trigger_from : current_trigger)) return true;
      continue;
    }
    if (a.type == "this" ? card != source : (a.type != "*" && !is_type(card, a.type) && name(card) != a.type)) continue;
    bool ok = true;
    // [attacking;blocking] asks for a creature in combat either way (Wagic's combat states are
    // one attribute); every other pair of restrictions must both hold.
    const bool in_combat = std::count(a.restr.begin(), a.restr.end(), "attacking") &&
                           std::count(a.restr.begin(), a.restr.end(), "blocking");
    if (a.any && !any_of_kind(a.restr, card, source, controller)) continue;
    for (const std::string& r0 : a.restr) {
      if (a.any && alternative_word(r0)) continue;  // checked together above
      const bool neg = !r0.empty() && r0[0] == '-';
      const std::string r = neg ? r0.substr(1) : r0;
      const bool combat_state = in_combat && (r == "attacking" || r == "blocking");
      const bool yes = combat_state ? objs[static_cast<size_t>(card)].attacking || objs[static_cast<size_t>(card)].blocking >= 0
                                    : restriction_holds(r, card, source, controller);
      if (yes == neg) {
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
  if (t.player >= 0) return matches_player(s, t.player, controller);
  if (t.card < 0) return false;
  if (!matches(s, t.card, source, controller)) return false;
  const Obj& o = objs[static_cast<size_t>(t.card)];
  if (o.zone != kBattlefield) return true;
  if (has(t.card, "shroud")) return false;
  if (has(t.card, "opponentshroud") && o.controller != controller) return false;
  if (has(t.card, "hexproof") && o.controller != controller) return false;
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
