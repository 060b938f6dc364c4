// Magic in words (games/mtg/runners/narration.h), over random games between prebuilt decks: every
// decision but a pass is told, the opponent's draws and returned cards are never named, every
// spell auto_casts offers is cast by its steps, and worth_stopping is false only where the
// player can do nothing but pass and tap mana.
#include <gtest/gtest.h>

#include "games/mtg/runners/narration.h"
#include "kernel/rng.h"
#include "match_support.h"

namespace rk::mtg {
namespace {

TEST(MtgNarration, MovesToldHiddenCardsUnnamedAutoCastsCast) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/decks/ai");
  auto* w = test::mtg_world();
  ASSERT_NE(w, nullptr);
  size_t told = 0, casts = 0, skipped = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    MatchGame g(*w->cat, w->decks[seed % 10], w->decks[(seed + 3) % 10], seed, 12);
    kernel::Rng pick(seed);
    for (size_t n = 0; n < 3000 && !g.terminal(); ++n) {
      const auto moves = g.legal_actions();
      ASSERT_FALSE(moves.empty());
      if (g.current_player() == 0) {
        // Every offered auto-cast, played on a copy, takes its card out of the hand.
        for (const AutoCast& a : auto_casts(g)) {
          MatchGame copy = g.copy_for_search();
          ASSERT_TRUE(apply_auto_cast(copy, a)) << a.label;
          EXPECT_NE(copy.match().game().objs[static_cast<size_t>(a.card)].zone, kHand) << a.label;
          EXPECT_EQ(a.label.rfind("cast ", 0), 0u) << a.label;
          ++casts;
        }
        if (!worth_stopping(g)) {
          // Nothing but passing and mana: the pass is the last move, the others are taps.
          EXPECT_EQ(moves.back().kind, Move::kNext);
          for (size_t i = 0; i + 1 < moves.size(); ++i) EXPECT_EQ(move_text(g, i).rfind("tap ", 0), 0u) << moves[i].label;
          ++skipped;
        }
      }
      const size_t i = pick.below(static_cast<uint32_t>(moves.size()));
      const MatchGame before = g.copy_for_search();
      ASSERT_TRUE(g.apply_index(i));
      const auto lines = narrate(before, g, i, 0);
      if (moves[i].kind != Move::kNext) {
        ASSERT_FALSE(lines.empty()) << moves[i].label;
        EXPECT_EQ(lines[0].rfind(seat_name(before.current_player()) + ": ", 0), 0u) << lines[0];
        ++told;
      }
      for (const std::string& l : lines) {
        EXPECT_EQ(l.find("is put into p2's library"), std::string::npos) << l;
        EXPECT_EQ(l.find("p2 draws ", 0) != std::string::npos && l.find("card") == std::string::npos, false) << l;
      }
    }
  }
  EXPECT_GT(told, 100u);
  EXPECT_GT(casts, 0u);
  EXPECT_GT(skipped, 0u);
}

}  // namespace
}  // namespace rk::mtg
