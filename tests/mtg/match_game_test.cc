// Whole Magic games on the kernel (games/mtg/runners/match_game.h): the adapter's moves, hashes, clones,
// replay from the log, offers to respond, and the bots.
#include <gtest/gtest.h>

#include <chrono>

#include "agents/greedy_agent.h"
#include "agents/mcts_agent.h"
#include "agents/playout.h"
#include "agents/random_agent.h"
#include "games/mtg/runners/match_game.h"
#include "kernel/replay.h"
#include "match_support.h"

namespace rk::mtg {
namespace {

using test::mtg_world;

#define RK_REQUIRE_MTG() RK_REQUIRE_CORPUS("corpora/wagic/2016/decks/ai")

MatchGame game(uint64_t seed, size_t a = 0, size_t b = 1, int turns = 60) {
  auto* w = mtg_world();
  return MatchGame(*w->cat, w->decks[a], w->decks[b], seed, turns);
}

// Plays `n` random decisions (fewer when the game ends).
void random_moves(MatchGame& g, kernel::Rng& pick, size_t n) {
  for (size_t i = 0; i < n && !g.terminal(); ++i) {
    ASSERT_TRUE(g.apply_index(pick.below(static_cast<uint32_t>(g.legal_actions().size()))));
  }
}

TEST(MtgMatchGame, EveryLegalActionApplies) {
  RK_REQUIRE_MTG();
  size_t tried = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    MatchGame g = game(seed, seed % 10, (seed + 3) % 10);
    kernel::Rng pick(seed);
    for (size_t n = 0; n < 3000 && !g.terminal(); ++n) {
      const auto legal = g.legal_actions();
      ASSERT_FALSE(legal.empty());
      if (n % 13 == 0) {
        for (size_t i = 0; i < legal.size(); ++i, ++tried) {
          MatchGame c = g.copy_for_search();
          ASSERT_TRUE(c.apply_index(i)) << "seed " << seed << " decision " << n << ": " << legal[i].label;
          ASSERT_EQ(c.error(), "") << "seed " << seed << " decision " << n << ": " << legal[i].label;
        }
      }
      ASSERT_FALSE(g.apply_index(legal.size()));
      ASSERT_TRUE(g.apply_index(pick.below(static_cast<uint32_t>(legal.size()))));
    }
    EXPECT_EQ(g.error(), "");
  }
  EXPECT_GT(tried, 500u);
}

TEST(MtgMatchGame, SeededGamesGiveTheSameHashTwice) {
  RK_REQUIRE_MTG();
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    uint64_t hashes[2];
    for (uint64_t& h : hashes) {
      MatchGame g = game(seed, 2, 5);
      kernel::Rng pick(seed * 31);
      random_moves(g, pick, 100000);
      EXPECT_TRUE(g.terminal());
      h = g.hash();
    }
    EXPECT_EQ(hashes[0], hashes[1]);
  }
  MatchGame a = game(1, 2, 5), b = game(2, 2, 5);
  EXPECT_NE(a.hash(), b.hash());  // another deal
}

// Copies of a position (real copies: open menus and choosers are data) equal the original and
// play on alike; the log written so far replays on a new game to the same position.
TEST(MtgMatchGame, CopiesAndReplaysEqualTheOriginal) {
  RK_REQUIRE_MTG();
  size_t replayed = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    MatchGame g = game(seed, seed % 10, (seed + 1) % 10);
    kernel::Rng pick(seed);
    for (int step = 0; step < 12 && !g.terminal(); ++step) {
      random_moves(g, pick, 40);
      MatchGame c(g);
      MatchGame r = game(seed, seed % 10, (seed + 1) % 10);
      std::string error;
      ASSERT_TRUE(kernel::replay(r, g.log(), error)) << "seed " << seed << " step " << step << ": " << error;
      ++replayed;
      ASSERT_EQ(c.hash(), g.hash()) << "seed " << seed << " step " << step;
      ASSERT_EQ(r.hash(), g.hash()) << "seed " << seed << " step " << step;
      kernel::Rng p1(step), p2(step);
      random_moves(g, p1, 30);
      random_moves(c, p2, 30);
      ASSERT_EQ(c.hash(), g.hash()) << "seed " << seed << " step " << step << ": the copy went elsewhere";
    }
  }
  EXPECT_GT(replayed, 20u);
}

