// Casting a card from its owner's graveyard: flashback= and retrace= costs (CR 702.34, 702.81).
// Wagic offers both as alternative costs of a card in its owner's graveyard, at the card's normal
// timing; a spell cast with flashback is exiled whenever it would leave the stack (Game::move),
// one cast with retrace goes wherever it normally would (back to the graveyard).
#include <string>

#include "games/mtg/game.h"

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
  bool unknown = false;
  out.mana = parse_mana_cost(cost, &unknown);
  out.mana.present = !unknown;
}

const CardDef::GraveCost* Game::grave_cost(int card, GraveCast way) const {
  const CardDef& d = *objs[static_cast<size_t>(card)].def;
  switch (way) {
    case GraveCast::kFlashback: return &d.flashback;
    case GraveCast::kRetrace: return &d.retrace;
    case GraveCast::kNone: break;
  }
  return nullptr;
}

}  // namespace rk::mtg
