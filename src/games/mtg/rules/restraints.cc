// Restraints a card is put under (keyword abilities an aura or a lord gives it) and effects on
// players that are neither life, cards nor mana.
//   noactivatedability (Arrest): none of its activated abilities can be activated, mana abilities included;
//   notapability (Katabatic Winds): none whose cost has {T};
//   onlymanaability (Damping Matrix): only its mana abilities.
//   alterpoison:N: N poison counters (fewer for N < 0, never below none);
//   exchangelife: the player and the effect's controller exchange life totals (CR 118.7: a
//   player who could not gain the difference stops the exchange).
#include "games/mtg/rules/game.h"

namespace rk::mtg {

bool Game::activation_allowed(int card, const Ability& a) const {
  if (!is_mana_ability(a) && split_second_on_stack()) return false;
  if (has_word(card, "noactivatedability")) return false;
  if (a.tap && has_word(card, "notapability")) return false;
  return is_mana_ability(a) || !has_word(card, "onlymanaability");
}

void Game::player_rule(const EffectDef& e, int player, int controller, int n) {
  Player& p = players[static_cast<size_t>(player)];
  if (e.word == "alterpoison") {
    p.poison = std::max(0, p.poison + n);
    note("p" + std::to_string(player + 1) + " has " + std::to_string(p.poison) + " poison");
  } else if (e.word == "exchangelife") {
    if (player == controller) return;
    const int mine = players[static_cast<size_t>(controller)].life, theirs = p.life;
    const int gainer = theirs > mine ? controller : player;
    if (mine != theirs && !gains_life(gainer)) return;
    change_life(controller, theirs - mine);
    change_life(player, mine - theirs);
  } else {
    unsupported("player effect " + e.word);
  }
}

}  // namespace rk::mtg
