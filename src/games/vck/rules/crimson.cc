// Crimson Seas on the turn loop (the vckonline engine's game.py crimson_seas_enabled gate): maps,
// and the Exekratys offering that rolled 6s oblige. The island rows are dealt data (Isle).
#include <algorithm>
#include <cstdio>

#include "games/vck/rules/game.h"
#include "games/vck/rules/verbs.h"

namespace rk::vck {

// Maps and tomes are not among the four scores. A map gained outside Crimson Seas still counts
// silently (game.py: only the choose option and the map take are gated on the preset).
void Game::gain_extra(int seat, Res r, int n) {
  Player& p = player(seat);
  if (r == Res::kMap) p.map = std::max(0, p.map + n);
}

// Each 6 of the final roll (each die and the sum, counted apart) owes one resource placed on
// Exekratys by the roller, unless an owned domain makes them immune (Avery Hollow).
void Game::owe_exekratys() {
  if (!crimson()) return;
  const int sixes = (dice_[0] == 6) + (dice_[1] == 6) + (dice_[0] + dice_[1] == 6);
  // A roll without a 6 (or an immune roller) leaves an earlier unasked obligation as it was.
  if (sixes == 0 || has_roll_flag(*this, active_, "exekratys_immune")) return;
  exk_owed_ = static_cast<int8_t>(sixes);
  exk_seat_ = static_cast<int8_t>(active_);
}

// Opens the next owed placement (the roller's resources they have any of); a roller with
// nothing to place drops what is still owed (dice.py _maybe_open_exekratys_offering_prompt).
bool Game::open_exekratys_offering() {
  if (exk_owed_ <= 0 || exk_seat_ < 0) return false;
  const Player& p = players_[static_cast<size_t>(exk_seat_)];
  Prompt q;
  q.seat = exk_seat_;
  q.act = true;
  q.word = 26;
  for (int r = 0; r < 3; ++r) {
    if ((r == 0 ? p.g : r == 1 ? p.s : p.m) > 0) q.opts.push_back(static_cast<int16_t>(r));
  }
  if (q.opts.empty()) {
    exk_owed_ = 0;
    return false;
  }
  q.options = static_cast<uint8_t>(q.opts.size());
  add_prompt(q);
  return true;
}

void Game::place_on_exekratys(int seat, int res) {
  Player& p = player(seat);
  int32_t& have = res == 0 ? p.g : res == 1 ? p.s : p.m;
  if (have <= 0) return;
  --have;
  ++isle_.exekratys[static_cast<size_t>(res)];
  --exk_owed_;
  open_exekratys_offering();  // the next owed placement at once
}

}  // namespace rk::vck

namespace rk::vck {

size_t Game::island_slots(const std::string& row) const {
  return row == "tome" ? isle_.tome_slots.size() : row == "goods" ? isle_.goods_slots.size() : isle_.noble_slots.size();
}

bool Game::island_slot_filled(const std::string& row, size_t slot) const {
  if (slot >= island_slots(row)) return false;
  return row == "tome" ? !isle_.tome_slots[slot].empty() : row == "goods" ? !isle_.goods_slots[slot].empty() : isle_.noble_slots[slot] != 0;
}

namespace {
// Unbought pieces keep their order and pack into the bottom slots; the emptied top slots take
// fresh draws from the end of the supply ("" when it ran out).
void pack_row(std::vector<std::string>& slots, std::vector<std::string>& supply, size_t taken) {
  std::vector<std::string> kept;
  for (size_t i = 0; i < slots.size(); ++i) {
    if (i != taken && !slots[i].empty()) kept.push_back(slots[i]);
  }
  std::vector<std::string> out;
  while (out.size() + kept.size() < slots.size()) {
    out.push_back(supply.empty() ? std::string() : supply.back());
    if (!supply.empty()) supply.pop_back();
  }
  out.insert(out.end(), kept.begin(), kept.end());
  slots = std::move(out);
}
}  // namespace

void Game::take_island(int seat, const std::string& row, size_t slot) {
  if (!island_slot_filled(row, slot)) return;
  Player& p = player(seat);
  if (row == "tome") {
    p.tomes.push_back(isle_.tome_slots[slot]);
    pack_row(isle_.tome_slots, isle_.tome_supply, slot);
  } else if (row == "goods") {
    p.goods.push_back(isle_.goods_slots[slot]);
    pack_row(isle_.goods_slots, isle_.goods_supply, slot);
  } else {
    p.nobles.push_back(isle_.noble_slots[slot]);
    isle_.noble_slots[slot] = 0;
    if (!isle_.noble_supply.empty()) isle_.noble_slots[slot] = isle_.noble_supply.back(), isle_.noble_supply.pop_back();
  }
}

}  // namespace rk::vck

