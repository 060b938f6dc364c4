// Decisions, chance fed from outside, resumable frames, gates and the generic replay.
#include <gtest/gtest.h>

#include <numeric>

#include "kernel/chance.h"
#include "kernel/decision.h"
#include "kernel/frames.h"
#include "kernel/replay.h"

namespace rk::kernel {
namespace {

TEST(KernelDecider, WhoAnswersNext) {
  EXPECT_EQ(Decider::one(1).next(), 1);
  EXPECT_EQ(Decider::chance().next(), kChancePlayer);
  EXPECT_EQ(Decider::over().next(), kTerminal);
  const Decider g = Decider::gate(0b1010);
  EXPECT_EQ(g.kind, Decider::Kind::kSimultaneous);
  EXPECT_EQ(g.next(), 1);  // the lowest seat still waiting
  EXPECT_EQ(Decider::gate(0b1000).next(), 3);
}

TEST(KernelChance, FedOutcomeOutOfRangeIsAnErrorNotAFallback) {
  Chance c(3);
  Log log;
  c.feed({{5}});
  EXPECT_EQ(c.below(4, &log), 0u);  // 5 does not fit below 4
  ASSERT_TRUE(c.failed());
  EXPECT_NE(c.error().find("fed outcome 0 (5"), std::string::npos) << c.error();
  EXPECT_NE(c.error().find("below 4"), std::string::npos) << c.error();
}

TEST(KernelChance, FedOutcomeOfAnotherKindIsAnError) {
  Chance c(3);
  c.feed({{2, /*tag=*/7}});
  c.below(6, nullptr, /*tag=*/8);
  ASSERT_TRUE(c.failed());
  EXPECT_NE(c.error().find("tag 7"), std::string::npos) << c.error();
  Chance d(3);
  d.feed({{2, 7, /*bound=*/6}});
  EXPECT_EQ(d.below(6, nullptr, 7), 2u);
  EXPECT_FALSE(d.failed());
  Chance e(3);
  e.feed({{2, 0, /*bound=*/5}});
  e.below(6, nullptr);
  EXPECT_TRUE(e.failed());  // recorded as a draw below 5
}

TEST(KernelChance, StrictFeedRunsOutLoudly) {
  Chance c(3);
  c.feed({{1}}, /*strict=*/true);
  EXPECT_EQ(c.below(2, nullptr), 1u);
  EXPECT_FALSE(c.failed());
  c.below(2, nullptr);
  ASSERT_TRUE(c.failed());
  EXPECT_NE(c.error().find("ran out"), std::string::npos);
  Chance lax(3);
  lax.feed({{1}});
  lax.below(2, nullptr);
  lax.below(2, nullptr);  // not strict: the generator takes over
  EXPECT_FALSE(lax.failed());
}

TEST(KernelChance, ShuffleDrawsReproduceAnyPermutation) {
  // Every permutation of five elements, fed as draws, comes out of Chance::shuffle as recorded.
  std::vector<uint32_t> perm(5);
  std::iota(perm.begin(), perm.end(), 0u);
  int checked = 0;
  do {
    Chance c(99);
    c.feed(Chance::shuffle_draws(perm, 4), true);
    std::vector<char> v = {'a', 'b', 'c', 'd', 'e'};
    const std::vector<char> before = v;
    c.shuffle(v.begin(), v.end(), nullptr, 4);
    ASSERT_FALSE(c.failed()) << c.error();
    for (size_t i = 0; i < v.size(); ++i) ASSERT_EQ(v[i], before[perm[i]]);
    ++checked;
  } while (std::next_permutation(perm.begin(), perm.end()));
  EXPECT_EQ(checked, 120);
  // Not a permutation: the draws do not fit, and the shuffle says so.
  Chance bad(1);
  bad.feed(Chance::shuffle_draws({0, 0, 1}), true);
  std::vector<int> w = {1, 2, 3};
  bad.shuffle(w.begin(), w.end(), nullptr);
  EXPECT_TRUE(bad.failed());
}

// A countdown effect that asks "go on?" (yes/no) at every step but the last, to show a frame
// waiting in the state, being copied mid-effect, and resumed by an answer.
struct Countdown {
  int32_t left = 0;
  int32_t said_yes = 0;
  bool operator==(const Countdown&) const = default;
};

Step count_step(Frame<Countdown>& f) {
  if (f.memory.left == 0) return Step::kDone;
  if (f.pc == 0) {
    f.waiting = true;
    f.asked = {Choice::Kind::kYesNo, 0};
    f.pc = 1;
    return Step::kWait;
  }
  --f.memory.left;
  f.pc = 0;
  return Step::kNext;
}

TEST(KernelFrames, AnEffectWaitsAsDataAndResumesFromCopies) {
  Frames<Countdown> fs;
  fs.push({.program = 7, .memory = {2, 0}});
  EXPECT_FALSE(run(fs, count_step));
  ASSERT_NE(fs.asked(), nullptr);
  EXPECT_EQ(fs.asked()->kind, Choice::Kind::kYesNo);
  const Frames<Countdown> copy = fs;  // a clone mid-effect
  auto answer = [](Frames<Countdown>& f) {
    f.top().waiting = false;
    ++f.top().memory.said_yes;
  };
  answer(fs);
  EXPECT_FALSE(run(fs, count_step));  // asks again
  answer(fs);
  EXPECT_TRUE(run(fs, count_step));
  EXPECT_TRUE(fs.empty());
  // The copy did not move, and resumes the same way.
  Frames<Countdown> again = copy;
  ASSERT_NE(again.asked(), nullptr);
  answer(again);
  EXPECT_FALSE(run(again, count_step));
  EXPECT_EQ(again.top().memory.said_yes, 1);
  EXPECT_EQ(again.top().memory.left, 1);
}

TEST(KernelFrames, ARunawayEffectStopsAtItsBudget) {
  Frames<Countdown> fs;
  fs.push({});
  EXPECT_FALSE(run(fs, [](Frame<Countdown>&) { return Step::kNext; }, 1000));
  EXPECT_EQ(fs.size(), 1u);
}

TEST(KernelFrames, NestedFramesResumeTheOneBelow) {
  Frames<Countdown> fs;
  fs.push({.program = 1});
  std::vector<uint32_t> order;
  run(fs, [&](Frame<Countdown>& f) {
    order.push_back(f.program);
    if (f.program == 1 && f.pc == 0) {
      f.pc = 1;
      fs.push({.program = 2});  // `f` is stale from here: return at once
      return Step::kNext;
    }
    return Step::kDone;
  });
  EXPECT_EQ(order, (std::vector<uint32_t>{1, 2, 1}));
}

TEST(KernelWaiting, TurnOrderFromTheActivePlayer) {
  Waiting<char> w;
  w.push('a', 0);
  w.push('b', 2);
  w.push('c', 1);
  w.push('d', 2);
  w.push('e', 0);
  std::string got;
  for (const auto& e : w.take_in_turn_order(2, 3)) got += e.item;
  EXPECT_EQ(got, "bdaec");
  EXPECT_TRUE(w.empty());
}

TEST(KernelGate, AnswersInAnyOrderGiveOneResult) {
  Gate a, b;
  a.open(0b111);
  b.open(0b111);
  a.answer(0, 5);
  a.answer(2, 7);
  a.answer(1, 6);
  b.answer(2, 7);
  b.answer(1, 6);
  EXPECT_FALSE(b.answer(1, 9));  // answered already
  EXPECT_FALSE(b.complete());
  b.answer(0, 5);
  ASSERT_TRUE(a.complete());
  ASSERT_TRUE(b.complete());
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.answer_of(1), 6u);
  EXPECT_FALSE(a.answer(3, 1));  // not asked
}

// A tiny game for the generic replay: each turn the player picks 0..2 and chance adds a draw.
struct Tiny {
  using Action = int;
  int sum = 0, turn = 0;
  Chance chance{5};
  Log log_;
  int num_players() const { return 1; }
  Decider decider() const { return terminal() ? Decider::over() : Decider::one(0); }
  int current_player() const { return decider().next(); }
  Choice choice() const { return {}; }
  std::vector<int> legal_actions() const { return {0, 1, 2}; }
  bool apply_index(size_t i) {
    if (i > 2) return false;
    log_.action(0, static_cast<uint32_t>(i), 3);
    sum += static_cast<int>(i) + static_cast<int>(chance.below(4, &log_));
    ++turn;
    return true;
  }
  bool terminal() const { return turn >= 5; }
  std::vector<double> returns() const { return {sum > 8 ? 1.0 : -1.0}; }
  uint64_t hash() const { return static_cast<uint64_t>(sum * 100 + turn); }
  const Log& log() const { return log_; }
  std::string label(int a) const { return std::to_string(a); }
  std::string error() const { return chance.error(); }
};
static_assert(Game<Tiny>);

TEST(KernelReplay, ALogReplaysToTheSameHashAndADifferenceIsNamed) {
  Tiny g;
  for (size_t i : {2u, 0u, 1u, 1u, 2u}) g.apply_index(i);
  Tiny again;
  std::string error;
  ASSERT_TRUE(replay(again, g.log(), error)) << error;
  EXPECT_EQ(again.hash(), g.hash());
  Tiny other{.chance = Chance(6)};  // another seed: the first draw differs
  EXPECT_FALSE(replay(other, g.log(), error));
  EXPECT_NE(error.find("log entry 1"), std::string::npos) << error;
}

}  // namespace
}  // namespace rk::kernel
