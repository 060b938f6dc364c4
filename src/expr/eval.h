// Set-based evaluation (the semantics of Rule Game's "bucket arithmetic", GS1-GS5):
//   - a constant is a one-element set; an unknown variable is the empty set;
//   - + - * / % apply to every pair of integers (a cross product); pairs with a non-integer or a
//     zero divisor give nothing; int32 arithmetic wraps as in Java;
//   - [a, b] is the union; !E is {1} when E is empty, else {};
//   - a comparison yields {1} when some pair satisfies it, else {}; but when either side is
//     empty the result is the LEFT operand's set (a quirk of the reference engine, kept on
//     purpose: `2 == p` is {2} while p is undefined, `p == 2` is {}).
//
// The environment supplies variables and object fields:
//   void var(const Node&, ValueSet& out)                 // an unqualified identifier
//   bool path(const Node& field_node, ValueSet& out)     // a dotted name looked up whole
//   void field(Value object, Sym name, ValueSet& out)    // a field of an object value
#pragma once

#include <cstdint>

#include "expr/ast.h"

namespace rk::expr {

namespace detail {

inline bool arith(Op op, int32_t a, int32_t b, int32_t& r) {
  const uint32_t ua = static_cast<uint32_t>(a), ub = static_cast<uint32_t>(b);
  switch (op) {
    case Op::kAdd:
      r = static_cast<int32_t>(ua + ub);
      return true;
    case Op::kSub:
      r = static_cast<int32_t>(ua - ub);
      return true;
    case Op::kMul:
      r = static_cast<int32_t>(ua * ub);
      return true;
    case Op::kDiv:
      if (b == 0) return false;
      r = (a == INT32_MIN && b == -1) ? INT32_MIN : a / b;
      return true;
    case Op::kMod:
      if (b == 0) return false;
      r = (b == -1) ? 0 : a % b;
      return true;
    default:
      return false;
  }
}

inline bool compare(Op op, Value a, Value b) {
  switch (op) {
    case Op::kEq:
      return a == b;
    case Op::kNe:
      return a != b;
    default:
      break;
  }
  if (!a.is_int() || !b.is_int()) return false;
  switch (op) {
    case Op::kLt:
      return a.v < b.v;
    case Op::kLe:
      return a.v <= b.v;
    case Op::kGt:
      return a.v > b.v;
    case Op::kGe:
      return a.v >= b.v;
    default:
      return false;
  }
}

}  // namespace detail

template <class Env>
void eval_set(const Pool& pool, NodeId id, Env& env, ValueSet& out) {
  const Node& n = pool[id];
  switch (n.op) {
    case Op::kNum:
      out.clear();
      out.insert(Value::integer(n.value));
      return;
    case Op::kStr:
      out.clear();
      out.insert(Value::str(n.sym));
      return;
    case Op::kVar:
      out.clear();
      env.var(n, out);
      return;
    case Op::kField: {
      out.clear();
      env.path(n, out);
      ValueSet base;
      eval_set(pool, pool.kid(n, 0), env, base);
      for (const Value& b : base) {
        if (b.kind == Value::Kind::kObj) env.field(b, n.sym, out);
      }
      return;
    }
    case Op::kNot: {
      ValueSet body;
      eval_set(pool, pool.kid(n, 0), env, body);
      out.clear();
      if (body.empty()) out.insert(Value::integer(1));
      return;
    }
    case Op::kNeg: {
      ValueSet body;
      eval_set(pool, pool.kid(n, 0), env, body);
      out.clear();
      for (const Value& x : body) {
        int32_t r;
        if (x.is_int() && detail::arith(Op::kSub, 0, x.v, r)) out.insert(Value::integer(r));
      }
      return;
    }
    case Op::kAdd:
    case Op::kSub:
    case Op::kMul:
    case Op::kDiv:
    case Op::kMod: {
      ValueSet a, b;
      eval_set(pool, pool.kid(n, 0), env, a);
      out.clear();
      if (a.empty()) return;
      eval_set(pool, pool.kid(n, 1), env, b);
      for (const Value& x : a) {
        if (!x.is_int()) continue;
        for (const Value& y : b) {
          int32_t r;
          if (y.is_int() && detail::arith(n.op, x.v, y.v, r)) out.insert(Value::integer(r));
        }
      }
      return;
    }
    case Op::kEq:
    case Op::kNe:
    case Op::kLt:
    case Op::kLe:
    case Op::kGt:
    case Op::kGe: {
      ValueSet a, b;
      eval_set(pool, pool.kid(n, 0), env, a);
      eval_set(pool, pool.kid(n, 1), env, b);
      if (a.empty() || b.empty()) {
        out = a;
        return;
      }
      out.clear();
      for (const Value& x : a) {
        for (const Value& y : b) {
          if (detail::compare(n.op, x, y)) {
            out.insert(Value::integer(1));
            return;
          }
        }
      }
      return;
    }
    case Op::kAnd:
    case Op::kOr: {
      ValueSet a, b;
      eval_set(pool, pool.kid(n, 0), env, a);
      eval_set(pool, pool.kid(n, 1), env, b);
      out.clear();
      const bool r = n.op == Op::kAnd ? (!a.empty() && !b.empty()) : (!a.empty() || !b.empty());
      if (r) out.insert(Value::integer(1));
      return;
    }
    case Op::kList: {
      out.clear();
      ValueSet part;
      for (uint32_t i = 0; i < n.kid_count; ++i) {
        eval_set(pool, pool.kid(n, i), env, part);
        out.insert_all(part);
      }
      return;
    }
    case Op::kRange:
    case Op::kCall:
    case Op::kAll:
      out.clear();
      return;
  }
}

}  // namespace rk::expr
