// Parser for Rule Game rule files.
//
// The grammar and the set of accepted inputs follow the reference engine (GS 8.060) exactly;
// see docs/rulegame/syntax*.md. Messages are rulekit's own, with a position and a hint.
//
//   file      := { comment | blank | order } row { comment | blank | row }
//   order     := "Order" NAME "=" list
//   row       := [ "*" | NUMBER ] atom { atom }
//   atom      := "(" [ item { "," item } ] ")"
//   item      := "*" | NAME ":" ( range | expr ) | expr
//   range     := "[" NUMBER ".." NUMBER "]"
//   expr      := sum [ CMP sum ]                      CMP: == != < <= > >=
//   sum       := product { ("+"|"-") product }
//   product   := unary { ("*"|"/"|"%") unary }
//   unary     := "!" unary | primary
//   primary   := NAME { "." NAME } | STRING | NUMBER | "-" NUMBER | "(" expr ")" | list
//   list      := "[" expr { "," expr } "]"
//
// An atom is either five positional items (count, shape, color, pos, bucket) or only
// "name:value" items in any order; the two forms cannot be mixed.
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <optional>

#include "games/rulegame/language/lexer.h"
#include "games/rulegame/language/rules.h"
#include "text/suggest.h"

namespace rk::rulegame {
namespace {

using expr::Node;
using expr::NodeId;
using expr::Op;
using text::Span;

constexpr int kMaxDepth = 200;            // nesting of brackets and operators
constexpr size_t kMaxLine = 1 << 20;      // bytes in one line

// Thrown-free error propagation: the first error of a line is reported, the line is dropped.
struct ParseError {};

// One element of an atom before it is interpreted.
struct Item {
  enum Kind { kStar, kExpr, kRange } kind = kExpr;
  NodeId node = expr::kNoNode;
  int32_t lo = 0, hi = 0;
  Span span;
  // Set when the item was written "key:value".
  bool colon = false;
  std::string_view key;
  uint8_t role = 0;  // which of the engine's own clauses the key names (see kRoles), 0 = a property
  Span key_span;
};

// Clause names with a meaning of their own; every other name is a property of the pieces.
constexpr std::string_view kRoles[] = {"", "count", "shape", "color", "pos", "postpos", "bucket"};
enum Role : uint8_t { kProperty, kCount, kShape, kColor, kPos, kPostpos, kBucket };

uint8_t role_of(std::string_view key) {
  for (uint8_t r = 1; r < std::size(kRoles); ++r) {
    if (kRoles[r] == key) return r;
  }
  return kProperty;
}

std::string_view trim_java(std::string_view s, uint32_t& offset) {
  // String.trim(): strips every char <= ' ' at both ends.
  size_t b = 0, e = s.size();
  while (b < e && static_cast<unsigned char>(s[b]) <= ' ') ++b;
  while (e > b && static_cast<unsigned char>(s[e - 1]) <= ' ') --e;
  offset += static_cast<uint32_t>(b);
  return s.substr(b, e - b);
}

Var classify_var(std::string_view s) {
  static constexpr std::pair<std::string_view, Var> kVars[] = {
      {"p", Var::kP},         {"pc", Var::kPc},     {"ps", Var::kPs},  {"Nearby", Var::kNearby},
      {"Remotest", Var::kRemotest}, {"this", Var::kThis}, {"last", Var::kLast}};
  for (auto& [name, v] : kVars) {
    if (name == s) return v;
  }
  return Var::kUnknown;
}

// Buffers reused from line to line and file to file, so that parsing allocates only when an
// input is bigger than any seen before.
struct Scratch {
  TokenBuffer toks;
  std::vector<Item> items;
  std::vector<NodeId> kids;  // used as a stack by nested lists
  std::string text;          // for building names
};

Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

class LineParser {
 public:
  LineParser(RuleSet& rs, text::Diagnostics& diags, const TokenBuffer& toks, Span line)
      : rs_(rs), diags_(diags), toks_(toks), line_(line), sc_(scratch()) {}

  bool at_end() const { return i_ >= toks_.size(); }
  const Token& peek(size_t k = 0) const { return toks_[i_ + k]; }
  size_t left() const { return toks_.size() - i_; }
  const Token& take() { return toks_[i_++]; }

  [[noreturn]] void fail(std::string code, std::string msg, Span span, std::string hint = {}) {
    diags_.error(std::move(code), std::move(msg), span, std::move(hint));
    throw ParseError{};
  }
  Span end_span() const { return {line_.end, line_.end}; }
  Span here() const { return at_end() ? end_span() : peek().span; }

  static bool is_char(const Token& t, Tok k, char c) { return t.kind == k && t.ch == c; }
  static bool is_star(const Token& t) { return is_char(t, Tok::kMulOp, '*'); }

  // ---- expressions -------------------------------------------------------------------------

