// Suspend (CR 702.62): suspend(N)=cost. Rather than cast the card from the hand, its owner may pay
// the cost (any time they could cast it) and exile it with N time counters; at the beginning of
// each of their upkeeps a time counter comes off; when the last does, they cast it without paying
// its mana cost, and a creature cast so has haste.
#include <string>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/compiler/compile_text.h"
#include "games/mtg/rules/game.h"

namespace rk::mtg {

// suspend(N)={cost}: N time counters and a cost of mana only; Wagic's suspend(0)={X}.. cards
// (Aeon Chronicler) get as many as the X paid (one {X}: X can't be 0, Game::can_cast).
void read_suspend(const std::string& key, const std::string& value, CardDef& d) {
  const size_t open = key.find('(');
  if (open == std::string::npos) return;
  const int n = std::atoi(inside(key, open).c_str());
  CardDef::GraveCost cost;
  read_grave_cost(value, cost);
  const bool counted = n > 0 && cost.mana.x == 0, by_x = n == 0 && cost.mana.x == 1 && cost.mana.x_color < 0;
  if ((!counted && !by_x) || !cost.mana.present || !cost.chosen.empty()) return;
  d.suspend = cost;
  d.suspend_n = n;
}

void Game::suspend(int card, int actor) {
  const CardDef& d = *objs[static_cast<size_t>(card)].def;
  const int x = pay(players[static_cast<size_t>(actor)].pool, d.suspend.mana);
  const int time = d.suspend_n > 0 ? d.suspend_n : x;
  move(card, objs[static_cast<size_t>(card)].owner, kExile);
  Obj& o = objs[static_cast<size_t>(card)];
  o.suspended = true;
  o.counters["time"] = time;
  note("p" + std::to_string(actor + 1) + " suspends " + d.name + " with " + std::to_string(time) + " time counters");
}

// Each upkeep a time counter comes off each of the active player's suspended cards (its autoexile=
// @counterremoved triggers hear it); the last one off casts it.
void Game::suspend_upkeep() {
  const std::vector<int> exiled = players[static_cast<size_t>(active)].zones[kExile];
  for (int c : exiled) {
    if (!objs[static_cast<size_t>(c)].suspended || objs[static_cast<size_t>(c)].zone != kExile) continue;
    int& time = objs[static_cast<size_t>(c)].counters["time"];
    const bool removed = time > 0;
    if (removed) --time;
    const int left = time;
    note(objs[static_cast<size_t>(c)].def->name + ": a time counter removed, " + std::to_string(left) + " left");
    if (removed) fire_event("counterremoved:time", c, -1, c, false);
    if (left == 0) cast_suspended(c);
  }
}

// The last time counter came off a suspended card (at an upkeep or by an effect, as Nihilith's):
// its owner casts it without paying its mana cost, and a creature cast so has haste.
void Game::cast_suspended(int c) {
  static const Ability kHaste = compile_ability("transforms((,haste))");  // for as long as it stays (CR 702.62a)
  Obj& o = objs[static_cast<size_t>(c)];
  if (!o.suspended || o.zone != kExile || o.counters["time"] > 0) return;
  o.suspended = false;
  const bool creature = o.def->is("creature");
  cast(c, o.owner, false, false, CastWay::kFree);
  if (creature && objs[static_cast<size_t>(c)].zone == kStack) add_change(c, kHaste.effects[0], false);
}

}  // namespace rk::mtg
