// One game's Lua side: its sandboxed state (made when a scripted card first runs), the card
// tables loaded so far, the running handlers (coroutines waiting for an answer) and the
// continuous effects scripts created, with their durations.
#pragma once

#include <deque>
#include <functional>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "games/mtg/game.h"
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
  int thread = 0;
};

class ScriptRuntime {
 public:
  ScriptRuntime(Game& g, const CardScripts& scripts) : g_(g), scripts_(scripts) {}

  Game& game() { return g_; }
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
    std::string text;
  };
  std::vector<ActivatedAbility> abilities(int card);
  void run_ability(int card, int index, ScriptCall call);
  // The engine's stack holds abilities as `const Ability*`: one stand-in per Lua ability, which
  // script_resolve_ability recognises when it resolves.
  const Ability* stand_in(int card, const ActivatedAbility& a);
  int index_of(const Ability* stand_in) const;  // 0: not one of ours
  // mtg.trigger(fn): a triggered ability whose effect is the Lua function `ref` (a registry
  // reference), put on the stack through the engine's put_trigger.
  void put_trigger(int card, int ref, std::string text);
  // A triggered ability of ours resolving: runs its function; false when it is not one.
  bool resolve_trigger(const StackItem& item);
  int prevent(int player, int source, int amount);  // what is left of the damage
  bool has_handler(int card, const char* name);
  // A rule query (may_cast, may_attack): handler `name` called at once with integer arguments;
  // 1 or 0 for the boolean it returns, -1 when it has no answer (no handler, an error, or it
  // tried to wait for a choice, which a query cannot).
  int ask(int card, const char* name, const std::vector<int>& args);
  int int_field(int card, const char* name, int fallback);

  ScriptCall* call_of(lua_State* thread);
  ScriptCall* call(int id);
  // Continue a suspended handler with the values pushed on its thread.
  void resume(lua_State* thread, int nargs);
  // A chooser or a menu the call `id` opened was answered.
  void answer_targets(int id, bool several, const std::vector<Target>& ts);
  void answer_option(int id, int option);
  int next_call_id() const { return next_call_; }  // the id the next call started gets
  ScriptCall last_finished;     // the call that returned last (what a cast handler chose)

  std::vector<ScriptEffect> effects;
  void add_effect(ScriptEffect e);
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
  void start(int card, ScriptCall call, const std::vector<int>& extra);  // the function on the stack
  void step(int thread, int nargs);
  void finish(int thread, bool ok);

  Game& g_;
  const CardScripts& scripts_;
  std::unique_ptr<script::LuaHost> host_;
  std::map<const CardDef*, int> tables_;   // card -> registry ref of its table (LUA_NOREF: failed)
  std::map<int, ScriptCall> calls_;         // the running calls by id
  std::map<lua_State*, int> call_ids_;      // their threads
  int next_call_ = 1;
  std::map<std::pair<const CardDef*, int>, Ability> stand_ins_;  // (card, ability index) -> stand-in
  std::map<const Ability*, int> stand_in_index_;
  std::deque<Ability> trigger_stand_ins_;         // one per trigger put on the stack
  std::map<const Ability*, int> trigger_refs_;    // -> the function to run (registry reference)
};

// Registers the mtg.* API in a fresh state (card_api.cc).
void open_card_api(lua_State* L, ScriptRuntime* rt);

}  // namespace rk::mtg
