// `rulekit cfc|vck|wagic replay FILE` for the server's table logs (server/tables/table_log.h),
// recognised by their first line; each game's own replay reads every other log as before.
#pragma once

#include <iostream>
#include <string>

#include "registry/table_kinds.h"
#include "server/tables/table_log.h"
#include "text/source.h"

namespace rk::cli {

// True when `path` holds a table log (then `exit_code` is the replay's); false: another log,
// for the game's own replay.
inline bool replay_if_table_log(const std::string& path, const server::tables::TableKind& kind, int& exit_code) {
  std::string text;
  if (!text::read_file(path, text) || !server::tables::is_table_log(text)) return false;
  exit_code = server::tables::replay_log_file(path, text, kind, std::cout, std::cerr);
  return true;
}

}  // namespace rk::cli
