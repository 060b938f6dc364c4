#include "games/cfc/language/python_expr.h"

#include <fmt/format.h>

#include <cctype>
#include <cstdint>

namespace rk::cfc {
namespace {

using expr::Node;
using expr::NodeId;
using expr::Op;
using text::Span;

constexpr int kMaxDepth = 100;

struct Fail {};

enum class T : uint8_t { kEnd, kInt, kStr, kName, kOp };

struct Tok {
  T type = T::kEnd;
  std::string_view text;
  uint32_t begin = 0, end = 0;
  int64_t value = 0;
};

class ExprParser {
 public:
  ExprParser(std::string_view text, size_t begin, size_t end, expr::Pool& pool, expr::SymbolTable& syms,
             text::Diagnostics& diags)
      : s_(text), i_(begin), end_(end), pool_(pool), syms_(syms), diags_(diags) {
    next();
  }

  NodeId parse() {
    if (tok_.type == T::kEnd) fail("RS0040", "an expression was expected here", span_of(tok_));
    NodeId n = parse_or();
    if (tok_.type != T::kEnd) {
      fail("RS0041", fmt::format("unexpected `{}` after a complete expression", tok_.text), span_of(tok_));
    }
    return n;
  }

 private:
  [[noreturn]] void fail(const char* code, std::string msg, Span sp, std::string hint = {}) {
    diags_.error(code, std::move(msg), sp, std::move(hint));
    throw Fail{};
  }
  static Span span_of(const Tok& t) { return {t.begin, t.end > t.begin ? t.end : t.begin + 1}; }

  void next() {
    while (i_ < end_ && (s_[i_] == ' ' || s_[i_] == '\t')) ++i_;
    tok_ = Tok{};
    tok_.begin = static_cast<uint32_t>(i_);
    if (i_ >= end_) {
      tok_.end = tok_.begin;
      return;
    }
    const char c = s_[i_];
    size_t j = i_;
    if (std::isdigit(static_cast<unsigned char>(c))) {
      int64_t v = 0;
      while (j < end_ && std::isdigit(static_cast<unsigned char>(s_[j]))) {
        v = v * 10 + (s_[j] - '0');
        if (v > INT32_MAX) {
          fail("RS0042", "a number that does not fit in 32 bits", {tok_.begin, static_cast<uint32_t>(j + 1)});
        }
        ++j;
      }
      tok_.type = T::kInt;
      tok_.value = v;
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      while (j < end_ && (std::isalnum(static_cast<unsigned char>(s_[j])) || s_[j] == '_')) ++j;
      tok_.type = T::kName;
    } else if (c == '\'' || c == '"') {
      j = i_ + 1;
      while (j < end_ && s_[j] != c) ++j;
      if (j >= end_) fail("RS0043", "a string without its closing quote", {tok_.begin, static_cast<uint32_t>(end_)});
      ++j;
      tok_.type = T::kStr;
    } else {
      static constexpr std::string_view kOps[] = {"==", "!=", "<=", ">=", "//", "<", ">", "+", "-", "*",
                                                  "/",  "%",  "(",  ")",  "[",  "]", ",", "."};
      for (std::string_view op : kOps) {
        if (s_.substr(i_, op.size()) == op && i_ + op.size() <= end_) {
          j = i_ + op.size();
          tok_.type = T::kOp;
          break;
        }
      }
      if (tok_.type != T::kOp) {
        fail("RS0044", fmt::format("`{}` cannot appear in an expression", c == '\0' ? std::string("\\0") : std::string(1, c)),
             {tok_.begin, tok_.begin + 1});
      }
    }
    tok_.end = static_cast<uint32_t>(j);
    tok_.text = s_.substr(i_, j - i_);
    i_ = j;
  }

  bool is_op(std::string_view op) const { return tok_.type == T::kOp && tok_.text == op; }
  bool is_name(std::string_view n) const { return tok_.type == T::kName && tok_.text == n; }
  void expect(std::string_view op, const char* what) {
    if (!is_op(op)) fail("RS0045", fmt::format("`{}` expected {}", op, what), span_of(tok_));
    next();
  }

  NodeId binary(Op op, NodeId a, NodeId b) {
    Node n;
    n.op = op;
    n.span = {pool_[a].span.begin, pool_[b].span.end};
    const NodeId kids[2] = {a, b};
    return pool_.add(n, kids, 2);
  }

  struct Depth {
    explicit Depth(ExprParser& p) : p_(p) {
      if (++p_.depth_ > kMaxDepth) {
        p_.fail("RS0090", fmt::format("an expression nested deeper than the limit ({} levels)", kMaxDepth),
                span_of(p_.tok_));
      }
    }
    ~Depth() { --p_.depth_; }
    ExprParser& p_;
  };

