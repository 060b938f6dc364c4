#include "games/vck/rules/draft.h"

#include <algorithm>

namespace rk::vck {

DraftPool draft_pool(const CardDb& db) {
  DraftPool out;
  for (const MonsterCard& m : db.monsters) {
    if (m.id && std::find(out.areas.begin(), out.areas.end(), m.area) == out.areas.end()) out.areas.push_back(m.area);
  }
  // Peasant and Knight (1, 2) are everyone's; the rest are the optional -1/-1 starter, Crimson
  // Seas' excluded by the preset (presets/draft.json exclude_starter_expansions).
  for (const StarterCard& s : db.starters) {
    if (s.id > 2 && s.expansion != "crimsonseas") out.starters.push_back(s.id);
  }
  for (const CitizenCard& c : db.citizens) {
    if (!c.id || c.special || c.rm1 <= 0) continue;
    auto it = std::find_if(out.citizens.begin(), out.citizens.end(), [&](const auto& r) { return r.first == c.rm1; });
    if (it == out.citizens.end()) out.citizens.push_back({c.rm1, {}}), it = out.citizens.end() - 1;
    it->second.push_back(c.id);
  }
  std::sort(out.citizens.begin(), out.citizens.end());
  return out;
}

Draft::Draft(DraftPool pool, int players, bool vote_modules) : pool_(std::move(pool)), players_(players) {
  if (vote_modules) ballots_.push_back({Kind::kAgents}), ballots_.push_back({Kind::kRelics});
  for (int r = 0; r < 5; ++r) ballots_.push_back({Kind::kMonster, r});
  ballots_.push_back({Kind::kStarter});
  for (const auto& [roll, ids] : pool_.citizens) ballots_.push_back({Kind::kCitizen, roll});
  named_areas_.resize(static_cast<size_t>(players));
  waiting_ = (1u << players) - 1;
}

kernel::Decider Draft::decider() const { return done() ? kernel::Decider::over() : kernel::Decider::gate(waiting_); }

std::vector<std::string> Draft::options(int seat) const {
  std::vector<std::string> out;
  if (done() || !(waiting_ & (1u << seat))) return out;
  const Ballot& b = ballots_[ballot_];
  switch (b.kind) {
    case Kind::kAgents: return {"draft agents yes", "draft agents no"};
    case Kind::kRelics: return {"draft relics yes", "draft relics no"};
    case Kind::kMonster: {
      const auto& named = named_areas_[static_cast<size_t>(seat)];
      for (const std::string& a : pool_.areas) {
        if (std::find(named.begin(), named.end(), a) == named.end()) out.push_back("draft monster " + a);
      }
      return out;
    }
    case Kind::kStarter:
      for (int s : pool_.starters) out.push_back("draft starter " + std::to_string(s));
      return out;
    case Kind::kCitizen:
      for (const auto& [roll, ids] : pool_.citizens) {
        if (roll != b.roll) continue;
        for (int id : ids) out.push_back("draft citizen " + std::to_string(id));
      }
      return out;
  }
  return out;
}

bool Draft::vote(int seat, size_t i, const DraftChance& chance) {
  const auto opts = options(seat);
  if (i >= opts.size()) return false;
  const std::string what = opts[i].substr(opts[i].rfind(' ') + 1);
  const Ballot& b = ballots_[ballot_];
  if (b.kind == Kind::kMonster) {
    named_areas_[static_cast<size_t>(seat)].push_back(opts[i].substr(std::string("draft monster ").size()));
  } else if (b.kind == Kind::kAgents || b.kind == Kind::kRelics) {
    (what == "yes" ? yes_ : no_) += 1;
  } else {
    votes_.push_back(what);
    vote_seats_.push_back(seat);
  }
  waiting_ &= ~(1u << seat);
  if (waiting_ != 0) return true;
  tally(b, chance);
  ++ballot_;
  waiting_ = done() ? 0 : (1u << players_) - 1;
  votes_.clear(), vote_seats_.clear();
  yes_ = no_ = 0;
  return true;
}

void Draft::tally(const Ballot& b, const DraftChance& chance) {
  switch (b.kind) {
    case Kind::kAgents: result_.agents = yes_ > no_; return;  // a module is in iff yes > no
    case Kind::kRelics: result_.relics = yes_ > no_; return;
    case Kind::kMonster: {
      if (b.roll < 4) return;  // the last round closes the monster vote
      // Every area with its votes (a seat's first five names), shuffled, then stably sorted by votes.
      std::vector<std::pair<std::string, int>> scored;
      for (const std::string& a : pool_.areas) {
        int n = 0;
        for (const auto& named : named_areas_) n += static_cast<int>(std::count(named.begin(), named.begin() + std::min<long>(5, static_cast<long>(named.size())), a));
        scored.push_back({a, n});
      }
      const std::vector<size_t> perm = chance.shuffle(scored.size());
      std::vector<std::pair<std::string, int>> shuffled;
      for (size_t k : perm) shuffled.push_back(scored[k]);
      std::stable_sort(shuffled.begin(), shuffled.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
      for (size_t k = 0; k < 5 && k < shuffled.size(); ++k) result_.monster_areas.push_back(shuffled[k].first);
      return;
    }
    case Kind::kStarter:
    case Kind::kCitizen: {
      // The most-voted ids in the order first voted, or every option when nobody voted.
      std::vector<std::pair<std::string, int>> counts;
      for (const std::string& v : votes_) {
        auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == v; });
        if (it == counts.end()) counts.push_back({v, 1});
        else ++it->second;
      }
      std::vector<int> cands;
      int best = 0;
      for (const auto& c : counts) best = std::max(best, c.second);
      for (const auto& c : counts) {
        if (c.second == best) cands.push_back(std::stoi(c.first));
      }
      if (cands.empty()) {
        if (b.kind == Kind::kStarter) cands = pool_.starters;
        for (const auto& [roll, ids] : pool_.citizens) {
          if (b.kind == Kind::kCitizen && roll == b.roll) cands = ids;
        }
      }
      if (cands.empty()) return;
      const int pick = cands[std::min(chance.choice(cands.size()), cands.size() - 1)];
      if (b.kind == Kind::kStarter) result_.starter = pick;
      else result_.citizens[b.roll] = pick;
      return;
    }
  }
}

DraftResult random_vote(const CardDb& db, int players, kernel::Chance& chance) {
  constexpr uint16_t kTagVote = 30, kTagTally = 31;
  Draft d(draft_pool(db), players);
  const DraftChance tie{[&](size_t n) {
                          std::vector<size_t> perm(n);
                          for (size_t i = 0; i < n; ++i) perm[i] = i;
                          chance.shuffle(perm.begin(), perm.end(), nullptr, kTagTally);
                          return perm;
                        },
                        [&](size_t n) { return static_cast<size_t>(chance.below(static_cast<uint32_t>(n), nullptr, kTagTally)); }};
  while (!d.done()) {
    const int seat = d.decider().next();
    const size_t n = d.options(seat).size();
    if (seat < 0 || n == 0) break;
    d.vote(seat, chance.below(static_cast<uint32_t>(n), nullptr, kTagVote), tie);
  }
  return d.result();
}

}  // namespace rk::vck
