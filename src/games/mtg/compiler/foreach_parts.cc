// foreach(spec) written inside a part rather than at its start: after a label, a target, all(..)
// or lord(..) (all(this) foreach(other aurochs[attacking]) 1/0 ueot, name(Red) foreach(ally|..)
// add{R}, lord(creature[attacking]|..) foreach(land[-basic]|..) 1/0). Wagic finds the word
// anywhere in the line; it repeats what the part does once per such card.
#include "games/mtg/compiler/compile_text.h"

namespace rk::mtg {

// The part without its foreach(spec) word: in the first part the spec becomes the line's (every
// effect once per such card; a lord's pump, per card, as layers.cc counts it); in a later part it
// moves to the front, where read_parts runs that part once per card. Unchanged when it has none,
// or when the line already counts something else.
std::string take_foreach(const std::string& part, Ability& a) {
  const std::vector<std::string> ws = words_top(trim(part));
  for (size_t i = 0; i < ws.size(); ++i) {
    if (ws[i].rfind("foreach(", 0) != 0 || ws[i].back() != ')') continue;
    if (i == 0 && !a.effects.empty()) return part;  // read_parts' own form
    std::string rest;
    for (size_t j = 0; j < ws.size(); ++j) {
      if (j != i) rest += (rest.empty() ? "" : " ") + ws[j];
    }
    if (!a.effects.empty()) return ws[i] + " " + rest;
    if (a.has_foreach) return part;  // foreach(..) twice on one line: not run (left to compile_effect)
    a.has_foreach = true;
    a.foreach = parse_spec(inside(ws[i], 7));
    return rest;
  }
  return part;
}

}  // namespace rk::mtg

namespace rk::mtg {

// lord(spec) in a part of an activated or triggered ability that is not the line's first word
// ({2}{G}{G}{G}:lord(elf|..) 3/3 && lord(elf|..) trample ueot, {2}{U}{cycle}:name(cycling)
// lord(creature[wizard]) flying && draw:1): a one-shot effect on every such card as it resolves
// (CR 611.2c fixes the cards then), as all(spec) writes it.
std::string lord_part_to_all(const std::string& part, const Ability& a) {
  if (a.kind != AbilityKind::kActivated && a.kind != AbilityKind::kTriggered) return part;
  std::vector<std::string> ws = words_top(trim(part));
  size_t i = 0;
  while (i < ws.size() && ws[i].rfind("name(", 0) == 0) ++i;
  if (i >= ws.size() || ws[i].rfind("lord(", 0) != 0 || ws[i].back() != ')') return part;
  ws[i] = "all(" + ws[i].substr(5);
  std::string out;
  for (const std::string& w : ws) out += (out.empty() ? "" : " ") + w;
  return out;
}

}  // namespace rk::mtg
