#include "games/rulegame/rules/java_random.h"

#include <gtest/gtest.h>

#include "games/rulegame/rules/random_board.h"

namespace rk::rulegame {
namespace {

// Values of java.util.Random(42): nextInt() x3, nextInt(10) x3, nextDouble().
TEST(JavaRandom, MatchesJavaUtilRandom) {
  JavaRandom r(42);
  EXPECT_EQ(r.next_int(), -1170105035);
  EXPECT_EQ(r.next_int(), 234785527);
  EXPECT_EQ(r.next_int(), -1360544799);
  JavaRandom s(42);
  EXPECT_EQ(s.next_int(10), 0);
  EXPECT_EQ(s.next_int(10), 3);
  EXPECT_EQ(s.next_int(10), 8);
  JavaRandom d(0);
  EXPECT_DOUBLE_EQ(d.next_double(), 0.730967787376657);
}

TEST(RandomBoard, HasTheRequestedNumbersOfShapesAndColors) {
  JavaRandom r(7);
  Board b = random_board(r, 9, 2, 3, legacy_shapes(), legacy_colors());
  ASSERT_EQ(b.pieces.size(), 9u);
  std::set<std::string> shapes, colors;
  std::set<int> cells;
  for (const Piece& p : b.pieces) {
    shapes.insert(p.shape);
    colors.insert(p.color);
    cells.insert(p.pos);
  }
  EXPECT_EQ(shapes.size(), 2u);
  EXPECT_EQ(colors.size(), 3u);
  EXPECT_EQ(cells.size(), 9u);
  EXPECT_TRUE(std::is_sorted(b.pieces.begin(), b.pieces.end(),
                             [](const Piece& a, const Piece& c) { return a.pos < c.pos; }));
}

}  // namespace
}  // namespace rk::rulegame
