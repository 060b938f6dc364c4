// A game at a table, with its type erased: what the table service (tables.h), the bot runner and
// the table log need of any kernel::Game, behind one interface, so that the server is written once
// for every game. A game's own part is small and lives in the registry (src/registry/tables_*.cc):
// its options and their checks, how a state is built from them, and its view of a state for an
// observer (TableKind). ErasedGame<G> (erased_game.h) turns any kernel::Game into a TableGame.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernel/decision.h"
#include "kernel/view.h"

namespace rk::server::tables {

class TableGame;

// What one decision told each observer, in the game's own words (the narration the terminal
// prints): a spectator's lines, and the lines of each seat that reads something else (its own
// draws, its own duke, "you"). Kept per decision with the table, so that a log, a spectator's
// included, is told as that observer could see it and nothing more.
struct Told {
  std::vector<std::string> all;                                 // a spectator's lines
  std::vector<std::pair<int, std::vector<std::string>>> seats;  // seats whose lines differ from `all`
  const std::vector<std::string>& lines(int observer) const {
    for (const auto& [seat, l] : seats) {
      if (seat == observer) return l;
    }
    return all;
  }
};

// A Told from a narration per observer: `tell(observer)` for a spectator and each seat.
template <class F>
Told tell_each(int players, F tell) {
  Told t;
  t.all = tell(-1);
  for (int s = 0; s < players; ++s) {
    std::vector<std::string> mine = tell(s);
    if (mine != t.all) t.seats.emplace_back(s, std::move(mine));
  }
  return t;
}

// A bot seated at a table: picks an option on a copy of the game (the table's own state is never
// handed to a thinking bot, so the table answers requests meanwhile).
class TableBot {
 public:
  virtual ~TableBot() = default;
  virtual size_t choose(const TableGame& position) = 0;
};

class TableGame {
 public:
  virtual ~TableGame() = default;
  virtual int num_players() const = 0;
  virtual kernel::Decider decider() const = 0;
  virtual int current_player() const = 0;  // decider().next()
  virtual kernel::Choice choice() const = 0;
  virtual std::vector<std::string> labels() const = 0;  // one per legal action, in order
  virtual bool apply(size_t index) = 0;                 // false (and no change) when not legal
  // apply(), and what it told each observer (no lines for a game without narration).
  virtual bool apply_told(size_t index, Told& told) = 0;
  virtual bool apply_chance() = 0;                      // a chance node's outcome, from the state's Chance
  virtual bool terminal() const = 0;
  virtual std::vector<double> returns() const = 0;
  virtual uint64_t hash() const = 0;
  virtual std::string error() const = 0;
  // What `observer` (a seat, or kernel::kSpectator) may see, in the one view shape of every game.
  virtual nlohmann::json view(int observer) const = 0;
  // A card's printed text for hover, if `observer` may see the card (null otherwise).
  virtual nlohmann::json card_text(std::string_view card_id, int observer) const = 0;
  // One option of the current decision as the page shows it: {"label", "card"?, "group"?}.
  virtual nlohmann::json option_view(size_t index) const = 0;
  // Options a person is offered beyond the legal actions, as the terminal offers them (Magic: a
  // spell cast with its mana paid for you): their views ({"label", "card"?, "group"}), in order.
  virtual std::vector<nlohmann::json> shortcuts() const = 0;
  // The legal actions, by index in the state each reaches, that shortcut `k` is made of (worked
  // out on a copy); empty when there is no such shortcut now.
  virtual std::vector<size_t> shortcut_plan(size_t k) const = 0;
  // The option the player to move would take with nothing else to decide (Magic: the pass of a
  // step where they can do nothing but pass), which a table takes for a person; none otherwise.
  virtual std::optional<size_t> forced_option() const = 0;
  // The words of the current question ("choose an action").
  virtual std::string prompt() const = 0;
  virtual std::unique_ptr<TableGame> clone() const = 0;
  // A bot by the CLI's names (random, greedy, mcts[:N][:dD]); nullptr when this game has none by
  // that name.
  virtual std::unique_ptr<TableBot> make_bot(const std::string& spec, uint64_t seed) const = 0;
};

// A game the server sets tables for: one entry per kernel game, named by the registry.
struct TableKind {
  std::string_view name;   // as the registry names the game: "cfc", "vck", "wagic"
  std::string_view alias;  // another name a request may use ("mtg"); empty when none
  std::string_view title;
  // GET /api/games: the options and their choices (decks, presets) for the create form.
  nlohmann::json (*describe)() = nullptr;
  // Checks a request's options for a table of `seats` seats; fills `normalized` (every option
  // given its value, stored with the table). False with a message that says which option and why
  // (the 400 answer), a seat count the game cannot have included.
  bool (*check_options)(const nlohmann::json& options, int seats, nlohmann::json& normalized, std::string& error) = nullptr;
  // The game's first state from checked options and a seed; nullptr with `error` when the game's
  // files cannot be loaded.
  std::unique_ptr<TableGame> (*make)(const nlohmann::json& normalized, uint64_t seed, std::string& error) = nullptr;
  // A state and its copies share something they change as they play (Magic's catalog compiles
  // cards on first use): a bot then thinks while holding its table, never beside it.
  bool copies_share_state = false;
};

// How a table ended (the stored finish code).
enum TableFinish : int {
  kRunning = 0,
  kGameOver = 1,        // the game's own end
  kEngineUpgrade = 2,   // the stored decisions no longer replay on this engine
  kEngineError = 3,     // the engine failed in the middle of the game
  kDecisionLimit = 4,   // more decisions than the limit max_table_decisions
};

// "p1" for seat 0: the one name a seat has everywhere (API, CLI --seat 1, the page).
using kernel::seat_name;

}  // namespace rk::server::tables
