// The card script folder, and the hooks through which the engine runs scripted cards.
#include "games/mtg/lua/card_scripts.h"

#include <lua.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "games/mtg/language/database.h"
#include "games/mtg/lua/runtime.h"

namespace rk::mtg {
namespace {

namespace fs = std::filesystem;

bool is_permanent(const CardDef& d) {
  return d.is("creature") || d.is("artifact") || d.is("enchantment") || d.is("land") || d.is("planeswalker");
}

// The game's runtime, made on first use; null when the catalog has no scripts. Every hook comes
// through here or `bound`, which tell the runtime its game (a copy's runtime learns it so).
ScriptRuntime* runtime(Game& g) {
  if (!g.lua) {
    const CardScripts* s = g.catalog().scripts;
    if (s == nullptr || s->size() == 0) return nullptr;
    g.lua.reset(std::make_unique<ScriptRuntime>(*s));
  }
  g.lua->bind(g);
  return g.lua.get();
}

// The runtime if the game has one yet (hooks that have nothing to do before a script ran).
ScriptRuntime* bound(const Game& g) {
  if (!g.lua) return nullptr;
  g.lua->bind(const_cast<Game&>(g));
  return g.lua.get();
}

}  // namespace

std::string script_file_name(const std::string& card_name) {
  std::string f = card_name;
  for (char& c : f) {
    if (c == ':' || c == '/' || c == '\\') c = '_';
  }
  return f + ".lua";
}

void CardScripts::load(const std::string& dir, std::vector<std::string>& errors) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return;
  std::vector<fs::path> paths;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.is_regular_file() && e.path().extension() == ".lua") paths.push_back(e.path());
  }
  std::sort(paths.begin(), paths.end());
  for (const fs::path& p : paths) {
    std::string text, err;
    if (!text::read_file(p.string(), text)) {
      errors.push_back(p.string() + ": error[RK0001]: cannot read the file");
      continue;
    }
    // The card's name is the file's name ('_' stands for ':' in Circle of Protection: Black).
    if (!add(scripted_card_name(p.stem().string()), p.string(), std::move(text), err)) errors.push_back(err);
  }
}

bool CardScripts::add(const std::string& card_name, const std::string& path, std::string text, std::string& error) {
  auto file = std::make_unique<text::SourceFile>(path, std::move(text));
  // Checked once in a throwaway sandbox: it compiles and returns a table of handlers.
  script::LuaHost host;
  if (!host.run_chunk(*file, error)) return false;
  if (!lua_istable(host.state(), -1)) {
    error = path + ":1:1: error[LU0006]: a card script must return a table of handlers (resolve, cast, ...)";
    return false;
  }
  files_[card_name] = std::move(file);
  return true;
}

const text::SourceFile* CardScripts::find(const std::string& lower_name) const {
  auto it = files_.find(lower_name);
  return it == files_.end() ? nullptr : it->second.get();
}

// A scripted spell resolves: the fizzle check on its targets, a permanent enters (an aura
// attached to its target), then the script's resolve; an instant or sorcery goes to its
// owner's graveyard after the script unless the script moved it.
bool script_resolve(Game& g, const StackItem& item) {
  ScriptRuntime* rt = runtime(g);
  const int card = item.source;
  if (rt == nullptr || !rt->has_script(card)) return false;
  const CardDef& d = *g.objs[static_cast<size_t>(card)].def;
  if (d.has_spell_target && !item.targets.empty()) {
    bool legal = false;
    for (const Target& t : item.targets) {
      legal = legal || t.player >= 0 || t.stack >= 0 || g.legal_target(d.spell_target, t, card, item.controller);
    }
    if (!legal) {
      g.note(d.name + " fizzles");
      g.fizzle_spell(card);
      return true;
    }
  }
  ScriptCall call;
  call.card = card;
  call.controller = item.controller;
  call.item = item;
  if (is_permanent(d)) {
    g.move(card, item.controller, kBattlefield);
    Obj& p = g.objs[static_cast<size_t>(card)];
    p.sick = true;
    if (d.is("aura") && !item.targets.empty()) g.attach(card, item.targets[0].card);
    if (rt->int_field(card, "keep_auto", 0)) g.run_one_shots(card, item.controller, {}, item.x);
    rt->run("resolve", card, call);
    g.fire_zone_triggers(card, kStack, kBattlefield);
    return true;
  }
  if (rt->int_field(card, "keep_auto", 0)) g.run_one_shots(card, item.controller, item.targets, item.x);
  call.after = ScriptCall::After::kSpellDone;
  if (!rt->run("resolve", card, call)) script_call_done(g, call);
  return true;
}

