// Agents and relic use (the original's engines/agents.py, engines/relics.py): both run their
// effect string through the same verb table as a domain's activation.
#include <algorithm>

#include "games/vck/rules/game.h"
#include "games/vck/rules/verbs.h"
#include "games/vck/rules/verbs_internal.h"

namespace rk::vck {
namespace {

// The effect's leading bare payment (g -3: pay 3 gold), which gates affordability; 0 when none.
bool affordable(const Player& p, const Program& prog) {
  if (!prog.parsed || prog.effect.legs.empty()) return false;
  const Leg& first = prog.effect.legs[0];
  if (first.kind != Leg::Kind::kGain || first.gain.n >= 0 || !first.audience.empty()) return true;
  const int need = -first.gain.n;
  switch (first.gain.res) {
    case Res::kGold: return p.g >= need;
    case Res::kStrength: return p.s >= need;
    case Res::kMagic: return p.m >= need;
    default: return true;
  }
}

bool names_verb(const Program& prog, const char* verb) {
  return std::any_of(prog.effect.legs.begin(), prog.effect.legs.end(), [&](const Leg& l) { return l.kind == Leg::Kind::kVerb && l.verb == verb; });
}

}  // namespace

void Game::list_agents(int seat, std::vector<Action>& out) const {
  if (!agents_in_) return;
  const Player& p = players_[static_cast<size_t>(seat)];
  for (size_t i = 0; i < agents_slots_.size(); ++i) {
    const AgentCard* a = db_->agent(agents_slots_[i]);
    if (!a || !affordable(p, a->activation)) continue;
    // A target the effect needs (agents.py _agent_has_valid_target): an opponent with a
    // monster to take, citizens of one's own to banish.
    const bool take = names_verb(a->activation, "take_owned");
    const bool banish_own = names_verb(a->activation, "banish_owned");
    bool target = true;
    if (take) {
      target = false;
      for (int s = 0; s < num_players(); ++s) target = target || (s != seat && !players_[static_cast<size_t>(s)].mon.empty());
    }
    if (banish_own) target = !p.cit.empty();
    // Flips need an opponent in play with something face up (agents.py _opponent_has_unflipped).
    const bool flip_dom = names_verb(a->activation, "flip_opponent_domain"), flip_cit = names_verb(a->activation, "flip_opponent_citizen");
    if (flip_dom || flip_cit) {
      target = false;
      const int rest = num_players() == 5 ? (active_ + 4) % 5 : -1;
      for (int s = 0; s < num_players(); ++s) {
        if (s == seat || s == rest) continue;
        const Player& v = players_[static_cast<size_t>(s)];
        for (size_t k = 0; flip_dom && k < v.dom.size(); ++k) target = target || !v.domain_down(k);
        for (size_t k = 0; flip_cit && k < v.cit.size(); ++k) target = target || !v.flip[k];
      }
    }
    if (target) out.push_back({Action::Type::kAgent, static_cast<int16_t>(i), static_cast<int16_t>(a->id)});
  }
}

void Game::engage_agent(int seat, const Action& a) {
  const size_t slot = static_cast<size_t>(a.a);
  const AgentCard* agent = db_->agent(a.b);
  if (slot >= agents_slots_.size() || !agent) return;
  // The used agent goes to the bottom of the deck, the slot takes the top.
  agents_deck_.insert(agents_deck_.begin(), agents_slots_[slot]);
  agents_slots_[slot] = agents_deck_.back();
  agents_deck_.pop_back();
  run_special(seat, agent->activation, 'a', agent->id, true);
}

void Game::list_relic_use(int seat, std::vector<Action>& out) const {
  if (relic_used_) return;
  const std::string& t = relic_passive(seat);
  if (t.empty() || t.rfind("action.", 0) == 0) return;  // passive relics trigger on their own
  const RelicCard* r = db_->relic(players_[static_cast<size_t>(seat)].relics[0]);
  const Player& p = players_[static_cast<size_t>(seat)];
  if (!affordable(p, r->passive)) return;
  if (names_verb(r->passive, "banish_owned")) {
    const Leg& l = *std::find_if(r->passive.effect.legs.begin(), r->passive.effect.legs.end(), [](const Leg& x) { return x.verb == "banish_owned"; });
    const bool monster = !l.args.empty() && l.args[0].text == "monster";
    if (monster ? p.mon.empty() : p.cit.empty()) return;
  }
  out.push_back({Action::Type::kRelic, static_cast<int16_t>(r->id)});
}

void Game::use_relic(int seat, const Action& a) {
  const RelicCard* r = db_->relic(a.a);
  if (!r) return;
  relic_used_ = true;
  run_special(seat, r->passive, 'r', r->id, true);
}

}  // namespace rk::vck

