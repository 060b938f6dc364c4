#include "games/cfc/compiler/errata.h"

namespace rk::cfc {
namespace {

constexpr Erratum kErrata[] = {
    // The script puts a card of the hand into the enemy's discard pile before drawing; the text
    // draws first, so the card drawn may be the one put there.
    {"487f66ee-c717-41a1-ad2e-31d3fe0dd424",
     "Draw a card from an enemy's deck, then put a card from your hand into that enemy's discard pile.",
     "action = moveTo(oppDiscards) target(*@hand); moveTo(hand) target(*<1>@oppDeck)",
     "action = moveTo(hand) target(*<1>@oppDeck); moveTo(oppDiscards) target(*@hand)"},
};

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == '\n' || s.front() == '\r' || s.front() == ' ')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ')) s.remove_suffix(1);
  return s;
}

}  // namespace

const std::string& script_after_errata(std::string_view guid, const std::string& rules, std::string& storage,
                                       const Erratum** applied) {
  if (applied) *applied = nullptr;
  for (const Erratum& e : kErrata) {
    if (e.guid != guid || trimmed(rules) != e.script) continue;
    storage = std::string(e.corrected) + "\n";
    if (applied) *applied = &e;
    return storage;
  }
  return rules;
}

}  // namespace rk::cfc
