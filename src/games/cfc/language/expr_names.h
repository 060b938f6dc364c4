// The names RuleScript expressions may use (RuleScript.md: variables, attributes of players,
// cards and lists, functions, Python built-ins) and the check that every name written inside
// `[[if ...]]` and other expressions is one of them. A misspelt name parses as well as a right one,
// so without this it would only show up as a part the engine "does not run yet".
#pragma once

#include <span>
#include <string_view>

#include "games/cfc/language/rulescript.h"
#include "text/diagnostic.h"

namespace rk::cfc {

std::span<const std::string_view> expression_variables();
std::span<const std::string_view> expression_fields();
std::span<const std::string_view> expression_functions();

// RS0052 (an unknown name), RS0053 (an unknown attribute), RS0054 (an unknown function), each with
// "did you mean" when a known name is close. Spans are those of `r` (offsets in the script).
void check_expr_names(const Rules& r, text::Diagnostics& diags);

}  // namespace rk::cfc
