// What one observer may see of a Magic game (kernel/view.h's shape): each player's life, poison
// and mana pool, battlefield, graveyard and exile face up, their own hand, libraries and the other
// hand as counts, the stack; a face-down (morph) card is a nameless 2/2 to everyone but its
// controller. Cards carry cost, type line, power/toughness, tapped, counters, attacking/blocking
// and Wagic's text=.
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "games/mtg/runners/match_game.h"
#include "kernel/view.h"

namespace rk::mtg {

// observer: a seat from 0, or kernel::kSpectator.
nlohmann::json observer_view(const MatchGame& g, int observer);
// Option `option_index` of the current legal actions: {"label", "card"?, "group"}; null when out of range.
nlohmann::json option_view(const MatchGame& g, size_t option_index);
// The card an id names ("o12": object 12, as the view gives it), for hover: name, cost, type line,
// P/T, text; null for an unknown id or a card `observer` may not see.
nlohmann::json card_text(const MatchGame& g, std::string_view card_id, int observer = kernel::kSpectator);

}  // namespace rk::mtg