  NodeId add(Node n) { return rs_.pool.add(n); }
  NodeId add2(Op op, NodeId a, NodeId b) {
    Node n;
    n.op = op;
    const Span sa = rs_.pool[a].span, sb = rs_.pool[b].span;
    n.span = {sa.begin, sb.end};
    const NodeId kids[2] = {a, b};
    return rs_.pool.add(n, kids, 2);
  }

  struct Depth {
    LineParser& p;
    explicit Depth(LineParser& lp) : p(lp) {
      if (++p.depth_ > kMaxDepth) {
        p.fail("RG0090", fmt::format("expression nested more than {} levels deep", kMaxDepth),
               p.here(), "split the expression; real rules need only a few levels");
      }
    }
    ~Depth() { --p.depth_; }
  };

  // A chain "a-b-c-…" builds a left-leaning tree as deep as it is long, and evaluation and
  // printing recurse down it: each operator of a chain counts as one level of nesting until the
  // chain's expression is done (fuzzer find: 9000 operators overflowed the stack).
  struct ChainDepth {
    LineParser& p;
    int added = 0;
    explicit ChainDepth(LineParser& lp) : p(lp) {}
    void step() {
      ++added;
      if (++p.depth_ > kMaxDepth) {
        p.fail("RG0090", fmt::format("expression nested more than {} levels deep", kMaxDepth),
               p.here(), "a chain of operators counts as nesting; split it with brackets or lines");
      }
    }
    ~ChainDepth() { p.depth_ -= added; }
  };

  // A single name, string or number followed by ',' or ')' is by far the most common item of an
  // atom ("*", "RED", "T", "3"); it is built directly instead of through the full descent.
  bool simple_item(NodeId& out, char close = ')') {
    if (left() < 2) return false;
    const Token& a = peek();
    const Token& b = peek(1);
    if (!(b.kind == Tok::kComma || is_char(b, Tok::kClose, close))) return false;
    Node n;
    n.span = a.span;
    switch (a.kind) {
      case Tok::kId:
        n.op = Op::kVar;
        n.sym = rs_.symbols.intern(a.text());
        n.binding = static_cast<uint8_t>(classify_var(a.text()));
        break;
      case Tok::kString:
        n.op = Op::kStr;
        n.sym = rs_.symbols.intern(a.text());
        break;
      case Tok::kNumber:
        n.op = Op::kNum;
        n.value = a.num;
        break;
      default:
        return false;
    }
    take();
    out = add(n);
    return true;
  }

  // expr := sum [ CMP sum ]
  NodeId expression() {
    Depth d(*this);
    if (at_end()) fail("RG0013", "expected an expression, but the line ends here", end_span());
    NodeId a = sum();
    if (at_end() || peek().kind != Tok::kCmp) return a;
    const Token& op = take();
    NodeId b = sum();
    Op o = op.ch == '=' ? Op::kEq
           : op.ch == '!' ? Op::kNe
           : op.ch == '<' ? (op.two ? Op::kLe : Op::kLt)
                          : (op.two ? Op::kGe : Op::kGt);
    return add2(o, a, b);
  }

  NodeId sum() {
    if (at_end()) fail("RG0013", "expected an expression, but the line ends here", end_span());
    NodeId a = product();
    if (at_end() || peek().kind != Tok::kAddOp) return a;  // the common case: no chain at all
    ChainDepth chain(*this);
    while (!at_end() && peek().kind == Tok::kAddOp) {
      chain.step();
      const Token& op = take();
      if (at_end()) {
        fail("RG0013", fmt::format("expected an operand after '{}', but the line ends here", op.ch),
             end_span());
      }
      NodeId b = product();
      a = add2(op.ch == '+' ? Op::kAdd : Op::kSub, a, b);
    }
    return a;
  }

  NodeId product() {
    if (at_end()) fail("RG0013", "expected an expression, but the line ends here", end_span());
    NodeId a = unary();
    if (at_end() || peek().kind != Tok::kMulOp) return a;  // the common case: no chain at all
    ChainDepth chain(*this);
    while (!at_end() && peek().kind == Tok::kMulOp) {
      chain.step();
      const Token& op = take();
      if (at_end()) {
        fail("RG0013", fmt::format("expected an operand after '{}', but the line ends here", op.ch),
             end_span());
      }
      NodeId b = unary();
      a = add2(op.ch == '*' ? Op::kMul : op.ch == '/' ? Op::kDiv : Op::kMod, a, b);
    }
    return a;
  }

  NodeId unary() {
    Depth d(*this);
    if (at_end()) fail("RG0013", "expected an expression, but the line ends here", end_span());
    if (peek().kind == Tok::kBang) {
      const Token& bang = take();
      NodeId body = unary();
      Node n;
      n.op = Op::kNot;
      n.span = {bang.span.begin, rs_.pool[body].span.end};
      return rs_.pool.add(n, &body, 1);
    }
    return primary();
  }

