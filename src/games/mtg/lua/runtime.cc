// Running card handlers as coroutines: a handler that asks for a choice yields; the engine opens
// the chooser or menu; the answer resumes it. Script errors (and a blown budget) end the handler
// with a diagnostic and the game goes on. Each call runs on a fresh instance of its card's file,
// and keeps a journal of what the API gave it, so a copy of the game can rebuild it (runtime.h).
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

ScriptRuntime::ScriptRuntime(const CardScripts& scripts) : scripts_(scripts) {}
ScriptRuntime::~ScriptRuntime() = default;

std::unique_ptr<ScriptRuntime> ScriptRuntime::copy() const {
  auto c = std::make_unique<ScriptRuntime>(scripts_);
  c->calls_ = calls_;
  c->next_call_ = next_call_;
  c->triggers_ = triggers_;
  c->stand_ins_ = stand_ins_;
  c->memory = memory;
  c->effects = effects;
  c->next_effect_id = next_effect_id;
  return c;
}

script::LuaHost& ScriptRuntime::host() {
  if (!host_) {
    host_ = std::make_unique<script::LuaHost>();
    if (host_->state() != nullptr) open_card_api(host_->state(), this);
  }
  return *host_;
}

// The card's file compiled once per Lua state (its environment sealed) and run once for the
// template; null when the card has no script or its script failed (reported once).
const ScriptRuntime::Module* ScriptRuntime::module(int card) {
  const CardDef* d = g_->objs[static_cast<size_t>(card)].def;
  auto it = modules_.find(d);
  if (it != modules_.end()) return it->second.table == LUA_NOREF ? nullptr : &it->second;
  Module m{LUA_NOREF, LUA_NOREF, LUA_NOREF};
  const text::SourceFile* file = scripts_.find(d->lname);
  lua_State* L = file != nullptr ? host().state() : nullptr;
  std::string error;
  if (L != nullptr) {
    if (host().load_chunk(*file, error, true)) {
      lua_getupvalue(L, -1, 1);
      m.env = luaL_ref(L, LUA_REGISTRYINDEX);
      lua_pushvalue(L, -1);
      m.chunk = luaL_ref(L, LUA_REGISTRYINDEX);
      if (host().call(0, 1, error)) {
        m.table = lua_istable(L, -1) ? luaL_ref(L, LUA_REGISTRYINDEX) : (lua_pop(L, 1), LUA_NOREF);
      }
    }
    if (m.table == LUA_NOREF) g_->unsupported(error.empty() ? d->name + ": its Lua file returns no table" : error);
  }
  it = modules_.emplace(d, m).first;  // remembered either way: this is asked for every permanent, many times a step
  return m.table == LUA_NOREF ? nullptr : &it->second;
}

bool ScriptRuntime::has_script(int card) {
  const CardDef* d = g_->objs[static_cast<size_t>(card)].def;
  auto it = modules_.find(d);
  if (it != modules_.end()) return it->second.table != LUA_NOREF;
  if (scripts_.find(d->lname) != nullptr) return true;
  modules_.emplace(d, Module{LUA_NOREF, LUA_NOREF, LUA_NOREF});  // remembered: asked for every permanent, many times a step
  return false;
}

bool ScriptRuntime::push_table(int card) {
  const Module* m = module(card);
  if (m == nullptr) return false;
  lua_rawgeti(host().state(), LUA_REGISTRYINDEX, m->table);
  return true;
}

bool ScriptRuntime::push_instance(int card) {
  const Module* m = module(card);
  if (m == nullptr) return false;
  lua_State* L = host().state();
  lua_rawgeti(L, LUA_REGISTRYINDEX, m->chunk);
  std::string error;
  if (!host().call(0, 1, error)) {
    g_->unsupported(error);
    return false;
  }
  if (lua_istable(L, -1)) return true;
  lua_pop(L, 1);
  return false;
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
  if (!has_handler(card, name)) return -1;
  return call_now(card, 0, name, args, -1, true);
}

int ScriptRuntime::run_now(int card, int ability, const char* name, const std::vector<int>& args, int fallback) {
  if (!has_script(card)) return fallback;
  return call_now(card, ability, name, args, fallback, false);
}

