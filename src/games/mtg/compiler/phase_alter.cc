// nextphasealter(remove,PHASE,who): that player skips the next such step or phase;
// nextphasealter(add,combatphases|combatphaseswithmain,who,after<combatends>|after<this>): an
// additional combat phase (followed by an additional main phase) this turn. The game side is in
// rules/phase_alter.cc.
#include <set>
#include <string>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/compiler/compile_text.h"

namespace rk::mtg {

bool read_next_phase_alter(const std::string& w, EffectDef& e) {
  if (w.rfind("nextphasealter(", 0) != 0 || w.back() != ')') return false;
  const auto parts = split_top(inside(w, 14), ",");
  e.kind = Eff::kUnsupported;
  e.word = "nextphasealter";
  static const std::set<std::string> removable = {"untap", "upkeep", "draw", "combatbegins", "combatattackers",
                                                  "combatblockers", "combatdamage", "combatends"};
  static const std::set<std::string> players = {"controller", "opponent", "targetedplayer", "targetcontroller"};
  if (parts.size() < 3 || !players.count(trim(parts[2]))) return true;
  const std::string op = trim(parts[0]), what = trim(parts[1]);
  if (op == "remove" && parts.size() == 3 && removable.count(what)) {
    e.kind = Eff::kNextPhaseAlter;
    e.word = what;
  } else if (op == "add" && parts.size() == 4 && (what == "combatphases" || what == "combatphaseswithmain") &&
             (trim(parts[3]) == "after<combatends>" || trim(parts[3]) == "after<this>")) {
    e.kind = Eff::kNextPhaseAlter;
    e.word = what;
    e.token_spec = trim(parts[3]) == "after<this>" ? "this" : "combatends";  // where the addition comes
  } else {
    return true;
  }
  e.who = trim(parts[2]);
  return true;
}

// hmodifer:N [controller|opponent]: while the permanent is on the battlefield, that player's maximum
// hand size (the cleanup step's discard, CR 514.1) is N more (or less).
bool read_hand_modifier(const std::string& w, EffectDef& e) {
  if (w.rfind("hmodifer:", 0) != 0) return false;
  const std::string n = w.substr(9);
  if (n.empty() || n.find_first_not_of("-+0123456789") != std::string::npos) {
    e.kind = Eff::kUnsupported;
    e.word = "hmodifer";
    return true;
  }
  e.kind = Eff::kHandSize;
  e.a.value = std::atoi(n.c_str());
  return true;
}

}  // namespace rk::mtg
