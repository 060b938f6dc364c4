// The verb table: what each leg of an effect string does. One entry per verb; a verb the table
// lacks is counted (coverage) and does nothing, so a replay shows where the rules are missing.
#include "games/vck/rules/verbs.h"
#include "games/vck/rules/verbs_internal.h"

#include <algorithm>
#include <string_view>

namespace rk::vck {

namespace detail {
Res4 res4(const Amount& a, int times) {
  Res4 r{};
  const int idx = a.res == Res::kGold ? 0 : a.res == Res::kStrength ? 1 : a.res == Res::kMagic ? 2 : a.res == Res::kVictory ? 3 : -1;
  if (idx >= 0) r[static_cast<size_t>(idx)] = a.n * times;
  return r;
}

int resource(const Player& p, Res r) {
  return r == Res::kGold ? p.g : r == Res::kStrength ? p.s : r == Res::kMagic ? p.m : r == Res::kVictory ? p.vp : 0;
}

}  // namespace detail

namespace {

using namespace detail;

// --- counting (count verb, <count ...> options) ---
using Counter = int (*)(const Game&, const Player&, const std::string&);
int roles(const Game& g, const Player& p, int role) {
  int n = 0;
  for (int id : p.cit) n += g.db().citizen(id)->roles[static_cast<size_t>(role)];
  for (int id : p.dom) n += g.db().domain(id)->roles[static_cast<size_t>(role)];
  return n;
}
std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}
const std::string& monster_field(const Game& g, const CardRef& m, bool area) {
  static const std::string none;
  if (m.kind == 'm') return area ? g.db().monster(m.id)->area : g.db().monster(m.id)->type;
  return area ? none : g.db().event(m.id)->type;
}
int count_monsters(const Game& g, const Player& p, const std::string& want, bool area) {
  int n = 0;
  for (const CardRef& m : p.mon) n += monster_field(g, m, area) == want;
  return n;
}
constexpr std::pair<std::string_view, Counter> kCounters[] = {
    {"owned_shadow", [](const Game& g, const Player& p, const std::string&) { return roles(g, p, kShadow); }},
    {"owned_holy", [](const Game& g, const Player& p, const std::string&) { return roles(g, p, kHoly); }},
    {"owned_soldier", [](const Game& g, const Player& p, const std::string&) { return roles(g, p, kSoldier); }},
    {"owned_worker", [](const Game& g, const Player& p, const std::string&) { return roles(g, p, kWorker); }},
    {"owned_monsters", [](const Game&, const Player& p, const std::string&) { return static_cast<int>(p.mon.size()); }},
    {"owned_domains", [](const Game&, const Player& p, const std::string&) { return static_cast<int>(p.dom.size()); }},
    {"owned_citizens",
     [](const Game&, const Player& p, const std::string&) { return static_cast<int>(std::count(p.flip.begin(), p.flip.end(), 0)); }},
    {"owned_citizen_name",
     [](const Game& g, const Player& p, const std::string& w) {
       int n = 0;
       for (size_t i = 0; i < p.cit.size(); ++i) n += !p.flip[i] && lower(g.db().citizen(p.cit[i])->name) == lower(w);
       return n;
     }},
    {"owned_starter_name",
     [](const Game& g, const Player& p, const std::string& w) {
       int n = 0;
       for (int s : p.starters) n += lower(g.db().starter(s)->name) == lower(w);
       return n;
     }},
    {"owned_monster_name",
     [](const Game& g, const Player& p, const std::string& w) {
       int n = 0;
       for (const CardRef& m : p.mon) n += m.kind == 'm' && lower(g.db().monster(m.id)->name) == lower(w);
       return n;
     }},
    {"area", [](const Game& g, const Player& p, const std::string& w) { return count_monsters(g, p, w, true); }},
    {"type", [](const Game& g, const Player& p, const std::string& w) { return count_monsters(g, p, w, false); }},
};

// The payout of a count leg: count x amount (the amount is the last argument).
bool count_payout(const Game& g, int seat, const Leg& leg, Res4& out) {
  if (leg.args.size() < 2 || leg.args.front().kind != Value::Kind::kWord || leg.args.back().kind != Value::Kind::kAmounts ||
      leg.args.back().amounts.empty())
    return false;
  const std::string& what = leg.args.front().text;
  const std::string arg = leg.args.size() > 2 ? leg.args[1].text : std::string();
  for (const auto& [name, fn] : kCounters) {
    if (name == what) {
      out = res4(leg.args.back().amounts.front(), fn(g, g.players()[static_cast<size_t>(seat)], arg));
      return true;
    }
  }
  return false;
}

// --- choose options ---
// A where-clause over a citizen card: name, gold_cost, role (a role icon it shows).
int citizen_field(const CitizenCard& c, std::string_view f) {
  if (f == "gold_cost" || f == "cost") return c.cost;
  if (f == "roll_match1") return c.rm1;
  return 0;
}
bool where_ok(const EffectSet& set, expr::NodeId id, const CitizenCard& c) {
  if (id == expr::kNoNode) return true;
  const expr::Node& n = set.pool[id];
  if (n.op == expr::Op::kAnd) return where_ok(set, set.pool.kid(n, 0), c) && where_ok(set, set.pool.kid(n, 1), c);
  if (n.op == expr::Op::kOr) return where_ok(set, set.pool.kid(n, 0), c) || where_ok(set, set.pool.kid(n, 1), c);
  const expr::Node& l = set.pool[set.pool.kid(n, 0)];
  const expr::Node& r = set.pool[set.pool.kid(n, 1)];
  const std::string_view field = set.symbols.name(l.sym);
  if (field == "name" || field == "role") {
    const std::string want = lower(std::string(set.symbols.name(r.sym)));
    bool eq = false;
    if (field == "name") {
      eq = lower(c.name) == want;
    } else {
      static constexpr std::string_view kRoles[] = {"shadow", "holy", "soldier", "worker"};
      for (size_t k = 0; k < 4; ++k) eq = eq || (kRoles[k] == want && c.roles[k] > 0);
    }
    return n.op == expr::Op::kNe ? !eq : eq;
  }
  const int v = citizen_field(c, field), w = r.value;
  switch (n.op) {
    case expr::Op::kEq: return v == w;
    case expr::Op::kNe: return v != w;
    case expr::Op::kLt: return v < w;
    case expr::Op::kLe: return v <= w;
    case expr::Op::kGt: return v > w;
    case expr::Op::kGe: return v >= w;
    default: return false;
  }
}

// The options of a choose leg as the engine expands them: one per amount or count, one per
// citizen stack whose top matches a citizen pick; options that cannot be taken are dropped.
std::vector<int16_t> expand_options(const Game& g, const Leg& leg) {
  std::vector<int16_t> out;
  for (size_t a = 0; a < leg.args.size(); ++a) {
    const Value& v = leg.args[a];
    const int16_t base = static_cast<int16_t>(a << 8);
    // Maps and tomes are Crimson Seas mechanics: outside that preset the engine drops such a
    // choose option and the card's other "out" remains (choose.py
    // _filter_unavailable_choose_options), often as a lone option taken at once. In Crimson Seas
    // a tome (one), a noble or a goods is one pick per filled face-up slot of its island row.
    const bool crimson_only = v.kind == Value::Kind::kAmounts && !v.amounts.empty() &&
                              std::all_of(v.amounts.begin(), v.amounts.end(), [](const Amount& m) { return m.res == Res::kMap || m.res == Res::kTome; });
    if (crimson_only && !g.crimson()) continue;
    const bool tome = crimson_only && v.amounts.size() == 1 && v.amounts[0].res == Res::kTome;
    const bool island = v.kind == Value::Kind::kBracket && (v.bracket[0].entity == "noble" || v.bracket[0].entity == "goods");
    if (tome || island) {
      if (!g.crimson() || (tome && v.amounts[0].n != 1)) continue;
      const std::string what = tome ? "tome" : v.bracket[0].entity;
      const size_t n = g.island_slots(what);
      for (size_t slot = 0; slot < n; ++slot) {
        if (g.island_slot_filled(what, slot)) out.push_back(static_cast<int16_t>(base | static_cast<int16_t>(slot)));
      }
      continue;
    }
    if (v.kind == Value::Kind::kAmounts || (v.kind == Value::Kind::kBracket && v.bracket[0].entity == "count")) {
      out.push_back(static_cast<int16_t>(base | 0xFF));
    } else if (v.kind == Value::Kind::kBracket && v.bracket[0].entity == "citizens") {
      const auto& stacks = g.citizen_stacks();
      for (size_t st = 0; st < stacks.size(); ++st) {
        if (stacks[st].empty() || stacks[st].back().kind != 'c') continue;
        const CitizenCard* c = g.db().citizen(stacks[st].back().id);
        if (c && !g.recruit_blocked(*c) && where_ok(g.db().set, v.bracket[0].where, *c)) out.push_back(static_cast<int16_t>(base | static_cast<int16_t>(st)));
      }
    }
  }
  return out;
}

void apply_option(Ctx& c, const Leg& leg, int16_t opt) {
  const Value& v = leg.args[static_cast<size_t>(opt >> 8)];
  const int stack = opt & 0xFF;
  if (v.kind == Value::Kind::kAmounts) {
    for (const Amount& a : v.amounts) {
      if (a.res == Res::kTome) c.g.take_island(c.seat, "tome", static_cast<size_t>(stack));
      else if (a.res == Res::kMap) c.g.gain_extra(c.seat, a.res, a.n);
      else c.g.gain(c.seat, res4(a));
    }
    return;
  }
  if (v.kind != Value::Kind::kBracket) return;
  const Bracket& b = v.bracket[0];
  if (b.entity == "noble" || b.entity == "goods") return c.g.take_island(c.seat, b.entity, static_cast<size_t>(stack));
  if (b.entity == "citizens" && stack != 0xFF) {
    auto& st = c.g.citizen_stacks_mut()[static_cast<size_t>(stack)];
    if (st.empty() || st.back().kind != 'c') return;
    Player& p = c.g.player(c.seat);
    p.cit.push_back(st.back().id);
    p.flip.push_back(0);
    st.pop_back();
    c.g.refill_stack(st);
  }
  for (const Effect& extra : b.extra) {
    for (const Leg& inner : extra.legs) {
      Res4 r{};
      if (inner.kind == Leg::Kind::kGain) {
        c.g.gain(c.seat, res4(inner.gain));
      } else if (count_payout(c.g, c.seat, inner, r)) {
        c.g.gain(c.seat, r);
      }
    }
  }
}

void verb_choose(Ctx& c, const Leg& leg) {
  const auto opts = expand_options(c.g, leg);
  if (opts.empty()) return;
  // A lone option is taken at once, except for a domain's build activation: the engine runs
  // those without auto_apply_single_choice, so the player still answers a one-option prompt.
  if (opts.size() == 1 && c.card.kind != 'd') return apply_option(c, leg, opts[0]);
  Prompt p;
  p.kind = Prompt::Kind::kChoose;
  p.seat = static_cast<int8_t>(c.seat);
  p.card = c.card.kind, p.card_id = c.card.id, p.on_turn = c.on_turn, p.leg = c.leg;
  p.options = static_cast<uint8_t>(opts.size());
  p.opts = opts;
  // A monster's reward asks at once even in the harvest (a slay payout), outside the gate.
  p.act = c.card.kind == 'm' || c.card.kind == 'e';
  c.g.add_prompt(p);
}

// --- steal (harvest pre-phase): a victim, then which resource when several are offered ---
void verb_steal(Ctx& c, const Leg& leg) {
  Prompt p;
  p.act = true;
  p.word = 1;
  p.seat = static_cast<int8_t>(c.seat);
  p.card = c.card.kind, p.card_id = c.card.id, p.on_turn = c.on_turn, p.leg = c.leg;
  const int rest = c.g.num_players() == 5 ? (c.g.active() + 4) % 5 : -1;
  for (int s = 0; s < c.g.num_players(); ++s) {
    // Castle of the Seven Suns: no steal targets an immune player (harvest.py steal victims).
    const bool immune = has_flag(c.g, s, "immunity.take") || has_flag(c.g, s, "immunity.steal");
    if (s != c.seat && s != rest && !immune) p.opts.push_back(static_cast<int16_t>(s));
  }
  (void)leg;
  if (p.opts.empty()) return;
  p.options = static_cast<uint8_t>(p.opts.size());
  c.g.add_prompt(p);
}

std::vector<Amount> leg_amounts(const Leg& leg) {
  std::vector<Amount> a;
  for (const Value& v : leg.args) {
    if (v.kind == Value::Kind::kAmounts) a.insert(a.end(), v.amounts.begin(), v.amounts.end());
  }
  return a;
}

void steal_from(Game& g, int thief, int victim, const Amount& a) {
  const int take = std::min(a.n, resource(g.players()[static_cast<size_t>(victim)], a.res));
  const Res4 r = res4({a.res, take});
  Res4 minus{};
  for (size_t k = 0; k < 4; ++k) minus[k] = -r[k];
  g.gain(victim, minus);
  g.gain(thief, r);
}

// victim_vp=N (the Bishop agent): the player stolen from gains N victory points.
void pay_victim_vp(Game& g, const Leg& leg, int victim) {
  for (const auto& [key, value] : leg.kv) {
    if (key == "victim_vp") g.gain(victim, {0, 0, 0, value.n});
  }
}

void resolve_steal(Game& g, const Prompt& p, const Leg& leg, int option) {
  const auto amounts = leg_amounts(leg);
  if (amounts.empty() || option < 1 || static_cast<size_t>(option) > p.opts.size()) return;
  if (p.word == 1) {
    const int victim = p.opts[static_cast<size_t>(option) - 1];
    if (amounts.size() == 1) return steal_from(g, p.seat, victim, amounts[0]), pay_victim_vp(g, leg, victim);
    Prompt q = p;
    q.word = 2;
    q.target = static_cast<int8_t>(victim);
    q.opts.clear();
    for (size_t k = 0; k < amounts.size(); ++k) q.opts.push_back(static_cast<int16_t>(k));
    q.options = static_cast<uint8_t>(q.opts.size());
    g.add_prompt(q);
    return;
  }
  steal_from(g, p.seat, p.target, amounts[static_cast<size_t>(p.opts[static_cast<size_t>(option) - 1])]);
  pay_victim_vp(g, leg, p.target);
}

bool exchange_parts(const Leg& leg, Amount& pay, Amount& get) {
  std::vector<Amount> a;
  for (const Value& v : leg.args) {
    if (v.kind == Value::Kind::kAmounts) a.insert(a.end(), v.amounts.begin(), v.amounts.end());
  }
  if (a.size() != 2 || a[0].res == Res::kWild || a[1].res == Res::kWild) return false;
  pay = a[0], get = a[1];
  return true;
}

// exchange R N wild M: pay N of R for M of a resource of the player's choosing (Port of Araby at
// action.start asks at once; the Sorceress's off-turn payout asks in the harvest gate).
void wild_gain_exchange(Ctx& c, const Amount& pay) {
  if (resource(c.g.players()[static_cast<size_t>(c.seat)], pay.res) < pay.n) return;
  Prompt p;
  p.act = c.g.in_action();
  p.word = p.act ? 21 : 20;
  p.seat = static_cast<int8_t>(c.seat);
  p.card = c.card.kind, p.card_id = c.card.id, p.on_turn = c.on_turn, p.leg = c.leg;
  p.opts = {static_cast<int16_t>(Res::kGold), static_cast<int16_t>(Res::kStrength), static_cast<int16_t>(Res::kMagic)};
  p.options = 3;
  p.skip = true;
  c.g.add_prompt(p);
}

// exchange wild N R M during the action phase (Zafar's Oasis): pay N of a resource of the
// player's choosing, or skip.
void wild_cost_exchange(Ctx& c, const Leg& leg) {
  std::vector<Amount> a;
  for (const Value& v : leg.args) {
    if (v.kind == Value::Kind::kAmounts) a.insert(a.end(), v.amounts.begin(), v.amounts.end());
  }
  if (a.size() == 2 && a[0].res != Res::kWild && a[1].res == Res::kWild) return wild_gain_exchange(c, a[0]);
  if (a.size() != 2 || a[0].res != Res::kWild || a[1].res == Res::kWild) return;
  Prompt p;
  p.act = c.g.in_action();  // in the harvest the question joins the gate (Bogatyr)
  p.word = p.act ? 17 : 22;
  p.seat = static_cast<int8_t>(c.seat);
  p.card = c.card.kind, p.card_id = c.card.id, p.on_turn = c.on_turn, p.leg = c.leg;
  for (Res r : {Res::kGold, Res::kStrength, Res::kMagic}) {
    if (resource(c.g.players()[static_cast<size_t>(c.seat)], r) >= a[0].n) p.opts.push_back(static_cast<int16_t>(r));
  }
  if (p.opts.empty()) return;
  p.options = static_cast<uint8_t>(p.opts.size());
  p.skip = true;
  c.g.add_prompt(p);
}

void verb_exchange(Ctx& c, const Leg& leg) {
  if (both_wild_exchange(c, leg)) return;  // Treant Chest (agents.cc)
  Amount pay, get;
  if (!exchange_parts(leg, pay, get)) return wild_cost_exchange(c, leg);
  if (resource(c.g.players()[static_cast<size_t>(c.seat)], pay.res) < pay.n) return;
  if (!c.g.in_action() && c.legs == 1) {
    Prompt p;
    p.kind = Prompt::Kind::kExchange;
    p.seat = static_cast<int8_t>(c.seat);
    p.card = c.card.kind, p.card_id = c.card.id, p.on_turn = c.on_turn, p.leg = c.leg;
    c.g.add_prompt(p);
    return;
  }
  Res4 r = res4(get);
  const Res4 minus = res4(pay);
  for (size_t k = 0; k < 4; ++k) r[k] -= minus[k];
  c.g.gain(c.seat, r);
}

void verb_count(Ctx& c, const Leg& leg) {
  Res4 r{};
  if (count_payout(c.g, c.seat, leg, r)) c.g.gain(c.seat, r);
}

using VerbFn = void (*)(Ctx&, const Leg&);
// Dampiar's Workshop: "you may Sail" once for free (Crimson Seas only): a may_sail prompt offers
// every sail the player can afford, or skip (payouts.py _execute_may_sail_payout).
void verb_may_sail(Ctx& c, const Leg&) {
  if (!c.g.crimson()) return;
  Prompt p;
  p.act = true;
  p.word = 27;
  p.skip = true;
  p.seat = static_cast<int8_t>(c.seat);
  p.card = c.card.kind, p.card_id = c.card.id, p.on_turn = c.on_turn, p.leg = c.leg;
  c.g.add_prompt(p);
}

// Solo's Haven: the player's spent tomes turn face up at once, to pay again this turn
// (payouts.py _execute_refresh_tomes_payout; tomes exist in Crimson Seas only).
void verb_refresh_tomes(Ctx& c, const Leg&) {
  if (c.g.crimson()) c.g.refresh_tomes(c.seat);
}

constexpr std::pair<std::string_view, VerbFn> kVerbs[] = {
    {"choose", verb_choose},
    {"exchange", verb_exchange},
    {"count", verb_count},
    {"steal", verb_steal},
    {"take_from_player", verb_take_from_player},
    {"pay_to_player", verb_take_from_player},
    {"self_convert", verb_self_convert},
    {"return_owned", verb_return_owned},
    {"slay", verb_slay},
    {"add_slay_cost", verb_add_slay_cost},
    {"add_self_slay_cost", verb_add_self_slay_cost},
    {"banish_player_citizen", verb_target_citizen},
    {"banish_random_player_monster", verb_random_monster},
    {"take_owned", verb_random_monster},
    {"flip_opponent_citizen", verb_target_citizen},
    {"flip_citizen", verb_target_citizen},
    {"concurrent_flip_one_citizen", verb_flip_gate},
    {"banish_center_citizen", verb_banish_center_citizen},
    {"all_gain_per_owned", verb_gain_per_owned},
    {"banish_center", verb_banish_center},
    {"build_domain", verb_build_domain},
    {"banish_owned_citizen", verb_banish_owned_citizen},
    {"add_self_gold_pool", verb_gold_pool},
    {"gain_self_gold_pool", verb_gold_pool},
    {"pay_to_chosen", verb_sequence},
    {"place_reserve_monster", verb_sequence},
    {"modify_monster_strength", verb_monster_strength},
    {"gain_action", verb_gain_action},
    {"steal_citizen", verb_steal_citizen},
    {"banish_center_domain", verb_banish_center_domain},
    {"sail", verb_may_sail},
    {"banish_owned", verb_banish_owned},
    {"recruit", verb_recruit},
    {"flip_opponent_domain", verb_flip_opponent_domain},
    {"refresh_tomes", verb_refresh_tomes},
};

// Who a gain or loss leg reaches: its audience (events: all_lose g 1, others_gain m 1, ...). The
// resting seat at 5 players is immune to losses.
void audience_gain(Ctx& c, const Leg& leg) {
  const std::string& a = leg.audience;
  const bool lose = a.find("lose") != std::string::npos;
  const int rest = c.g.num_players() == 5 ? (c.g.active() + 4) % 5 : -1;
  for (int s = 0; s < c.g.num_players(); ++s) {
    const bool me = s == c.seat;
    const bool hit = a.empty() ? me : a.rfind("all", 0) == 0 ? true : a.rfind("active", 0) == 0 ? me : a.rfind("others", 0) == 0 ? !me : me;
    if (!hit || (lose && s == rest)) continue;
    if (leg.gain.res == Res::kMap) c.g.gain_extra(s, Res::kMap, lose ? -leg.gain.n : leg.gain.n);
    else c.g.gain(s, res4(leg.gain, lose ? -1 : 1));
  }
}

// Golden Idol: active_choose between options written who_gain:res:n (self_gain, all_gain, ...).
void active_choose(Ctx& c, const Leg&) {
  Prompt p;
  p.act = true;
  p.word = 23;
  p.seat = static_cast<int8_t>(c.seat);
  p.card = c.card.kind, p.card_id = c.card.id, p.on_turn = c.on_turn, p.leg = c.leg;
  p.options = 2;
  p.opts = {0, 1};
  c.g.add_prompt(p);
}

void apply_active_choice(Game& g, const Prompt& p, const Leg& leg, int option) {
  if (option < 1 || static_cast<size_t>(option) > leg.sub.size() || leg.sub[static_cast<size_t>(option) - 1].legs.empty()) return;
  const std::string& w = leg.sub[static_cast<size_t>(option) - 1].legs[0].verb;  // self_gain:g:2
  const size_t a = w.find(':'), b = w.rfind(':');
  if (a == std::string::npos || b == a) return;
  const std::string who = w.substr(0, a), res = w.substr(a + 1, b - a - 1);
  const int n = std::atoi(w.c_str() + b + 1);
  const Res r = res == "g" ? Res::kGold : res == "s" ? Res::kStrength : res == "m" ? Res::kMagic : Res::kVictory;
  for (int s = 0; s < g.num_players(); ++s) {
    if (who.rfind("all", 0) == 0 || s == p.seat) g.gain(s, res4({r, n}));
  }
}

// False when no handler knows the leg (coverage counts a program as run only when one did).
// A bare pick leg (<citizens ...>: Kaharian Brute) asks like "choose <citizens ...>" with that
// one option, expanded per matching stack (payouts.py routes it to the choose prompt).
bool bare_citizen_pick(const Leg& l) { return l.kind == Leg::Kind::kBracket && l.bracket.entity == "citizens"; }
Leg as_choose(const Leg& l) {
  Leg ch = l;
  ch.kind = Leg::Kind::kVerb;
  ch.verb = "choose";
  Value v;
  v.kind = Value::Kind::kBracket;
  v.bracket = {l.bracket};
  ch.args = {v};
  return ch;
}

bool run_leg(Ctx& c, const Leg& leg) {
  if (bare_citizen_pick(leg)) return verb_choose(c, as_choose(leg)), true;
  if (leg.audience == "active_choose" && leg.sub.size() >= 2) return active_choose(c, leg), true;
  if (leg.kind == Leg::Kind::kGain) return audience_gain(c, leg), true;
  if (leg.kind == Leg::Kind::kBracket && leg.bracket.entity == "domains") return verb_grant_domain(c, leg), true;
  if (leg.kind != Leg::Kind::kVerb) return false;
  for (const auto& [name, fn] : kVerbs) {
    if (name == leg.verb) return fn(c, leg), true;
  }
  return false;
}

const Program* program_of(const Game& g, char card, int id, bool on_turn) {
  const CardDb& db = g.db();
  switch (card) {
    case 'c': return db.citizen(id) ? (on_turn ? &db.citizen(id)->special_on : &db.citizen(id)->special_off) : nullptr;
    case 's': return db.starter(id) ? (on_turn ? &db.starter(id)->special_on : &db.starter(id)->special_off) : nullptr;
    case 'm': return db.monster(id) ? &db.monster(id)->special_reward : nullptr;
    case 'e': return db.event(id) ? &db.event(id)->special_reward : nullptr;
    case 'd': return db.domain(id) ? &db.domain(id)->activation : nullptr;
    case 'D': return db.domain(id) ? &db.domain(id)->passive : nullptr;
    case 'E': return db.event(id) ? &db.event(id)->activation : nullptr;
    case 'R': return db.event(id) ? &db.event(id)->roll_effect : nullptr;
    case 'a': return db.agent(id) ? &db.agent(id)->activation : nullptr;
    case 'r': return db.relic(id) ? &db.relic(id)->passive : nullptr;
  }
  return nullptr;
}

}  // namespace

