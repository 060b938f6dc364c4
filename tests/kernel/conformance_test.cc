// Every game on the kernel through the one conformance test (conformance.h). A new game: one line.
#include <fstream>
#include <sstream>

#include "conformance.h"
#include "games/cfc/rules/game.h"
#include "games/rulegame/rules/game.h"
#include "games/vck/rules/game.h"
#include "games/mtg/runners/match_game.h"
#include "mtg/match_support.h"
#include "games/rulegame/language/rules.h"
#include "games/rulegame/rules/random_board.h"
#include "support.h"

namespace rk {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Rule Game on the project's own demo rule file, on Java-exact random boards of 6 to 9 pieces.
TEST(Conformance, RuleGame) {
  static const text::SourceFile src("demo-rules.txt", read_file(test::source_dir() + "/examples/rulegame/demo-rules.txt"));
  static bool parsed_cleanly = false;
  static const rulegame::RuleSet rules = [] {
    rulegame::RuleSet r;
    text::Diagnostics diags(&src);
    rulegame::parse_rules(src, diags, r);
    parsed_cleanly = !diags.has_errors();
    return r;
  }();
  ASSERT_TRUE(parsed_cleanly);
  test::ConformanceStats stats;
  test::check_conformance<rulegame::Game>(
      [](uint64_t seed) {
        rulegame::JavaRandom rng(static_cast<int64_t>(seed));
        return rulegame::Game(rules, rulegame::random_board(rng, 6 + static_cast<int>(seed % 4), 4, 4, rulegame::legacy_shapes(),
                                                             rulegame::legacy_colors()));
      },
      40, 2000, stats);
  EXPECT_EQ(stats.finished, stats.games);
}

// Card Fighters' Clash between two of the corpus's prebuilt decks.
TEST(Conformance, CardFightersClash) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  static const cfc::CardPool pool = [] {
    cfc::CardPool p;
    std::string error;
    std::vector<std::string> problems;
    cfc::load_pool(test::shared_dir() + "/corpora/cfc", p, error, problems);
    return p;
  }();
  static const std::vector<cfc::Deck> decks = [] {
    std::vector<cfc::Deck> out;
    // Three of the corpus's decks (an absent one was once named here and quietly played empty).
    for (const char* name : {"Aso.o8d", "Cap.o8d", "Haruna (SNK).o8d"}) {
      cfc::Deck d;
      std::vector<std::string> problems;
      const bool loaded = cfc::load_deck(test::shared_dir() + "/corpora/cfc/o8g/Decks/" + name, pool, d, problems);
      EXPECT_TRUE(loaded) << name << ": " << (problems.empty() ? "" : problems.front());
      out.push_back(d);
    }
    return out;
  }();
  test::ConformanceStats stats;
  test::check_conformance<cfc::Game>(
      [](uint64_t seed) { return cfc::Game(pool, decks[seed % 3], decks[(seed + 1) % 3], seed); }, 60, 5000, stats);
  EXPECT_EQ(stats.finished, stats.games);
}

// Valeria: Card Kingdoms, dealt from the shared tables (base preset, 2 to 5 players).
TEST(Conformance, ValeriaCardKingdoms) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  static const vck::CardDb db = [] {
    vck::CardDb d;
    std::vector<std::string> problems;
    vck::load_cards(test::shared_dir() + "/corpora/vck/tables", d, problems);
    return d;
  }();
  test::ConformanceStats stats;
  test::check_conformance<vck::Game>(
      [](uint64_t seed) {
        kernel::Chance chance(seed);
        vck::Setup s;
        std::string error;
        vck::deal(db, "base", 2 + static_cast<int>(seed % 4), chance, s, error);
        return vck::Game(db, s, seed);
      },
      40, 5000, stats);
  EXPECT_EQ(stats.finished, stats.games);
}

// Magic: whole games between pairs of Wagic's first ten prebuilt decks (the deal through Chance,
// offers to respond, open menus and target choosers as decisions).
TEST(Conformance, Magic) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/decks/ai");
  auto* w = test::mtg_world();
  ASSERT_NE(w, nullptr);
  test::ConformanceStats stats;
  test::check_conformance<mtg::MatchGame>(
      [w](uint64_t seed) { return mtg::MatchGame(*w->cat, w->decks[seed % 10], w->decks[(seed + 4) % 10], seed, 40); }, 8, 4000,
      stats);
  EXPECT_EQ(stats.finished, stats.games);
}

}  // namespace
}  // namespace rk
