// Soulbond (CR 702.95). A creature with soulbond has a trigger (compiler: soulbond_pairing) that
// fires as it enters while another unpaired creature of its controller's is there, or as another
// creature enters under its controller's control while it is unpaired. As it resolves, the
// controller picks the partner in a menu or declines (a decision kept as data, resume.h). Its
// "soulbond X" lines then apply to both creatures (layers.cc) for as long as they stay paired:
// both on the battlefield, under one controller, both creatures (CR 702.95e).
#include <algorithm>
#include <vector>

#include "games/mtg/rules/game.h"

namespace rk::mtg {

int Game::partner(int card) const {
  const auto in_range = [this](int c) { return c >= 0 && static_cast<size_t>(c) < objs.size(); };
  if (!in_range(card)) return -1;
  const Obj& o = objs[static_cast<size_t>(card)];
  if (!in_range(o.paired) || o.paired == card) return -1;
  const Obj& q = objs[static_cast<size_t>(o.paired)];
  // Each remembers the other; a card that left the battlefield is a new object with no pair (board.cc).
  const bool still = q.paired == card && o.zone == kBattlefield && q.zone == kBattlefield && o.controller == q.controller;
  return still ? o.paired : -1;
}

namespace {

// A creature `c` on the battlefield under `controller`'s control with no partner.
bool unpaired_creature(const Game& g, int c, int controller) {
  const Obj& o = g.objs[static_cast<size_t>(c)];
  return o.zone == kBattlefield && !o.phased_out && o.controller == controller && g.is_creature(c) && g.partner(c) < 0;
}

// Who `source` may pair with now, `entered` being the creature whose arrival triggered it.
std::vector<int> partners_for(const Game& g, int source, int entered) {
  std::vector<int> out;
  if (source < 0 || entered < 0 || static_cast<size_t>(source) >= g.objs.size() || static_cast<size_t>(entered) >= g.objs.size()) return out;
  const int controller = g.objs[static_cast<size_t>(source)].controller;
  if (!unpaired_creature(g, source, controller)) return out;
  if (entered != source) {  // another creature entered: only that one (CR 702.95a)
    if (unpaired_creature(g, entered, controller)) out.push_back(entered);
    return out;
  }
  for (size_t c = 0; c < g.objs.size(); ++c) {
    if (static_cast<int>(c) != source && unpaired_creature(g, static_cast<int>(c), controller)) out.push_back(static_cast<int>(c));
  }
  return out;
}

}  // namespace

bool Game::pairing_possible(int source, int entered) const { return !partners_for(*this, source, entered).empty(); }

void Game::offer_pairing(int source, int entered, int controller) {
  const std::vector<int> partners = partners_for(*this, source, entered);  // checked again as it resolves
  if (partners.empty()) return note("soulbond: no creature to pair with");
  Menu m;
  for (int p : partners) {
    m.options.push_back({"pair with " + name(p), Resume{.kind = Resume::Kind::kPair, .card = source, .actor = controller, .index = p}});
  }
  m.options.push_back({"cancel", Resume{}});  // it may stay unpaired
  menus.push_back(std::move(m));
}

void Game::pair_chosen(const Resume& r) {
  const std::vector<int> partners = partners_for(*this, r.card, r.card);
  if (std::find(partners.begin(), partners.end(), r.index) == partners.end()) return note("soulbond: the pair is no longer possible");
  objs[static_cast<size_t>(r.card)].paired = r.index;
  objs[static_cast<size_t>(r.index)].paired = r.card;
  note(name(r.card) + " is paired with " + name(r.index));
  invalidate();
}

void Game::unpair_noncreatures() {
  for (size_t c = 0; c < objs.size(); ++c) {
    const int p = partner(static_cast<int>(c));
    if (p < 0 || (is_creature(static_cast<int>(c)) && is_creature(p))) continue;
    objs[c].paired = objs[static_cast<size_t>(p)].paired = -1;  // one stopped being a creature (CR 702.95e)
    invalidate();
  }
}

}  // namespace rk::mtg
