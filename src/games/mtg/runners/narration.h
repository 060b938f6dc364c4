// Magic in words, for a person: the terminal (`rulekit wagic play`) and the server's table log
// share these. Nothing here changes the game given; the helpers that look ahead (which attacker a
// "block" click blocks, which spells tapping lands would make castable) work on copies.
//
// Seats: seat N (from 0, as the kernel and the API count) is "pN+1"; the engine's own words say
// "player N+1" for the same player. An observer is a seat from 0, or -1 for a spectator.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "games/mtg/runners/match_game.h"

namespace rk::mtg {

// "p1" for seat 0.
std::string seat_name(int seat);

// A card as a person reads it: name, mana cost, type line, power/toughness (now, for a creature)
// and its state ("Grizzly Bears {1}{G}, Creature — Bear, 2/2 (tapped)"); `with_text` adds the
// rules text (Wagic's mana=, type=, subtype= and text=, kept in the card's CardDef).
std::string card_line(const Game& g, int card, bool with_text = true);

// A move in words for the player who makes it: the engine's label, and for a "block" click the
// attacker the blocker then blocks ("block with Grizzly Bears: blocks Goblin Raider").
std::string move_text(const MatchGame& g, size_t option);

// What happened when option `applied_option` of `before.legal_actions()` was applied, giving
// `after`: the choice (a pass is not told: what it led to is), a new turn, spells cast and
// resolved, cards entering and leaving the battlefield, attackers and which blocker blocks which
// attacker, damage, life, deaths, the end. Draws are named to their owner only.
std::vector<std::string> narrate(const MatchGame& before, const MatchGame& after, size_t applied_option, int observer = -1);

// The board as `observer` sees it: both players' life, library, hand, graveyard and pool, the
// battlefield with every card's cost, type and P/T, the observer's hand with texts, the stack.
std::vector<std::string> board_lines(const Match& m, int observer);

// A spell the player to act could cast by tapping mana sources first: the mana moves in order,
// then the cast (apply each by finding the equal move in the position's legal_actions()).
struct AutoCast {
  int card = -1;
  std::string label;         // "cast Grizzly Bears {1}{G}, Creature — Bear, 2/2 (taps Forest, Forest)"
  std::vector<Move> steps;   // the mana abilities, then the cast
};
// The spells of the actor's hand not castable now that tapping untapped mana sources would make
// castable (a bounded search over copies of the game). Empty outside the actor's own decisions.
std::vector<AutoCast> auto_casts(const MatchGame& g);

// Plays an AutoCast's steps on `g`; false (and `g` as far as it got) when a step is no longer legal.
bool apply_auto_cast(MatchGame& g, const AutoCast& a);

// The indices of g.legal_actions() in the order a person reads a menu: plays and casts first,
// then the other choices (attack, block, abilities), mana abilities, the pass last.
std::vector<size_t> menu_order(const MatchGame& g);

// The mana abilities among `moves` (a land's "{t}:add{g}"), found from the option each move
// chooses, not from its words.
std::vector<Move> mana_moves(const MatchGame& pos, const std::vector<Move>& moves);

// Whether the player to act has anything to decide here other than passing: a move that is not a
// pass nor a mana ability, or a spell auto_casts offers. A terminal passes for them otherwise.
bool worth_stopping(const MatchGame& g);

}  // namespace rk::mtg
