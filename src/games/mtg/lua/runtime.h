// One game's Lua side. Two parts, kept apart so that a copy of the game is a real copy:
//
// - its data, copied with the game: the continuous effects scripts created, what cards remember
//   (mtg.remember), the triggered abilities waiting on the stack (their functions as data:
//   bytecode and the plain values they captured), and the running handlers (ScriptCall: which
//   function, its arguments, and its journal: what every mtg.* call returned to it and how its
//   choices were answered);
// - its Lua state (made on first use, never copied): the card tables, the coroutines.
//
// Why this holds: nothing a script keeps in Lua outlives a call. Each call runs on a fresh
// instance of its card's file (the chunk run again: its `local` tables are new), a card's
// environment refuses new globals, and what a card must remember goes through mtg.remember. So
// a copy's Lua state needs only the running handlers, and a handler's coroutine (which cannot be
// copied) is rebuilt in the copy's own state by running the same function again with the journal
// answering every mtg.* call (nothing happens to the game: it already did) until it reaches the
// same choice. The function is deterministic given those answers (no randomness but mtg.random,
// `pairs` in key order), so it stops at the same point with the same locals. The rebuild happens
// when the copy first needs that coroutine (its choice is answered), so copying stays cheap.
// What the sandbox leaves open: a script writing into the shared library tables (string, math,
// table) keeps state there that a copy does not see (none of the shipped cards does).
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "games/mtg/rules/game.h"
#include "games/mtg/lua/values.h"
#include "kernel/effects.h"
#include "script/lua_host.h"

namespace rk::mtg {

class CardScripts;

// A continuous effect a script created: on `card`, from `source`, lasting `duration`.
struct ScriptEffect {
  enum Kind { kControl, kPowerToughness, kKeyword, kPreventNext, kReflectNext, kColor } kind = kPowerToughness;
  int card = -1, source = -1;  // kPreventNext: card is the damage source, player the one protected
  kernel::Duration duration{kernel::Until::kEndOfTurn};  // the kernel's durations and their moments
  int player = 0;          // kControl: the new controller
  int power = 0, toughness = 0;
  std::string keyword;
  int colors = 0;          // kColor: the colour bits it sets
  bool has_range = false;  // on every card `range` matches (now and later) instead of `card`
  Spec range;
  int id = 0;              // what mtg.pump and its kin return, for mtg.end_effect ("as long as")
};

// mtg.trigger(fn): the function as data. Its bytecode (lua_dump) and the values of its upvalues
// when it triggered (the card's environment marked kEnv); loaded into any Lua state to resolve.
struct TriggerFn {
  std::shared_ptr<const std::string> bytecode;
  std::vector<LuaValue> upvalues;
  int card = -1;  // whose environment it runs in
};

// What a running handler is doing, found from its coroutine (the API's first lookup).
struct ScriptCall {
  int card = -1, controller = 0;
  StackItem item;               // the spell or ability (targets, X)
  bool casting = false;         // a cast handler: chosen targets go to the spell
  bool no_targets = false;      // a cast handler said the spell takes no target= targets (overload)
  // What follows once the handler returns: nothing, a spell's end (to its owner's graveyard, or
  // hand with buyback, unless the script moved it), a cast's end (script_cast).
  enum class After : uint8_t { kNothing, kSpellDone, kCast } after = After::kNothing;
  bool suspended = false;       // it waited on a choice at least once
  int id = 0;                   // the game's number for it (answers name it)
  // The function, to run it again in a copy: handler `handler` of the card's table, or its Lua
  // ability number `ability` (`abilities[n].run`), or a trigger's function; its integer arguments
  // after the card.
  std::string handler;
  int ability = 0;
  std::shared_ptr<const TriggerFn> trigger;
  std::vector<int> args;
  std::vector<JournalEntry> journal;
  int calling = -1;             // the mtg.* function it is in (the choice it waits on)
  std::string waiting_cost;     // mtg.pay's cost while its menu waits
  size_t replayed = 0;          // while it is rebuilt: the journal entries given back so far
  bool replaying = false;
};

class ScriptRuntime {
 public:
  explicit ScriptRuntime(const CardScripts& scripts);
  ~ScriptRuntime();
  // A copy for a copy of the game: the data, a Lua state of its own made on first use.
  std::unique_ptr<ScriptRuntime> copy() const;
  // The game it works on (set by every hook: the runtime belongs to that game alone).
  void bind(Game& g) { g_ = &g; }
  Game& game() { return *g_; }
  // The card's handler table pushed on the Lua stack (true), or nothing pushed (false: the card
  // has no script, or its script failed to load: reported once through Game::unsupported).
  bool push_table(int card);
  bool has_script(int card);
  // Runs handler `name` of the card's table as a coroutine with the card and `extra` integer
  // arguments; `done` runs once it returns (at once, or after the choices it waits for).
  // Returns false when the card has no such handler (nothing runs, `done` is not called).
  bool run(const std::string& name, int card, ScriptCall call, std::vector<int> extra = {});
  // The `abilities = { {cost = "{1}", text = .., run = function(me) .. end}, .. }` of a card.
  struct ActivatedAbility {
    int index = 0;
    ManaCost cost;
    bool tap = false;  // {T} in the cost
    bool sacrifice = false;  // {S}: sacrifice it
    bool mana = false;  // mana = true: a mana ability, run at once (no stack)
    bool any_player = false;  // any_player = true: any player may activate it (Armageddon Clock)
    int step = -1;            // during = "upkeep": only during that step (a Phase), whoever's turn
    bool can = false, pay = false;  // it has can(me, player) (offered only when true), pay(me, player)
    std::string text;
  };
  std::vector<ActivatedAbility> abilities(int card);
  void run_ability(int card, int index, ScriptCall call);
  // The engine's stack holds abilities as `const Ability*`: one stand-in per Lua ability, which
  // script_resolve_ability recognises when it resolves.
  const Ability* stand_in(int card, const ActivatedAbility& a);
  int index_of(const Ability* stand_in) const;  // 0: not one of ours
  // mtg.trigger(fn): a triggered ability whose effect is the function `fn` (as data), put on the
  // stack through the engine's put_trigger.
  void put_trigger(int card, TriggerFn fn, const std::string& text);
  // A triggered ability of ours resolving: runs its function; false when it is not one.
  bool resolve_trigger(const StackItem& item);
  int prevent(int player, int source, int amount);  // what is left of the damage
  bool has_handler(int card, const char* name);
  // A rule query (may_cast, may_attack): handler `name` called at once with integer arguments;
  // 1 or 0 for the boolean it returns, -1 when it has no answer (no handler, an error, or it
  // tried to wait for a choice, which a query cannot).
  int ask(int card, const char* name, const std::vector<int>& args);
  // A function run at once (a rule query, a replacement, a cost): handler `name` of the card's
  // table, or of its Lua ability number `ability` (> 0). Its result as an integer (a boolean: 1 or
  // 0), `fallback` when it has none, fails, or tries to wait for a choice. It may act on the game
  // and use the handler functions (mtg.controller()): it runs as a call of its own, never copied
  // (it is over before the engine goes on).
  int run_now(int card, int ability, const char* name, const std::vector<int>& args, int fallback);
  int int_field(int card, const char* name, int fallback);

