// A whole game of Magic between two decks on the engine (`rulekit wagic sim` and `wagic play`,
// and through the kernel's Game concept in match_game.h): the deal, every step of every turn, and
// the moves open to the player who acts. The harness (harness.cc) drives the same engine from a
// test's commands; here the moves are listed instead.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "games/mtg/rules/game.h"
#include "kernel/chance.h"
#include "kernel/log.h"

namespace rk::mtg {

// A prebuilt deck: one multiverse id a line, `#` lines are comments (#NAME: gives its name).
struct Deck {
  std::string name, path;
  std::vector<int64_t> ids;  // lines by multiverse id (one per copy)
  // Lines by name, as most of Wagic's prebuilt decks are written ("Lord of the Undead (10E) *4"):
  // the name in lower case (its set dropped: a name is one card's rules) and how many copies. The
  // catalog resolves them when the cards are dealt (Match), as Wagic's getCardByName does.
  std::vector<std::pair<std::string, int>> named;
};
// A Wagic deck file: `#NAME:` and other `#` lines, then a card a line, by id or by name, with an
// optional ` *N` count (what follows the count is a comment).
bool read_deck(const std::string& path, Deck& out, std::string& err);
// The deck files of a folder in their number's order (deck1, deck2, .., deck10, ..).
std::vector<std::string> deck_files(const std::string& dir);

// Everything in the engine's state that decides the future, folded (match_hash.cc).
uint64_t state_hash(const Game& g);

struct Move {
  enum Kind { kNext, kCard, kChoice, kTarget, kPlayer, kMulligan } kind = kNext;
  int card = -1;   // kCard, kTarget: the object; kPlayer: the player
  int index = 0;   // kCard: which of the card's options; kChoice: the menu's option; kMulligan: 0 keep, 1 mulligan
  std::string label;
  // The same move (labels are words for people, not part of what a move is).
  bool operator==(const Move& o) const { return kind == o.kind && card == o.card && index == o.index; }
};

struct MatchOptions {
  // Offers to respond: a spell or ability put on the stack, and a player's wish to end the step,
  // are offered to the other player, who may cast instants and activate abilities first (the
  // engine's interrupter: `acting_player`). Off: everything resolves at once (the first version
  // of whole games; `wagic sim --no-responses` still plays it, with its old hashes).
  bool responses = true;
  // The deal's draws decided outside (a logged game's draws, replayed without its seed): fed to
  // the match's Chance before it shuffles; empty: the seed decides.
  std::vector<kernel::FedDraw> deal;
  // Combat declarations that end: in a declaration step a creature's "attack" is offered once
  // (no taking it back) and only when it can attack, its "block" (which moves the blocker on to
  // the next attacker it can block, and from the last back to none) as many times as there are
  // attackers. Without it a bot that looks one move ahead declares and takes back forever rather
  // than let combat damage come. Off: every click is offered, as in Wagic (`wagic sim --classic`).
  bool bounded_declarations = true;
  // Mulligans before the first turn (match_mulligan.cc): each player, the starting player first,
  // keeps their hand or takes a mulligan (Wagic's rule: the hand is shuffled back and one card
  // fewer drawn, as often as they like). Off: both keep their seven (`wagic sim --classic`).
  bool mulligans = true;
  // The starting player skips the draw of the first turn (CR 103.7a; Wagic begins a game in the
  // first main phase). Off: they draw (the first whole games did, `wagic sim --classic`).
  bool skip_first_draw = true;
  // Priority once blockers are declared (game.h: Game::blockers_window): the active player, then
  // the defender, may act before combat damage (ninjutsu, a pump after blocks). Off: combat runs
  // on to damage as Wagic's tests have it (`wagic sim --classic` and `--no-responses`).
  bool blockers_window = true;
};

class Match {
 public:
  static constexpr uint16_t kDealTag = 1;  // the log's tag of the shuffles' draws (the deal, mulligans)
  // Deals from the decks (shuffled through the match's Chance from `seed`, each draw written to
  // `log` when given; seven cards each); player 0 begins, once both players kept their hands when
  // `options.mulligans`. Unknown ids are left out (counted in `unknown`). A game with no winner
  // after `turn_limit` turns is a draw.
  Match(Catalog& cat, const Deck& a, const Deck& b, uint64_t seed, int turn_limit, MatchOptions options = {},
        kernel::Log* log = nullptr);
  // A real copy, no replay (search bots copy positions): the game with its open decisions and
  // its Lua side (game.h), the generator and what is left of the fed draws; the copy's game draws
  // from the copy's generator. A copy writes to no log.
  Match(const Match& o);
  Match& operator=(const Match& o);

