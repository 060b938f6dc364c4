// #AUTO_DEFINE macros of Wagic card files: collected from every file before any card is read,
// then applied to ability values as text replacement (the seed's meaning), with a map from the
// expanded text back to what the author wrote so that diagnostics point at the call.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/mtg/language/ability.h"
#include "text/diagnostic.h"

namespace rk::mtg {

struct Macro {
  std::string name;  // lower case
  std::vector<std::string> params;
  std::string body;
};

// Adds the #AUTO_DEFINE lines of `text` to `macros` (a later definition of a name replaces the
// earlier one), longest names first.
void collect_macros(std::string_view text, std::vector<Macro>& macros);

// Expands every macro in `value` (at `offset` of its file) into `out`; false when none applies.
// `map` maps offsets of `out` back into the file; runaway expansions are reported to `diags`.
bool expand_macros(const std::vector<Macro>& macros, std::string_view value, uint32_t offset, std::string& out,
                   SourceMap& map, text::Diagnostics& diags);

}  // namespace rk::mtg
