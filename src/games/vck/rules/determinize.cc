// What a seat cannot see, re-sampled for a search (agents/mcts_agent.h, SO-ISMCTS): the other
// seats' dukes (dealt face down; each seat knows only its own), the order of the domain cards under
// the tops of the domain stacks, and the order of the exhausted deck. Everything face up (stack
// tops, tableaus, resources, the dice) and the monster stacks (ordered by the rules, not shuffled)
// stay as they are. Dice still to come are re-sampled by the search reseeding the state's Chance.
#include <algorithm>

#include "games/vck/rules/game.h"

namespace rk::vck {
namespace {

constexpr int kBannedDuke = 22;  // never dealt (deal.cc)

template <class T>
void shuffle(std::vector<T>& v, kernel::Rng& rng) {
  for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.below(static_cast<uint32_t>(i))]);
}

}  // namespace

void Game::determinize(int observer, kernel::Rng& rng) {
  // Dukes: the pool is every dealable duke the observer does not hold.
  std::vector<int> pool;
  static const std::vector<int> kNone;  // a spectator (kernel::kSpectator) holds no duke
  const std::vector<int>& mine = observer >= 0 ? players_[static_cast<size_t>(observer)].dukes : kNone;
  for (const DukeCard& d : db_->dukes) {
    if (d.id && d.id != kBannedDuke && std::find(mine.begin(), mine.end(), d.id) == mine.end()) pool.push_back(d.id);
  }
  shuffle(pool, rng);
  for (size_t s = 0; s < players_.size(); ++s) {
    if (static_cast<int>(s) == observer) continue;
    for (int& d : players_[s].dukes) {
      if (pool.empty()) break;
      d = pool.back();
      pool.pop_back();
    }
  }
  // Domain cards under the tops, across the stacks (a just-built stack's next card is not yet
  // revealed: its top stays hidden too, so leave the stacks alone then).
  if (unrevealed_domain_stack_ < 0) {
    std::vector<CardRef> hidden;
    for (const auto& st : domains_) {
      for (size_t k = 0; k + 1 < st.size(); ++k) hidden.push_back(st[k]);
    }
    shuffle(hidden, rng);
    size_t next = 0;
    for (auto& st : domains_) {
      for (size_t k = 0; k + 1 < st.size(); ++k) st[k] = hidden[next++];
    }
  }
  shuffle(exhausted_, rng);
}

}  // namespace rk::vck