// A function run to its end at once, as a call of its own (so mtg.controller() and the other
// handler functions answer) with a negative id: it never waits, so nothing of it is copied.
int ScriptRuntime::call_now(int card, int ability, const char* name, const std::vector<int>& args, int fallback, bool boolean) {
  if (!push_instance(card)) return fallback;
  lua_State* L = host().state();
  if (ability > 0) {
    raw_field(L, -1, "abilities");
    lua_istable(L, -1) ? static_cast<void>(lua_rawgeti(L, -1, ability)) : lua_pushnil(L);
    lua_istable(L, -1) ? static_cast<void>(raw_field(L, -1, name)) : lua_pushnil(L);
    lua_rotate(L, -4, 1);  // the function below the three tables
    lua_pop(L, 3);
  } else {
    raw_field(L, -1, name);
    lua_remove(L, -2);
  }
  if (!lua_isfunction(L, -1)) {
    lua_pop(L, 1);
    return fallback;
  }
  const int ref = host().new_thread();
  lua_State* T = host().thread(ref);
  lua_pushinteger(T, card);
  for (int v : args) lua_pushinteger(T, v);
  const int id = -1 - queries_++;
  ScriptCall call;
  call.card = card;
  call.controller = g_->objs[static_cast<size_t>(card)].controller;
  call.id = id;
  calls_[id] = std::move(call);
  call_ids_[T] = id;
  std::string error;
  int nres = 0;
  const script::LuaHost::Status s = host().resume(ref, 1 + static_cast<int>(args.size()), error, &nres);
  int answer = fallback;
  // A query's answer is Lua's truth (nil is false); other functions give an integer, or their
  // truth, and nil is no answer.
  if (s == script::LuaHost::Status::kDone && nres > 0 && (boolean || !lua_isnil(T, -1))) {
    answer = !boolean && lua_isinteger(T, -1) ? static_cast<int>(lua_tointeger(T, -1)) : (lua_toboolean(T, -1) ? 1 : 0);
  }
  if (s == script::LuaHost::Status::kError) g_->unsupported(error);
  if (s == script::LuaHost::Status::kYielded) {
    g_->unsupported(g_->objs[static_cast<size_t>(card)].def->name + ": its " + name + " asked for a choice (it runs at once and cannot wait)");
  }
  calls_.erase(id);
  call_ids_.erase(T);
  --queries_;
  host().release(ref);  // a suspended query is dropped with its thread
  return answer;
}

bool ScriptRuntime::run(const std::string& name, int card, ScriptCall call, std::vector<int> extra) {
  if (!has_handler(card, name.c_str())) return false;
  call.card = card;
  call.handler = name;
  call.args = std::move(extra);
  start(std::move(call));
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
        raw_field(L, -2, "any_player");
        a.any_player = lua_toboolean(L, -1);
        raw_field(L, -3, "can");
        a.can = lua_isfunction(L, -1);
        raw_field(L, -4, "pay");
        a.pay = lua_isfunction(L, -1);
        raw_field(L, -5, "during");
        if (const char* step = lua_tostring(L, -1)) a.step = static_cast<int>(phase_from_name(step));  // kInvalid: never
        lua_pop(L, 5);
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
  call.card = card;
  call.ability = index;
  start(std::move(call));
}