// What follows a handler's return (ScriptCall::after).
void script_call_done(Game& g, const ScriptCall& call) {
  switch (call.after) {
    case ScriptCall::After::kNothing: return;
    case ScriptCall::After::kSpellDone: {
      const int card = call.card;
      const Obj& o = g.objs[static_cast<size_t>(card)];
      if (o.zone == kStack) g.move(card, o.owner, call.item.buyback ? kHand : kGraveyard);
      return;
    }
    case ScriptCall::After::kCast:
      // Done after waiting on a choice, or with no target= targets: the spell goes on the stack
      // now; done at once, script_cast goes on with the cast (last_finished).
      if (call.suspended || call.no_targets) g.push(call.item);
      return;
  }
}

bool script_resolve_ability(Game& g, const StackItem& item) {
  ScriptRuntime* rt = bound(g);
  if (rt == nullptr) return false;
  if (rt->resolve_trigger(item)) return true;
  const int index = rt->index_of(item.ability);
  if (index == 0) return false;
  ScriptCall call;
  call.card = item.source;
  call.controller = item.controller;
  call.item = item;
  rt->run_ability(item.source, index, call);
  return true;
}

// spell_cast(me, spell) of the scripted permanents on the battlefield: a spell was cast.
static void spell_cast_event(Game& g, ScriptRuntime& rt, int spell) {
  std::vector<int> listeners;
  for (size_t c = 0; c < g.objs.size(); ++c) {
    if (g.objs[c].zone == kBattlefield && rt.has_handler(static_cast<int>(c), "spell_cast")) listeners.push_back(static_cast<int>(c));
  }
  for (int c : listeners) {
    ScriptCall call;
    call.card = c;
    call.controller = g.objs[static_cast<size_t>(c)].controller;
    rt.run("spell_cast", c, call, {spell});
  }
}

bool script_cast(Game& g, StackItem& item) {
  ScriptRuntime* rt = g.lua || g.catalog().scripts ? runtime(g) : nullptr;
  if (rt == nullptr) return false;
  spell_cast_event(g, *rt, item.source);
  if (!rt->has_handler(item.source, "cast")) return false;
  ScriptCall call;
  call.card = item.source;
  call.controller = item.controller;
  call.item = item;
  call.casting = true;
  // Run at once when it does not wait: the engine then goes on with the cast (its target=
  // chooser, the push). When it waits on a choice, the spell goes on the stack once it is done.
  call.after = ScriptCall::After::kCast;
  const int id = rt->next_call_id();
  rt->run("cast", item.source, call);
  if (rt->call(id) != nullptr) return true;  // waiting
  if (rt->last_finished.no_targets) return true;        // pushed
  item.targets = rt->last_finished.item.targets;
  return false;
}

void script_left_battlefield(Game& g, int card) {
  if (!bound(g)) return;
  ScriptRuntime& rt = *g.lua.get();
  // Effects that last while their source is on the battlefield end, and effects on the card.
  rt.end_effects([card](const ScriptEffect& e) {
    const kernel::Moment left{kernel::Moment::Kind::kLeftPlay, -1, 0, static_cast<kernel::EntityId>(card)};
    return kernel::expires(e.duration, left) || (e.card == card && !e.has_range);
  });
  ScriptCall call;
  call.card = card;
  call.controller = g.objs[static_cast<size_t>(card)].owner;
  rt.run("leaves", card, call);
}