  NodeId primary() {
    if (at_end()) fail("RG0013", "expected an expression, but the line ends here", end_span());
    const Token& a = peek();
    Node n;
    n.span = a.span;
    switch (a.kind) {
      case Tok::kId: {
        take();
        n.op = Op::kVar;
        n.sym = rs_.symbols.intern(a.text());
        n.binding = static_cast<uint8_t>(classify_var(a.text()));
        NodeId id = add(n);
        const std::string_view base = a.text();
        // NAME { "." NAME }
        // Each dot adds a tree level that evaluation walks recursively, so it counts as nesting.
        int hops = 0;
        while (left() >= 2 && peek().kind == Tok::kDot && peek(1).kind == Tok::kId) {
          if (depth_ + ++hops > kMaxDepth) {
            fail("RG0090", fmt::format("name has more than {} dotted parts", kMaxDepth), here(),
                 "real rules use one field access such as p.color");
          }
          take();
          const Token& f = take();
          Node q;
          q.op = Op::kField;
          q.sym = rs_.symbols.intern(f.text());
          q.span = {n.span.begin, f.span.end};
          // p.NAME and q.NAME are looked up whole; other dotted names are field accesses.
          const bool first = rs_.pool[id].op == Op::kVar;
          q.binding = static_cast<uint8_t>(!first ? Var::kUnknown
                                           : base == "p" ? Var::kPDot
                                           : base == "q" ? Var::kQDot
                                                         : Var::kUnknown);
          id = rs_.pool.add(q, &id, 1);
        }
        return id;
      }
      case Tok::kString:
        take();
        n.op = Op::kStr;
        n.sym = rs_.symbols.intern(a.text());
        return add(n);
      case Tok::kNumber:
        take();
        n.op = Op::kNum;
        n.value = a.num;
        return add(n);
      case Tok::kAddOp:
        if (a.ch == '-') {
          take();
          if (at_end()) fail("RG0016", "a minus sign ends the line", a.span);
          const Token& b = peek();
          if (b.kind != Tok::kNumber) {
            fail("RG0016", fmt::format("a minus sign must be followed by a number, not '{}'",
                                       describe(b)),
                 b.span, "negative numbers are written -3; negate an expression as 0 - (...)");
          }
          take();
          n.op = Op::kNum;
          n.value = static_cast<int32_t>(0u - static_cast<uint32_t>(b.num));
          n.span = {a.span.begin, b.span.end};
          return add(n);
        }
        break;
      case Tok::kOpen:
        if (a.ch == '(') {
          take();
          NodeId inner = expression();
          if (at_end()) {
            fail("RG0015", "')' expected to close the '(' of this expression", a.span);
          }
          const Token& b = peek();
          if (!is_char(b, Tok::kClose, ')')) {
            fail("RG0015", fmt::format("')' expected to close the '(' at column {}, found '{}'",
                                       column(a), describe(b)),
                 b.span);
          }
          take();
          return inner;
        }
        return list();
      default:
        break;
    }
    fail("RG0013", fmt::format("expected a value, a name, '(' or '[', found '{}'", describe(a)),
         a.span);
  }

  uint32_t column(const Token& t) const {
    return diags_.file() ? diags_.file()->line_col(t.span.begin).col : 0;
  }

  // list := "[" expr { "," expr } "]"
  NodeId list() {
    Depth d(*this);
    if (at_end()) fail("RG0014", "expected a '[' list, but the line ends here", end_span());
    const Token& open = peek();
    if (!is_char(open, Tok::kOpen, '[')) {
      fail("RG0014", fmt::format("expected a '[' list, found '{}'", describe(open)), open.span);
    }
    take();
    const size_t base = sc_.kids.size();
    struct Unwind {  // pops this list's children off the shared stack on every exit
      std::vector<NodeId>& v;
      size_t base;
      ~Unwind() { v.resize(base); }
    } unwind{sc_.kids, base};
    while (!at_end()) {
      NodeId kid;
      if (!simple_item(kid, ']')) kid = expression();
      sc_.kids.push_back(kid);
      if (at_end()) break;
      const Token& b = peek();
      if (b.kind == Tok::kComma) {
        take();
        continue;
      }
      if (is_char(b, Tok::kClose, ']')) {
        Node n;
        n.op = Op::kList;
        n.span = {open.span.begin, b.span.end};
        take();
        return rs_.pool.add(n, sc_.kids.data() + base, static_cast<uint32_t>(sc_.kids.size() - base));
      }
      fail("RG0014", fmt::format("expected ',' or ']' in the list opened at column {}, found '{}'",
                                 column(open), describe(b)),
           b.span);
    }
    fail("RG0014", fmt::format("the list opened at column {} is not closed with ']'", column(open)),
         open.span);
  }

  // range := "[" NUMBER ".." NUMBER "]"   (only directly after "name:")
  bool range(Item& it) {
    if (left() < 5) return false;
    if (!is_char(peek(), Tok::kOpen, '[') || peek(1).kind != Tok::kNumber ||
        peek(2).kind != Tok::kDotDot || peek(3).kind != Tok::kNumber ||
        !is_char(peek(4), Tok::kClose, ']')) {
      return false;
    }
    it.kind = Item::kRange;
    it.lo = peek(1).num;
    it.hi = peek(3).num;
    it.span = {peek().span.begin, peek(4).span.end};
    i_ += 5;
    return true;
  }

