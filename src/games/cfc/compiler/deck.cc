#include "games/cfc/compiler/deck.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <pugixml.hpp>

#include "text/diagnostic.h"
#include "text/source.h"

namespace rk::cfc {

bool load_deck(const std::string& path, const CardPool& pool, Deck& out, std::vector<std::string>& problems) {
  out = Deck{};
  out.path = path;
  const size_t before = problems.size();
  std::string text;
  if (!text::read_file(path, text)) {
    problems.push_back(fmt::format("{}: error[CF0010]: cannot read the deck file", path));
    return false;
  }
  auto at = [&](size_t offset, const char* code, std::string msg) {
    problems.push_back(text::render_error_at(path, text, offset, code, std::move(msg)));
  };
  pugi::xml_document doc;
  const pugi::xml_parse_result res = doc.load_buffer(text.data(), text.size());
  if (!res) {
    at(static_cast<size_t>(res.offset), "CF0010", fmt::format("not a deck file: {}", res.description()));
    return false;
  }
  const pugi::xml_node deck = doc.child("deck");
  if (!deck) {
    at(0, "CF0010", "not a deck file: no <deck> element");
    return false;
  }
  std::map<std::string, int> copies;  // by name
  for (pugi::xml_node section : deck.children("section")) {
    for (pugi::xml_node card : section.children("card")) {
      // pugixml gives the offset of the element's name; the diagnostic points at its '<'.
      size_t offset = static_cast<size_t>(std::max<ptrdiff_t>(0, card.offset_debug()));
      if (offset > 0 && text[offset - 1] == '<') --offset;
      const std::string id = card.attribute("id").value();
      const CardDef* def = pool.find(id);
      if (!def) {
        at(offset, "CF0011", fmt::format("unknown card id `{}` ({})", id, card.child_value()));
        continue;
      }
      const pugi::xml_attribute qa = card.attribute("qty");
      const int qty = qa ? qa.as_int(-1) : 1;
      if (qty < 1 || qty > static_cast<int>(kDeckSize)) {
        at(offset, "CF0012", fmt::format("quantity `{}` of {} is not a number from 1 to {}", qa.value(), def->name, kDeckSize));
        continue;
      }
      if ((copies[def->name] += qty) > kMaxCopies && copies[def->name] - qty <= kMaxCopies) {
        at(offset, "CF0014", fmt::format("more than {} copies of `{}`", kMaxCopies, def->name));
      }
      for (int i = 0; i < qty; ++i) out.cards.push_back(static_cast<uint16_t>(def - pool.cards.data()));
    }
  }
  if (out.cards.size() != kDeckSize && problems.size() == before) {
    at(0, "CF0013", fmt::format("the deck has {} cards; a deck has exactly {}", out.cards.size(), kDeckSize));
  }
  return problems.size() == before;
}

}  // namespace rk::cfc
