// What one observer may see of a Card Fighters' Clash game (kernel/view.h's shape): both players'
// HP and SP, rings (characters with BP, frozen, fresh, back-ups, attacking or countering),
// discards and removed piles face up, the observer's own hand, and the decks and the other hand as
// counts. Cards carry their printed text, BP and SP.
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "games/cfc/rules/game.h"
#include "kernel/view.h"

namespace rk::cfc {

// observer: a seat from 0, or kernel::kSpectator.
nlohmann::json observer_view(const Game& g, int observer);
// Option `option_index` of the current legal actions: {"label", "card"?, "group"}; "card" is the
// id (as in the view) of the card the option is about; null when the index is out of range.
nlohmann::json option_view(const Game& g, size_t option_index);
// The printed card an id names (as the view gives it: "c12"), for hover: {"id", "name", "type",
// "bp"?, "sp", "subtype"?, "ability"?, "text"}; null for an id that names no card. It tells what the
// card is, so it answers only for a card the observer may see (ask with `observer`).
nlohmann::json card_text(const Game& g, std::string_view card_id, int observer = kernel::kSpectator);

}  // namespace rk::cfc