namespace rk::vck::detail {

// The verbs only agents and relics use. "banish_owned citizen|monster": the player banishes one
// of their own (a prompt; the effect's gains follow once it is answered). "recruit": the player
// may hire a citizen on top of a stack for its printed cost, without the copy surcharge
// (payouts.py _execute_may_recruit_payout), gold first, magic for the rest.
void verb_banish_owned(Ctx& c, const Leg& leg) {
  const Player& pl = c.g.players()[static_cast<size_t>(c.seat)];
  const bool monster = !leg.args.empty() && leg.args[0].text == "monster";
  Prompt p;
  p.act = true;
  p.word = monster ? 29 : 28;
  p.seat = static_cast<int8_t>(c.seat);
  p.card = c.card.kind, p.card_id = c.card.id, p.on_turn = c.on_turn, p.leg = c.leg;
  const size_t n = monster ? pl.mon.size() : pl.cit.size();
  for (size_t i = 0; i < n; ++i) p.opts.push_back(static_cast<int16_t>(i));
  if (p.opts.empty()) return;
  p.options = static_cast<uint8_t>(p.opts.size());
  c.g.add_prompt(p);
}

void verb_recruit(Ctx& c, const Leg&) {
  const Player& pl = c.g.players()[static_cast<size_t>(c.seat)];
  Prompt p;
  p.act = true;
  p.word = 30;
  p.skip = true;
  p.seat = static_cast<int8_t>(c.seat);
  p.card = c.card.kind, p.card_id = c.card.id, p.on_turn = c.on_turn, p.leg = c.leg;
  const auto& stacks = c.g.citizen_stacks();
  for (size_t i = 0; i < stacks.size(); ++i) {
    if (stacks[i].empty() || stacks[i].back().kind != 'c') continue;
    const CitizenCard* card = c.g.db().citizen(stacks[i].back().id);
    if (!card || c.g.recruit_blocked(*card)) continue;
    const bool payable = card->cost == 0 || (pl.g >= 1 && pl.g + pl.m >= card->cost);
    if (payable) p.opts.push_back(static_cast<int16_t>(i));
  }
  if (p.opts.empty()) return;
  p.options = static_cast<uint8_t>(p.opts.size());
  c.g.add_prompt(p);
}

// Barbarossa Castle: banish a face-up noble of Amarynth; its slot refills from the deck.
void verb_banish_noble(Ctx& c, const Leg&) {
  if (!c.g.crimson()) return;
  Prompt p;
  p.act = true;
  p.word = 31;
  p.seat = static_cast<int8_t>(c.seat);
  p.card = c.card.kind, p.card_id = c.card.id, p.on_turn = c.on_turn, p.leg = c.leg;
  for (size_t i = 0; i < c.g.isle().noble_slots.size(); ++i) {
    if (c.g.isle().noble_slots[i]) p.opts.push_back(static_cast<int16_t>(i));
  }
  if (p.opts.empty()) return;
  p.options = static_cast<uint8_t>(p.opts.size());
  c.g.add_prompt(p);
}

// The Sapper: flip a face-up domain of another player in play (the player, then the domain).
void verb_flip_opponent_domain(Ctx& c, const Leg&) {
  const int rest = c.g.num_players() == 5 ? (c.g.active() + 4) % 5 : -1;
  Prompt p;
  p.act = true;
  p.word = 32;
  p.seat = static_cast<int8_t>(c.seat);
  p.card = c.card.kind, p.card_id = c.card.id, p.on_turn = c.on_turn, p.leg = c.leg;
  for (int s = 0; s < c.g.num_players(); ++s) {
    const Player& v = c.g.players()[static_cast<size_t>(s)];
    bool up = false;
    for (size_t i = 0; i < v.dom.size(); ++i) up = up || !v.domain_down(i);
    if (s != c.seat && s != rest && up) p.opts.push_back(static_cast<int16_t>(s));
  }
  if (p.opts.empty()) return;
  p.options = static_cast<uint8_t>(p.opts.size());
  c.g.add_prompt(p);
}

// Treant Chest: pay N of any one resource (one the player has N of), then gain M of any one
// (relics.py _open_wild_exchange_prompt: relic_pay, relic_gain).
bool both_wild_exchange(Ctx& c, const Leg& leg) {
  std::vector<Amount> a;
  for (const Value& v : leg.args) {
    if (v.kind == Value::Kind::kAmounts) a.insert(a.end(), v.amounts.begin(), v.amounts.end());
  }
  if (a.size() != 2 || a[0].res != Res::kWild || a[1].res != Res::kWild) return false;
  const Player& pl = c.g.players()[static_cast<size_t>(c.seat)];
  Prompt p;
  p.act = true;
  p.word = 34;
  p.seat = static_cast<int8_t>(c.seat);
  p.card = c.card.kind, p.card_id = c.card.id, p.on_turn = c.on_turn, p.leg = c.leg;
  p.target = static_cast<int8_t>(a[1].n);  // what is gained
  for (int r = 0; r < 3; ++r) {
    if ((r == 0 ? pl.g : r == 1 ? pl.s : pl.m) >= a[0].n) p.opts.push_back(static_cast<int16_t>(r));
  }
  p.options = static_cast<uint8_t>(p.opts.size());
  p.skip = true;
  if (p.options) c.g.add_prompt(p);
  return true;
}

void resolve_owned_prompt(Game& g, const Prompt& p, int option) {
  if (option < 1 || static_cast<size_t>(option) > p.opts.size()) return;
  const size_t i = static_cast<size_t>(p.opts[static_cast<size_t>(option) - 1]);
  Player& pl = g.player(p.seat);
  if (p.word == 28 && i < pl.cit.size()) {
    pl.cit.erase(pl.cit.begin() + static_cast<long>(i));
    pl.flip.erase(pl.flip.begin() + static_cast<long>(i));
  } else if (p.word == 29 && i < pl.mon.size()) {
    pl.mon.erase(pl.mon.begin() + static_cast<long>(i));
  } else if (p.word == 32) {  // the victim chosen: which of their face-up domains
    Prompt q = p;
    q.word = 33;
    q.target = static_cast<int8_t>(i);
    q.opts.clear();
    const Player& v = g.players()[i];
    for (size_t k = 0; k < v.dom.size(); ++k) {
      if (!v.domain_down(k)) q.opts.push_back(static_cast<int16_t>(k));
    }
    q.options = static_cast<uint8_t>(q.opts.size());
    if (q.options) g.add_prompt(q);
  } else if (p.word == 33) {
    Player& v = g.player(p.target);
    if (v.dflip.size() < v.dom.size()) v.dflip.resize(v.dom.size(), 0);
    if (i < v.dflip.size()) v.dflip[i] = 1;
  } else if (p.word == 34 || p.word == 35) {
    const Program* prog = p.card == 'r' && g.db().relic(p.card_id) ? &g.db().relic(p.card_id)->passive : nullptr;
    if (!prog || p.leg >= prog->effect.legs.size()) return;
    int pay = 0;
    for (const Value& v : prog->effect.legs[p.leg].args) {
      if (v.kind == Value::Kind::kAmounts && !v.amounts.empty() && pay == 0) pay = v.amounts[0].n;
    }
    Res4 delta{};
    if (p.word == 34) {
      delta[i] = -pay;
      g.gain(p.seat, delta);
      Prompt q = p;
      q.word = 35;
      q.opts = {0, 1, 2};
      q.options = 3;
      q.skip = false;
      g.add_prompt(q);
    } else {
      delta[i] = p.target;
      g.gain(p.seat, delta);
    }
  } else if (p.word == 31) {
    g.banish_noble(i);
  } else if (p.word == 30) {
    auto& st = g.citizen_stacks_mut()[i];
    if (st.empty() || st.back().kind != 'c') return;
    const CitizenCard* card = g.db().citizen(st.back().id);
    const int gold = std::min(pl.g, card->cost);
    pl.g -= gold, pl.m -= card->cost - gold;
    pl.cit.push_back(card->id);
    pl.flip.push_back(0);
    st.pop_back();
    g.refill_stack(st);
  }
}

}  // namespace rk::vck::detail
