// The turn loop of the vckonline engine: duke gate, roll and finalize, the action phase (take,
// hire, build, slay), the exhausted deck, the end check and final scoring. Harvest and effects
// are in harvest.cc and verbs.cc.
#include "games/vck/rules/game.h"

#include <algorithm>
#include <bit>
#include <iterator>
#include <set>

#include "games/vck/rules/verbs.h"

namespace rk::vck {
namespace {

constexpr uint16_t kTagDie = 1;

bool is_monster_top(const std::vector<CardRef>& s) { return !s.empty() && s.back().kind == 'm'; }
bool is_done_stack(const std::vector<CardRef>& s) { return s.empty() || s.back().kind == 'e' || s.back().kind == 'x'; }

}  // namespace

Game::Game(const CardDb& db, const Setup& setup, uint64_t seed) : db_(&db), chance_(seed) {
  for (size_t i = 0; i < setup.seats.size(); ++i) {
    Player p;
    p.id = setup.seats[i];
    p.starters = setup.starters;
    if (i < setup.dukes_dealt.size()) p.dukes = setup.dukes_dealt[i];
    if (i < setup.relics_dealt.size()) p.relics = setup.relics_dealt[i];
    if (!p.relics.empty()) relic_waiting_ |= 1u << i;
    p.map = setup.isle.start_map;
    players_.push_back(std::move(p));
  }
  citizens_ = setup.citizens, domains_ = setup.domains, monsters_ = setup.monsters;
  exhausted_ = setup.exhausted;
  monster_areas_ = setup.monster_areas;
  kings_guard_ = setup.kings_guard;
  undead_samurai_ = setup.undead_samurai;
  isle_ = setup.isle;
  agents_in_ = setup.agents, agents_slots_ = setup.agents_slots, agents_deck_ = setup.agents_deck;
  duke_waiting_ = (1u << players_.size()) - 1;
}

uint32_t Game::gate_waiting() const {
  if (phase_ == Phase::kSetup) return duke_waiting_ ? duke_waiting_ : relic_waiting_;
  uint32_t w = 0;
  for (const Prompt& p : prompts_) {
    if (!p.act) w |= 1u << p.seat;
  }
  return w;
}

kernel::Decider Game::decider() const {
  if (!error().empty() || phase_ == Phase::kGameOver) return kernel::Decider::over();
  if (phase_ == Phase::kSetup) return kernel::Decider::gate(gate_waiting());
  if (!prompts_.empty()) {
    if (prompts_.front().act) return kernel::Decider::one(prompts_.front().seat);
    return kernel::Decider::gate(gate_waiting());
  }
  return kernel::Decider::one(active_);
}

kernel::Choice Game::choice() const {
  kernel::Choice c;
  c.player = static_cast<int8_t>(current_player());
  c.max = static_cast<uint16_t>(std::max<size_t>(1, legal_actions().size()));
  return c;
}

int Game::resting_seat() const {
  return num_players() == 5 ? (active_ + 4) % 5 : -1;
}

void Game::gain(int seat, const Res4& r) {
  Player& p = player(seat);
  p.g = std::max(0, p.g + r[0]);
  p.s = std::max(0, p.s + r[1]);
  p.m = std::max(0, p.m + r[2]);
  p.vp = std::max(0, p.vp + r[3]);
}

void Game::mark(const char* at) {
  if (marks_) marks_->push_back(std::string(at) + "\t" + summary_json(*this));
}

int Game::roll_die() { return static_cast<int>(chance_.below(6, &log_, kTagDie)) + 1; }

void Game::roll() {
  rolled_[0] = roll_die();
  rolled_[1] = roll_die();
  rerolled_ = 0;
  phase_ = Phase::kRollPending;
  mark("roll");
}

// The cheapest-first charge for changing the rolled dice to (d1, d2): one owned set_one_die
// passive per changed die, two different domains for two dice (dice.py _apply_roll_modification).
// -1 when no affordable way exists.
int Game::finalize_cost(int d1, int d2) const {
  const bool c1 = d1 != rolled_[0], c2 = d2 != rolled_[1];
  if (!c1 && !c2) return 0;
  const auto changes = die_changes(*this, active_);
  const int gold = players_[static_cast<size_t>(active_)].g;
  for (const DieChange& a : changes) {
    if (c1 && !c2 && a.apply(rolled_[0]) == d1 && a.gold <= gold) return a.gold;
    if (c2 && !c1 && a.apply(rolled_[1]) == d2 && a.gold <= gold) return a.gold;
    if (!(c1 && c2) || a.apply(rolled_[0]) != d1) continue;
    for (const DieChange& b : changes) {
      if (b.domain != a.domain && b.apply(rolled_[1]) == d2 && a.gold + b.gold <= gold) return a.gold + b.gold;
    }
  }
  return -1;
}

void Game::list_finalize(std::vector<Action>& out) const {
  out.push_back({Action::Type::kFinalize, 0, static_cast<int16_t>(rolled_[0]), static_cast<int16_t>(rolled_[1])});
  std::set<std::pair<int, int>> seen;
  const auto changes = die_changes(*this, active_);
  auto offer = [&](int d1, int d2) {
    if ((d1 == rolled_[0] && d2 == rolled_[1]) || d1 == 0 || d2 == 0 || !seen.insert({d1, d2}).second) return;
    if (finalize_cost(d1, d2) >= 0) out.push_back({Action::Type::kFinalize, 1, static_cast<int16_t>(d1), static_cast<int16_t>(d2)});
  };
  for (const DieChange& a : changes) {
    offer(a.apply(rolled_[0]), rolled_[1]);
    offer(rolled_[0], a.apply(rolled_[1]));
    for (const DieChange& b : changes) {
      if (b.domain != a.domain) offer(a.apply(rolled_[0]), b.apply(rolled_[1]));
    }
  }
}

// Events lying on the board whose roll_match1 equals a die or the sum fire their roll effect for
// the active player (dice.py _apply_board_event_roll_effects); -1 fires on every roll.
void Game::board_roll_effects() {
  for (const auto* grid : {&monsters_, &citizens_, &domains_}) {
    for (const auto& st : *grid) {
      if (st.empty() || st.back().kind != 'e') continue;
      const EventCard* e = db_->event(st.back().id);
      if (!e || e->roll_effect.empty()) continue;
      const int m = e->rm1;
      if (!(m == -1 || m == dice_[0] || m == dice_[1] || m == dice_[0] + dice_[1])) continue;
      const size_t before = prompts_.size();
      run_special(active_, e->roll_effect, 'R', e->id, true);
      // The engine keeps one pending choice: a later roll effect's prompt replaces an earlier one,
      // except that a pending add_slay_cost choice (word 14) holds the prompt against a later
      // prompt of another kind (dice.py sync_event_slay_cost_prompt), which is then lost.
      if (prompts_.size() <= before || before == 0) continue;
      auto slay_cost = [](const Prompt& p) { return p.word == 14; };
      const bool slay_cost_held = std::any_of(prompts_.begin(), prompts_.begin() + static_cast<long>(before), slay_cost) &&
                                  std::none_of(prompts_.begin() + static_cast<long>(before), prompts_.end(), slay_cost);
      if (slay_cost_held) prompts_.erase(prompts_.begin() + static_cast<long>(before), prompts_.end());
      else prompts_.erase(prompts_.begin(), prompts_.begin() + static_cast<long>(before));
    }
  }
}

void Game::finalize(int d1, int d2) {
  const int cost = finalize_cost(d1, d2);
  if (cost > 0) player(active_).g -= cost;
  dice_[0] = d1, dice_[1] = d2;
  phase_ = Phase::kHarvest;
  owe_exekratys();
  harvest_started_ = false;
  prompts_.clear();
  fire_roll_events(*this);
  board_roll_effects();
  board_event_passives(*this);
  if (prompts_.empty()) offer_northern_wall(*this, active_);
  // Crimson Seas: an owed Exekratys placement asks before the harvest, unless a roll effect's
  // prompt is open: the harvest then runs once it is answered and the placement stays owed
  // (dice.py _maybe_open_exekratys_offering_prompt, lifecycle.py advance_tick).
  if (prompts_.empty() && !open_exekratys_offering()) start_harvest();  // else once the prompt is answered
}

// Cost modifiers: Emerald Stronghold drops the duplicate surcharge, Defiant Ridge takes 1 off
// (player_actions.py hire_cost).
int Game::hire_cost(int seat, const CitizenCard& c) const {
  return hire_cost(seat, c, has_flag(*this, seat, "action.emeraldstronghold"), has_flag(*this, seat, "action.defiantridge"));
}

int Game::hire_cost(int seat, const CitizenCard& c, bool emerald, bool defiant) const {
  const Player& p = players_[static_cast<size_t>(seat)];
  if (emerald) return std::max(0, c.cost - (defiant ? 1 : 0));
  int extra = 0;
  for (size_t i = 0; i < p.cit.size(); ++i) {
    const CitizenCard* o = db_->citizen(p.cit[i]);
    if (o && !p.flip[i] && (o == &c || o->name == c.name)) ++extra;  // the same card: no name to compare
  }
  for (int s : p.starters) {
    const StarterCard* o = db_->starter(s);
    if (o && o->name == c.name) ++extra;
  }
  return std::max(0, c.cost + extra - (defiant ? 1 : 0));
}

bool Game::any_flag(const std::string& flag) const {
  for (const Player& p : players_) {
    if (std::find(p.fx.begin(), p.fx.end(), flag) != p.fx.end()) return true;
  }
  return false;
}

bool Game::meets_roles(int seat, const DomainCard& d) const { return covers(role_totals(seat), d, relic_ignores_role(seat)); }

// Citizens (and Crimson Seas nobles) count toward a domain's prerequisites (game.py
// _player_build_role_totals).
std::array<int, 4> Game::role_totals(int seat) const {
  std::array<int, 4> have{};
  for (int id : players_[static_cast<size_t>(seat)].cit) {
    if (const CitizenCard* c = db_->citizen(id)) {
      for (int r = 0; r < 4; ++r) have[r] += c->roles[r];
    }
  }
  for (int id : players_[static_cast<size_t>(seat)].nobles) {  // rescued nobles count too
    if (const NobleCard* n = db_->noble(id)) {
      for (int r = 0; r < 4; ++r) have[r] += n->roles[r];
    }
  }
  return have;
}

bool Game::covers(const std::array<int, 4>& have, const DomainCard& d, bool ignore_one) {
  int missing = 0;
  for (int r = 0; r < 4; ++r) missing += std::max(0, d.roles[r] - have[r]);
  return missing <= (ignore_one ? 1 : 0);  // Evermap: a shortfall of exactly one icon is ignored
}

// Every exact payment of a cost, in the engine's order: as much of the real resource as
// possible first; magic is wild for the rest but at least one real unit must be in it.
void Game::list_payments(Action::Type t, int id, int gold_part, int strength_part, int magic_part, std::vector<Action>& out) const {
  const std::array<int, 3> p = purse(active_);  // face-up tomes pay too (tomes.cc)
  const int real = gold_part > 0 ? gold_part : strength_part;
  const int have_real = gold_part > 0 ? p[0] : p[1];
  const int lowest = real > 0 ? 1 : 0;
  // From what the player can pay down: a card whose cost is absurd (a damaged table) lists nothing
  // instead of counting down from two billion; the magic part in 64 bits for the same reason.
  for (int r = std::min(real, have_real); r >= lowest; --r) {
    const int64_t m = int64_t{magic_part} + (int64_t{real} - r);
    if (m > p[2]) continue;
    // Built whole (not a field patched afterwards): the listing's hottest store.
    const auto paid = static_cast<int16_t>(r);
    out.push_back({t, static_cast<int16_t>(id), gold_part > 0 ? paid : int16_t{0}, gold_part > 0 ? int16_t{0} : paid, static_cast<int16_t>(m)});
  }
}

bool Game::blockade_on_board() const {
  for (const auto* grid : {&monsters_, &citizens_, &domains_}) {
    for (const auto& st : *grid) {
      if (st.empty() || st.back().kind != 'e') continue;
      const EventCard* e = db_->event(st.back().id);
      if (e && e->roll_effect.text == "block_recruit_matching_roll") return true;
    }
  }
  return false;
}

// Pirate Blockade on the board: citizens matching the current dice cannot be hired.
bool Game::recruit_blocked(const CitizenCard& c) const {
  for (const auto* grid : {&monsters_, &citizens_, &domains_}) {
    for (const auto& st : *grid) {
      if (st.empty() || st.back().kind != 'e') continue;
      const EventCard* e = db_->event(st.back().id);
      if (e && e->roll_effect.text == "block_recruit_matching_roll") {
        const int sum = dice_[0] + dice_[1];
        if (c.rm1 == dice_[0] || c.rm1 == dice_[1] || c.rm1 == sum || c.rm2 == sum) return note_ran(e->roll_effect), true;
      }
    }
  }
  return false;
}

// An extra gold slay cost is paid in gold on top of the strength/magic payment.
void Game::add_gold_part(std::vector<Action>& out, size_t from, int gold) const {
  if (gold <= 0) return;
  const int have = purse(active_)[0];
  std::vector<Action> kept(out.begin(), out.begin() + static_cast<long>(from));
  for (size_t k = from; k < out.size(); ++k) {
    if (have >= gold) kept.push_back(out[k]), kept.back().b = static_cast<int16_t>(gold);
  }
  out = std::move(kept);
}

// The cost modifiers (passives, board events) are looked up once per listing, not once per stack.
void Game::list_actions(std::vector<Action>& out) const {
  for (int r = 0; r < 3; ++r) out.push_back({Action::Type::kTake, static_cast<int16_t>(r)});
  if (crimson()) out.push_back({Action::Type::kTake, 3});  // a map: Crimson Seas only (game.py)
  list_sails(active_, out);
  list_agents(active_, out);
  list_relic_use(active_, out);
  const size_t paid_from = out.size();  // hires, builds and slays: their tome splits below
  const bool emerald = has_flag(*this, active_, "action.emeraldstronghold"), defiant = has_flag(*this, active_, "action.defiantridge");
  const bool blockade = blockade_on_board(), shilina = has_flag(*this, active_, "action.newshilinatower");
  for (const auto& st : citizens_) {
    if (st.empty() || st.back().kind != 'c') continue;
    const CitizenCard* c = db_->citizen(st.back().id);
    if (!c || (blockade && recruit_blocked(*c))) continue;
    const int cost = hire_cost(active_, *c, emerald, defiant);
    list_payments(Action::Type::kHire, c->id, cost, 0, 0, out);
    if (shilina) list_shilina_payments(c->id, cost, out);
  }
  const std::array<int, 4> roles = role_totals(active_);
  const bool evermap = relic_ignores_role(active_);
  const int discount = build_discount(active_);
  for (size_t i = 0; i < domains_.size(); ++i) {
    const auto& st = domains_[i];
    if (st.empty() || st.back().kind != 'd' || domain_hidden(i)) continue;
    const DomainCard* d = db_->domain(st.back().id);
    if (d && covers(roles, *d, evermap)) list_payments(Action::Type::kBuild, d->id, std::max(0, d->cost - discount), 0, 0, out);
  }
  const int dark = any_flag("action.darklordrising") ? 1 : 0;  // Dark Lord Rising: +1 magic, events too
  const int fort = has_flag(*this, active_, "action.fortskyler") ? 1 : 0;
  for (size_t i = 0; i < monsters_.size(); ++i) {
    const auto& st = monsters_[i];
    if (is_monster_top(st)) {
      const size_t from = out.size();
      const MonsterCard* m = db_->monster(st.back().id);
      const Res4 extra = m ? special_cost_delta(*this, active_, m->special_cost) : Res4{};
      if (m) list_payments(Action::Type::kSlay, m->id, 0, std::max(0, m->strength + extra[1] + boost(i) - fort), m->magic + extra[2] + boost(i, 2) + dark, out);
      add_gold_part(out, from, boost(i, 0) + extra[0]);
      if (m) list_axe_payments(Action::Type::kSlay, m->id, m->strength, m->magic, std::max(0, m->strength + extra[1] + boost(i) - fort), m->magic + extra[2] + boost(i, 2) + dark, boost(i, 0) + extra[0], out);
    } else if (!st.empty() && st.back().kind == 'e') {
      const EventCard* e = db_->event(st.back().id);
      const size_t from = out.size();
      if (e && e->monster) list_payments(Action::Type::kSlayEvent, e->id, 0, e->strength + boost(i), e->magic + boost(i, 2) + dark, out);
      add_gold_part(out, from, boost(i, 0));
      if (e && e->monster) list_axe_payments(Action::Type::kSlayEvent, e->id, e->strength, e->magic, e->strength + boost(i), e->magic + boost(i, 2) + dark, boost(i, 0), out);
    }
  }
  split_tome_payments(active_, out, paid_from);
}

std::vector<Action> Game::legal_actions() const {
  std::vector<Action> out;
  if (!error().empty() || stalled_) return out;
  out.reserve(32);  // most listings fit: one allocation per decision
  switch (phase_) {
    case Phase::kSetup: {
      const int seat = decider().player;
      if (seat >= 0 && duke_waiting_) {
        for (int d : players_[static_cast<size_t>(seat)].dukes) out.push_back({Action::Type::kChooseDuke, static_cast<int16_t>(d)});
      } else if (seat >= 0) {
        for (int r : players_[static_cast<size_t>(seat)].relics) out.push_back({Action::Type::kChooseRelic, static_cast<int16_t>(r)});
      }
      return out;
    }
    case Phase::kRollPending:
      list_finalize(out);
      list_rerolls(out);
      return out;
    case Phase::kHarvest:
    case Phase::kAction:
      if (!prompts_.empty()) {
        const int seat = decider().player;
        for (const Prompt& p : prompts_) {
          // An action-end prompt waiting behind an open gate is answered once the gate closes.
          if (p.seat != seat || (p.act && !prompts_.front().act)) continue;
          if (p.word == 22) {
            for (int k = 1; k <= p.options; ++k) out.push_back({Action::Type::kActSteal, static_cast<int16_t>(p.id), static_cast<int16_t>(k), 22, p.opts[static_cast<size_t>(k) - 1]});
            out.push_back({Action::Type::kActSteal, static_cast<int16_t>(p.id), 0, 22});
          } else if (p.word == 20 || p.word == 21) {
            for (int k = 1; k <= 3; ++k) out.push_back({Action::Type::kActSteal, static_cast<int16_t>(p.id), static_cast<int16_t>(k), p.word});
            out.push_back({Action::Type::kActSteal, static_cast<int16_t>(p.id), 0, p.word});
          } else if (p.word == 16 || (p.word == 9 && p.target == 1)) {
            const int16_t shift = p.word == 9 ? 1 : 0;  // a wild payment names g, s or m (1..3)
            for (int k = 1; k <= p.options; ++k) {
              out.push_back({Action::Type::kActSteal, static_cast<int16_t>(p.id), static_cast<int16_t>(k), p.word,
                             static_cast<int16_t>(p.opts[static_cast<size_t>(k) - 1] + shift)});
            }
            out.push_back({Action::Type::kActSteal, static_cast<int16_t>(p.id), 0, p.word});
          } else if (p.word == 10) {
            for (int k = 1; k <= p.options; ++k) out.push_back({Action::Type::kActSteal, static_cast<int16_t>(p.id), static_cast<int16_t>(k), 10, p.opts[static_cast<size_t>(k) - 1]});
          } else if (p.word == 9) {
            out.push_back({Action::Type::kActSteal, static_cast<int16_t>(p.id), 1, 9});
            out.push_back({Action::Type::kActSteal, static_cast<int16_t>(p.id), 0, 9});
          } else if (p.kind == Prompt::Kind::kExchange) {
            out.push_back({Action::Type::kHarvestExchange, static_cast<int16_t>(p.id), 1});
            out.push_back({Action::Type::kHarvestExchange, static_cast<int16_t>(p.id), 0});
          } else if (p.word != 0) {
            for (int k = 1; k <= p.options; ++k) {
              const int16_t opt = static_cast<size_t>(k) <= p.opts.size() ? p.opts[static_cast<size_t>(k) - 1] : 0;
              if (opt & kInertOption) continue;
              out.push_back({Action::Type::kActSteal, static_cast<int16_t>(p.id), static_cast<int16_t>(k), p.word, opt});
            }
            if (p.skip) out.push_back({Action::Type::kActSteal, static_cast<int16_t>(p.id), 0, p.word});
          } else {
            for (int k = 1; k <= p.options; ++k) {
              out.push_back({p.act ? Action::Type::kActChoose : Action::Type::kHarvestChoose, static_cast<int16_t>(p.id), static_cast<int16_t>(k)});
            }
          }
          if (p.word == 27) list_sails(p.seat, out);  // may_sail: one free sail, or skip
          if (p.act) break;
        }
        return out;
      }
      if (phase_ == Phase::kAction) list_actions(out);
      return out;
    case Phase::kGameOver: return out;
  }
  return out;
}

bool Game::apply_index(size_t i) { return apply_listed(legal_actions(), i); }

bool Game::apply_listed(const std::vector<Action>& legal, size_t i) {
  if (i >= legal.size()) return false;
  log_.action(current_player(), static_cast<uint32_t>(i), static_cast<uint32_t>(legal.size()));
  return apply(legal[i]);
}

// An emptied stack takes the next card of the exhausted deck; an event revealed so fires its
// activation at once and grants its rest-of-game effects (events.py on_event_unexhausted).
void Game::refill(std::vector<CardRef>& stack) {
  if (!stack.empty() || exhausted_.empty()) return;
  stack.push_back(exhausted_.back());
  exhausted_.pop_back();
  ++exhausted_count_;
  if (stack.back().kind != 'e') return;
  const EventCard* e = db_->event(stack.back().id);
  if (!e) return;
  if (e->passive.parsed) {
    for (const Leg& leg : e->passive.effect.legs) {
      if (leg.verb != "grant_all" || leg.args.empty()) continue;
      note_ran(e->passive);
      for (Player& p : players_) p.fx.push_back(leg.args[0].text);
    }
  }
  // An event's activation waits until the open prompt is answered, the Undead Samurai Lord's
  // scatter too (events.py _maybe_fire_monster_event_activation queues it while the engine is
  // busy); only Ghost Ship's gold placement fires on reveal regardless (events.py
  // on_event_revealed handles add_self_gold_pool before the busy check).
  const bool at_once = e->monster && e->activation.text.rfind("add_self_gold_pool", 0) == 0;
  if ((!prompts_.empty() || resolving_) && !e->activation.empty() && !at_once) {
    deferred_events_.push_back(e->id);
    return;
  }
  fire_event(*e, stack);
}

// Takes the top of the stack holding `kind`+`id`; false when no stack shows it.
static bool take_top(std::vector<std::vector<CardRef>>& grid, char kind, int id, size_t& which) {
  for (size_t i = 0; i < grid.size(); ++i) {
    if (!grid[i].empty() && grid[i].back().kind == kind && grid[i].back().id == id) {
      grid[i].pop_back();
      which = i;
      return true;
    }
  }
  return false;
}

bool Game::apply(const Action& a) {
  const auto legal = legal_actions();
  if (std::find(legal.begin(), legal.end(), a) == legal.end()) return false;
  // The tome part of a payment first: those tomes turn face down and credit the treasury.
  if (a.axe) note_ran(db_->relic(players_[static_cast<size_t>(active_)].relics[0])->passive);  // Thunder Axe at work
  if (a.tomes) redeem_tomes(a.type == Action::Type::kSail && !prompts_.empty() ? prompts_.front().seat : active_, a.tomes);
  Player& p = player(active_);
  size_t which = 0;
  switch (a.type) {
    case Action::Type::kChooseDuke: {
      const int seat = decider().player;
      player(seat).dukes = {a.a};
      duke_waiting_ &= ~(1u << seat);
      if (duke_waiting_ == 0 && relic_waiting_ == 0) roll();
      return true;
    }
    case Action::Type::kChooseRelic: {  // the relic gate that follows the duke gate (relics.py)
      const int seat = decider().player;
      player(seat).relics = {a.a};
      relic_waiting_ &= ~(1u << seat);
      if (relic_waiting_ == 0) roll();
      return true;
    }
    case Action::Type::kFinalize: finalize(a.b, a.c); return true;
    case Action::Type::kReroll: reroll(a.a); return true;
    case Action::Type::kAgent: engage_agent(active_, a); break;
    case Action::Type::kRelic:
      use_relic(active_, a);
      if (!db_->relic(a.a)->consumes_action) {
        if (prompts_.empty()) end_action();
        return true;
      }
      break;
    case Action::Type::kSail:
      if (!prompts_.empty() && prompts_.front().word == 27) {  // the may_sail bonus: no action spent
        sail(prompts_.front().seat, a);
        return apply_harvest({Action::Type::kActSteal, static_cast<int16_t>(prompts_.front().id), 0, 27});
      }
      sail(active_, a);
      break;
    case Action::Type::kHarvestChoose:
    case Action::Type::kHarvestExchange:
    case Action::Type::kActChoose:
    case Action::Type::kActSteal: return apply_harvest(a);
    case Action::Type::kTake: {
      if (a.a == 3) {
        gain_extra(active_, Res::kMap, 1);
        break;
      }
      Res4 r{};
      r[static_cast<size_t>(a.a)] = 1;
      gain(active_, r);
      break;
    }
    case Action::Type::kHire: {
      take_top(citizens_, 'c', a.a, which);
      p.g -= a.b, p.s -= a.c, p.m -= a.d;  // strength only with New Shilina Tower
      p.cit.push_back(a.a);
      p.flip.push_back(0);
      refill(citizens_[which]);
      fire_action_gains(*this, active_, "hire");
      break;
    }
    case Action::Type::kBuild: {
      for (size_t i = 0; i < domains_.size(); ++i) {
        if (!domains_[i].empty() && domains_[i].back() == CardRef{'d', a.a}) which = i;
      }
      build_from(active_, which, a.b, a.d);
      break;
    }
    case Action::Type::kSlay:
    case Action::Type::kSlayEvent: {
      int code = 0;
      for (int k = 0; k < 48; ++k) {
        if (k % 16 >= static_cast<int>((k < 16 ? monsters_ : k < 32 ? citizens_ : domains_).size())) continue;
        const auto& st = stack_at(k);
        if (!st.empty() && st.back() == CardRef{a.type == Action::Type::kSlayEvent ? 'e' : 'm', a.a}) code = k;
      }
      p.g -= a.b;  // an event's extra gold cost
      slay_top(active_, code, a.c, a.d);
      break;
    }
  }
  --actions_;
  if (prompts_.empty()) end_action();
  return true;
}

// Out of actions: the owned domains' action.end passives are offered one by one (their prompts
// keep the phase at action_end_pending), then the turn ends.
int Game::build_cost(int seat, const DomainCard& d) const { return std::max(0, d.cost - build_discount(seat)); }

// Pratchett's Plateau -1; Blessed Lands -2 for everyone once any player has it.
int Game::build_discount(int seat) const {
  return (has_flag(*this, seat, "action.pratchettsplateau") ? 1 : 0) + (any_flag("action.blessedlands") ? 2 : 0);
}

std::vector<int16_t> Game::build_payments(int seat, int id) const {
  std::vector<int16_t> out;
  const DomainCard* d = db_->domain(id);
  if (!d || !meets_roles(seat, *d)) return out;
  const Player& p = players_[static_cast<size_t>(seat)];
  const int cost = build_cost(seat, *d);
  // Face-up gold and magic tomes may pay part (available_actions.py build_domain_payment lists
  // every split: `build_pay g m tg 0 tm`), the rest from the treasury.
  const int up_g = std::min(7, face_up_tomes(seat, 0)), up_m = std::min(7, face_up_tomes(seat, 2));
  for (int g = cost; g >= (cost > 0 ? 1 : 0); --g) {
    const int m = cost - g;
    if (g > 15 || m > 15) continue;  // no printed cost comes near (the largest is 15)
    for (int tg = std::max(0, g - p.g); tg <= std::min(g, up_g); ++tg) {
      for (int tm = std::max(0, m - p.m); tm <= std::min(m, up_m); ++tm) out.push_back(static_cast<int16_t>(g | m << 4 | tg << 8 | tm << 11));
    }
  }
  return out;
}

void Game::build_from(int seat, size_t stack, int g, int m) {
  auto& st = domains_[stack];
  if (st.empty() || st.back().kind != 'd') return;
  const DomainCard* d = db_->domain(st.back().id);
  st.pop_back();
  Player& p = player(seat);
  p.g -= g, p.m -= m;
  const bool ignored = !covers(role_totals(seat), *d);  // Evermap's ignore was needed
  p.dom.push_back(d->id);
  p.dom_turn.push_back(turn_);
  p.vp += d->vp;
  relic_on_build(seat, ignored);
  // The domain's own activation first, then the next card of the stack (player_actions.py).
  unrevealed_domain_stack_ = static_cast<int>(stack);
  if (!d->activation.empty()) run_special(seat, d->activation, 'd', d->id, true);
  fire_action_gains(*this, seat, "build");
  unrevealed_domain_stack_ = -1;
  refill(st);
}

void Game::grant_domain(int seat, size_t stack) {
  auto& st = domains_[stack];
  if (st.empty() || st.back().kind != 'd') return;
  const DomainCard* d = db_->domain(st.back().id);
  st.pop_back();
  Player& p = player(seat);
  p.dom.push_back(d->id);
  p.dom_turn.push_back(turn_);
  p.vp += d->vp;
  if (!st.empty() && st.back().kind == 'd') hidden_domains_ |= 1u << stack;
  // The grant's answer clears the action prompt before the domain is taken (player_actions.py
  // choose_domain_reward), so an event the emptied stack reveals fires at once unless something
  // else keeps the engine busy: another prompt or gate, a payout continuation (events.py
  // _engine_busy).
  const bool was_resolving = resolving_;
  if (prompts_.empty() && continuations_.empty()) resolving_ = false;
  refill(st);
  resolving_ = was_resolving;
  const size_t after_event = prompts_.size();
  if (!d->activation.empty()) run_special(seat, d->activation, 'd', d->id, true);
  // The granted domain's activation then runs (payouts.py _apply_grant_domain_choice); when it
  // asks the player something it overwrites the action prompt the event's sequence or choice
  // opened: that question is never asked, and a sequence left so stays running for the rest of
  // the game (pending_event_sequence is only cleared when a sequence ends: events.py
  // _begin_sequence refuses every later one).
  const auto from_domain = prompts_.begin() + static_cast<long>(after_event);
  if (std::none_of(from_domain, prompts_.end(), [](const Prompt& q) { return q.act; })) return;
  const auto lost = std::remove_if(prompts_.begin(), from_domain, [&](const Prompt& q) {
    if (!q.act || q.card != 'E') return false;
    if (q.word == 18) sequence_stuck = true;
    return true;
  });
  prompts_.erase(lost, from_domain);
}

void Game::slay_top(int seat, int code, int s, int m) {
  auto& st = stack_at(code);
  if (st.empty()) return;
  const CardRef card = st.back();
  const bool ev = card.kind == 'e';
  st.pop_back();
  if (code < 16) clear_boost(static_cast<size_t>(code));
  Player& p = player(seat);
  p.s -= s, p.m -= m;
  p.mon.push_back(card);
  gain(seat, ev ? db_->event(card.id)->reward : db_->monster(card.id)->reward);
  const Program& special = ev ? db_->event(card.id)->special_reward : db_->monster(card.id)->special_reward;
  if (!special.empty()) run_special(seat, special, card.kind, card.id, seat == active_);
  // A slain event already counted as exhausted when it was revealed: its emptied stack gets a
  // plain token x<exhausted count> instead of the next exhausted card (player_actions.py).
  if (ev && st.empty()) {
    st.push_back({'x', static_cast<int16_t>(exhausted_count_)});
  } else {
    refill(st);
  }
  if (ev && db_->event(card.id)->activation.text.find("place_reserve_monster") != std::string::npos) banish_undead_minions();
  // Every slay in the action phase (a slay action, or one an effect grants) pays the slay
  // passives; a harvest slay does not (player_actions.py slay_monster).
  if (phase_ != Phase::kAction) return;
  fire_action_gains(*this, seat, "slay");
  for (int k = 1; k < num_players(); ++k) fire_action_gains(*this, (seat + k) % num_players(), "on_opponent_slay");
}

// The Undead Samurai Lord slain: its minions still on the center stacks leave the game and the
// unplaced ones never enter it (events.py on_undead_samurai_lord_slain).
void Game::banish_undead_minions() {
  for (auto* grid : {&monsters_, &citizens_, &domains_}) {
    for (size_t i = 0; i < grid->size(); ++i) {
      auto& st = (*grid)[i];
      const size_t before = st.size();
      st.erase(std::remove_if(st.begin(), st.end(), [&](const CardRef& c) {
        const MonsterCard* m = c.kind == 'm' ? db_->monster(c.id) : nullptr;
        return m && m->area == "Undead Samurai";
      }), st.end());
      // A Minion placed on a monster stack covered its top: that card has its added cost again.
      for (size_t k = st.size(); grid == &monsters_ && k < before; ++k) clear_boost(i);
    }
  }
  undead_samurai_.clear();
  undead_samurai_placed = true;
}

// `beside_gate`: a gate the last action's effect opened stays open while the action-end
// passives are offered; their prompts queue behind it and the turn ends once all are answered.
void Game::end_action(bool beside_gate) {
  if (phase_ != Phase::kAction || actions_ > 0 || (!prompts_.empty() && !beside_gate)) return;
  if (!end_pending_) end_pending_ = true, end_next_ = 0, end_asked_ = false;
  const Player& p = players_[static_cast<size_t>(active_)];
  while (end_next_ < p.dom.size()) {
    const size_t i = end_next_++;
    const DomainCard* d = db_->domain(p.dom[i]);
    if (!d || !d->passive.parsed || (i < p.dom_turn.size() && p.dom_turn[i] == turn_) || p.domain_down(i)) continue;
    const size_t before = prompts_.size();
    run_action_end(*this, active_, *d);
    if (prompts_.size() > before) {
      end_asked_ = true;
      return;
    }
  }
  if (!prompts_.empty()) return;  // the gate is still open
  if (tick_after_gate_) {  // the events' gate closed: the original's turn waits for a tick
    tick_after_gate_ = false;
    if (hold_for_tick_) {
      stalled_ = true;
      return;
    }
  }
  fire_deferred_events();  // held while the action-end queue ran
  if (!prompts_.empty()) {
    gate_after_prompt_ = true;
    // The original's phase stays action_end_pending only when its action-end queue asked
    // something (domain_effects.py _start_action_end_domain_sequence puts it back to action when
    // nothing blocked). Then the gate's close does not end the turn (its harness ticks); in the
    // action phase the close ends the turn at once, after offering the action-end passives again
    // (player_actions.py submit_concurrent_action -> finish_turn_if_no_actions_remaining).
    tick_after_gate_ = end_asked_;
    end_pending_ = end_asked_;
    return;
  }
  end_pending_ = false;
  end_turn();
}

bool Game::tick() {
  if (!stalled_) return false;
  stalled_ = false;
  end_pending_ = false;
  // The turn waited with no action prompt (action_required cleared): a game ending at this tick
  // keeps it so (lifecycle.py advance_tick, action_end_pending, finalizes without setting it).
  in_prompt_ = true;
  end_turn();
  in_prompt_ = false;
  return true;
}

bool Game::action_end_queued() const {
  const Player& p = players_[static_cast<size_t>(active_)];
  for (size_t i = 0; i < p.dom.size(); ++i) {
    const DomainCard* d = db_->domain(p.dom[i]);
    if (!d || !d->passive.parsed || (i < p.dom_turn.size() && p.dom_turn[i] == turn_) || p.domain_down(i)) continue;
    for (const Leg& leg : d->passive.effect.legs) {
      if (leg.phase == "action.end") return true;
    }
  }
  return false;
}

void Game::end_turn() {
  actions_ = 0;
  if (!end_triggered_) {
    const bool mon = std::all_of(monsters_.begin(), monsters_.end(), is_done_stack);
    const bool dom = std::all_of(domains_.begin(), domains_.end(), is_done_stack);
    const bool exh = exhausted_count_ >= 2 * num_players();
    if (mon || dom || exh) {
      end_triggered_ = true;
      end_reason_ = mon ? "all monsters slain" : dom ? "all domains built" : "exhausted stacks filled";
    } else if (const char* isle_end = island_end_reason()) {
      end_triggered_ = true;
      end_reason_ = isle_end;
    }
  }
  refresh_tomes(active_);  // the finisher's spent tomes turn face up (lifecycle.py)
  const int next = (active_ + 1) % num_players();
  if (end_triggered_ && next == 0) {
    // The engine passes the turn back to the first player, then scores (its action prompt
    // still names the player who ended the game).
    last_active_ = active_;
    over_after_prompt_ = in_prompt_;
    active_ = next;
    ++turn_;
    score();
    return;
  }
  active_ = next;
  ++turn_;
  relic_used_ = false;
  hidden_domains_ = 0;
  roll();
}

int Game::tableau_size(int seat) const {
  const Player& p = players_[static_cast<size_t>(seat)];
  return static_cast<int>(p.starters.size() + p.cit.size() + p.dom.size() + p.mon.size() + p.dukes.size() + p.nobles.size());
}

int Game::total_vp(int seat) const {
  const Player& p = players_[static_cast<size_t>(seat)];
  int total = p.vp + (crimson() ? island_vp(seat) : 0);
  if (p.dukes.size() != 1) return total;
  const DukeCard* d = db_->duke(p.dukes[0]);
  if (!d) return total;
  if (d->gold) total += p.g / d->gold;
  if (d->strength) total += p.s / d->strength;
  if (d->magic) total += p.m / d->magic;
  std::array<int, 4> roles{};
  for (int id : p.cit) {
    for (int r = 0; r < 4; ++r) roles[r] += db_->citizen(id)->roles[r];
  }
  for (int id : p.dom) {
    for (int r = 0; r < 4; ++r) roles[r] += db_->domain(id)->roles[r];
  }
  for (int id : p.nobles) {  // a noble's role icons count too (Player.calc_roles)
    if (const NobleCard* n = db_->noble(id)) {
      for (int r = 0; r < 4; ++r) roles[r] += n->roles[r];
    }
  }
  for (int r = 0; r < 4; ++r) total += roles[r] * d->roles[r];
  total += d->monster * static_cast<int>(p.mon.size()) + d->citizen * static_cast<int>(p.cit.size()) +
           d->domain * static_cast<int>(p.dom.size());
  for (const CardRef& m : p.mon) {
    const std::string& type = m.kind == 'm' ? db_->monster(m.id)->type : db_->event(m.id)->type;
    total += type == "Boss" ? d->boss : type == "Minion" ? d->minion : type == "Beast" ? d->beast : type == "Titan" ? d->titan : 0;
  }
  return total;
}

void Game::score() {
  for (Player& p : players_) std::fill(p.flip.begin(), p.flip.end(), 0), p.dflip.clear();  // face up to score
  std::vector<int> order(players_.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
    const int vx = total_vp(x), vy = total_vp(y);
    return vx != vy ? vx > vy : tableau_size(x) > tableau_size(y);
  });
  // Ranks follow the sorted order (endgame.py); players equal with the first on both keys share
  // the win.
  ranks_.assign(players_.size(), 0);
  winners_ = 0;
  for (size_t k = 0; k < order.size(); ++k) {
    ranks_[static_cast<size_t>(order[k])] = static_cast<int>(k) + 1;
    if (total_vp(order[k]) == total_vp(order[0]) && tableau_size(order[k]) == tableau_size(order[0])) winners_ |= 1u << order[k];
  }
  phase_ = Phase::kGameOver;
}

