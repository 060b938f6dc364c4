// Set-aside cards entering and leaving play. The Undead Samurai under their two rule sets: as a monster area (base2 deals it, the Rider and the
// Lord on its stack) and as the Undead Samurai Lord event's set-aside Minions, scattered one per
// player onto the center stacks when the event is revealed.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/vck/compiler/cards.h"
#include "games/vck/rules/game.h"
#include "kernel/rng.h"
#include "support.h"
#include "vck/corpus_cards.h"

namespace rk::vck {
namespace {

bool is_minion(const CardRef& c) {
  const MonsterCard* m = c.kind == 'm' ? cards().monster(c.id) : nullptr;
  return m && m->area == "Undead Samurai" && m->type == "Minion";
}

bool places_reserve(const CardRef& c) {
  return c.kind == 'e' && cards().event(c.id)->activation.text.find("place_reserve_monster") != std::string::npos;
}

// Minions lying on any center stack (placed ones sit on top until slain, so anywhere in a stack).
int minions_on_board(const Game& g) {
  int n = 0;
  for (char grid : {'m', 'c', 'd'}) {
    for (const auto& st : g.stacks(grid)) n += static_cast<int>(std::count_if(st.begin(), st.end(), is_minion));
  }
  return n;
}

int minions_owned(const Game& g) {
  int n = 0;
  for (const Player& p : g.players()) n += static_cast<int>(std::count_if(p.mon.begin(), p.mon.end(), is_minion));
  return n;
}

TEST(VckSamurai, Base2DealsTheAreaWithRiderAndLordAndDropsTheLordEvent) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  for (int players : {2, 5}) {
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      kernel::Chance chance(seed);
      vck::Setup s;
      std::string error;
      ASSERT_TRUE(deal(cards(), "base2", players, chance, s, error)) << error;
      std::vector<std::string> areas = s.monster_areas;
      std::sort(areas.begin(), areas.end());
      ASSERT_EQ(areas, (std::vector<std::string>{"Barrens", "Cavern", "Gnolls", "Swamp", "Undead Samurai"}));
      const size_t at = static_cast<size_t>(std::find(s.monster_areas.begin(), s.monster_areas.end(), "Undead Samurai") - s.monster_areas.begin());
      std::vector<int> ids;
      for (const CardRef& c : s.monsters[at]) ids.push_back(c.id);
      // Lowest order on top (the back): the Minions first, the Rider, the Lord at the bottom;
      // the extra Minion (61) only at five players.
      if (players == 5) EXPECT_EQ(ids, (std::vector<int>{63, 62, 61, 60, 59, 58, 57}));
      else EXPECT_EQ(ids, (std::vector<int>{63, 62, 60, 59, 58, 57}));
      EXPECT_TRUE(s.undead_samurai.empty());
      EXPECT_TRUE(std::none_of(s.exhausted.begin(), s.exhausted.end(), places_reserve)) << "seed " << seed;
    }
  }
}

// Finds a seed whose `base` deal puts the Lord event in the exhausted deck.
uint64_t seed_with_lord_event(int players) {
  for (uint64_t seed = 1; seed < 2000; ++seed) {
    kernel::Chance chance(seed);
    vck::Setup s;
    std::string error;
    if (deal(cards(), "base", players, chance, s, error) && std::any_of(s.exhausted.begin(), s.exhausted.end(), places_reserve)) return seed;
  }
  return 0;
}

