// The flow of a Card Fighters' Clash game: set-up, the seven phases, combat and the end.
#include "games/cfc/rules/game.h"

#include <algorithm>

#include "kernel/game.h"

namespace rk::cfc {

const char* phase_name(Phase p) {
  static constexpr const char* kNames[] = {"activate", "draw", "main", "attack", "counter-attack", "end", "cleanup", "over"};
  return kNames[static_cast<int>(p)];
}

Game::Game(const CardPool& pool, const Deck& first_seat, const Deck& second_seat, uint64_t seed)
    : pool_(&pool), chance_(seed) {
  const Deck* decks[2] = {&first_seat, &second_seat};
  for (int p = 0; p < 2; ++p) {
    players_[p].deck = kernel::Zone(static_cast<int8_t>(p));
    players_[p].hand = kernel::Zone(static_cast<int8_t>(p));
    players_[p].discards = kernel::Zone(static_cast<int8_t>(p));
    players_[p].removed = kernel::Zone(static_cast<int8_t>(p));
    for (uint16_t def : decks[p]->cards) players_[p].deck.push_top(add_card(def, p));
  }
  // Set-up (rulebook "Setup"): each player shuffles and draws five; who goes first is a coin.
  for (int p = 0; p < 2; ++p) {
    chance_.shuffle(players_[p].deck.ids().begin(), players_[p].deck.ids().end(), &log_);
    for (size_t i = 0; i < kHandSize; ++i) draw_card(p);
  }
  first_ = static_cast<int>(chance_.below(2, &log_));
  begin_turn(first_);
}

EntityId Game::add_card(uint16_t def, int owner) {
  Card c;
  c.def = def;
  c.owner = static_cast<int8_t>(owner);
  c.bp = pool_->cards[def].bp;
  cards_.push_back(c);
  return static_cast<EntityId>(cards_.size() - 1);
}

bool Game::operator==(const Game& o) const {
  return pool_ == o.pool_ && cards_ == o.cards_ && players_ == o.players_ && attacks_ == o.attacks_ &&
         bp_changes_ == o.bp_changes_ && grants_ == o.grants_ && rule_changes_ == o.rule_changes_ && cost_changes_ == o.cost_changes_ &&
         memory_ == o.memory_ && played_autos_ == o.played_autos_ && fired_once_ == o.fired_once_ && frames_ == o.frames_ && phase_ == o.phase_ &&
         active_ == o.active_ && first_ == o.first_ && turn_ == o.turn_ && winner_ == o.winner_ &&
         chance_.rng() == o.chance_.rng();
}

Game Game::copy_for_search() const {
  Game g = *this;
  g.log_.clear();
  g.logging_ = false;
  g.stats_ = nullptr;
  return g;
}

int Game::current_player() const {
  if (!frames_.empty() && phase_ != Phase::kOver) return frames_.top().memory.q.player;
  switch (phase_) {
    case Phase::kMain:
    case Phase::kAttack: return active_;
    case Phase::kCounter: return 1 - active_;
    default: return kernel::kTerminal;
  }
}

std::vector<double> Game::returns() const {
  if (phase_ != Phase::kOver || winner_ < 0) return {0.0, 0.0};
  std::vector<double> r(2, -1.0);
  r[static_cast<size_t>(winner_)] = 1.0;
  return r;
}

// --- turn flow ------------------------------------------------------------------------------

void Game::begin_turn(int p) {
  active_ = p;
  if (++turn_ > kMaxTurns) {
    phase_ = Phase::kOver;
    winner_ = -1;
    return;
  }
  PlayerState& me = players_[p];
  me.chars_played = me.backups_played = me.extra_chars = 0;
  for (PlayerState& ps : players_) {
    ps.nc_damaged = false;
    ps.lost_sp = 0;
  }
  // Effects "until your next turn" end as it begins.
  grants_.expire({kernel::Moment::Kind::kTurnBegins, static_cast<int8_t>(p)});
  rule_changes_.expire({kernel::Moment::Kind::kTurnBegins, static_cast<int8_t>(p)});
  // Activate phase: the player's characters unfreeze and are no longer fresh.
  phase_ = Phase::kActivate;
  for (EntityId e : me.ring) {
    if (e == kNoEntity) continue;
    if (!(abilities(e) & kFrosted)) cards_[e].frozen = false;  // frosted: does not unfreeze
    cards_[e].fresh = false;
  }
  fire(EventKind::kActivatePhase, p);
  if (phase_ == Phase::kOver) return;
  // Draw phase: the first player skips it on the first turn; an empty deck loses the game.
  phase_ = Phase::kDraw;
  if (me.skip_draw) {
    me.skip_draw = false;  // skip(draw): this Draw phase draws nothing
  } else if (turn_ > 1) {
    if (me.deck.empty()) {
      lose(p);
      return;
    }
    draw_card(p);
  }
  fire(EventKind::kDrawPhase, p);
  if (phase_ == Phase::kOver) return;
  phase_ = Phase::kMain;
}

void Game::start_main_phase_of(int p) {
  attacks_.clear();
  active_ = p;
  players_[p].chars_played = players_[p].backups_played = 0;
  phase_ = Phase::kMain;
}

void Game::enter_attack_phase() {
  ko_zero_bp();
  phase_ = Phase::kAttack;
}

void Game::enter_counter_phase() {
  // The united attack is paid when the counter-attack phase begins (the plugin's automation).
  const int united = united_members();
  if (united > 1) players_[active_].sp = std::max(0, players_[active_].sp - united_cost(active_, united));
  phase_ = Phase::kCounter;
  fire(EventKind::kBlockPhase, active_);
  // Characters attacking alone "attack" (the plugin's automation: not the members of a united attack).
  for (const Attack& a : attacks_) {
    const EntityId e = players_[active_].ring[static_cast<size_t>(a.slots[0])];
    if (a.size == 1 && !a.united && e != kNoEntity && phase_ != Phase::kOver) fire(EventKind::kAttacks, active_, e, e);
  }
}

int Game::united_members() const {
  for (const Attack& a : attacks_) {
    if (a.size > 1) return a.size;
  }
  return 0;
}

void Game::end_phase() {
  phase_ = Phase::kEnd;
  ko_zero_bp();
  PlayerState& me = players_[active_];
  // Characters that attacked freeze.
  for (const Attack& a : attacks_) {
    for (int k = 0; k < a.size; ++k) {
      const EntityId e = me.ring[static_cast<size_t>(a.slots[static_cast<size_t>(k)])];
      if (e != kNoEntity && !(abilities(e) & kUnfreezable) && rule_on(kRuleAttackFreeze, active_)) cards_[e].frozen = true;
    }
  }
  resolve_combat();
  if (phase_ == Phase::kOver) return;
  fire(EventKind::kEndPhase, active_);
  if (phase_ == Phase::kOver) return;
  // Cleanup phase: effects "until the end of the turn" end, the attack line empties, the turn passes.
  phase_ = Phase::kCleanup;
  fire(EventKind::kCleanupPhase, active_);
  if (phase_ == Phase::kOver) return;
  end_of_turn_effects();
  ko_zero_bp();
  attacks_.clear();
  next_turn();
}

void Game::resolve_combat() {
  const int def = 1 - active_;
  PlayerState& me = players_[active_];
  PlayerState& opp = players_[def];
  auto bp_at = [&](const PlayerState& ps, int slot) {
    const EntityId e = ps.ring[static_cast<size_t>(slot)];
    return e == kNoEntity ? 0 : cards_[e].bp;
  };
  // By index and on a copy: the damage below may KO members (member_leaves) or run rules that
  // change the attack list.
  for (size_t i = 0; i < attacks_.size(); ++i) {
    const Attack a = attacks_[i];
    if (phase_ == Phase::kOver) return;
    if (a.size == 0) continue;  // every member left the ring before damage
    const int lead = a.slots[0];
    if (me.ring[static_cast<size_t>(lead)] == kNoEntity) continue;
    const bool united = a.united;
    const int32_t dmg = bp_at(me, lead);
    int32_t pdmg = 0;  // the other members' BP
    for (int k = 1; k < a.size; ++k) pdmg += bp_at(me, a.slots[static_cast<size_t>(k)]);
    if (!rule_on(kRuleCombatDamage, active_)) continue;  // dmg_combat_deal turned off
    if (a.blocker >= 0 && opp.ring[static_cast<size_t>(a.blocker)] != kNoEntity) {
      const EntityId lead_card = me.ring[static_cast<size_t>(lead)], blocker_card = opp.ring[static_cast<size_t>(a.blocker)];
      fire(EventKind::kBlocks, def, blocker_card, blocker_card);
      if (!united) fire(EventKind::kBlocked, active_, lead_card, lead_card);
      if (phase_ == Phase::kOver || me.ring[static_cast<size_t>(lead)] != lead_card ||
          opp.ring[static_cast<size_t>(a.blocker)] != blocker_card) {
        continue;  // the game ended, or a rule took a fighter out of the ring
      }
      const int32_t blocker_bp = bp_at(opp, a.blocker);
      // Damage is simultaneous: each side takes the other's BP.
      deal_char_damage(def, a.blocker, dmg + pdmg);
      deal_char_damage(active_, lead, blocker_bp);
      // What the lead does not absorb goes on to the other members of a united attack, in order.
      if (united && blocker_bp > dmg) {
        int32_t left = blocker_bp - dmg;
        for (int k = 1; k < a.size && left > 0; ++k) {
          const int slot = a.slots[static_cast<size_t>(k)];
          const int32_t rest = bp_at(me, slot) - left;
          deal_char_damage(active_, slot, left);
          left = rest < 0 ? -rest : 0;
        }
      }
      // Piercing: a united attack (or a character with pierce) stronger than its blocker deals the
      // difference to the defender, unless the blocker prevents it; preventpierce ("whenever this
      // character counter-attacks a united attack") does not stop a solo attacker's.
      const bool prevented = united && (abilities(blocker_card) & kPreventPierce);
      if (((united && rule_on(kRulePiercing, active_)) || (abilities(lead_card) & kPierce)) && !prevented && dmg + pdmg > blocker_bp) {
        deal_player_damage(def, dmg + pdmg - blocker_bp);
      }
    } else {
      const EntityId lead_card = me.ring[static_cast<size_t>(lead)];
      // ~cancelCombatDamage:this~ (Athena): the damage a member would deal the enemy is cancelled
      // and its rule runs instead ("it deals 600 damage points instead").
      std::vector<EntityId> cancelled;
      int32_t total = 0;
      for (int k = 0; k < a.size; ++k) {
        const EntityId m = me.ring[static_cast<size_t>(a.slots[static_cast<size_t>(k)])];
        if (m != kNoEntity && listens(m, EventKind::kCancelCombatDamage)) cancelled.push_back(m);
        else total += bp_at(me, a.slots[static_cast<size_t>(k)]);
      }
      deal_player_damage(def, total);
      // The attacker's event: "~playerCombatDamaged:fromThis~ draw()" rewards its controller.
      if (total > 0) fire(EventKind::kPlayerCombatDamaged, active_, kNoEntity, lead_card);
      for (EntityId m : cancelled) {
        if (phase_ != Phase::kOver) fire(EventKind::kCancelCombatDamage, active_, m, m);
      }
    }
  }
  ko_zero_bp();
}

void Game::next_turn() {
  // turns(+1): the same player takes another turn.
  if (players_[active_].extra_turns > 0) {
    --players_[active_].extra_turns;
    begin_turn(active_);
    return;
  }
  begin_turn(1 - active_);
}

void Game::lose(int p) {
  winner_ = 1 - p;
  phase_ = Phase::kOver;
}

void Game::draw_card(int p) {
  PlayerState& ps = players_[p];
  if (const auto e = ps.deck.take_top()) ps.hand.push_top(*e);
}

void Game::deal_player_damage(int p, int32_t amount) {
  if (amount <= 0 || phase_ == Phase::kOver) return;
  players_[p].hp -= amount;
  if (players_[p].hp <= 0) lose(p);
}

void Game::deal_char_damage(int p, int slot, int32_t amount) {
  const EntityId e = players_[p].ring[static_cast<size_t>(slot)];
  if (e == kNoEntity || amount <= 0) return;
  cards_[e].bp = std::max(0, cards_[e].bp - amount);
}

void Game::ko_zero_bp() {
  for (int p = 0; p < 2; ++p) {
    for (int s = 0; s < kSlots; ++s) {
      const EntityId e = players_[p].ring[static_cast<size_t>(s)];
      if (e != kNoEntity && cards_[e].bp <= 0) ko(p, s);
    }
  }
}

void Game::ko(int p, int slot) {
  member_leaves(p, slot);
  PlayerState& ps = players_[p];
  const EntityId e = ps.ring[static_cast<size_t>(slot)];
  ps.ring[static_cast<size_t>(slot)] = kNoEntity;
  cards_[e].frozen = cards_[e].fresh = false;
  cards_[e].granted = cards_[e].revoked = cards_[e].own_granted = 0;
  cards_[e].powerless = false;
  cards_[e].united = false;
  cards_[e].rules = kOwnRules;
  ++cards_[e].epoch;
  untransform(e);
  cards_[e].last_bp = cards_[e].bp;
  cards_[e].bp = def(e).bp;
  memory_.destroyed.push_back(e);
  put(players_[cards_[e].owner].discards, e);
  // Back-ups are not in the ring: they go with their character.
  for (EntityId b : ps.backups[static_cast<size_t>(slot)]) put(players_[cards_[b].owner].discards, b);
  ps.backups[static_cast<size_t>(slot)].clear();
}

// --- scoring --------------------------------------------------------------------------------

double Game::evaluate(int player) const {
  if (phase_ == Phase::kOver) return winner_ < 0 ? 0.0 : winner_ == player ? 1e6 : -1e6;
  if ((phase_ == Phase::kAttack || phase_ == Phase::kCounter) && !attacks_.empty()) {
    // Attacks and blocks are judged by the combat they lead to (blocks not yet declared count as none).
    Game g = copy_for_search();
    g.resolve_combat();
    g.attacks_.clear();
    if (g.phase_ != Phase::kOver) g.phase_ = Phase::kMain;
    return g.evaluate(player);
  }
  auto side = [&](int p) {
    const PlayerState& ps = players_[p];
    double v = ps.hp + 2.0 * ps.sp + 30.0 * static_cast<double>(ps.hand.size());
    for (EntityId e : ps.ring) {
      if (e != kNoEntity) v += 100.0 + cards_[e].bp * (cards_[e].frozen ? 0.8 : 1.0);
    }
    return v;
  };
  return side(player) - side(1 - player);
}

uint64_t Game::hash() const {
  using kernel::hash_mix;
  uint64_t h = kernel::kHashSeed;
  for (const Card& c : cards_) {
    h = hash_mix(h, c.def | static_cast<uint64_t>(static_cast<uint8_t>(c.owner)) << 16 | static_cast<uint64_t>(c.frozen) << 24 |
                        static_cast<uint64_t>(c.fresh) << 25 | static_cast<uint64_t>(c.epoch) << 26 |
                        static_cast<uint64_t>(static_cast<uint32_t>(c.bp)) << 32);
  }
  for (const auto& [e, epoch] : fired_once_) h = hash_mix(h, e | static_cast<uint64_t>(epoch) << 16 | 1ull << 40);
  for (const PlayedAuto& l : played_autos_) h = hash_mix(h, l.card | static_cast<uint64_t>(static_cast<uint8_t>(l.player)) << 32 | 1ull << 41);
  for (const Card& c : cards_) {
    h = hash_mix(h, static_cast<uint64_t>(c.own_granted) << 48);
    h = hash_mix(h, c.granted | static_cast<uint64_t>(c.revoked) << 16 | static_cast<uint64_t>(c.powerless) << 32 |
                        static_cast<uint64_t>(c.united) << 33 | static_cast<uint64_t>(c.rules) << 40 |
                        static_cast<uint64_t>(c.printed) << 48);
  }
  for (const PlayerState& ps : players_) h = hash_mix(h, ps.granted);
  for (const auto& r : rule_changes_.entries()) {
    h = hash_mix(h, r.effect.bits | static_cast<uint64_t>(r.effect.on) << 16 | static_cast<uint64_t>(static_cast<uint8_t>(r.effect.player)) << 24 |
                        static_cast<uint64_t>(r.duration.until) << 32 | static_cast<uint64_t>(static_cast<uint8_t>(r.duration.player)) << 40);
  }
  for (const auto& c : cost_changes_.entries()) {
    h = hash_mix(h, c.effect.kind | static_cast<uint64_t>(static_cast<uint8_t>(c.effect.player)) << 8 |
                        static_cast<uint64_t>(static_cast<uint8_t>(c.effect.mod)) << 16 |
                        static_cast<uint64_t>(static_cast<uint32_t>(c.effect.value)) << 24 | static_cast<uint64_t>(c.duration.until) << 56);
  }
  for (const auto& g : grants_.entries()) {
    h = hash_mix(h, g.effect.card | static_cast<uint64_t>(static_cast<uint8_t>(g.effect.player)) << 16 |
                        static_cast<uint64_t>(g.effect.epoch) << 24 | static_cast<uint64_t>(g.effect.bits) << 40);
    h = hash_mix(h, static_cast<uint64_t>(static_cast<uint8_t>(g.duration.player)) | static_cast<uint64_t>(g.effect.own) << 8);
  }
  for (const auto& b : bp_changes_.entries()) {
    h = hash_mix(h, b.effect.card | static_cast<uint64_t>(b.effect.epoch) << 16 | static_cast<uint64_t>(static_cast<uint32_t>(b.effect.delta)) << 32);
  }
  for (const PlayerState& ps : players_) {
    h = hash_mix(h, static_cast<uint32_t>(ps.hp) | static_cast<uint64_t>(static_cast<uint32_t>(ps.sp)) << 32);
    h = hash_mix(h, ps.chars_played | static_cast<uint64_t>(ps.backups_played) << 8 | static_cast<uint64_t>(ps.extra_chars) << 16 |
                        static_cast<uint64_t>(ps.extra_turns) << 24 | static_cast<uint64_t>(ps.skip_draw) << 32 |
                        static_cast<uint64_t>(ps.nc_damaged) << 33 | static_cast<uint64_t>(static_cast<uint32_t>(ps.lost_sp)) << 34);
    for (const kernel::Zone* z : {&ps.deck, &ps.hand, &ps.discards, &ps.removed}) {
      h = hash_mix(h, z->size());
      for (EntityId e : z->ids()) h = hash_mix(h, e);
    }
    for (int s = 0; s < kSlots; ++s) {
      h = hash_mix(h, ps.ring[static_cast<size_t>(s)]);
      for (EntityId b : ps.backups[static_cast<size_t>(s)]) h = hash_mix(h, b);
    }
  }
  for (const Attack& a : attacks_) {
    h = hash_mix(h, static_cast<uint64_t>(static_cast<uint8_t>(a.slots[0])) | static_cast<uint64_t>(static_cast<uint8_t>(a.slots[1])) << 8 |
                        static_cast<uint64_t>(static_cast<uint8_t>(a.slots[2])) << 16 | static_cast<uint64_t>(a.size) << 24 |
                        static_cast<uint64_t>(static_cast<uint8_t>(a.blocker)) << 32 | static_cast<uint64_t>(a.united) << 40);
  }
  h = hash_mix(h, static_cast<uint64_t>(phase_) | static_cast<uint64_t>(active_) << 8 | static_cast<uint64_t>(first_) << 16 |
                      static_cast<uint64_t>(static_cast<uint32_t>(turn_)) << 24 | static_cast<uint64_t>(static_cast<uint8_t>(winner_)) << 56);
  if (!frames_.empty()) {
    const RuleFrame& f = frames_.top();
    const Question& q = f.memory.q;
    h = hash_mix(h, f.self | static_cast<uint64_t>(static_cast<uint8_t>(q.player)) << 32 |
                        static_cast<uint64_t>(static_cast<uint8_t>(f.memory.rule)) << 40 |
                        static_cast<uint64_t>(static_cast<uint8_t>(f.pc)) << 48);
    for (EntityId e : q.aside) h = hash_mix(h, e | 1ull << 33);
    h = hash_mix(h, static_cast<uint64_t>(q.mode) | static_cast<uint64_t>(static_cast<uint8_t>(q.deck)) << 8 |
                        static_cast<uint64_t>(q.place) << 16 | static_cast<uint64_t>(q.look) << 24);
    h = hash_mix(h, q.left | static_cast<uint64_t>(q.need) << 8 |
                        static_cast<uint64_t>(static_cast<uint8_t>(f.controller)) << 24);
    h = hash_mix(h, f.sub | static_cast<uint64_t>(f.memory.skip_asked) << 16);
    for (EntityId e : f.memory.cards) h = hash_mix(h, e | 1ull << 34);
  }
  for (uint64_t w : chance_.rng().words()) h = hash_mix(h, w);
  return h;
}

static_assert(kernel::Game<Game>);

}  // namespace rk::cfc
