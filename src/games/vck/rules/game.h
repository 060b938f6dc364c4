// Valeria: Card Kingdoms on the kernel: the rules of the vckonline engine (lukesau/vckonline,
// see ../shared/docs/vck/game.md and the reference README's "Rules and quirks"), played from
// the card tables' effect strings. A state is a plain value (copying it clones the game, prompts
// in progress included); every random outcome is drawn through kernel::Chance so a recorded
// game's outcomes can be fed in order.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "games/vck/compiler/cards.h"
#include "kernel/chance.h"
#include "kernel/decision.h"
#include "kernel/log.h"

namespace rk::vck {

// A card on a board stack or in a tableau: c12, d3, m4, e7, x0 (a plain exhausted token).
// Event sequence option codes at or above this are a reserve placement on stack code (opt - base).
inline constexpr int kPlaceBase = 2000;
// A prompt option the original lists (so it counts in the numbering) but whose answer does
// nothing: it is not offered.
inline constexpr int16_t kInertOption = 0x4000;

struct CardRef {
  char kind = 'x';
  int16_t id = 0;
  std::string text() const { return kind + std::to_string(id); }
  bool operator==(const CardRef&) const = default;
};

// Crimson Seas (crimson.cc): the island rows (goods of Araby, tomes of Nae Aerie, nobles of
// Amarynth), each with its face-up slots and its supply (bottom .. top, drawn from the end), the
// Exekratys pool (g, s, m) that rolled 6s feed, and the maps each player starts with.
struct Isle {
  bool on = false;
  std::vector<std::string> goods_slots, goods_supply, tome_slots, tome_supply;
  std::vector<int> noble_slots, noble_supply;
  std::array<int32_t, 3> exekratys{};
  int32_t start_map = 0;
  bool operator==(const Isle&) const = default;
};

// The dealt game (what load_game_data produces): seats in turn order and the board.
struct Setup {
  std::vector<std::string> seats;            // player ids (p1..pN) in turn order
  std::vector<std::vector<int>> dukes_dealt;  // per seat
  std::vector<int> starters = {1, 2, 3};
  std::vector<std::vector<CardRef>> citizens, domains, monsters;  // bottom .. top
  std::vector<CardRef> exhausted;             // drawn from the end
  std::vector<std::string> monster_areas;     // area of each monster stack
  std::vector<CardRef> kings_guard;           // set aside for Recruit the King's Guard
  std::vector<CardRef> undead_samurai;        // set aside for the Undead Samurai Lord (placed front first)
  // The other lobby presets (crimson.cc): relics dealt per seat (2 each, one kept at the relic
  // gate), the face-up agent slots and the agent deck (drawn from the end), and Crimson Seas.
  std::vector<std::vector<int>> relics_dealt;  // per seat; empty when relics are out
  std::vector<int> agents_slots, agents_deck;
  bool agents = false;
  Isle isle;
};

struct Player {
  std::string id;
  int32_t g = 2, s = 0, m = 1, vp = 0;
  std::vector<int> starters, cit, dom, dukes;
  std::vector<int> dom_turn;  // the turn each domain was built (its passives rest that turn)
  std::vector<std::string> fx;  // effects granted for the rest of the game (fx in summaries)
  std::vector<uint8_t> flip;  // per citizen
  std::vector<CardRef> mon;
  int32_t map = 0;           // maps (Crimson Seas; elsewhere an incidental gain is kept silently)
  std::vector<int> relics;   // the two dealt, then the one kept at the relic gate
  std::vector<std::string> goods, tomes;  // Crimson Seas pieces
  // Tomes spent this turn, per type (gold, strength, magic): face down until the owner's turn
  // ends (tomes.cc). Tomes of one type are alike, so a count per type is the whole state.
  std::array<int8_t, 3> tomes_spent{};
  std::vector<int> nobles;
  std::vector<uint8_t> dflip;  // per domain, flipped by the Sapper agent: its power is off
  bool domain_down(size_t i) const { return i < dflip.size() && dflip[i]; }
  bool operator==(const Player&) const = default;
};

enum class Phase : uint8_t { kSetup, kRollPending, kHarvest, kAction, kGameOver };

// One pending question of a harvest gate (or a sequential prompt): which effect leg asks, and how
// many options it offers. The options are re-derived from the card's tree when answered.
struct Prompt {
  enum class Kind : uint8_t { kChoose, kExchange };
  Kind kind = Kind::kChoose;
  int8_t seat = -1;
  uint16_t id = 0;          // p<id> in the engine's move texts
  char card = 'c';          // where the effect lives: c citizen, s starter, m monster
  int16_t card_id = 0;
  bool on_turn = false;
  bool act = false;         // a sequential `act choose N` prompt (not part of a harvest gate)
  uint16_t leg = 0;
  uint8_t options = 0;
  // What the prompt asks: 0 choose (options below), 1 steal_victim, 2 steal_resource,
  // 3 choose_player, 4 choose_owned_card, 5 confirm_self_convert, 6 choose_monster_slay,
  // 7 slay_pay, 8 choose_monster (strength), ... 25 grant_domain, 26 exekratys_offering,
  // 27 may_sail, 28/29 banish an owned citizen/monster, 30 recruit, 31 banish a noble,
  // 32/33 the Sapper's player then domain, 34/35 Treant Chest's pay then gain; `skip` adds act skip.
  uint8_t word = 0;
  int8_t target = -1;        // steal_resource: the victim's seat; slay_pay: the monster stack
  bool skip = false;
  // choose: each option as (argument index << 8 | citizen stack index, 0xFF: not a pick).
  std::vector<int16_t> opts;
  bool operator==(const Prompt&) const = default;
};

struct Action {
  enum class Type : uint8_t { kChooseDuke, kFinalize, kTake, kHire, kBuild, kSlay, kSlayEvent, kHarvestChoose, kHarvestExchange, kActChoose, kActSteal, kReroll, kChooseRelic, kSail, kAgent, kRelic };
  Type type = Type::kTake;
  int16_t a = 0, b = 0, c = 0, d = 0;  // per type: ids, payment g/s/m, prompt id and option; reroll: die 1/2, 0 both
  // kSail: a = where (0 Araby's goods, 1 Nae Aerie's tomes, 2 a noble of Amarynth, 3 Exekratys),
  // b = the slot mask (goods, tomes) or slot (noble), c = gold paid or the resource (noble,
  // Exekratys: 0 g, 1 s, 2 m), d = magic paid. kAgent: a = the agent slot, b = its id.
  // kRelic: a = the relic id.
  // The part of a payment (hire, build, slay, sail) made with face-up Crimson Seas tomes
  // (tomes.cc): gold | strength << 5 | magic << 10, each at most the payment of its type.
  uint16_t tomes = 0;
  // A slay with Thunder Axe's discount (relics.cc): 1 its magic part, 2 its strength part.
  uint8_t axe = 0;
  bool operator==(const Action&) const = default;
};

class Game {
 public:
  using Action = vck::Action;
  Game(const CardDb& db, const Setup& setup, uint64_t seed = 1);