namespace rk::vck {

const char* Game::island_end_reason() const {
  if (!crimson()) return nullptr;
  auto short_of = [](size_t filled) { return filled < 3; };  // three face-up slots a row
  const auto filled = [](const std::vector<std::string>& row) {
    return static_cast<size_t>(std::count_if(row.begin(), row.end(), [](const std::string& x) { return !x.empty(); }));
  };
  if (short_of(filled(isle_.goods_slots))) return "goods supply exhausted";
  if (short_of(filled(isle_.tome_slots))) return "tome supply exhausted";
  if (short_of(static_cast<size_t>(std::count_if(isle_.noble_slots.begin(), isle_.noble_slots.end(), [](int n) { return n != 0; })))) return "noble supply exhausted";
  return nullptr;
}

int Game::island_vp(int seat, int* tome_out, int* goods_out, int* noble_out) const {
  const Player& p = players_[static_cast<size_t>(seat)];
  const int tome = static_cast<int>(p.tomes.size());  // 1 VP a tome
  // Goods: each type scored apart by how many of it (a count of 6 or more is the top tier).
  static constexpr int kGoodsVp[] = {0, 2, 4, 7, 12, 18, 25};
  int goods = 0;
  std::vector<std::string> types;
  for (const std::string& g : p.goods) {
    if (std::find(types.begin(), types.end(), g) != types.end()) continue;
    types.push_back(g);
    goods += kGoodsVp[std::min<long>(6, std::count(p.goods.begin(), p.goods.end(), g))];
  }
  // Nobles score like a duke: role icons (citizens, domains, nobles), counts, monster types,
  // goods, or a special payout on the resources.
  std::array<int, 4> roles{};
  for (int id : p.cit) {
    for (int r = 0; r < 4; ++r) roles[r] += db_->citizen(id)->roles[r];
  }
  for (int id : p.dom) {
    for (int r = 0; r < 4; ++r) roles[r] += db_->domain(id)->roles[r];
  }
  for (int id : p.nobles) {
    if (const NobleCard* n = db_->noble(id)) {
      for (int r = 0; r < 4; ++r) roles[r] += n->roles[r];
    }
  }
  int noble = 0;
  for (int id : p.nobles) {
    const NobleCard* n = db_->noble(id);
    if (!n) continue;
    for (int r = 0; r < 4; ++r) noble += roles[r] * n->role_mult[r];
    noble += n->monster * static_cast<int>(p.mon.size()) + n->citizen * static_cast<int>(p.cit.size()) + n->domain * static_cast<int>(p.dom.size());
    for (const CardRef& m : p.mon) {
      const std::string& type = m.kind == 'm' ? db_->monster(m.id)->type : db_->event(m.id)->type;
      noble += type == "Boss" ? n->boss : type == "Minion" ? n->minion : type == "Beast" ? n->beast : type == "Titan" ? n->titan : 0;
    }
    noble += n->goods * static_cast<int>(p.goods.size());
    // floor_div <gold|strength|magic> <divisor> <vp>; wild_choose <divisor> <vp> (the best resource).
    char what[16] = {0}, res[16] = {0};
    int div = 0, vp = 0;
    if (!n->special.empty()) note_ran(n->special);
    if (std::sscanf(n->special.text.c_str(), "%15s %15s %d %d", what, res, &div, &vp) == 4 && std::string(what) == "floor_div" && div > 0) {
      const int have = std::string(res) == "gold" ? p.g : std::string(res) == "strength" ? p.s : std::string(res) == "magic" ? p.m : 0;
      noble += have / div * vp;
    } else if (std::sscanf(n->special.text.c_str(), "%15s %d %d", what, &div, &vp) == 3 && std::string(what) == "wild_choose" && div > 0) {
      noble += std::max({p.g, p.s, p.m}) / div * vp;
    }
  }
  if (tome_out) *tome_out = tome;
  if (goods_out) *goods_out = goods;
  if (noble_out) *noble_out = noble;
  return tome + goods + noble;
}

}  // namespace rk::vck

