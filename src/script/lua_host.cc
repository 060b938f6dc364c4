#include "script/lua_host.h"

#include <lua.hpp>

#include <cstdlib>
#include <cstring>
#include <string_view>

#include "text/diagnostic.h"
#include "text/source.h"

namespace rk::script {
namespace {

// How often the count hook runs: often enough that a runaway loop stops within microseconds of
// its budget, rarely enough to cost nothing measurable.
constexpr int kHookEvery = 1000;

// Globals a card script may not reach, and why (the message of LU0003).
constexpr const char* kForbidden[] = {"io", "os", "package", "debug", "require", "load", "loadfile", "dofile",
                                      "collectgarbage", "print", "coroutine", "loadstring", "module"};

// pairs in key order: Lua 5.4 seeds its string hashes at random per state, so the order of
// `next` over string keys can differ from run to run; a game must not. Numbers come first
// (ascending), then strings (byte order), then booleans; other keys (tables, functions) last,
// in the order `next` gives.
constexpr const char* kOrderedPairs = R"lua(
local next, sort, type, getmetatable = next, table.sort, type, getmetatable
local rank = { number = 1, string = 2, boolean = 3 }
local function before(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return (rank[ta] or 4) < (rank[tb] or 4) end
  if ta == "number" or ta == "string" then return a < b end
  if ta == "boolean" then return b and not a end
  return false
end
pairs = function(t)
  local mt = getmetatable(t)
  if mt and mt.__pairs then return mt.__pairs(t) end
  local keys = {}
  for k in next, t do keys[#keys + 1] = k end
  sort(keys, before)
  local i = 0
  return function()
    i = i + 1
    local k = keys[i]
    if k ~= nil then return k, t[k] end
  end, t, nil
end
)lua";

// The registry key of the shared safe globals.
constexpr const char* kSafeGlobals = "rk.safe_globals";

// Codes carried from the place an error is raised to the place it is rendered.
enum class Pending { kNone, kSandbox, kBudget };

}  // namespace

struct LuaHost::Alloc {
  size_t used = 0, cap = 0;
  // The cap holds while a script runs (inside a protected call, where "not enough memory" is an
  // error the caller gets). Outside, the host's own few allocations (a thread, a reference) must
  // not fail: an error there would have no protected call to land in and Lua would abort.
  bool enforce = false;
  int64_t budget_left = 0;
  Pending pending = Pending::kNone;
  LuaHost* host = nullptr;