const Program* prompt_program(const Game& g, const Prompt& p) { return program_of(g, p.card, p.card_id, p.on_turn); }

Res4 special_cost_delta(const Game& g, int seat, const Program& p) {
  Res4 total{};
  if (!p.parsed) return total;
  for (const Leg& leg : p.effect.legs) {
    Res4 r{};
    if (leg.kind == Leg::Kind::kVerb && leg.verb == "count" && count_payout(g, seat, leg, r)) {
      for (size_t k = 0; k < 4; ++k) total[k] += r[k];
    }
  }
  g.note_ran(p);
  return total;
}

bool verb_known(const std::string& verb) {
  return std::any_of(std::begin(kVerbs), std::end(kVerbs), [&](const auto& v) { return v.first == verb; });
}

void run_program(Game& g, int seat, const Program& p, CardRef card, bool on_turn, size_t from) {
  if (!p.parsed) return;
  Ctx c{g, seat, card, on_turn, 0, p.effect.legs.size()};
  for (size_t i = from; i < p.effect.legs.size(); ++i) {
    c.leg = static_cast<uint16_t>(i);
    const size_t before = g.prompts().size();
    if (run_leg(c, p.effect.legs[i])) g.note_ran(p);
    // A leg that asked at once stops the effect until answered; the rest waits.
    if (g.prompts().size() > before && g.prompts().back().act && i + 1 < p.effect.legs.size()) {
      g.continuations().push_back({card.kind, card.id, on_turn, static_cast<uint16_t>(i + 1), static_cast<int8_t>(seat)});
      return;
    }
  }
}

