// Where `rulekit check` collects what every dialect's checker finds: diagnostics (printed as they
// come, or gathered into the one JSON document), problems with whole files, skipped files, counts,
// and what a dialect read but cannot run yet. Game checkers write here; src/cli/check.cc prints
// the summary.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "registry/dialect.h"

namespace rk::text {
class Diagnostics;
}

namespace rk::registry {

struct CheckReport {
  bool json = false;
  size_t files = 0, cards = 0, errors = 0, warnings = 0;
  std::string json_items;  // the diagnostics so far, as JSON list items joined by commas
  std::map<std::string, size_t> unexecuted;  // keyword -> uses, for dialects without an engine yet
  // A dialect whose scripts run in an engine says how many compile for it, and what the others
  // need (part -> scripts). `name` and `how` label the summary ("RuleScript", "rulekit cfc play").
  struct Engine {
    std::string name, how;
    size_t scripts = 0, compiled = 0;
    std::map<std::string, size_t> missing;
  } engine;
  std::vector<std::string> problems;  // file-level errors without a position (JSON mode)
  std::vector<nlohmann::json> notes;  // skipped files and guesses (JSON mode)
  size_t skipped = 0;

  // A problem with a whole file (it cannot be read, a table is malformed): an error, on standard
  // error as text, or inside the one JSON document.
  void problem(const std::string& message);
  // A file with nothing to check (prose, data, images): named in a note, not an error.
  void skip(const std::string& path, const Detected& d);
  void note(const std::string& path, const std::string& message);
  void cannot_read(const std::string& path);
  // A file's diagnostics: counted, and printed (text) or kept (JSON).
  void report(const text::Diagnostics& diags);
  // Diagnostics already rendered by their owner (a database renders its files itself).
  void rendered(const std::string& text, const std::string& json_list);
};

}  // namespace rk::registry