void script_continuous(Game& g) {
  if (!bound(g)) return;
  auto apply = [&g](const ScriptEffect& e, int card) {
    if (g.objs[static_cast<size_t>(card)].zone != kBattlefield) return;
    if (e.kind == ScriptEffect::kPowerToughness) {
      g.add_static_pt(card, e.power, e.toughness);
    } else {
      g.add_static_keyword(card, e.keyword);
    }
  };
  for (const ScriptEffect& e : g.lua->effects) {
    if (e.kind != ScriptEffect::kPowerToughness && e.kind != ScriptEffect::kKeyword) continue;
    if (!e.has_range) {
      if (e.card >= 0) apply(e, e.card);
      continue;
    }
    // A lord-like effect: every card its specification matches now.
    const int controller = e.source >= 0 ? g.objs[static_cast<size_t>(e.source)].controller : 0;
    for (size_t c = 0; c < g.objs.size(); ++c) {
      if (g.matches(e.range, static_cast<int>(c), e.source, controller)) apply(e, static_cast<int>(c));
    }
  }
}

int script_colors(const Game& g, int card, int colors) {
  if (!bound(g)) return colors;
  for (const ScriptEffect& e : g.lua->effects) {
    if (e.kind != ScriptEffect::kColor) continue;
    const int controller = e.source >= 0 ? g.objs[static_cast<size_t>(e.source)].controller : 0;
    if (e.has_range ? g.matches(e.range, card, e.source, controller) : e.card == card) colors = e.colors;
  }
  return colors;
}

void script_phase(Game& g) {
  ScriptRuntime* rt = runtime(g);
  if (rt == nullptr) return;
  if (g.phase == Phase::kCleanup) {
    const kernel::Moment ends{kernel::Moment::Kind::kTurnEnds, static_cast<int8_t>(g.active), 0, kernel::kNoEntity};
    rt->end_effects([&ends](const ScriptEffect& e) { return kernel::expires(e.duration, ends); });
  }
  std::vector<int> cards;
  for (size_t c = 0; c < g.objs.size(); ++c) {
    if (g.objs[c].zone == kBattlefield && rt->has_handler(static_cast<int>(c), "phase")) cards.push_back(static_cast<int>(c));
  }
  for (int c : cards) {
    if (g.objs[static_cast<size_t>(c)].zone != kBattlefield) continue;
    ScriptCall call;
    call.card = c;
    call.controller = g.objs[static_cast<size_t>(c)].controller;
    rt->run("phase", c, call);  // the handler asks mtg.phase()
  }
}

void script_abilities(Game& g, int card, int actor, std::vector<Menu::Option>& options) {
  ScriptRuntime* rt = g.lua || g.catalog().scripts ? runtime(g) : nullptr;
  const Obj& o = g.objs[static_cast<size_t>(card)];
  if (rt == nullptr || o.zone != kBattlefield || !rt->has_script(card)) return;
  for (ScriptRuntime::ActivatedAbility& a : rt->abilities(card)) {
    if (o.controller != actor && !a.any_player) continue;      // any_player = true: Armageddon Clock
    if (a.step >= 0 && static_cast<int>(g.phase) != a.step) continue;  // during = "upkeep"
    if (!can_pay(g.players[static_cast<size_t>(actor)].pool, a.cost)) continue;
    if (a.tap && (o.tapped || (o.sick && g.is_creature(card) && !g.has(card, "haste")))) continue;
    if (a.can && rt->run_now(card, a.index, "can", {actor + 1}, 0) == 0) continue;  // can(me, player)
    options.push_back({a.text, Resume{.kind = Resume::Kind::kLuaAbility, .card = card, .actor = actor, .index = a.index}});
  }
}

// A Lua ability chosen: its costs paid, then on the stack (its function runs as it resolves), or
// a mana ability's function at once.
void script_activate(Game& g, int card, int actor, int index) {
  ScriptRuntime* rt = runtime(g);
  if (rt == nullptr) return;
  for (const ScriptRuntime::ActivatedAbility& a : rt->abilities(card)) {
    if (a.index != index) continue;
    pay(g.players[static_cast<size_t>(actor)].pool, a.cost);
    if (a.tap) {
      g.objs[static_cast<size_t>(card)].tapped = true;
      g.fire_event("tapped", card, -1, card, false);
    }
    if (a.sacrifice) {
      g.move(card, g.objs[static_cast<size_t>(card)].owner, kGraveyard);
      g.fire_zone_triggers(card, kBattlefield, kGraveyard);
    }
    if (a.pay) rt->run_now(card, a.index, "pay", {actor + 1}, 0);  // the rest of its cost (Jandor's Ring's discard)
    g.note("p" + std::to_string(actor + 1) + " activates " + g.objs[static_cast<size_t>(card)].def->name);
    if (!a.mana) {
      StackItem item;
      item.kind = StackItem::kAbility;
      item.source = card;
      item.controller = actor;
      item.ability = rt->stand_in(card, a);
      return g.push(item);
    }
    ScriptCall call;
    call.card = card;
    call.controller = actor;
    rt->run_ability(card, a.index, call);
    return;
  }
}

