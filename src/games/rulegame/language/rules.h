// A parsed Rule Game rule set: optional order definitions, then rule lines made of atoms.
// Built once from the text and never changed; every episode shares it.
//
// Layout: all atoms, conditions and name lists of a rule set live in a few flat vectors and
// refer to each other by index ranges, so that parsing allocates almost nothing per atom and a
// RuleSet reused for the next file keeps its capacity.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "expr/ast.h"
#include "expr/value.h"
#include "games/rulegame/language/orders.h"
#include "text/diagnostic.h"

namespace rk::rulegame {

// How a resolved identifier is evaluated (stored in expr::Node::binding).
enum class Var : uint8_t {
  kUnknown = 0,  // not a variable of the language: always the empty set
  kP, kPc, kPs, kNearby, kRemotest, kThis, kLast,
  kPDot,  // p.NAME: the bucket that last took a piece sharing this piece's NAME value
  kQDot,  // q.NAME: the last removed piece sharing this piece's NAME value
};

// A run of elements in one of RuleSet's flat vectors.
struct Slice {
  uint32_t first = 0, count = 0;
};

// Where pieces may be picked: any cell, listed cells, or cells at the head of an order.
struct PositionList {
  bool any = true;
  CellMask cells = 0;
  Slice orders;  // into RuleSet::order_refs: indices into RuleSet::orders, -1 = unknown name
  expr::NodeId src = expr::kNoNode;  // as written, for printing
  text::Span span;
};

// The condition an atom puts on one property ("color:", "size:" ...).
struct PropertyCondition {
  expr::Sym key = expr::kNoSym;
  Slice values;                       // into RuleSet::syms: accepted values, as written
  Slice ranges;                       // into RuleSet::ranges: [lo..hi] of integer values
  expr::NodeId exp = expr::kNoNode;   // GS5 expression; the value must be among its results
  expr::NodeId src = expr::kNoNode;   // the clause's value as written (kNoNode for a range)
};

struct Atom {
  int32_t counter = -1;  // -1: unmetered
  // Legacy shape/color lists (upper case, into RuleSet::syms). `has_*` false means "any".
  bool has_shapes = false, has_colors = false;
  Slice shapes, colors;
  PositionList pos, postpos;
  expr::NodeId bucket = expr::kNoNode;  // kNoNode: the four buckets
  uint8_t const_buckets = 0;  // the buckets when given by constants, precomputed
  bool buckets_vary = false;  // the bucket expression is not a constant
  Slice conds;                // into RuleSet::conds; includes shape/color, excludes code
  expr::NodeId code = expr::kNoNode;
  // True when acceptance depends on expressions (code:, GS5 property values, bucket
  // expressions); such atoms are evaluated per candidate bucket, the others once per piece.
  bool dynamic = false;
  text::Span span;
};

struct Row {
  int32_t global_counter = -1;  // -1: unmetered
  Slice atoms;                  // into RuleSet::atoms
  uint32_t line = 0;            // 1-based line in the file
  text::Span span;
};

struct RuleSet {
  std::vector<Order> orders;  // custom orders, then built-in orders that rules refer to
  std::vector<Row> rows;
  std::vector<Atom> atoms;
  std::vector<PropertyCondition> conds;
  std::vector<expr::Sym> syms;
  std::vector<std::pair<int32_t, int32_t>> ranges;
  std::vector<int32_t> order_refs;
  expr::Pool pool;
  expr::SymbolTable symbols;
  text::Span header;        // the leading comment lines (see description_lines)
  std::string display;      // "#Display: ..." directive

  // Parse-time cache: the upper-case form of each symbol (kNoSym until needed). Kept, like
  // `symbols`, when a RuleSet is cleared and reused.
  std::vector<expr::Sym> upper_of;

  // Names whose symbols the engine needs, interned at parse time.
  expr::Sym sym_shape = expr::kNoSym, sym_color = expr::kNoSym, sym_pos = expr::kNoSym,
            sym_bucket = expr::kNoSym;

  std::span<const Atom> atoms_of(const Row& r) const { return {atoms.data() + r.atoms.first, r.atoms.count}; }
  std::span<const expr::Sym> syms_of(Slice s) const { return {syms.data() + s.first, s.count}; }
  std::span<const PropertyCondition> conds_of(const Atom& a) const {
    return {conds.data() + a.conds.first, a.conds.count};
  }
  std::span<const std::pair<int32_t, int32_t>> ranges_of(Slice s) const {
    return {ranges.data() + s.first, s.count};
  }
  std::span<const int32_t> orders_of(const PositionList& p) const {
    return {order_refs.data() + p.orders.first, p.orders.count};
  }

  bool ok() const { return !rows.empty(); }
  void clear();
};

// Parses a rule file. Every problem is reported to `diags`; a rule set with any error is not
// playable (the reference engine rejects the whole file on the first error), but parsing goes on
// line by line so that all broken lines are reported at once.
void parse_rules(const text::SourceFile& file, text::Diagnostics& diags, RuleSet& out);

// The rule set's description: its leading comment lines without their '#' marks.
std::vector<std::string> description_lines(const RuleSet& rules, std::string_view file_text);

// Parses the whole of `file` as one expression (e.g. "(p+1)%4"), adding its nodes and names to
// `rules`. Returns kNoNode after reporting an error.
expr::NodeId parse_expression(const text::SourceFile& file, text::Diagnostics& diags,
                              RuleSet& rules);

// The rule set written back as rule-file text (one line per order and per rule line), in a
// canonical form that parses to the same rule set.
std::string to_source(const RuleSet& rules);
std::string to_source(const RuleSet& rules, const Atom& atom);
std::string to_source(const RuleSet& rules, expr::NodeId node);

}  // namespace rk::rulegame
