// A game of Card Fighters' Clash on the kernel (docs/cfc/CFC-Rules.md): two players, 3000 HP,
// 50-card decks, five-card hands, a ring of four slots, seven phases a turn.
//
// The state is a value: copying it clones the game. Its decisions are kernel choices: the active
// player's in the Main and Attack phases, the defender's in the Counter-attack phase; every other
// step (unfreeze, draw, damage, KO, clean-up) happens by itself between decisions.
//
// Where the rulebook is silent, the OCTGN plugin's automation decides (and the closing notes list
// it): united-attack costs are paid when the counter-attack phase begins, combat damage is dealt
// at the start of the End phase after attackers freeze, the blocker's excess damage to a united
// attack flows through its members in order, characters at 0 BP are KO'ed before the Attack, End
// and Cleanup phases (and, here, as soon as damage is dealt).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "games/cfc/compiler/deck.h"
#include "games/cfc/compiler/pool.h"
#include "games/cfc/rules/script_expr.h"
#include "kernel/chance.h"
#include "kernel/decision.h"
#include "kernel/effects.h"
#include "kernel/frames.h"
#include "kernel/log.h"
#include "kernel/zone.h"

namespace rk::cfc {

struct ExprScope;
using kernel::EntityId;
using kernel::kNoEntity;

inline constexpr int kSlots = 4;
// A choice of target that is the enemy player rather than a card (to(opp,character@oppRing)).
inline constexpr EntityId kEnemyTarget = kNoEntity - 1;
// Card::rules when a card has the rules printed on it (not copied from another card).
inline constexpr uint16_t kOwnRules = 0xFFFF;

inline constexpr int32_t kStartHp = 3000;
inline constexpr size_t kHandSize = 5;
inline constexpr int32_t kBackupBp = 300;
inline constexpr int32_t kUnitedAttackCost = 5;  // per character after the first: ua2 5 SP, ua3 10 SP
inline constexpr int kMaxUnited = 3;
// Card effects can multiply BP and add SP or HP turn after turn: values stay below this bound.
inline constexpr int32_t kMaxBp = 100'000'000;  // three of them still add up within int32
// A safety net for simulations: a game still going after this many turns is a draw. Without
// scripts that return cards to decks a game ends by deck-out long before (50 cards, a draw a turn).
inline constexpr int kMaxTurns = 400;

enum class Phase : uint8_t { kActivate, kDraw, kMain, kAttack, kCounter, kEnd, kCleanup, kOver };
const char* phase_name(Phase p);

struct Action {
  enum class Kind : uint8_t {
    kPass,           // end the Main phase / declare no more attacks / no more blocks or reactions
    kPlayCharacter,  // hand card -> empty ring slot
    kBackup,         // hand card -> under the character in slot
    kPlayAction,     // hand card (Main phase)
    kActivate,       // the ■ ability of the character in slot (freezes it)
    kAttack,         // the character in slot attacks
    kUnite,          // the character in slot joins attack `attack` (a united attack)
    kPlayReaction,   // hand card (defender, Counter-attack phase)
    kBlock,          // the defender's character in slot counters attack `attack`
    kChoose,         // the card targets[0] for a choice raised while an effect runs (a Question)
  };
  Kind kind = Kind::kPass;
  int8_t hand = -1, slot = -1, attack = -1;
  // The card's script (actions, reactions, ▲ on entering, ■): which `action` rule, its target (a
  // card, per statement), the cards paid for a {D...} or {S(...)} cost, and whether [[may]] is declined.
  int8_t rule = -1;
  std::array<EntityId, kMaxTargets> targets{kNoEntity, kNoEntity, kNoEntity, kNoEntity, kNoEntity, kNoEntity};
  std::array<EntityId, kMaxSeveral> paid{kNoEntity, kNoEntity, kNoEntity, kNoEntity,
                                         kNoEntity, kNoEntity, kNoEntity, kNoEntity};
  // The cards chosen for the one statement (`several_of`) whose target takes several.
  int8_t several_of = -1;
  std::array<EntityId, kMaxSeveral> several{kNoEntity, kNoEntity, kNoEntity, kNoEntity,
                                            kNoEntity, kNoEntity, kNoEntity, kNoEntity};
  bool decline = false;
  bool removed = false;  // `hand` indexes the removed pile (enableRule(play_removed): Crossover)
  bool operator==(const Action&) const = default;
};

// One physical card in a game.
struct Card {
  uint16_t def = 0;    // CardPool::cards index
  int8_t owner = 0;
  int32_t bp = 0;      // current BP while in the ring
  int32_t last_bp = 0; // its BP when it last left the ring (`lastBP`)
  bool frozen = false;
  bool fresh = false;  // entered the ring this turn of its controller ("just entered")
  uint16_t epoch = 0;  // how many times it left the ring: effects on an earlier stay end with it
  uint16_t granted = 0, revoked = 0;  // abilities given (+x) or taken (-x) for good during this stay
  uint16_t own_granted = 0;           // of `granted`, those its own ● ability gave it (nullified with it)
  bool powerless = false;             // loseAbility(): its rules are gone for this stay
  // It took part in a united attack: its ● ability is nullified until the end of the turn
  // (rulebook, "● Ability"); ▲ and ■ abilities are not.
  bool united = false;
  // copyAbility(), steal(), swapAbilities(): the card model (CardPool::cards index) whose rules
  // (script and ability type) it has for this stay; kOwnRules: its own.
  uint16_t rules = kOwnRules;
  // transform(): the card model it was before it became another card; kOwnRules: not transformed.
  uint16_t printed = kOwnRules;
  bool operator==(const Card&) const = default;
};

// A game rule turned on or off by a card's effect, for everyone or for one player.
struct RuleChange {
  uint16_t bits = 0;
  bool on = false;
  int8_t player = -1;  // -1: every player
  bool operator==(const RuleChange&) const = default;
};

// Abilities given for a while: to a card during one stay in the ring, or to a player.
struct Grant {
  EntityId card = kNoEntity;  // kNoEntity: the player's
  int8_t player = -1;
  uint16_t epoch = 0;
  uint16_t bits = 0;
  bool own = false;  // the card's own ● ability gave it (nullified with it)
  bool operator==(const Grant&) const = default;
};

// alterCost(): the SP of a kind of card or united attack changes for a player (CostKind; mod as
// in sp(): 0 add, '=' set).
struct CostChange {
  uint8_t kind = kCostAction;
  int8_t player = 0;
  char mod = 0;
  int32_t value = 0;
  bool operator==(const CostChange&) const = default;
};
// The kernel event that ends effects marked unac: an action card was played.
inline constexpr uint16_t kEventActionPlayed = 1;

// A BP change that lasts until the end of the turn (bp(...) ueot).
struct BpChange {
  EntityId card = kNoEntity;
  uint16_t epoch = 0;
  int32_t delta = 0;
  bool operator==(const BpChange&) const = default;
};

struct PlayerState {
  int32_t hp = kStartHp, sp = 0;
  kernel::Zone deck, hand, discards, removed;
  std::array<EntityId, kSlots> ring{kNoEntity, kNoEntity, kNoEntity, kNoEntity};
  std::array<std::vector<EntityId>, kSlots> backups;  // cards under each ring slot
  uint8_t chars_played = 0, backups_played = 0;       // this turn
  uint8_t extra_chars = 0;                            // playExtraChar(): more characters this turn
  uint8_t extra_turns = 0;                            // turns(+n): turns to take after this one
  bool skip_draw = false;                             // skip(draw): the next Draw phase is skipped
  bool nc_damaged = false;                            // dealt non-combat damage this turn (ncDamaged)
  int32_t lost_sp = 0;                                // SP lost this turn (lostSP)
  uint16_t granted = 0;                               // player abilities given for good (cantplayac...)
  bool operator==(const PlayerState&) const = default;
};

// An attack of the active player: one character, or a united attack (lead first).
struct Attack {
  std::array<int8_t, kMaxUnited> slots{-1, -1, -1};
  uint8_t size = 0;
  int8_t blocker = -1;  // the defender's slot that counters it
  // Declared as a united attack. It stays one when members leave the ring (the rulebook has no rule
  // that ends an attack then): the members that remain attack together, the first of them leads,
  // and they may still be countered; an attack whose members have all left has size 0 and stays
  // listed (combat code may be walking the list).
  bool united = false;
  bool operator==(const Attack&) const = default;
};

// A question asked while a card's rule runs (RuleScript's dialogs that depend on what the rule did:
// discard(2) after draw(4), up to three cards of a discard pile): the player takes cards one at a
// time, chooses a deck, a place, a slot, or whether to do a command?().
// prophecy() asks two: which deck to look at (when any deck will do), then where each card looked
// at goes back; a command?() after it asks whether to do it.
struct Question {
  enum class Mode : uint8_t {
    kTarget,   // cards of the statement's target, taken one at a time
    kDiscard,  // cards of `player`'s hand discarded one at a time
    kDeck,     // prophecy(): which deck to look at
    kArrange,  // prophecy(): the cards looked at go back one at a time, on top or at the bottom
    kAsk,      // shuffle?(): whether to do the statement's asked effects
    kSlot,     // moveToSlot(): the empty slot of player `deck`'s ring the card aside[0] moves to
    kActivate, // activate(): a way to run the rule of the frame's script as its card's
  };
  Mode mode = Mode::kTarget;
  int8_t player = -1;          // who answers
  uint8_t left = 0, need = 0;  // kTarget, kDiscard: cards that may still be taken; of them, taken before one may stop
  int8_t deck = -1;            // kArrange: whose deck the cards go back to
  uint8_t look = 0;            // kDeck: how many cards will be looked at
  uint8_t place = 0;           // kArrange: 0 top or bottom, 1 top only, 2 bottom only
  std::vector<EntityId> aside;  // kArrange: the cards looked at that are not back yet; kTarget: the cards taken
  bool operator==(const Question&) const = default;
};

// A rule suspended at a question, as the memory of a kernel frame (kernel/frames.h; the frame's
// program is the script, pc the statement, sub the effect it resumes at, self and controller the
// rule's card and player). Once answered, the statement goes on at that effect with the targets
// it had, in the order written; a kTarget question runs the statement on the cards taken.
struct Suspended {
  Question q;
  int8_t rule = -1;                   // the action rule of the script
  std::vector<EntityId> cards, more;  // the statement's targets when it stopped
  std::vector<int> players;
  bool ok = true, any_ok = false;  // whether the last effect / any effect did something (&&, ||)
  bool skip_asked = false;         // the player declined the command?(): it is skipped
  // Set once the statement has stopped for it; a question that ends as it is raised (nothing to
  // choose) lets the statement go straight on (`answered`).
  bool ready = false, answered = false;
  bool operator==(const Suspended&) const = default;
};
using RuleFrame = kernel::Frame<Suspended>;

// What the choice in progress is, for views (menus, narration): who answers, whose rule asks.
struct Asking {
  int8_t player = -1;  // -1: nothing asked
  EntityId self = kNoEntity;
  Question::Mode mode = Question::Mode::kTarget;
};

// What a rule has done so far, for its expressions (RuleScript.md "Expression Variables"):
// discarded, destroyed, sacrificed, moved, trashed cards, and the targets of the statement before.
struct RuleMemory {
  std::vector<EntityId> discarded, destroyed, sacrificed, moved, trashed, prev_targets, targets;
  int8_t looked_deck = -1;  // whose deck prophecy() looked at (ctrlDeck after it)
  // The values of the script's vars (CScript::vars, same order): a number or truth value, or cards.
  std::vector<VarValue> vars;
  int32_t vars_script = -1;  // the script whose vars they are
  bool operator==(const RuleMemory&) const = default;
};

// How often each script ran (indexed like CardPool::scripts), for `rulekit cfc coverage`.
struct ScriptStats {
  std::vector<uint32_t> runs;
};

class Game {
 public:
  using Action = cfc::Action;

