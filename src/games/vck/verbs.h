// Running effect programs: every leg of a parsed effect is dispatched through one table of verbs
// (verbs.cc); a leg that needs an answer adds a prompt to the game and resumes from it.
#pragma once

#include "games/vck/game.h"

namespace rk::vck {

// Runs `p` (the effect of card `card`) for `seat`.
void run_program(Game& g, int seat, const Program& p, CardRef card, bool on_turn);
// Applies option `option` (1-based; for an exchange 1 confirms, 0 skips) of a prompt.
void resolve_prompt(Game& g, const Prompt& p, int option);
// The program a prompt belongs to (null when the card is unknown).
const Program* prompt_program(const Game& g, const Prompt& p);
// Verbs the table knows (for coverage).
bool verb_known(const std::string& verb);

}  // namespace rk::vck
