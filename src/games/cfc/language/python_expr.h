// The Python subset that RuleScript cards write in expressions ([[if ...]], vars, command
// arguments), compiled to the shared expression language: no Python at run time.
//
//   or     := and {"or" and}          and := not {"and" not}        not := "not" not | cmp
//   cmp    := sum [("=="|"!="|"<"|"<="|">"|">=") sum]               (no chained comparisons)
//   sum    := term {("+"|"-") term}   term := unary {("*"|"/"|"//"|"%") unary}
//   unary  := ("-"|"+") unary | post  post := atom {"." (NAME|INT) | "(" args ")"}
//   atom   := INT | STRING | NAME | "(" or ")" | "[" [or {"," or}] "]" | "all" or "in" sum
#pragma once

#include <string>
#include <string_view>

#include "expr/ast.h"
#include "text/diagnostic.h"

namespace rk::cfc {

// Parses text[begin, end) (spans are offsets into `text`). Reports problems to `diags` and
// returns false; on success `out` is the root.
bool parse_python_expr(std::string_view text, size_t begin, size_t end, expr::Pool& pool,
                       expr::SymbolTable& symbols, text::Diagnostics& diags, expr::NodeId& out);

// Writes an expression back in the same subset, with the fewest parentheses that keep its tree.
void print_python_expr(const expr::Pool& pool, const expr::SymbolTable& symbols, expr::NodeId id, std::string& out);

}  // namespace rk::cfc