  // A new game: decks shuffled, five cards each, the first player chosen at random.
  Game(const CardPool& pool, const Deck& first_seat, const Deck& second_seat, uint64_t seed);

  // kernel::Game
  int num_players() const { return 2; }
  kernel::Decider decider() const {
    const int p = current_player();
    return p == kernel::kTerminal ? kernel::Decider::over() : kernel::Decider::one(p);
  }
  kernel::Choice choice() const {
    kernel::Choice c;
    c.player = static_cast<int8_t>(current_player());
    return c;
  }
  std::string error() const { return {}; }
  int current_player() const;  // kernel::kTerminal when over
  std::vector<Action> legal_actions() const;
  bool apply_index(size_t index);
  bool terminal() const { return phase_ == Phase::kOver; }
  std::vector<double> returns() const;
  uint64_t hash() const;
  const kernel::Log& log() const { return log_; }
  // For search: MCTS reseeds a copy's generator so it cannot foresee the real game's future draws.
  kernel::Chance& chance() { return chance_; }
  std::string label(const Action& a) const;

  // Applies a legal action without logging it (lookahead copies).
  void apply_action(const Action& a);
  // A copy for lookahead: the same game without its log, drawing from the same generator state.
  Game copy_for_search() const;
  // Re-deals what `observer` (a seat, or kernel::kSpectator) cannot see (determinize.cc): the order
  // of their own deck, and the other player's hand and deck together; a spectator sees neither hand.
  void determinize(int observer, kernel::Rng& rng);
  // The deciding player's view of a position: HP, board and hand difference; +/- a million when won or lost.
  double evaluate(int player) const;

