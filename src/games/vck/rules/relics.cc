// Relics (the relic gate keeps one per player; relics.py): the passive ones trigger on their own
// at a build. Their effect strings use the action.* trigger grammar.
#include <algorithm>
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

// Thunder Axe (relics.py relic_slay_discount, player_actions.py slay_monster): when slaying, the
// owner may ignore up to N of the card's printed magic or M of its printed strength (never event
// surcharges or other additions); the plain payments stay listed beside these.
void Game::list_axe_payments(Action::Type t, int id, int s, int m, int s_part, int m_part, int gold, std::vector<Action>& out) const {
  const std::string& text = relic_passive(active_);
  if (text.rfind("action.slay_discount", 0) != 0) return;
  int n_magic = 0, n_strength = 0;
  if (const char* at = std::strstr(text.c_str(), "magic=")) std::sscanf(at, "magic=%d", &n_magic);
  if (const char* at = std::strstr(text.c_str(), "strength=")) std::sscanf(at, "strength=%d", &n_strength);
  for (uint8_t mode = 1; mode <= 2; ++mode) {
    const int off = mode == 1 ? std::min(n_magic, m) : std::min(n_strength, s);
    if (off <= 0) continue;
    const size_t from = out.size();
    list_payments(t, id, 0, mode == 2 ? std::max(0, s_part - off) : s_part, mode == 1 ? std::max(0, m_part - off) : m_part, out);
    add_gold_part(out, from, gold);
    for (size_t k = from; k < out.size(); ++k) out[k].axe = mode;
  }
}

}  // namespace rk::vck
