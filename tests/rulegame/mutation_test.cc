// Mutation test: thousands of damaged versions of real rule files (truncations, byte flips,
// deleted or doubled brackets and quotes, huge numbers, very long lines, deep nesting, invalid
// UTF-8) must each give diagnostics or a rule set, quickly, and never crash. Run under the
// sanitizer build as well (scripts/test.sh does).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>

#include "games/rulegame/rules/episode.h"
#include "games/rulegame/language/rules.h"
#include "mutate.h"
#include "support.h"

namespace rk::rulegame {
namespace {

namespace fs = std::filesystem;

TEST(Mutation, TenThousandDamagedRuleFiles) {
  RK_REQUIRE_CORPUS("corpora/rulegame/Rule-Game-game-data/rules");
  std::vector<std::string> sources;
  for (const auto& e :
       fs::recursive_directory_iterator(test::shared_dir() + "/corpora/rulegame/Rule-Game-game-data/rules")) {
    if (e.path().extension() != ".txt") continue;
    std::string t;
    if (text::read_file(e.path().string(), t)) sources.push_back(std::move(t));
  }
  ASSERT_FALSE(sources.empty());
  test::Mutator mutate({"()[]\",:", "(", ")", "()[],:.*+-/%!=<>#\"pq_0123456789 \n"}, 12345);
  Board board;
  for (int i = 0; i < 5; ++i) {
    Piece p;
    p.id = i;
    p.pos = 2 + i * 7;
    p.shape = i % 2 ? "STAR" : "SQUARE";
    p.color = i % 3 ? "RED" : "BLUE";
    board.pieces.push_back(p);
  }
  int accepted = 0, rejected = 0;
  double slowest = 0;
  RuleSet rs;
  for (int n = 0; n < 10000; ++n) {
    const std::string text = mutate(sources[mutate.pick(sources.size())]);
    const auto start = std::chrono::steady_clock::now();
    text::SourceFile f("mutant.txt", text);
    text::Diagnostics d(&f);
    parse_rules(f, d, rs);
    (void)d.render();
    if (d.has_errors()) {
      ++rejected;
      EXPECT_FALSE(d.items().empty());  // rejected inputs always say why
    } else {
      ++accepted;
      Episode e(rs, board);
      for (int pos = 1; pos <= 36 && !e.over(); pos += 5) e.move(pos, pos % 4);
    }
    slowest = std::max(slowest, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  EXPECT_GT(accepted, 0);
  EXPECT_GT(rejected, 0);
  // A generous bound (sanitizer builds are slow); a hang would blow far past it.
  EXPECT_LT(slowest, 5.0);
  fprintf(stderr, "mutants: %d accepted, %d rejected with diagnostics, slowest %.3f s\n", accepted, rejected,
          slowest);
}

}  // namespace
}  // namespace rk::rulegame