// The function a call runs, pushed (from a fresh instance of the card's file, or the trigger's
// bytecode with the values it captured).
bool ScriptRuntime::push_function(const ScriptCall& c) {
  lua_State* L = host().state();
  if (L == nullptr) return false;
  if (c.trigger) {
    const Module* m = module(c.trigger->card);
    if (m == nullptr) return false;
    const std::string& code = *c.trigger->bytecode;
    if (luaL_loadbufferx(L, code.data(), code.size(), "=trigger", "b") != LUA_OK) {
      lua_pop(L, 1);
      return false;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, m->env);
    const int env = lua_gettop(L);
    for (size_t i = 0; i < c.trigger->upvalues.size(); ++i) {
      push_value(L, c.trigger->upvalues[i], env);
      if (lua_setupvalue(L, env - 1, static_cast<int>(i + 1)) == nullptr) lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return true;
  }
  if (!push_instance(c.card)) return false;
  if (c.ability > 0) {
    raw_field(L, -1, "abilities");
    lua_istable(L, -1) ? static_cast<void>(lua_rawgeti(L, -1, c.ability)) : lua_pushnil(L);
    lua_istable(L, -1) ? static_cast<void>(raw_field(L, -1, "run")) : lua_pushnil(L);
    lua_rotate(L, -4, 1);  // the function below the three tables
    lua_pop(L, 3);
  } else {
    raw_field(L, -1, c.handler.c_str());
    lua_remove(L, -2);
  }
  if (lua_isfunction(L, -1)) return true;
  lua_pop(L, 1);
  return false;
}

const Ability* ScriptRuntime::stand_in(int card, const ActivatedAbility& a) {
  const CardDef* d = g_->objs[static_cast<size_t>(card)].def;
  std::lock_guard<std::mutex> hold(stand_ins_->lock);
  auto [it, fresh] = stand_ins_->abilities.try_emplace({d, a.index});
  if (fresh) {
    it->second.kind = AbilityKind::kActivated;
    it->second.text = a.text;
    stand_ins_->index[&it->second] = a.index;
  }
  return &it->second;
}

int ScriptRuntime::index_of(const Ability* ability) const {
  std::lock_guard<std::mutex> hold(stand_ins_->lock);
  auto it = stand_ins_->index.find(ability);
  return it == stand_ins_->index.end() ? 0 : it->second;
}

void ScriptRuntime::put_trigger(int card, TriggerFn fn, const std::string& text) {
  Ability* a = nullptr;
  {
    std::lock_guard<std::mutex> hold(stand_ins_->lock);
    a = &stand_ins_->triggers.emplace_back();
  }
  a->kind = AbilityKind::kTriggered;
  a->text = text;
  fn.card = card;
  triggers_[a] = std::move(fn);
  g_->put_trigger(card, *a);
}

bool ScriptRuntime::resolve_trigger(const StackItem& item) {
  auto it = triggers_.find(item.ability);
  if (it == triggers_.end()) return false;
  ScriptCall call;
  call.card = item.source;
  call.controller = item.controller;
  call.item = item;
  call.trigger = std::make_shared<const TriggerFn>(std::move(it->second));
  triggers_.erase(it);  // a trigger resolves once
  start(std::move(call));
  return true;
}

void ScriptRuntime::start(ScriptCall call) {
  if (!push_function(call)) return;
  const int ref = host().new_thread();
  lua_State* T = host().thread(ref);
  lua_pushinteger(T, call.card);
  for (int v : call.args) lua_pushinteger(T, v);
  const int nargs = 1 + static_cast<int>(call.args.size());
  call.id = next_call_++;
  const int id = call.id;
  threads_[id] = ref;
  call_ids_[T] = id;
  calls_[id] = std::move(call);
  step(id, nargs);
}

ScriptCall* ScriptRuntime::call_of(lua_State* thread) {
  auto it = call_ids_.find(thread);
  return it == call_ids_.end() ? nullptr : call(it->second);
}

ScriptCall* ScriptRuntime::call(int id) {
  auto it = calls_.find(id);
  return it == calls_.end() ? nullptr : &it->second;
}

// The call's coroutine. In a copy of the game it does not exist yet: the same function runs again
// in this state with every mtg.* call answered from the journal (replay) up to the choice it
// waits on.
int ScriptRuntime::thread_of(ScriptCall& c) {
  if (auto it = threads_.find(c.id); it != threads_.end()) return it->second;
  if (!push_function(c)) return LUA_NOREF;
  const int ref = host().new_thread();
  lua_State* T = host().thread(ref);
  lua_pushinteger(T, c.card);
  for (int v : c.args) lua_pushinteger(T, v);
  threads_[c.id] = ref;
  call_ids_[T] = c.id;
  c.replaying = true;
  c.replayed = 0;
  std::string error;
  const script::LuaHost::Status s = host().resume(ref, 1 + static_cast<int>(c.args.size()), error);
  c.replaying = false;
  if (s == script::LuaHost::Status::kYielded && c.replayed == c.journal.size()) {
    lua_settop(T, 0);
    return ref;
  }
  g_->unsupported(g_->objs[static_cast<size_t>(c.card)].def->name + ": its running handler could not be rebuilt in a copy of the game" +
                  (error.empty() ? std::string() : ": " + error));
  threads_.erase(c.id);
  call_ids_.erase(T);
  host().release(ref);
  return LUA_NOREF;
}

int ScriptRuntime::replay(lua_State* L, int fn) {
  ScriptCall* c = call_of(L);
  if (c == nullptr || !c->replaying) return -1;
  if (c->replayed == c->journal.size()) {
    if (fn != c->calling) luaL_error(L, "the handler took another way when rebuilt (nondeterministic?)");
    return -2;  // the choice it waits on: api_call yields (or asks the function again: mtg.pay)
  }
  const JournalEntry& e = c->journal[c->replayed++];
  if (e.fn != fn) luaL_error(L, "the handler took another way when rebuilt (nondeterministic?)");
  if (e.answer) host().refill_budget();  // the original was resumed here with a budget of its own
  luaL_checkstack(L, static_cast<int>(e.values.size()) + 3, "journal");
  for (const LuaValue& v : e.values) push_value(L, v);
  return static_cast<int>(e.values.size());
}

void ScriptRuntime::rewrite_answer(lua_State* L, int nresults) {
  ScriptCall* c = call_of(L);
  if (c == nullptr || c->journal.empty() || !c->journal.back().answer) return;
  std::vector<LuaValue>& values = c->journal.back().values;
  values.assign(static_cast<size_t>(nresults), LuaValue{});
  std::string why;
  for (int i = 0; i < nresults; ++i) to_value(L, -nresults + i, values[static_cast<size_t>(i)], why);
}

void ScriptRuntime::record(lua_State* L, int fn, int nresults) {
  ScriptCall* c = call_of(L);
  if (c == nullptr) return;
  JournalEntry e;
  e.fn = fn;
  e.values.resize(static_cast<size_t>(nresults));
  std::string why;
  for (int i = 0; i < nresults; ++i) to_value(L, -nresults + i, e.values[static_cast<size_t>(i)], why);
  c->journal.push_back(std::move(e));
}

// The answer to a choice: the values pushed on the call's coroutine, kept in its journal, then
// the call goes on.
void ScriptRuntime::resume_with(ScriptCall& c, int nargs) {
  lua_State* T = host().thread(threads_[c.id]);
  JournalEntry e;
  e.fn = c.calling;
  e.answer = true;
  e.values.resize(static_cast<size_t>(nargs));
  std::string why;
  for (int i = 0; i < nargs; ++i) to_value(T, -nargs + i, e.values[static_cast<size_t>(i)], why);
  c.journal.push_back(std::move(e));
  step(c.id, nargs);
}

// "<upto:5>land" (several): one result, the list of the cards chosen; else two results, the card
// (or nil) and the player, 1 or 2 (or nil). A cast handler's choices are the spell's targets.
void ScriptRuntime::answer_targets(int id, bool several, const std::vector<Target>& ts) {
  ScriptCall* c = call(id);
  if (c == nullptr) return;
  const int ref = thread_of(*c);
  if (ref == LUA_NOREF) return finish(id, false);
  lua_State* T = host().thread(ref);
  if (several) {
    lua_createtable(T, static_cast<int>(ts.size()), 0);
    lua_Integer n = 0;
    for (const Target& t : ts) {
      if (t.card < 0) continue;
      lua_pushinteger(T, t.card);
      lua_rawseti(T, -2, ++n);
      if (c->casting) c->item.targets.push_back(t);
    }
    return resume_with(*c, 1);
  }
  const Target t = ts.empty() ? Target{} : ts[0];
  t.card >= 0 ? lua_pushinteger(T, t.card) : lua_pushnil(T);
  t.player >= 0 ? lua_pushinteger(T, t.player + 1) : lua_pushnil(T);
  if (c->casting) c->item.targets.push_back(t);
  resume_with(*c, 2);
}

void ScriptRuntime::answer_option(int id, int option) {
  ScriptCall* c = call(id);
  if (c == nullptr) return;
  const int ref = thread_of(*c);
  if (ref == LUA_NOREF) return finish(id, false);
  lua_pushinteger(host().thread(ref), static_cast<lua_Integer>(option + 1));
  resume_with(*c, 1);
}

// One resume: done, failed, or waiting on the choice the API left in `request` (a chooser or a
// menu whose answer names this call).
void ScriptRuntime::step(int id, int nargs) {
  std::string error;
  request = Request{};
  const int ref = threads_[id];
  const script::LuaHost::Status s = host().resume(ref, nargs, error);
  if (s == script::LuaHost::Status::kError) {
    g_->unsupported(error);
    return finish(id, false);
  }
  if (s == script::LuaHost::Status::kDone) return finish(id, true);
  lua_settop(host().thread(ref), 0);
  const Request r = request;
  ScriptCall* c = call(id);
  c->suspended = true;
  if (r.kind == Request::kTarget) {
    Chooser ch;
    ch.spec = r.spec;
    ch.player = r.player;
    ch.source = c->card;
    ch.is_cost = r.not_a_target;
    ch.done = {Resume{.kind = Resume::Kind::kLuaTargets, .index = c->id, .flag = r.spec.count > 1 || r.spec.up_to}};
    g_->choosers.push_back(std::move(ch));
    return;
  }
  if (r.kind == Request::kMenu) {
    Menu m;
    m.cancel = false;
    for (size_t i = 0; i < r.options.size(); ++i) {
      m.options.push_back({r.options[i], Resume{.kind = Resume::Kind::kLuaOption, .x = static_cast<int>(i), .index = c->id}});
    }
    g_->menus.push_back(std::move(m));
    return;
  }
  // A bare coroutine.yield cannot happen (no coroutine library); anything else ends the call.
  g_->unsupported(g_->objs[static_cast<size_t>(c->card)].def->name + ": its script yielded without a choice");
  finish(id, false);
}

void ScriptRuntime::finish(int id, bool ok) {
  (void)ok;
  auto it = calls_.find(id);
  if (it == calls_.end()) return;
  ScriptCall call = std::move(it->second);
  calls_.erase(it);
  if (auto t = threads_.find(id); t != threads_.end()) {
    call_ids_.erase(host().thread(t->second));
    host().release(t->second);
    threads_.erase(t);
  }
  last_finished = call;
  script_call_done(*g_, call);
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
      g_->note("damage from " + g_->name(source) + " is prevented");
      return 0;
    }
    // Eye for an Eye: the damage is dealt, and as much to the source's controller.
    g_->damage_player(g_->objs[static_cast<size_t>(source)].controller, amount, from, false);
    return amount;
  }
  return amount;
}