  bool over() const { return game_.loser >= 0 || draw_ || !error.empty(); }
  int winner() const { return game_.loser >= 0 ? 1 - game_.loser : -1; }  // -1: a draw (or an error)
  int actor() const { return mulligan_ >= 0 ? mulligan_ : game_.acting_player(); }
  const std::vector<Move>& moves();  // empty once over; listed once per position
  // Then the game goes on to the next decision. A shuffle it makes (a mulligan's) writes its
  // draws to `log` when given.
  void play(const Move& m, kernel::Log* log = nullptr);
  // The keep-or-mulligan decision before the first turn is open (for `actor()`).
  bool mulligan_open() const { return mulligan_ >= 0; }
  std::string describe(const Move& m) const;
  // An offer to respond is open: the actor may act before the top of the stack resolves (or the
  // step ends); kNext declines.
  bool offer_open() const { return offer_ >= 0; }
  // Everything that decides the future (match_hash.cc).
  uint64_t hash() const;

  const Game& game() const { return game_; }
  kernel::Chance& chance() { return chance_; }
  const kernel::Chance& chance() const { return chance_; }
  // Puts the unseen cards of `observer`'s opponent (hand and library) in a new random order,
  // keeping each zone's size, and `observer`'s own library (a search's determinization;
  // match_game.cc); observer kernel::kSpectator (-1): both players' hands and libraries.
  void determinize(int observer, kernel::Rng& rng);
  // Test set-up only: the engine's state, to build a position by hand.
  Game& mutable_game() {
    moves_valid_ = false;
    return game_;
  }
  void resettle() {
    moves_valid_ = false;
    settle();
  }
  std::string error;         // an engine error ended the game (an exception, or no legal move)
  int unknown = 0;           // deck ids the catalog does not know
  size_t moves_played = 0;

 private:
  void start();
  void mulligan_moves(std::vector<Move>& out) const;
  void mulligan(const Move& m, kernel::Log* log);
  void settle();
  bool settle_offer();
  std::string offer_label() const;
  bool could_respond(int player);
  void next();
  void check_draw_rule(int before_turn, size_t library_before);
  void chooser_moves(std::vector<Move>& out) const;
  void list_moves(std::vector<Move>& out);
  void shuffle_unseen(int observer, kernel::Rng& rng);

  Game game_;
  kernel::Chance chance_;
  int turn_limit_;
  MatchOptions options_;
  bool draw_ = false;
  int mulligan_ = -1;         // the player deciding to keep or mulligan, -1 once both kept
  bool leylines_asked_ = false;  // start() offered the leylines in the opening hands
  bool begun_ = false;        // the first turn began (the leylines were answered)
  int offer_ = -1;            // the player offered to respond, -1 when none
  size_t offer_depth_ = 0;    // the stack's size when the offer opened
  bool declaration_open(int card, const std::string& option) const;
  void count_declaration(const Move& m);

  // The clicks on each creature in the current declaration step (bounded_declarations).
  struct Declarations {
    int turn = -1;
    Phase phase = Phase::kUntap;
    std::vector<std::pair<int, int>> clicks;  // card, times
    int times(int card) const;
  } declared_;
  std::vector<Move> moves_;  // moves() of the position, while moves_valid_
  bool moves_valid_ = false;
};

}  // namespace rk::mtg
