// What one observer may see of a Valeria: Card Kingdoms game (kernel/view.h's shape): every
// player's gold, strength, magic and victory points, their tableau face up (starters, citizens,
// domains, slain monsters), their own dukes (another seat's duke is hidden), the board's citizen,
// domain and monster stacks (tops face up, counts; a domain under the top is face down), the
// exhausted deck as a count, the dice. Cards carry their text from the tables' *_text fields,
// costs, rolls and rewards.
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "games/vck/rules/game.h"
#include "kernel/view.h"

namespace rk::vck {

// observer: a seat from 0, or kernel::kSpectator.
nlohmann::json observer_view(const Game& g, int observer);
// Option `option_index` of the current legal actions: {"label", "card"?, "group"}; null when out of range.
nlohmann::json option_view(const Game& g, size_t option_index);
// A card by its id as the view gives it ("c12" citizen, "s1" starter, "d3" domain, "m4" monster,
// "e7" event, "k2" duke): name, numbers and text; null for an unknown id. The tables' cards are
// public knowledge (which duke a seat holds is what is hidden, and an id alone does not say it), so
// the observer does not change the answer.
nlohmann::json card_text(const Game& g, std::string_view card_id, int observer = kernel::kSpectator);

}  // namespace rk::vck
