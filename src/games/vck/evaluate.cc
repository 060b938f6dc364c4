// A position's worth to a seat, for the greedy bot (kernel::Evaluable): the victory points the
// seat would score now (duke formula included), plus what its resources and cards will buy later,
// minus the best opponent's worth; a finished game is +/- a million. The weights are rough: a
// victory point is worth several resources, magic is wild (it pays for gold or strength), and
// every citizen or domain keeps paying out on later rolls.
#include "games/vck/game.h"

#include <algorithm>
#include <limits>

namespace rk::vck {
namespace {

constexpr double kVictoryPoint = 4.0;
constexpr double kGold = 1.0, kStrength = 1.0, kMagic = 1.3;
constexpr double kCitizen = 2.5, kDomain = 3.0, kMonster = 1.0;

double worth(const Game& g, int seat) {
  const Player& p = g.players()[static_cast<size_t>(seat)];
  return kVictoryPoint * g.total_vp(seat) + kGold * p.g + kStrength * p.s + kMagic * p.m + kCitizen * static_cast<double>(p.cit.size()) +
         kDomain * static_cast<double>(p.dom.size()) + kMonster * static_cast<double>(p.mon.size());
}

}  // namespace

double Game::evaluate(int seat) const {
  if (terminal()) {
    const double r = returns()[static_cast<size_t>(seat)];
    return r > 0 ? 1e6 : r < 0 ? -1e6 : 0;
  }
  double best_other = -std::numeric_limits<double>::infinity();
  for (int o = 0; o < num_players(); ++o) {
    if (o != seat) best_other = std::max(best_other, worth(*this, o));
  }
  return worth(*this, seat) - (num_players() > 1 ? best_other : 0);
}

}  // namespace rk::vck
