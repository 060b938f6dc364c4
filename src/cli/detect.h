// The detection of src/registry/detect.h with each answer named by a Reader: the formats of the
// first four games, as the detection tests and older tools name them. `check` and `explain` use
// the registry's answers directly; a game added later needs nothing here (its formats are kOther).
#pragma once

#include <string>
#include <string_view>

#include "registry/detect.h"

namespace rk::cli {

// How `check` reads a path. kSkip: nothing in it to check (data, prose, images); it is named in a
// note, not reported as an error.
enum class Reader {
  kSkip,
  kRuleGame,      // a Rule Game rule file, or a folder of them
  kRuleGameBoard, // a Rule Game board (JSON)
  kVckFolder,     // the VCK card tables
  kVckTable,      // one VCK card table (citizens.json)
  kRuleScript,    // CFC rules.json or a CFC folder
  kCfcSet,        // CFC card data (set.xml)
  kWagic,         // a Wagic database, folder or card file
  kOther,         // a format of a game added after these
};

struct Detected {
  Reader reader = Reader::kSkip;
  std::string what;  // "a VCK card table (citizens)", "prose, not a rule file" ...
  std::string why;   // the evidence: "its rows have an id_citizens column"
  bool sure = true;  // false: a guess worth a note (mostly, but not only, rule-like lines)
};

// A path on the command line: a folder by what it contains, a file by its content.
Detected detect_path(const std::string& path);
// A file whose text has been read; `path` only gives the extension for formats without a mark.
Detected detect_text(const std::string& path, std::string_view text);

}  // namespace rk::cli
