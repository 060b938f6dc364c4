// VCK in words (games/vck/runners/narration.h), over random games: every move is told, seats are named
// pN+1 from seat N, a duke is named to its own seat only (until the end reveals them all), and
// every card of the tables has a text that names it.
#include <gtest/gtest.h>

#include "games/vck/runners/narration.h"
#include "kernel/rng.h"
#include "support.h"
#include "vck/corpus_cards.h"

namespace rk::vck {
namespace {

TEST(VckNarration, EveryMoveToldAndOtherSeatsDukesStaySecret) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  size_t games = 0, incomes = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    const int players = 2 + static_cast<int>(seed % 4);
    kernel::Chance chance(seed);
    vck::Setup s;
    std::string error;
    ASSERT_TRUE(deal(cards(), "base", players, chance, s, error)) << error;
    Game g(cards(), s, seed);
    kernel::Rng pick(seed);
    const int observer = static_cast<int>(seed % static_cast<uint64_t>(players));
    for (size_t n = 0; n < 20000 && !g.terminal(); ++n) {
      const auto legal = g.legal_actions();
      ASSERT_FALSE(legal.empty());
      const size_t i = pick.below(static_cast<uint32_t>(legal.size()));
      const int mover = g.current_player();
      const Game before = g;
      ASSERT_TRUE(g.apply_index(i));
      const auto lines = narrate(before, g, i, observer);
      ASSERT_FALSE(lines.empty());
      EXPECT_EQ(lines[0].rfind(seat_name(mover) + ": ", 0), 0u) << lines[0];
      if (g.terminal()) break;  // the end reveals every duke
      for (int seat = 0; seat < players; ++seat) {
        if (seat == observer) continue;
        for (int d : g.players()[static_cast<size_t>(seat)].dukes) {
          const std::string duke = card_name(cards(), {'k', static_cast<int16_t>(d)});
          for (const std::string& l : lines) EXPECT_EQ(l.find(duke), std::string::npos) << l << " (seat " << seat << "'s duke)";
        }
      }
      for (const std::string& l : lines) incomes += l.find(" harvest income ") != std::string::npos;
    }
    EXPECT_TRUE(g.terminal()) << "seed " << seed;
    ++games;
  }
  EXPECT_EQ(games, 12u);
  EXPECT_GT(incomes, 100u);
  EXPECT_EQ(seat_name(0), "p1");
  EXPECT_EQ(seat_name(3), "p4");
}

TEST(VckNarration, EveryCardHasATextThatNamesIt) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  const CardDb& db = cards();
  size_t printed = 0;
  for (const CitizenCard& c : db.citizens) {
    if (c.id == 0) continue;
    const std::string t = card_text(db, {'c', static_cast<int16_t>(c.id)});
    EXPECT_EQ(t.rfind(c.name + ": ", 0), 0u) << t;
    EXPECT_NE(t.find(" on your turn"), std::string::npos) << t;
    printed += !c.text.empty() && t.find(c.text) != std::string::npos;
  }
  for (const DomainCard& c : db.domains) {
    if (c.id == 0) continue;
    const std::string t = card_text(db, {'d', static_cast<int16_t>(c.id)});
    EXPECT_NE(t.find(std::to_string(c.vp) + " VP"), std::string::npos) << t;
    printed += !c.text.empty() && t.find(c.text) != std::string::npos;
  }
  for (const DukeCard& c : db.dukes) {
    if (c.id == 0) continue;
    const std::string t = card_text(db, {'k', static_cast<int16_t>(c.id)});
    EXPECT_GT(t.size(), c.name.size() + 10) << t;  // printed text, or the scoring from its numbers
  }
  EXPECT_GT(printed, 40u);
}

}  // namespace
}  // namespace rk::vck
