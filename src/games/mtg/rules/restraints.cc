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
  } else if (e.word == "removemana") {  // removemana(*): the pool empties; removemana({cost}): that much, as far as it has it
    if (e.token_spec == "*") {
      p.pool.clear();
    } else {
      const ManaPool gone = parse_pool(e.token_spec);
      for (int c = 0; c < kColors; ++c) {
        int& have = p.pool.n[static_cast<size_t>(c)];
        have = std::max(0, have - gone.n[static_cast<size_t>(c)]);
      }
    }
  } else if (e.word == "epic") {  // actions.cc's can_cast reads it
    p.epic = true;
    note("p" + std::to_string(player + 1) + " can't cast spells for the rest of the game");
  } else if (e.word == "mypoolsave" || e.word == "opponentpoolsave") {
    // static: read as the pool empties (empty_pool)
  } else {
    unsupported("player effect " + e.word);
  }
}

// A pool empties (CR 500.4) but for mana added with doesntempty this turn and the colours a
// permanent saves: mypoolsave(colour) for its controller, opponentpoolsave(colour) for the opponents.
void Game::empty_pool(int player) {
  Player& p = players[static_cast<size_t>(player)];
  std::array<bool, kColors> saved{};
  for (size_t c = 0; c < objs.size(); ++c) {
    if (objs[c].zone != kBattlefield) continue;
    const bool mine = objs[c].controller == player;
    each_ability(static_cast<int>(c), [&](const Ability& a) {
      for (const EffectDef& e : a.effects) {
        if (e.kind == Eff::kPlayerRule && e.word == (mine ? "mypoolsave" : "opponentpoolsave")) saved[static_cast<size_t>(e.times)] = true;
      }
    });
  }
  for (int c = 0; c < kColors; ++c) {
    int& n = p.pool.n[static_cast<size_t>(c)];
    if (!saved[static_cast<size_t>(c)]) n = std::min(n, p.kept.n[static_cast<size_t>(c)]);
    p.kept.n[static_cast<size_t>(c)] = std::min(p.kept.n[static_cast<size_t>(c)], n);
  }
}

}  // namespace rk::mtg
