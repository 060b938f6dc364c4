// Cards and zones: creating cards, moving them, their characteristics under continuous effects,
// damage, destruction and the state-based actions.
#include <algorithm>
#include <bit>
#include <map>
#include <string>

#include "games/mtg/rules/game.h"
#include "games/mtg/rules/this_variables.h"
#include "games/mtg/lua/card_scripts.h"

namespace rk::mtg {

int Game::create(const CardDef* def, int64_t mtg_id, int owner) {
  Obj o;
  o.def = o.printed = def;
  o.mtg_id = mtg_id;
  o.owner = o.controller = owner;
  o.zone = kLibrary;
  objs.push_back(o);
  const int id = static_cast<int>(objs.size() - 1);
  players[static_cast<size_t>(owner)].zones[kLibrary].push_back(id);
  return id;
}

// Where a card headed for a graveyard goes instead: exile, under a graveyard exiler (Rest in Peace,
// Leyline of the Void) or when it dies after exiledeath this turn (Magma Spray); unearth's exile.
int Game::redirect(int card, int zone) const {
  const Obj& o = objs[static_cast<size_t>(card)];
  // Unearth: a permanent returned by it that would leave the battlefield is exiled instead (CR 702.84a).
  static const Sym unearth = Symbols::intern(SymKind::kKeyword, "unearth");
  if (o.zone == kBattlefield && zone != kBattlefield && zone != kExile && has(card, unearth)) return kExile;
  if (zone != kGraveyard) return zone;
  if (o.zone == kBattlefield && has(card, "exiledeath")) return kExile;
  // Its own replacement first (Wagic): into its owner's library instead (Darksteel Colossus).
  if (has(card, "shufflelibrarydeath") || has(card, "librarydeath")) return kLibrary;
  for (size_t e = 0; e < objs.size(); ++e) {
    const Obj& x = objs[e];
    if (x.zone != kBattlefield) continue;
    const bool mine = x.controller == o.owner;
    if ((mine && has(static_cast<int>(e), "mygraveexiler")) || (!mine && has(static_cast<int>(e), "oppgraveexiler"))) {
      return kExile;
    }
  }
  return zone;
}

void Game::move(int card, int player, int zone, bool to_top) {
  Obj& o = objs[static_cast<size_t>(card)];
  const bool shuffled_in = zone == kGraveyard && has(card, "shufflelibrarydeath");
  const int asked = zone;
  zone = redirect(card, zone);
  if (o.zone == kStack && o.flashed) {  // flashback: exiled instead, wherever it would go (CR 702.34a)
    zone = kExile;
    o.flashed = false;
  }
  if (asked == kGraveyard && zone == kLibrary && !shuffled_in) to_top = true;  // librarydeath: on top
  if (o.zone >= 0) {
    for (auto& pl : players) {
      auto& z = pl.zones[static_cast<size_t>(o.zone)];
      for (size_t i = 0; i < z.size(); ++i) {
        if (z[i] == card) {
          z.erase(z.begin() + static_cast<long>(i));
          break;
        }
      }
    }
  }
  struct Changed {  // characteristics are computed again once the move is done
    Game& g;
    ~Changed() { g.invalidate(); }
  } changed{*this};
  const bool leaves_battlefield = o.zone == kBattlefield && zone != kBattlefield;
  if (leaves_battlefield && zone == kGraveyard && is_creature(card)) ++creatures_died;
  struct LeaveHook {  // Lua cards hear of it once the move is done (Animate Dead's sacrifice)
    Game& g;
    int card;
    bool on;
    ~LeaveHook() { if (on && g.lua) script_left_battlefield(g, card); }
  } leave_hook{*this, card, leaves_battlefield};
  // Persist and undying: back from the graveyard with a counter, if it had none of that kind.
  const bool persist = leaves_battlefield && zone == kGraveyard && !o.token && o.def->is("creature") &&
                       ((o.def->has("persist") && o.minus_counters == 0) || (o.def->has("undying") && o.plus_counters == 0));
  if (leaves_battlefield || zone != kBattlefield) {
    // A new object: nothing of its past on the battlefield follows it (CR 400.7).
    remove_from_combat(card);
    Obj fresh;
    if (o.zone == kBattlefield) {
      fresh.damaged_by = o.damaged_by;  // @vampired looks at who damaged it
      fresh.lki_power = power(card);
      fresh.lki_toughness = toughness(card);
      fresh.left_chars = chars(card);
      for (const auto& ch : o.changes) fresh.left_changes.push_back(ch.def);
      fresh.lki_plus = o.plus_counters;
      fresh.lki_controller = o.controller;
      fresh.lki_minus = o.minus_counters;
      fresh.lki_counters = o.counters;
      fresh.left_changes.insert(fresh.left_changes.end(), o.lord_changes.begin(), o.lord_changes.end());
    } else {
      fresh.lki_power = o.lki_power;
      fresh.lki_toughness = o.lki_toughness;
    }
    fresh.def = fresh.printed = o.printed ? o.printed : o.def;
    fresh.sunburst = zone == kBattlefield ? o.sunburst : 0;
    fresh.mtg_id = o.mtg_id;
    fresh.owner = o.owner;
    fresh.token = o.token;
    o = fresh;
  }
  if (o.token && zone != kBattlefield && zone != kStack) {
    // Tokens cease to exist outside the battlefield: in no zone's list, but "moved to" that zone
    // for the triggers that look at them now.
    o.zone = zone;
    o.controller = o.owner;
    return;
  }
  if (zone == kBattlefield && o.zone != kBattlefield) o.stamp = next_stamp();
  o.zone = zone;
  o.controller = zone == kBattlefield || zone == kStack ? player : o.owner;
  auto& z = players[static_cast<size_t>(zone == kBattlefield || zone == kStack ? player : o.owner)].zones[static_cast<size_t>(zone)];
  if (to_top || zone != kLibrary) {
    z.push_back(card);
  } else {
    z.insert(z.begin(), card);
  }
  if (shuffled_in && zone == kLibrary && rng) {
    for (size_t i = z.size(); i > 1; --i) std::swap(z[i - 1], z[rng->below(static_cast<uint32_t>(i))]);
  }
  if (persist) {
    note(name(card) + " returns (persist/undying)");
    move(card, o.owner, kBattlefield);
    Obj& back = objs[static_cast<size_t>(card)];
    back.sick = true;
    (back.def->has("persist") ? back.minus_counters : back.plus_counters) = 1;
  }
}

void Game::discard(int card, int player, int source, bool event) {
  const Obj& o = objs[static_cast<size_t>(card)];
  const bool madness = o.def->has("madness") && !o.def->discard_exiled.empty();
  move(card, o.owner, madness ? kExile : kGraveyard);
  if (event) fire_event("discarded", card, player, source, false);
  run_arrival_lines(card, objs[static_cast<size_t>(card)].zone);  // from anywhere (Darksteel Colossus)
  if (!madness || objs[static_cast<size_t>(card)].zone != kExile) return;
  for (const Ability& a : objs[static_cast<size_t>(card)].def->discard_exiled) put_trigger(card, a, card, card);
}

const std::string& Game::name(int c) const { return objs[static_cast<size_t>(c)].def->lname; }

int Game::eval_amount(const Amount& a, int source) const {
  if (a.twice != 1 || a.halve != 0 || a.plus != 0) {
    Amount once = a;
    once.twice = 1, once.halve = 0, once.plus = 0;
    return a.modified(eval_amount(once, source));
  }
  if (a.negative) {
    Amount pos = a;
    pos.negative = false;
    return -eval_amount(pos, source);
  }
  if (a.var.rfind("counter{", 0) == 0) return this_count(a.var, source);
  // colors/colors on a card a lord gives it (Knight of New Alara): how many colours it has
  if (a.var == "colors") return std::popcount(static_cast<unsigned>(colors(source) & ~1));
  if (a.var == "allmyname") {
    int n = 0;
    for (size_t c = 0; c < objs.size(); ++c) {
      if (objs[c].zone == kBattlefield && objs[c].def->lname == name(source)) ++n;
    }
    return n;
  }
  // Amounts read from the players: lifetotal (Serra Avatar), cards in hand.
  if (a.var == "lifetotal" || a.var == "opponentlifetotal" || a.var == "phandcount" || a.var == "ohandcount") {
    return if_value(a, source, objs[static_cast<size_t>(source)].controller);
  }
  if (a.var == "manacostsum" || a.var == "devotion") {  // printed costs: no characteristic to regress on
    int n = 0;
    const int controller = objs[static_cast<size_t>(source)].controller;
    for (size_t c = 0; c < objs.size(); ++c) {
      if (!matches(a.count, static_cast<int>(c), source, controller)) continue;
      const ManaCost& cost = objs[c].def->cost;
      if (a.var == "manacostsum") {
        n += cost.converted();
        continue;
      }
      if (a.value <= 0 || a.value >= kColors) return 0;
      const auto colour = static_cast<size_t>(a.value);  // devotion: the symbols of that colour, hybrid halves too
      n += cost.fixed[colour] + cost.phyrexian[colour];
      for (auto [x, y] : cost.hybrid) n += x == a.value || y == a.value;
    }
    return n;
  }
  // Only the amounts above and below are counted for a card's own power and toughness (coverage.cc
  // cda_amount_runs lists them: any other is reported not run).
  const bool lands = a.var == "pdauntless" || a.var == "pbasiclandtypes" || a.var == "gravecardtypes";
  if ((a.var != "type" && !lands) || cda_depth_ > 1) return a.value;  // a CDA counting CDAs: stop the regress
  struct Depth {
    int& d;
    explicit Depth(int& x) : d(++x) {}
    ~Depth() { --d; }
  } depth(cda_depth_);
  int n = 0;
  const int controller = objs[static_cast<size_t>(source)].controller;
  const auto& mine = players[static_cast<size_t>(controller)].zones[kBattlefield];
  if (a.var == "pdauntless") {  // its controller's Forests plus its Treefolk (a Treefolk Forest twice)
    for (int c : mine) n += is_type_word(c, "forest") + is_type_word(c, "treefolk");
    return n;
  }
  if (a.var == "gravecardtypes") {  // Tarmogoyf: the card types among cards in all graveyards (Wagic
    // 2016 counts only the second player's graveyard, a slip its card text contradicts)
    for (const char* t : {"artifact", "creature", "enchantment", "instant", "land", "planeswalker", "sorcery", "tribal"}) {
      bool any = false;
      for (const Player& pl : players) {
        const auto& grave = pl.zones[kGraveyard];
        any |= std::any_of(grave.begin(), grave.end(), [&](int c) { return is_type_word(c, t); });
      }
      n += any;
    }
    return n;
  }
  if (a.var == "pbasiclandtypes") {  // the basic land types among its controller's permanents (domain)
    for (const char* t : {"forest", "plains", "swamp", "island", "mountain"}) {
      n += std::any_of(mine.begin(), mine.end(), [&](int c) { return is_type_word(c, t); });
    }
    return n;
  }
  for (size_t c = 0; c < objs.size(); ++c) {
    if (matches(a.count, static_cast<int>(c), source, controller)) ++n;
  }
  return n;
}

// thisforeach(..): how many counters of a kind (counter{1/1.N}: per N of them) or auras the card has.
namespace {

// The words of this(..) and thisforeach(..) that are not counters: a number read from the card or
// its controller's side of the game (1 or 0 for a state). compile_text's this_words() lists the
// same words for the compiler.
using ThisValue = int (*)(const Game& g, int card);
int controller_of(const Game& g, int card) { return g.objs[static_cast<size_t>(card)].controller; }
int attached_count(const Game& g, int card, TypeName kind) {
  int n = 0;
  for (size_t c = 0; c < g.objs.size(); ++c) {
    n += g.objs[c].zone == kBattlefield && g.objs[c].attached == card && g.is_type(static_cast<int>(c), kind);
  }
  return n;
}
// variable{olandX} / {plandX}: lands of a basic type under the opponent's / the controller's control.
template <Sym kLand, bool kOpponent>
int lands_of(const Game& g, int card) {
  const int p = kOpponent ? 1 - controller_of(g, card) : controller_of(g, card);
  int n = 0;
  for (int c : g.players[static_cast<size_t>(p)].zones[kBattlefield]) n += g.is_type(c, kLand);
  return n;
}
const std::map<std::string, ThisValue, std::less<>>& this_values() {
  static const std::map<std::string, ThisValue, std::less<>> k = {
      {"auras", [](const Game& g, int c) { return attached_count(g, c, "aura"); }},
      {"gear", [](const Game& g, int c) { return attached_count(g, c, "equipment"); }},
      {"controllerlife", [](const Game& g, int c) { return g.players[static_cast<size_t>(controller_of(g, c))].life; }},
      {"opponentlife", [](const Game& g, int c) { return g.players[static_cast<size_t>(1 - controller_of(g, c))].life; }},
      {"untapped", [](const Game& g, int c) { return static_cast<int>(!g.objs[static_cast<size_t>(c)].tapped); }},
      {"tapped", [](const Game& g, int c) { return static_cast<int>(g.objs[static_cast<size_t>(c)].tapped); }},
      {"attacking", [](const Game& g, int c) { return static_cast<int>(g.objs[static_cast<size_t>(c)].attacking); }},
      {"blocking", [](const Game& g, int c) { return static_cast<int>(g.objs[static_cast<size_t>(c)].blocking >= 0); }},
      {"power", [](const Game& g, int c) { return g.power(c); }},
      {"opponentdamagecount", [](const Game& g, int c) { return g.players[static_cast<size_t>(1 - controller_of(g, c))].damage_taken; }},
      {"toughness", [](const Game& g, int c) { return g.toughness(c); }},
      {"x", [](const Game& g, int) { return g.condition_x; }},  // this(X>=5): the X the spell or ability was paid with
      {"variable{castx}", [](const Game& g, int) { return g.condition_x; }},
      {"variable{myturn}", [](const Game& g, int c) { return static_cast<int>(g.active == controller_of(g, c)); }},
      {"variable{controllerturn}", [](const Game& g, int c) { return static_cast<int>(g.active == controller_of(g, c)); }},
      {"variable{opponentturn}", [](const Game& g, int c) { return static_cast<int>(g.active != controller_of(g, c)); }},
      {"variable{urzatron}", [](const Game& g, int c) { return static_cast<int>(g.urzatron(controller_of(g, c))); }},
      {"variable{olandw}", lands_of<ty::kPlains, true>}, {"variable{olandu}", lands_of<ty::kIsland, true>},
      {"variable{olandb}", lands_of<ty::kSwamp, true>},  {"variable{olandr}", lands_of<ty::kMountain, true>},
      {"variable{olandg}", lands_of<ty::kForest, true>}, {"variable{plandw}", lands_of<ty::kPlains, false>},
      {"variable{plandu}", lands_of<ty::kIsland, false>}, {"variable{plandb}", lands_of<ty::kSwamp, false>},
      {"variable{plandr}", lands_of<ty::kMountain, false>}, {"variable{plandg}", lands_of<ty::kForest, false>}};
  return k;
}

}  // namespace

int Game::this_count(const std::string& what, int card) const {
  const Obj& o = objs[static_cast<size_t>(card)];
  if (auto it = this_values().find(what); it != this_values().end()) return it->second(*this, card);
  if (what.rfind("variable{", 0) == 0 && what.back() == '}') return this_variable(*this, what, card);
  if (what.rfind("counter{", 0) != 0) return 0;
  // counter{1/1.N.name} or, as Wagic reads it too, counter{1/1,N,name}
  std::string inner = what.substr(8, what.find('}') - 8);
  std::replace(inner.begin(), inner.end(), ',', '.');
  const std::string kind = inner.substr(0, inner.find('.'));
  const size_t dot2 = inner.find('.', kind.size() + 1);
  const std::string named = dot2 == std::string::npos ? "" : inner.substr(dot2 + 1);
  const int per = inner.size() > kind.size() ? std::max(1, std::atoi(inner.c_str() + kind.size() + 1)) : 1;
  const bool gone = o.zone != kBattlefield;  // a card's own trigger as it left, or a cost sacrificed it: the counters it had
  // (a card in exile keeps counters of its own there: suspend's time counters)
  const auto& counters = gone && o.counters.empty() ? o.lki_counters : o.counters;
  auto named_count = [&counters](const std::string& k) { auto it = counters.find(k); return it == counters.end() ? 0 : it->second; };
  const int plus = gone ? o.lki_plus : o.plus_counters, minus = gone ? o.lki_minus : o.minus_counters;
  const int n = !named.empty() ? named_count(named) : kind == "1/1" ? plus : kind == "-1/-1" ? minus : named_count(kind);
  return n / per;
}

int Game::this_foreach(const std::string& in, int card, int x) const {
  const size_t op_at = in.find_first_of("<>=!");
  std::string what = in.substr(0, op_at);
  what.erase(what.find_last_not_of(' ') + 1);
  const int v = what == "x" ? x : this_count(what, card);
  if (op_at == std::string::npos) return std::max(0, v);
  const bool two = op_at + 1 < in.size() && in[op_at + 1] == '=';
  const int n = std::atoi(in.c_str() + op_at + (two ? 2 : 1));
  int times = 0;
  switch (in[op_at]) {
    case '>': times = two ? v - n + 1 : v - n; break;
    case '<': times = two ? n - v + 1 : n - v; break;
    case '=': times = v == n; break;
    case '!': times = v != n; break;
  }
  return std::max(0, times);
}

// Urza's Mine, Power-Plant and Tower all under one player's control.
bool Game::urzatron(int player) const {
  bool mine = false, plant = false, tower = false;
  for (int c : players[static_cast<size_t>(player)].zones[kBattlefield]) {
    mine |= is_type(c, "mine");
    plant |= is_type(c, "power-plant");
    tower |= is_type(c, "tower");
  }
  return mine && plant && tower;
}

// this(X op N): X a value of this_count, op one of > < = >= <= != (alone: X > 0).
bool Game::this_holds(const std::string& cond, int card) const {
  if (const size_t both = cond.find("&&"); both != std::string::npos) {  // this(A) this(B): both hold
    return this_holds(cond.substr(0, both), card) && this_holds(cond.substr(both + 2), card);
  }
  const size_t at = cond.find_first_of("<>=!");
  std::string w = cond.substr(0, at);
  while (!w.empty() && w.back() == ' ') w.pop_back();
  if (w.rfind("counter{", 0) == 0) std::replace(w.begin(), w.end(), ',', '.');  // counter{0/0,4,Level}
  int v = this_count(w, card);
  if (at == std::string::npos) return v > 0;
  const bool two = at + 1 < cond.size() && cond[at + 1] == '=';
  int n = std::atoi(cond.c_str() + at + (two ? 2 : 1));
  if (at + (two ? 2 : 1) == cond.size() && w.rfind("counter{", 0) == 0) {
    // counter{P/T.N[.name]}= with no number after: the count of such counters compared with N
    // (Wagic's counter descriptor takes N as its criterion).
    const size_t dot = w.find('.');
    const size_t dot2 = dot == std::string::npos ? std::string::npos : w.find_first_of(".}", dot + 1);
    if (dot != std::string::npos && dot2 != std::string::npos) {
      n = std::atoi(w.c_str() + dot + 1);
      v = this_count(w.substr(0, dot) + ".1" + w.substr(dot2), card);  // every such counter, not per N
    }
  }
  switch (cond[at]) {
    case '>': return two ? v >= n : v > n;
    case '<': return two ? v <= n : v < n;
    case '!': return v != n;
    default: return v == n;
  }
}

bool Game::condition_holds(const Ability& a, int source) const {
  if (!a.this_cond.empty()) return this_holds(a.this_cond, source);
  const int controller = objs[static_cast<size_t>(source)].controller;
  int n = 0;
  for (size_t c = 0; c < objs.size(); ++c) {
    if (matches(a.cond, static_cast<int>(c), source, controller)) ++n;
  }
  if (a.cond.allows_player()) ++n;
  bool holds = n > 0;
  if (a.cond_cmp == '<') holds = n < a.cond_n;
  if (a.cond_cmp == '>') holds = n > a.cond_n;
  if (a.cond_cmp == '=') holds = n == a.cond_n;
  return holds != a.cond_negate;
}

// Protection from a colour of the source, or from what protection from(spec) names.
bool Game::protected_from(int card, int source) const {
  if (source < 0) return false;
  static const char* prot[] = {"", "protection from green", "protection from blue", "protection from red",
                               "protection from black", "protection from white"};
  static const Sym prot_sym[] = {kNoSym, Symbols::intern(SymKind::kKeyword, prot[1]), Symbols::intern(SymKind::kKeyword, prot[2]),
                                 Symbols::intern(SymKind::kKeyword, prot[3]), Symbols::intern(SymKind::kKeyword, prot[4]),
                                 Symbols::intern(SymKind::kKeyword, prot[5])};
  const int cols = colors(source);
  for (int c = 1; c < kColors; ++c) {
    if (((cols >> c) & 1) && has(card, prot_sym[c])) return true;
  }
  // Emrakul: protection from coloured spells (CR 702.16), a source being cast or on the stack.
  static const Sym from_colored_spells = Symbols::intern(SymKind::kKeyword, "protectionfromcoloredspells");
  const int source_zone = objs[static_cast<size_t>(source)].zone;
  if (cols > 1 && (source_zone == kStack || source_zone == kHand) && has(card, from_colored_spells)) return true;
  const Obj& o = objs[static_cast<size_t>(card)];
  for (const Spec* s : o.protections) {
    if (matches(*s, source, card, o.controller, /*any_zone=*/true)) return true;
  }
  return false;
}

// A prevention shield (to(spec) from(spec)) that stops this damage: one of a static line, or one a
// spell or ability left for the turn (whose `mytgt` is the card it was applied to).
bool Game::shielded(int card, int player, int source, bool combat) const {
  layers_ready();  // the shields of the layers now (matching below changes nothing)
  const auto covers = [&](const EffectDef& e, int src, int target) {
    if ((e.kind == Eff::kPreventCombat && !combat) || (e.noncombat_only && combat)) return false;
    const int controller = objs[static_cast<size_t>(src)].controller;
    const auto is_target = [target](const Spec& s) { return s.alts.size() == 1 && s.alts[0].type == "mytgt"; };
    if (!e.prevent_to.empty()) {
      if (is_target(e.prevent_to)) {
        if (card < 0 || card != target) return false;
      } else {
        if (card >= 0 && !matches(e.prevent_to, card, src, controller)) return false;
        if (player >= 0 && !matches_player(e.prevent_to, player, controller)) return false;
      }
    }
    if (!e.prevent_from.empty()) {
      if (source < 0) return false;
      if (is_target(e.prevent_from) ? source != target : !matches(e.prevent_from, source, src, controller)) return false;
    }
    return true;
  };
  for (const auto& [e, src] : shields) {
    if (covers(*e, src, -1)) return true;
  }
  for (const TurnShield& t : turn_shields) {
    if (t.source >= 0 && covers(*t.e, t.source, t.target)) return true;
  }
  return false;
}

void Game::update_continuous() {
  invalidate();
  refresh_layers();
}

// Lifelink: the source's controller gains the life. Spirit link: the controller of the aura that
// grants it (or of the card itself when printed on it).
void Game::link_life(int source, int amount, bool combat) {
  if (source < 0) return;
  if (has(source, "lifelink")) change_life(objs[static_cast<size_t>(source)].controller, amount);
  // combatspiritlink (Noble Purpose, Vigorous Charge): spirit link for combat damage only
  if (!has(source, "spiritlink") && !(combat && has_word(source, "combatspiritlink"))) return;
  bool by_aura = false;
  for (size_t a = 0; a < objs.size(); ++a) {
    if (objs[a].zone != kBattlefield || objs[a].attached != source) continue;
    for (const Ability& ab : objs[a].def->abilities) {
      for (const EffectDef& e : ab.effects) {
        if (e.kind == Eff::kGrant && e.word == "spiritlink") {
          change_life(objs[a].controller, amount);
          by_aura = true;
        }
      }
    }
  }
  if (!by_aura) change_life(objs[static_cast<size_t>(source)].controller, amount);
}

void Game::damage_card(int card, int amount, int source, bool combat) {
  if (source >= 0 && amount > 0) objs[static_cast<size_t>(source)].dealt_damage = true;
  if (amount <= 0) return;
  if (protected_from(card, source)) return;
  if (shielded(card, -1, source, combat) || objs[static_cast<size_t>(card)].prevent_all_to ||
      (source >= 0 && objs[static_cast<size_t>(source)].prevent_all_from)) {
    return note("damage to " + name(card) + " is prevented");
  }
  Obj& o = objs[static_cast<size_t>(card)];
  if (o.prevent_next > 0) {  // prevent:N shields take what they can
    const int stopped = std::min(o.prevent_next, amount);
    o.prevent_next -= stopped;
    if ((amount -= stopped) <= 0) return note("damage to " + name(card) + " is prevented");
  }
  // Wagic's own damage keywords, after the shields as Wagic applies them: phantom prevents it all
  // and loses a +1/+1 counter, absorb prevents 1 of each source's damage, wilting turns it into
  // -1/-1 counters. What none of them leaves is not dealt (no damaged trigger).
  // (Interned here rather than added to symbols.h's well-known words, whose ids would shift the rest.)
  static const Sym phantom = Symbols::intern(SymKind::kKeyword, "phantom"), absorb = Symbols::intern(SymKind::kKeyword, "absorb"),
                   wilting = Symbols::intern(SymKind::kKeyword, "wilting");
  if (has(card, phantom)) {
    o.plus_counters = std::max(0, o.plus_counters - 1);
    return note("damage to " + name(card) + " is prevented (phantom)");
  }
  if (has(card, absorb) && --amount <= 0) return note("damage to " + name(card) + " is absorbed");
  if (has(card, wilting)) {
    if (!has(card, "countershroud")) o.minus_counters += amount;
    return note(name(card) + " gets " + std::to_string(amount) + " -1/-1 counters (wilting)");
  }
  if (has(card, "vigor")) {
    o.plus_counters += amount;  // vigor: damage becomes +1/+1 counters
  } else if (source >= 0 && (has(source, "wither") || has(source, "infect"))) {
    if (!has(card, "countershroud")) o.minus_counters += amount;  // damage dealt as counters that cannot be put
  } else {
    o.damage += amount;
  }
  if (source >= 0 && has(source, "deathtouch")) o.deathtouched = true;
  if (source >= 0) o.damaged_by.push_back(source);
  link_life(source, amount, combat);
  note(name(card) + " is dealt " + std::to_string(amount));
  event_amount = amount;
  fire_event("damaged", card, -1, source, combat);
  event_amount = 0;
}

void Game::damage_player(int player, int amount, int source, bool combat) {
  if ((amount = script_damage_to_player(*this, player, source, amount, combat)) <= 0) return;  // a Lua replacement (Szadek)
  if (source >= 0 && amount > 0) objs[static_cast<size_t>(source)].dealt_damage = true;
  if (amount <= 0 || shielded(-1, player, source, combat) || (source >= 0 && objs[static_cast<size_t>(source)].prevent_all_from)) return;
  if ((amount = script_prevent_damage(*this, player, source, amount)) <= 0) return;  // Lua shields
  if (auto& shield = players[static_cast<size_t>(player)].prevent_next; shield > 0) {
    const int stopped = std::min(shield, amount);
    shield -= stopped;
    if ((amount -= stopped) <= 0) return;
  }
  players[static_cast<size_t>(player)].damaged = true;  // this turn (bloodthirst)
  players[static_cast<size_t>(player)].damage_taken += amount;  // this turn (pdcount, odcount, opponentdamagecount)
  if (source >= 0 && has(source, "infect")) {
    players[static_cast<size_t>(player)].poison += amount;
  } else {
    // reduceto:N on a permanent the player controls (as the board is before the damage: Ali from
    // Cairo's "as long as you have 1 or more life"): damage that leaves the player's life at N or
    // below sets it to N (Wagic's AReduceToAbility, after the damage; no life is gained).
    layers_ready();
    int floor = -1;
    for (int c : players[static_cast<size_t>(player)].zones[kBattlefield]) floor = std::max(floor, objs[static_cast<size_t>(c)].reduce_to);
    change_life(player, -amount);
    if (floor >= 0 && players[static_cast<size_t>(player)].life <= floor) players[static_cast<size_t>(player)].life = floor;
    if (source >= 0 && has_word(source, "poisontoxic")) ++players[static_cast<size_t>(player)].poison;  // Pit Scorpion
  }
  link_life(source, amount, combat);
  note("p" + std::to_string(player + 1) + " is dealt " + std::to_string(amount));
  event_amount = amount;
  fire_event("damageplayer", -1, player, source, combat);
  event_amount = 0;
}

void Game::destroy(int card, bool allow_regen) {
  Obj& o = objs[static_cast<size_t>(card)];
  if (o.zone != kBattlefield || has(card, "indestructible")) return;
  if (allow_regen && o.regen > 0 && !has(card, "cantregen")) {
    --o.regen;
    o.tapped = true;
    o.damage = 0;
    o.deathtouched = false;
    // Removed from combat, blocker or attacker (CR 701.15a): after first-strike damage it deals no
    // regular damage, and a double striker it blocked stays blocked with no one to hit (trample: the
    // player). Wagic's triggerRegenerate does the same (initAttackersDefensers).
    remove_from_combat(card);
    note(name(card) + " regenerates");
    return;
  }
  move(card, o.owner, kGraveyard);
  note(name(card) + " is put into the graveyard");
  fire_zone_triggers(card, kBattlefield, kGraveyard);
}

// The M14 legend rule as Wagic asks it: a menu "Keep New" / "Keep Old".
void Game::legend_rule() {
  if (!menus.empty()) return;
  for (auto& pl : players) {
    const auto& bf = pl.zones[kBattlefield];
    for (size_t i = 0; i < bf.size(); ++i) {
      for (size_t j = i + 1; j < bf.size(); ++j) {
        const int old_card = bf[i], new_card = bf[j];
        if (!is_type(old_card, "legendary") || name(old_card) != name(new_card)) continue;
        if (has_word(old_card, "nolegend") || has_word(new_card, "nolegend")) continue;
        Menu m;
        m.cancel = false;
        m.options.push_back({"keep new", Resume{.kind = Resume::Kind::kKeep, .card = old_card}});
        m.options.push_back({"keep old", Resume{.kind = Resume::Kind::kKeep, .card = new_card}});
        menus.push_back(std::move(m));
        return;
      }
    }
  }
}

// A permanent sacrificed: to its owner's graveyard, with its leave and @sacrificed triggers.
void Game::sacrifice(int card) {
  const int from = objs[static_cast<size_t>(card)].zone;
  const int controller = objs[static_cast<size_t>(card)].controller;
  move(card, objs[static_cast<size_t>(card)].owner, kGraveyard);
  if (from != kBattlefield) return;
  fire_zone_triggers(card, from, kGraveyard);
  fire_event("sacrificed", card, controller, card, false);
}

void Game::destroy_rule(int card) {
  const int from = objs[static_cast<size_t>(card)].zone;
  move(card, objs[static_cast<size_t>(card)].owner, kGraveyard);
  fire_zone_triggers(card, from, kGraveyard);
}

// An aura that grants protection itself (Pledge of Loyalty) stays on, as in Wagic's tests.
static bool grants_protection(const CardDef& d) {
  for (const Ability& a : d.abilities) {
    for (const EffectDef& e : a.effects) {
      if (e.kind == Eff::kProtectionFrom || (e.kind == Eff::kGrant && e.word.rfind("protection from", 0) == 0)) return true;
    }
  }
  return false;
}

void Game::state_based() {
  for (int round = 0; round < 20; ++round) {
    script_state(*this);  // Lua cards' conditions first: an effect they end shows in this round
    update_continuous();
    bool changed = false;
    for (size_t c = 0; c < objs.size(); ++c) {
      const Obj& o = objs[c];
      if (o.zone != kBattlefield) continue;
      const int card = static_cast<int>(c);
      if (is_creature(card) && toughness(card) <= 0) {
        move(card, o.owner, kGraveyard);
        fire_zone_triggers(card, kBattlefield, kGraveyard);
        changed = true;
      } else if (is_creature(card) && (o.damage >= toughness(card) || o.deathtouched)) {
        destroy(card, true);
        changed = true;
      } else if (o.attached >= 0 && !o.def->is("aura") &&
                 (objs[static_cast<size_t>(o.attached)].zone != kBattlefield || protected_from(o.attached, card))) {
        objs[c].attached = -1;  // equipment stays, unattached (also from a creature with protection from it)
      } else if (o.attached >= 0 && o.def->is("aura") && !grants_protection(*o.def) && !has_word(card, "auraward") &&
                 protected_from(o.attached, card)) {
        move(card, o.owner, kGraveyard);  // an aura falls off a creature with protection from it
        fire_zone_triggers(card, kBattlefield, kGraveyard);
        changed = true;
      } else if (o.attached >= 0 && objs[static_cast<size_t>(o.attached)].zone != kBattlefield) {
        move(card, o.owner, kGraveyard);
        fire_zone_triggers(card, kBattlefield, kGraveyard);
        changed = true;
      }
    }
    if (!changed && !home_sacrifices()) break;
  }
  unpair_noncreatures();
  if (rules->enabled("legendrule")) legend_rule();
  for (size_t c = 0; c < objs.size(); ++c) {
    if (objs[c].zone != kBattlefield && (objs[c].zone != kExile || objs[c].changes.empty())) continue;
    // Every one that holds, even when one of them takes the card away (Dark Depths: sacrificed, and the token).
    std::vector<const Ability*> due;
    const auto holds = [&](const Ability& a) {
      if (a.state_trigger && a.has_cond && condition_holds(a, static_cast<int>(c))) due.push_back(&a);
    };
    if (objs[c].zone == kBattlefield) {
      each_ability(static_cast<int>(c), holds);
    } else {  // in exile: the state triggers its changes give it there (All Hallow's Eve's last scream counter)
      std::vector<const Ability*> given;
      exile_lines(objs[c], given);
      for (const Ability* a : given) holds(*a);
    }
    const int controller = objs[c].controller;
    for (const Ability* d : due) run_effects(*d, static_cast<int>(c), controller, {}, 0);
  }
  for (int p = 0; p < 2; ++p) {
    if (loses_by_state(p)) loser = p;
  }
}

}  // namespace rk::mtg
