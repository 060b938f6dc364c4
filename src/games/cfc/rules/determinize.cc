// What an observer cannot see, re-dealt (for a search's determinizations, and the view test's
// check that a view shows nothing of it): the order of a deck (nobody looks into it), and the other
// player's hand, pooled with their deck (the observer knows which cards the deck list holds, not
// which of them are in hand). A spectator sees neither hand. Everything else is face up: the rings
// with their back-ups, the discards and removed piles, HP and SP.
//
// A card that the rule waiting on a question, or the rule's memory, names (a prophecy's cards set
// aside, the targets taken so far) keeps its place, so the question still asks about it.
#include <algorithm>

#include "games/cfc/rules/game.h"

namespace rk::cfc {
namespace {

void shuffle(std::vector<EntityId>& v, kernel::Rng& rng) {
  for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.below(static_cast<uint32_t>(i))]);
}

// Re-deals the cards of `zones` among their places, leaving the pinned ones where they are.
void redeal(std::vector<kernel::Zone*> zones, const std::vector<EntityId>& pinned, kernel::Rng& rng) {
  auto free = [&pinned](EntityId e) { return std::find(pinned.begin(), pinned.end(), e) == pinned.end(); };
  std::vector<EntityId> pool;
  for (kernel::Zone* z : zones) std::copy_if(z->ids().begin(), z->ids().end(), std::back_inserter(pool), free);
  shuffle(pool, rng);
  size_t next = 0;
  for (kernel::Zone* z : zones) {
    for (EntityId& e : z->ids()) {
      if (free(e)) e = pool[next++];
    }
  }
}

}  // namespace

void Game::determinize(int observer, kernel::Rng& rng) {
  std::vector<EntityId> pinned;
  auto pin = [&pinned](const std::vector<EntityId>& v) { pinned.insert(pinned.end(), v.begin(), v.end()); };
  for (size_t i = 0; i < frames_.size(); ++i) {
    const Suspended& s = frames_.at(i).memory;
    pin(s.q.aside), pin(s.cards), pin(s.more);
  }
  for (const auto* v : {&memory_.discarded, &memory_.destroyed, &memory_.sacrificed, &memory_.moved, &memory_.trashed,
                        &memory_.prev_targets, &memory_.targets}) {
    pin(*v);
  }
  for (int p = 0; p < 2; ++p) {
    PlayerState& ps = players_[static_cast<size_t>(p)];
    if (p == observer) redeal({&ps.deck}, pinned, rng);
    else redeal({&ps.hand, &ps.deck}, pinned, rng);
  }
}

}  // namespace rk::cfc
