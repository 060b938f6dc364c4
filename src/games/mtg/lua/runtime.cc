// Running card handlers as coroutines: a handler that asks for a choice yields; the engine opens
// the chooser or menu; the answer resumes it. Script errors (and a blown budget) end the handler
// with a diagnostic and the game goes on.
#include "games/mtg/lua/runtime.h"

#include <lua.hpp>

#include <cctype>

#include "games/mtg/lua/card_scripts.h"

namespace rk::mtg {
namespace {

// t[name] without metamethods (an __index raising an error here would be outside any protected
// call).
int raw_field(lua_State* L, int index, const char* name) {
  const int t = lua_absindex(L, index);
  lua_pushstring(L, name);
  return lua_rawget(L, t);
}

}  // namespace

script::LuaHost& ScriptRuntime::host() {
  if (!host_) {
    host_ = std::make_unique<script::LuaHost>();
    if (host_->state() != nullptr) open_card_api(host_->state(), this);
  }
  return *host_;
}

bool ScriptRuntime::has_script(int card) {
  const CardDef* d = g_.objs[static_cast<size_t>(card)].def;
  auto it = tables_.find(d);
  if (it != tables_.end()) return it->second != LUA_NOREF;
  if (scripts_.find(d->lname) != nullptr) return true;
  tables_.emplace(d, LUA_NOREF);  // remembered: this is asked for every permanent, many times a step
  return false;
}

bool ScriptRuntime::push_table(int card) {
  const CardDef* d = g_.objs[static_cast<size_t>(card)].def;
  auto it = tables_.find(d);
  if (it == tables_.end()) {
    const text::SourceFile* file = scripts_.find(d->lname);
    if (file == nullptr) return false;
    lua_State* L = host().state();
    if (L == nullptr) return false;
    std::string error;
    int ref = LUA_NOREF;
    if (host().run_chunk(*file, error)) {
      ref = lua_istable(L, -1) ? luaL_ref(L, LUA_REGISTRYINDEX) : (lua_pop(L, 1), LUA_NOREF);
    }
    if (ref == LUA_NOREF) g_.unsupported(error.empty() ? d->name + ": its Lua file returns no table" : error);
    it = tables_.emplace(d, ref).first;
  }
  if (it->second == LUA_NOREF) return false;
  lua_rawgeti(host().state(), LUA_REGISTRYINDEX, it->second);
  return true;
}

bool ScriptRuntime::has_handler(int card, const char* name) {
  if (!has_script(card) || !push_table(card)) return false;
  lua_State* L = host().state();
  raw_field(L, -1, name);
  const bool yes = lua_isfunction(L, -1);
  lua_pop(L, 2);
  return yes;
}

int ScriptRuntime::int_field(int card, const char* name, int fallback) {
  if (!has_script(card) || !push_table(card)) return fallback;
  lua_State* L = host().state();
  raw_field(L, -1, name);
  int v = fallback;
  if (lua_isboolean(L, -1)) v = lua_toboolean(L, -1);
  if (lua_isinteger(L, -1)) v = static_cast<int>(lua_tointeger(L, -1));
  lua_pop(L, 2);
  return v;
}

int ScriptRuntime::ask(int card, const char* name, const std::vector<int>& args) {
  if (!has_handler(card, name) || !push_table(card)) return -1;
  lua_State* L = host().state();
  raw_field(L, -1, name);
  lua_remove(L, -2);
  const int ref = host().new_thread();
  lua_State* T = host().thread(ref);
  lua_pushinteger(T, card);
  for (int v : args) lua_pushinteger(T, v);
  std::string error;
  int nres = 0;
  const script::LuaHost::Status s = host().resume(ref, 1 + static_cast<int>(args.size()), error, &nres);
  int answer = -1;
  if (s == script::LuaHost::Status::kDone && nres > 0) answer = lua_toboolean(T, -1) ? 1 : 0;
  if (s == script::LuaHost::Status::kError) g_.unsupported(error);
  if (s == script::LuaHost::Status::kYielded) {
    g_.unsupported(g_.objs[static_cast<size_t>(card)].def->name + ": its " + name + " asked for a choice (a rule query cannot wait)");
  }
  host().release(ref);  // a suspended query is dropped with its thread
  return answer;
}

bool ScriptRuntime::run(const std::string& name, int card, ScriptCall call, std::vector<int> extra) {
  if (!has_script(card) || !push_table(card)) return false;
  lua_State* L = host().state();
  raw_field(L, -1, name.c_str());
  if (!lua_isfunction(L, -1)) {
    lua_pop(L, 2);
    return false;
  }
  lua_remove(L, -2);
  start(card, std::move(call), extra);
  return true;
}

std::vector<ScriptRuntime::ActivatedAbility> ScriptRuntime::abilities(int card) {
  std::vector<ActivatedAbility> out;
  if (!has_script(card) || !push_table(card)) return out;
  lua_State* L = host().state();
  if (raw_field(L, -1, "abilities") == LUA_TTABLE) {
    const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
    for (lua_Integer i = 1; i <= n; ++i) {
      if (lua_rawgeti(L, -1, i) == LUA_TTABLE) {
        ActivatedAbility a;
        raw_field(L, -1, "mana");
        a.mana = lua_toboolean(L, -1);
        lua_pop(L, 1);
        raw_field(L, -1, "cost");
        raw_field(L, -2, "text");
        const char* cost = lua_tostring(L, -2);
        const char* text = lua_tostring(L, -1);
        a.index = static_cast<int>(i);
        std::string c = cost ? cost : "";
        for (char& ch : c) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (const size_t t = c.find("{t}"); t != std::string::npos) {
          a.tap = true;
          c.erase(t, 3);
        }
        if (const size_t s = c.find("{s}"); s != std::string::npos) {
          a.sacrifice = true;
          c.erase(s, 3);
        }
        a.cost = parse_mana_cost(c);
        a.text = text ? text : (cost ? cost : "ability");
        out.push_back(std::move(a));
        lua_pop(L, 2);
      }
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 2);
  return out;
}

void ScriptRuntime::run_ability(int card, int index, ScriptCall call) {
  if (!has_script(card) || !push_table(card)) return;
  lua_State* L = host().state();
  raw_field(L, -1, "abilities");
  if (lua_istable(L, -1)) {
    lua_rawgeti(L, -1, index);
  } else {
    lua_pushnil(L);
  }
  if (lua_istable(L, -1)) {
    raw_field(L, -1, "run");
  } else {
    lua_pushnil(L);
  }
  if (!lua_isfunction(L, -1)) {
    lua_pop(L, 4);
    return;
  }
  lua_rotate(L, -4, 1);  // the function below the three tables
  lua_pop(L, 3);
  start(card, std::move(call), {});
}

const Ability* ScriptRuntime::stand_in(int card, const ActivatedAbility& a) {
  const CardDef* d = g_.objs[static_cast<size_t>(card)].def;
  auto [it, fresh] = stand_ins_.try_emplace({d, a.index});
  if (fresh) {
    it->second.kind = AbilityKind::kActivated;
    it->second.text = a.text;
    stand_in_index_[&it->second] = a.index;
  }
  return &it->second;
}

int ScriptRuntime::index_of(const Ability* ability) const {
  auto it = stand_in_index_.find(ability);
  return it == stand_in_index_.end() ? 0 : it->second;
}

void ScriptRuntime::put_trigger(int card, int ref, std::string text) {
  Ability& a = trigger_stand_ins_.emplace_back();
  a.kind = AbilityKind::kTriggered;
  a.text = std::move(text);
  trigger_refs_[&a] = ref;
  g_.put_trigger(card, a);
}

bool ScriptRuntime::resolve_trigger(const StackItem& item) {
  auto it = trigger_refs_.find(item.ability);
  if (it == trigger_refs_.end()) return false;
  const int ref = it->second;
  trigger_refs_.erase(it);  // a trigger resolves once
  lua_State* L = host().state();
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  host().release(ref);
  ScriptCall call;
  call.card = item.source;
  call.controller = item.controller;
  call.item = item;
  start(item.source, std::move(call), {});
  return true;
}

void ScriptRuntime::start(int card, ScriptCall call, const std::vector<int>& extra) {
  const int ref = host().new_thread();
  lua_State* T = host().thread(ref);
  lua_pushinteger(T, card);
  for (int v : extra) lua_pushinteger(T, v);
  call.thread = ref;
  call.id = next_call_++;
  call_ids_[T] = call.id;
  calls_[call.id] = std::move(call);
  step(ref, 1 + static_cast<int>(extra.size()));
}

ScriptCall* ScriptRuntime::call_of(lua_State* thread) {
  auto it = call_ids_.find(thread);
  return it == call_ids_.end() ? nullptr : call(it->second);
}

ScriptCall* ScriptRuntime::call(int id) {
  auto it = calls_.find(id);
  return it == calls_.end() ? nullptr : &it->second;
}

void ScriptRuntime::resume(lua_State* thread, int nargs) {
  ScriptCall* c = call_of(thread);
  if (c != nullptr) step(c->thread, nargs);
}

// "<upto:5>land" (several): one result, the list of the cards chosen; else two results, the card
// (or nil) and the player, 1 or 2 (or nil). A cast handler's choices are the spell's targets.
void ScriptRuntime::answer_targets(int id, bool several, const std::vector<Target>& ts) {
  ScriptCall* c = call(id);
  if (c == nullptr) return;
  lua_State* T = host().thread(c->thread);
  if (several) {
    lua_createtable(T, static_cast<int>(ts.size()), 0);
    lua_Integer n = 0;
    for (const Target& t : ts) {
      if (t.card < 0) continue;
      lua_pushinteger(T, t.card);
      lua_rawseti(T, -2, ++n);
      if (c->casting) c->item.targets.push_back(t);
    }
    return step(c->thread, 1);
  }
  const Target t = ts.empty() ? Target{} : ts[0];
  t.card >= 0 ? lua_pushinteger(T, t.card) : lua_pushnil(T);
  t.player >= 0 ? lua_pushinteger(T, t.player + 1) : lua_pushnil(T);
  if (c->casting) c->item.targets.push_back(t);
  step(c->thread, 2);
}

void ScriptRuntime::answer_option(int id, int option) {
  ScriptCall* c = call(id);
  if (c == nullptr) return;
  lua_pushinteger(host().thread(c->thread), static_cast<lua_Integer>(option + 1));
  step(c->thread, 1);
}

// One resume: done, failed, or waiting on the choice the API left in `request` (a chooser or a
// menu whose answer names this call).
void ScriptRuntime::step(int ref, int nargs) {
  std::string error;
  request = Request{};
  const script::LuaHost::Status s = host().resume(ref, nargs, error);
  if (s == script::LuaHost::Status::kError) {
    g_.unsupported(error);
    return finish(ref, false);
  }
  if (s == script::LuaHost::Status::kDone) return finish(ref, true);
  lua_State* T = host().thread(ref);
  lua_settop(T, 0);
  const Request r = request;
  ScriptCall* c = call_of(T);
  c->suspended = true;
  if (r.kind == Request::kTarget) {
    Chooser ch;
    ch.spec = r.spec;
    ch.player = r.player;
    ch.source = c->card;
    ch.is_cost = r.not_a_target;
    ch.done = {Resume{.kind = Resume::Kind::kLuaTargets, .index = c->id, .flag = r.spec.count > 1 || r.spec.up_to}};
    g_.choosers.push_back(std::move(ch));
    return;
  }
  if (r.kind == Request::kMenu) {
    Menu m;
    m.cancel = false;
    for (size_t i = 0; i < r.options.size(); ++i) {
      m.options.push_back({r.options[i], Resume{.kind = Resume::Kind::kLuaOption, .x = static_cast<int>(i), .index = c->id}});
    }
    g_.menus.push_back(std::move(m));
    return;
  }
  // A bare coroutine.yield cannot happen (no coroutine library); anything else ends the call.
  g_.unsupported(g_.objs[static_cast<size_t>(c->card)].def->name + ": its script yielded without a choice");
  finish(ref, false);
}

void ScriptRuntime::finish(int ref, bool ok) {
  (void)ok;
  lua_State* T = host().thread(ref);
  auto id = call_ids_.find(T);
  if (id == call_ids_.end()) return;
  auto it = calls_.find(id->second);
  call_ids_.erase(id);
  ScriptCall call = std::move(it->second);
  calls_.erase(it);
  host().release(ref);
  last_finished = call;
  script_call_done(g_, call);
}

// A prevention shield: the next damage `source` would deal to `player`.
int ScriptRuntime::prevent(int player, int source, int amount) {
  for (size_t i = 0; i < effects.size(); ++i) {
    const ScriptEffect& e = effects[i];
    const bool reflect = e.kind == ScriptEffect::kReflectNext;
    if ((e.kind != ScriptEffect::kPreventNext && !reflect) || e.player != player || e.card != source) continue;
    const int from = e.source;
    effects.erase(effects.begin() + static_cast<long>(i));
    if (!reflect) {
      g_.note("damage from " + g_.name(source) + " is prevented");
      return 0;
    }
    // Eye for an Eye: the damage is dealt, and as much to the source's controller.
    g_.damage_player(g_.objs[static_cast<size_t>(source)].controller, amount, from, false);
    return amount;
  }
  return amount;
}

void ScriptRuntime::set_controller(int card, int player) {
  Obj& o = g_.objs[static_cast<size_t>(card)];
  if (o.zone != kBattlefield || o.controller == player) return;
  auto& from = g_.players[static_cast<size_t>(o.controller)].zones[kBattlefield];
  std::erase(from, card);
  g_.players[static_cast<size_t>(player)].zones[kBattlefield].push_back(card);
  o.controller = player;
  o.sick = true;  // under a new controller since this turn began
  o.attacking = false;
  g_.note("p" + std::to_string(player + 1) + " gains control of " + g_.name(card));
}

void ScriptRuntime::add_effect(ScriptEffect e) {
  effects.push_back(e);
  if (e.kind == ScriptEffect::kPreventNext || e.kind == ScriptEffect::kReflectNext) return;
  if (e.kind == ScriptEffect::kControl) set_controller(e.card, e.player);
  g_.update_continuous();
}

// Ends effects; a card whose control effect ended goes back to the latest one still running,
// or to its owner.
void ScriptRuntime::end_effects(const std::function<bool(const ScriptEffect&)>& which) {
  std::vector<int> control_ended;
  std::vector<ScriptEffect> kept;
  for (const ScriptEffect& e : effects) {
    if (!which(e)) {
      kept.push_back(e);
    } else if (e.kind == ScriptEffect::kControl) {
      control_ended.push_back(e.card);
    }
  }
  if (kept.size() == effects.size()) return;
  effects = std::move(kept);
  for (int card : control_ended) {
    int to = g_.objs[static_cast<size_t>(card)].owner;
    for (const ScriptEffect& e : effects) {
      if (e.kind == ScriptEffect::kControl && e.card == card) to = e.player;
    }
    set_controller(card, to);
  }
  g_.update_continuous();
}

}  // namespace rk::mtg
