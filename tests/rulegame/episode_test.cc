// Scenario tests of the Rule Game engine on small boards written here.
#include <gtest/gtest.h>

#include "games/rulegame/rules/episode.h"

namespace rk::rulegame {
namespace {

struct Game {
  std::unique_ptr<text::SourceFile> file;
  RuleSet rules;
  explicit Game(const std::string& src) {
    file = std::make_unique<text::SourceFile>("t.txt", src);
    text::Diagnostics d(file.get());
    parse_rules(*file, d, rules);
    EXPECT_FALSE(d.has_errors()) << d.render();
  }
};

Piece sc(int id, int x, int y, const char* shape, const char* color) {
  Piece p;
  p.id = id;
  p.pos = cell_of(x, y);
  p.shape = shape;
  p.color = color;
  return p;
}

Board board(std::vector<Piece> pieces) {
  Board b;
  b.pieces = std::move(pieces);
  return b;
}

TEST(Episode, CountersAndControlTransfer) {
  // Example 3 of the syntax page: two yellows to 0/1 and two reds to 2/3, then alternate.
  Game g("* (2,*,YELLOW,*,[0,1]) (2,*,RED,*,[2,3])\n* (*,*,*,*,(p+2)%4)");
  Episode e(g.rules, board({sc(0, 1, 1, "SQUARE", "YELLOW"), sc(1, 2, 1, "SQUARE", "RED"),
                            sc(2, 3, 1, "STAR", "BLUE")}));
  EXPECT_EQ(e.rule_line(), 0);
  EXPECT_EQ(e.explain_counters(), "* / 2,2");
  EXPECT_EQ(e.move(cell_of(3, 1), 0), kImmovable);  // blue fits no atom of line 0
  EXPECT_EQ(e.move(cell_of(1, 1), 2), kDeny);       // yellow may not go to 2
  EXPECT_EQ(e.move(cell_of(4, 4), 0), kEmptyCell);
  EXPECT_EQ(e.attempts(), 2);                       // empty cells are not attempts
  EXPECT_EQ(e.move(cell_of(1, 1), 1), kAccept);
  EXPECT_EQ(e.explain_counters(), "* / 1,2");
  EXPECT_EQ(e.move(cell_of(2, 1), 3), kAccept);
  // No yellow or red left: control passes to line 1, where p=3 so only bucket 1 is open.
  EXPECT_EQ(e.rule_line(), 1);
  EXPECT_EQ(e.movable_to(0), 1 << 1);
  EXPECT_EQ(e.move(cell_of(3, 1), 1), kAccept);
  EXPECT_EQ(e.finish(), kCleared);
  EXPECT_EQ(e.move(cell_of(3, 1), 1), kNoGame);
}

TEST(Episode, OrdersPickTheTopRowFirst) {
  Game g("(*,*,*,T,*)");
  Episode e(g.rules, board({sc(0, 1, 1, "SQUARE", "RED"), sc(1, 5, 3, "STAR", "RED")}));
  EXPECT_EQ(e.move(cell_of(1, 1), 0), kImmovable);
  EXPECT_EQ(e.move(cell_of(5, 3), 0), kAccept);
  EXPECT_EQ(e.move(cell_of(1, 1), 0), kAccept);
}

TEST(Episode, StalemateIsDetectedAtTheStart) {
  Game g("(*,STAR,*,*,*)");
  Episode e(g.rules, board({sc(0, 1, 1, "SQUARE", "RED")}));
  EXPECT_EQ(e.finish(), kStalemated);
  EXPECT_EQ(e.move(cell_of(1, 1), 0), kNoGame);
}

TEST(Episode, EveryAcceptingAtomPaysItsCounter) {
  Game g("(2,*,RED,*,*) (3,SQUARE,*,*,*)");
  Episode e(g.rules, board({sc(0, 1, 1, "SQUARE", "RED"), sc(1, 2, 1, "SQUARE", "RED"),
                            sc(2, 3, 1, "SQUARE", "BLUE")}));
  EXPECT_EQ(e.move(cell_of(1, 1), 0), kAccept);
  EXPECT_EQ(e.explain_counters(), "* / 1,2");
}

TEST(Episode, Gs5MemoryVariables) {
  // Same bucket as the last piece of the same color; a new color goes anywhere.
  Game g("(code:!q.color) (bucket:p.color)");
  Episode e(g.rules, board({sc(0, 1, 1, "SQUARE", "RED"), sc(1, 2, 1, "STAR", "RED"),
                            sc(2, 3, 1, "STAR", "BLUE")}));
  EXPECT_EQ(e.movable_to(1), 0xF);
  EXPECT_EQ(e.move(cell_of(1, 1), 2), kAccept);
  EXPECT_EQ(e.movable_to(0), 1 << 2);  // the other red: only bucket 2 now
  EXPECT_EQ(e.movable_to(1), 0xF);     // blue: still free
  EXPECT_EQ(e.move(cell_of(2, 1), 3), kDeny);
  EXPECT_EQ(e.move(cell_of(2, 1), 2), kAccept);
}

TEST(Episode, PostposOrdersOnlyTheMatchingPieces) {
  Game g("(postpos:T, color:red)");
  Episode e(g.rules, board({sc(0, 1, 1, "SQUARE", "RED"), sc(1, 2, 6, "STAR", "BLUE"),
                            sc(2, 3, 3, "STAR", "RED")}));
  EXPECT_EQ(e.movable_to(0), 0);
  EXPECT_EQ(e.movable_to(2), 0xF);  // topmost red, although blue is higher
}

TEST(Episode, ImagePiecesMatchOnProperties) {
  Game g("(species:cat, bucket:0) (size:[2..4], bucket:1)");
  Piece cat;
  cat.id = 0;
  cat.pos = 1;
  cat.image = "cat.png";
  cat.props = {{"species", "cat"}, {"size", "1"}};
  Piece dog = cat;
  dog.id = 1;
  dog.pos = 2;
  dog.props = {{"species", "dog"}, {"size", "3"}};
  Episode e(g.rules, board({cat, dog}));
  EXPECT_EQ(e.movable_to(0), 1 << 0);
  EXPECT_EQ(e.movable_to(1), 1 << 1);
}

}  // namespace
}  // namespace rk::rulegame