void ScriptRuntime::set_controller(int card, int player) {
  Obj& o = g_->objs[static_cast<size_t>(card)];
  if (o.zone != kBattlefield || o.controller == player) return;
  auto& from = g_->players[static_cast<size_t>(o.controller)].zones[kBattlefield];
  std::erase(from, card);
  g_->players[static_cast<size_t>(player)].zones[kBattlefield].push_back(card);
  o.controller = player;
  o.sick = true;  // under a new controller since this turn began
  o.attacking = false;
  g_->note("p" + std::to_string(player + 1) + " gains control of " + g_->name(card));
}

int ScriptRuntime::add_effect(ScriptEffect e) {
  e.id = next_effect_id++;
  effects.push_back(e);
  if (e.kind == ScriptEffect::kPreventNext || e.kind == ScriptEffect::kReflectNext) return e.id;
  if (e.kind == ScriptEffect::kControl) set_controller(e.card, e.player);
  g_->update_continuous();
  return e.id;
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
    int to = g_->objs[static_cast<size_t>(card)].owner;
    for (const ScriptEffect& e : effects) {
      if (e.kind == ScriptEffect::kControl && e.card == card) to = e.player;
    }
    set_controller(card, to);
  }
  g_->update_continuous();
}

}  // namespace rk::mtg
