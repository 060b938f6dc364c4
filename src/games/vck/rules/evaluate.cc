// A position's worth to a seat, for the greedy bot (kernel::Evaluable): the victory points the
// seat would score now (duke formula included), plus its resources, plus its cards at a little
// more than they cost (a citizen keeps paying out on later rolls; a domain's points are counted
// in the victory points already), minus the best opponent's worth; a finished game is +/- a
// million. The weights make every purchase a gain over keeping the resources, and a victory
// point worth about what it costs to buy (a few resources).
#include "games/vck/rules/game.h"

#include <algorithm>
#include <limits>

namespace rk::vck {
namespace {

constexpr double kVictoryPoint = 3.0;
constexpr double kGold = 1.0, kStrength = 1.0, kMagic = 1.2;
constexpr double kCitizenBonus = 3.0, kDomainShare = 0.5;

double worth(const Game& g, int seat) {
  const Player& p = g.players()[static_cast<size_t>(seat)];
  const CardDb& db = g.db();
  // The duke's points for resources left over are counted with the resources (which are worth more
  // spent than kept until the end).
  int vp = g.total_vp(seat);
  if (p.dukes.size() == 1) {
    if (const DukeCard* d = db.duke(p.dukes[0])) {
      vp -= (d->gold ? p.g / d->gold : 0) + (d->strength ? p.s / d->strength : 0) + (d->magic ? p.m / d->magic : 0);
    }
  }
  double w = kVictoryPoint * vp + kGold * p.g + kStrength * p.s + kMagic * p.m;
  for (size_t i = 0; i < p.cit.size(); ++i) {
    const CitizenCard* c = db.citizen(p.cit[i]);
    if (c) w += c->cost + kCitizenBonus;
  }
  for (int id : p.dom) {
    if (const DomainCard* d = db.domain(id)) w += kDomainShare * d->cost;
  }
  return w;
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