  // ---- atoms and rows ------------------------------------------------------------------------

  void atom_items(const Token& open) {
    std::vector<Item>& items = sc_.items;
    items.clear();
    while (!at_end()) {
      const Token& a = peek();
      Item& it = items.emplace_back();
      if (is_star(a)) {
        take();
        it.kind = Item::kStar;
        it.span = a.span;
      } else if (items.size() == 1 && is_char(a, Tok::kClose, ')')) {
        items.pop_back();  // "()" - an atom without restrictions
      } else if (left() >= 2 && a.kind == Tok::kId && peek(1).kind == Tok::kColon) {
        take();
        take();
        it.colon = true;
        it.key = a.text();
        it.role = role_of(it.key);
        it.key_span = a.span;
        if (!range(it)) {
          NodeId node;
          if (!simple_item(node)) node = expression();
          items.back().node = node;  // `it` may have moved if nested parsing grew `items`
          items.back().span = rs_.pool[node].span;
        }
      } else {
        NodeId node;
        if (!simple_item(node)) node = expression();
        items.back().node = node;
        items.back().span = rs_.pool[node].span;
      }
      if (at_end()) {
        fail("RG0011", fmt::format("the atom opened at column {} is not closed with ')'", column(open)),
             open.span);
      }
      const Token& b = peek();
      if (b.kind == Tok::kComma) {
        take();
        continue;
      }
      if (is_char(b, Tok::kClose, ')')) {
        take();
        return;
      }
      fail("RG0012", fmt::format("expected ',' or ')' in the atom opened at column {}, found '{}'",
                                 column(open), describe(b)),
           b.span);
    }
    fail("RG0011", fmt::format("the atom opened at column {} is not closed with ')'", column(open)),
         open.span);
  }

  void row(Row& r) {
    bool first = true;
    while (!at_end()) {
      const Token& a = take();
      if (is_star(a) || a.kind == Tok::kNumber) {
        if (first) {
          first = false;
          r.global_counter = is_star(a) ? -1 : a.num;
          if (r.global_counter == 0) {
            diags_.warning("RG0051", "a counter of 0 lets this rule line accept nothing", a.span,
                           "counters are '*' (no limit) or a positive number of uses");
          }
          continue;
        }
        fail("RG0031", fmt::format("expected an atom '(...)', found '{}'", describe(a)), a.span,
             "only the first item of a rule line may be a counter");
      }
      if (!is_char(a, Tok::kOpen, '(')) {
        fail("RG0010", fmt::format("expected a counter or an atom '(...)', found '{}'", describe(a)),
             a.span);
      }
      first = false;
      atom_items(a);
      if (r.atoms.count == 0) r.atoms.first = static_cast<uint32_t>(rs_.atoms.size());
      // Built in place; a line that fails leaves an unreferenced atom behind, which is harmless.
      Atom& atom = rs_.atoms.emplace_back();
      atom.span = {a.span.begin, toks_[i_ - 1].span.end};
      build_atom(sc_.items, atom);
      ++r.atoms.count;
    }
  }

  // ---- interpreting an atom -------------------------------------------------------------------

  const Node& node(NodeId id) const { return rs_.pool[id]; }
  bool is_plain_id(NodeId id) const {
    const Op op = node(id).op;
    return op == Op::kVar || op == Op::kStr;
  }
  // The text a plain value stands for when it is used as a constant ("red", 3, "vm/arrow").
  // Valid until the next call.
  std::string_view value_text(NodeId id) {
    const Node& n = node(id);
    if (n.op == Op::kVar || n.op == Op::kStr) return rs_.symbols.name(n.sym);
    sc_.text.clear();
    append_text(id);
    return sc_.text;
  }
  void append_text(NodeId id) {
    const Node& n = node(id);
    if (n.op == Op::kNum) {
      char buf[16];
      const auto r = std::to_chars(buf, buf + sizeof buf, n.value);
      sc_.text.append(buf, r.ptr);
    } else if (n.op == Op::kField) {
      append_text(rs_.pool.kid(n, 0));
      sc_.text += '.';
      sc_.text += rs_.symbols.name(n.sym);
    } else {
      sc_.text += rs_.symbols.name(n.sym);
    }
  }
  expr::Sym intern_value(NodeId id) {
    const Node& n = node(id);
    if (n.op == Op::kVar || n.op == Op::kStr) return n.sym;  // already interned
    return rs_.symbols.intern(value_text(id));
  }
  expr::Sym intern_upper(NodeId id) {
    const Node& n = node(id);
    if (n.op == Op::kVar || n.op == Op::kStr) {  // cached per symbol
      std::vector<expr::Sym>& cache = rs_.upper_of;
      if (cache.size() <= n.sym) cache.resize(rs_.symbols.size(), expr::kNoSym);
      if (cache[n.sym] == expr::kNoSym) cache[n.sym] = upper_uncached(id);
      return cache[n.sym];
    }
    return upper_uncached(id);
  }
  expr::Sym upper_uncached(NodeId id) {
    const std::string_view v = value_text(id);
    bool lower = false;
    for (char c : v) lower |= c >= 'a' && c <= 'z';
    if (!lower) return intern_value(id);
    std::string& t = sc_.text;
    if (v.data() != t.data()) t.assign(v);
    for (char& c : t) {
      if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    }
    return rs_.symbols.intern(t);
  }

