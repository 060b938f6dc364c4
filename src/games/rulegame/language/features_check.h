// Colours and shapes a rule names that no colour map or shape folder in effect defines. The
// reference engine accepts them (a rule may name a colour no board has: that part never applies),
// so this is a warning with "did you mean", never an error: acceptance does not change.
#pragma once

#include <string>
#include <vector>

#include "games/rulegame/language/rules.h"
#include "text/diagnostic.h"

namespace rk::rulegame {

// The colours and shapes in effect for a rule file: the four legacy ones of each, plus the
// colour map (colors/colors.csv) and the shape files (shapes/**/*.svg) of the nearest game-data
// folder above the file, when there is one. Upper case.
struct Features {
  std::vector<std::string> colors, shapes;
  std::string from;  // the game-data folder read, "" for the legacy features only
};
Features features_for(const std::string& rule_file_path);

// RG0054 (a colour) and RG0055 (a shape) for every name outside `f`.
void check_features(const RuleSet& rules, const Features& f, text::Diagnostics& diags);

}  // namespace rk::rulegame
