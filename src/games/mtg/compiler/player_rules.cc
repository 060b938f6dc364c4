// Effects on players that are not life, cards or mana: poison counters given or taken
// (alterpoison:N) and life totals exchanged (exchangelife). They compile to Eff::kPlayerRule with
// the word kept; rules/restraints.cc applies them.
#include <cstdlib>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/compiler/compile_text.h"

namespace rk::mtg {

bool read_player_rule(const std::string& w, EffectDef& e) {
  if (w.rfind("alterpoison:", 0) == 0) {  // alterpoison:N (N < 0 removes)
    e.kind = Eff::kPlayerRule;
    e.word = "alterpoison";
    e.a = parse_amount(w.substr(12));
    return true;
  }
  for (const char* save : {"mypoolsave(", "opponentpoolsave("}) {  // mana of that colour stays in the pool (Upwelling)
    if (w.rfind(save, 0) != 0 || w.back() != ')') continue;
    const size_t open = w.find('(');
    static const char* colours[] = {"colorless", "green", "blue", "red", "black", "white"};
    for (int c = 0; c < kColors; ++c) {
      if (w.compare(open + 1, w.size() - open - 2, colours[c]) == 0) {
        e.kind = Eff::kPlayerRule;
        e.word = w.substr(0, open);
        e.times = c;
        return true;
      }
    }
  }
  if (w.rfind("removemana(", 0) == 0 && w.back() == ')') {  // removemana(*): the whole pool; removemana({G}{G}): that mana
    e.kind = Eff::kPlayerRule;
    e.word = "removemana";
    e.token_spec = w.substr(11, w.size() - 12);
    return true;
  }
  // epic (CR 702.50a): the player (`who`) can't cast spells for the rest of the game.
  if (w == "epic") {
    e.kind = Eff::kPlayerRule;
    e.word = w;
    return true;
  }
  if (w == "exchangelife") {  // the player named and the controller exchange life totals
    e.kind = Eff::kPlayerRule;
    e.word = w;
    return true;
  }
  return false;
}

}  // namespace rk::mtg
