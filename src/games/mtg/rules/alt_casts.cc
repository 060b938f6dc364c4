// Casting a card from its owner's graveyard: flashback= and retrace= costs (CR 702.34, 702.81).
// Wagic offers both as alternative costs of a card in its owner's graveyard, at the card's normal
// timing; a spell cast with flashback is exiled whenever it would leave the stack (Game::move),
// one cast with retrace goes wherever it normally would (back to the graveyard).
#include <algorithm>
#include <memory>
#include <string>

#include "games/mtg/rules/game.h"

namespace rk::mtg {

// {discard(spec)}: a card to discard (pay_chosen's -2); {S(..)}, {E(..)} ... as in mana=; then mana.
void read_grave_cost(const std::string& text, CardDef::GraveCost& out) {
  std::string cost = text;
  for (size_t at = cost.find("{discard("); at != std::string::npos; at = cost.find("{discard(")) {
    const size_t close = cost.find(")}", at);
    if (close == std::string::npos) return;  // malformed: never present
    out.chosen.emplace_back(parse_spec(cost.substr(at + 9, close - at - 9)), -2);
    cost.erase(at, close + 2 - at);
  }
  take_chosen_costs(cost, out.chosen);
  out.life = take_life_costs(cost);
  bool unknown = false;
  out.mana = parse_mana_cost(cost, &unknown);
  out.mana.present = !unknown;
}

// The spell's cost (with what changes it) less the creature's mana cost: each coloured symbol pays
// for one of its colour, and a coloured one with none of its colour left, and each generic one,
// for a generic one (CR 118.7c, 118.7d); a hybrid symbol for either of its colours. Wagic's own
// difference lets generic mana of the creature pay coloured symbols of the spell; the rules do not.
ManaCost Game::offering_cost(int card, int actor, int offered) const {
  ManaCost cost = spell_cost(card, actor);
  const ManaCost& written = objs[static_cast<size_t>(card)].def->other;  // any mana written beside {k..}
  for (size_t c = 0; c < kColors; ++c) cost.fixed[c] += written.fixed[c];
  if (offered < 0 || static_cast<size_t>(offered) >= objs.size()) return cost;
  const ManaCost& sac = objs[static_cast<size_t>(offered)].def->cost;
  int generic = sac.fixed[kColorless] + sac.colorless_only;
  const auto one_of = [&cost](int color) {
    if (color <= 0 || color >= kColors || cost.fixed[static_cast<size_t>(color)] == 0) return false;
    --cost.fixed[static_cast<size_t>(color)];
    return true;
  };
  for (int c = 1; c < kColors; ++c) {
    for (int n = sac.fixed[static_cast<size_t>(c)] + sac.phyrexian[static_cast<size_t>(c)]; n > 0; --n) generic += !one_of(c);
  }
  // {2/W} comes as {W,-2}: when its colour is not needed it is worth two generic (CR 202.3f)
  for (const auto& [a, b] : sac.hybrid) generic += one_of(a) || one_of(b) ? 0 : b < 0 ? -b : 1;
  cost.fixed[kColorless] = std::max(0, cost.fixed[kColorless] - generic);
  return cost;
}

// A creature `actor` may sacrifice for `card`'s offering: of the type, its, and the spell then affordable.
bool Game::offerable(int card, int actor, int offered) const {
  if (offered < 0 || static_cast<size_t>(offered) >= objs.size() || offered == card) return false;
  const CardDef& d = *objs[static_cast<size_t>(card)].def;
  if (!d.has_offering || !matches(d.offering, offered, card, actor)) return false;
  return can_pay(players[static_cast<size_t>(actor)].pool, offering_cost(card, actor, offered));
}

const CardDef::GraveCost* Game::grave_cost(int card, CastWay way) const {
  const CardDef& d = *objs[static_cast<size_t>(card)].def;
  switch (way) {
    case CastWay::kFlashback: return &d.flashback;
    case CastWay::kRetrace: return &d.retrace;
    case CastWay::kFaceDown: return &d.facedown;
    case CastWay::kSuspend: return &d.suspend;
    case CastWay::kFree:
    case CastWay::kCopy: {
      static const CardDef::GraveCost kNothing = [] {
        CardDef::GraveCost c;
        c.mana.present = true;
        return c;
      }();
      return &kNothing;
    }
    case CastWay::kNormal: break;
  }
  return nullptr;
}

}  // namespace rk::mtg