  // Everything a person sees, for the terminal and logs.
  std::string describe(int viewer) const;
  nlohmann::json to_json() const;

  // Read access for tests and tools.
  const CardPool& pool() const { return *pool_; }
  const PlayerState& player(int p) const { return players_[p]; }
  const Card& card(EntityId e) const { return cards_[e]; }
  size_t card_count() const { return cards_.size(); }
  const CardDef& def(EntityId e) const { return pool_->cards[cards_[e].def]; }
  // The card whose rules `e` has: its own, or the one it copied (script, ability type).
  const CardDef& rules_def(EntityId e) const {
    const Card& c = cards_[e];
    return pool_->cards[c.rules == kOwnRules ? c.def : c.rules];
  }
  Phase phase() const { return phase_; }
  int active() const { return active_; }
  int turn() const { return turn_; }
  int winner() const { return winner_; }  // -1: none yet, or a draw
  const std::vector<Attack>& attacks() const { return attacks_; }
  const RuleMemory& memory() const { return memory_; }
  // The question the rule on top of the frames waits on (read-only view).
  Asking pending() const {
    if (frames_.empty()) return {};
    const RuleFrame& f = frames_.top();
    return {f.memory.q.player, f.self, f.memory.q.mode};
  }
  bool operator==(const Game& o) const;

