// Replaying a log on a new state of the same game (same definition, seed and set-up): every
// decision is taken again by its index, every draw the state makes is compared with the one the
// log holds. The first difference is reported with the entry it happened at; a replay that goes
// through ends in the state the log was written from (equal hash).
#pragma once

#include <string>

#include "kernel/game.h"

namespace rk::kernel {

namespace detail {
inline std::string entry_text(const LogEntry& e) {
  if (e.kind == LogEntry::Kind::kDraw) return "draw " + std::to_string(e.value) + " below " + std::to_string(e.bound);
  return "player " + std::to_string(e.player) + " chose " + std::to_string(e.value) + " of " + std::to_string(e.bound);
}
}  // namespace detail

// `g` is the new state, set up as the logged one was (its set-up draws are compared too).
template <Game G>
bool replay(G& g, const Log& log, std::string& error) {
  const auto& want = log.entries();
  size_t at = 0;
  auto compare_new = [&]() {
    const auto& got = g.log().entries();
    for (; at < got.size(); ++at) {
      if (at >= want.size() || !(got[at] == want[at])) {
        error = "log entry " + std::to_string(at) + ": the game made " + detail::entry_text(got[at]) +
                (at < want.size() ? ", the log says " + detail::entry_text(want[at]) : ", past the end of the log");
        return false;
      }
    }
    return true;
  };
  if (!compare_new()) return false;
  while (at < want.size()) {
    const LogEntry& e = want[at];
    if (!std::string(g.error()).empty()) {
      error = "log entry " + std::to_string(at) + ": the game failed: " + std::string(g.error());
      return false;
    }
    if (e.kind != LogEntry::Kind::kAction) {
      error = "log entry " + std::to_string(at) + ": the log has a draw where the game expects a decision";
      return false;
    }
    if (g.terminal()) {
      error = "log entry " + std::to_string(at) + ": a decision after the game ended";
      return false;
    }
    const size_t count = g.legal_actions().size();
    if (e.player != g.current_player() || e.bound != count || !g.apply_index(e.value)) {
      error = "log entry " + std::to_string(at) + ": " + detail::entry_text(e) + ", but the game has player " +
              std::to_string(g.current_player()) + " choosing among " + std::to_string(count);
      return false;
    }
    if (!compare_new()) return false;
  }
  return true;
}

}  // namespace rk::kernel
