// A drop-in replacement for the Captive Game Server (CGS) of Rule Game in pipe mode: the same
// command-line forms, the same commands on standard input and the same output lines, so that
// clients written for the original run unchanged. See docs/rulegame/CAPTIVE.md.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace rk::rulegame {

struct CaptiveIO {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
  std::string cwd;  // relative paths (rule, board, log files) resolve against it; "" = process cwd
  // A person at a terminal (not a client program): boards get a legend. Protocol output for
  // programs is unchanged, since the legend is only shown when this is set.
  bool interactive = false;
};

// The usage text: the command-line forms and options.
std::string captive_usage();

// Runs a whole session; returns the process exit status (0, or 1 for a start-up error).
int run_captive(const std::vector<std::string>& argv, CaptiveIO& io);

}  // namespace rk::rulegame
