// Plain Lua values to and from a Lua stack (values.h).
#include "games/mtg/lua/values.h"

#include <lua.hpp>

namespace rk::mtg {

bool to_value(lua_State* L, int index, LuaValue& out, std::string& why, int env, int depth) {
  index = lua_absindex(L, index);
  out = LuaValue{};
  switch (lua_type(L, index)) {
    case LUA_TNIL: return true;
    case LUA_TBOOLEAN:
      out.type = LuaValue::Type::kBoolean;
      out.integer = lua_toboolean(L, index);
      return true;
    case LUA_TNUMBER:
      if (lua_isinteger(L, index)) {
        out.type = LuaValue::Type::kInteger;
        out.integer = lua_tointeger(L, index);
      } else {
        out.type = LuaValue::Type::kNumber;
        out.number = lua_tonumber(L, index);
      }
      return true;
    case LUA_TSTRING: {
      size_t n = 0;
      const char* s = lua_tolstring(L, index, &n);  // a string already: no conversion, no allocation
      out.type = LuaValue::Type::kString;
      out.text.assign(s, n);
      return true;
    }
    case LUA_TTABLE: {
      if (env != 0 && lua_rawequal(L, index, env)) {
        out.type = LuaValue::Type::kEnv;
        return true;
      }
      if (depth >= 16 || !lua_checkstack(L, 3)) {
        why = "tables nested too deep (a cycle?)";
        return false;
      }
      if (lua_getmetatable(L, index)) {
        lua_pop(L, 1);
        why = "a table with a metatable";
        return false;
      }
      out.type = LuaValue::Type::kTable;
      lua_pushnil(L);
      while (lua_next(L, index) != 0) {  // keys of plain tables: next raises nothing here
        LuaValue k, v;
        if (!to_value(L, -2, k, why, env, depth + 1) || !to_value(L, -1, v, why, env, depth + 1)) {
          lua_pop(L, 2);
          return false;
        }
        out.fields.emplace_back(std::move(k), std::move(v));
        lua_pop(L, 1);
      }
      return true;
    }
    default:
      why = std::string("a ") + lua_typename(L, lua_type(L, index));
      return false;
  }
}

void push_value(lua_State* L, const LuaValue& v, int env) {
  switch (v.type) {
    case LuaValue::Type::kNil: lua_pushnil(L); return;
    case LuaValue::Type::kBoolean: lua_pushboolean(L, static_cast<int>(v.integer)); return;
    case LuaValue::Type::kInteger: lua_pushinteger(L, v.integer); return;
    case LuaValue::Type::kNumber: lua_pushnumber(L, v.number); return;
    case LuaValue::Type::kString: lua_pushlstring(L, v.text.data(), v.text.size()); return;
    case LuaValue::Type::kEnv:
      if (env != 0) {
        lua_pushvalue(L, env);
      } else {
        lua_pushnil(L);
      }
      return;
    case LuaValue::Type::kTable:
      luaL_checkstack(L, 3, "nested values");
      lua_createtable(L, 0, static_cast<int>(v.fields.size()));
      for (const auto& [key, value] : v.fields) {
        push_value(L, key, env);
        push_value(L, value, env);
        lua_rawset(L, -3);
      }
      return;
  }
}

}  // namespace rk::mtg