void resume_continuation(Game& g) {
  while (!g.continuations().empty() && g.prompts().empty()) {
    const Game::Continuation k = g.continuations().back();
    g.continuations().pop_back();
    const Program* p = program_of(g, k.card, k.id, k.on_turn);
    if (p) run_program(g, k.seat, *p, {k.card, k.id}, k.on_turn, k.leg);
  }
}

void run_action_start(Game& g, int seat) {
  const Player& p = g.players()[static_cast<size_t>(seat)];
  for (size_t i = 0; i < p.dom.size() && g.prompts().empty(); ++i) {
    const DomainCard* d = g.db().domain(p.dom[i]);
    if (!d || !d->passive.parsed || (i < p.dom_turn.size() && p.dom_turn[i] == g.turn()) || p.domain_down(i)) continue;
    for (size_t k = 0; k < d->passive.effect.legs.size(); ++k) {
      const Leg& leg = d->passive.effect.legs[k];
      if (leg.phase != "action.start" || (leg.verb != "self_convert" && leg.verb != "exchange")) continue;
      Ctx c{g, seat, {'D', static_cast<int16_t>(d->id)}, true, static_cast<uint16_t>(k), d->passive.effect.legs.size()};
      g.note_ran(d->passive);
      run_leg(c, leg);
    }
  }
}

