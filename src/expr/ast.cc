#include "expr/ast.h"

namespace rk::expr {

bool is_arith(Op op) { return op >= Op::kAdd && op <= Op::kMod; }
bool is_compare(Op op) { return op >= Op::kEq && op <= Op::kGe; }

const char* op_text(Op op) {
  switch (op) {
    case Op::kAdd: return "+";
    case Op::kSub: return "-";
    case Op::kMul: return "*";
    case Op::kDiv: return "/";
    case Op::kMod: return "%";
    case Op::kEq: return "==";
    case Op::kNe: return "!=";
    case Op::kLt: return "<";
    case Op::kLe: return "<=";
    case Op::kGt: return ">";
    case Op::kGe: return ">=";
    case Op::kNot: return "!";
    case Op::kAnd: return "and";
    case Op::kOr: return "or";
    case Op::kNeg: return "-";
    case Op::kAll: return "all";
    default: return "";
  }
}

}  // namespace rk::expr
