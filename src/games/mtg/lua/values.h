// Plain Lua values kept as game data: what a card remembers (mtg.remember), the values a
// triggered ability's function captured (mtg.trigger), and the journal of a running handler (what
// each mtg.* call returned to it, and the answers to its choices), from which a copy of the game
// rebuilds the handler's coroutine in its own Lua state (runtime.h).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

struct lua_State;

namespace rk::mtg {

struct LuaValue {
  enum class Type : uint8_t { kNil, kBoolean, kInteger, kNumber, kString, kTable, kEnv } type = Type::kNil;
  int64_t integer = 0;  // kBoolean: 0 or 1
  double number = 0;
  std::string text;
  std::vector<std::pair<LuaValue, LuaValue>> fields;  // kTable: its keys and values
  bool operator==(const LuaValue&) const = default;
};

// The value at `index` of L's stack; false (and `why` says what) for a function, a thread, a
// userdata, a table with a metatable or tables nested deeper than 16 (a cycle): only plain data
// can be kept. A table met twice is kept twice (copies do not share it). `env` (if not 0) is the
// stack index of the card's environment, kept as kEnv. Raises no Lua error.
bool to_value(lua_State* L, int index, LuaValue& out, std::string& why, int env = 0, int depth = 0);
// Pushes a fresh copy of the value (kEnv: the value at stack index `env`, or nil).
void push_value(lua_State* L, const LuaValue& v, int env = 0);

// What one mtg.* call returned to a handler (or, `answer`, the values its choice was answered with).
struct JournalEntry {
  int fn = -1;  // which mtg.* function (its number in the API's table)
  std::vector<LuaValue> values;
  bool answer = false;
  bool operator==(const JournalEntry&) const = default;
};

}  // namespace rk::mtg