void run_action_end(Game& g, int seat, const DomainCard& d) {
  Ctx c{g, seat, {'D', static_cast<int16_t>(d.id)}, true, 0, d.passive.effect.legs.size()};
  for (size_t i = 0; i < d.passive.effect.legs.size(); ++i) {
    const Leg& leg = d.passive.effect.legs[i];
    if (leg.phase != "action.end") continue;
    g.note_ran(d.passive);
    c.leg = static_cast<uint16_t>(i);
    run_leg(c, leg);
  }
}

void board_event_passives(Game& g) {
  if (g.die(0) != g.die(1)) return;
  for (char grid : {'m', 'c', 'd'}) {
    for (const auto& st : g.stacks(grid)) {
      if (st.empty() || st.back().kind != 'e') continue;
      const EventCard* e = g.db().event(st.back().id);
      if (!e || !e->passive.parsed) continue;
      for (const Leg& leg : e->passive.effect.legs) {
        if (leg.phase != "roll" || leg.verb != "on_event" || leg.args.empty() || leg.args[0].text != "doubles") continue;
        Ctx c{g, g.active(), {'e', st.back().id}, true, 0, 1};
        g.note_ran(e->passive);
        for (const Effect& sub : leg.sub) {
          for (const Leg& l : sub.legs) run_leg(c, l);
        }
      }
    }
  }
}

