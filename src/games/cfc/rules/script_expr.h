// RuleScript expressions ([[if ...]], command arguments) evaluated on a game: the Python subset of
// python_expr.h with Python's meaning (integers, booleans, lists of cards, players, truthiness).
// Names: me, opp, this, and in `all X in LIST` the element (card, char, action, reaction); fields
// hp, sp, hand, ring, discards, deck (lists of cards), size (of a list), bp (of a card); isChar().
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "games/cfc/language/rulescript.h"
#include "games/cfc/compiler/script.h"
#include "kernel/zone.h"

namespace rk::cfc {

class Game;

// Empty when the engine can evaluate `id`; otherwise what it cannot (for `missing`).
std::string unsupported_expr(const Rules& r, expr::NodeId id);

// The meaning of every symbol of a script's expressions (CScript::names); `vars` are the
// script's, for `_name`. Each name read counts in name_lookups().
std::vector<CName> resolve_expr_names(const Rules& r, const std::vector<CVar>& vars);

struct ExprScope {
  const Game& game;
  const Rules& rules;
  const CScript& script;  // compiled from `rules`: what its names mean
  int controller;
  kernel::EntityId self;
  kernel::EntityId attacker = kernel::kNoEntity, blocker = kernel::kNoEntity;  // in a ?canBlock? hook
  kernel::EntityId trigger = kernel::kNoEntity;  // in an auto rule: the card its event happened to
};

// Python truthiness of the value, and the value as an integer (booleans are 0/1; other kinds 0).
bool eval_truth(const ExprScope& s, expr::NodeId id);
int32_t eval_int(const ExprScope& s, expr::NodeId id);
// The card an expression names (transform(discarded.0)); kNoEntity when it names none.
kernel::EntityId eval_card(const ExprScope& s, expr::NodeId id);
// The value of a var (vars = _char := tgt.0): a number or truth value, a card, or cards.
struct VarValue {
  int32_t value = 0;
  bool is_cards = false, is_card = false;
  std::vector<kernel::EntityId> cards;
  bool operator==(const VarValue&) const = default;
};
VarValue eval_var(const ExprScope& s, expr::NodeId id);
// The player an expression names (to(trigger.controller)); -1 when it names none.
int eval_player(const ExprScope& s, expr::NodeId id);
// The cards an expression names: a list, or one card (::not(tgt)).
std::vector<kernel::EntityId> eval_cards(const ExprScope& s, expr::NodeId id);
// each(PRED in LIST => ...): how many elements of LIST satisfy PRED. The element is named by PRED's
// first card, char, action or reaction; char, action and reaction take only that type of card.
int32_t count_each(const ExprScope& s, expr::NodeId pred, expr::NodeId list);

}  // namespace rk::cfc