  int num_players() const { return static_cast<int>(players_.size()); }
  kernel::Decider decider() const;
  int current_player() const { return decider().next(); }
  kernel::Choice choice() const;
  std::vector<Action> legal_actions() const;
  bool apply_index(size_t i);
  // apply_index for a caller that already holds legal_actions() (a driver need not list them twice).
  bool apply_listed(const std::vector<Action>& legal, size_t i);
  bool apply(const Action& a);
  bool terminal() const { return phase_ == Phase::kGameOver; }
  std::vector<double> returns() const;
  uint64_t hash() const;
  const kernel::Log& log() const { return log_; }
  std::string label(const Action& a) const;
  std::string error() const { return chance_.failed() ? chance_.error() : error_; }
  // A heuristic score of the position for `seat` (evaluate.cc): higher is better; the greedy bot.
  double evaluate(int seat) const;
  // Re-samples what `observer` cannot see (determinize.cc), for a search's determinizations.
  void determinize(int observer, kernel::Rng& rng);
  Game copy_for_search() const {
    Game g = *this;
    g.log_ = kernel::Log();
    g.marks_ = nullptr;
    return g;
  }

  // Read access for summaries, the CLI and tests.
  const std::vector<Player>& players() const { return players_; }
  Phase phase() const { return phase_; }
  int active() const { return active_; }
  int last_active() const { return last_active_; }
  bool over_after_prompt() const { return over_after_prompt_; }
  bool gate_after_prompt() const { return gate_after_prompt_; }
  int turn() const { return turn_; }
  int actions_left() const { return actions_; }
  void add_action() { ++actions_; }  // The Wizards of Nae: one more action this turn
  int exhausted_count() const { return exhausted_count_; }
  bool end_triggered() const { return end_triggered_; }
  int die(int k) const { return dice_[k]; }
  int rolled_die(int k) const { return rolled_[k]; }  // as rolled, before a finalize changes it
  const std::vector<std::vector<CardRef>>& stacks(char grid) const {
    return grid == 'c' ? citizens_ : grid == 'd' ? domains_ : monsters_;
  }
  const std::vector<Prompt>& prompts() const { return prompts_; }
  bool duke_gate() const { return phase_ == Phase::kSetup && duke_waiting_ != 0; }
  bool relic_gate() const { return phase_ == Phase::kSetup && duke_waiting_ == 0; }
  const Isle& isle() const { return isle_; }
  bool crimson() const { return isle_.on; }
  const std::vector<int>& agent_slots() const { return agents_slots_; }
  bool agents_in() const { return agents_in_; }
  // A gain of maps or tomes (Res::kMap, Res::kTome) outside the four scores.
  void gain_extra(int seat, Res r, int n);
  // Crimson Seas island rows ("tome", "goods", "noble"): the number of face-up slots, whether one
  // holds a piece, and a free take of it (a reward): tomes and goods pack toward the bottom and
  // redraw on top, a noble's slot refills from the deck (player_actions.py).
  size_t island_slots(const std::string& row) const;
  // End-game VP of a Crimson Seas player's tomes, goods and nobles (endgame.py), and the three
  // extra end conditions: a row that could not be refilled (null when none).
  int island_vp(int seat, int* tome = nullptr, int* goods = nullptr, int* nobles = nullptr) const;
  const char* island_end_reason() const;
  bool island_slot_filled(const std::string& row, size_t slot) const;
  void take_island(int seat, const std::string& row, size_t slot);
  // The end of `seat`'s turn, or Solo's Haven: every spent tome turns face up again (tomes.cc).
  void refresh_tomes(int seat);
  void banish_noble(size_t slot);
  // The answer to an exekratys_offering prompt: 1 of resource `res` (0 g, 1 s, 2 m) placed.
  void place_on_exekratys(int seat, int res);
  uint32_t gate_waiting() const;
  const CardDb& db() const { return *db_; }
  kernel::Chance& chance() { return chance_; }
  // A random pick inside an effect (random monster, random card), logged like the dice.
  uint32_t draw(uint32_t n) { return chance_.below(n, &log_, 2); }
  int rank_of(int seat) const { return ranks_.empty() ? 0 : ranks_[static_cast<size_t>(seat)]; }
  bool winner(int seat) const { return winners_ & (1u << seat); }
  int total_vp(int seat) const;
  int tableau_size(int seat) const;
  const std::string& end_reason() const { return end_reason_; }
  // The engine's summaries at roll and harvest points go here when set (replay compares them).
  void set_marks(std::vector<std::string>* marks) { marks_ = marks; }
  // Effect strings that ran (coverage): ran[Program::index] is set to 1 when set.
  void set_ran(std::vector<uint8_t>* ran) { ran_ = ran; }

