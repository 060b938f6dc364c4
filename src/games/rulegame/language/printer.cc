// Canonical printing of rule sets: every atom in the "name:value" form, clauses that allow
// anything left out, expressions with the fewest parentheses that keep their structure.
#include <fmt/format.h>

#include "games/rulegame/language/rules.h"

namespace rk::rulegame {
namespace {

using expr::Node;
using expr::NodeId;
using expr::Op;

int precedence(Op op) {
  if (expr::is_compare(op)) return 1;
  if (op == Op::kAdd || op == Op::kSub) return 2;
  if (op == Op::kMul || op == Op::kDiv || op == Op::kMod) return 3;
  if (op == Op::kNot) return 4;
  return 5;
}

void print(const RuleSet& rs, NodeId id, std::string& out) {
  const Node& n = rs.pool[id];
  switch (n.op) {
    case Op::kNum:
      out += std::to_string(n.value);
      return;
    case Op::kStr:
      out += '"';
      out += rs.symbols.name(n.sym);
      out += '"';
      return;
    case Op::kVar:
      out += rs.symbols.name(n.sym);
      return;
    case Op::kField:
      print(rs, rs.pool.kid(n, 0), out);
      out += '.';
      out += rs.symbols.name(n.sym);
      return;
    case Op::kNot: {
      out += '!';
      const NodeId body = rs.pool.kid(n, 0);
      const bool paren = precedence(rs.pool[body].op) < 4 ||
                         (rs.pool[body].op == Op::kNum && rs.pool[body].value < 0 && false);
      if (paren) out += '(';
      print(rs, body, out);
      if (paren) out += ')';
      return;
    }
    case Op::kList:
      out += '[';
      for (uint32_t k = 0; k < n.kid_count; ++k) {
        if (k) out += ", ";
        print(rs, rs.pool.kid(n, k), out);
      }
      out += ']';
      return;
    case Op::kRange:
      out += fmt::format("[{}..{}]", n.value, n.value2);
      return;
    default:
      break;
  }
  // binary operators
  const int p = precedence(n.op);
  const NodeId a = rs.pool.kid(n, 0), b = rs.pool.kid(n, 1);
  const bool pa = precedence(rs.pool[a].op) < p || (p == 1 && expr::is_compare(rs.pool[a].op));
  const bool pb = precedence(rs.pool[b].op) <= p;
  if (pa) out += '(';
  print(rs, a, out);
  if (pa) out += ')';
  out += ' ';
  out += expr::op_text(n.op);
  out += ' ';
  if (pb) out += '(';
  print(rs, b, out);
  if (pb) out += ')';
}

void print_positions(const RuleSet& rs, const char* key, const PositionList& pl,
                     std::vector<std::string>& parts) {
  if (pl.any || pl.src == expr::kNoNode) return;
  std::string s = key;
  s += ':';
  print(rs, pl.src, s);
  parts.push_back(std::move(s));
}

}  // namespace

std::string to_source(const RuleSet& rs, NodeId node) {
  std::string s;
  print(rs, node, s);
  return s;
}

std::string to_source(const RuleSet& rs, const Atom& atom) {
  std::vector<std::string> parts;
  if (atom.counter >= 0 || atom.counter < -1) parts.push_back(fmt::format("count:{}", atom.counter));
  for (const PropertyCondition& c : rs.conds_of(atom)) {
    std::string s(rs.symbols.name(c.key));
    s += ':';
    if (c.src != expr::kNoNode) {
      print(rs, c.src, s);
    } else if (c.ranges.count > 0) {
      const auto& r = rs.ranges_of(c.ranges)[0];
      s += fmt::format("[{}..{}]", r.first, r.second);
    }
    parts.push_back(std::move(s));
  }
  if (atom.code != expr::kNoNode) parts.push_back("code:" + to_source(rs, atom.code));
  print_positions(rs, "pos", atom.pos, parts);
  print_positions(rs, "postpos", atom.postpos, parts);
  if (atom.bucket != expr::kNoNode) parts.push_back("bucket:" + to_source(rs, atom.bucket));
  return fmt::format("({})", fmt::join(parts, ", "));
}

std::string to_source(const RuleSet& rs) {
  std::string out;
  for (const Order& o : rs.orders) {
    if (!o.builtin) out += fmt::format("Order {}={}\n", o.name, o.to_source());
  }
  for (const Row& r : rs.rows) {
    if (r.global_counter >= 0) out += fmt::format("{} ", r.global_counter);
    bool first = true;
    for (const Atom& a : rs.atoms_of(r)) {
      if (!first) out += ' ';
      first = false;
      out += to_source(rs, a);
    }
    out += '\n';
  }
  return out;
}

}  // namespace rk::rulegame
