// Relics (the relic gate keeps one per player; relics.py): the passive ones trigger on their own
// at a build. Their effect strings use the action.* trigger grammar.
#include <cstdio>
#include <cstring>

#include "games/vck/rules/game.h"

namespace rk::vck {

const std::string& Game::relic_passive(int seat) const {
  static const std::string none;
  const Player& p = players_[static_cast<size_t>(seat)];
  if (p.relics.size() != 1 || relic_waiting_) return none;  // dealt, not kept yet
  const RelicCard* r = db_->relic(p.relics[0]);
  return r ? r->passive.text : none;
}

bool Game::relic_ignores_role(int seat) const {
  return relic_passive(seat).rfind("action.build_domain ignore_requirement", 0) == 0;
}

void Game::relic_on_build(int seat, bool ignored_role) {
  const std::string& t = relic_passive(seat);
  if (t.rfind("action.build_domain", 0) != 0) return;
  const RelicCard* r = db_->relic(players_[static_cast<size_t>(seat)].relics[0]);
  int n = 0;
  if (std::sscanf(t.c_str(), "action.build_domain v %d", &n) == 1) {  // Violet Ring
    note_ran(r->passive);
    player(seat).vp += n;
    return;
  }
  // Evermap: "... ignore_requirement 1 or m N": the magic when the ignore was not needed.
  const char* alt = std::strstr(t.c_str(), " or m ");
  if (!ignored_role && alt && std::sscanf(alt, " or m %d", &n) == 1) {
    note_ran(r->passive);
    player(seat).m += n;
  }
  if (ignored_role) note_ran(r->passive);
}

}  // namespace rk::vck