void script_answer_targets(Game& g, int call, bool several, const std::vector<Target>& ts) {
  if (bound(g)) g.lua->answer_targets(call, several, ts);
}

void script_answer_option(Game& g, int call, int option) {
  if (bound(g)) g.lua->answer_option(call, option);
}

bool script_hides_auto_abilities(Game& g, int card) {
  ScriptRuntime* rt = g.lua || g.catalog().scripts ? runtime(g) : nullptr;
  return rt != nullptr && rt->has_script(card) && rt->int_field(card, "auto_abilities", 1) == 0;
}

bool script_replaces_upkeep_costs(Game& g, int card) {
  ScriptRuntime* rt = g.lua || g.catalog().scripts ? runtime(g) : nullptr;
  return rt != nullptr && rt->has_script(card) && rt->int_field(card, "upkeep_costs", 1) == 0;
}

bool script_allows(const Game& g, const char* query, int card, int player) {
  if (!bound(g)) return true;
  ScriptRuntime& rt = *g.lua.get();
  for (const Game::Player& p : g.players) {  // the permanents only: every object would be quadratic
    for (int c : p.zones[kBattlefield]) {
      if (!rt.has_handler(c, query)) continue;
      if (rt.ask(c, query, {card, player + 1}) == 0) return false;
    }
  }
  return true;
}

int script_prevent_damage(Game& g, int player, int source, int amount) {
  if (!bound(g) || source < 0) return amount;
  return g.lua->prevent(player, source, amount);
}

void script_land_played(Game& g, int land) {
  ScriptRuntime* rt = runtime(g);
  if (rt == nullptr) return;
  for (size_t c = 0; c < g.objs.size(); ++c) {
    if (g.objs[c].zone != kBattlefield || !rt->has_handler(static_cast<int>(c), "land_played")) continue;
    ScriptCall call;
    call.card = static_cast<int>(c);
    call.controller = g.objs[c].controller;
    rt->run("land_played", static_cast<int>(c), call, {land});
  }
}

void script_state(Game& g) {
  ScriptRuntime* rt = runtime(g);
  if (rt == nullptr) return;
  std::vector<int> cards;
  for (const Game::Player& p : g.players) {  // the permanents only: this runs at every check
    for (int c : p.zones[kBattlefield]) {
      if (rt->has_handler(c, "state")) cards.push_back(c);
    }
  }
  for (int c : cards) {
    if (g.objs[static_cast<size_t>(c)].zone != kBattlefield) continue;
    ScriptCall call;
    call.card = c;
    call.controller = g.objs[static_cast<size_t>(c)].controller;
    rt->run("state", c, call);
  }
}

int script_damage_to_player(Game& g, int player, int source, int amount, bool combat) {
  if (source < 0 || amount <= 0) return amount;
  ScriptRuntime* rt = runtime(g);
  if (rt == nullptr || !rt->has_handler(source, "damage_to_player")) return amount;
  return std::max(0, rt->run_now(source, 0, "damage_to_player", {player + 1, amount, combat ? 1 : 0}, amount));
}

int script_extra_lands(Game& g, int player) {
  ScriptRuntime* rt = runtime(g);
  if (rt == nullptr) return 0;
  int extra = 0;
  for (size_t c = 0; c < g.objs.size(); ++c) {
    if (g.objs[c].zone != kBattlefield || g.objs[c].controller != player || !rt->has_script(static_cast<int>(c))) continue;
    const int n = rt->int_field(static_cast<int>(c), "extra_lands", 0);
    if (n < 0) return -1;
    extra += n;
  }
  return extra;
}

}  // namespace rk::mtg