TEST(VckSamurai, LordEventScattersOneMinionPerPlayerAndTheyCanBeSlain) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  int scattered = 0, slain = 0;
  for (int players : {2, 3}) {
    const uint64_t first = seed_with_lord_event(players);
    ASSERT_NE(first, 0u);
    {
      kernel::Chance chance(first);
      vck::Setup s;
      std::string error;
      ASSERT_TRUE(deal(cards(), "base", players, chance, s, error));
      // The five Minions, the extra one too at any table size, lowest order first; never the
      // Rider or the Lord. The area is registered as a sixth entry without a stack.
      std::vector<int> ids;
      for (const CardRef& c : s.undead_samurai) ids.push_back(c.id);
      EXPECT_EQ(ids, (std::vector<int>{57, 58, 59, 60, 61}));
      EXPECT_EQ(s.monster_areas.size(), 6u);
      EXPECT_EQ(s.monster_areas.back(), "Undead Samurai");
      EXPECT_EQ(s.monsters.size(), 5u);
    }
    for (uint64_t seed = first; seed < first + 400 && scattered < 6; ++seed) {
      kernel::Chance chance(seed);
      vck::Setup s;
      std::string error;
      if (!deal(cards(), "base", players, chance, s, error) || s.undead_samurai.empty()) continue;
      Game g(cards(), s, seed);
      kernel::Rng pick(seed * 7919);
      bool seen_full_scatter = false;
      for (int step = 0; step < 20000 && !g.terminal() && g.error().empty(); ++step) {
        const size_t count = g.legal_actions().size();
        ASSERT_GT(count, 0u);
        ASSERT_TRUE(g.apply_index(pick.below(static_cast<uint32_t>(count))));
        const int pool = static_cast<int>(g.undead_samurai().size());
        const int board = minions_on_board(g), owned = minions_owned(g);
        if (pool == 0 && board == 0) break;  // the Lord was slain: the rest left the game
        // A Minion is in the reserve, on a stack or owned, never lost or doubled; each player
        // places exactly one, so the reserve never drops below 5 - players.
        ASSERT_EQ(pool + board + owned, 5) << "seed " << seed << " step " << step;
        ASSERT_GE(pool, 5 - players);
        if (pool == 5 - players && !seen_full_scatter) seen_full_scatter = true, ++scattered;
        if (owned > 0 && seen_full_scatter) {
          ++slain;
          break;
        }
      }
      ASSERT_TRUE(g.error().empty()) << g.error();
    }
  }
  EXPECT_GT(scattered, 0) << "no seeded game revealed the Lord event and finished its scatter";
  EXPECT_GT(slain, 0) << "no placed Minion was ever slain";
}


// Recruit the King's Guard leaving play: a card returned onto its stack pulls the un-hired guards
// back to the reserve (hired ones stay owned), and the event beneath recycles into the deck.
TEST(VckKingsGuard, ReturningOntoTheStackRetractsUnhiredGuards) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  for (uint64_t seed = 1; seed < 2000; ++seed) {
    kernel::Chance chance(seed);
    vck::Setup s;
    std::string error;
    ASSERT_TRUE(deal(cards(), "base", 2, chance, s, error));
    const auto ev = std::find_if(s.exhausted.begin(), s.exhausted.end(), [](const CardRef& c) {
      return c.kind == 'e' && cards().event(c.id)->activation.text == "place_kings_guard";
    });
    if (ev == s.exhausted.end()) continue;
    ASSERT_EQ(s.kings_guard.size(), 5u);
    const CardRef event = *ev, guard = s.kings_guard.front();
    s.exhausted.erase(ev);
    s.kings_guard.clear();  // as revealed: all five placed, two of them since hired
    Game g(cards(), s, seed);
    auto& st = g.citizen_stacks_mut()[0];
    st = {event, guard, guard, guard};
    const size_t deck = g.exhausted_deck().size();
    g.unexhaust_top(st);
    EXPECT_TRUE(st.empty()) << "the guards left and the event beneath recycled";
    EXPECT_EQ(g.kings_guard(), (std::vector<CardRef>{guard, guard, guard}));
    ASSERT_EQ(g.exhausted_deck().size(), deck + 1);
    EXPECT_EQ(g.exhausted_deck().back(), event);
    return;
  }
  FAIL() << "no seed dealt Recruit the King's Guard";
}

}  // namespace
}  // namespace rk::vck
