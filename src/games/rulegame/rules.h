// A parsed Rule Game rule set: optional order definitions, then rule lines made of atoms.
// Built once from the text and never changed; every episode shares it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "expr/ast.h"
#include "expr/value.h"
#include "games/rulegame/orders.h"
#include "text/diagnostic.h"

namespace rk::rulegame {

// How a resolved identifier is evaluated (stored in expr::Node::binding).
enum class Var : uint8_t {
  kUnknown = 0,  // not a variable of the language: always the empty set
  kP, kPc, kPs, kNearby, kRemotest, kThis, kLast,
  kPDot,  // p.NAME: the bucket that last took a piece sharing this piece's NAME value
  kQDot,  // q.NAME: the last removed piece sharing this piece's NAME value
};

// Where pieces may be picked: any cell, listed cells, or cells at the head of an order.
struct PositionList {
  bool any = true;
  CellMask cells = 0;
  std::vector<int> orders;  // indices into RuleSet::orders; -1 = an unknown order name
  expr::NodeId src = expr::kNoNode;  // as written, for printing
  text::Span span;
};

// The condition an atom puts on one property ("color:", "size:", "code:" ...).
struct PropertyCondition {
  expr::Sym key = expr::kNoSym;
  std::vector<expr::Sym> values;              // accepted values, as written
  std::vector<std::pair<int32_t, int32_t>> ranges;  // [lo..hi] for integer-valued properties
  expr::NodeId exp = expr::kNoNode;           // GS5 expression; the value must be among its results
  expr::NodeId src = expr::kNoNode;           // the clause's value as written (kNoNode for a range)
};

struct Atom {
  int32_t counter = -1;  // -1: unmetered
  // Legacy shape/color lists (upper case). `has_*` false means "any".
  bool has_shapes = false, has_colors = false;
  std::vector<expr::Sym> shapes, colors;
  PositionList pos, postpos;
  // Bucket expressions; an atom with "*" or no bucket clause accepts the four buckets.
  std::vector<expr::NodeId> buckets;
  uint8_t const_buckets = 0;  // buckets given as plain constants, precomputed
  bool buckets_vary = false;  // some bucket expression is not a constant
  std::vector<PropertyCondition> conds;  // includes shape/color, excludes code
  expr::NodeId code = expr::kNoNode;
  // True when acceptance depends on expressions (code:, GS5 property values, bucket
  // expressions); such atoms are evaluated per candidate bucket, the others once per piece.
  bool dynamic = false;
  text::Span span;
};

struct Row {
  int32_t global_counter = -1;  // -1: unmetered
  std::vector<Atom> atoms;
  uint32_t line = 0;  // 1-based line in the file
  text::Span span;
};

struct RuleSet {
  std::vector<Order> orders;  // custom orders, then built-in orders that rules refer to
  std::vector<Row> rows;
  expr::Pool pool;
  expr::SymbolTable symbols;
  std::vector<std::string> description;  // leading comment lines
  std::string display;                   // "#Display: ..." directive

  // Names whose symbols are needed by the engine, interned at parse time.
  expr::Sym sym_shape = expr::kNoSym, sym_color = expr::kNoSym, sym_pos = expr::kNoSym,
            sym_bucket = expr::kNoSym;

  bool ok() const { return !rows.empty(); }
  void clear();
};

// Parses a rule file. Every problem is reported to `diags`; a rule set with any error is not
// playable (the reference engine rejects the whole file on the first error), but parsing goes on
// line by line so that all broken lines are reported at once.
void parse_rules(const text::SourceFile& file, text::Diagnostics& diags, RuleSet& out);

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
