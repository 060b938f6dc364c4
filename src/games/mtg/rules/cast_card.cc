// castcard(..) in play (compiled by compiler/cast_card.cc). Wagic's AACastCard: the card is cast
// by the effect's controller without paying its mana cost, its targets chosen as it is cast;
// `restricted` only when that player could cast such a spell now as far as the game's limits go
// (not a land, not past maxcast); `normal` puts a land onto the battlefield instead; `putinplay`
// puts a permanent card onto the battlefield; `copied` casts a copy (a token) of the card or spell
// instead, which is not cast (CR 707.10): no cast triggers, its X the spell's.
#include <string>

#include "games/mtg/rules/game.h"

namespace rk::mtg {

int Game::cast_card(const EffectDef& e, int card, int controller) {
  Obj& o = objs[static_cast<size_t>(card)];
  const CardDef& d = *o.def;
  if (e.word == "copied") {
    int x = 0;
    for (const StackItem& s : stack) {
      if (s.source == card && s.kind == StackItem::kSpell) x = s.x;
    }
    const int copy = create(&d, -o.mtg_id, controller);
    objs[static_cast<size_t>(copy)].token = true;
    note("p" + std::to_string(controller + 1) + " copies " + d.name);
    copy_x = x;
    cast(copy, controller, false, false, CastWay::kCopy);
    copy_x = 0;
    return copy;
  }
  const bool permanent = d.is("creature") || d.is("artifact") || d.is("enchantment") || d.is("planeswalker") || d.is("land");
  if (o.zone == kBattlefield || o.zone == kStack) return card;
  if ((e.word == "putinplay" && permanent) || (e.word == "normal" && d.is("land"))) {
    const int from = o.zone;
    move(card, controller, kBattlefield);
    objs[static_cast<size_t>(card)].sick = true;
    run_one_shots(card, controller, {}, 0);
    fire_zone_triggers(card, from, kBattlefield);
    return card;
  }
  if (d.is("land")) return card;  // restricted: a land is not cast
  const auto& me = players[static_cast<size_t>(controller)];
  if (e.word == "restricted" && me.cast_limit >= 0 && me.casts >= me.cast_limit) return card;
  cast(card, controller, false, false, CastWay::kFree);
  return card;
}

}  // namespace rk::mtg
