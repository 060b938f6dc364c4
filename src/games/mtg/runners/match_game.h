// Magic on the kernel: a kernel::Game over mtg::Match, so every bot, the playout driver, replay
// and the conformance test play Magic like the other games.
//
// Decisions are the match's moves: keep or mulligan before the first turn, then the player who
// acts (the active player, the defender while blocks are declared, the player offered to respond,
// a chooser's player) picks a card's option (play, cast, attack, block, an ability), answers an
// open menu or target chooser, or passes (ends the step, declines the offer, stops choosing). The
// deal and the mulligans' shuffles are drawn through the match's Chance and logged, so a game
// replays from its log. Searchable (copies are Match copies), Evaluable (a heuristic for the
// greedy bot), determinizable for the MCTS bot (the cards a player cannot see are re-ordered).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "games/mtg/runners/match.h"
#include "kernel/decision.h"
#include "kernel/game.h"

namespace rk::mtg {

// Prompts (kernel::Choice::prompt): what the question is; their words in prompt_text().
enum MatchPrompt : uint16_t { kPromptAct = 0, kPromptMenu = 1, kPromptTarget = 2, kPromptRespond = 3, kPromptMulligan = 4 };
const char* prompt_text(uint16_t prompt);

class MatchGame {
 public:
  using Action = Move;
  MatchGame(Catalog& cat, const Deck& a, const Deck& b, uint64_t seed, int turn_limit = 60, MatchOptions o = {});
  MatchGame(const MatchGame& o) : log_(o.log_), logging_(o.logging_), match_(std::make_unique<Match>(*o.match_)) {}
  MatchGame& operator=(const MatchGame& o) {
    if (this != &o) *this = MatchGame(o);
    return *this;
  }
  MatchGame(MatchGame&&) noexcept = default;
  MatchGame& operator=(MatchGame&&) noexcept = default;

  int num_players() const { return 2; }
  kernel::Decider decider() const;
  int current_player() const { return decider().next(); }
  kernel::Choice choice() const;
  std::vector<Move> legal_actions() const { return match_->moves(); }
  bool apply_index(size_t i);
  // A move taken from legal_actions() of this position (a search's rollouts list them once).
  void apply(const Move& m);
  bool terminal() const { return match_->over(); }
  int turn() const { return match_->game().turn; }
  std::vector<double> returns() const;
  uint64_t hash() const { return match_->hash(); }
  const kernel::Log& log() const { return log_; }
  std::string label(const Move& m) const { return m.label; }
  std::string error() const;

  // Higher is better for `player` (match_game.cc: life, poison, the board, cards in hand, lands).
  double evaluate(int player) const;
  // Whether the player to act decides more than their mana here: some move is neither the pass,
  // a mana ability, nor keep-or-mulligan (the rollout bot searches these; it taps mana and keeps
  // its hand as the greedy bot does).
  bool worth_searching() const;
  void determinize(int observer, kernel::Rng& rng) { match_->determinize(observer, rng); }
  MatchGame copy_for_search() const {
    MatchGame g(*this);
    g.log_ = kernel::Log();
    g.logging_ = false;
    return g;
  }
  kernel::Chance& chance() { return match_->chance(); }

  const Match& match() const { return *match_; }
  Match& match() { return *match_; }

 private:
  kernel::Log log_;  // before match_: the deal writes into it
  bool logging_ = true;
  std::unique_ptr<Match> match_;
};

static_assert(kernel::Searchable<MatchGame> && kernel::Evaluable<MatchGame>);

// A bot's name as `wagic sim --agents` and `wagic play --bot` take it (agents::make_agent's names),
// where a bare `mcts` gets a budget a Magic game can afford: whole random rollouts of a thousand
// moves are too slow, so 200 iterations a decision, rollouts cut after 20 decisions and scored.
inline std::string bot_spec(const std::string& name) { return name == "mcts" ? "mcts:200:d20" : name; }

}  // namespace rk::mtg
