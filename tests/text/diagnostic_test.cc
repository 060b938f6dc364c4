#include "text/diagnostic.h"

#include <gtest/gtest.h>

namespace rk::text {
namespace {

TEST(SourceFile, LineColumnCountsCodePointsAndAllLineEndings) {
  SourceFile f("x.txt", "ab\r\nc\xC3\xA9" "d\rlast");
  EXPECT_EQ(f.line_count(), 3u);
  EXPECT_EQ(f.line_col(0).line, 1u);
  EXPECT_EQ(f.line_col(4).line, 2u);
  EXPECT_EQ(f.line_col(7).col, 3u);  // 'd' after c and the two-byte e-acute
  EXPECT_EQ(f.line_text(2), "c\xC3\xA9" "d");
  EXPECT_EQ(f.line_text(3), "last");
}

TEST(Diagnostics, RendersPositionSourceLineAndCaret) {
  SourceFile f("rules.txt", "(*,*,*,*,*)\n(*,*,,*)\n");
  Diagnostics d(&f);
  d.error("RG0013", "expected a value", Span{17, 18}, "fill the field");
  EXPECT_EQ(d.render(),
            "rules.txt:2:6: error[RG0013]: expected a value\n"
            "    2 | (*,*,,*)\n"
            "      |      ^\n"
            "  hint: fill the field\n");
  EXPECT_EQ(d.error_count(), 1u);
}

TEST(Diagnostics, JsonCarriesTheSamePosition) {
  SourceFile f("r.txt", "abc\ndef");
  Diagnostics d(&f);
  d.warning("RG0050", "unknown order", Span{5, 6});
  EXPECT_EQ(d.render_json(),
            R"([{"code":"RG0050","column":2,"end_column":3,"end_line":2,"file":"r.txt","line":2,)"
            R"("message":"unknown order","severity":"warning"}])");
}

TEST(Diagnostics, LongLinesShowAWindowAroundTheCaret) {
  std::string line(5000, 'x');
  line[4000] = '@';
  SourceFile f("big.txt", line);
  Diagnostics d(&f);
  d.error("RG0001", "bad", Span{4000, 4001});
  const std::string out = d.render();
  EXPECT_LT(out.size(), 500u);
  EXPECT_NE(out.find("...x"), std::string::npos);
  EXPECT_NE(out.find("@"), std::string::npos);
}

TEST(Diagnostics, InvalidBytesArePrintedAsQuestionMarks) {
  SourceFile f("b.txt", std::string("a\xFF\x01z"));
  Diagnostics d(&f);
  d.error("RG0001", "bad byte", Span{1, 2});
  EXPECT_NE(d.render().find("a??z"), std::string::npos);
}

TEST(Diagnostics, StopsRecordingAtTheLimitButKeepsCounting) {
  SourceFile f("x", "x");
  Diagnostics d(&f, 3);
  for (int i = 0; i < 10; ++i) d.error("E", "e", Span{0, 1});
  EXPECT_EQ(d.items().size(), 3u);
  EXPECT_EQ(d.error_count(), 10u);
  EXPECT_NE(d.render().find("7 more diagnostics not shown"), std::string::npos);
}

}  // namespace
}  // namespace rk::text