  ScriptCall* call_of(lua_State* thread);
  ScriptCall* call(int id);
  // A mtg.* call (function number `fn`) of a handler being rebuilt gives back its journal entry
  // (pushed; the count), -2 at the journal's end (the choice it waits on: the caller yields), or
  // -1 when nothing is rebuilt; `record` keeps what a live call got.
  int replay(lua_State* L, int fn);
  void record(lua_State* L, int fn, int nresults);
  // A choice whose answer a C continuation turned into its result (mtg.pay: the option chosen
  // becomes whether it paid): the journal keeps the result, which is what a rebuild must return.
  void rewrite_answer(lua_State* L, int nresults);
  std::map<std::pair<int, std::string>, LuaValue> memory;  // mtg.remember: (card, key) -> value
  // A chooser or a menu the call `id` opened was answered.
  void answer_targets(int id, bool several, const std::vector<Target>& ts);
  void answer_option(int id, int option);
  int next_call_id() const { return next_call_; }  // the id the next call started gets
  const std::map<int, ScriptCall>& calls() const { return calls_; }  // running (waiting) handlers
  const std::map<const Ability*, TriggerFn>& triggers() const { return triggers_; }
  bool has_state() const { return host_ != nullptr; }  // its Lua state was made
  ScriptCall last_finished;     // the call that returned last (what a cast handler chose)

  std::vector<ScriptEffect> effects;
  int next_effect_id = 1;
  int add_effect(ScriptEffect e);  // its id
  void end_effects(const std::function<bool(const ScriptEffect&)>& which);
  void set_controller(int card, int player);

  // A pending choice a C function asked for before yielding.
  struct Request {
    enum Kind { kNone, kTarget, kMenu } kind = kNone;
    Spec spec;
    int player = 0;
    bool not_a_target = false;  // "of your choice": protection and shroud do not stop it
    std::vector<std::string> options;
  } request;

 private:
  script::LuaHost& host();
  void start(ScriptCall call);  // runs the call's function (push_function) as a new coroutine
  void resume_with(ScriptCall& c, int nargs);  // an answer pushed on its coroutine
  void step(int id, int nargs);
  void finish(int id, bool ok);
  // The card's module: its table (a template whose fields are read, its functions never run)
  // and a fresh instance for each call, in the card's environment.
  struct Module {
    int chunk = -2, table = -2, env = -2;  // registry references (-2: LUA_NOREF)
  };
  const Module* module(int card);
  int call_now(int card, int ability, const char* name, const std::vector<int>& args, int fallback, bool boolean);
  bool push_instance(int card);             // a fresh instance's table, or nothing (false)
  bool push_function(const ScriptCall& c);  // the function the call runs, or nothing (false)
  int thread_of(ScriptCall& c);             // its coroutine, rebuilt from the journal in a copy

  Game* g_ = nullptr;
  const CardScripts& scripts_;
  // Data (copied).
  std::map<int, ScriptCall> calls_;         // the running calls by id
  int next_call_ = 1;
  int queries_ = 0;                          // run_now calls running (their ids are -1, -2, ..: never copied)
  std::map<const Ability*, TriggerFn> triggers_;  // triggered abilities of ours waiting to resolve
  // Stand-ins (the engine's stack holds `const Ability*`): shared by a game and its copies,
  // only ever added to, so the pointers copied stacks hold stay valid.
  struct StandIns {
    std::mutex lock;
    std::map<std::pair<const CardDef*, int>, Ability> abilities;  // (card, ability index) -> stand-in
    std::map<const Ability*, int> index;
    std::deque<Ability> triggers;  // one per trigger put on the stack
  };
  std::shared_ptr<StandIns> stand_ins_ = std::make_shared<StandIns>();
  // The Lua state (never copied).
  std::unique_ptr<script::LuaHost> host_;
  std::map<const CardDef*, Module> modules_;
  std::map<int, int> threads_;              // call id -> its coroutine (registry reference)
  std::map<lua_State*, int> call_ids_;      // coroutine -> call id
};

// Registers the mtg.* API in a fresh state (card_api.cc).
void open_card_api(lua_State* L, ScriptRuntime* rt);

}  // namespace rk::mtg