namespace rk::mtg {

void read_morph_line(const std::string& key, const std::string& value, CardDef& d) {
  if (key == "autofaceup") d.faceup_abilities.push_back(compile_ability(value));
  const size_t colon = value.rfind(":morph");  // autofacedown={cost}:morph; other face-down lines are not run
  if (key != "autofacedown" || colon == std::string::npos || colon + 6 != value.size()) return;
  read_grave_cost(value.substr(0, colon), d.morph);  // mana and chosen cards ({H(..)}, {discard(..)})
}

void make_face_down(CardDef& d) {
  if (!d.facedown.mana.present) return;
  auto fd = std::make_shared<CardDef>();
  fd->id = d.id;
  fd->types = {"creature"};  // no name, no colour, no subtypes, no mana cost (CR 708.2a)
  fd->power = fd->toughness = 2;
  d.face_down = std::move(fd);
}

bool Game::face_down(int card) const {
  const Obj& o = objs[static_cast<size_t>(card)];
  return o.printed && o.printed->face_down && o.def == o.printed->face_down.get();
}

// Any time its controller could act, for its morph cost (CR 702.37e; 116.2b: a special action).
// Each card the cost chooses must be there: as many as all the choices of that kind together
// (two {H(island|..)} want two islands), so that no choice is left without a card.
bool Game::can_turn_face_up(int card, int actor) const {
  const Obj& o = objs[static_cast<size_t>(card)];
  if (o.zone != kBattlefield || o.controller != actor || !face_down(card)) return false;
  const CardDef::GraveCost& cost = o.printed->morph;
  if (!cost.mana.present || !can_pay(players[static_cast<size_t>(actor)].pool, cost.mana)) return false;
  if (cost.life > players[static_cast<size_t>(actor)].life) return false;  // life may be paid down to 0 (CR 119.4)
  for (const auto& [spec, how] : cost.chosen) {
    int wanted = 0;
    for (const auto& [other, other_how] : cost.chosen) wanted += other_how == how ? std::max(1, other.count) : 0;
    Spec s = spec;
    if (s.zones.empty() && how == -2) s.zones.push_back("myhand");
    int n = 0;
    for (size_t c = 0; c < objs.size() && n < wanted; ++c) n += static_cast<int>(c) != card && matches(s, static_cast<int>(c), card, actor);
    if (n < wanted) return false;
  }
  return true;
}

// Turned face up it is the printed card again (same object: counters, damage, tapped stay). Its
// autofaceup= lines: one with a target is a "when turned face up" trigger and uses the stack; one
// without is part of turning it up (megamorph's +1/+1 counter) and happens at once. Wagic runs
// them all at once; the rules put the triggered ones on the stack, as here.
void Game::turn_face_up(int card, int actor, bool chosen_paid) {
  Obj& o = objs[static_cast<size_t>(card)];
  if (!chosen_paid && !o.printed->morph.chosen.empty()) {  // the cards to pay with first (clicks), then this again
    std::vector<std::pair<const Spec*, int>> chosen;
    for (const auto& [spec, how] : o.printed->morph.chosen) chosen.emplace_back(&spec, how);
    pay_chosen(card, actor, std::move(chosen), 0, {Resume{.kind = Resume::Kind::kTurnFaceUp, .card = card, .actor = actor, .flag = true}});
    return;
  }
  pay(players[static_cast<size_t>(actor)].pool, o.printed->morph.mana);
  if (o.printed->morph.life) change_life(actor, -o.printed->morph.life);  // {L:N}: paying life is losing it (CR 119.4)
  o.def = o.printed;
  o.layer_base = nullptr;
  invalidate();
  note("p" + std::to_string(actor + 1) + " turns " + o.def->name + " face up");
  for (const Ability& a : o.def->faceup_abilities) {
    if (a.has_target) {
      put_trigger(card, a, card, kBattlefield);
    } else {
      run_effects(a, card, actor, {}, 0);
    }
  }
}

}  // namespace rk::mtg
