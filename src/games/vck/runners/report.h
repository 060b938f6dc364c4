// What a simulated VCK game leaves for statistics (who won, each seat's duke and cards, the
// length, why it ended), and the balance report for designers built from many of them: one
// self-contained HTML page with inline SVG plots (win rate by seat, by duke, by card owned, with
// 95% Wilson intervals; game length; end reasons).
#pragma once

#include <string>
#include <vector>

#include "games/vck/rules/game.h"

namespace rk::vck {

struct SimGame {
  std::vector<double> returns;                   // per seat: 1 win, 0 shared win, -1 loss
  std::vector<std::string> dukes;                // per seat, the chosen duke's name
  std::vector<std::vector<std::string>> owned;   // per seat, the names of the cards owned at the end (each once)
  int turns = 0;
  std::string end_reason;
  bool finished = false;
};

SimGame record_game(const Game& g);

// The 95% (z = 1.96) Wilson score interval of `wins` successes in `n` trials.
struct Interval {
  double lo = 0, hi = 0;
};
Interval wilson(size_t wins, size_t n, double z = 1.96);

struct ReportInput {
  std::string preset;
  int players = 2;
  std::vector<std::string> agents;  // per seat
  uint64_t seed = 1;
  std::vector<SimGame> games;
};

// The whole page; nothing in it is fetched from elsewhere.
std::string report_html(const ReportInput& in);

}  // namespace rk::vck