std::vector<double> Game::returns() const {
  std::vector<double> r(players_.size(), 0.0);
  if (!terminal()) return r;
  const int winners = std::popcount(winners_);
  for (size_t i = 0; i < r.size(); ++i) r[i] = (winners_ & (1u << i)) ? (winners == 1 ? 1.0 : 0.0) : -1.0;
  return r;
}

uint64_t Game::hash() const {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&](uint64_t v) { h = (h ^ v) * 1099511628211ull; };
  for (const Player& p : players_) {
    mix(static_cast<uint64_t>(p.g) | static_cast<uint64_t>(p.s) << 16 | static_cast<uint64_t>(p.m) << 32 | static_cast<uint64_t>(p.vp) << 48);
    for (int c : p.cit) mix(static_cast<uint64_t>(c));
    for (uint8_t f : p.flip) mix(f);
    for (int d : p.dom) mix(static_cast<uint64_t>(d) + 1000);
    for (uint8_t f : p.dflip) mix(static_cast<uint64_t>(f) + 3000);
    for (const CardRef& m : p.mon) mix(static_cast<uint64_t>(m.kind) << 16 | static_cast<uint16_t>(m.id));
    for (int d : p.dukes) mix(static_cast<uint64_t>(d) + 5000);
    mix(static_cast<uint64_t>(p.map) << 32 | p.goods.size() << 16 | p.tomes.size() << 8 | p.nobles.size());
    mix(static_cast<uint64_t>(p.tomes_spent[0]) << 16 | static_cast<uint64_t>(p.tomes_spent[1]) << 8 | static_cast<uint64_t>(p.tomes_spent[2]));
    for (int r : p.relics) mix(static_cast<uint64_t>(r) + 7000);
  }
  for (int32_t e : isle_.exekratys) mix(static_cast<uint64_t>(e));
  mix(static_cast<uint64_t>(exk_owed_) | static_cast<uint64_t>(relic_waiting_) << 8);
  for (const auto* grid : {&citizens_, &domains_, &monsters_}) {
    for (const auto& st : *grid) {
      mix(st.size());
      if (!st.empty()) mix(static_cast<uint64_t>(st.back().kind) << 16 | static_cast<uint16_t>(st.back().id));
    }
  }
  mix(exhausted_.size() | static_cast<uint64_t>(hidden_domains_) << 32);
  mix(static_cast<uint64_t>(phase_) | static_cast<uint64_t>(active_) << 8 | static_cast<uint64_t>(turn_) << 16 |
      static_cast<uint64_t>(actions_) << 32 | static_cast<uint64_t>(rolled_[0] * 7 + rolled_[1]) << 40);
  mix(static_cast<uint64_t>(dice_[0] * 7 + dice_[1]) | static_cast<uint64_t>(duke_waiting_) << 8 | static_cast<uint64_t>(end_triggered_) << 40 |
      static_cast<uint64_t>(rerolled_) << 48);
  for (const Prompt& p : prompts_) mix(static_cast<uint64_t>(p.id) | static_cast<uint64_t>(p.seat) << 16 | static_cast<uint64_t>(p.card_id) << 24);
  for (const Continuation& k : continuations_) mix(static_cast<uint64_t>(k.card) << 32 | static_cast<uint64_t>(k.leg) << 16 | static_cast<uint16_t>(k.id));
  for (const auto& b : boost_) mix(static_cast<uint64_t>(b[0]) | static_cast<uint64_t>(b[1]) << 16 | static_cast<uint64_t>(b[2]) << 32);
  mix(chance_.rng().words()[0]);
  return h;
}