  static void* fn(void* ud, void* ptr, size_t osize, size_t nsize) {
    auto* a = static_cast<Alloc*>(ud);
    if (ptr == nullptr) osize = 0;  // osize is then the type of the new object, not a size
    if (nsize == 0) {
      std::free(ptr);
      a->used -= osize;
      return nullptr;
    }
    if (a->enforce && nsize > osize && a->used - osize + nsize > a->cap) return nullptr;  // Lua raises "not enough memory"
    void* p = std::realloc(ptr, nsize);
    if (p != nullptr) a->used = a->used - osize + nsize;
    return p;
  }
};

namespace {

LuaHost::Alloc* alloc_of(lua_State* L) {
  void* ud = nullptr;
  lua_getallocf(L, &ud);
  return static_cast<LuaHost::Alloc*>(ud);
}

// __index of the safe globals: a removed name is an error that says so, any other missing
// name is nil as usual.
int forbidden_index(lua_State* L) {
  const char* key = lua_tostring(L, 2);
  if (key != nullptr) {
    for (const char* f : kForbidden) {
      if (std::strcmp(key, f) == 0) {
        alloc_of(L)->pending = Pending::kSandbox;
        return luaL_error(L, "'%s' is not available in card scripts (sandbox: no I/O, no OS, no loading code)", key);
      }
    }
  }
  return 0;
}

// __newindex of a sealed chunk environment: a script keeps nothing in globals.
int refuse_global(lua_State* L) {
  alloc_of(L)->pending = Pending::kSandbox;
  const char* key = lua_tostring(L, 2);
  return luaL_error(L, "'%s': a card script cannot set a global (declare it local; what a card remembers goes through its game)",
                    key ? key : "?");
}

// The column of a syntax error: where the token it names ("near 'x'") is on the line.
uint32_t column_of_near(std::string_view line, const std::string& message) {
  const size_t near = message.find("near '");
  if (near == std::string::npos) return 0;
  const size_t start = near + 6;
  const size_t end = message.find('\'', start);
  if (end == std::string::npos || end == start) return 0;
  const size_t at = line.find(std::string_view(message).substr(start, end - start));
  return at == std::string_view::npos ? 0 : static_cast<uint32_t>(at);
}

}  // namespace

void LuaHost::budget_hook(lua_State* L, lua_Debug* ar) {
  (void)ar;
  Alloc* a = alloc_of(L);
  a->budget_left -= kHookEvery;
  if (a->budget_left >= 0) return;
  a->pending = Pending::kBudget;
  // The position is the running line (level 0 inside a hook), not its caller's. No C++ object
  // may live here: lua_error leaves by longjmp.
  lua_Debug here;
  const lua_Integer limit = static_cast<lua_Integer>(a->host->limits_.instructions);
  if (lua_getstack(L, 0, &here) && lua_getinfo(L, "Sl", &here) && here.currentline > 0) {
    lua_pushfstring(L, "%s:%d: the script ran out of its instruction budget (%I instructions): an endless loop?",
                    here.short_src, here.currentline, limit);
  } else {
    lua_pushfstring(L, "the script ran out of its instruction budget (%I instructions): an endless loop?", limit);
  }
  lua_error(L);
}

LuaHost::LuaHost(LuaLimits limits) : alloc_(std::make_unique<Alloc>()), limits_(limits) {
  alloc_->cap = limits.memory_bytes;
  alloc_->host = this;
  L_ = lua_newstate(&Alloc::fn, alloc_.get());
  if (L_ == nullptr) return;
  open_sandbox();
  lua_sethook(L_, &LuaHost::budget_hook, LUA_MASKCOUNT, kHookEvery);  // threads made later inherit it
}

LuaHost::~LuaHost() {
  if (L_ != nullptr) lua_close(L_);
}

size_t LuaHost::memory_used() const { return alloc_->used; }

void LuaHost::open_sandbox() {
  static const luaL_Reg libs[] = {{LUA_GNAME, luaopen_base},        {LUA_STRLIBNAME, luaopen_string},
                                  {LUA_TABLIBNAME, luaopen_table},  {LUA_MATHLIBNAME, luaopen_math},
                                  {LUA_UTF8LIBNAME, luaopen_utf8}};
  for (const luaL_Reg& lib : libs) {
    luaL_requiref(L_, lib.name, lib.func, 1);
    lua_pop(L_, 1);
  }
  lua_pushglobaltable(L_);
  for (const char* f : kForbidden) {
    lua_pushnil(L_);
    lua_setfield(L_, -2, f);
  }
  lua_getfield(L_, -1, "math");
  for (const char* f : {"random", "randomseed"}) {
    lua_pushnil(L_);
    lua_setfield(L_, -2, f);
  }
  lua_pop(L_, 1);
  if (luaL_loadstring(L_, kOrderedPairs) == LUA_OK) lua_pcall(L_, 0, 0, 0);  // sets the global pairs
  lua_settop(L_, 1);
  lua_getfield(L_, -1, "string");
  lua_pushnil(L_);
  lua_setfield(L_, -2, "dump");  // bytecode out is bytecode in for a loader
  lua_pop(L_, 1);
  lua_newtable(L_);  // the globals' metatable: forbidden names fail loudly
  lua_pushcfunction(L_, forbidden_index);
  lua_setfield(L_, -2, "__index");
  lua_setmetatable(L_, -2);
  lua_setfield(L_, LUA_REGISTRYINDEX, kSafeGlobals);
}

bool LuaHost::run_chunk(const text::SourceFile& file, std::string& error) { return load_chunk(file, error) && call(0, 1, error); }

bool LuaHost::load_chunk(const text::SourceFile& file, std::string& error, bool sealed) {
  if (L_ == nullptr) {
    error = file.name() + ":1:1: error[LU0005]: cannot create a Lua state";
    return false;
  }
  // "=name": Lua shows the name as it is (up to LUA_IDSIZE); the map finds the file back.
  std::string chunk = file.name();
  if (chunk.size() > LUA_IDSIZE - 2) chunk = chunk.substr(chunk.size() - (LUA_IDSIZE - 2));
  files_[chunk] = &file;
  const std::string_view text = file.text();
  const bool outer = !alloc_->enforce;
  alloc_->enforce = true;  // the compiler reports "not enough memory" as a load error
  int status = luaL_loadbufferx(L_, text.data(), text.size(), ("=" + chunk).c_str(), "t");  // text only: no bytecode
  alloc_->enforce = !outer;
  if (status != LUA_OK) {
    error = error_from(L_, status == LUA_ERRSYNTAX ? -1 : status);
    lua_pop(L_, 1);
    return false;
  }
  // The chunk's environment: its own table, reading through to the safe globals.
  lua_newtable(L_);
  lua_newtable(L_);
  lua_getfield(L_, LUA_REGISTRYINDEX, kSafeGlobals);
  lua_setfield(L_, -2, "__index");
  if (sealed) {
    lua_pushcfunction(L_, refuse_global);
    lua_setfield(L_, -2, "__newindex");
  }
  lua_setmetatable(L_, -2);
  if (lua_setupvalue(L_, -2, 1) == nullptr) lua_pop(L_, 1);
  return true;
}

bool LuaHost::call(int nargs, int nresults, std::string& error) {
  const bool outer = !alloc_->enforce;
  const int64_t outer_budget = alloc_->budget_left;
  alloc_->budget_left = limits_.instructions;
  alloc_->pending = Pending::kNone;
  alloc_->enforce = true;
  const int status = lua_pcall(L_, nargs, nresults, 0);
  if (outer) {
    alloc_->enforce = false;
  } else {
    alloc_->budget_left = outer_budget;
  }
  if (status != LUA_OK) {
    error = error_from(L_, status);
    alloc_->pending = Pending::kNone;
    lua_pop(L_, 1);
    return false;
  }
  return true;
}

void LuaHost::refill_budget() { alloc_->budget_left = limits_.instructions; }

int LuaHost::new_thread() {
  lua_State* T = lua_newthread(L_);
  lua_rotate(L_, -2, 1);  // thread below the function
  lua_xmove(L_, T, 1);    // the function onto the thread
  return luaL_ref(L_, LUA_REGISTRYINDEX);
}

lua_State* LuaHost::thread(int ref) const {
  lua_rawgeti(L_, LUA_REGISTRYINDEX, ref);
  lua_State* T = lua_tothread(L_, -1);
  lua_pop(L_, 1);
  return T;
}

void LuaHost::release(int ref) { luaL_unref(L_, LUA_REGISTRYINDEX, ref); }

LuaHost::Status LuaHost::resume(int ref, int nargs, std::string& error, int* nresults) {
  lua_State* T = thread(ref);
  int nres = 0;
  // A resume inside a running script (a handler the first one's action set off) has a budget of
  // its own; the outer script keeps what it had left.
  const bool outer = !alloc_->enforce;
  const int64_t outer_budget = alloc_->budget_left;
  alloc_->budget_left = limits_.instructions;
  alloc_->pending = Pending::kNone;
  alloc_->enforce = true;
  const int status = lua_resume(T, L_, nargs, &nres);
  if (outer) {
    alloc_->enforce = false;
  } else {
    alloc_->budget_left = outer_budget;
  }
  if (nresults) *nresults = nres;
  if (status == LUA_YIELD || status == LUA_OK) {
    alloc_->pending = Pending::kNone;
    return status == LUA_OK ? Status::kDone : Status::kYielded;
  }
  error = error_from(T, status);
  alloc_->pending = Pending::kNone;  // an outer script's later error is its own
  return Status::kError;
}

// status -1: a syntax error.
std::string LuaHost::error_from(lua_State* L, int status) const {
  const char* m = lua_tostring(L, -1);
  const std::string message = m ? m : "an error without a message";
  std::string code = "LU0002";
  if (status == -1) code = "LU0001";
  if (status == LUA_ERRMEM) code = "LU0005";
  if (alloc_->pending == Pending::kSandbox) code = "LU0003";
  if (alloc_->pending == Pending::kBudget) code = "LU0004";
  std::string text = status == LUA_ERRMEM ? "the script went over its memory cap" : message;
  // Errors without a place ("not enough memory"): the line the script was running, from the
  // coroutine's stack (a failed resume leaves it in place).
  lua_Debug ar;
  bool placed = false;
  for (const auto& entry : files_) placed = placed || text.rfind(entry.first + ":", 0) == 0;
  if (status != -1 && !placed) {
    for (int level = 0; lua_getstack(L, level, &ar) != 0; ++level) {
      if (lua_getinfo(L, "Sl", &ar) != 0 && ar.currentline > 0) {
        text = std::string(ar.short_src) + ":" + std::to_string(ar.currentline) + ": " + text;
        break;
      }
    }
  }
  return diagnostic(code, text);
}

std::string LuaHost::diagnostic(const std::string& code, const std::string& message) const {
  // "chunk:line: text": find the chunk among the files this host ran.
  for (const auto& [chunk, file] : files_) {
    if (message.rfind(chunk + ":", 0) != 0) continue;
    size_t i = chunk.size() + 1;
    uint32_t line = 0;
    while (i < message.size() && message[i] >= '0' && message[i] <= '9') line = line * 10 + static_cast<uint32_t>(message[i++] - '0');
    if (line == 0 || line > file->line_count() || message.compare(i, 2, ": ") != 0) break;
    const std::string text = message.substr(i + 2);
    text::Diagnostic d;
    d.code = code;
    d.message = text;
    d.span.begin = file->line_start(line) + column_of_near(file->line_text(line), text);
    d.span.end = d.span.begin + 1;
    std::string out = text::render(file, d);
    if (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
  }
  // No position in the message (an error raised outside any script line).
  text::Diagnostic d;
  d.code = code;
  d.message = message;
  std::string out = text::render(nullptr, d);
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

}  // namespace rk::script
