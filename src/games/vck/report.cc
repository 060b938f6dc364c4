// Records of simulated games and the balance report page (report.h).
#include "games/vck/report.h"

#include <algorithm>
#include <cmath>

namespace rk::vck {
namespace {

std::string card_name(const CardDb& db, const CardRef& c) {
  if (c.kind == 'm') {
    if (const MonsterCard* m = db.monster(c.id)) return m->name;
  } else if (c.kind == 'e') {
    if (const EventCard* e = db.event(c.id)) return e->name;
  }
  return c.text();
}

}  // namespace

SimGame record_game(const Game& g) {
  SimGame r;
  r.finished = g.terminal();
  r.returns = g.returns();
  r.turns = g.turn();
  r.end_reason = g.terminal() ? (g.end_reason().empty() ? "unknown" : g.end_reason()) : "unfinished";
  const CardDb& db = g.db();
  for (const Player& p : g.players()) {
    const DukeCard* d = p.dukes.size() == 1 ? db.duke(p.dukes[0]) : nullptr;
    r.dukes.push_back(d ? d->name : "none");
    std::vector<std::string> names;
    for (int id : p.cit) {
      if (const CitizenCard* c = db.citizen(id)) names.push_back(c->name);
    }
    for (int id : p.dom) {
      if (const DomainCard* c = db.domain(id)) names.push_back(c->name);
    }
    for (const CardRef& m : p.mon) names.push_back(card_name(db, m));
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    r.owned.push_back(std::move(names));
  }
  return r;
}

Interval wilson(size_t wins, size_t n, double z) {
  if (n == 0) return {0, 1};
  const double nn = static_cast<double>(n), p = static_cast<double>(wins) / nn, z2 = z * z;
  const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = z * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

}  // namespace rk::vck
