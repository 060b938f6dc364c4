// Magic cards written in Lua (issue 21 item 3: the cards keywords cannot say).
//
// Where: one file per card, `<card name>.lua` (the name as the card database writes it; a card
// name's ':' and '/' become '_' in the file name), in a folder shipped with rulekit
// (`cards/wagic-lua/`; `rulekit wagic test --lua DIR` for another). A card is linked by its name:
// when a card with that name is played, its Lua file is used. The corpus stays untouched.
//
// What a file is: a chunk that returns a table of handlers. Each handler is a function of the
// card's object id (and, for some, more arguments), run as a coroutine so that a choice suspends
// it until the player answers (`mtg.choose_target`, `mtg.choose`) — a later line can then use
// what an earlier one chose or did, which is what keyword lines cannot express.
//
//   resolve(me)        a spell resolving (instead of its auto= lines, unless keep_auto = true);
//                      a permanent: as it enters the battlefield (an aura is attached first)
//   cast(me)           as it is cast, after its mana: additional costs, targets chosen by Lua
//   leaves(me), phase(me) (mtg.phase() names the step), land_played(me, land),
//   spell_cast(me, spell)   events while it is on the battlefield (leaves: as it left); they run
//                      at once, and what they do as a triggered ability they put on the stack
//                      with mtg.trigger(function ... end)
//   extra_lands = N    its controller may play N more lands a turn (-1: any number)
//   may_cast(me, spell, player), may_attack(me, creature, player)   rule queries, answered at once
//                      (true/false; no choices): false forbids it (Iona, Teferi's Moat)
//   keep_auto = true   the card's auto= lines run too (before resolve)
//   abilities = {{cost = "{T}", text = .., run = function(me) .. end}, ..}   activated abilities
//                      (on the stack; mana = true: at once; any_player = true: any player may
//                      activate it; during = "upkeep": only in that step; can(me, player): a
//                      rule query, offered only when true; pay(me, player): the rest of its cost,
//                      run at once as it is activated (Jandor's Ring's discard))
//   state(me)          state-based actions are checked (at once; what happens as a triggered
//                      ability goes through mtg.trigger): "as long as", "when you control no ..."
//   damage_to_player(me, player, amount, combat)   it would deal damage to a player: a
//                      replacement run at once, returning the amount still dealt (Szadek)
//   auto_abilities = false   the card's auto= activated abilities are not offered
//   upkeep_costs = false   its auto= upkeep costs (upcost[..]) are not asked (the script's are)
//
// The API (`mtg.*`, card_api.cc) is documented in docs/mtg/LUA.md. Among it, for the handlers
// above: mtg.pump/grant/set_color/gain_control return an effect id that mtg.end_effect(id) ends
// ("as long as", from a state handler); mtg.pay(player, cost) and mtg.pay_any(player, most) ask
// the player (a menu) and pay from their pool, suspending like a choice (the journal keeps what was
// paid); mtg.counters(c, kind), mtg.token(c), mtg.last_drawn(player), mtg.discard(c). Each game
// has its own fresh Lua state (script/lua_host.h: the sandbox, the instruction budget, the memory
// cap).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "games/mtg/rules/game.h"
#include "text/source.h"

namespace rk::mtg {


// The card files of a folder, read once and checked once (syntax) when loaded.
class CardScripts {
 public:
  // Reads every *.lua of `dir`; each file that does not compile (or return a table) gives a
  // diagnostic in `errors` and is left out. A missing folder is no scripts, not an error.
  void load(const std::string& dir, std::vector<std::string>& errors);
  // Adds one file (tests): `card_name` lower case.
  bool add(const std::string& card_name, const std::string& path, std::string text, std::string& error);
  const text::SourceFile* find(const std::string& lower_name) const;
  size_t size() const { return files_.size(); }

 private:
  std::map<std::string, std::unique_ptr<text::SourceFile>> files_;  // lower card name -> file
};

// The file name of a card's script.
std::string script_file_name(const std::string& card_name);

// Hooks the engine calls (each a no-op costing a pointer test when the game has no scripts).
// A spell with a script resolves here: returns false when the card has none.
bool script_resolve(Game& g, const StackItem& item);
// A Lua card's activated ability resolves: returns false when the ability is not one.
bool script_resolve_ability(Game& g, const StackItem& item);
// As a spell is cast (its mana paid, before its targets): returns true when the script took the
// rest of the cast over (it suspended on a choice and will put the spell on the stack itself).
bool script_cast(Game& g, StackItem& item);
void script_left_battlefield(Game& g, int card);
void script_continuous(Game& g);
int script_colors(const Game& g, int card, int colors);  // colours Lua effects set
void script_phase(Game& g);
void script_land_played(Game& g, int land);
// A Lua card's activated abilities as click options: their costs paid as they are chosen; the
// ability goes on the stack and its function runs as it resolves (mana = true: at once).
void script_abilities(Game& g, int card, int actor, std::vector<Menu::Option>& options);
// The card's script says `auto_abilities = false`: its auto= activated abilities are not offered
// (its Lua abilities replace them).
bool script_hides_auto_abilities(Game& g, int card);
// The card's script says `upkeep_costs = false`: its auto= upkeep costs (upcost[..]) are not
// asked; the script's own upkeep handler says what the upkeep costs (Psychic Allergy).
bool script_replaces_upkeep_costs(Game& g, int card);
// Resume kinds (resume.cc): a Lua ability chosen in a menu (its number in the card's table), the
// answer to a chooser or a menu a Lua call opened.
void script_activate(Game& g, int card, int actor, int index);
void script_answer_targets(Game& g, int call, bool several, const std::vector<Target>& ts);
void script_answer_option(Game& g, int call, int option);
struct ScriptCall;
void script_call_done(Game& g, const ScriptCall& call);  // after a handler returns
// Rule queries of the scripted permanents on the battlefield: may_cast(me, spell, player),
// may_attack(me, creature, player); false when one of them answers false.
bool script_allows(const Game& g, const char* query, int card, int player);
int script_prevent_damage(Game& g, int player, int source, int amount);  // what is left
int script_extra_lands(Game& g, int player);  // -1: any number
// State-based actions are checked: the state(me) handlers of the scripted permanents run (a
// condition that ends an effect or triggers: Jihad, Lurebound Scarecrow).
void script_state(Game& g);
// A scripted card would deal damage to a player: its damage_to_player(me, player, amount, combat)
// replaces it (Szadek) and returns what is still dealt (no handler: all of it).
int script_damage_to_player(Game& g, int player, int source, int amount, bool combat);

}  // namespace rk::mtg
