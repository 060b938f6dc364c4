// RuleScript errata: where a card's script contradicts its printed text, the printed text decides
// (rulebook, "The Golden Rule of Battle"; issue 19). Each entry replaces one script, and only while
// the corpus still holds the exact text it corrects, so a script fixed upstream is left alone.
#pragma once

#include <string>
#include <string_view>

namespace rk::cfc {

struct Erratum {
  std::string_view guid;
  std::string_view printed;    // the card's printed text, which decides
  std::string_view script;     // the corpus script it corrects (surrounding blank lines ignored)
  std::string_view corrected;  // the script the engine runs instead
};

// The script the engine runs for a card: its corpus script, or the erratum's correction of it.
// `applied`: set to the erratum used, or null.
const std::string& script_after_errata(std::string_view guid, const std::string& rules, std::string& storage,
                                       const Erratum** applied = nullptr);

}  // namespace rk::cfc
