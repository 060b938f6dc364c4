#include "games/rulegame/rules/stalemate.h"

#include <gtest/gtest.h>

#include "games/rulegame/rules/random_board.h"

namespace rk::rulegame {
namespace {

struct Rules {
  std::unique_ptr<text::SourceFile> file;
  RuleSet rs;
  explicit Rules(const std::string& src) {
    file = std::make_unique<text::SourceFile>("t.txt", src);
    text::Diagnostics d(file.get());
    parse_rules(*file, d, rs);
    EXPECT_FALSE(d.has_errors()) << d.render();
  }
};

StalemateSearch quick() {
  StalemateSearch s;
  s.sample_boards = 50;
  return s;
}

TEST(Stalemate, AnyPieceAnyBucketNeverStalemates) {
  Rules r("(*,*,*,*,*)");
  EXPECT_FALSE(lite_can_stalemate(r.rs, legacy_shapes(), legacy_colors(), nullptr));
  const StalemateResult res = search_stalemate(r.rs, quick());
  EXPECT_FALSE(res.found);
  EXPECT_TRUE(res.exhaustive_complete);
  EXPECT_EQ(res.boards_exhaustive, 16 * 36);
  EXPECT_EQ(res.boards_sampled, 50);
}

TEST(Stalemate, APieceNoAtomAcceptsStalematesAtOnce) {
  Rules r("(*,STAR,*,*,*)");
  Board sample;
  EXPECT_TRUE(lite_can_stalemate(r.rs, legacy_shapes(), legacy_colors(), &sample));
  ASSERT_FALSE(sample.pieces.empty());
  EXPECT_NE(sample.pieces[0].shape, "STAR");
  const StalemateResult res = search_stalemate(r.rs, quick());
  ASSERT_TRUE(res.found);
  EXPECT_TRUE(res.moves.empty());
}

// The "disappearing atom" example of docs/rulegame/stalemate.md: cell 36 may only be emptied
// by the very first move, so emptying another cell first strands that piece. The quick test
// (which ignores buckets) cannot see it; the search finds the losing line of play.
TEST(Stalemate, DisappearingAtomNeedsTheRealSearch) {
  std::string cells;
  for (int c = 1; c <= 35; ++c) {
    if (c > 1) cells += ',';
    cells += std::to_string(c);
  }
  Rules r("(pos:36, bucket:[!p]) (pos:[" + cells + "])");
  EXPECT_FALSE(lite_can_stalemate(r.rs, legacy_shapes(), legacy_colors(), nullptr));
  const StalemateResult res = search_stalemate(r.rs, quick());
  ASSERT_TRUE(res.found);
  ASSERT_GE(res.moves.size(), 1u);
  EXPECT_NE(res.moves[0].first, 36);
  // Replaying the found line really ends in a stalemate.
  Episode e(r.rs, res.board);
  for (const auto& [pos, bucket] : res.moves) EXPECT_EQ(e.move(pos, bucket), kAccept);
  EXPECT_EQ(e.finish(), kStalemated);
}

}  // namespace
}  // namespace rk::rulegame
