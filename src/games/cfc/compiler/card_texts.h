// The printed text of Card Fighters' Clash cards (set.xml's Rules property, which CardDef does not
// keep), for card help and narration at the terminal.
#pragma once

#include <string>
#include <unordered_map>

#include "games/cfc/language/card_data.h"
#include "games/cfc/compiler/pool.h"

namespace rk::cfc {

struct CardTexts {
  std::unordered_map<std::string, CardData> by_guid;
};
CardTexts load_card_texts(const std::string& dir);

// The card's rules text with the set's ability symbols (¢ £ ¤) as the board shows them (▲ ■ ●);
// "" when the card has none.
std::string printed_text(const CardDef& d, const CardTexts& texts);

}  // namespace rk::cfc
