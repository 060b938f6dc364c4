// Malformed input gets diagnostics, never a crash or a hang.
#include <gtest/gtest.h>

#include "games/rulegame/rules/board.h"
#include "games/rulegame/language/rules.h"

namespace rk::rulegame {
namespace {

size_t errors_of(const std::string& text) {
  text::SourceFile f("m.txt", text);
  text::Diagnostics d(&f);
  RuleSet rs;
  parse_rules(f, d, rs);
  (void)d.render();
  (void)d.render_json();
  return d.error_count();
}

TEST(Malformed, TruncatedFilesAtEveryByte) {
  const std::string src =
      "Order X=[1,[2,7],3]\n1 (count:2, shape:\"vm/a\", color:[red,blue], pos:X, bucket:(p+1)%4)\n"
      "(code:!q.color*(this.pos>=last.pos), bucket:[!p*[0,1,2,3], p+1])\n";
  for (size_t n = 0; n <= src.size(); ++n) errors_of(src.substr(0, n));
  SUCCEED();
}

TEST(Malformed, InvalidBytesAndControlCharacters) {
  EXPECT_GT(errors_of("(*,*,*,*,\xFF)"), 0u);
  EXPECT_GT(errors_of("(*,\xC3\x28,*,*,*)"), 0u);
  EXPECT_GT(errors_of(std::string("(*,*,*,*,\0)", 11)), 0u);
}

TEST(Malformed, HugeNumbers) {
  EXPECT_GT(errors_of("(99999999999999999999999999,*,*,*,*)"), 0u);
  EXPECT_EQ(errors_of("(2147483647,*,*,*,-2147483647)"), 0u);
  EXPECT_GT(errors_of("(2147483648,*,*,*,*)"), 0u);
}

TEST(Malformed, DeepNestingIsLimited) {
  std::string deep = "(*,*,*,*," + std::string(100000, '(') + "1" + std::string(100000, ')') + ")";
  EXPECT_GT(errors_of(deep), 0u);
  std::string bang = "(*,*,*,*," + std::string(100000, '!') + "p)";
  EXPECT_GT(errors_of(bang), 0u);
  std::string brackets = "(*,*,*,*," + std::string(100000, '[') + ")";
  EXPECT_GT(errors_of(brackets), 0u);
  // A long dotted name is a deep tree too (fuzzer find: evaluation overflowed the stack).
  std::string dots = "(*,*,*,*,q";
  for (int i = 0; i < 20000; ++i) dots += ".b";
  dots += ")";
  EXPECT_GT(errors_of(dots), 0u);
  EXPECT_EQ(errors_of("(*,*,*,*,q.bucket)"), 0u);
  // So is a long chain of operators: a-b-c-… leans left as deep as it is long.
  std::string minus = "(*,*,*,*,[1";
  for (int i = 0; i < 20000; ++i) minus += "-4";
  minus += "])";
  EXPECT_GT(errors_of(minus), 0u);
  std::string times = "(*,*,*,*,[1";
  for (int i = 0; i < 20000; ++i) times += "*4";
  times += "])";
  EXPECT_GT(errors_of(times), 0u);
  EXPECT_EQ(errors_of("(*,*,*,*,[p+1-2+3-4+5*6*7%8])"), 0u);
}

TEST(Malformed, TenMegabyteLines) {
  std::string line = "(*,*,*,*,[" ;
  line.reserve(10 << 20);
  while (line.size() < (10u << 20)) line += "1,";
  line += "1])";
  EXPECT_GT(errors_of(line), 0u);  // over the line-length limit, said so
  std::string junk(10 << 20, 'x');
  EXPECT_GT(errors_of(junk), 0u);
}

TEST(Malformed, ManyBrokenLinesStayBounded) {
  std::string text;
  for (int i = 0; i < 5000; ++i) text += "(*,*,*,,*)\n";
  EXPECT_EQ(errors_of(text), 5000u);
}

}  // namespace
}  // namespace rk::rulegame

namespace rk::rulegame {
namespace {

// Found by the board fuzzer: a number too large for a double used to escape as an exception.
TEST(Malformed, BoardJsonWithHugeNumbers) {
  Board b;
  std::string err;
  EXPECT_FALSE(parse_board_json(R"({"value":[{"x":1e99999,"y":1,"color":"RED","shape":"STAR"}]})", b, err));
  EXPECT_FALSE(err.empty());
  EXPECT_FALSE(parse_board_json("77777777E7777777777777777", b, err));
  EXPECT_FALSE(parse_board_json(R"({"value":[{"x":99999999999999999999,"y":1}]})", b, err));
}

}  // namespace
}  // namespace rk::rulegame
