// Rule Game through the kernel's Game concept (kernel/game.h), so that the agents, `sim`, logs,
// replay and the conformance test serve it as they serve the card games.
//
// One player, the solver of an Episode: every remaining piece can be tried in every bucket (an
// attempt the hidden rule denies is a legal move that fails; that is the game). The game ends when
// the board is cleared (return 1 minus twice the share of failed attempts, so a flawless clear is
// 1 and guessing blindly goes towards -1), in a stalemate (-1), or after `max_attempts`
// attempts (-1; a safety net for bots on boards a rule makes very hard). Rule Game has no chance
// while it is played: random boards are drawn before, by the Java-exact generator.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "games/rulegame/rules/episode.h"
#include "kernel/decision.h"
#include "kernel/log.h"

namespace rk::rulegame {

class Game {
 public:
  struct Action {
    int64_t piece = 0;  // the piece's id
    int8_t bucket = 0;  // 0..3
    bool operator==(const Action&) const = default;
  };

  // `rules` must outlive the game and its copies.
  Game(const RuleSet& rules, const Board& board, int max_attempts = 10'000);

  int num_players() const { return 1; }
  kernel::Decider decider() const { return terminal() ? kernel::Decider::over() : kernel::Decider::one(0); }
  int current_player() const { return decider().next(); }
  kernel::Choice choice() const;
  std::vector<Action> legal_actions() const;
  bool apply_index(size_t index);
  bool terminal() const { return episode_.over() || episode_.attempts() >= max_attempts_; }
  std::vector<double> returns() const;
  uint64_t hash() const;
  const kernel::Log& log() const { return log_; }
  std::string label(const Action& a) const;
  std::string error() const { return {}; }
  Game copy_for_search() const;
  // Pieces cleared so far minus failed attempts, for the greedy bot (it learns nothing: a baseline).
  double evaluate(int player) const;

  const Episode& episode() const { return episode_; }
  // The response code of the last attempt (Code), kNoGame before the first.
  int last_code() const { return last_code_; }

 private:
  Episode episode_;
  kernel::Log log_;
  int max_attempts_;
  int last_code_ = kNoGame;
};

}  // namespace rk::rulegame