namespace rk::vck {
namespace {
constexpr int kGoodsCost[] = {6, 4, 2};  // a slot's gold price, top to bottom (game_setup.py)
constexpr int kTomeCost[] = {7, 5, 3};
const char* const kResName[] = {"gold", "strength", "magic"};
}  // namespace

int Game::noble_price(int seat) const {
  return 9 + (has_flag(*this, seat, "action.muratreis") ? 0 : static_cast<int>(players_[static_cast<size_t>(seat)].nobles.size()));
}

void Game::list_sails(int seat, std::vector<Action>& out) const {
  if (!crimson()) return;
  const Player& p = players_[static_cast<size_t>(seat)];
  if (p.map < 1) return;  // every sail costs 1 map
  const size_t from = out.size();
  const std::array<int, 3> wallet = purse(seat);  // face-up tomes pay too (tomes.cc)
  // Goods and tomes: any set of filled face-up slots in one sail, paid in gold with magic wild
  // (at least 1 gold beside magic); Port of Drake / Browncoat's Sanctum take 1 off each.
  for (int where = 0; where < 2; ++where) {
    const auto& slots = where == 0 ? isle_.goods_slots : isle_.tome_slots;
    const int off = has_flag(*this, seat, where == 0 ? "action.portofdrake" : "action.browncoatssanctum") ? 1 : 0;
    for (int mask = 1; mask < (1 << slots.size()); ++mask) {
      int cost = 0;
      bool ok = true;
      for (size_t i = 0; i < slots.size(); ++i) {
        if (!(mask & (1 << i))) continue;
        ok = ok && !slots[i].empty() && i < 3;
        if (ok) cost += std::max(0, (where == 0 ? kGoodsCost[i] : kTomeCost[i]) - off);
      }
      if (!ok) continue;
      for (int g = cost; g >= (cost > 0 ? 1 : 0); --g) {
        if (g <= wallet[0] && cost - g <= wallet[2]) out.push_back({Action::Type::kSail, static_cast<int16_t>(where), static_cast<int16_t>(mask), static_cast<int16_t>(g), static_cast<int16_t>(cost - g)});
      }
    }
  }
  // A noble: 9 of one resource, 1 more per noble owned (Murat Reis waives that).
  const int noble_cost = noble_price(seat);
  const std::array<int, 3> have = purse(seat);
  for (size_t i = 0; i < isle_.noble_slots.size(); ++i) {
    if (!isle_.noble_slots[i]) continue;
    for (int r = 0; r < 3; ++r) {
      if (have[static_cast<size_t>(r)] >= noble_cost) out.push_back({Action::Type::kSail, 2, static_cast<int16_t>(i), static_cast<int16_t>(r)});
    }
  }
  // Exekratys: all of one resource of its pool (a type it holds none of would gain nothing).
  for (int r = 0; r < 3; ++r) {
    if (isle_.exekratys[static_cast<size_t>(r)] > 0) out.push_back({Action::Type::kSail, 3, 0, static_cast<int16_t>(r)});
  }
  split_tome_payments(seat, out, from);
}

void Game::sail(int seat, const Action& a) {
  Player& p = player(seat);
  p.map -= 1;
  if (a.a == 0 || a.a == 1) {
    auto& slots = a.a == 0 ? isle_.goods_slots : isle_.tome_slots;
    auto& supply = a.a == 0 ? isle_.goods_supply : isle_.tome_supply;
    auto& mine = a.a == 0 ? p.goods : p.tomes;
    p.g -= a.c, p.m -= a.d;
    std::vector<std::string> kept;
    for (size_t i = 0; i < slots.size(); ++i) {
      if (a.b & (1 << i)) mine.push_back(slots[i]);
      else if (!slots[i].empty()) kept.push_back(slots[i]);
    }
    // Unbought pieces pack into the bottom slots; the top ones take fresh draws.
    std::vector<std::string> row;
    while (row.size() + kept.size() < slots.size()) {
      row.push_back(supply.empty() ? std::string() : supply.back());
      if (!supply.empty()) supply.pop_back();
    }
    row.insert(row.end(), kept.begin(), kept.end());
    slots = std::move(row);
    return;
  }
  int32_t& have = a.c == 0 ? p.g : a.c == 1 ? p.s : p.m;
  if (a.a == 2) {
    have -= noble_price(seat);
    const size_t slot = static_cast<size_t>(a.b);
    p.nobles.push_back(isle_.noble_slots[slot]);
    isle_.noble_slots[slot] = 0;
    if (!isle_.noble_supply.empty()) isle_.noble_slots[slot] = isle_.noble_supply.back(), isle_.noble_supply.pop_back();
    return;
  }
  have += isle_.exekratys[static_cast<size_t>(a.c)];
  isle_.exekratys[static_cast<size_t>(a.c)] = 0;
}

std::string Game::sail_label(const Action& a) const {
  if (a.a == 2) return "sail noble " + std::to_string(a.b) + " " + kResName[a.c];
  if (a.a == 3) return std::string("sail exekratys ") + kResName[a.c];
  std::string slots;
  for (int i = 0; i < 3; ++i) {
    if (a.b & (1 << i)) slots += (slots.empty() ? "" : ",") + std::to_string(i);
  }
  return std::string("sail ") + (a.a == 0 ? "goods " : "tomes ") + slots + " g=" + std::to_string(a.c) + " m=" + std::to_string(a.d);
}

}  // namespace rk::vck

namespace rk::vck {

void Game::banish_noble(size_t slot) {
  if (slot >= isle_.noble_slots.size() || !isle_.noble_slots[slot]) return;
  isle_.noble_slots[slot] = 0;
  if (!isle_.noble_supply.empty()) isle_.noble_slots[slot] = isle_.noble_supply.back(), isle_.noble_supply.pop_back();
}

}  // namespace rk::vck
