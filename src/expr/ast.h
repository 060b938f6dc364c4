// Syntax trees of the shared expression language.
//
// Nodes live in one pool per compiled unit (a rule set, a card) and refer to each other by
// index, so a tree is a few flat vectors: no per-node allocation, cheap to copy and to share.
#pragma once

#include <cstdint>
#include <vector>

#include "expr/value.h"
#include "text/source.h"

namespace rk::expr {

using NodeId = uint32_t;
constexpr NodeId kNoNode = 0xFFFFFFFFu;

enum class Op : uint8_t {
  kNum,    // value
  kStr,    // quoted string literal: sym
  kVar,    // identifier: sym; `binding` is filled in by the dialect that resolves names
  kField,  // a.b: kids[0] = base, sym = field name, sym2 = whole dotted name
  kNot,    // !a
  kNeg,    // -a (reserved for dialects that allow it on expressions)
  kAdd, kSub, kMul, kDiv, kMod,
  kEq, kNe, kLt, kLe, kGt, kGe,
  kAnd, kOr,  // {1} when both / either side is non-empty, else {}
  kList,   // [a, b, ...]: union of the element sets
  kRange,  // [lo..hi] (lo, hi in value / value2)
  kCall,   // sym(args...)
  kAll,    // all PRED in LIST (RuleScript): kids[0] = predicate, kids[1] = list
};

struct Node {
  Op op = Op::kNum;
  uint8_t binding = 0;  // dialect-defined meaning of a kVar / kField
  int32_t value = 0;
  int32_t value2 = 0;
  Sym sym = kNoSym;
  Sym sym2 = kNoSym;
  uint32_t first_kid = 0;  // index into Pool::kids
  uint32_t kid_count = 0;
  text::Span span;
};

class Pool {
 public:
  NodeId add(const Node& n) {
    nodes_.push_back(n);
    return static_cast<NodeId>(nodes_.size() - 1);
  }
  // Adds a node whose children are `kids` (copied into the shared child array).
  NodeId add(Node n, const NodeId* kids, uint32_t count) {
    n.first_kid = static_cast<uint32_t>(kids_.size());
    n.kid_count = count;
    kids_.insert(kids_.end(), kids, kids + count);
    return add(n);
  }
  const Node& operator[](NodeId id) const { return nodes_[id]; }
  Node& operator[](NodeId id) { return nodes_[id]; }
  NodeId kid(const Node& n, uint32_t i) const { return kids_[n.first_kid + i]; }
  size_t size() const { return nodes_.size(); }
  void clear() {
    nodes_.clear();
    kids_.clear();
  }

 private:
  std::vector<Node> nodes_;
  std::vector<NodeId> kids_;
};

bool is_arith(Op op);
bool is_compare(Op op);
const char* op_text(Op op);

}  // namespace rk::expr
