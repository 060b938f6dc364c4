// The verbs whose effect asks someone something (a player to take from, an owned card, a
// monster to slay, a domain to build, ...) and their answers. Table: verbs.cc.
#include <algorithm>
#include <cctype>
#include <string_view>

#include "games/vck/rules/verbs.h"
#include "games/vck/rules/verbs_internal.h"

namespace rk::vck {
namespace detail {
namespace {
// --- prompts of domain effects: a player to take from, an owned card to return, a conversion ---
const Value* kv(const Leg& leg, std::string_view key) {
  for (const auto& [k, v] : leg.kv) {
    if (k == key) return &v;
  }
  return nullptr;
}
bool optional(const Leg& leg) { return std::find(leg.flags.begin(), leg.flags.end(), "optional") != leg.flags.end(); }
bool has_take_immunity(const Game& g, int seat) { return has_flag(g, seat, "immunity.take") || has_flag(g, seat, "immunity.steal"); }

Prompt act_prompt(Ctx& c, uint8_t word) {
  Prompt p;
  p.act = true;
  p.word = word;
  p.seat = static_cast<int8_t>(c.seat);
  p.card = c.card.kind, p.card_id = c.card.id, p.on_turn = c.on_turn, p.leg = c.leg;
  return p;
}

}  // namespace

void verb_take_from_player(Ctx& c, const Leg& leg) {
  Prompt p = act_prompt(c, 3);
  const int rest = c.g.num_players() == 5 ? (c.g.active() + 4) % 5 : -1;
  const bool take = leg.verb == "take_from_player";
  // Take only from a player who has the whole amount (domain_effects.py _manipulate_candidates_other_players).
  const Value* want = kv(leg, "take");
  auto has_all = [&](int s) {
    return want && !want->amounts.empty() && resource(c.g.players()[static_cast<size_t>(s)], want->amounts[0].res) >= want->amounts[0].n;
  };
  for (int s = 0; s < c.g.num_players(); ++s) {
    if (s != c.seat && (!take || (s != rest && !has_take_immunity(c.g, s) && has_all(s)))) p.opts.push_back(static_cast<int16_t>(s));
  }
  if (!take) {  // pay_to_player: the payer must afford it
    const Value* pay = kv(leg, "pay");
    if (!pay || pay->amounts.empty() || resource(c.g.players()[static_cast<size_t>(c.seat)], pay->amounts[0].res) < pay->amounts[0].n) return;
  }
  if (p.opts.empty()) return;
  p.options = static_cast<uint8_t>(p.opts.size());
  p.skip = optional(leg) || !take;
  c.g.add_prompt(p);
}

// Sunder Bay, Laborium, Skeleton Army: an opponent, then one of their citizens to banish or flip.
// Wandering Flame, Purloiner's Perch, Trapmaster: an opponent, then one of their monsters at
// random, banished or taken (player_actions.py random banish / random take).
bool targets_random_monster(const Leg& leg) {
  return leg.verb == "banish_random_player_monster" || (leg.verb == "take_owned" && !leg.args.empty() && leg.args[0].text == "monster");
}
void verb_random_monster(Ctx& c, const Leg& leg) {
  Prompt p = act_prompt(c, 3);
  const int rest = c.g.num_players() == 5 ? (c.g.active() + 4) % 5 : -1;
  const bool take = leg.verb == "take_owned";
  // Wandering Flame offers every other player with a monster, the resting seat too
  // (payouts.py _execute_banish_random_player_monster_payout); take_owned leaves it out.
  for (int s = 0; s < c.g.num_players(); ++s) {
    if (s == c.seat || c.g.players()[static_cast<size_t>(s)].mon.empty() || (take && has_take_immunity(c.g, s))) continue;
    if (s == rest && take) continue;
    p.opts.push_back(static_cast<int16_t>(s));
  }
  if (p.opts.empty()) return;
  p.options = static_cast<uint8_t>(p.opts.size());
  p.skip = optional(leg);
  c.g.add_prompt(p);
}

bool targets_citizen(const Leg& leg) {
  return leg.verb == "banish_player_citizen" || leg.verb == "flip_opponent_citizen" || leg.verb == "flip_citizen";
}
std::vector<int16_t> victim_citizens(const Game& g, int victim, bool flip) {
  std::vector<int16_t> out;
  const Player& v = g.players()[static_cast<size_t>(victim)];
  for (size_t i = 0; i < v.cit.size(); ++i) {
    if (!flip || !v.flip[i]) out.push_back(static_cast<int16_t>(i));
  }
  return out;
}
// Cursed Cavern (seed 002's named function concurrent_flip_one_citizen) and A Betrayal of Bonds:
// every player in play flips one of their own face-up citizens, in one simultaneous gate.
void verb_flip_gate(Ctx& c, const Leg&) {
  const int rest = c.g.num_players() == 5 ? (c.g.active() + 4) % 5 : -1;
  for (int s = 0; s < c.g.num_players(); ++s) {
    const auto own = victim_citizens(c.g, s, true);
    if (s == rest || own.empty()) continue;
    Prompt p = act_prompt(c, 10);
    p.act = false;
    p.seat = static_cast<int8_t>(s);
    p.opts = own;
    p.options = static_cast<uint8_t>(own.size());
    c.g.add_prompt(p);
  }
}

void verb_target_citizen(Ctx& c, const Leg& leg) {
  if (leg.audience == "all_must") return verb_flip_gate(c, leg);
  Prompt p = act_prompt(c, 3);
  const int rest = c.g.num_players() == 5 ? (c.g.active() + 4) % 5 : -1;
  const bool flip = leg.verb != "banish_player_citizen";
  for (int s = 0; s < c.g.num_players(); ++s) {
    if (s != c.seat && s != rest && !victim_citizens(c.g, s, flip).empty()) p.opts.push_back(static_cast<int16_t>(s));
  }
  if (p.opts.empty()) return;
  p.options = static_cast<uint8_t>(p.opts.size());
  p.skip = optional(leg);
  c.g.add_prompt(p);
}

// Hobb's End (steal_citizen gold_cost<=N): an opponent in play with a citizen costing at most N,
// then one such citizen (face-down ones too), which joins the thief's tableau face up.
// A two-step prompt whose first answer named a player: ask next (step 4) for one of that player's
// citizens among `opts`; nothing is asked when there is none.
template <class CitizensOf>
void ask_for_chosen_players_citizen(Game& g, const Prompt& p, int option, CitizensOf citizens_of) {
  Prompt q = p;
  q.word = 4;
  q.target = static_cast<int8_t>(p.opts[static_cast<size_t>(option) - 1]);
  q.opts = citizens_of(q.target);
  q.options = static_cast<uint8_t>(q.opts.size());
  if (q.options) g.add_prompt(q);
}

int steal_max_cost(const Game& g, char kind, int id) {
  const DomainCard* d = kind == 'd' ? g.db().domain(id) : nullptr;
  const size_t at = d ? d->activation.text.find("<=") : std::string::npos;
  return at == std::string::npos ? 2 : std::atoi(d->activation.text.c_str() + at + 2);
}
std::vector<int16_t> stealable_citizens(const Game& g, int victim, int max_cost) {
  std::vector<int16_t> out;
  const Player& v = g.players()[static_cast<size_t>(victim)];
  for (size_t i = 0; i < v.cit.size(); ++i) {
    const CitizenCard* card = g.db().citizen(v.cit[i]);
    if (card && card->cost <= max_cost) out.push_back(static_cast<int16_t>(i));
  }
  return out;
}
void verb_steal_citizen(Ctx& c, const Leg&) {
  Prompt p = act_prompt(c, 3);
  const int rest = c.g.num_players() == 5 ? (c.g.active() + 4) % 5 : -1;
  const int max_cost = steal_max_cost(c.g, c.card.kind, c.card.id);
  for (int s = 0; s < c.g.num_players(); ++s) {
    if (s != c.seat && s != rest && !stealable_citizens(c.g, s, max_cost).empty()) p.opts.push_back(static_cast<int16_t>(s));
  }
  if (p.opts.empty()) return;
  p.options = static_cast<uint8_t>(p.opts.size());
  c.g.add_prompt(p);
}
void resolve_steal_citizen(Game& g, const Prompt& p, int option) {
  if (option < 1 || static_cast<size_t>(option) > p.opts.size()) return;
  if (p.word == 3) {
    const int max_cost = steal_max_cost(g, p.card, p.card_id);
    ask_for_chosen_players_citizen(g, p, option, [&](int victim) { return stealable_citizens(g, victim, max_cost); });
    return;
  }
  Player& v = g.player(p.target);
  const size_t i = static_cast<size_t>(p.opts[static_cast<size_t>(option) - 1]);
  if (i >= v.cit.size()) return;
  Player& me = g.player(p.seat);
  me.cit.push_back(v.cit[i]);
  me.flip.push_back(0);
  v.cit.erase(v.cit.begin() + static_cast<long>(i));
  v.flip.erase(v.flip.begin() + static_cast<long>(i));
}

// Support the Empire: pay a wild amount with one resource of the player's choosing.
// The resting seat (5 players) takes no part in an event's gate (events.py _event_participants).
void wild_convert_gate(Ctx& c, const Amount& pay) {
  const int rest = c.g.num_players() == 5 ? (c.g.active() + 4) % 5 : -1;
  for (int s = 0; s < c.g.num_players(); ++s) {
    if (s == rest) continue;
    Prompt p = act_prompt(c, 9);
    p.act = false;
    p.seat = static_cast<int8_t>(s);
    for (Res r : {Res::kGold, Res::kStrength, Res::kMagic}) {
      if (resource(c.g.players()[static_cast<size_t>(s)], r) >= pay.n) p.opts.push_back(static_cast<int16_t>(r));
    }
    if (p.opts.empty()) continue;
    p.options = static_cast<uint8_t>(p.opts.size());
    p.skip = true;
    p.target = 1;  // wild: the options name resources
    c.g.add_prompt(p);
  }
}

// A Call To Arms, Worthy Sacrifice: each player may banish one of their face-up citizens (with the
// role asked) for a reward, in one gate.
void verb_banish_owned_citizen(Ctx& c, const Leg& leg) {
  if (leg.audience.rfind("seq", 0) == 0) return verb_sequence(c, leg);
  if (leg.audience != "all_may") return;
  const Value* role = kv(leg, "role");
  static constexpr std::string_view kRoles[] = {"shadow", "holy", "soldier", "worker"};
  const int rest = c.g.num_players() == 5 ? (c.g.active() + 4) % 5 : -1;
  for (int s = 0; s < c.g.num_players(); ++s) {
    if (s == rest) continue;  // not in play while resting
    const Player& pl = c.g.players()[static_cast<size_t>(s)];
    Prompt p = act_prompt(c, 16);
    p.act = false;
    p.seat = static_cast<int8_t>(s);
    for (size_t i = 0; i < pl.cit.size(); ++i) {
      const CitizenCard* card = c.g.db().citizen(pl.cit[i]);
      bool ok = !pl.flip[i];
      for (size_t r = 0; role && r < 4; ++r) {
        if (kRoles[r] == role->text) ok = ok && card->roles[r] > 0;
      }
      if (ok) p.opts.push_back(static_cast<int16_t>(i));
    }
    if (p.opts.empty()) continue;
    p.options = static_cast<uint8_t>(p.opts.size());
    p.skip = true;
    c.g.add_prompt(p);
  }
}

// Event sequences (seq all_must / seq all_may): each player in turn, from the active player, answers
// one prompt; the next player's prompt is made once the previous one is answered, from the
// board as it is then. Alms for the Poor (pay_to_chosen), Worthy Sacrifice (banish_owned_citizen),
// Night Terror (banish_center_citizen).
std::vector<int16_t> sequence_options(const Game& g, const Leg& leg, int seat) {
  std::vector<int16_t> out;
  const Player& pl = g.players()[static_cast<size_t>(seat)];
  if (leg.verb == "pay_to_chosen") {
    const Value* pay = kv(leg, "pay");
    const int n = pay && !pay->amounts.empty() ? pay->amounts[0].n : 0;
    // Only a resource that covers the whole payment: a player who has none is passed over
    // (events.py _seq_player_can_act), the engine refuses a short payment (resolve_sequence_response).
    for (int r = 0; r < 3; ++r) {
      if (resource(pl, static_cast<Res>(r)) < n) continue;
      for (int o = 0; o < g.num_players(); ++o) {
        if (o != seat) out.push_back(static_cast<int16_t>(1000 + r * 8 + o));  // 1000+: a payment
      }
    }
  } else if (leg.verb == "banish_owned_citizen") {  // face-up citizens only (events.py _seq_owned_citizen_indices)
    for (size_t i = 0; i < pl.cit.size(); ++i) {
      if (!pl.flip[i]) out.push_back(static_cast<int16_t>(i));
    }
  } else if (leg.verb == "place_reserve_monster") {
    // Any stack topped by a real card or a monster event (not a token or a spent event).
    if (g.undead_samurai().empty()) return out;
    for (int code : {0, 16, 32}) {
      const size_t n = g.stacks(code == 0 ? 'm' : code == 16 ? 'c' : 'd').size();
      for (size_t i = 0; i < n; ++i) {
        const auto& st = g.stack_at(code + static_cast<int>(i));
        if (st.empty() || st.back().kind == 'x') continue;
        if (st.back().kind == 'e' && !(g.db().event(st.back().id) && g.db().event(st.back().id)->monster)) continue;
        out.push_back(static_cast<int16_t>(kPlaceBase + code + static_cast<int>(i)));
      }
    }
  } else {
    const auto& stacks = g.stacks('c');
    for (size_t i = 0; i < stacks.size(); ++i) {
      if (!stacks[i].empty() && stacks[i].back().kind == 'c') out.push_back(static_cast<int16_t>(i));
    }
  }
  return out;
}

// In turn order from the active player; the resting seat (5 players) takes no part except in the
// Undead Samurai scatter, a placement (events.py _begin_sequence), and a player with no legal
// answer is passed over (_advance_sequence).
void sequence_prompt(Game& g, const Prompt& from, const Leg& leg, int k) {
  const int rest = g.num_players() == 5 && leg.verb != "place_reserve_monster" ? (g.active() + 4) % 5 : -1;
  for (; k < g.num_players(); ++k) {
    if ((g.active() + k) % g.num_players() == rest) continue;
    Prompt p = from;
    p.act = true;
    p.word = 18;
    p.target = static_cast<int8_t>(k);
    p.seat = static_cast<int8_t>((g.active() + k) % g.num_players());
    p.opts = sequence_options(g, leg, p.seat);
    p.options = static_cast<uint8_t>(p.opts.size());
    p.skip = leg.audience.find("may") != std::string::npos;
    if (p.options) return g.add_prompt(p);
  }
}

void verb_sequence(Ctx& c, const Leg& leg) {
  if (c.g.sequence_stuck) return;  // "could not start (sequence already running)"
  if (leg.verb == "place_reserve_monster") {  // one scatter per game, and only with minions left
    if (c.g.undead_samurai_placed || c.g.undead_samurai().empty()) return;
    c.g.undead_samurai_placed = true;
  }
  Prompt p = act_prompt(c, 18);
  sequence_prompt(c.g, p, leg, 0);
}

void resolve_sequence(Game& g, const Prompt& p, const Leg& leg, int option) {
  if (option >= 1 && static_cast<size_t>(option) <= p.opts.size()) {
    const int16_t o = p.opts[static_cast<size_t>(option) - 1];
    Player& me = g.player(p.seat);
    const Value* gain = kv(leg, "gain");
    if (leg.verb == "pay_to_chosen") {
      const Value* pay = kv(leg, "pay");
      const Res r = static_cast<Res>((o - 1000) / 8);
      const int n = std::min(pay && !pay->amounts.empty() ? pay->amounts[0].n : 0, resource(me, r));
      g.gain(p.seat, res4({r, -n}));
      g.gain((o - 1000) % 8, res4({r, n}));
    } else if (o >= kPlaceBase) {
      auto& pool = g.undead_samurai_mut();
      if (!pool.empty()) {
        if (o - kPlaceBase < 16) g.bury_boost(static_cast<size_t>(o - kPlaceBase));
        g.stack_at(o - kPlaceBase).push_back(pool.front());
        pool.erase(pool.begin());
      }
    } else if (leg.verb == "banish_owned_citizen") {
      me.cit.erase(me.cit.begin() + o);
      me.flip.erase(me.flip.begin() + o);
      if (gain && !gain->amounts.empty()) g.gain(p.seat, res4(gain->amounts[0]));
    } else {
      auto& st = g.citizen_stacks_mut()[static_cast<size_t>(o)];
      if (!st.empty()) st.pop_back();
      g.refill_stack(st);
    }
  }
  sequence_prompt(g, p, leg, p.target + 1);
}

// The Wizards of Nae (active_may gain_action pay=m:3): in the action phase only, and only when
// the active player can pay, they may pay for one more action (accept / skip).
void verb_gain_action(Ctx& c, const Leg& leg) {
  const Value* pay = kv(leg, "pay");
  if (!c.g.in_action() || !pay || pay->amounts.empty()) return;
  if (resource(c.g.players()[static_cast<size_t>(c.seat)], pay->amounts[0].res) < pay->amounts[0].n) return;
  Prompt p;
  p.act = true;
  p.word = 24;
  p.seat = static_cast<int8_t>(c.seat);
  p.card = c.card.kind, p.card_id = c.card.id, p.on_turn = c.on_turn, p.leg = c.leg;
  p.options = 1;
  p.opts = {0};
  p.skip = true;
  c.g.add_prompt(p);
}

void apply_gain_action(Game& g, const Prompt& p, const Leg& leg, int option) {
  const Value* pay = kv(leg, "pay");
  if (option != 1 || !pay || pay->amounts.empty()) return;
  if (resource(g.players()[static_cast<size_t>(p.seat)], pay->amounts[0].res) < pay->amounts[0].n) return;
  g.gain(p.seat, res4(pay->amounts[0], -1));
  g.add_action();
}

// Ghost Ship: the active player places gold on the event; its slayer takes the pool.
void verb_gold_pool(Ctx& c, const Leg& leg) {
  int32_t& pool = c.g.gold_pool(c.card.id);
  if (leg.verb == "gain_self_gold_pool") {
    c.g.gain(c.seat, {pool, 0, 0, 0});
    pool = 0;
    return;
  }
  const int want = leg.args.empty() ? 1 : leg.args[0].n;
  const int placed = std::min(want, c.g.players()[static_cast<size_t>(c.seat)].g);
  c.g.gain(c.seat, {-placed, 0, 0, 0});
  pool += placed;
}

void verb_self_convert(Ctx& c, const Leg& leg) {
  const Value* pay = kv(leg, "pay");
  const Value* gain = kv(leg, "gain");
  if (!pay || !gain) return;
  if (leg.audience == "all_may" && pay->amounts.size() == 1 && pay->amounts[0].res == Res::kWild) return wild_convert_gate(c, pay->amounts[0]);
  auto affords = [&](int seat) {
    for (const Amount& a : pay->amounts) {
      if (a.res == Res::kWild || resource(c.g.players()[static_cast<size_t>(seat)], a.res) < a.n) return false;
    }
    return true;
  };
  if (leg.audience == "all_may") {  // an event: every player in play who can pay answers in one gate
    const int rest = c.g.num_players() == 5 ? (c.g.active() + 4) % 5 : -1;
    for (int s = 0; s < c.g.num_players(); ++s) {
      if (s == rest || !affords(s)) continue;
      Prompt p = act_prompt(c, 9);
      p.act = false;
      p.seat = static_cast<int8_t>(s);
      p.options = 1;
      p.skip = true;
      c.g.add_prompt(p);
    }
    return;
  }
  if (!affords(c.seat)) return;
  Prompt p = act_prompt(c, 5);
  p.options = 1;
  p.skip = true;
  c.g.add_prompt(p);
}

// Whether `card` has a stack to go back on (return_card): a monster of an area dealt a stack
// (not a slain event, not an Undead Samurai Minion of the Lord event's reserve), a citizen whose
// roll value keys a citizen stack.
bool has_return_stack(const Game& g, const CardRef& card) {
  if (card.kind == 'm') {
    const MonsterCard* m = g.db().monster(card.id);
    for (size_t i = 0; m && i < g.stacks('m').size() && i < g.monster_areas().size(); ++i) {
      if (g.monster_areas()[i] == m->area) return true;
    }
    return false;
  }
  const CitizenCard* c = card.kind == 'c' ? g.db().citizen(card.id) : nullptr;
  return c && c->rm1 >= 1 && c->rm1 != 10 && c->rm1 <= 11;
}

// Every owned card is listed (the original's prompt numbers them all), but one with no stack to
// go back on does nothing when picked (domain_effects.py _prompt_return_owned_card lists it, the
// answer cannot return it): not offered.
void verb_return_owned(Ctx& c, const Leg& leg) {
  if (leg.args.empty()) return;
  const Player& pl = c.g.players()[static_cast<size_t>(c.seat)];
  const bool monster = leg.args[0].text == "monster";
  const size_t n = monster ? pl.mon.size() : pl.cit.size();
  if (n == 0) return;
  Prompt p = act_prompt(c, 4);
  p.options = static_cast<uint8_t>(n);
  for (size_t i = 0; i < n; ++i) {
    const CardRef card = monster ? pl.mon[i] : CardRef{'c', static_cast<int16_t>(pl.cit[i])};
    p.opts.push_back(has_return_stack(c.g, card) ? int16_t{0} : kInertOption);
  }
  p.skip = optional(leg);
  c.g.add_prompt(p);
}

// The stack a returned card goes back on: the monster stack of its area, the citizen stack of
// its roll value (1..8, 9-10, 11-12).
bool return_card(Game& g, const CardRef& card) {
  if (card.kind == 'm') {
    const MonsterCard* m = g.db().monster(card.id);
    auto& stacks = g.monster_stacks_mut();
    for (size_t i = 0; m && i < stacks.size(); ++i) {
      if (i < g.monster_areas().size() && g.monster_areas()[i] == m->area) {
        g.unexhaust_top(stacks[i]);
        g.bury_boost(i);
        stacks[i].push_back(card);
        return true;
      }
    }
    return false;
  }
  const CitizenCard* c = g.db().citizen(card.id);
  // roll_match1 1..9 keys stacks 0..8 and 11 the last one; any other value has no stack
  // (domain_effects.py _return_citizen_to_stack).
  if (!c || c->rm1 < 1 || c->rm1 == 10 || c->rm1 > 11) return false;
  const int idx = c->rm1 == 11 ? 9 : c->rm1 - 1;
  auto& st = g.citizen_stacks_mut()[static_cast<size_t>(idx)];
  g.unexhaust_top(st);
  st.push_back(card);
  return true;
}

// take_from_player / pay_to_player: the resource moves between the two players.
void resolve_take_or_pay(Game& g, const Prompt& p, const Leg& leg, int option) {
  const int other = p.opts[static_cast<size_t>(option) - 1];
  const bool take = leg.verb == "take_from_player";
  const Value* v = kv(leg, take ? "take" : "pay");
  const Value* gain = kv(leg, "gain");
  if (!v || v->amounts.empty()) return;
  const Amount a = v->amounts[0];
  const int from = take ? other : p.seat, to = take ? p.seat : other;
  const int n = std::min(a.n, resource(g.players()[static_cast<size_t>(from)], a.res));
  g.gain(from, res4({a.res, -n}));
  g.gain(to, res4({a.res, n}));
  if (!take && gain && !gain->amounts.empty()) g.gain(p.seat, res4(gain->amounts[0]));
}

// return_owned: the card goes back on its stack for the reward.
void resolve_return_owned(Game& g, const Prompt& p, const Leg& leg, int option) {
  if (leg.args.size() < 2 || leg.args[1].amounts.empty()) return;
  Player& me = g.player(p.seat);
  const size_t i = static_cast<size_t>(option) - 1;
  const bool monster = leg.args[0].text == "monster";
  if (monster && i < me.mon.size() && return_card(g, me.mon[i])) {
    me.mon.erase(me.mon.begin() + static_cast<long>(i));
  } else if (!monster && i < me.cit.size() && return_card(g, {'c', static_cast<int16_t>(me.cit[i])})) {
    me.cit.erase(me.cit.begin() + static_cast<long>(i));
    me.flip.erase(me.flip.begin() + static_cast<long>(i));
  } else {
    return;
  }
  g.gain(p.seat, res4(leg.args[1].amounts[0]));
}

void resolve_domain_prompt(Game& g, const Prompt& p, const Leg& leg, int option) {
  if (p.word == 18) return resolve_sequence(g, p, leg, option);
  if (option == 0) return;  // skipped
  Player& me = g.player(p.seat);
  if (targets_random_monster(leg)) {
    const int victim = p.opts[static_cast<size_t>(option) - 1];
    Player& v = g.player(victim);
    if (v.mon.empty()) return;
    const size_t i = g.draw(static_cast<uint32_t>(v.mon.size()));
    const CardRef card = v.mon[i];
    v.mon.erase(v.mon.begin() + static_cast<long>(i));
    // Agents: to=stack returns the monster onto its area's stack (Green Witch), to=self keeps
    // it (Huntress); victim_vp=N pays the victim (domain_effects.py _execute_take_owned_payout).
    const Value* to = kv(leg, "to");
    const MonsterCard* m = card.kind == 'm' ? g.db().monster(card.id) : nullptr;
    if (leg.verb == "take_owned" && to && to->text == "stack" && m) {
      for (size_t k = 0; k < g.monster_areas().size() && k < g.stacks('m').size(); ++k) {
        if (g.monster_areas()[k] == m->area) {
          auto& st = g.monster_stacks_mut()[k];
          g.unexhaust_top(st);
          g.bury_boost(k);
          st.push_back(card);
          break;
        }
      }
    } else if (leg.verb == "take_owned") {
      g.player(p.seat).mon.push_back(card);
    }
    if (const Value* vp = kv(leg, "victim_vp")) g.gain(victim, {0, 0, 0, vp->n});
    return;
  }
  if (targets_citizen(leg)) {
    const bool flip = leg.verb != "banish_player_citizen";
    if (p.word == 3) {
      ask_for_chosen_players_citizen(g, p, option, [&](int victim) { return victim_citizens(g, victim, flip); });
      return;
    }
    Player& v = g.player(p.target);
    const size_t i = static_cast<size_t>(p.opts[static_cast<size_t>(option) - 1]);
    if (i >= v.cit.size()) return;
    if (flip) {
      v.flip[i] = 1;
    } else {
      v.cit.erase(v.cit.begin() + static_cast<long>(i));
      v.flip.erase(v.flip.begin() + static_cast<long>(i));
    }
    return;
  }
  if (leg.verb == "steal_citizen") return resolve_steal_citizen(g, p, option);
  if (p.word == 3) return resolve_take_or_pay(g, p, leg, option);

  if (p.word == 16) {  // banish one's own citizen for the reward
    const size_t i = static_cast<size_t>(p.opts[static_cast<size_t>(option) - 1]);
    const Value* gain = kv(leg, "gain");
    if (i >= me.cit.size()) return;
    me.cit.erase(me.cit.begin() + static_cast<long>(i));
    me.flip.erase(me.flip.begin() + static_cast<long>(i));
    if (gain && !gain->amounts.empty()) g.gain(p.seat, res4(gain->amounts[0]));
    return;
  }
  if (p.word == 9 && p.target == 1) {  // wild payment in the chosen resource
    const Value* pay = kv(leg, "pay");
    const Value* gain = kv(leg, "gain");
    const Res r = static_cast<Res>(p.opts[static_cast<size_t>(option) - 1]);
    if (resource(me, r) < pay->amounts[0].n) return;
    g.gain(p.seat, res4({r, -pay->amounts[0].n}));
    for (const Amount& a : gain->amounts) g.gain(p.seat, res4(a));
    return;
  }
  if (p.word == 5 || p.word == 9) {
    const Value* pay = kv(leg, "pay");
    const Value* gain = kv(leg, "gain");
    for (const Amount& a : pay->amounts) {
      if (resource(me, a.res) < a.n) return;
    }
    for (const Amount& a : pay->amounts) g.gain(p.seat, res4(a, -1));
    for (const Amount& a : gain->amounts) {
      if (a.res == Res::kMap) g.gain_extra(p.seat, a.res, a.n);  // Tabula Tower: gold for a map
      else g.gain(p.seat, res4(a));
    }
    return;
  }
  if (p.word == 4) return resolve_return_owned(g, p, leg, option);

}

// --- slay (a free slay paid at the monster's cost) and monster strength ---
Prompt monster_prompt(Game& g, int seat, uint8_t word) {
  Prompt p;
  p.act = true;
  p.word = word;
  p.seat = static_cast<int8_t>(seat);
  // Monster stacks first, then monster events and scattered Undead Samurai minions lying on
  // citizen and domain stacks (stack codes).
  for (int base : {0, 16, 32}) {
    const auto& stacks = g.stacks(base == 0 ? 'm' : base == 16 ? 'c' : 'd');
    for (size_t i = 0; i < stacks.size(); ++i) {
      if (stacks[i].empty()) continue;
      const CardRef top = stacks[i].back();
      if (top.kind == 'm' || (top.kind == 'e' && g.db().event(top.id)->monster)) p.opts.push_back(static_cast<int16_t>(base + static_cast<int>(i)));
    }
  }
  p.options = static_cast<uint8_t>(p.opts.size());
  return p;
}

// Corrupted Cleric, Bat Swarm, Mimic: the active player adds a cost to a monster on a stack.
void verb_add_slay_cost(Ctx& c, const Leg& leg) {
  Prompt p = monster_prompt(c.g, c.seat, 14);
  p.opts.erase(std::remove_if(p.opts.begin(), p.opts.end(), [](int16_t code) { return code >= 16; }), p.opts.end());
  p.options = static_cast<uint8_t>(p.opts.size());
  p.card = c.card.kind, p.card_id = c.card.id, p.leg = c.leg;
  (void)leg;
  if (p.options) c.g.add_prompt(p);
}

// Leviathan: its roll effect adds to its own slay cost where it lies, no choice, the extra cost
// capped at max=K in all (dice.py add_self_slay_cost).
void verb_add_self_slay_cost(Ctx& c, const Leg& leg) {
  if (leg.args.empty() || leg.args[0].amounts.empty()) return;
  const Amount a = leg.args[0].amounts[0];
  const int res = a.res == Res::kGold ? 0 : a.res == Res::kStrength ? 1 : 2;
  int cap = 1 << 20;
  for (const auto& [k, v] : leg.kv) {
    if (k == "max") cap = v.n;
  }
  const auto& stacks = c.g.stacks('m');
  for (size_t i = 0; i < stacks.size(); ++i) {
    if (stacks[i].empty() || !(stacks[i].back() == CardRef{'e', c.card.id})) continue;
    const int now = c.g.boost(i, res);
    c.g.add_boost(i, std::max(0, std::min(now + a.n, cap) - now), res);
  }
}

void verb_slay(Ctx& c, const Leg&) {
  if (!c.g.in_action()) return c.g.queue_slay(c.seat);
  offer_slay(c.g, c.seat);
}

void verb_monster_strength(Ctx& c, const Leg& leg) {
  Prompt p = monster_prompt(c.g, c.seat, 8);
  for (size_t k = 0; k < p.opts.size();) {  // monsters only
    if (p.opts[k] >= 16 || c.g.stack_at(p.opts[k]).back().kind != 'm') p.opts.erase(p.opts.begin() + static_cast<long>(k));
    else ++k;
  }
  p.options = static_cast<uint8_t>(p.opts.size());
  p.card = c.card.kind, p.card_id = c.card.id, p.leg = c.leg;
  (void)leg;
  if (p.options) c.g.add_prompt(p);
}

void resolve_monster_prompt(Game& g, const Prompt& p, const Leg* leg, int option) {
  if (option <= 0 || static_cast<size_t>(option) > p.opts.size()) return;
  const int code = p.opts[static_cast<size_t>(option) - 1];
  const size_t stack = static_cast<size_t>(code);
  if (p.word == 15 || p.word == 19) {  // The Northern Wall's Minion, a center monster: banished
    auto& st = g.stack_at(code);
    if (!st.empty()) st.pop_back();
    if (code < 16) g.clear_boost(stack);
    g.refill_stack(st);
    return;
  }
  if (p.word == 14) {
    if (!leg || leg->args.empty() || leg->args[0].amounts.empty()) return;
    const Amount a = leg->args[0].amounts[0];
    if (code < 16) g.add_boost(stack, a.n, a.res == Res::kGold ? 0 : a.res == Res::kStrength ? 1 : 2);
    return;
  }
  if (p.word == 8) {
    int n = 3;
    if (leg && !leg->args.empty()) n = leg->args[0].n;
    if (code < 16) g.add_boost(stack, n);
    return;
  }
  if (p.word == 6) {  // the payment stage: every exact payment the player can make
    const CardRef top = g.stack_at(code).back();
    const int extra_s = code < 16 ? g.boost(stack) : 0, extra_m = code < 16 ? g.boost(stack, 2) : 0;
    const Res4 special = top.kind == 'm' ? special_cost_delta(g, p.seat, g.db().monster(top.id)->special_cost) : Res4{};
    const int s = (top.kind == 'm' ? g.db().monster(top.id)->strength : g.db().event(top.id)->strength) + extra_s + special[1];
    const bool dark = std::any_of(g.players().begin(), g.players().end(), [](const Player& pl) {
      return std::find(pl.fx.begin(), pl.fx.end(), "action.darklordrising") != pl.fx.end();
    });  // Dark Lord Rising: +1 magic on every slay
    const int m = (top.kind == 'm' ? g.db().monster(top.id)->magic : g.db().event(top.id)->magic) + extra_m + (dark ? 1 : 0) + special[2];
    const Player& pl = g.players()[static_cast<size_t>(p.seat)];
    Prompt q = p;
    q.word = 7;
    q.target = static_cast<int8_t>(code);
    q.opts.clear();
    for (int r = s; r >= (s > 0 ? 1 : 0); --r) {
      const int mm = m + (s - r);
      if (r <= pl.s && mm <= pl.m) q.opts.push_back(static_cast<int16_t>(r << 8 | mm));
    }
    q.options = static_cast<uint8_t>(q.opts.size());
    q.skip = true;
    g.add_prompt(q);
    return;
  }
  const int16_t pay = p.opts[static_cast<size_t>(option) - 1];
  g.slay_top(p.seat, p.target, pay >> 8, pay & 0xFF);
}

// Flaming Devourer's roll effect: banish the top citizen of a center stack (may skip).
void verb_banish_center_citizen(Ctx& c, const Leg& leg) {
  if (leg.audience.rfind("seq", 0) == 0) return verb_sequence(c, leg);
  Prompt p = act_prompt(c, 11);
  const auto& stacks = c.g.citizen_stacks();
  for (size_t i = 0; i < stacks.size(); ++i) {
    if (!stacks[i].empty() && stacks[i].back().kind == 'c') p.opts.push_back(static_cast<int16_t>(i));
  }
  if (p.opts.empty()) return;
  p.options = static_cast<uint8_t>(p.opts.size());
  p.skip = optional(leg);
  c.g.add_prompt(p);
}

// Giants of Ostendaar (banish_center_domain [optional], a roll effect): a domain top of a center
// stack leaves the game; the stack shows its next card (refilled when emptied). Answered as a
// choose_owned_card over the domain stacks (stack codes 32..).
void verb_banish_center_domain(Ctx& c, const Leg& leg) {
  Prompt p = act_prompt(c, 19);
  const auto& stacks = c.g.stacks('d');
  for (size_t i = 0; i < stacks.size(); ++i) {
    if (static_cast<int>(i) == c.g.unrevealed_domain_stack() || c.g.domain_hidden(i)) continue;
    if (!stacks[i].empty() && stacks[i].back().kind == 'd') p.opts.push_back(static_cast<int16_t>(32 + i));
  }
  if (p.opts.empty()) return;
  p.options = static_cast<uint8_t>(p.opts.size());
  p.skip = optional(leg);
  c.g.add_prompt(p);
}

// Den of the Ice Witch: banish the top of a center citizen stack.
void verb_banish_center(Ctx& c, const Leg& leg) {
  if (!leg.args.empty() && leg.args[0].text == "citizen") verb_banish_center_citizen(c, leg);
  if (!leg.args.empty() && leg.args[0].text == "domain") verb_banish_center_domain(c, leg);
  if (!leg.args.empty() && leg.args[0].text == "noble") return verb_banish_noble(c, leg);
  if (leg.args.empty() || leg.args[0].text != "monster") return;
  Prompt p = monster_prompt(c.g, c.seat, 19);  // Legendre's Keep, Gnoll Bonewitch: a monster top
  // type=minion (Fire Lance): only a top of that monster type.
  const Value* type = kv(leg, "type");
  auto wrong_type = [&](int code) {
    if (!type) return false;
    std::string t = c.g.db().monster(c.g.stack_at(code).back().id)->type;
    for (char& ch : t) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return t != type->text;
  };
  for (size_t k = 0; k < p.opts.size();) {
    if (p.opts[k] >= 16 || c.g.stack_at(p.opts[k]).back().kind != 'm' || wrong_type(p.opts[k])) p.opts.erase(p.opts.begin() + static_cast<long>(k));
    else ++k;
  }
  p.options = static_cast<uint8_t>(p.opts.size());
  p.card = c.card.kind, p.card_id = c.card.id, p.leg = c.leg, p.on_turn = c.on_turn;
  if (p.options) c.g.add_prompt(p);
}

// Ararmartin Ridge: build one more domain now (a face-up top the player can afford and qualifies
// for), then pay for it: build_domain_pick, build_pay.
void verb_build_domain(Ctx& c, const Leg&) {
  Prompt p = act_prompt(c, 12);
  const auto& stacks = c.g.stacks('d');
  for (size_t i = 0; i < stacks.size(); ++i) {
    if (static_cast<int>(i) == c.g.unrevealed_domain_stack() || c.g.domain_hidden(i)) continue;  // not face-up yet
    if (!stacks[i].empty() && stacks[i].back().kind == 'd' && !c.g.build_payments(c.seat, stacks[i].back().id).empty())
      p.opts.push_back(static_cast<int16_t>(i));
  }
  if (p.opts.empty()) return;
  p.options = static_cast<uint8_t>(p.opts.size());
  p.skip = true;
  c.g.add_prompt(p);
}

// <domains> (Snow Queen, Giants of Ostendaar): take one face-up domain of the center for free,
// no cost and no role check (payouts.py _execute_grant_domain_payout).
void verb_grant_domain(Ctx& c, const Leg&) {
  Prompt p = act_prompt(c, 25);
  const auto& stacks = c.g.stacks('d');
  for (size_t i = 0; i < stacks.size(); ++i) {
    if (static_cast<int>(i) == c.g.unrevealed_domain_stack() || c.g.domain_hidden(i)) continue;  // not face-up yet
    if (!stacks[i].empty() && stacks[i].back().kind == 'd') p.opts.push_back(static_cast<int16_t>(i));
  }
  if (p.opts.empty()) return;
  p.options = static_cast<uint8_t>(p.opts.size());
  c.g.add_prompt(p);
}

// Untapped Potential: every player gains per card of a kind they own.
void verb_gain_per_owned(Ctx& c, const Leg& leg) {
  const Value* gain = kv(leg, "gain");
  const Value* per = kv(leg, "per");
  if (!gain || gain->amounts.empty() || !per) return;
  for (int s = 0; s < c.g.num_players(); ++s) {
    const Player& p = c.g.players()[static_cast<size_t>(s)];
    const size_t n = per->text == "citizen" ? p.cit.size() : per->text == "domain" ? p.dom.size() : per->text == "monster" ? p.mon.size() : 0;
    c.g.gain(s, res4(gain->amounts[0], static_cast<int>(n)));
  }
}

}  // namespace detail

using namespace detail;

void offer_northern_wall(Game& g, int seat) {
  if (!has_flag(g, seat, "action.northernwall")) return;
  Prompt p;
  p.act = true;
  p.word = 15;
  p.seat = static_cast<int8_t>(seat);
  p.skip = true;
  const auto& stacks = g.stacks('m');
  for (size_t i = 0; i < stacks.size(); ++i) {
    if (!stacks[i].empty() && stacks[i].back().kind == 'm' && g.db().monster(stacks[i].back().id)->type == "Minion")
      p.opts.push_back(static_cast<int16_t>(i));
  }
  p.options = static_cast<uint8_t>(p.opts.size());
  if (p.options) g.add_prompt(p);
}

void offer_slay(Game& g, int seat) {
  Prompt p = monster_prompt(g, seat, 6);
  p.skip = true;
  if (p.options) g.add_prompt(p);
}

}  // namespace rk::vck