  void build_positions(const Item* it, PositionList& pl) {
    pl.any = it == nullptr || it->kind == Item::kStar;
    if (pl.any) return;
    pl.span = it->span;
    pl.src = it->node;
    if (it->kind == Item::kRange) {
      fail("RG0021", "a position list cannot be a range", it->span,
           "list cells like [1,2,3] or name an order such as T or L1");
    }
    add_positions(it->node, pl);
  }

  void add_positions(NodeId id, PositionList& pl) {
    const Node& n = node(id);
    switch (n.op) {
      case Op::kList:
        for (uint32_t k = 0; k < n.kid_count; ++k) add_positions(rs_.pool.kid(n, k), pl);
        return;
      case Op::kNum:
        if (n.value >= 1 && n.value <= kCells) pl.cells |= bit(n.value);
        return;
      case Op::kVar:
      case Op::kStr:
      case Op::kField: {
        const int ref = order_index(value_text(id), n.span);
        if (pl.orders.count == 0) pl.orders.first = static_cast<uint32_t>(rs_.order_refs.size());
        rs_.order_refs.push_back(ref);
        ++pl.orders.count;
        return;
      }
      default:
        fail("RG0021", "a position must be a cell number (1-36) or the name of an order", n.span);
    }
  }

  int order_index(std::string_view name, Span span) {
    for (size_t k = 0; k < rs_.orders.size(); ++k) {
      if (rs_.orders[k].name == name) return static_cast<int>(k);
    }
    if (const Order* b = builtin_order(name)) {
      rs_.orders.push_back(*b);
      return static_cast<int>(rs_.orders.size() - 1);
    }
    // "Did you mean": among the orders defined above and the built-in ones.
    std::vector<std::string_view> known{"L1", "L2", "L3", "L4", "T", "B", "R", "L", "NearestObject", "Farthest"};
    for (const Order& o : rs_.orders) known.push_back(o.name);
    const std::string_view near = text::closest_ignoring_case(name, known.data(), known.size());
    diags_.warning("RG0050", fmt::format("'{}' is not a built-in order and no order of that name "
                                         "is defined above",
                                         name),
                   span, fmt::format("{}built-in orders: L1 L2 L3 L4 T B R L NearestObject Farthest",
                                     near.empty() ? "" : fmt::format("did you mean '{}'? ", near)));
    return -1;
  }

  // The legacy shape/color list; `qualified_ok` is true for colors, whose reference
  // implementation also takes a dotted name as a (never matching) constant.
  void build_legacy_list(const Item* it, bool& has, Slice& out, const char* what,
                         bool qualified_ok) {
    has = !(it == nullptr || it->kind == Item::kStar);
    if (!has) return;
    if (it->kind == Item::kRange) {
      fail("RG0023", fmt::format("a {} cannot be a number range", what), it->span);
    }
    const Node& n = node(it->node);
    out = {static_cast<uint32_t>(rs_.syms.size()), 0};
    if (is_plain_id(it->node) || (qualified_ok && n.op == Op::kField)) {
      rs_.syms.push_back(intern_upper(it->node));
      out.count = 1;
      return;
    }
    if (n.op == Op::kList) {
      bool simple = true;
      for (uint32_t k = 0; k < n.kid_count && simple; ++k) simple = is_plain_id(rs_.pool.kid(n, k));
      if (simple) {
        for (uint32_t k = 0; k < n.kid_count; ++k) {
          const expr::Sym s = intern_upper(rs_.pool.kid(node(it->node), k));
          rs_.syms.push_back(s);
        }
        out.count = node(it->node).kid_count;
      }
    }
    // Any other expression: matched through the property condition only.
  }

  void build_condition(std::string_view key, const Item& it, Atom& atom) {
    if (it.kind == Item::kStar) return;
    if (key == "code") {
      if (it.kind == Item::kRange) {
        fail("RG0024", "'code:' needs an expression, not a range", it.span);
      }
      atom.code = it.node;
      return;
    }
    check_property_name(key, it.key_span);
    PropertyCondition c;
    c.key = rs_.symbols.intern(key);
    c.src = it.node;
    if (it.kind == Item::kRange) {
      c.ranges = {static_cast<uint32_t>(rs_.ranges.size()), 1};
      rs_.ranges.emplace_back(it.lo, it.hi);
    } else {
      const Node& n = node(it.node);
      c.values.first = static_cast<uint32_t>(rs_.syms.size());
      if (n.op == Op::kNum || is_plain_id(it.node)) {
        rs_.syms.push_back(intern_value(it.node));
        c.values.count = 1;
      } else if (n.op == Op::kList && gs3_list(n)) {
        for (uint32_t k = 0; k < n.kid_count; ++k) {
          const expr::Sym s = intern_value(rs_.pool.kid(node(it.node), k));
          rs_.syms.push_back(s);
        }
        c.values.count = node(it.node).kid_count;
      } else {
        c.exp = it.node;
      }
    }
    if (atom.conds.count == 0) atom.conds.first = static_cast<uint32_t>(rs_.conds.size());
    rs_.conds.push_back(c);
    ++atom.conds.count;
  }

