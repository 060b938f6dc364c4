// this(variable{W} op N) and thisforeach(variable{W} op N): W one of Wagic's amount words that
// compiler/this_conditions.cc accepts (variable_word_known): a count type:spec:zone, devotion
// type:manaX:zone, lifetotal, opponentlifetotal, mypoisoncount, opponentpoisoncount, a guild's name
// (devotion to its two colours), commonX (1 when X is the most common colour among permanents, or
// tied); read for the card's controller.
#pragma once

#include <string>

namespace rk::mtg {

class Game;

// The value of `what` ("variable{..}") for `card`.
int this_variable(const Game& g, const std::string& what, int card);

}  // namespace rk::mtg
