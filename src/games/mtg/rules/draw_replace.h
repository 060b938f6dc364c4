// Replacements of draws (draw_replace.cc), for the runners.
#pragma once

namespace rk::mtg {

class Game;

// A replacedraw line applies to `player`'s draws now: a draw of theirs would be that instead, so
// an empty library does not lose them the game at their draw step (CR 704.5b).
bool draws_replaced(const Game& g, int player);

}  // namespace rk::mtg