  // A clause name one letter short of or off a clause of the atom (colr:, shpe:): a note with
  // "did you mean". Other names are custom properties, which image-and-property objects define
  // (the corpus uses dozens: opacity, xshape...), so they are accepted without a word.
  void check_property_name(std::string_view key, Span span) {
    static constexpr std::string_view kKnown[] = {"count", "shape", "color", "pos", "postpos", "bucket", "code"};
    // Almost every key is one of them: answered before any edit distance (this runs per clause,
    // on the parser's hot path).
    for (std::string_view k : kKnown) {
      if (key == k) return;
    }
    for (std::string_view k : kKnown) {
      // One letter short of or off: its length is k's or one less, so most keys need no distance.
      if (key.size() >= 3 && key.size() + 1 >= k.size() && key.size() <= k.size() && text::edit_distance(key, k) == 1) {
        diags_.add({text::Severity::kNote, "RG0053",
                    fmt::format("'{}' is not a property of the legacy pieces; only pieces whose properties "
                                "define it can match",
                                key),
                    span, fmt::format("did you mean '{}:'?", k)});
        return;
      }
    }
  }

  bool gs3_list(const Node& n) const {
    for (uint32_t k = 0; k < n.kid_count; ++k) {
      const NodeId kid = rs_.pool.kid(n, k);
      if (!is_plain_id(kid) && node(kid).op != Op::kNum) return false;
    }
    return true;
  }

  void build_atom(std::vector<Item>& items, Atom& atom) {
    size_t colons = 0;
    for (const Item& it : items) colons += it.colon ? 1 : 0;
    // Clauses by key, in the order written.
    static constexpr std::string_view kPositional[5] = {"count", "shape", "color", "pos", "bucket"};
    if (colons == items.size()) {
      for (size_t i = 0; i < items.size(); ++i) {
        for (size_t k = 0; k < i; ++k) {
          if (items[k].key == items[i].key) {
            fail("RG0017", fmt::format("the atom has two '{}:' clauses", items[i].key),
                 items[i].key_span);
          }
        }
      }
    } else {
      if (colons > 0) {
        const Item& c = *std::find_if(items.begin(), items.end(), [](const Item& x) { return x.colon; });
        fail("RG0018", "an atom is either five positional fields or 'name:value' clauses, not both",
             c.key_span, "write (count:1, color:red) or (1,*,red,*,*)");
      }
      if (items.size() != 5) {
        fail("RG0019", fmt::format("a positional atom has 5 fields (count, shape, color, position, "
                                   "bucket), this one has {}",
                                   items.size()),
             atom.span);
      }
      static constexpr uint8_t kPositionalRole[5] = {kCount, kShape, kColor, kPos, kBucket};
      for (size_t k = 0; k < 5; ++k) {
        items[k].key = kPositional[k];
        items[k].role = kPositionalRole[k];
      }
    }
    const Item* by_role[std::size(kRoles)] = {};
    for (const Item& it : items) {
      if (it.role != kProperty) by_role[it.role] = &it;
    }
    // count
    if (const Item* c = by_role[kCount]; c && c->kind != Item::kStar) {
      if (c->kind != Item::kExpr || node(c->node).op != Op::kNum) {
        fail("RG0020", "a counter must be '*' or a whole number", c->span);
      }
      atom.counter = node(c->node).value;
      if (atom.counter == 0) {
        // Accepted as the reference engine accepts it, but such an atom can never be used.
        diags_.warning("RG0051", "a counter of 0 lets this atom accept nothing", c->span,
                       "counters are '*' (no limit) or a positive number of uses");
      }
    }
    build_positions(by_role[kPos], atom.pos);
    build_positions(by_role[kPostpos], atom.postpos);
    // bucket
    if (const Item* b = by_role[kBucket]; b && b->kind != Item::kStar) {
      if (b->kind == Item::kRange) {
        fail("RG0022", "buckets are given by a number, a list or an expression, not a range",
             b->span);
      }
      atom.bucket = b->node;
    }
    classify_buckets(atom);
    for (const Item& it : items) {
      if (it.role == kCount || it.role == kPos || it.role == kPostpos || it.role == kBucket) continue;
      build_condition(it.key, it, atom);
    }
    build_legacy_list(by_role[kShape], atom.has_shapes, atom.shapes, "shape", false);
    build_legacy_list(by_role[kColor], atom.has_colors, atom.colors, "color", true);
    atom.dynamic = atom.buckets_vary || atom.code != expr::kNoNode;
    for (uint32_t k = 0; k < atom.conds.count; ++k) {
      atom.dynamic |= rs_.conds[atom.conds.first + k].exp != expr::kNoNode;
    }
  }

