// A whole game of Magic between two decks on the engine (`rulekit wagic sim` and `wagic play`):
// the deal, every step of every turn, and the moves open to the player who acts. The harness
// (harness.cc) drives the same engine from a test's commands; here the moves are listed instead.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "games/mtg/game.h"
#include "kernel/rng.h"

namespace rk::mtg {

// A prebuilt deck: one multiverse id a line, `#` lines are comments (#NAME: gives its name).
struct Deck {
  std::string name, path;
  std::vector<int64_t> ids;
};
bool read_deck(const std::string& path, Deck& out, std::string& err);
// The deck files of a folder in their number's order (deck1, deck2, .., deck10, ..).
std::vector<std::string> deck_files(const std::string& dir);

struct Move {
  enum Kind { kNext, kCard, kChoice, kTarget, kPlayer } kind = kNext;
  int card = -1;   // kCard, kTarget: the object; kPlayer: the player
  int index = 0;   // kCard: which of the card's options; kChoice: the menu's option
  std::string label;
};

class Match {
 public:
  // Deals from the decks (shuffled by `seed`, seven cards each); player 0 begins. Unknown ids
  // are left out (counted in `unknown`). A game with no winner after `turn_limit` turns is a draw.
  Match(Catalog& cat, const Deck& a, const Deck& b, uint64_t seed, int turn_limit);
  // A real copy, no replay (search bots copy positions): the game with its open decisions and
  // its Lua side (game.h), the generator; the copy's game draws from the copy's generator.
  Match(const Match& other);
  Match& operator=(const Match& other);

  bool over() const { return game_.loser >= 0 || draw_ || !error.empty(); }
  int winner() const { return game_.loser >= 0 ? 1 - game_.loser : -1; }  // -1: a draw (or an error)
  int actor() const { return game_.acting_player(); }
  std::vector<Move> moves();  // empty once over
  void play(const Move& m);   // then the game goes on to the next decision
  std::string describe(const Move& m) const;

  const Game& game() const { return game_; }
  std::string error;         // an engine error ended the game (an exception, or no legal move)
  int unknown = 0;           // deck ids the catalog does not know
  size_t moves_played = 0;

 private:
  void settle();
  void next();
  void check_draw_rule(int before_turn, size_t library_before);
  void chooser_moves(std::vector<Move>& out) const;

  Game game_;
  kernel::Rng rng_;
  int turn_limit_;
  bool draw_ = false;
};

}  // namespace rk::mtg