  // Test set-up: puts cards where a scenario says (used by scenario tests before any decision).
  PlayerState& mutable_player(int p) { return players_[p]; }
  Card& mutable_card(EntityId e) { return cards_[e]; }
  EntityId add_card(uint16_t def, int owner);
  void start_main_phase_of(int p);  // skip to p's Main phase (scenario tests)
  // Counts script runs into `stats` (not copied into lookahead copies); null stops counting.
  void set_stats(ScriptStats* stats) { stats_ = stats; }

 private:
  // Flow between decisions.
  void begin_turn(int p);
  void enter_attack_phase();
  void enter_counter_phase();
  void end_phase();
  void resolve_combat();  // damage of the declared attacks (start of the End phase)
  void next_turn();
  void lose(int p);
  void draw_card(int p);
  void ko_zero_bp();
  void ko(int p, int slot);
  void deal_player_damage(int p, int32_t amount);
  void lose_sp(int p, int32_t amount);
  void deal_char_damage(int p, int slot, int32_t amount);

  // Legality.
  bool can_attack(int slot) const;
  bool attacking(int slot) const;
  bool can_pay(int p, int32_t sp) const { return sp >= 0 || players_[p].sp >= -sp; }
 public:
  // The SP a card brings (positive) or costs (negative) when p plays it: its printed SP, changed by
  // the cost modifiers of the cards in the rings (modCost).
  int32_t play_sp(int p, EntityId card) const;

 private:
  int united_members() const;
  // The SP p pays for a united attack of `members` characters (5 per character after the first,
  // changed by alterCost).
  int32_t united_cost(int p, int members) const;
  bool backup_fits(int p, int slot, EntityId card) const;