  // Replay: wait for the recorded harness tick where the original engine stalls (no moves then),
  // instead of ending the turn at once as play does; tick() moves on (false when not stalled).
  void hold_for_tick(bool on) { hold_for_tick_ = on; }
  bool stalled() const { return stalled_; }
  bool tick();

  // Effects (verbs.cc) need these.
  Player& player(int seat) { return players_[static_cast<size_t>(seat)]; }
  int seat_count() const { return num_players(); }
  void gain(int seat, const Res4& r);
  void add_prompt(Prompt p);  // numbered p1, p2... within the gate
  bool in_action() const { return phase_ == Phase::kAction; }
  bool end_pending() const { return end_pending_; }
  // Pirate Blockade on the board: citizens matching the current dice cannot be taken.
  bool recruit_blocked(const CitizenCard& c) const;
  void queue_slay(int seat) { pending_slays_.push_back(static_cast<int8_t>(seat)); }
  int32_t& gold_pool(int event) {
    for (auto& [id, n] : gold_pools_) {
      if (id == event) return n;
    }
    gold_pools_.push_back({static_cast<int16_t>(event), 0});
    return gold_pools_.back().second;
  }
  // Extra slay cost on a monster stack's top card (0 gold, 1 strength, 2 magic): Ancient Tomb,
  // the events' add_slay_cost.
  // The added cost belongs to the card on top: it goes when that card leaves the stack.
  // When that top leaves, a card it covered gets its own added cost back (bury_boost).
  void clear_boost(size_t stack) {
    if (stack >= boost_.size()) return;
    boost_[stack] = {0, 0, 0};
    if (stack < buried_boost_.size() && !buried_boost_[stack].empty()) {
      boost_[stack] = buried_boost_[stack].back();
      buried_boost_[stack].pop_back();
    }
  }
  // A card put on top of monster stack `stack` (a returned monster, a placed Minion) has no added
  // cost: the one on the stack stays with the card beneath (the original keeps it on that card,
  // extra_*_cost) until the new top leaves.
  void bury_boost(size_t stack) {
    if (stack >= boost_.size()) return;
    if (buried_boost_.size() <= stack) buried_boost_.resize(stack + 1);
    buried_boost_[stack].push_back(boost_[stack]);
    boost_[stack] = {0, 0, 0};
  }
  int boost(size_t stack, int res = 1) const { return stack < boost_.size() ? boost_[stack][static_cast<size_t>(res)] : 0; }
  void add_boost(size_t stack, int n, int res = 1) {
    if (boost_.size() < monsters_.size()) boost_.resize(monsters_.size(), {0, 0, 0});
    boost_[stack][static_cast<size_t>(res)] = static_cast<int16_t>(boost_[stack][static_cast<size_t>(res)] + n);
  }
  // The gold `seat` pays to hire `c` now: its printed cost, one more for each copy of it the seat
  // already has (unflipped) and each starter of its name, less what passives take off (the view
  // shows it beside the printed cost).
  int hire_cost(int seat, const CitizenCard& c) const;
  // Every exact payment (gold << 8 | magic) `seat` can make for domain `id` (empty: cannot build).
  std::vector<int16_t> build_payments(int seat, int id) const;
  // Builds the top of domain stack `stack` for `seat` paying g, m (vp, activation, passives, refill).
  void build_from(int seat, size_t stack, int g, int m);
  // Takes the top of domain stack `stack` for `seat` for free (a <domains> reward): vp, the next
  // card revealed, then the domain's activation; no build passives (payouts.py).
  void grant_domain(int seat, size_t stack);
  // The domain stack whose next card is still face-down while a just-built domain's activation
  // runs (the engine reveals it as the action's last step); -1 otherwise.
  int unrevealed_domain_stack() const { return unrevealed_domain_stack_; }
  // A domain stack whose next card a grant left face-down: it is not bought until the turn ends
  // (payouts.py _apply_grant_domain_choice does not reveal it; lifecycle.py reveals it at the
  // end of the turn).
  bool domain_hidden(size_t stack) const { return hidden_domains_ & (1u << stack); }
  // A stack by code: 0..15 monster stacks, 16.. citizen stacks, 32.. domain stacks (monster
  // events can lie on any of them and are slain where they lie).
  std::vector<CardRef>& stack_at(int code) {
    auto& grid = code < 16 ? monsters_ : code < 32 ? citizens_ : domains_;
    return grid[static_cast<size_t>(code % 16)];
  }
  const std::vector<CardRef>& stack_at(int code) const { return const_cast<Game*>(this)->stack_at(code); }
  // Slays the top of stack `code` for `seat` paying s, m (rewards, special reward, refill).
  void slay_top(int seat, int code, int s, int m);
  void banish_undead_minions();
  std::vector<std::vector<CardRef>>& monster_stacks_mut() { return monsters_; }
  const std::vector<std::string>& monster_areas() const { return monster_areas_; }
  const std::vector<std::vector<CardRef>>& citizen_stacks() const { return citizens_; }
  std::vector<std::vector<CardRef>>& citizen_stacks_mut() { return citizens_; }
  void refill_stack(std::vector<CardRef>& st) { refill(st); }
  // A card returned onto a stack whose top is an exhausted token or a spent (non-monster) event
  // sends that top back to the exhausted deck, drawn next, and the exhausted count drops; an
  // event's rest-of-game grants end with it (domain_effects.py _unexhaust_stack_top_if_present).
  void unexhaust_top(std::vector<CardRef>& st);
  // Recruit the King's Guard leaving play: its un-hired guards go back to the reserve.
  void retract_kings_guard(std::vector<CardRef>& st);
  const std::vector<CardRef>& kings_guard() const { return kings_guard_; }
  const std::vector<CardRef>& exhausted_deck() const { return exhausted_; }  // drawn from the end
  // Undead Samurai Lord: the set-aside minions, placed front first, and whether the one-time
  // scatter already began (a re-revealed Lord places no second wave).
  std::vector<CardRef>& undead_samurai_mut() { return undead_samurai_; }
  const std::vector<CardRef>& undead_samurai() const { return undead_samurai_; }
  bool undead_samurai_placed = false;
  // An event sequence whose prompt a granted domain's question overwrote: the original never
  // ends it, and no later sequence can start (events.py _begin_sequence).
  bool sequence_stuck = false;
  // Const: a passive that changes a cost while moves are listed has run too.
  void note_ran(const Program& p) const {
    if (ran_ && p.index >= 0 && static_cast<size_t>(p.index) < ran_->size()) (*ran_)[static_cast<size_t>(p.index)] = 1;
  }
  void fail(std::string why) {
    if (error_.empty()) error_ = std::move(why);
  }

