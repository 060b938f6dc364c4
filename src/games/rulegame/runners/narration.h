// Rule Game in words, for a person at the terminal (`rulekit rulegame play`) and any other
// front: the goal, what each answer to an attempt means, and the rule revealed at the end.
// Nothing here looks at the hidden rule while the game is played; only reveal_lines shows it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rk::rulegame {

// The goal and how to play, before the first attempt.
std::vector<std::string> goal_lines();

// An attempt's answer in words: "DENY: that bucket does not take this piece now ...". Codes the
// reference engine returns (episode.h); an unknown code gives its number.
std::string code_text(int code);

// The end: how it ended, and the hidden rule as written in its file (its comments included,
// blank lines left out), so the player sees what they were looking for. `finish` is Episode::finish().
std::vector<std::string> end_lines(int finish, int attempts, int accepted, std::string_view rules_text);

}  // namespace rk::rulegame