void resolve_prompt(Game& g, const Prompt& p, int option) {
  if (p.word >= 28 && p.word <= 35) return resolve_owned_prompt(g, p, option);  // agents.cc
  if (p.word == 27) return;  // may_sail skipped (a sail taken closes it the same way)
  if (p.word == 26) {  // Crimson Seas: the Exekratys offering (crimson.cc)
    if (option >= 1 && static_cast<size_t>(option) <= p.opts.size()) g.place_on_exekratys(p.seat, p.opts[static_cast<size_t>(option) - 1]);
    return;
  }
  if (p.word == 6 || p.word == 7 || p.word == 15 || p.word == 19) return resolve_monster_prompt(g, p, nullptr, option);
  const Program* prog = program_of(g, p.card, p.card_id, p.on_turn);
  if (!prog || p.leg >= prog->effect.legs.size()) return;
  const Leg& written = prog->effect.legs[p.leg];
  const Leg converted = bare_citizen_pick(written) ? as_choose(written) : Leg();
  const Leg& leg = bare_citizen_pick(written) ? converted : written;
  Ctx c{g, p.seat, {p.card, p.card_id}, p.on_turn, p.leg, prog->effect.legs.size()};
  if (p.kind == Prompt::Kind::kExchange) {
    Amount pay, get;
    if (option != 1 || !exchange_parts(leg, pay, get)) return;
    if (resource(g.players()[static_cast<size_t>(p.seat)], pay.res) < pay.n) return;
    Res4 r = res4(get);
    const Res4 minus = res4(pay);
    for (size_t k = 0; k < 4; ++k) r[k] -= minus[k];
    g.gain(p.seat, r);
    return;
  }
  if (p.word == 1 || p.word == 2) return resolve_steal(g, p, leg, option);
  if (p.word == 12 || p.word == 13) {
    if (option < 1 || static_cast<size_t>(option) > p.opts.size()) return;
    if (p.word == 12) {
      Prompt q = p;
      q.word = 13;
      q.target = static_cast<int8_t>(p.opts[static_cast<size_t>(option) - 1]);
      q.opts = g.build_payments(p.seat, g.stacks('d')[static_cast<size_t>(q.target)].back().id);
      q.options = static_cast<uint8_t>(q.opts.size());
      g.add_prompt(q);
      return;
    }
    const int16_t pay = p.opts[static_cast<size_t>(option) - 1];
    g.redeem_tomes(p.seat, static_cast<uint16_t>((pay >> 8 & 7) | (pay >> 11 & 7) << 10));  // the tome part first
    g.build_from(p.seat, static_cast<size_t>(p.target), pay & 15, pay >> 4 & 15);
    return;
  }
  if (p.word == 20 || p.word == 21) {
    if (option < 1 || static_cast<size_t>(option) > p.opts.size()) return;
    std::vector<Amount> a;
    for (const Value& v : leg.args) {
      if (v.kind == Value::Kind::kAmounts) a.insert(a.end(), v.amounts.begin(), v.amounts.end());
    }
    if (a.size() != 2 || resource(g.players()[static_cast<size_t>(p.seat)], a[0].res) < a[0].n) return;
    g.gain(p.seat, res4(a[0], -1));
    g.gain(p.seat, res4({static_cast<Res>(p.opts[static_cast<size_t>(option) - 1]), a[1].n}));
    return;
  }
  if (p.word == 23) return apply_active_choice(g, p, leg, option);
  if (p.word == 24) return apply_gain_action(g, p, leg, option);
  if (p.word == 17 || p.word == 22) {
    if (option < 1 || static_cast<size_t>(option) > p.opts.size()) return;
    const Res r = static_cast<Res>(p.opts[static_cast<size_t>(option) - 1]);
    std::vector<Amount> a;
    for (const Value& v : leg.args) {
      if (v.kind == Value::Kind::kAmounts) a.insert(a.end(), v.amounts.begin(), v.amounts.end());
    }
    if (a.size() != 2 || resource(g.players()[static_cast<size_t>(p.seat)], r) < a[0].n) return;
    g.gain(p.seat, res4({r, -a[0].n}));
    g.gain(p.seat, res4(a[1]));
    return;
  }
  if (p.word == 11) {
    if (option < 1 || static_cast<size_t>(option) > p.opts.size()) return;
    auto& st = g.citizen_stacks_mut()[static_cast<size_t>(p.opts[static_cast<size_t>(option) - 1])];
    if (!st.empty()) st.pop_back();
    g.refill_stack(st);
    return;
  }
  if (p.word == 10) {
    if (option >= 1 && static_cast<size_t>(option) <= p.opts.size()) g.player(p.seat).flip[static_cast<size_t>(p.opts[static_cast<size_t>(option) - 1])] = 1;
    return;
  }
  if ((p.word >= 6 && p.word <= 8) || p.word == 14) return resolve_monster_prompt(g, p, &leg, option);
  if (p.word == 25) {
    if (option >= 1 && static_cast<size_t>(option) <= p.opts.size()) g.grant_domain(p.seat, static_cast<size_t>(p.opts[static_cast<size_t>(option) - 1]));
    return;
  }
  if (p.word >= 3) return resolve_domain_prompt(g, p, leg, option);
  if (option >= 1 && static_cast<size_t>(option) <= p.opts.size()) apply_option(c, leg, p.opts[static_cast<size_t>(option) - 1]);
}

}  // namespace rk::vck