  // Abilities (RuleScript "Abilities"): the card's own (`abilities =`), given and taken.
 public:
  uint16_t abilities(EntityId e) const;
  uint16_t player_abilities(int p) const;
  // Whether a game rule (GameRule bit) holds for player p: its default, the cards in the rings that
  // change it while there, then the changes of effects in the order they happened.
  bool rule_on(uint16_t rule, int p) const;

 private:
  // Card scripts (effects.cc).
  const CScript* script_of(EntityId e) const;
  // What expressions of script number `script` read: this game, the script, its player and card.
  ExprScope script_scope(int32_t script, int controller, EntityId self) const {
    const auto k = static_cast<size_t>(script);
    return {*this, pool_->scripts[k], pool_->compiled[k], controller, self};
  }
  void count_script_run(EntityId e) const;
  void count_script(int32_t script) const;
  // Action or reaction cards of p's hand (and removed pile, when play_removed is on) that can be
  // played now, one action per way to run them.
  void playable_from_hand(int p, CardType type, Action::Kind kind, uint16_t forbidden, std::vector<Action>& out) const;
  // Where p plays cards from: the hand (1), and the removed pile (2) while play_removed is on for p.
  int play_sources(int p) const;
  const kernel::Zone& source(int p, const Action& a) const { return a.removed ? players_[p].removed : players_[p].hand; }
  // `entering`: while a ▲ ability's ways to run are listed, the slot its card is about to enter
  // (@infront faces it); -1 otherwise.
  bool target_matches(const CTarget& t, int controller, EntityId self, EntityId e, int8_t entering = -1) const;
  std::vector<EntityId> card_targets(const CTarget& t, int controller, EntityId self, int8_t entering = -1) const;
  // Adds to `out` one action per way to run the script of `self` (rule, discard, target, may),
  // each a copy of `base`; nothing when no rule can run.
  // `script` >= 0: another card's script run as this card's (activate()).
  void script_variants(const Action& base, EntityId self, int p, bool in_ring, std::vector<Action>& out, int32_t script = -1) const;
  bool rule_payments(const CAction& a, EntityId self, int p, bool in_ring, int8_t entering, std::vector<std::vector<EntityId>>& pays) const;
  struct RuleChoices {
    std::vector<std::array<EntityId, kMaxTargets>> combos = {{kNoEntity, kNoEntity, kNoEntity, kNoEntity, kNoEntity, kNoEntity}};
    std::vector<std::vector<EntityId>> several = {{}};
    int8_t several_of = -1;
    bool may = false;
  };
  RuleChoices rule_choices(const CAction& a, EntityId self, int p, int8_t entering) const;
  void run_script(const Action& a, EntityId self, int p, int32_t script = -1);
  // The script number `script`, or the one `self` runs; null when it does not compile.
  const CScript* script_or_own(EntityId self, int32_t script) const;
  // Runs statements of script number `script` in order ([[if]]/[[else]] chains, [[may]] declined,
  // targets chosen in `act`).
  void run_statements(int32_t script, const std::vector<CStatement>& sts, const Action* act, EntityId self, int p);
  // Where a rule runs, passed down to its statements and effects rather than kept in flags: the
  // script, the action rule and statement (for a question it raises: kept in its frame; -1
  // in an auto rule, which raises none), its card and player; inside each() its runs leave tgt and
  // prevTgt alone; when resumed after a command?() the player declined, that command is skipped.
  struct RuleAt {
    int32_t script = -1;
    int8_t rule = -1, statement = -1;
    EntityId self = kNoEntity;
    int p = 0;
    bool remember_targets = true;
    bool skip_asked = false;
  };
  // `chosen`: the cards chosen for its target; `more`: for its further targets (CStatement::more).
  // `did`: set to whether any of its effects did something (for a `||` after it), unless it stopped
  // before its effects ([[if]] false, a choice of several cards raised). False when its [[if]]
  // did not hold.
  bool run_statement(const RuleAt& at, const CStatement& st, const std::vector<EntityId>& chosen, const std::vector<EntityId>& more,
                     bool* did = nullptr);
  // What a statement works on (interpreter.cc): its cards, players and further cards.
  struct Targets {
    std::vector<EntityId> cards, more;
    std::vector<int> players;
  };
  // `taken`: `chosen` are cards the player took one at a time (each checked when it was taken).
  Targets statement_targets(const CStatement& st, const ExprScope& scope, const std::vector<EntityId>& chosen,
                            const std::vector<EntityId>& more, EntityId self, int p, bool taken = false);
  // The statement's effects from number `from` on, with the targets `tg`; `ok`, `any_ok` as far
  // as it got. True when it stopped at a question (its frame then holds where to resume).
  bool run_effects(const RuleAt& at, const CStatement& st, const ExprScope& scope, const Targets& tg, size_t from, bool ok,
                   bool any_ok, bool* did);
  // The rule on top of the frames was answered: its statement goes on (interpreter.cc).
  void resume_rule();
  // One effect of a statement; true when it raised a question (the rule waits). `ok`: whether it did
  // something (for `&&`, `||`). Its command's handler runs it (commands.cc).
  bool run_effect(const RuleAt& at, const CStatement& st, const CEffect& fx, const ExprScope& scope, const Targets& tg,
                  const std::vector<EntityId>& chosen, const std::vector<EntityId>& more, bool& ok);
  // What a command's handler works with: the effect, its statement and rule, the targets.
  struct EffectRun {
    const RuleAt& at;
    int32_t script;
    const CStatement& st;
    const CEffect& e;
    const ExprScope& scope;
    const Targets& tg;
    const std::vector<EntityId>& chosen;
    const std::vector<EntityId>& more;
    EntityId self;
    int p;
    bool& ok;
    bool hand_card = false;   // discard(<1>x): the card chosen from a hand
    bool on_players = false;  // it acts on the target players (else on the target cards)
  };
  // What a command acts on: cards, players, or cards and, when there are none, players (damage, +x, -x).
  enum class CommandOn : uint8_t { kCards, kPlayers, kCardsElsePlayers };
  struct Commands;      // the handlers
  struct CommandTable;  // the handler of each command, checked complete at compile time
  // copyAbility(): `to` (in a ring) gets the rules `from` has; false when `from` has none.
  bool copy_rules(EntityId to, EntityId from);
  uint16_t rules_model(EntityId e) const;       // kOwnRules: it has none
  bool give_rules(EntityId to, uint16_t model);  // false for kOwnRules or a card not in a ring
  // Computes the vars of script number `script` into memory_ (flipCoin() draws from the generator).
  void compute_vars(int32_t script, EntityId self, int p);
  // The question (pending.cc): raising it for the running statement of `self`'s rule (which
  // `player` answers; a frame pushed), what it offers, answering it, ending it.
  // (`script` may be another card's: activate()).
  Question& raise(Question::Mode mode, const RuleAt& at, int32_t script, int player);
  std::vector<Action> pending_actions() const;
  std::string pending_label(const Action& a) const;
  std::vector<EntityId> pending_choices() const;  // kTarget, kDiscard: the cards to take
  const CStatement& frame_statement(const RuleFrame& f) const;
  void answer_pending(const Action& a);
  void take_pending(EntityId e);
  void end_pending(bool ask_declined = false);
  // prophecy(n[, top|bottom]): the rule's player looks at the top n cards of a deck.
  void start_prophecy(const RuleAt& at, const CStatement& st, const CEffect& e);
  void arrange(int8_t deck);
  // Ways to choose between t.min and t.max of `candidates` (one per distinct set of cards).
  std::vector<std::vector<EntityId>> several_choices(const CTarget& t, const std::vector<EntityId>& candidates) const;
  std::vector<EntityId> pick_from_hand(int player, const HandPick& pick, EntityId exclude);
  size_t hand_matches(int player, const HandPick& pick, EntityId exclude) const;
  void discard_cards(int player, const std::vector<EntityId>& cards);
  kernel::Duration timed(const CStatement& st, int controller) const;
  // Runs the auto (●) rules listening to an event: `player` is whose event it is (the active
  // player for phases, the card's controller for combat events), `subject` the card it happens
  // to, `source` the card that caused it.
  void fire(EventKind ev, int player, EntityId subject = kNoEntity, EntityId source = kNoEntity);
  void fire_played(EventKind ev, int player, EntityId subject);  // the played cards' rules (played_autos_)
  void run_auto(int32_t script, const CAuto& au, EntityId e, int p, EntityId subject);
  // Whether the running script of `e` has an auto rule on event `ev` (about itself).
  bool listens(EntityId e, EventKind ev) const;
  std::string script_label(const Action& a, EntityId self, int32_t script = -1) const;
  std::string where(EntityId card) const;
  int32_t lowest_bp() const;
  // Calls f(player, card, script) for each card with a running script in the rings, the first
  // player's ring first, by slot; stops when f returns false, and says whether it went through.
  template <class F>
  bool each_ring_script(F f) const {
    for (int k = 0; k < 2; ++k) {
      for (EntityId e : players_[k].ring) {
        const CScript* s = e == kNoEntity ? nullptr : script_of(e);
        if (s && !f(k, e, *s)) return false;
      }
    }
    return true;
  }
  int32_t ring_mod(int32_t CScript::*field) const;  // the sum of a while-in-the-ring change over both rings
  bool char_bp_allowed(EntityId card) const;        // modRule(play_char_bp_limit) of the cards in the rings  // the lowest BP of the characters in the rings (bp:lowest)
  void remove_from_attack(int p, int slot);
  // The character in p's `slot` leaves the ring: it leaves the attack it is in, and the members that
  // remain go on attacking together (the next one leads).
  void member_leaves(int p, int slot);
  // The members of the united attacks (two or more characters) take part in one from now on.
  void mark_united();
  // A ● ability nullified for the rest of the turn: its character took part in a united attack.
  bool nullified(EntityId e) const { return cards_[e].united && rules_def(e).ability == AbilityType::kAuto; }
  // Two slots of p's ring exchange what they hold (characters with their back-ups, or an empty
  // slot); attacks and counters follow their characters.
  void swap_slots(int p, int a, int b);
  void transform(EntityId card, uint16_t model);
  // A transformed card that goes to a pile is its original card again (rulebook glossary, "Become
  // Another Card"); `put` does that, then puts it on top of (or under) the pile.
  void untransform(EntityId card);
  void put(kernel::Zone& pile, EntityId card, bool bottom = false);
  bool move_revealed(EntityId card, const CEffect& e, int p);
  bool unite(const std::vector<EntityId>& cards);
  // ?canBlock? hooks of the attacking ring: whether the defender's character in `slot` may counter attack k.
  bool hooks_allow_block(size_t k, int slot) const;
  void end_of_turn_effects();
  void slot_of(EntityId e, int& p, int& slot) const;
  kernel::Zone* pile_of(int p, Pile pile);
  const kernel::Zone* pile_of(int p, Pile pile) const;
  // Takes a card out of wherever it is (a ring slot with its back-ups, or a pile); false if nowhere.
  bool detach(EntityId e);