 private:
  friend struct HarvestRules;
  void roll();
  int roll_die();  // one die through the kernel's Chance, tagged as a die
  void finalize(int d1, int d2);
  // Moves the original's enumerator never lists (unlisted_moves.cc): Twilight / Blood Moon
  // Palace re-rolls while the roll is pending, New Shilina Tower's strength payments.
  void list_rerolls(std::vector<Action>& out) const;
  void reroll(int die);
  void list_shilina_payments(int id, int cost, std::vector<Action>& out) const;
  // Crimson Seas (crimson.cc): 6s rolled oblige the roller to place resources on Exekratys,
  // one prompt per owed placement before the harvest starts (dice.py, lifecycle.py).
  bool open_exekratys_offering();
  void owe_exekratys();
  // Sailing (a standard action, or free while a may_sail prompt is open): every destination
  // and exact payment `seat` can afford with 1 map; applying one pays and takes.
  void list_sails(int seat, std::vector<Action>& out) const;
  void sail(int seat, const Action& a);
  // Tomes (tomes.cc, player_actions.py redeem_tomes_to_score): what `seat` can pay with, its
  // treasury plus its face-up tomes (g, s, m); every split of the payments listed from `from` on
  // between face-up tomes and the treasury; spending the tome part (the tomes turn face down and
  // their value goes to the treasury, which the payment then spends).
  std::array<int, 3> purse(int seat) const;
 public:
  int face_up_tomes(int seat, int type) const;  // type 0 gold, 1 strength, 2 magic
  int noble_price(int seat) const;  // 9 of one resource, 1 more per noble owned (Murat Reis: 9)
 private:
  void split_tome_payments(int seat, std::vector<Action>& out, size_t from) const;
 public:
  void redeem_tomes(int seat, uint16_t part);  // part packed like Action::tomes
 private:
  // Agents (agents.cc): engaging a face-up agent is an action (its cost is the effect's leading
  // payment); the used agent goes under the deck and the slot refills from its top. A kept
  // relic that is not passive is used as an action, once a turn (relics.py).
  void list_agents(int seat, std::vector<Action>& out) const;
  void engage_agent(int seat, const Action& a);
  void list_relic_use(int seat, std::vector<Action>& out) const;
  void use_relic(int seat, const Action& a);
  bool relic_used_ = false;  // this turn
  std::string sail_label(const Action& a) const;
  Isle isle_;
  int8_t exk_owed_ = 0, exk_seat_ = -1;  // placements owed, and by whom (kept until asked)
  uint32_t relic_waiting_ = 0;
  std::vector<int> agents_slots_, agents_deck_;
  bool agents_in_ = false;
  uint8_t rerolled_ = 0;  // this roll phase: bit 0 Twilight Palace used, bit 1 Blood Moon Palace
  void board_roll_effects();
  int finalize_cost(int d1, int d2) const;
  void list_finalize(std::vector<Action>& out) const;
  void start_harvest();
  void harvest_scan();
  bool steal_step();
  void continue_harvest();
  void harvest_finalize();
  void after_scan();
  void after_harvest();
  void end_action(bool beside_gate = false);
  bool action_end_queued() const;  // the active player has action-end passives to offer
  // Events fired after the action-end queue opened a gate: when it closes, the original engine
  // does not end the turn by itself; its harness ticks (reference README, "tick").
  bool tick_after_gate_ = false;
  bool hold_for_tick_ = false, stalled_ = false;
  void end_turn();
  void refill(std::vector<CardRef>& stack);
  void fire_event(const EventCard& e, std::vector<CardRef>& stack);
  void fire_deferred_events();
  void score();
  void mark(const char* at);
  int hire_cost(int seat, const CitizenCard& c, bool emerald, bool defiant) const;  // the two passives looked up by the caller
  bool blockade_on_board() const;  // a block_recruit_matching_roll event lies on a stack
  bool meets_roles(int seat, const DomainCard& d) const;
  std::array<int, 4> role_totals(int seat) const;  // the role icons of `seat`'s citizens
  static bool covers(const std::array<int, 4>& have, const DomainCard& d, bool ignore_one = false);  // a domain's prerequisites met
  // The kept relic's passive text of `seat` ("" without one), and the passive relics that
  // change a build (relics.py): Evermap ignores one missing role icon or else gives magic,
  // Violet Ring gives victory points.
  const std::string& relic_passive(int seat) const;
  bool relic_ignores_role(int seat) const;
  // Thunder Axe (action.slay_discount magic=N strength=M): beside each slay of a card printed with
  // strength `s` and magic `m`, the payments of the discounted cost, marked in Action::axe.
  void list_axe_payments(Action::Type t, int id, int s, int m, int s_part, int m_part, int gold, std::vector<Action>& out) const;
  void relic_on_build(int seat, bool ignored_role);
  int build_discount(int seat) const;
  bool any_flag(const std::string& flag) const;
  int build_cost(int seat, const DomainCard& d) const;
  void list_actions(std::vector<Action>& out) const;
  void add_gold_part(std::vector<Action>& out, size_t from, int gold) const;
  void list_payments(Action::Type t, int id, int gold_part, int strength_part, int magic_part, std::vector<Action>& out) const;
  bool apply_harvest(const Action& a);
  void run_special(int seat, const Program& p, char card, int card_id, bool on_turn);
  int resting_seat() const;

