// What a file or folder holds, decided by its content (the name only as a tie-breaker): for
// `rulekit check` without --dialect and for `rulekit explain`. The generic shapes (JSON lines,
// images, tables of data) are known here; every game's marks come from its Dialect's Detector.
#pragma once

#include <string>
#include <string_view>

#include "registry/dialect.h"

namespace rk::registry {

// A path on the command line: a folder by what it contains, a file by its content.
Detected detect_path(const std::string& path);
// A file whose text has been read; `path` only gives the extension for formats without a mark.
Detected detect_text(const std::string& path, std::string_view text);

}  // namespace rk::registry
