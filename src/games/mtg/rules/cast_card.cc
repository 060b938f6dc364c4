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
  if (e.word == "copied" && !e.token_spec.empty()) {  // named!:..:!: a copy of a card of that name, cast anew
    const CardDef* named = catalog().by_name(e.token_spec);
    if (!named) {
      unsupported("castcard(copied named!:" + e.token_spec + ":!): no such card");
      return card;
    }
    const int copy = create(named, 0, controller);
    objs[static_cast<size_t>(copy)].token = true;
    note("p" + std::to_string(controller + 1) + " copies " + named->name);
    cast(copy, controller, false, false, CastWay::kCopy);
    return copy;
  }
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
  if (me.epic) return card;  // CR 702.50a: no spell at all (a copy is not cast: castcard(copied) above)
  cast(card, controller, false, false, CastWay::kFree);
  return card;
}

// Cascade: exiled off the top until a nonland card of lesser mana value; its controller may cast it
// without paying its mana cost (a menu) or it goes to the bottom with the others, in a random order
// (the scenario runner, without a generator, keeps their order).
void Game::cascade(int source, int controller) {
  static const Ability kBottom = compile_ability("bottomoflibrary");
  const int mv = objs[static_cast<size_t>(source)].def->cost.converted();
  auto& library = players[static_cast<size_t>(controller)].zones[kLibrary];
  std::vector<int> revealed;
  int found = -1;
  while (!library.empty() && found < 0) {
    const int top = library.back();
    move(top, objs[static_cast<size_t>(top)].owner, kExile);
    const CardDef& d = *objs[static_cast<size_t>(top)].def;
    if (!d.is("land") && d.cost.converted() < mv) {
      found = top;
    } else {
      revealed.push_back(top);
    }
  }
  if (rng) {
    for (size_t i = revealed.size(); i > 1; --i) std::swap(revealed[i - 1], revealed[rng->below(static_cast<uint32_t>(i))]);
  }
  for (int c : revealed) move(c, objs[static_cast<size_t>(c)].owner, kLibrary, false);
  note("cascade: " + (found < 0 ? std::string("nothing") : objs[static_cast<size_t>(found)].def->name));
  if (found < 0) return;
  if (players[static_cast<size_t>(controller)].epic) {  // CR 702.50a: it can't be cast; to the bottom
    move(found, objs[static_cast<size_t>(found)].owner, kLibrary, false);
    return;
  }
  Menu m;
  m.player = controller;
  m.cancel = false;
  m.options.push_back({"cast " + objs[static_cast<size_t>(found)].def->name,
                       Resume{.kind = Resume::Kind::kCast, .card = found, .actor = controller, .index = static_cast<int>(CastWay::kFree)}});
  m.options.push_back({"put it on the bottom", Resume{.kind = Resume::Kind::kRunEffects, .card = found, .actor = controller, .ability = &kBottom}});
  menus.push_back(std::move(m));
}

}  // namespace rk::mtg
