// Progress of long batches: a bar with rate and time left on a terminal, plain periodic lines
// elsewhere, and a last line with the rate in both cases (issue 23: `cfc sim` was silent in logs).
#include "cli/progress.h"

#include <gtest/gtest.h>

#include <sstream>

namespace rk::cli {
namespace {

TEST(Progress, OffATerminalItPrintsPlainLinesAndALastLine) {
  std::ostringstream out;
  Progress p(4, "games", out, /*terminal=*/false, /*interval_seconds=*/0.0);
  for (size_t i = 1; i <= 4; ++i) p.update(i);
  p.finish(4);
  const std::string s = out.str();
  EXPECT_EQ(s.find('\r'), std::string::npos) << s;
  EXPECT_NE(s.find("progress: 1/4 games, "), std::string::npos) << s;
  EXPECT_NE(s.find("progress: 4/4 games, "), std::string::npos) << s;
  EXPECT_NE(s.find(" s left\n"), std::string::npos) << s;
  EXPECT_NE(s.find("done: 4 games in "), std::string::npos) << s;
}

TEST(Progress, OffATerminalLinesWaitForTheirInterval) {
  std::ostringstream out;
  Progress p(1000, "games", out, false, 3600.0);
  for (size_t i = 1; i <= 1000; ++i) p.update(i);
  EXPECT_EQ(out.str(), "");
}

TEST(Progress, OnATerminalOneBarIsRedrawnWithRateAndTimeLeft) {
  std::ostringstream out;
  Progress p(10, "games", out, true);
  for (size_t i = 1; i <= 10; ++i) p.update(i);
  p.finish(10);
  const std::string s = out.str();
  EXPECT_NE(s.find("\r[####"), std::string::npos) << s;
  EXPECT_NE(s.find("10/10 "), std::string::npos) << s;
  EXPECT_NE(s.find("games/s, 0 s left"), std::string::npos) << s;
  EXPECT_NE(s.find("\ndone: 10 games in "), std::string::npos) << s;
}

}  // namespace
}  // namespace rk::cli
