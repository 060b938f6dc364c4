// What happened in a Card Fighters' Clash move, in words, for a person at the terminal: the game
// is photographed before a move and compared with the game after it (who drew, what entered or
// left the ring, BP, HP and SP changes, freezes), and the scripts the engine ran meanwhile are
// named. Nothing here changes the game.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "games/cfc/compiler/card_texts.h"
#include "games/cfc/rules/game.h"

namespace rk::cfc {

// Where a card is: whose, which zone, which slot (ring, back-up).
struct CardPlace {
  enum class Zone : uint8_t { kNowhere, kDeck, kHand, kRing, kBackup, kDiscards, kRemoved };
  Zone zone = Zone::kNowhere;
  int8_t player = -1, slot = -1;
  bool operator==(const CardPlace&) const = default;
};

// The parts of a game a person sees change, taken before a move.
struct GameSnapshot {
  std::vector<CardPlace> places;  // by entity
  std::vector<int32_t> bp;        // by entity (ring cards)
  std::vector<bool> frozen;       // by entity (ring cards)
  std::array<int32_t, 2> hp{}, sp{};
  int turn = 0, active = 0;
  int mover = -1;             // the player deciding the move about to be made
  EntityId played = kNoEntity;  // the action or reaction card that move plays
  bool played_known = false;    // the move was given: `played` (none for another kind of move) is sure
  Phase phase = Phase::kActivate;
  std::vector<uint32_t> runs;  // ScriptStats::runs
  std::vector<Attack> attacks;
};

// `next`, the move about to be applied, tells which card it plays: a card discarded meanwhile (a
// cost of the play or of an ability) is then told as discarded, not played. Without it, the card
// on top of the mover's discard pile is taken for the one played.
GameSnapshot snapshot(const Game& g, const ScriptStats& stats, const Action* next = nullptr);

// "player 1's counter-attack phase (player 2 decides: counter-attack, react or pass)": the
// phase, and who decides in it when that is not the active player.
std::string phase_line(const Game& g, int viewer);

// The lines telling what changed from `before` to `g`, as seen by `viewer` (the opponent's drawn
// cards stay hidden). `stats` counts the scripts run so far (Game::set_stats); the abilities at work
// are quoted from `texts` when given.
std::vector<std::string> narrate(const GameSnapshot& before, const Game& g, const ScriptStats& stats, int viewer,
                                 const CardTexts* texts = nullptr);

}  // namespace rk::cfc