  NodeId parse_or() {
    Depth d(*this);
    NodeId a = parse_and();
    while (is_name("or")) {
      next();
      a = binary(Op::kOr, a, parse_and());
    }
    return a;
  }
  NodeId parse_and() {
    NodeId a = parse_not();
    while (is_name("and")) {
      next();
      a = binary(Op::kAnd, a, parse_not());
    }
    return a;
  }
  NodeId parse_not() {
    if (is_name("not")) {
      Depth d(*this);
      const uint32_t b = tok_.begin;
      next();
      NodeId k = parse_not();
      Node n;
      n.op = Op::kNot;
      n.span = {b, pool_[k].span.end};
      return pool_.add(n, &k, 1);
    }
    return parse_cmp();
  }
  NodeId parse_cmp() {
    NodeId a = parse_sum();
    static constexpr std::pair<std::string_view, Op> kCmp[] = {{"==", Op::kEq}, {"!=", Op::kNe}, {"<", Op::kLt},
                                                               {"<=", Op::kLe}, {">", Op::kGt},  {">=", Op::kGe}};
    for (const auto& [text, op] : kCmp) {
      if (is_op(text)) {
        next();
        a = binary(op, a, parse_sum());
        for (const auto& [t2, op2] : kCmp) {
          if (is_op(t2)) {
            fail("RS0046", "chained comparisons (a < b < c) are not supported", span_of(tok_),
                 "write `a < b and b < c`");
          }
        }
        break;
      }
    }
    return a;
  }
  NodeId parse_sum() {
    NodeId a = parse_term();
    while (is_op("+") || is_op("-")) {
      const Op op = tok_.text == "+" ? Op::kAdd : Op::kSub;
      next();
      a = binary(op, a, parse_term());
    }
    return a;
  }
  NodeId parse_term() {
    NodeId a = parse_unary();
    while (is_op("*") || is_op("/") || is_op("//") || is_op("%")) {
      const Op op = tok_.text == "*" ? Op::kMul : tok_.text == "%" ? Op::kMod : Op::kDiv;
      next();
      a = binary(op, a, parse_unary());
    }
    return a;
  }
  NodeId parse_unary() {
    if (is_op("-") || is_op("+")) {
      Depth d(*this);
      const bool neg = tok_.text == "-";
      const uint32_t b = tok_.begin;
      next();
      NodeId k = parse_unary();
      if (!neg) return k;  // unary plus changes nothing
      Node& kn = pool_[k];
      if (kn.op == Op::kNum && kn.value != INT32_MIN) {
        kn.value = -kn.value;  // a negative literal is one number
        kn.span.begin = b;
        return k;
      }
      Node n;
      n.op = Op::kNeg;
      n.span = {b, pool_[k].span.end};
      return pool_.add(n, &k, 1);
    }
    return parse_post();
  }
  NodeId parse_post() {
    NodeId a = parse_atom();
    for (;;) {
      if (is_op(".")) {
        next();
        if (tok_.type != T::kName && tok_.type != T::kInt) {
          fail("RS0047", "an attribute name or a list index expected after `.`", span_of(tok_));
        }
        Node n;
        n.op = Op::kField;
        n.sym = syms_.intern(tok_.text);
        n.span = {pool_[a].span.begin, tok_.end};
        next();
        a = pool_.add(n, &a, 1);
      } else if (is_op("(")) {
        const Node callee = pool_[a];
        if (callee.op != Op::kVar) fail("RS0048", "only named functions can be called", span_of(tok_));
        next();
        std::vector<NodeId> args;
        if (!is_op(")")) {
          for (;;) {
            args.push_back(parse_or());
            if (!is_op(",")) break;
            next();
          }
        }
        Node n;
        n.op = Op::kCall;
        n.sym = callee.sym;
        n.span = {callee.span.begin, tok_.end};
        expect(")", "to close the call");
        a = pool_.add(n, args.data(), static_cast<uint32_t>(args.size()));
      } else {
        return a;
      }
    }
  }
  NodeId parse_atom() {
    Depth d(*this);
    Node n;
    n.span = span_of(tok_);
    switch (tok_.type) {
      case T::kInt:
        n.op = Op::kNum;
        n.value = static_cast<int32_t>(tok_.value);
        next();
        return pool_.add(n);
      case T::kStr:
        n.op = Op::kStr;
        n.sym = syms_.intern(tok_.text.substr(1, tok_.text.size() - 2));
        next();
        return pool_.add(n);
      case T::kName: {
        if (is_name("all")) {
          next();
          NodeId pred = parse_or();
          if (!is_name("in")) {
            fail("RS0049", "`all` needs `in` and a list: all card.bp <= 300 in me.ring", span_of(tok_));
          }
          next();
          NodeId list = parse_sum();
          n.op = Op::kAll;
          n.span.end = pool_[list].span.end;
          const NodeId kids[2] = {pred, list};
          return pool_.add(n, kids, 2);
        }
        static constexpr std::string_view kReserved[] = {"and", "or", "not", "in", "is", "lambda", "if", "else", "for"};
        for (std::string_view r : kReserved) {
          if (tok_.text == r) fail("RS0040", fmt::format("an expression was expected, not `{}`", r), span_of(tok_));
        }
        n.op = Op::kVar;
        n.sym = syms_.intern(tok_.text);
        next();
        return pool_.add(n);
      }
      case T::kOp:
        if (is_op("(")) {
          next();
          NodeId inner = parse_or();
          expect(")", "to close the parenthesis");
          return inner;
        }
        if (is_op("[")) {
          next();
          std::vector<NodeId> items;
          if (!is_op("]")) {
            for (;;) {
              items.push_back(parse_or());
              if (!is_op(",")) break;
              next();
            }
          }
          n.op = Op::kList;
          n.span.end = tok_.end;
          expect("]", "to close the list");
          return pool_.add(n, items.data(), static_cast<uint32_t>(items.size()));
        }
        fail("RS0040", fmt::format("an expression was expected, not `{}`", tok_.text), span_of(tok_));
      case T::kEnd:
        break;
    }
    fail("RS0040", "the expression ends too early", span_of(tok_));
  }

