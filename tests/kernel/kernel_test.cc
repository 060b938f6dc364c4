// The kernel's parts on their own: generator, chance, log, zones, durations.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "kernel/chance.h"
#include "kernel/effects.h"
#include "kernel/log.h"
#include "kernel/rng.h"
#include "kernel/zone.h"

namespace rk::kernel {
namespace {

TEST(KernelRng, SameSeedSameNumbersAndBoundsHold) {
  Rng a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 1000; ++i) {
    const uint64_t x = a.next();
    EXPECT_EQ(x, b.next());
    differs |= x != c.next();
  }
  EXPECT_TRUE(differs);
  // The numbers of a seed are fixed: a log replayed on another machine must draw the same.
  Rng one(1);
  EXPECT_EQ(one.next(), 0xb3f2af6d0fc710c5ull);
  EXPECT_EQ(one.next(), 0x853b559647364ceaull);
  EXPECT_EQ(one.below(1000), 574u);
  std::set<uint32_t> seen;
  for (int i = 0; i < 2000; ++i) {
    const uint32_t v = a.below(7);
    ASSERT_LT(v, 7u);
    seen.insert(v);
  }
  EXPECT_EQ(seen.size(), 7u);
  EXPECT_EQ(a.below(1), 0u);
}

TEST(KernelChance, DrawsAreLoggedAndOutsideOutcomesComeFirst) {
  Log log;
  Chance c(5);
  c.feed_values({2, 0});
  EXPECT_EQ(c.below(3, &log), 2u);
  EXPECT_EQ(c.below(3, &log), 0u);
  const uint32_t third = c.below(10, &log);
  ASSERT_EQ(log.size(), 3u);
  EXPECT_EQ(log.entries()[0], (LogEntry{LogEntry::Kind::kDraw, -1, 2, 3}));
  EXPECT_EQ(log.entries()[2].value, third);
  std::vector<int> v = {1, 2, 3, 4, 5};
  c.shuffle(v.begin(), v.end(), &log);
  EXPECT_EQ(log.size(), 7u);  // four draws for five elements
  EXPECT_EQ(std::multiset<int>(v.begin(), v.end()), (std::multiset<int>{1, 2, 3, 4, 5}));
}

TEST(KernelLog, JsonRoundTripAndHash) {
  Log log;
  log.draw(3, 10);
  log.action(1, 4, 9);
  Log back;
  std::string error;
  ASSERT_TRUE(Log::from_json(log.to_json(), back, error)) << error;
  EXPECT_EQ(back, log);
  EXPECT_EQ(back.hash(), log.hash());
  Log other = log;
  other.action(0, 0, 1);
  EXPECT_NE(other.hash(), log.hash());
  EXPECT_FALSE(Log::from_json(nlohmann::json::parse(R"([["a", 1, 2]])"), back, error));
  EXPECT_NE(error.find("entry 0"), std::string::npos);
  EXPECT_FALSE(Log::from_json(nlohmann::json::parse(R"({"a": 1})"), back, error));
}

TEST(KernelZone, OrderedWithOwner) {
  Zone z(1);
  z.push_top(5);
  z.push_top(6);
  z.push_bottom(4);
  EXPECT_EQ(z.ids(), (std::vector<EntityId>{4, 5, 6}));
  EXPECT_EQ(z.owner(), 1);
  EXPECT_EQ(*z.take_top(), 6);
  EXPECT_TRUE(z.remove(4));
  EXPECT_FALSE(z.remove(4));
  EXPECT_TRUE(z.contains(5));
  EXPECT_EQ(z.remove_at(0), 5);
  EXPECT_FALSE(z.take_top().has_value());
}

TEST(KernelEffects, DurationsEndAtTheirMoments) {
  Continuous<int> c;
  c.add(1, {Until::kEndOfTurn});
  c.add(2, {Until::kPlayersTurn, 1});
  c.add(3, {Until::kEvent, -1, 7});
  c.add(4, {Until::kSourceInPlay, -1, 0, 9});
  c.add(5, {});
  EXPECT_EQ(c.expire({Moment::Kind::kTurnBegins, 0}), 0u);
  EXPECT_EQ(c.expire({Moment::Kind::kTurnEnds, 0}), 1u);
  EXPECT_EQ(c.expire({Moment::Kind::kEvent, -1, 8}), 0u);
  EXPECT_EQ(c.expire({Moment::Kind::kEvent, -1, 7}), 1u);
  EXPECT_EQ(c.expire({Moment::Kind::kLeftPlay, -1, 0, 9}), 1u);
  EXPECT_EQ(c.expire({Moment::Kind::kTurnBegins, 1}), 1u);
  ASSERT_EQ(c.entries().size(), 1u);
  EXPECT_EQ(c.entries()[0].effect, 5);
}

}  // namespace
}  // namespace rk::kernel
