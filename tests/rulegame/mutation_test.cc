// Mutation test: thousands of damaged versions of real rule files (truncations, byte flips,
// deleted or doubled brackets and quotes, huge numbers, very long lines, deep nesting, invalid
// UTF-8) must each give diagnostics or a rule set, quickly, and never crash. Run under the
// sanitizer build as well (scripts/test.sh does).
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <random>

#include "games/rulegame/episode.h"
#include "games/rulegame/rules.h"
#include "support.h"

namespace rk::rulegame {
namespace {

namespace fs = std::filesystem;

std::string mutate(const std::string& src, std::mt19937_64& rng) {
  std::string s = src;
  auto pick = [&](size_t n) { return n == 0 ? size_t{0} : static_cast<size_t>(rng() % n); };
  static const char* kBrackets = "()[]\",:";
  switch (rng() % 9) {
    case 0:  // truncate
      s.resize(pick(s.size() + 1));
      break;
    case 1:  // flip a byte
      if (!s.empty()) s[pick(s.size())] = static_cast<char>(rng());
      break;
    case 2: {  // delete a bracket, quote, comma or colon
      for (int tries = 0; tries < 20 && !s.empty(); ++tries) {
        const size_t i = pick(s.size());
        if (std::strchr(kBrackets, s[i])) {
          s.erase(i, 1);
          break;
        }
      }
      break;
    }
    case 3: {  // double one
      for (int tries = 0; tries < 20 && !s.empty(); ++tries) {
        const size_t i = pick(s.size());
        if (std::strchr(kBrackets, s[i])) {
          s.insert(i, 1, s[i]);
          break;
        }
      }
      break;
    }
    case 4:  // a huge number
      s.insert(pick(s.size() + 1), std::string(5 + pick(40), '9'));
      break;
    case 5:  // a very long line
      s.insert(pick(s.size() + 1), std::string(20000 + pick(2000000), "[(,x"[pick(4)]));
      break;
    case 6: {  // deep nesting
      const size_t depth = 50 + pick(5000);
      s.insert(pick(s.size() + 1), std::string(depth, '(') + "1" + std::string(depth, ')'));
      break;
    }
    case 7:  // invalid UTF-8
      s.insert(pick(s.size() + 1), std::string("\xC3\x28\xFF\xE2\x82", 1 + pick(5)));
      break;
    default:  // insert a random character from the rule language
      s.insert(pick(s.size() + 1), 1, "()[],:.*+-/%!=<>#\"pq_0123456789 \n"[pick(33)]);
      break;
  }
  return s;
}

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
  std::mt19937_64 rng(12345);
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
    const std::string text = mutate(sources[rng() % sources.size()], rng);
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
