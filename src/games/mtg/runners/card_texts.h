// What a person reads on a Magic card, from the Wagic database as written: mana cost, type line
// and rules text (mana=, type=, subtype=, text=), by the card's lower-case name. The engine's
// compiled cards keep none of it; narration and views look it up here.
#pragma once

#include <map>
#include <string>

#include "games/mtg/language/database.h"

namespace rk::mtg {

struct PrintedCard {
  std::string name, cost, type_line, text;  // "Grizzly Bears", "{1}{G}", "Creature - Bear", "Flying"
};

class CardTexts {
 public:
  // Every primitive of `db` (set entries resolved to theirs), the first card of a name kept.
  explicit CardTexts(const Database& db);
  CardTexts() = default;
  const PrintedCard* find(const std::string& lower_name) const;
  size_t size() const { return by_name_.size(); }

 private:
  std::map<std::string, PrintedCard, std::less<>> by_name_;
};

}  // namespace rk::mtg
