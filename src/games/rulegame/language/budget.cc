#include "games/rulegame/language/budget.h"

#include <fmt/format.h>

#include <algorithm>

namespace rk::rulegame {
namespace {

using expr::Node;
using expr::Op;

constexpr uint64_t kCap = uint64_t{1} << 40;  // far above any budget; keeps products from overflowing

uint64_t add(uint64_t a, uint64_t b) { return std::min(kCap, a + b); }
uint64_t mul(uint64_t a, uint64_t b) { return a == 0 || b == 0 ? 0 : (a > kCap / b ? kCap : a * b); }

// A variable yields at most the four buckets (Nearby, Remotest) or one value (p, this, last...).
constexpr uint64_t kVarSet = 4;

ExprCost cost(const expr::Pool& pool, expr::NodeId id) {
  const Node& n = pool[id];
  auto kid = [&](uint32_t i) { return cost(pool, pool.kid(n, i)); };
  switch (n.op) {
    case Op::kNum:
    case Op::kStr:
      return {1, 1};
    case Op::kVar:
      return {kVarSet, kVarSet};
    case Op::kField: {
      const ExprCost base = kid(0);
      return {add(base.set, 1), add(base.steps, add(base.set, 1))};
    }
    case Op::kNot:
      return {1, add(kid(0).steps, 1)};
    case Op::kNeg: {
      const ExprCost a = kid(0);
      return {a.set, add(a.steps, mul(a.set, a.set))};
    }
    case Op::kAdd:
    case Op::kSub:
    case Op::kMul:
    case Op::kDiv:
    case Op::kMod: {
      // Every pair is computed and inserted into a set that may hold every earlier result.
      const ExprCost a = kid(0), b = kid(1);
      const uint64_t pairs = mul(a.set, b.set);
      return {pairs, add(add(a.steps, b.steps), mul(pairs, pairs))};
    }
    case Op::kEq:
    case Op::kNe:
    case Op::kLt:
    case Op::kLe:
    case Op::kGt:
    case Op::kGe: {
      const ExprCost a = kid(0), b = kid(1);
      return {std::max<uint64_t>(a.set, 1), add(add(a.steps, b.steps), mul(a.set, b.set))};
    }
    case Op::kAnd:
    case Op::kOr:
      return {1, add(add(kid(0).steps, kid(1).steps), 1)};
    case Op::kList: {
      ExprCost out;
      for (uint32_t i = 0; i < n.kid_count; ++i) {
        const ExprCost k = kid(i);
        out.set = add(out.set, k.set);
        out.steps = add(out.steps, k.steps);
      }
      out.steps = add(out.steps, mul(out.set, out.set));  // each insertion scans the union so far
      return out;
    }
    case Op::kRange:
    case Op::kCall:
    case Op::kAll:
      return {0, 1};
  }
  return {0, 1};
}

// The expressions an episode evaluates for an atom: a bucket expression, code:, GS5 values.
template <class F>
void each_expression(const RuleSet& rules, const Atom& atom, F&& f) {
  if (atom.bucket != expr::kNoNode && atom.buckets_vary) f(atom.bucket);
  if (atom.code != expr::kNoNode) f(atom.code);
  for (const PropertyCondition& c : rules.conds_of(atom)) {
    if (c.exp != expr::kNoNode) f(c.exp);
  }
}

}  // namespace

ExprCost expr_cost(const RuleSet& rules, expr::NodeId node) { return cost(rules.pool, node); }

bool check_budget(const RuleSet& rules, const EvalBudget& budget, text::Diagnostics& diags) {
  bool ok = true;
  for (const Row& row : rules.rows) {
    uint64_t steps = 0;
    for (const Atom& atom : rules.atoms_of(row)) {
      each_expression(rules, atom, [&](expr::NodeId id) {
        const ExprCost c = expr_cost(rules, id);
        steps = add(steps, c.steps);
        if (c.set > budget.max_set) {
          ok = false;
          diags.error("RG0092",
                      fmt::format("this expression can produce {} values; the limit is {}",
                                  c.set >= kCap ? std::string("too many") : fmt::format("up to {}", c.set),
                                  budget.max_set),
                      rules.pool[id].span, "arithmetic on lists combines every pair of values: use smaller lists");
        }
      });
    }
    if (steps > budget.max_row_steps) {
      ok = false;
      diags.error("RG0093",
                  fmt::format("evaluating this rule line can take {} steps per piece and bucket tried; the limit "
                              "is {}",
                              steps >= kCap ? std::string("too many") : fmt::format("up to {}", steps),
                              budget.max_row_steps),
                  row.span, "arithmetic on lists combines every pair of values: use smaller lists");
    }
  }
  return ok;
}

}  // namespace rk::rulegame
