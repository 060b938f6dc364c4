// Rule Game in words (narration.h).
#include "games/rulegame/runners/narration.h"

#include <fmt/format.h>

#include <utility>

#include "games/rulegame/rules/episode.h"

namespace rk::rulegame {
namespace {

// The answers a player meets, in the reference engine's names, with what each tells them.
constexpr std::pair<int, const char*> kCodes[] = {
    {kAccept, "ACCEPT: the piece went into that bucket and left the board"},
    {kDeny, "DENY: the hidden rule does not let this piece go into that bucket now (another bucket, or later, may take it)"},
    {kImmovable, "IMMOVABLE: no bucket takes this piece now; try another piece"},
    {kEmptyCell, "EMPTY_CELL: there is no piece at that row and column"},
    {kStalemate, "STALEMATE: no piece can move any more"},
    {kNoGame, "NO_GAME: the game is over"},
};

}  // namespace

std::vector<std::string> goal_lines() {
  return {
      "Goal: clear the board. Each move puts one piece into one of the four buckets at the corners.",
      "A hidden rule decides which pieces may move now and which buckets take them. Find the rule by trying:",
      "every attempt is answered ACCEPT (the piece leaves the board), DENY (not that bucket, not now),",
      "IMMOVABLE (that piece cannot move now) or EMPTY_CELL (no piece there). The fewer wrong attempts, the better.",
  };
}

std::string code_text(int code) {
  for (const auto& [c, words] : kCodes) {
    if (c == code) return words;
  }
  return fmt::format("code {}", code);
}

std::vector<std::string> end_lines(int finish, int attempts, int accepted, std::string_view rules_text) {
  std::vector<std::string> out;
  out.push_back(fmt::format("{} after {} attempts ({} accepted)",
                            finish == kCleared ? "Board cleared" : finish == kStalemated ? "Stalemate" : "Stopped", attempts, accepted));
  out.push_back("The hidden rule was:");
  size_t at = 0;
  while (at < rules_text.size()) {
    size_t end = rules_text.find('\n', at);
    if (end == std::string_view::npos) end = rules_text.size();
    std::string_view line = rules_text.substr(at, end - at);
    at = end + 1;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    // The author's comments too: they often say the rule in words.
    if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
    out.push_back("  " + std::string(line));
  }
  return out;
}

}  // namespace rk::rulegame
