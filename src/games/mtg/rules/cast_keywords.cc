// Keyword abilities about casting spells.
//   split second (CR 702.61): while such a spell is on the stack, players cannot cast spells or
//   activate abilities that are not mana abilities (Game::can_cast, Game::activation_allowed);
//   overload and paidmana lines (CR 702.96): which cost was paid chooses the lines that run;
//   sunburst (CR 702.44): the number of colours of mana spent to cast it. The generic part of
//   its cost takes one mana of each colour the pool has and the cost does not name yet (as Wagic
//   pays it: the most colours it can), then the rest as usual.
#include "games/mtg/rules/game.h"

namespace rk::mtg {

bool Game::split_second_on_stack() const {
  for (const StackItem& s : stack) {
    if (s.kind == StackItem::kSpell && s.source >= 0 && has_word(s.source, "split second")) return true;
  }
  return false;
}

ManaCost Game::sunburst_cost(int card, ManaCost cost, const ManaPool& pool) const {
  if (!has_word(card, "sunburst")) return cost;
  for (int c = 1; c < kColors && cost.fixed[0] > 0; ++c) {
    if (pool.n[static_cast<size_t>(c)] > cost.fixed[static_cast<size_t>(c)] && cost.fixed[static_cast<size_t>(c)] == 0) {
      ++cost.fixed[static_cast<size_t>(c)];
      --cost.fixed[0];
    }
  }
  return cost;
}

// Overload (CR 702.96): cast for its overload cost (other=), its overload lines run instead of
// its paidmana lines, and it has no targets.
bool Game::overloads(const CardDef& d) {
  for (const Ability& a : d.abilities) {
    if (a.overload) return true;
  }
  return false;
}

int Game::colours_spent(int card) const {
  int n = 0;
  for (int c = 1; c < kColors; ++c) n += objs[static_cast<size_t>(card)].spent.n[static_cast<size_t>(c)] > 0;
  return n;
}

}  // namespace rk::mtg