  // Constant bucket lists (the common case) are folded into a mask at parse time.
  void classify_buckets(Atom& atom) {
    if (atom.bucket == expr::kNoNode) {
      atom.const_buckets = 0xF;
      return;
    }
    uint8_t mask = 0;
    if (constant_buckets(atom.bucket, mask)) {
      atom.const_buckets = mask;
    } else {
      atom.buckets_vary = true;
    }
  }
  bool constant_buckets(NodeId id, uint8_t& mask) {
    const Node& n = node(id);
    if (n.op == Op::kNum && (n.value < 0 || n.value > 3)) {
      // The reference engine takes bucket numbers modulo 4: accepted, but hardly what was meant.
      diags_.warning("RG0052",
                     fmt::format("there is no bucket {}; it is read as bucket {} (bucket numbers are taken modulo 4)",
                                 n.value, ((n.value % 4) + 4) % 4),
                     n.span, "buckets are numbered 0 (top left) to 3 (bottom left), clockwise");
    }
    if (n.op == Op::kNum) {
      mask |= static_cast<uint8_t>(1u << (((n.value % 4) + 4) % 4));
      return true;
    }
    if (n.op == Op::kList) {
      for (uint32_t k = 0; k < n.kid_count; ++k) {
        if (!constant_buckets(rs_.pool.kid(n, k), mask)) return false;
      }
      return true;
    }
    return false;
  }

  // ---- order lines ---------------------------------------------------------------------------

  void order_line() {
    const Token& kw = take();
    if (at_end() || peek().kind != Tok::kId) {
      fail("RG0030", "an order line needs a name: Order NAME=[...]", at_end() ? kw.span : peek().span);
    }
    const Token& name = take();
    if (at_end() || peek().kind != Tok::kEqual) {
      fail("RG0030", "an order line needs '=' after the name: Order NAME=[...]",
           at_end() ? name.span : peek().span);
    }
    take();
    NodeId l = list();
    if (!at_end()) {
      fail("RG0030", fmt::format("unexpected '{}' after the order's list", describe(peek())),
           peek().span);
    }
    Order o;
    o.name = std::string(name.text());
    CellMask seen = 0;
    const Node& ln = node(l);
    for (uint32_t k = 0; k < ln.kid_count; ++k) {
      const NodeId e = rs_.pool.kid(ln, k);
      CellMask g = 0;
      // A single cell, or a tie group; anything else ranks no cell (as in the reference engine).
      const bool single = node(e).op == Op::kNum;
      const uint32_t n_cells = single ? 1 : node(e).op == Op::kList ? node(e).kid_count : 0;
      for (uint32_t m = 0; m < n_cells; ++m) {
        const NodeId c = single ? e : rs_.pool.kid(node(e), m);
        if (node(c).op != Op::kNum) {
          fail("RG0030", "a tie group in an order holds cell numbers only", node(c).span);
        }
        const int v = node(c).value;
        if (v < 1 || v > kCells) {
          fail("RG0032", fmt::format("cell {} does not exist; cells are numbered 1 to {}", v, kCells),
               node(c).span);
        }
        if (seen & bit(v)) {
          fail("RG0033", fmt::format("cell {} appears twice in order {}", v, o.name), node(c).span);
        }
        seen |= bit(v);
        g |= bit(v);
      }
      if (g) o.add_group(g);
    }
    auto it = std::find_if(rs_.orders.begin(), rs_.orders.end(),
                           [&](const Order& x) { return x.name == o.name; });
    if (it != rs_.orders.end()) {
      *it = std::move(o);
    } else {
      rs_.orders.push_back(std::move(o));
    }
  }

  size_t i_ = 0;