  const CardPool* pool_;
  std::vector<Card> cards_;
  std::array<PlayerState, 2> players_;
  std::vector<Attack> attacks_;
  kernel::Continuous<BpChange> bp_changes_;
  kernel::Continuous<Grant> grants_;
  kernel::Continuous<RuleChange> rule_changes_;
  kernel::Continuous<CostChange> cost_changes_;
  kernel::Frames<Suspended> frames_;  // the rule suspended at a question (at most one: see interpreter.cc)
  RuleMemory memory_;
  EntityId trigger_ = kNoEntity;                       // the card the event of the running auto rule happened to                            // a command?() was declined: it does not run
  // An action or reaction card played with an auto rule, listening from the discard pile.
  struct PlayedAuto {
    EntityId card = kNoEntity;
    int8_t player = 0;  // who played it
    bool operator==(const PlayedAuto&) const = default;
  };
  std::vector<PlayedAuto> played_autos_;
  std::vector<std::pair<EntityId, uint16_t>> fired_once_;  // auto rules marked :once that ran (card, epoch)
  Phase phase_ = Phase::kActivate;
  int active_ = 0, first_ = 0, turn_ = 0, winner_ = -1;
  kernel::Chance chance_;
  kernel::Log log_;
  bool logging_ = true;
  ScriptStats* stats_ = nullptr;
};

}  // namespace rk::cfc
