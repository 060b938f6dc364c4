// Mutation test for VCK effect strings: 10,000 damaged corpus strings give diagnostics or a
// tree that round-trips, quickly, never a crash.
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <random>

#include "games/vck/effect.h"
#include "games/vck/tables.h"
#include "support.h"

namespace rk::vck {
namespace {

std::string mutate(const std::string& src, std::mt19937_64& rng) {
  std::string s = src;
  auto pick = [&](size_t n) { return n == 0 ? size_t{0} : static_cast<size_t>(rng() % n); };
  switch (rng() % 8) {
    case 0: s.resize(pick(s.size() + 1)); break;
    case 1: if (!s.empty()) s[pick(s.size())] = static_cast<char>(rng()); break;
    case 2: {
      for (int t = 0; t < 20 && !s.empty(); ++t) {
        const size_t i = pick(s.size());
        if (std::strchr("<>\"=:+|,", s[i])) { s.erase(i, 1); break; }
      }
      break;
    }
    case 3: {
      for (int t = 0; t < 20 && !s.empty(); ++t) {
        const size_t i = pick(s.size());
        if (std::strchr("<>\"=:+|,", s[i])) { s.insert(i, 1, s[i]); break; }
      }
      break;
    }
    case 4: s.insert(pick(s.size() + 1), std::string(5 + pick(30), '9')); break;
    case 5: s.insert(pick(s.size() + 1), std::string(10000 + pick(200000), "<+ x"[pick(4)])); break;
    case 6: {
      const size_t depth = 10 + pick(2000);
      std::string nest;
      for (size_t k = 0; k < depth; ++k) nest += "choose <citizens + ";
      s.insert(pick(s.size() + 1), nest);
      break;
    }
    default: s.insert(pick(s.size() + 1), std::string("\xC3\x28\xFF", 1 + pick(3))); break;
  }
  return s;
}

TEST(VckMutation, TenThousandDamagedEffectStrings) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  std::vector<CardEffect> all;
  std::string err;
  ASSERT_TRUE(load_tables(test::shared_dir() + "/corpora/vck/tables", all, err));
  std::mt19937_64 rng(777);
  int ok = 0, bad = 0;
  double slowest = 0;
  for (int n = 0; n < 10000; ++n) {
    const std::string s = mutate(all[rng() % all.size()].text, rng);
    const auto t0 = std::chrono::steady_clock::now();
    EffectSet set;
    text::SourceFile f("m", s);
    text::Diagnostics d(&f);
    Effect e;
    if (parse_effect(s, set, d, e)) {
      ++ok;
      const std::string u = print(set, e);
      Effect again;
      text::Diagnostics d2(nullptr);
      ASSERT_TRUE(parse_effect(u, set, d2, again)) << s << " -> " << u;
      ASSERT_EQ(dump(set, again), dump(set, e)) << s << " -> " << u;
    } else {
      ++bad;
      EXPECT_FALSE(d.items().empty());
      (void)d.render();
    }
    slowest = std::max(slowest, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  EXPECT_GT(ok, 0);
  EXPECT_GT(bad, 0);
  EXPECT_LT(slowest, 5.0);
  fprintf(stderr, "mutants: %d parsed and round-tripped, %d rejected with diagnostics, slowest %.3f s\n", ok,
          bad, slowest);
}

}  // namespace
}  // namespace rk::vck
