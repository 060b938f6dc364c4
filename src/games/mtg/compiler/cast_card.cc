// castcard(restricted|normal|putinplay|copied [noevent]): the card the effect is on is cast
// without paying its mana cost, put onto the battlefield, or copied on the stack (rules/cast_card.cc).
// A card named in the text (named!:..:!) is not run yet.
#include <set>
#include <string>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/compiler/compile_text.h"

namespace rk::mtg {

bool read_cast_card(const std::string& w, EffectDef& e) {
  if (w.rfind("castcard(", 0) != 0 || w.back() != ')') return false;
  static const std::set<std::string> forms = {"restricted", "normal", "putinplay", "copied", "copied noevent"};
  const std::string in = trim(inside(w, 8));
  if (!forms.count(in)) {
    e.kind = Eff::kUnsupported;
    e.word = "castcard";
    return true;
  }
  e.kind = Eff::kCastCard;
  e.word = in.substr(0, in.find(' '));
  return true;
}

}  // namespace rk::mtg
