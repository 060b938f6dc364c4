// The Draft preset's vote before the deal (the original's server.py draft phases): yes/no ballots
// on the agent and relic modules, five rounds naming monster areas, the optional starter, then one
// citizen per roll value. Every seat votes in every ballot, simultaneously (Decider::gate over the
// seats that have not voted yet); a ballot's tally breaks ties by chance.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "games/vck/compiler/cards.h"
#include "kernel/chance.h"
#include "kernel/decision.h"

namespace rk::vck {

// What can be voted for: every monster area (in table order), the optional -1/-1 starters that
// are not Crimson Seas', the citizens of each roll value that are not special (all in id order).
struct DraftPool {
  std::vector<std::string> areas;
  std::vector<int> starters;
  std::vector<std::pair<int, std::vector<int>>> citizens;  // roll value -> ids
};
DraftPool draft_pool(const CardDb& db);

// The vote's outcome: what load_game_data receives as draft_selections.
struct DraftResult {
  bool agents = false, relics = false;
  std::vector<std::string> monster_areas;  // in tally order
  int starter = 0;
  std::map<int, int> citizens;  // roll value -> citizen id
};

// The tally's chance: a shuffle of n items (perm[i] = the input index now at i) and a pick among n.
struct DraftChance {
  std::function<std::vector<size_t>(size_t)> shuffle;
  std::function<size_t(size_t)> choice;
};

class Draft {
 public:
  Draft(DraftPool pool, int players, bool vote_modules = true);
  bool done() const { return ballot_ >= ballots_.size(); }
  kernel::Decider decider() const;
  // The move texts `seat` may vote now ("draft monster Forest", ...).
  std::vector<std::string> options(int seat) const;
  // Votes option `i` of options(seat); a ballot whose last vote this was is tallied with `chance`.
  bool vote(int seat, size_t i, const DraftChance& chance);
  const DraftResult& result() const { return result_; }

 private:
  enum class Kind : uint8_t { kAgents, kRelics, kMonster, kStarter, kCitizen };
  struct Ballot {
    Kind kind;
    int roll = 0;  // kCitizen: the roll value; kMonster: the round (0..4)
  };
  void tally(const Ballot& b, const DraftChance& chance);
  DraftPool pool_;
  int players_;
  std::vector<Ballot> ballots_;
  size_t ballot_ = 0;
  uint32_t waiting_ = 0;
  std::vector<std::string> votes_;                     // this ballot, in the order cast
  std::vector<int> vote_seats_;
  std::vector<std::vector<std::string>> named_areas_;  // per seat, over the monster rounds
  int yes_ = 0, no_ = 0;
  DraftResult result_;
};

// A whole vote by random voters (every option of every ballot equally likely), every draw
// through `chance`: what a simulation of the draft preset deals from.
DraftResult random_vote(const CardDb& db, int players, kernel::Chance& chance);

}  // namespace rk::vck
