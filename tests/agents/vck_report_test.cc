// The balance report of `rulekit vck sim --report`: for a small simulation between bots, one
// well-formed, self-contained HTML page with an SVG plot per section and nothing fetched from
// elsewhere; and the Wilson interval it draws.
#include <gtest/gtest.h>

#include <array>
#include <regex>
#include <span>

#include "agents/greedy_agent.h"
#include "agents/playout.h"
#include "agents/random_agent.h"
#include "games/vck/runners/report.h"
#include "support.h"

namespace rk {
namespace {

TEST(VckReport, WilsonInterval) {
  const vck::Interval a = vck::wilson(90, 100);
  EXPECT_NEAR(a.lo, 0.8256, 1e-3);  // the textbook figures for 90 of 100
  EXPECT_NEAR(a.hi, 0.9448, 1e-3);
  const vck::Interval none = vck::wilson(0, 10);
  EXPECT_EQ(none.lo, 0);
  EXPECT_GT(none.hi, 0.2);
  EXPECT_EQ(vck::wilson(0, 0).hi, 1);
}

// Every opened tag closed, in order (void tags excepted): enough to catch a broken writer.
bool balanced(const std::string& html, std::string& why) {
  static const std::regex tag(R"(<(/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*?(/?)>)");
  std::vector<std::string> open;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), tag); it != std::sregex_iterator(); ++it) {
    const std::string name = (*it)[2];
    if (name == "meta" || name == "br" || (*it)[3] == "/") continue;
    if ((*it)[1] == "/") {
      if (open.empty() || open.back() != name) {
        why = "</" + name + "> closes " + (open.empty() ? "nothing" : "<" + open.back() + ">");
        return false;
      }
      open.pop_back();
    } else {
      open.push_back(name);
    }
  }
  if (!open.empty()) why = "<" + open.back() + "> never closed";
  return open.empty();
}

TEST(VckReport, SmallSimulationGivesASelfContainedPage) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  vck::CardDb db;
  std::vector<std::string> problems;
  ASSERT_TRUE(vck::load_cards(test::shared_dir() + "/corpora/vck/tables", db, problems));
  vck::ReportInput in{"base", 2, {"greedy", "random"}, 1, {}};
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    kernel::Chance chance(seed);
    vck::Setup s;
    std::string error;
    ASSERT_TRUE(vck::deal(db, "base", 2, chance, s, error)) << error;
    vck::Game g(db, s, seed);
    agents::GreedyAgent<vck::Game> a(seed);
    agents::RandomAgent<vck::Game> b(seed);
    std::array<agents::Agent<vck::Game>*, 2> seats{&a, &b};
    agents::play_out(g, std::span<agents::Agent<vck::Game>* const>(seats), 20000);
    ASSERT_TRUE(g.terminal()) << g.error();
    in.games.push_back(vck::record_game(g));
  }
  const vck::SimGame& first = in.games[0];
  EXPECT_EQ(first.dukes.size(), 2u);
  EXPECT_NE(first.dukes[0], "none");
  EXPECT_FALSE(first.owned[0].empty());
  EXPECT_GT(first.turns, 0);

  const std::string html = vck::report_html(in);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  std::string why;
  EXPECT_TRUE(balanced(html, why)) << why;
  for (const char* section : {"id=\"seat\"", "id=\"duke\"", "id=\"cards\"", "id=\"length\"", "id=\"end\""}) {
    EXPECT_NE(html.find(section), std::string::npos) << section;
  }
  size_t svgs = 0;
  for (size_t at = html.find("<svg"); at != std::string::npos; at = html.find("<svg", at + 1)) ++svgs;
  EXPECT_EQ(svgs, 5u);
  EXPECT_NE(html.find("<rect"), std::string::npos);
  EXPECT_NE(html.find("class=\"ci\""), std::string::npos);  // the confidence whiskers
  EXPECT_NE(html.find(first.dukes[0]), std::string::npos);
  // Self-contained: no address, script, stylesheet link or image fetched from anywhere.
  for (const char* outside : {"http:", "https:", "//", "<script", "<link", "<img", "url("}) {
    EXPECT_EQ(html.find(outside), std::string::npos) << outside;
  }
}

}  // namespace
}  // namespace rk
