// Issue 31's families in play (compiled by compiler/chance_and_faces.cc): a card turned into
// another, a player winning the game, a coin flip decided by a call.
#include <string>
#include <vector>

#include "games/mtg/rules/game.h"

namespace rk::mtg {

// flip(name): the permanent becomes the card of that name (CR 712 transforming double-faced
// cards, CR 710 flip cards). The same object: counters, damage, tapped state, attachments and
// effects on it stay; it is the printed card again once it leaves the battlefield (board.cc makes
// a new object from `printed`). Wagic turns no token; nor does this, nor a face-down card.
void Game::flip_card(int card, const std::string& lname) {
  Obj& o = objs[static_cast<size_t>(card)];
  if (o.zone != kBattlefield || o.token || face_down(card)) return;
  const CardDef* to = catalog().by_name(lname);
  if (!to) return unsupported("flip(" + lname + "): no such card");
  note(o.def->name + " transforms into " + to->name);
  o.def = to;
  invalidate();
}

// wingame: `player` wins (the other loses), unless a permanent of the other has cantlose (Wagic
// checks the losing player's battlefield) or one of the winner's has cantwin.
void Game::win_game(int player) {
  if (player < 0 || player > 1 || loser >= 0) return;
  for (int c : players[static_cast<size_t>(1 - player)].zones[kBattlefield]) {
    if (has_word(c, "cantlose")) return;
  }
  for (int c : players[static_cast<size_t>(player)].zones[kBattlefield]) {
    if (has_word(c, "cantwin")) return;
  }
  note("p" + std::to_string(player + 1) + " wins the game");
  loser = 1 - player;
}

// flipacoin: the controller calls heads or tails (a menu, so people, bots and tests answer it),
// once per card the flip is about: its source, or each card of all(..).
void Game::flip_coin(const EffectDef& e, int source, int controller, const std::vector<Target>& targets, int x) {
  std::vector<int> about;
  if (e.has_all) {
    for (size_t c = 0; c < objs.size(); ++c) {
      if (matches(e.all, static_cast<int>(c), source, controller)) about.push_back(static_cast<int>(c));
    }
  } else {
    about.push_back(!targets.empty() && targets[0].card >= 0 ? targets[0].card : -1);
  }
  for (auto it = about.rbegin(); it != about.rend(); ++it) {  // the last menu pushed is answered first
    Menu m;
    m.cancel = false;
    for (const bool heads : {true, false}) {
      m.options.push_back({heads ? "heads" : "tails", Resume{.kind = Resume::Kind::kCoinCall, .card = source, .actor = controller,
                                                            .x = x, .index = *it, .flag = heads, .ability = e.choices->data()}});
    }
    menus.push_back(std::move(m));
  }
}

// The coin is flipped with the game's generator (without one, the scenario runner's case, it
// comes up heads, as a shuffle there keeps the order); the call wins or loses, and that side's
// ability happens at once (Wagic resolves it without the stack), to the card the flip is about.
void Game::coin_called(const Resume& call) {
  const bool heads = rng ? rng->below(2) == 0 : true;
  const bool won = heads == call.flag;
  note(std::string("p") + std::to_string(call.actor + 1) + " calls " + (call.flag ? "heads" : "tails") + ", the coin comes up " +
       (heads ? "heads" : "tails") + (won ? ": won" : ": lost"));
  const Ability& a = call.ability[won ? 0 : 1];
  if (a.effects.empty()) return;
  if (a.has_target || a.may) return run_as(a, call.card, call.actor, call.x);
  std::vector<Target> on;
  if (call.index >= 0 && call.index != call.card) on.push_back(Target{call.index});
  run_effects(a, call.card, call.actor, on, call.x);
}

}  // namespace rk::mtg
