// Playing whole games: two agents at a game until it ends, a game log as a file, and replaying one.
#pragma once

#include <cstdint>
#include <string>

#include "agents/agent.h"
#include "games/cfc/rules/game.h"

namespace rk::cfc {

// Plays `g` to its end with one agent per seat. Returns the number of decisions taken.
size_t play_out(Game& g, agents::Agent<Game>& first_seat, agents::Agent<Game>& second_seat);

// Every card is in exactly one place and the numbers are sane; what is wrong otherwise (the engine
// errors `sim` and `coverage` count).
std::vector<std::string> check_invariants(const Game& g);

// A game as a file: {"game": "cfc", "seed", "decks": [path, path], "log", "final": {hash, winner, turns}}.
struct GameRecord {
  uint64_t seed = 0;
  std::string decks[2];
  kernel::Log log;
  std::string final_hash;  // hex
  int winner = -1, turns = 0;
};
std::string record_to_json(const GameRecord& r);
bool record_from_json(const std::string& text, GameRecord& out, std::string& error);
GameRecord record_of(const Game& g, uint64_t seed, const std::string& deck_a, const std::string& deck_b);

// Replays the decisions of `log` on a new game from the same decks and seed; checks that every
// random draw and every decision matches (the number of legal actions too). False with `error`
// at the first difference.
bool replay(const CardPool& pool, const Deck& a, const Deck& b, uint64_t seed, const kernel::Log& log, Game& out,
            std::string& error);

}  // namespace rk::cfc
