// Mulligans before the first turn. Wagic's rule (Player::takeMulligan, 2016): the whole hand goes
// back into the library, the library is shuffled and one card fewer than the hand held is drawn;
// the player may do it again and again. Wagic offered it from its pause menu to the player who
// begins, in their first main phase while they had played nothing, and its AI never took it; here
// it is a decision of each player before the first turn, the starting player first, so bots and
// people decide it like any other move (the keep-or-mulligan question of kernel::Choice).
#include <string>

#include "games/mtg/runners/match.h"

namespace rk::mtg {

void Match::mulligan_moves(std::vector<Move>& out) const {
  const size_t hand = game_.players[static_cast<size_t>(mulligan_)].zones[kHand].size();
  out.push_back({Move::kMulligan, -1, 0, "keep " + std::to_string(hand) + " cards"});
  if (hand > 0) out.push_back({Move::kMulligan, -1, 1, "mulligan to " + std::to_string(hand - 1) + " cards"});
}

void Match::mulligan(const Move& m, kernel::Log* log) {
  const int p = mulligan_;
  auto& zones = game_.players[static_cast<size_t>(p)].zones;
  const size_t hand = zones[kHand].size();
  if (m.index == 1 && hand > 0) {
    game_.note("p" + std::to_string(p + 1) + " mulligans to " + std::to_string(hand - 1));
    // Back as they are (no zone-change events: the game has not begun).
    for (int c : zones[kHand]) {
      game_.objs[static_cast<size_t>(c)].zone = kLibrary;
      zones[kLibrary].push_back(c);
    }
    zones[kHand].clear();
    chance_.shuffle(zones[kLibrary].begin(), zones[kLibrary].end(), log, kDealTag);
    game_.draw(p, static_cast<int>(hand - 1));
    return;  // the same player decides again
  }
  game_.note("p" + std::to_string(p + 1) + " keeps " + std::to_string(hand));
  if (p == 0) {
    mulligan_ = 1;
    return;
  }
  mulligan_ = -1;
  start();
}

}  // namespace rk::mtg
