// Moves the rules allow but the original engine's move enumerator never lists (reference README,
// "Enumerator quirks"): Twilight Palace's and Blood Moon Palace's re-rolls while the roll is
// pending (engines/lifecycle.py reroll_pending_die / reroll_both_dice), and the hire payments
// New Shilina Tower opens (player_actions.py hire_cost: strength counts like gold). The replay
// leaves these kinds out of its comparison (trace.cc, kNeverEnumerated).
#include <algorithm>

#include "games/vck/rules/game.h"
#include "games/vck/rules/verbs.h"

namespace rk::vck {
namespace {

constexpr uint8_t kTwilightUsed = 1, kBloodMoonUsed = 2;
constexpr int kBloodMoonMagic = 2;  // the passive's name says it: pay_magic_2

}  // namespace

// Once per roll phase each, only for the active player, before the roll is finalized.
void Game::list_rerolls(std::vector<Action>& out) const {
  if (!(rerolled_ & kTwilightUsed) && has_roll_flag(*this, active_, "reroll_one_die")) {
    out.push_back({Action::Type::kReroll, 1});
    out.push_back({Action::Type::kReroll, 2});
  }
  if (!(rerolled_ & kBloodMoonUsed) && players_[static_cast<size_t>(active_)].m >= kBloodMoonMagic &&
      has_roll_flag(*this, active_, "reroll_both_dice_pay_magic_2")) {
    out.push_back({Action::Type::kReroll, 0});
  }
}

// The new values replace the rolled dice; finalize's die-changing passives then apply to them.
void Game::reroll(int die) {
  if (die == 0) {
    player(active_).m -= kBloodMoonMagic;
    rerolled_ |= kBloodMoonUsed;
    rolled_[0] = roll_die();
    rolled_[1] = roll_die();
    return;
  }
  rerolled_ |= kTwilightUsed;
  rolled_[die - 1] = roll_die();
}

// With New Shilina Tower any exact mix of gold, strength and magic pays, and magic needs no gold
// beside it (game_helpers.py, allow_strength). Only the payments list_payments does not already
// list: those with strength, and magic alone. Most strength first, then most gold.
void Game::list_shilina_payments(int id, int cost, std::vector<Action>& out) const {
  const std::array<int, 3> p = purse(active_);  // face-up tomes pay too (tomes.cc)
  for (int s = std::min(cost, p[1]); s >= 0; --s) {
    for (int g = std::min(cost - s, p[0]); g >= 0; --g) {
      const int m = cost - s - g;
      if (m > p[2] || (s == 0 && (g > 0 || m == 0))) continue;  // s == 0, g > 0: listed already
      out.push_back({Action::Type::kHire, static_cast<int16_t>(id), static_cast<int16_t>(g), static_cast<int16_t>(s), static_cast<int16_t>(m)});
    }
  }
}

}  // namespace rk::vck
