// Valeria: Card Kingdoms in words, for a person: the terminal (`rulekit vck play`) and the
// server's table log share these, so a move reads the same everywhere. Nothing here changes the
// game.
//
// Seats: seat N (from 0, as the kernel and the API count) is named "pN+1" everywhere, whatever
// id the deal gave that player in the original engine's move texts (`--seat N+1` at the
// terminal). An observer is a seat from 0, or -1 for a spectator (kernel::kSpectator).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "games/vck/rules/game.h"

namespace rk::vck {

// "p1" for seat 0.
std::string seat_name(int seat);

// A card's name ("exhausted" for an exhausted token; events are prefixed "event").
std::string card_name(const CardDb& db, const CardRef& c);

// A card as a person reads it: what it costs, when it pays, and its printed text from the tables
// (the *_text columns); a card without printed text is described from its numbers.
std::string card_text(const CardDb& db, const CardRef& c);

// A move in plain words, with what it costs ("hire Knight for 4 gold (3, +1: you own a Knight
// already)"), as the player who makes it reads it. A duke kept is named only to `observer` when
// it is the seat that keeps it.
std::string move_text(const Game& g, const Action& a, int observer);

// What happened when option `applied_option` of `before.legal_actions()` was applied, giving
// `after`: the move ("p1 hires Knight for 3 gold"), the dice when rolled, each player's income
// and losses (the harvest's payouts listed per player), cards gained, the end of the game.
// Lines are told as `observer` may see them: another seat's duke stays hidden.
std::vector<std::string> narrate(const Game& before, const Game& after, size_t applied_option, int observer = -1);

// The board as `observer` sees it (the terminal's display): every player's resources and cards
// (dukes only the observer's own), the stacks' top cards with cost and text, the dice.
std::vector<std::string> board_lines(const Game& g, int observer);

// The end: each player's rank and victory points, the winners marked.
std::vector<std::string> result_lines(const Game& g);

}  // namespace rk::vck