  const CardDb* db_;
  std::vector<Player> players_;
  std::vector<std::vector<CardRef>> citizens_, domains_, monsters_;
  std::vector<CardRef> exhausted_;
  Phase phase_ = Phase::kSetup;
  int active_ = 0, turn_ = 1, actions_ = 0, exhausted_count_ = 0;
  int unrevealed_domain_stack_ = -1;
  uint32_t hidden_domains_ = 0;
  int last_active_ = 0;  // who played the last turn (game over)
  bool resolving_ = false;  // a prompt's answer is being applied
  bool in_prompt_ = false, over_after_prompt_ = false;  // the game ended as a prompt was answered
  bool gate_after_prompt_ = false;  // a gate opened as a sequential prompt was answered (no action prompt)
  int dice_[2] = {0, 0}, rolled_[2] = {0, 0};
  bool end_triggered_ = false;
  uint32_t duke_waiting_ = 0;
  // Harvest: the gate's prompts, the next prompt id, whether this is the end-of-harvest bonus
  // gate, which seats had a card activate (their no_payout bonus is off).
  std::vector<Prompt> prompts_;
  uint16_t prompt_seq_ = 0;
  bool bonus_gate_ = false;
  uint32_t activated_ = 0;
  bool steal_phase_ = false;
  bool harvest_started_ = false;  // false while a roll effect's prompt holds the harvest back
  bool end_pending_ = false;  // action.end passives being offered (action_end_pending)
  size_t end_next_ = 0;       // the next owned domain whose action.end passive is offered
  bool end_asked_ = false;    // one of them asked something (the phase stays action_end_pending)
  bool post_slay_resume_ = false;  // an action-phase slay's reward asked more: its resume waits
  std::vector<int8_t> pending_slays_;  // harvest `slay` payouts, offered after every payout
  std::vector<std::array<int16_t, 3>> boost_;  // extra g/s/m slay cost on each monster stack's top
  std::vector<std::vector<std::array<int16_t, 3>>> buried_boost_;  // per stack: the covered cards' (bury_boost)
  std::vector<std::string> monster_areas_;
  std::vector<CardRef> kings_guard_;
  std::vector<CardRef> undead_samurai_;
  std::vector<int16_t> deferred_events_;  // revealed while a prompt was open
  std::vector<std::pair<int16_t, int32_t>> gold_pools_;  // Ghost Ship: gold placed on an event
 public:
  // The rest of an effect whose leg opened a sequential prompt (banish_center monster + slay):
  // its legs from `leg` on run once the prompt is answered.
  struct Continuation {
    char card = 0;
    int16_t id = 0;
    bool on_turn = false;
    uint16_t leg = 0;
    int8_t seat = -1;
    bool operator==(const Continuation&) const = default;
  };
  std::vector<Continuation>& continuations() { return continuations_; }