  std::string_view s_;
  size_t i_, end_;
  expr::Pool& pool_;
  expr::SymbolTable& syms_;
  text::Diagnostics& diags_;
  Tok tok_;
  int depth_ = 0;
};

// Binding strength for printing: higher binds tighter.
int level(Op op) {
  switch (op) {
    case Op::kOr: return 1;
    case Op::kAnd: return 2;
    case Op::kNot: return 3;
    case Op::kAll: return 3;
    case Op::kEq: case Op::kNe: case Op::kLt: case Op::kLe: case Op::kGt: case Op::kGe: return 4;
    case Op::kAdd: case Op::kSub: return 5;
    case Op::kMul: case Op::kDiv: case Op::kMod: return 6;
    case Op::kNeg: return 7;
    default: return 8;
  }
}

void print_at(const expr::Pool& pool, const expr::SymbolTable& syms, NodeId id, int min_level, std::string& out) {
  const Node& n = pool[id];
  const int lv = level(n.op);
  // A negative literal prints as "-3", which reads back as the same literal, but as the operand
  // of a tighter operator it would not (x.-3 is not an expression): it is a unary minus there.
  const bool paren = lv < min_level || (n.op == Op::kNum && n.value < 0 && min_level > 7);
  if (paren) out += '(';
  switch (n.op) {
    case Op::kNum:
      out += std::to_string(n.value);
      break;
    case Op::kStr: {
      const std::string_view s = syms.name(n.sym);
      const char q = s.find('\'') == std::string_view::npos ? '\'' : '"';
      out += q;
      out += s;
      out += q;
      break;
    }
    case Op::kVar:
      out += syms.name(n.sym);
      break;
    case Op::kField:
      print_at(pool, syms, pool.kid(n, 0), 8, out);
      out += '.';
      out += syms.name(n.sym);
      break;
    case Op::kNot:
      out += "not ";
      print_at(pool, syms, pool.kid(n, 0), 3, out);
      break;
    case Op::kNeg:
      out += '-';
      print_at(pool, syms, pool.kid(n, 0), 7, out);
      break;
    case Op::kAll:
      out += "all ";
      print_at(pool, syms, pool.kid(n, 0), 1, out);
      out += " in ";
      print_at(pool, syms, pool.kid(n, 1), 5, out);
      break;
    case Op::kCall:
    case Op::kList: {
      if (n.op == Op::kCall) out += syms.name(n.sym);
      out += n.op == Op::kCall ? '(' : '[';
      for (uint32_t i = 0; i < n.kid_count; ++i) {
        if (i) out += ", ";
        print_at(pool, syms, pool.kid(n, i), 1, out);
      }
      out += n.op == Op::kCall ? ')' : ']';
      break;
    }
    default: {
      // Binary operators are left-associative: the right operand needs one level more.
      print_at(pool, syms, pool.kid(n, 0), lv == 4 ? 5 : lv, out);
      out += ' ';
      out += n.op == Op::kDiv ? "//" : expr::op_text(n.op);
      out += ' ';
      print_at(pool, syms, pool.kid(n, 1), lv + 1, out);
      break;
    }
  }
  if (paren) out += ')';
}

}  // namespace

bool parse_python_expr(std::string_view text, size_t begin, size_t end, expr::Pool& pool, expr::SymbolTable& symbols,
                       text::Diagnostics& diags, NodeId& out) {
  try {
    ExprParser p(text, begin, end, pool, symbols, diags);
    out = p.parse();
    return true;
  } catch (const Fail&) {
    return false;
  }
}

void print_python_expr(const expr::Pool& pool, const expr::SymbolTable& symbols, NodeId id, std::string& out) {
  print_at(pool, symbols, id, 1, out);
}

}  // namespace rk::cfc