std::string Game::label(const Action& a) const {
  if (a.axe) {
    Action bare = a;
    bare.axe = 0;
    return label(bare) + (a.axe == 1 ? " thunder_axe magic" : " thunder_axe strength");
  }
  if (a.tomes) {  // the tome part after the payment: `... tomes g s m`
    Action bare = a;
    bare.tomes = 0;
    return label(bare) + " tomes " + std::to_string(a.tomes & 31) + " " + std::to_string(a.tomes >> 5 & 31) + " " + std::to_string(a.tomes >> 10 & 31);
  }
  static const char* kRes[] = {"gold", "strength", "magic", "map"};
  const std::string pay = " g=" + std::to_string(a.b) + " s=" + std::to_string(a.c) + " m=" + std::to_string(a.d);
  switch (a.type) {
    case Action::Type::kChooseDuke: return "concurrent choose_duke " + std::to_string(a.a);
    case Action::Type::kChooseRelic: return "concurrent choose_relic " + std::to_string(a.a);
    case Action::Type::kSail: return sail_label(a);
    case Action::Type::kAgent: return "engage_agent " + std::to_string(a.b);
    case Action::Type::kRelic: return "use_relic " + std::to_string(a.a);
    case Action::Type::kFinalize: return a.a == 0 ? "finalize_roll keep" : "finalize_roll " + std::to_string(a.b) + " " + std::to_string(a.c);
    case Action::Type::kReroll: return a.a == 0 ? "reroll_both_dice" : "reroll_pending_die " + std::to_string(a.a);
    case Action::Type::kTake: return std::string("take_resource ") + kRes[a.a];
    case Action::Type::kHire: return "hire_citizen " + std::to_string(a.a) + pay;
    case Action::Type::kBuild: return "build_domain " + std::to_string(a.a) + pay;
    case Action::Type::kSlay: return "slay_monster " + std::to_string(a.a) + pay;
    case Action::Type::kSlayEvent: return "slay_event " + std::to_string(a.a) + pay;
    case Action::Type::kHarvestChoose: return "concurrent harvest_choices p" + std::to_string(a.a) + "|choose " + std::to_string(a.b);
    case Action::Type::kHarvestExchange:
      return "concurrent harvest_choices p" + std::to_string(a.a) + (a.b ? "|confirm_harvest_exchange" : "|skip_harvest_exchange");
    case Action::Type::kActChoose: return "act choose " + std::to_string(a.b);
    case Action::Type::kActSteal: {
      static constexpr const char* kWords[] = {"choose", "steal_victim", "steal_resource", "choose_player", "choose_owned_card",
                                               "confirm_self_convert", "choose_monster_slay", "slay_pay", "choose_monster", "", "",
                                               "choose_owned_card", "", "", "", "choose_owned_card", "", "", "", "choose_owned_card"};
      if (a.c == 10) return "concurrent flip_one_citizen " + std::to_string(a.d);
      if (a.c == 26) return std::string("act exekratys_offering ") + kRes[a.d];
      if (a.c == 16) return "concurrent event_banish_citizen_for_reward " + (a.b ? std::to_string(a.d) : std::string("skip"));
      if (a.c == 9 && a.b && a.d >= 1 && a.d <= 3) return std::string("concurrent event_self_convert ") + "gsm"[a.d - 1];
      if (a.c == 9) return a.b ? "concurrent event_self_convert accept" : "concurrent event_self_convert skip";
      if (a.c == 23) return "act choose " + std::to_string(a.b);
      if (a.c == 24) return a.b ? "act accept" : "act skip";
      if (a.c == 22) {
        return "concurrent harvest_choices p" + std::to_string(a.a) + "|" + (a.b == 0 ? std::string("skip_harvest_exchange") : std::string("wild_cost_resource ") + "gsm"[a.d]);
      }
      if (a.c == 20 || a.c == 21) {
        const std::string what = a.b == 0 ? "skip_harvest_exchange" : std::string("wild_gain_resource ") + "gsm"[a.b - 1];
        return a.c == 21 ? "act " + what : "concurrent harvest_choices p" + std::to_string(a.a) + "|" + what;
      }
      if (a.c == 18 && a.b == 0) return "act skip";
      if (a.c == 18 && a.d >= kPlaceBase) {  // Undead Samurai Lord: a stack code (see stack_at)
        const int code = a.d - kPlaceBase;
        return std::string("act place ") + (code < 16 ? "monster " : code < 32 ? "citizen " : "domain ") + std::to_string(code % 16);
      }
      if (a.c == 18 && a.d >= 1000) return "act pay " + std::string(1, "gsm"[(a.d - 1000) / 8]) + " " + players_[static_cast<size_t>((a.d - 1000) % 8)].id;
      if (a.c == 18) return "act " + std::to_string(a.d);
      if (a.c == 17) return a.b == 0 ? "act skip_harvest_exchange" : std::string("act wild_cost_resource ") + "gsm"[a.d];
      if (a.b == 0) return "act skip";
      if (a.c == 5) return "act confirm_self_convert";
      if (a.c == 7) return "act slay_pay 0 " + std::to_string(a.d >> 8) + " " + std::to_string(a.d & 0xFF);
      if (a.c == 14) {
        const CardRef top = stack_at(a.d).back();
        return std::string("event_slay_cost ") + (top.kind == 'e' ? "event=" : "monster=") + std::to_string(top.id);
      }
      if (a.c == 12) return "act build_domain_pick " + std::to_string(a.b);
      if (a.c == 25) return "act grant_domain " + std::to_string(a.b);
      if (a.c == 13) {  // build_pay g m tg ts tm (game.cc build_payments packs g | m << 4 | tg << 8 | tm << 11)
        return "act build_pay " + std::to_string(a.d & 15) + " " + std::to_string(a.d >> 4 & 15) + " " + std::to_string(a.d >> 8 & 7) + " 0 " + std::to_string(a.d >> 11 & 7);
      }
      if (a.c == 32) return "act choose_player " + std::to_string(a.b);
      if (a.c == 34 || a.c == 35) return std::string(a.c == 34 ? "act relic_pay " : "act relic_gain ") + "gsm"[a.d];
      if (a.c == 33) return "act choose_domain " + std::to_string(a.b);
      if (a.c == 28 || a.c == 29 || a.c == 31) return "act choose_owned_card " + std::to_string(a.b);
      if (a.c == 30) return "act recruit " + std::to_string(a.b);
      if (static_cast<size_t>(a.c) >= std::size(kWords)) return "act ?";
      return std::string("act ") + kWords[a.c] + " " + std::to_string(a.b);
    }
  }
  return "?";
}

}  // namespace rk::vck
