// The verb table: what each leg of an effect string does. One entry per verb; a verb the table
// lacks is counted (coverage) and does nothing, so a replay shows where the rules are missing.
#include "games/vck/verbs.h"

#include <algorithm>
#include <string_view>

namespace rk::vck {
namespace {

struct Ctx {
  Game& g;
  int seat;
  CardRef card;
  bool on_turn;
  uint16_t leg;
  size_t legs;
};

Res4 res4(const Amount& a, int times = 1) {
  Res4 r{};
  const int idx = a.res == Res::kGold ? 0 : a.res == Res::kStrength ? 1 : a.res == Res::kMagic ? 2 : a.res == Res::kVictory ? 3 : -1;
  if (idx >= 0) r[static_cast<size_t>(idx)] = a.n * times;
  return r;
}

int resource(const Player& p, Res r) {
  return r == Res::kGold ? p.g : r == Res::kStrength ? p.s : r == Res::kMagic ? p.m : r == Res::kVictory ? p.vp : 0;
}

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
// Whether an option can be taken now (the engine drops options that cannot: a citizen pick
// with no matching citizen in the center). Citizen and domain picks are not run yet.
bool option_available(const Value& v) { return v.kind == Value::Kind::kAmounts || (v.kind == Value::Kind::kBracket && v.bracket[0].entity == "count"); }

void apply_option(Ctx& c, const Value& v) {
  if (v.kind == Value::Kind::kAmounts) {
    for (const Amount& a : v.amounts) c.g.gain(c.seat, res4(a));
  } else if (v.kind == Value::Kind::kBracket && !v.bracket[0].extra.empty()) {
    Res4 r{};
    const Leg& inner = v.bracket[0].extra[0].legs.front();
    if (count_payout(c.g, c.seat, inner, r)) c.g.gain(c.seat, r);
  }
}

std::vector<const Value*> options(const Leg& leg) {
  std::vector<const Value*> out;
  for (const Value& v : leg.args) {
    if (option_available(v)) out.push_back(&v);
  }
  return out;
}

void verb_choose(Ctx& c, const Leg& leg) {
  const auto opts = options(leg);
  if (opts.empty()) return;
  if (opts.size() == 1) return apply_option(c, *opts[0]);
  Prompt p;
  p.kind = Prompt::Kind::kChoose;
  p.seat = static_cast<int8_t>(c.seat);
  p.card = c.card.kind, p.card_id = c.card.id, p.on_turn = c.on_turn, p.leg = c.leg;
  p.options = static_cast<uint8_t>(opts.size());
  c.g.add_prompt(p);
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

void verb_exchange(Ctx& c, const Leg& leg) {
  Amount pay, get;
  if (!exchange_parts(leg, pay, get)) return;
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
constexpr std::pair<std::string_view, VerbFn> kVerbs[] = {
    {"choose", verb_choose},
    {"exchange", verb_exchange},
    {"count", verb_count},
};

void run_leg(Ctx& c, const Leg& leg) {
  if (leg.kind == Leg::Kind::kGain) {
    c.g.gain(c.seat, res4(leg.gain));
    return;
  }
  if (leg.kind != Leg::Kind::kVerb) return;
  for (const auto& [name, fn] : kVerbs) {
    if (name == leg.verb) return fn(c, leg);
  }
}

const Program* program_of(const Game& g, char card, int id, bool on_turn) {
  const CardDb& db = g.db();
  switch (card) {
    case 'c': return db.citizen(id) ? (on_turn ? &db.citizen(id)->special_on : &db.citizen(id)->special_off) : nullptr;
    case 's': return db.starter(id) ? (on_turn ? &db.starter(id)->special_on : &db.starter(id)->special_off) : nullptr;
    case 'm': return db.monster(id) ? &db.monster(id)->special_reward : nullptr;
    case 'e': return db.event(id) ? &db.event(id)->special_reward : nullptr;
    case 'd': return db.domain(id) ? &db.domain(id)->activation : nullptr;
  }
  return nullptr;
}

}  // namespace

bool verb_known(const std::string& verb) {
  return std::any_of(std::begin(kVerbs), std::end(kVerbs), [&](const auto& v) { return v.first == verb; });
}

void run_program(Game& g, int seat, const Program& p, CardRef card, bool on_turn) {
  if (!p.parsed) return;
  Ctx c{g, seat, card, on_turn, 0, p.effect.legs.size()};
  for (size_t i = 0; i < p.effect.legs.size(); ++i) {
    c.leg = static_cast<uint16_t>(i);
    run_leg(c, p.effect.legs[i]);
  }
}

void resolve_prompt(Game& g, const Prompt& p, int option) {
  const Program* prog = program_of(g, p.card, p.card_id, p.on_turn);
  if (!prog || p.leg >= prog->effect.legs.size()) return;
  const Leg& leg = prog->effect.legs[p.leg];
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
  const auto opts = options(leg);
  if (option >= 1 && static_cast<size_t>(option) <= opts.size()) apply_option(c, *opts[static_cast<size_t>(option) - 1]);
}

}  // namespace rk::vck
