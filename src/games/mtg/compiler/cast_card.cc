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

// cascade:plibrarycount (autostack=, CR 702.85): cards off the top of the library until a nonland
// card of lesser mana value, which may be cast without paying its mana cost (rules/cast_card.cc).
bool read_cascade(const std::string& w, EffectDef& e) {
  if (w.rfind("cascade:", 0) != 0) return false;
  e.kind = w == "cascade:plibrarycount" ? Eff::kCascade : Eff::kUnsupported;
  e.word = w == "cascade:plibrarycount" ? "" : "cascade";
  return true;
}

}  // namespace rk::mtg
