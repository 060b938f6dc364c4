// castcard(restricted|normal|putinplay|copied [noevent]): the card the effect is on is cast
// without paying its mana cost, put onto the battlefield, or copied on the stack (rules/cast_card.cc).
// copied with named!:NAME:! copies a card of that name instead (Chain of Acid: the spell itself, as
// another player's effect names it); named!: with the other forms (a card from outside the game:
// Spawnsire of Ulamog) is not run yet.
#include <set>
#include <string>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/compiler/compile_text.h"

namespace rk::mtg {

bool read_cast_card(const std::string& w, EffectDef& e) {
  if (w.rfind("castcard(", 0) != 0 || w.back() != ')') return false;
  static const std::set<std::string> forms = {"restricted", "normal", "putinplay", "copied", "copied noevent"};
  std::string in = trim(inside(w, 8));
  std::string named;
  if (const size_t at = in.find("named!:"); at != std::string::npos && in.rfind("copied", 0) == 0) {
    const size_t end = in.find(":!", at + 7);
    if (end == std::string::npos || end == at + 7 || trim(in.substr(end + 2)) != "") {
      e.kind = Eff::kUnsupported;
      e.word = "castcard";
      return true;
    }
    named = trim(in.substr(at + 7, end - at - 7));
    in = trim(in.substr(0, at));
  }
  if (!forms.count(in)) {
    e.kind = Eff::kUnsupported;
    e.word = "castcard";
    return true;
  }
  e.kind = Eff::kCastCard;
  e.word = in.substr(0, in.find(' '));
  e.token_spec = named;  // the card named to copy (rules/cast_card.cc), empty: the card the effect is on
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
