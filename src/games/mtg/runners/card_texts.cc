// Printed card texts from a Wagic database (card_texts.h).
#include "games/mtg/runners/card_texts.h"

#include <algorithm>
#include <cctype>

namespace rk::mtg {

CardTexts::CardTexts(const Database& db) {
  for (const Card& entry : db.cards) {
    const Card& c = db.effective(entry);
    if (c.name.empty()) continue;
    std::string lname(c.name);
    std::transform(lname.begin(), lname.end(), lname.begin(), [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    if (by_name_.count(lname)) continue;
    const std::string_view file = db.files[c.file]->text;
    PrintedCard p;
    p.name = std::string(c.name);
    std::string type, subtype;
    for (uint32_t i = 0; i < c.field_count; ++i) {
      const Field& f = db.fields[c.first_field + i];
      const std::string v(f.value(file));
      switch (f.key) {
        case KeyId::kText: p.text = v; break;
        case KeyId::kMana: p.cost = v; break;
        case KeyId::kType: type = v; break;
        case KeyId::kSubtype: subtype = v; break;
        default: break;
      }
    }
    p.type_line = subtype.empty() ? type : type + " - " + subtype;
    by_name_.emplace(std::move(lname), std::move(p));
  }
}

const PrintedCard* CardTexts::find(const std::string& lower_name) const {
  const auto it = by_name_.find(lower_name);
  return it == by_name_.end() ? nullptr : &it->second;
}

}  // namespace rk::mtg