// The deal is drawn through the kernel's Chance and logged: the log replays the game, and its
// draws fed to a game of another seed deal the same cards.
TEST(MtgMatchGame, ReplaysFromItsLog) {
  RK_REQUIRE_MTG();
  MatchGame g = game(11, 3, 7);
  kernel::Rng pick(5);
  random_moves(g, pick, 100000);
  size_t draws = 0;
  std::vector<kernel::FedDraw> deal;
  for (const kernel::LogEntry& e : g.log().entries()) {
    if (e.kind != kernel::LogEntry::Kind::kDraw) continue;
    ++draws;
    deal.push_back({e.value, e.tag, e.bound});
  }
  EXPECT_GT(draws, 60u);  // two libraries of about sixty cards
  MatchGame again = game(11, 3, 7);
  std::string error;
  ASSERT_TRUE(kernel::replay(again, g.log(), error)) << error;
  EXPECT_EQ(again.hash(), g.hash());
  auto* w = mtg_world();
  MatchOptions fed;
  fed.deal = deal;
  MatchGame other(*w->cat, w->decks[3], w->decks[7], 999, 60, fed);
  MatchGame same(*w->cat, w->decks[3], w->decks[7], 11, 60);
  for (int p = 0; p < 2; ++p) {
    EXPECT_EQ(other.match().game().players[p].zones[kHand], same.match().game().players[p].zones[kHand]);
    EXPECT_EQ(other.match().game().players[p].zones[kLibrary], same.match().game().players[p].zones[kLibrary]);
  }
  EXPECT_EQ(other.error(), "");
}

// Before the first turn each player, the starting player first, keeps or takes a mulligan:
// Wagic's rule, the hand shuffled back and one card fewer drawn, as often as the player likes.
// The shuffles are the match's Chance draws, logged, so the game replays.
TEST(MtgMatchGame, MulligansBeforeTheFirstTurn) {
  RK_REQUIRE_MTG();
  MatchGame g = game(21, 1, 6);
  const Game& s = g.match().game();
  const size_t cards0 = s.players[0].zones[kHand].size() + s.players[0].zones[kLibrary].size();
  ASSERT_EQ(g.current_player(), 0);
  EXPECT_EQ(g.choice().prompt, kPromptMulligan);
  ASSERT_EQ(g.legal_actions().size(), 2u);
  EXPECT_EQ(g.legal_actions()[0].label, "keep 7 cards");
  EXPECT_EQ(g.legal_actions()[1].label, "mulligan to 6 cards");
  const size_t draws_before = g.log().entries().size();
  ASSERT_TRUE(g.apply_index(1));
  EXPECT_GT(g.log().entries().size(), draws_before + 40) << "the shuffle is logged";
  ASSERT_TRUE(g.apply_index(1));  // again: five
  EXPECT_EQ(s.players[0].zones[kHand].size(), 5u);
  EXPECT_EQ(s.players[0].zones[kHand].size() + s.players[0].zones[kLibrary].size(), cards0);
  EXPECT_EQ(g.current_player(), 0);
  ASSERT_TRUE(g.apply_index(0));  // keep 5
  ASSERT_EQ(g.current_player(), 1);
  EXPECT_EQ(g.choice().prompt, kPromptMulligan);
  EXPECT_EQ(g.legal_actions()[0].label, "keep 7 cards");
  ASSERT_TRUE(g.apply_index(0));
  EXPECT_EQ(g.current_player(), 0);  // the first turn has begun: the starting player acts
  EXPECT_NE(g.choice().prompt, kPromptMulligan);
  EXPECT_EQ(s.players[0].zones[kHand].size(), 5u);
  EXPECT_EQ(s.players[1].zones[kHand].size(), 7u);
  MatchGame again = game(21, 1, 6);
  std::string error;
  ASSERT_TRUE(kernel::replay(again, g.log(), error)) << error;
  EXPECT_EQ(again.hash(), g.hash());
  // Without mulligans (wagic sim --classic) the first turn begins at once.
  MatchOptions off;
  off.mulligans = false;
  auto* w = mtg_world();
  MatchGame classic(*w->cat, w->decks[1], w->decks[6], 21, 60, off);
  EXPECT_NE(classic.choice().prompt, kPromptMulligan);
}

// The greedy bot keeps a seven-card hand (Wagic's AI never mulligans): a smaller hand scores less.
TEST(MtgMatchGame, GreedyKeepsItsHand) {
  RK_REQUIRE_MTG();
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    MatchGame g = game(seed, seed % 10, (seed + 5) % 10);
    agents::GreedyAgent<MatchGame> bot(seed);
    EXPECT_EQ(bot.choose(g, g.legal_actions()), 0u) << "seed " << seed;
  }
}

}  // namespace
}  // namespace rk::mtg
