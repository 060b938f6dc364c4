// Wagic's tests grouped by the mechanics they need, for the pass figures per class: TESTS.md §3
// orders the groups by how many tests each unlocks; a test belongs to the last group any of its
// cards (their ability lines, keywords and costs) or its commands belong to.
#include <algorithm>

#include "games/mtg/runners/harness.h"

namespace rk::mtg {
namespace {

struct Group {
  const char* name;
  std::vector<const char*> markers;  // in a card's ability lines or keywords (lower case)
};

const std::vector<Group>& groups() {
  static const std::vector<Group> g = {
      {"A. Foundation", {}},
      {"B. Combat", {"flying", "first strike", "double strike", "trample", "reach", "fear", "walk", "unblockable",
                     "deathtouch", "lifelink", "rampage", "bushido", "flanking", "exalted", "lure", "mustattack",
                     "cantblock", "protection", "shroud", "cantbeblocked"}},
      {"C. Continuous effects", {"lord(", "aslongas(", "foreach(", "this(", "thisforeach(", "while", "cdaactive",
                                 "teach(", "equip", "transforms((", "becomes(", "loseabilities", "swap", "aura"}},
      {"T1. Zone-change triggers", {"@movedto(", "persist", "undying"}},
      {"T2. Phase triggers", {"@each", "@next", "phaseaction", "upcost", "limit:", "turns:"}},
      {"R. Replacement and prevention", {"preventalldamage", "preventallcombatdamage", "prevent:", "fog", "regenerate",
                                         "indestructible", "absorb", "vigor", "phantom", "nofizzle", "cantlose",
                                         "graveexiler"}},
      {"K. Tokens", {"token(", "livingweapon"}},
      {"T3. Other triggers", {"@damaged", "@combatdamaged", "@damagefoeof", "@damageof", "@tapped", "@untapped",
                              "@sacrificed", "@life", "@drawn", "@discarded", "@vampired", "@combat("}},
      {"N. Counters", {"counter(", "wither", "infect", "poison", "proliferate", "countershroud", "removeallcounters"}},
      {"H. Cards coded in Wagic's C++", {}},
      {"L. Alternative and additional costs", {"kicker", "buyback", "flashback", "retrace", "facedown", "morph"}},
      {"X costs", {}},
      {"Copy and clone", {"copy", "clone"}},
      {"Library and randomness", {"shuffle", "reveal", "moverandom", "flipacoin"}},
      {"Control change", {"steal", "treason", "moveto(opponentbattlefield)"}},
      {"Momir and AI modes", {}},
      {"Phasing", {"phaseout"}},
  };
  return g;
}

bool mentions(const std::string& text, const Group& g) {
  for (const char* m : g.markers) {
    if (text.find(m) != std::string::npos) return true;
  }
  return false;
}

// The index of the last group a card belongs to.
size_t card_group(const CardDef& d) {
  std::string text;
  for (const auto* list : {&d.abilities, &d.grave_abilities, &d.hand_abilities}) {
    for (const Ability& a : *list) text += a.text + "\n";
  }
  for (const std::string& k : d.keywords) text += k + "\n";
  for (const std::string& t : d.types) text += t + "\n";
  const auto& g = groups();
  size_t best = 0;
  for (size_t i = 1; i < g.size(); ++i) {
    if (mentions(text, g[i])) best = i;
  }
  auto index = [&g](const char* prefix) {
    for (size_t i = 0; i < g.size(); ++i) {
      if (std::string(g[i].name).rfind(prefix, 0) == 0) return i;
    }
    return size_t{0};
  };
  if (!d.alias.empty()) best = std::max(best, index("H."));
  if (d.kicker.present || d.other.present || d.buyback.present) best = std::max(best, index("L."));
  bool x = d.cost.x > 0;
  for (const Ability& a : d.abilities) x |= a.mana.x > 0;
  if (x) best = std::max(best, index("X costs"));
  return best;
}

}  // namespace

const std::vector<std::string>& mechanic_classes() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const Group& g : groups()) n.push_back(g.name);
    return n;
  }();
  return names;
}

std::string mechanic_class(const Scenario& s, Catalog& cat) {
  size_t best = 0;
  for (const auto* side : {&s.init, &s.expect}) {
    for (const PlayerSetup& p : *side) {
      for (const auto& zone : p.zones) {
        for (const CardRef& r : zone) {
          const CardDef* d = nullptr;
          ref_id(cat, r.text, &d);
          if (d) best = std::max(best, card_group(*d));
        }
      }
    }
  }
  const auto& names = mechanic_classes();
  if (s.momir || s.uses_ai) return names[names.size() - 2];
  // A test that plays through combat needs the combat group at least.
  const auto combat = [](Phase p) { return p >= Phase::kCombatBegin && p <= Phase::kCombatEnd; };
  if (best < 1 && (combat(s.init_phase) || combat(s.assert_phase))) best = 1;
  return names[best];
}

}  // namespace rk::mtg
