// An evaluation budget for rule sets from untrusted sources (the server's `rulesText`).
//
// Set arithmetic is a cross product: `[0,1,...,999]+[0,1,...,999]` is a million additions, each
// inserted into a set that grows to two thousand values, for every piece and bucket tried on every
// move. The parser accepts such a rule (the reference engine does too); this check bounds, from
// the syntax alone, how large a set each expression can produce and how many steps one rule line
// can take, and reports the rule set with a diagnostic when either exceeds the budget, before any
// episode runs it.
#pragma once

#include <cstdint>

#include "games/rulegame/language/rules.h"
#include "text/diagnostic.h"

namespace rk::rulegame {

struct EvalBudget {
  uint64_t max_set = 1024;        // values one expression may produce (RG0092)
  uint64_t max_row_steps = 50000;  // steps to evaluate every expression of one rule line once (RG0093)
};

// Upper bounds of one expression: the size of the set it yields and the steps it takes (a step
// is one value produced, compared or looked up). Saturates instead of overflowing.
struct ExprCost {
  uint64_t set = 0, steps = 0;
};
ExprCost expr_cost(const RuleSet& rules, expr::NodeId node);

// Reports RG0092 / RG0093 for every expression and rule line over `budget`; true when none is.
bool check_budget(const RuleSet& rules, const EvalBudget& budget, text::Diagnostics& diags);

}  // namespace rk::rulegame