 private:
  RuleSet& rs_;
  text::Diagnostics& diags_;
  const TokenBuffer& toks_;
  Span line_;
  Scratch& sc_;
  int depth_ = 0;
};

}  // namespace

expr::NodeId parse_expression(const text::SourceFile& file, text::Diagnostics& diags,
                              RuleSet& rules) {
  TokenBuffer& toks = scratch().toks;
  const std::string_view text = file.text();
  if (text.size() > kMaxLine) {
    diags.error("RG0091", fmt::format("expression is {} bytes long; the limit is {}", text.size(), kMaxLine), {0, 0});
    return expr::kNoNode;
  }
  if (!tokenize(text, 0, toks, &diags)) return expr::kNoNode;
  LineParser p(rules, diags, toks, {0, static_cast<uint32_t>(text.size())});
  try {
    expr::NodeId id = p.expression();
    if (!p.at_end()) {
      p.fail("RG0013", fmt::format("unexpected '{}' after the expression", describe(p.peek())),
             p.peek().span);
    }
    return id;
  } catch (const ParseError&) {
    return expr::kNoNode;
  }
}

std::vector<std::string> description_lines(const RuleSet& rules, std::string_view file_text) {
  std::vector<std::string> out;
  if (rules.header.end > file_text.size()) return out;
  std::string_view block = file_text.substr(rules.header.begin, rules.header.size());
  size_t start = 0;
  while (start < block.size()) {
    size_t nl = block.find('\n', start);
    if (nl == std::string_view::npos) nl = block.size();
    uint32_t dummy = 0;
    std::string_view line = trim_java(block.substr(start, nl - start), dummy);
    start = nl + 1;
    size_t k = 0;
    while (k < line.size() && line[k] == '#') ++k;
    while (k < line.size() && line[k] == '-') ++k;
    while (k < line.size() && line[k] == ' ') ++k;
    line = line.substr(k);
    if (!line.empty() && line.substr(0, 8) != "Display:") out.emplace_back(line);
  }
  return out;
}

void RuleSet::clear() {
  orders.clear();
  rows.clear();
  atoms.clear();
  conds.clear();
  syms.clear();
  ranges.clear();
  order_refs.clear();
  pool.clear();
  header = {};
  display.clear();
}

void parse_rules(const text::SourceFile& file, text::Diagnostics& diags, RuleSet& out) {
  out.clear();
  if (out.sym_shape == expr::kNoSym) {  // a reused RuleSet keeps its symbols
    out.sym_shape = out.symbols.intern("shape");
    out.sym_color = out.symbols.intern("color");
    out.sym_pos = out.symbols.intern("pos");
    out.sym_bucket = out.symbols.intern("bucket");
  }
  const std::string_view text = file.text();
  TokenBuffer& toks = scratch().toks;
  bool top_comment = true;
  size_t start = 0;
  uint32_t line_no = 0;
  while (start <= text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) nl = text.size();
    ++line_no;
    uint32_t offset = static_cast<uint32_t>(start);
    std::string_view raw = text.substr(start, nl - start);
    start = nl + 1;
    std::string_view line = trim_java(raw, offset);
    if (line.empty() || line[0] == '#') {
      if (top_comment && !line.empty()) {
        size_t k = 0;
        while (k < line.size() && line[k] == '#') ++k;
        while (k < line.size() && line[k] == '-') ++k;
        while (k < line.size() && line[k] == ' ') ++k;
        std::string_view s = line.substr(k);
        if (s.substr(0, 8) == "Display:") {
          std::string_view d = s.substr(8);
          uint32_t dummy = 0;
          out.display = std::string(trim_java(d, dummy));
        } else if (!s.empty()) {
          // Kept as a range of the file; description_lines() turns it into text on demand.
          if (out.header.size() == 0) out.header.begin = offset;
          out.header.end = offset + static_cast<uint32_t>(line.size());
        }
      }
      continue;
    }
    top_comment = false;
    const Span line_span{offset, offset + static_cast<uint32_t>(line.size())};
    if (line.size() > kMaxLine) {
      diags.error("RG0091", fmt::format("line is {} bytes long; the limit is {}", line.size(), kMaxLine),
                  {offset, offset});
      continue;
    }
    if (!tokenize(line, offset, toks, &diags)) continue;
    if (toks.empty()) {
      diags.error("RG0041", "the line holds nothing but white space the parser does not skip",
                  line_span);
      continue;
    }
    LineParser p(out, diags, toks, line_span);
    try {
      if (out.rows.empty() && toks[0].kind == Tok::kId && toks[0].text().size() == 5 &&
          (toks[0].text()[0] | 0x20) == 'o' && (toks[0].text()[1] | 0x20) == 'r' &&
          (toks[0].text()[2] | 0x20) == 'd' && (toks[0].text()[3] | 0x20) == 'e' &&
          (toks[0].text()[4] | 0x20) == 'r') {
        try {
          p.order_line();
        } catch (const ParseError&) {
          // Keep the name known so that rules using it do not get a second, misleading message.
          if (toks.size() > 1 && toks[1].kind == Tok::kId) {
            const std::string name(toks[1].text());
            if (std::none_of(out.orders.begin(), out.orders.end(),
                             [&](const Order& o) { return o.name == name; })) {
              Order o;
              o.name = name;
              out.orders.push_back(o);
            }
          }
        }
        continue;
      }
      Row r;
      r.line = line_no;
      r.span = line_span;
      p.row(r);
      if (r.atoms.count == 0) {
        p.fail("RG0042", "a rule line needs at least one atom '(...)' after its counter",
               line_span);
      }
      out.rows.push_back(std::move(r));
    } catch (const ParseError&) {
      // reported; go on with the next line
    }
  }
  if (out.rows.empty() && !diags.has_errors()) {
    const uint32_t end = static_cast<uint32_t>(text.size());
    diags.error("RG0040", "the file has no rule lines", {end, end},
                "a rule file needs at least one line of atoms such as (*,*,*,*,*)");
  }
}

}  // namespace rk::rulegame
