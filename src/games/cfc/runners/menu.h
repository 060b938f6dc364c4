// The choices of a Card Fighters' Clash turn as a person meets them at the terminal: grouped
// (first the card, then the slot, then the target) and paged, with the printed text of any card
// on demand, a legend of the symbols, and why a hand card cannot be played now.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

#include "games/cfc/compiler/card_texts.h"
#include "games/cfc/rules/game.h"

namespace rk::cfc {

// A card's printed text: type, BP, SP, back-up icons, ability and its rules text.
std::string card_help(const CardDef& d, const CardTexts& texts);
// What ● ■ ▲ and the board's words mean.
std::string legend();

// The steps of a legal action in the menu: what (the card or character), where (the slot or the
// attack), then the whole action (its targets, costs). Equal steps of several actions are one
// menu entry.
std::vector<std::string> choice_steps(const Game& g, const Action& a);

// Why each hand card of `p` that no legal action plays cannot be played now ("" for the others).
std::vector<std::string> unplayable_reasons(const Game& g, int p, const std::vector<Action>& legal);

// The board in a few lines (the menu reprints it before each choice).
std::string compact_board(const Game& g, int viewer);

inline constexpr size_t kMenuPage = 20;  // options shown at once

// Asks the person for one of `legal` through grouped, paged menus. Commands: a number, n/p
// (next/previous page), b (back a step), ? N or help N (the text of the Nth hand card / option),
// help NAME, legend, board, q. Returns legal.size() at the end of input or on q.
size_t ask_action(const Game& g, int me, const std::vector<Action>& legal, const CardTexts& texts, std::istream& in,
                  std::ostream& out);

}  // namespace rk::cfc
