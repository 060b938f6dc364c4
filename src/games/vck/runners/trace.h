// Replaying the reference traces recorded from the original engine (vck-trace/1, see the corpus
// README): the dealt setup, every chance outcome fed in order through kernel::Chance, at every
// decision rulekit's legal moves against the moves the engine accepted, every summary and the
// final result compared.
#pragma once

#include <string>
#include <vector>

#include "games/vck/compiler/cards.h"

namespace rk::vck {

struct TraceResult {
  std::string game_id;
  bool agree = false;
  size_t decisions = 0;  // decisions that agreed before the first difference
  std::string where;     // "step N (decision K, at ...)" of the first difference
  std::string expected, got;
};

// Replays every game of one .jsonl file. Malformed lines are reported in `problems` as
// file:line:col: error[CODE]: message (with the line and a caret) and count as disagreeing.
std::vector<TraceResult> replay_file(const CardDb& db, const std::string& path, std::vector<std::string>& problems);

}  // namespace rk::vck