 private:
  std::vector<Continuation> continuations_;
  std::vector<uint8_t> thief_used_;  // steal activations already resolved, per seat
  std::vector<int32_t> harvest_m0_;  // magic at the start of the harvest (Opera House), per seat
  uint32_t magic_bonus_done_ = 0;
  uint32_t gate_answered_ = 0;  // seats that answered a prompt of this harvest's gate
  void magic_gain_bonus(int seat);
  void magic_bonus_on_reopen();
  std::vector<int> ranks_;
  uint32_t winners_ = 0;
  std::string end_reason_;
  kernel::Chance chance_;
  kernel::Log log_;
  std::string error_;
  std::vector<std::string>* marks_ = nullptr;
  std::vector<uint8_t>* ran_ = nullptr;
};

// The engine's state summary (reference README "Summaries"), as JSON text with every field.
std::string summary_json(const Game& g);

// Deals a game the way load_game_data does, every random pick drawn from `chance`: preset =
// base, base1, base2, flamesandfrost, shadowvale, crimsonseas, june2026 (current), random, draft.
// The draft preset deals from its vote's outcome (draft.h); the others take no `draft`.
struct DraftResult;
bool deal(const CardDb& db, const std::string& preset, int players, kernel::Chance& chance, Setup& out, std::string& error,
          const DraftResult* draft = nullptr);
bool preset_known(const std::string& preset);

}  // namespace rk::vck
