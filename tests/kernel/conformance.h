// The conformance test every game on the kernel passes (STYLE.md: OpenSpiel's RandomSimTest).
// From many seeds it plays random games and checks, at every decision:
//  - who decides is consistent (current_player, decider, choice) and a player decision has
//    options, each with a label;
//  - every legal action applies, an index past the options is refused without a change;
//  - no engine error is kept in the state;
//  - a clone taken at a random decision (mid-effect included) and given the same answers stays
//    equal to the original, hash for hash;
//  and at the end: the game ended (or reached the decision cap), returns has one value per player
//  in [-1, 1], and replaying the log on a new game of the same seed gives the same hash.
//
// A game joins with one line: `check_conformance<G>(make, seeds, cap, stats)` where make(seed) gives a
// new game (see conformance_test.cc).
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "kernel/game.h"
#include "kernel/replay.h"
#include "kernel/rng.h"

namespace rk::test {

struct ConformanceStats {
  size_t games = 0, finished = 0, decisions = 0, clones = 0;
};

template <kernel::Game G>
void check_one_decision(const G& g, const std::string& where) {
  const kernel::Decider d = g.decider();
  ASSERT_EQ(g.current_player(), d.next()) << where;
  if (d.kind != kernel::Decider::Kind::kPlayer && d.kind != kernel::Decider::Kind::kSimultaneous) return;
  ASSERT_EQ(g.choice().player, g.current_player()) << where << ": the choice names another player";
  const auto legal = g.legal_actions();
  ASSERT_FALSE(legal.empty()) << where << ": a player decides among no options";
  for (const auto& a : legal) ASSERT_FALSE(std::string(g.label(a)).empty()) << where << ": an option without a label";
}

template <kernel::Game G>
void check_conformance(const std::function<G(uint64_t)>& make, uint64_t seeds, size_t cap, ConformanceStats& stats) {
  for (uint64_t seed = 1; seed <= seeds; ++seed) {
    G g = make(seed);
    kernel::Rng pick(seed * 7919);
    const size_t clone_at = pick.below(64);
    std::optional<G> clone;
    size_t n = 0;
    for (; n < cap && !g.terminal(); ++n) {
      const std::string where = "seed " + std::to_string(seed) + ", decision " + std::to_string(n);
      check_one_decision(g, where);
      if (::testing::Test::HasFatalFailure()) return;
      ASSERT_EQ(std::string(g.error()), "") << where;
      if (n == clone_at) {
        clone.emplace(g);
        ++stats.clones;
      }
      if (g.current_player() == kernel::kChancePlayer) {
        ASSERT_TRUE(kernel::apply_chance(g)) << where;
        if (clone) {
          ASSERT_TRUE(kernel::apply_chance(*clone)) << where;
        }
      } else {
        const size_t count = g.legal_actions().size();
        if (n % 16 == 0) {
          const uint64_t before = g.hash();
          EXPECT_FALSE(g.apply_index(count)) << where << ": an index past the options was taken";
          EXPECT_EQ(g.hash(), before) << where << ": a refused index changed the state";
        }
        const size_t i = pick.below(static_cast<uint32_t>(count));
        ASSERT_TRUE(g.apply_index(i)) << where << ": legal action " << i << " of " << count << " was refused";
        if (clone) {
          ASSERT_TRUE(clone->apply_index(i)) << where << " (clone)";
        }
      }
      if (clone) {
        ASSERT_EQ(clone->hash(), g.hash()) << where << ": a clone diverged from its original";
      }
    }
    ASSERT_EQ(std::string(g.error()), "") << "seed " << seed;
    ++stats.games;
    stats.decisions += n;
    if (g.terminal()) {
      ++stats.finished;
      const auto r = g.returns();
      ASSERT_EQ(r.size(), static_cast<size_t>(g.num_players())) << "seed " << seed;
      for (double v : r) EXPECT_TRUE(v >= -1.0 && v <= 1.0) << "seed " << seed << ": return " << v;
    }
    G again = make(seed);
    std::string error;
    ASSERT_TRUE(kernel::replay(again, g.log(), error)) << "seed " << seed << ": " << error;
    ASSERT_EQ(again.hash(), g.hash()) << "seed " << seed << ": the replayed game ends elsewhere";
  }
}

}  // namespace rk::test
