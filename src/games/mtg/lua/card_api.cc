// The mtg.* functions card scripts call: the engine's concepts (cards, players, zones, targets,
// choices, damage, life, counters, control, continuous effects with a duration). Cards are
// object ids (integers from 0), players 1 and 2. docs/mtg/LUA.md lists them.
//
// No C++ object with a destructor may be alive when one of these raises a Lua error or yields:
// both leave by longjmp (Lua is built as C).
#include <lua.hpp>

#include <cstdio>
#include <cstring>
#include <iterator>

#include "games/mtg/lua/runtime.h"

namespace rk::mtg {
namespace {

constexpr const char* kRuntimeKey = "rk.mtg.runtime";

ScriptRuntime& rt(lua_State* L) {
  lua_getfield(L, LUA_REGISTRYINDEX, kRuntimeKey);
  auto* r = static_cast<ScriptRuntime*>(lua_touserdata(L, -1));
  lua_pop(L, 1);
  return *r;
}

Game& game(lua_State* L) { return rt(L).game(); }

int card_arg(lua_State* L, int i) {
  const lua_Integer c = luaL_checkinteger(L, i);
  if (c < 0 || static_cast<size_t>(c) >= game(L).objs.size()) luaL_argerror(L, i, "no such card");
  return static_cast<int>(c);
}

// Players are 1 and 2 in scripts, 0 and 1 in the engine.
int player_arg(lua_State* L, int i) {
  const lua_Integer p = luaL_checkinteger(L, i);
  if (p != 1 && p != 2) luaL_argerror(L, i, "a player is 1 or 2");
  return static_cast<int>(p - 1);
}

Obj& obj(lua_State* L, int i) { return game(L).objs[static_cast<size_t>(card_arg(L, i))]; }

ScriptCall& call(lua_State* L) {
  ScriptCall* c = rt(L).call_of(L);
  if (c == nullptr) luaL_error(L, "this function works only inside a card's handler");
  return *c;
}

// Zone names in scripts, in ZoneId order.
const char* const kZoneNames[] = {"library", "hand", "battlefield", "graveyard", "exile", "stack", nullptr};

int zone_arg(lua_State* L, int i) {
  const char* const* names = kZoneNames;
  return luaL_checkoption(L, i, nullptr, names);
}

// "eot": until end of turn; "source": while the handler's card stays on the battlefield.
kernel::Duration duration_arg(lua_State* L, int i, int source) {
  static const char* const names[] = {"eot", "source", "forever", nullptr};
  static const kernel::Until until[] = {kernel::Until::kEndOfTurn, kernel::Until::kSourceInPlay, kernel::Until::kForever};
  kernel::Duration d;
  d.until = until[luaL_checkoption(L, i, "eot", names)];
  if (d.until == kernel::Until::kSourceInPlay) d.source = static_cast<kernel::EntityId>(source);
  return d;
}

// --- what a handler knows -------------------------------------------------------------------

int l_controller(lua_State* L) {
  lua_pushinteger(L, (lua_isnoneornil(L, 1) ? call(L).controller : obj(L, 1).controller) + 1);
  return 1;
}
int l_owner(lua_State* L) {
  lua_pushinteger(L, obj(L, 1).owner + 1);
  return 1;
}
int l_opponent(lua_State* L) {
  lua_pushinteger(L, 2 - player_arg(L, 1));
  return 1;
}
int l_x(lua_State* L) {
  lua_pushinteger(L, call(L).item.x);
  return 1;
}
int l_alternative(lua_State* L) {
  lua_pushboolean(L, call(L).item.alternative);
  return 1;
}
int l_kicked(lua_State* L) {
  lua_pushboolean(L, call(L).item.kicked);
  return 1;
}
// In a cast handler: this spell is cast without the targets its target= line asks for (overload).
int l_no_targets(lua_State* L) {
  ScriptCall& c = call(L);
  if (!c.casting) luaL_error(L, "mtg.no_targets() works only in a cast handler");
  c.no_targets = true;
  return 0;
}
int l_target(lua_State* L) {
  const auto& ts = call(L).item.targets;
  const lua_Integer i = luaL_optinteger(L, 1, 1);
  if (i < 1 || static_cast<size_t>(i) > ts.size() || ts[static_cast<size_t>(i - 1)].card < 0) return 0;
  lua_pushinteger(L, ts[static_cast<size_t>(i - 1)].card);
  return 1;
}
int l_target_player(lua_State* L) {
  const auto& ts = call(L).item.targets;
  const lua_Integer i = luaL_optinteger(L, 1, 1);
  if (i < 1 || static_cast<size_t>(i) > ts.size() || ts[static_cast<size_t>(i - 1)].player < 0) return 0;
  lua_pushinteger(L, ts[static_cast<size_t>(i - 1)].player + 1);
  return 1;
}
int l_power(lua_State* L) {
  const int c = card_arg(L, 1);
  const Obj& o = game(L).objs[static_cast<size_t>(c)];
  lua_pushinteger(L, o.zone == kBattlefield ? game(L).power(c) : o.def->power);
  return 1;
}
int l_toughness(lua_State* L) {
  const int c = card_arg(L, 1);
  const Obj& o = game(L).objs[static_cast<size_t>(c)];
  lua_pushinteger(L, o.zone == kBattlefield ? game(L).toughness(c) : o.def->toughness);
  return 1;
}
int l_mana_value(lua_State* L) {
  lua_pushinteger(L, obj(L, 1).def->cost.converted());
  return 1;
}
int l_name(lua_State* L) {
  lua_pushstring(L, obj(L, 1).def->name.c_str());
  return 1;
}
int l_zone(lua_State* L) {
  const int z = obj(L, 1).zone;
  lua_pushstring(L, z >= 0 && z < kZoneCount ? kZoneNames[z] : "none");
  return 1;
}
int l_is(lua_State* L) {
  const int c = card_arg(L, 1);
  lua_pushboolean(L, game(L).is_type_word(c, luaL_checkstring(L, 2)));
  return 1;
}
int l_has_color(lua_State* L) {
  static const char* const names[] = {"colorless", "green", "blue", "red", "black", "white", nullptr};
  const int c = card_arg(L, 1);
  const int color = luaL_checkoption(L, 2, nullptr, names);
  const int bits = game(L).colors(c);
  lua_pushboolean(L, color == kColorless ? bits == 0 : (bits & (1 << color)) != 0);
  return 1;
}
int l_has(lua_State* L) {
  const int c = card_arg(L, 1);
  lua_pushboolean(L, game(L).has_word(c, luaL_checkstring(L, 2)));
  return 1;
}
// The cards of a player's zone, in the zone's order (a library: its top last).
int l_cards_in(lua_State* L) {
  Game& g = game(L);
  const int zone = zone_arg(L, 1);
  const auto& cards = g.players[static_cast<size_t>(player_arg(L, 2))].zones[static_cast<size_t>(zone)];
  lua_createtable(L, static_cast<int>(cards.size()), 0);
  for (size_t i = 0; i < cards.size(); ++i) {
    lua_pushinteger(L, cards[i]);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}
int l_tapped(lua_State* L) {
  lua_pushboolean(L, obj(L, 1).tapped);
  return 1;
}
// Summoning sick: it has not been under its controller's control since their latest turn began
// (it entered or changed control since).
int l_sick(lua_State* L) {
  lua_pushboolean(L, obj(L, 1).sick);
  return 1;
}
int l_token(lua_State* L) {
  lua_pushboolean(L, obj(L, 1).token);
  return 1;
}
// counters(c, kind): how many counters of that kind ("+1/+1", "-1/-1", "doom", ..) it has.
int l_counters(lua_State* L) {
  const Obj& o = obj(L, 1);
  const char* kind = luaL_checkstring(L, 2);
  int n = 0;
  if (std::strcmp(kind, "+1/+1") == 0) {
    n = o.plus_counters;
  } else if (std::strcmp(kind, "-1/-1") == 0) {
    n = o.minus_counters;
  } else if (auto it = o.counters.find(kind); it != o.counters.end()) {
    n = it->second;
  }
  lua_pushinteger(L, n);
  return 1;
}
// The last card the player drew this turn (wherever it is now), or nil.
int l_last_drawn(lua_State* L) {
  const int c = game(L).players[static_cast<size_t>(player_arg(L, 1))].last_drawn;
  if (c < 0) return 0;
  lua_pushinteger(L, c);
  return 1;
}
int l_attacking(lua_State* L) {
  lua_pushboolean(L, obj(L, 1).attacking);
  return 1;
}
// The creatures blocking it, or the one it blocks.
int l_combat_partners(lua_State* L) {
  const Obj& o = obj(L, 1);
  lua_newtable(L);
  lua_Integer n = 0;
  for (int b : o.blockers) {
    lua_pushinteger(L, b);
    lua_rawseti(L, -2, ++n);
  }
  if (o.blocking >= 0) {
    lua_pushinteger(L, o.blocking);
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}
int l_life(lua_State* L) {
  lua_pushinteger(L, game(L).players[static_cast<size_t>(player_arg(L, 1))].life);
  return 1;
}
int l_lands_played(lua_State* L) {
  lua_pushinteger(L, game(L).players[static_cast<size_t>(player_arg(L, 1))].lands_played);
  return 1;
}
int l_active(lua_State* L) {
  lua_pushinteger(L, game(L).active + 1);
  return 1;
}
int l_turn(lua_State* L) {
  lua_pushinteger(L, game(L).turn);
  return 1;
}
int l_phase(lua_State* L) {
  const lua_Integer p = luaL_optinteger(L, 1, static_cast<lua_Integer>(game(L).phase));
  lua_pushstring(L, phase_name(static_cast<Phase>(p)));
  return 1;
}
// Every card a Wagic target specification matches ("creature|mybattlefield"), for the handler's
// card and controller.
int l_cards(lua_State* L) {
  Game& g = game(L);
  ScriptCall& c = call(L);
  lua_newtable(L);
  {
    const Spec spec = parse_spec(luaL_checkstring(L, 1));
    lua_Integer n = 0;
    for (size_t i = 0; i < g.objs.size(); ++i) {
      if (!g.matches(spec, static_cast<int>(i), c.card, c.controller)) continue;
      lua_pushinteger(L, static_cast<lua_Integer>(i));
      lua_rawseti(L, -2, ++n);  // cannot fail: the table grows within the memory cap or raises
    }
  }
  return 1;
}

// --- choices (they suspend the handler) -----------------------------------------------------

int choose_card(lua_State* L, bool target) {
  ScriptRuntime& r = rt(L);
  ScriptCall& c = call(L);
  const char* text = luaL_checkstring(L, 1);
  const int player = lua_isnoneornil(L, 2) ? c.controller : player_arg(L, 2);
  bool any = false;
  {
    Spec spec = parse_spec(text);
    if (target) {
      any = r.game().any_target(spec, c.card, player);
    } else {
      for (size_t i = 0; i < r.game().objs.size() && !any; ++i) any = r.game().matches(spec, static_cast<int>(i), c.card, player);
    }
    if (any) {
      r.request.not_a_target = !target;
      r.request.kind = ScriptRuntime::Request::kTarget;
      r.request.spec = std::move(spec);
      r.request.player = player;
    }
  }
  if (!any) return 0;  // nothing to choose: nil
  return lua_yield(L, 0);
}
int l_choose_target(lua_State* L) { return choose_card(L, true); }
int l_choose_card(lua_State* L) { return choose_card(L, false); }

int l_choose(lua_State* L) {
  ScriptRuntime& r = rt(L);
  call(L);
  luaL_checktype(L, 1, LUA_TTABLE);
  const lua_Integer n = luaL_len(L, 1);
  if (n < 1) luaL_argerror(L, 1, "no options");
  r.request.kind = ScriptRuntime::Request::kMenu;
  r.request.options.clear();
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_geti(L, 1, i);
    const char* s = lua_tostring(L, -1);
    r.request.options.emplace_back(s ? s : "?");
    lua_pop(L, 1);
  }
  return lua_yield(L, 0);
}

// pay(player, cost) -> true when paid: the player is asked (a menu: pay, don't pay) when their
// pool can pay the cost, else it is false at once. pay_any(player [, most]) -> the amount paid:
// a menu of 0 .. what the pool holds (at most `most`), generic mana taken from the pool. The
// answer is turned into the result by a continuation, which pays; the journal keeps the result.
int paid_k(lua_State* L, int, lua_KContext ctx) {
  // ctx: the player (bit 0), pay_any (bit 1); the answer on top (the call's arguments are gone:
  // a waiting coroutine's stack is cleared, so pay's cost waits in the call).
  ScriptRuntime& r = rt(L);
  const int option = static_cast<int>(lua_tointeger(L, -1));  // 1: the first option
  const int player = static_cast<int>(ctx & 1);
  lua_pop(L, 1);
  {
    ManaPool& pool = r.game().players[static_cast<size_t>(player)].pool;
    if ((ctx & 2) != 0) {  // pay_any: option n pays n - 1
      const int n = std::min(option - 1, pool.total());
      if (n > 0) pay(pool, parse_mana_cost("{" + std::to_string(n) + "}"));
      lua_pushinteger(L, std::max(n, 0));
    } else {
      const ManaCost cost = parse_mana_cost(call(L).waiting_cost);
      const bool pays = option == 1 && can_pay(pool, cost);  // the pool is as it was when asked
      if (pays) pay(pool, cost);
      lua_pushboolean(L, pays);
    }
  }
  r.rewrite_answer(L, 1);
  return 1;
}
int l_pay(lua_State* L) {
  ScriptRuntime& r = rt(L);
  call(L);
  const int p = player_arg(L, 1);
  const char* text = luaL_checkstring(L, 2);
  bool can = false;
  {
    const ManaCost cost = parse_mana_cost(text);
    can = can_pay(r.game().players[static_cast<size_t>(p)].pool, cost);
    if (can) {
      r.request = ScriptRuntime::Request{};
      r.request.kind = ScriptRuntime::Request::kMenu;
      r.request.options = {std::string("pay ") + text, "don't pay"};
      call(L).waiting_cost = text;
    }
  }
  if (!can) {
    lua_pushboolean(L, 0);
    return 1;
  }
  return lua_yieldk(L, 0, static_cast<lua_KContext>(p), paid_k);
}
int l_pay_any(lua_State* L) {
  ScriptRuntime& r = rt(L);
  call(L);
  const int p = player_arg(L, 1);
  const lua_Integer most = luaL_optinteger(L, 2, 1000);
  const int n = static_cast<int>(std::min<lua_Integer>(std::max<lua_Integer>(most, 0), r.game().players[static_cast<size_t>(p)].pool.total()));
  if (n == 0) {
    lua_pushinteger(L, 0);
    return 1;
  }
  r.request = ScriptRuntime::Request{};
  r.request.kind = ScriptRuntime::Request::kMenu;
  for (int i = 0; i <= n; ++i) r.request.options.push_back("pay " + std::to_string(i));
  return lua_yieldk(L, 0, static_cast<lua_KContext>(p | 2), paid_k);
}

// --- actions --------------------------------------------------------------------------------

int l_damage(lua_State* L) {
  const int c = card_arg(L, 1);
  const int n = static_cast<int>(luaL_checkinteger(L, 2));
  if (n > 0) game(L).damage_card(c, n, call(L).card, false);
  return 0;
}
int l_damage_player(lua_State* L) {
  const int p = player_arg(L, 1);
  const int n = static_cast<int>(luaL_checkinteger(L, 2));
  if (n > 0) game(L).damage_player(p, n, call(L).card, false);
  return 0;
}
int l_gain_life(lua_State* L) {
  const int p = player_arg(L, 1);
  game(L).players[static_cast<size_t>(p)].life += static_cast<int>(luaL_checkinteger(L, 2));
  return 0;
}
int l_lose_life(lua_State* L) {
  const int p = player_arg(L, 1);
  game(L).players[static_cast<size_t>(p)].life -= static_cast<int>(luaL_checkinteger(L, 2));
  return 0;
}
int l_move(lua_State* L) {
  Game& g = game(L);
  const int c = card_arg(L, 1);
  const int zone = zone_arg(L, 2);
  if (zone == kStack) luaL_argerror(L, 2, "a card goes to the stack only by being cast");
  const Obj& o = g.objs[static_cast<size_t>(c)];
  const int player = lua_isnoneornil(L, 3) ? o.owner : player_arg(L, 3);
  const int from = o.zone;
  if (from == kStack) std::erase_if(g.stack, [c](const StackItem& s) { return s.kind == StackItem::kSpell && s.source == c; });
  g.move(c, player, zone);
  g.fire_zone_triggers(c, from, zone);
  return 0;
}
int l_draw(lua_State* L) {
  const int p = player_arg(L, 1);
  game(L).draw(p, static_cast<int>(luaL_optinteger(L, 2, 1)));
  return 0;
}
int l_shuffle(lua_State* L) {
  Game& g = game(L);
  auto& lib = g.players[static_cast<size_t>(player_arg(L, 1))].zones[kLibrary];
  // Without a random source (the test runner) the order stays: the tests' assertions ignore it.
  if (g.rng) {
    for (size_t i = lib.size(); i > 1; --i) std::swap(lib[i - 1], lib[g.rng->below(static_cast<uint32_t>(i))]);
  }
  return 0;
}
int l_random(lua_State* L) {
  Game& g = game(L);
  const lua_Integer n = luaL_checkinteger(L, 1);
  if (n < 1 || n > 0x7fffffff) luaL_argerror(L, 1, "between 1 and 2^31-1");
  lua_pushinteger(L, g.rng ? static_cast<lua_Integer>(g.rng->below(static_cast<uint32_t>(n))) + 1 : 1);
  return 1;
}
// destroy(c [, no_regeneration])
int l_destroy(lua_State* L) {
  const int c = card_arg(L, 1);
  game(L).destroy(c, !lua_toboolean(L, 2));
  return 0;
}
// Discards a card from its owner's hand (the "discarded" triggers see the handler's card as the source).
int l_discard(lua_State* L) {
  Game& g = game(L);
  const int c = card_arg(L, 1);
  const Obj& o = g.objs[static_cast<size_t>(c)];
  if (o.zone != kHand) return 0;
  const int owner = o.owner;
  g.move(c, owner, kGraveyard);
  g.note(g.name(c) + " is discarded");
  g.fire_event("discarded", c, owner, call(L).card, false);
  return 0;
}
int l_sacrifice(lua_State* L) {
  Game& g = game(L);
  const int c = card_arg(L, 1);
  if (g.objs[static_cast<size_t>(c)].zone != kBattlefield) return 0;
  g.move(c, g.objs[static_cast<size_t>(c)].owner, kGraveyard);
  g.note(g.name(c) + " is sacrificed");
  g.fire_zone_triggers(c, kBattlefield, kGraveyard);
  return 0;
}
// Counters a spell: off the stack into its owner's graveyard.
int l_counter_spell(lua_State* L) {
  Game& g = game(L);
  const int c = card_arg(L, 1);
  if (g.objs[static_cast<size_t>(c)].zone != kStack) return 0;
  std::erase_if(g.stack, [c](const StackItem& s) { return s.kind == StackItem::kSpell && s.source == c; });
  g.note(g.name(c) + " is countered");
  g.fizzle_spell(c);
  return 0;
}
int l_add_counters(lua_State* L) {
  Obj& o = obj(L, 1);
  const char* kind = luaL_checkstring(L, 2);
  const int n = static_cast<int>(luaL_optinteger(L, 3, 1));
  if (std::strcmp(kind, "+1/+1") == 0) {
    o.plus_counters = std::max(0, o.plus_counters + n);
  } else if (std::strcmp(kind, "-1/-1") == 0) {
    o.minus_counters = std::max(0, o.minus_counters + n);
  } else {
    int& slot = o.counters[kind];
    slot = std::max(0, slot + n);
  }
  game(L).update_continuous();
  return 0;
}
// Mana in Wagic's notation ("{3}", "{G}{G}") into a player's pool.
int l_add_mana(lua_State* L) {
  const int p = player_arg(L, 1);
  const char* text = luaL_checkstring(L, 2);
  game(L).players[static_cast<size_t>(p)].pool.add(parse_pool(text));
  return 0;
}
int l_tap(lua_State* L) {
  obj(L, 1).tapped = true;
  return 0;
}
int l_untap(lua_State* L) {
  obj(L, 1).tapped = false;
  return 0;
}
int l_attach(lua_State* L) {
  const int to = card_arg(L, 2);
  game(L).attach(card_arg(L, 1), to);  // a new timestamp (CR 613.7e)
  game(L).update_continuous();
  return 0;
}
int l_attached(lua_State* L) {
  const int a = obj(L, 1).attached;
  if (a < 0) return 0;
  lua_pushinteger(L, a);
  return 1;
}

// --- continuous effects with a duration ("eot", "source": while the handler's card is on the
// battlefield, "forever") --------------------------------------------------------------------

int l_gain_control(lua_State* L) {
  ScriptEffect e;
  e.kind = ScriptEffect::kControl;
  e.card = card_arg(L, 1);
  e.player = player_arg(L, 2);
  e.source = call(L).card;
  e.duration = duration_arg(L, 3, e.source);
  lua_pushinteger(L, rt(L).add_effect(std::move(e)));
  return 1;
}
// pump and grant take a card, or a specification for every card it matches (now and later).
int l_pump(lua_State* L) {
  const bool range = lua_type(L, 1) == LUA_TSTRING;
  ScriptEffect e;
  e.card = range ? -1 : card_arg(L, 1);
  e.power = static_cast<int>(luaL_checkinteger(L, 2));
  e.toughness = static_cast<int>(luaL_checkinteger(L, 3));
  e.source = call(L).card;
  e.duration = duration_arg(L, 4, e.source);
  e.has_range = range;
  if (range) e.range = parse_spec(lua_tostring(L, 1));
  lua_pushinteger(L, rt(L).add_effect(std::move(e)));
  return 1;
}
int l_grant(lua_State* L) {
  const bool range = lua_type(L, 1) == LUA_TSTRING;
  ScriptEffect e;
  e.kind = ScriptEffect::kKeyword;
  e.card = range ? -1 : card_arg(L, 1);
  const char* kw = luaL_checkstring(L, 2);
  e.source = call(L).card;
  e.duration = duration_arg(L, 3, e.source);
  e.keyword = kw;
  e.has_range = range;
  if (range) e.range = parse_spec(lua_tostring(L, 1));
  lua_pushinteger(L, rt(L).add_effect(std::move(e)));
  return 1;
}
// Shields for this turn: the next damage `source` would deal to `player` is prevented (or reflected).
int shield(lua_State* L, ScriptEffect::Kind kind) {
  ScriptEffect e;
  e.kind = kind;
  e.card = card_arg(L, 1);
  e.player = player_arg(L, 2);
  e.duration = kernel::Duration{kernel::Until::kEndOfTurn};
  e.source = call(L).card;
  rt(L).add_effect(std::move(e));
  return 0;
}
int l_prevent_next_damage(lua_State* L) { return shield(L, ScriptEffect::kPreventNext); }
// The next time `source` would deal damage to `player` this turn, it does, and the handler's card
// deals as much to the source's controller (Eye for an Eye).
int l_reflect_next_damage(lua_State* L) { return shield(L, ScriptEffect::kReflectNext); }
// set_color(card or spec, color, duration): a card, or every card a Wagic specification matches
// (now and as they come), becomes that colour.
int l_set_color(lua_State* L) {
  static const char* const names[] = {"colorless", "green", "blue", "red", "black", "white", nullptr};
  const bool range = lua_type(L, 1) == LUA_TSTRING;
  const int card = range ? -1 : card_arg(L, 1);
  const int color = luaL_checkoption(L, 2, nullptr, names);
  const int source = call(L).card;
  const kernel::Duration d = duration_arg(L, 3, source);
  {
    ScriptEffect e;
    e.kind = ScriptEffect::kColor;
    e.card = card;
    e.colors = color == kColorless ? 0 : 1 << color;
    e.duration = d;
    e.source = source;
    e.has_range = range;
    if (range) e.range = parse_spec(lua_tostring(L, 1));
    lua_pushinteger(L, rt(L).add_effect(std::move(e)));
  }
  return 1;
}
// end_effect(id): the effect mtg.pump, grant, set_color or gain_control returned ends now ("as
// long as"); an effect already over is nothing.
int l_end_effect(lua_State* L) {
  const lua_Integer id = luaL_checkinteger(L, 1);
  rt(L).end_effects([id](const ScriptEffect& e) { return e.id == id; });
  return 0;
}
// Writes lua_dump's bytes into a std::string.
int dump_writer(lua_State*, const void* p, size_t n, void* out) {
  static_cast<std::string*>(out)->append(static_cast<const char*>(p), n);
  return 0;
}

// trigger(fn [, text]): a triggered ability of the handler's card goes on the stack; fn(me) runs
// as it resolves. It is kept as data (its bytecode and the values it captured, copied as they are
// now: numbers, strings, booleans, tables of them), so it may capture only such values.
int l_trigger(lua_State* L) {
  const int card = call(L).card;
  luaL_checktype(L, 1, LUA_TFUNCTION);
  luaL_optstring(L, 2, "a triggered ability");
  if (lua_iscfunction(L, 1)) luaL_argerror(L, 1, "a Lua function");
  char refused[200] = {0};  // what cannot be kept, carried out of the block below (no C++ object may live across luaL_error)
  {
    TriggerFn fn;
    auto code = std::make_shared<std::string>();
    lua_pushvalue(L, 1);
    lua_dump(L, dump_writer, code.get(), 0);
    lua_pop(L, 1);
    fn.bytecode = std::move(code);
    for (int i = 1;; ++i) {
      const char* name = lua_getupvalue(L, 1, i);
      if (name == nullptr) break;
      LuaValue v;
      std::string why;
      if (std::strcmp(name, "_ENV") == 0) {
        v.type = LuaValue::Type::kEnv;
      } else if (!to_value(L, -1, v, why)) {
        std::snprintf(refused, sizeof refused, "the function captures '%s', %s: it may capture only numbers, strings, booleans and tables of them",
                      name, why.c_str());
      }
      lua_pop(L, 1);
      if (refused[0] != 0) break;
      fn.upvalues.push_back(std::move(v));
    }
    if (refused[0] == 0) rt(L).put_trigger(card, std::move(fn), lua_tostring(L, 2) ? lua_tostring(L, 2) : "a triggered ability");
  }
  if (refused[0] != 0) return luaL_error(L, "mtg.trigger: %s", refused);
  return 0;
}

// remember(card, key, value): what a card keeps from one handler to another (a chosen colour, the
// creature it brought back), as game data: a number, a string, a boolean or a table of them; nil
// forgets it. recall(card, key) gives it back (a copy).
int l_remember(lua_State* L) {
  const int c = card_arg(L, 1);
  luaL_checkstring(L, 2);
  char refused[160] = {0};
  {
    LuaValue v;
    std::string why;
    if (!to_value(L, 3, v, why)) {
      std::snprintf(refused, sizeof refused, "%s cannot be remembered (numbers, strings, booleans and tables of them)", why.c_str());
    } else if (v.type == LuaValue::Type::kNil) {
      rt(L).memory.erase({c, lua_tostring(L, 2)});
    } else {
      rt(L).memory[{c, lua_tostring(L, 2)}] = std::move(v);
    }
  }
  if (refused[0] != 0) return luaL_error(L, "mtg.remember: %s", refused);
  return 0;
}
int l_recall(lua_State* L) {
  const int c = card_arg(L, 1);
  luaL_checkstring(L, 2);
  const LuaValue* v = nullptr;
  {
    auto& memory = rt(L).memory;
    auto it = memory.find({c, lua_tostring(L, 2)});
    if (it != memory.end()) v = &it->second;
  }
  if (v == nullptr) return 0;
  push_value(L, *v);
  return 1;
}
int l_log(lua_State* L) {
  game(L).note(luaL_checkstring(L, 1));
  return 0;
}

constexpr luaL_Reg kApi[] = {
      {"controller", l_controller}, {"owner", l_owner}, {"opponent", l_opponent}, {"x", l_x}, {"alternative", l_alternative}, {"kicked", l_kicked}, {"no_targets", l_no_targets},
      {"target", l_target}, {"target_player", l_target_player}, {"power", l_power}, {"toughness", l_toughness},
      {"name", l_name}, {"mana_value", l_mana_value}, {"zone", l_zone}, {"is", l_is}, {"has", l_has}, {"cards_in", l_cards_in}, {"draw", l_draw}, {"has_color", l_has_color}, {"tapped", l_tapped}, {"attacking", l_attacking}, {"sick", l_sick},
      {"combat_partners", l_combat_partners}, {"life", l_life}, {"lands_played", l_lands_played}, {"active", l_active}, {"turn", l_turn},
      {"phase", l_phase}, {"cards", l_cards}, {"choose_target", l_choose_target}, {"choose_card", l_choose_card}, {"choose", l_choose},
      {"damage", l_damage}, {"damage_player", l_damage_player}, {"gain_life", l_gain_life},
      {"lose_life", l_lose_life}, {"move", l_move}, {"shuffle", l_shuffle}, {"random", l_random},
      {"destroy", l_destroy}, {"sacrifice", l_sacrifice}, {"counter_spell", l_counter_spell},
      {"add_counters", l_add_counters}, {"add_mana", l_add_mana}, {"tap", l_tap}, {"untap", l_untap}, {"attach", l_attach},
      {"attached", l_attached}, {"gain_control", l_gain_control}, {"pump", l_pump}, {"grant", l_grant},
      {"prevent_next_damage", l_prevent_next_damage}, {"reflect_next_damage", l_reflect_next_damage}, {"set_color", l_set_color}, {"trigger", l_trigger}, {"log", l_log},
    {"remember", l_remember}, {"recall", l_recall},
    // Issue 31's cards (Armageddon Clock, Dance of the Dead, Jandor's Ring, Jihad, Power Leak, ..).
    {"counters", l_counters}, {"token", l_token}, {"last_drawn", l_last_drawn}, {"end_effect", l_end_effect},
    {"pay", l_pay}, {"pay_any", l_pay_any}, {"discard", l_discard}};

// The functions whose choice a continuation finishes (paid_k): rebuilt in a copy, they are asked
// again at the journal's end so that they yield with it.
bool continued(int fn) { return kApi[fn].func == l_pay || kApi[fn].func == l_pay_any; }

// Every mtg.* function is called through here (its number in kApi is the closure's upvalue): a
// handler being rebuilt in a copy of the game gets its journal's answers instead (nothing
// happens to the game), a live one has what it got recorded. No C++ object lives in this frame:
// the function called may leave it by longjmp (an error, or a yield at a choice).
int api_call(lua_State* L) {
  const int fn = static_cast<int>(lua_tointeger(L, lua_upvalueindex(1)));
  ScriptRuntime& r = rt(L);
  const int replayed = r.replay(L, fn);
  if (replayed >= 0) return replayed;
  if (replayed == -2) return continued(fn) ? kApi[fn].func(L) : lua_yield(L, 0);  // the choice it waits on
  if (ScriptCall* c = r.call_of(L)) c->calling = fn;
  const int n = kApi[fn].func(L);
  r.record(L, fn, n);
  return n;
}

}  // namespace

void open_card_api(lua_State* L, ScriptRuntime* r) {
  lua_pushlightuserdata(L, r);
  lua_setfield(L, LUA_REGISTRYINDEX, kRuntimeKey);
  lua_getfield(L, LUA_REGISTRYINDEX, "rk.safe_globals");
  lua_createtable(L, 0, static_cast<int>(std::size(kApi)));
  for (size_t i = 0; i < std::size(kApi); ++i) {
    lua_pushinteger(L, static_cast<lua_Integer>(i));
    lua_pushcclosure(L, api_call, 1);
    lua_setfield(L, -2, kApi[i].name);
  }
  lua_setfield(L, -2, "mtg");
  lua_pop(L, 1);
}

}  // namespace rk::mtg
