#pragma once

#include <string>

namespace rk::cli {

struct PlayArgs {
  std::string rules, board;            // files; empty = the built-in demo
  std::string rules_text, board_text;  // the built-in demo texts
  int pieces = 0;                      // > 0: a random board of this many pieces instead
  int64_t seed = 1;
  bool human = false;
  bool reveal = false;                 // show movable pieces and the rule line's counters
  int max_attempts = 1000;
};

int play_episode(const PlayArgs& a);

}  // namespace rk::cli
