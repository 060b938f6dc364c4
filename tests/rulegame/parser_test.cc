#include <gtest/gtest.h>

#include "games/rulegame/language/rules.h"

namespace rk::rulegame {
namespace {

struct Parsed {
  std::unique_ptr<text::SourceFile> file;
  std::unique_ptr<text::Diagnostics> diags;
  RuleSet rules;
};

std::unique_ptr<Parsed> parse(const std::string& src) {
  auto p = std::make_unique<Parsed>();
  p->file = std::make_unique<text::SourceFile>("t.txt", src);
  p->diags = std::make_unique<text::Diagnostics>(p->file.get());
  parse_rules(*p->file, *p->diags, p->rules);
  return p;
}

TEST(Parser, PositionalAndPropertyAtomsMeanTheSame) {
  auto a = parse("(2,triangle,[red,black],L1,p+1)");
  auto b = parse("(count:2, pos:L1, color:[red,black], shape:triangle, bucket:[p+1])");
  ASSERT_FALSE(a->diags->has_errors()) << a->diags->render();
  ASSERT_FALSE(b->diags->has_errors()) << b->diags->render();
  const Atom& x = a->rules.atoms_of(a->rules.rows[0])[0];
  const Atom& y = b->rules.atoms_of(b->rules.rows[0])[0];
  EXPECT_EQ(x.counter, 2);
  EXPECT_EQ(y.counter, 2);
  EXPECT_EQ(x.shapes.count, 1u);
  EXPECT_EQ(a->rules.symbols.name(a->rules.syms_of(x.shapes)[0]), "TRIANGLE");
  EXPECT_EQ(x.colors.count, 2u);
  EXPECT_EQ(y.colors.count, 2u);
  EXPECT_TRUE(x.buckets_vary);
  EXPECT_EQ(a->rules.orders.size(), 1u);
  EXPECT_EQ(a->rules.orders[0].name, "L1");
}

TEST(Parser, GlobalCountersAndOrders) {
  auto p = parse(
      "# a comment\n"
      "Order Diag=[1, [2,7], [3,8,13]]\n"
      "\n"
      "1 (*,*,RED,Diag,0) (*,*,GREEN,T,1)   # trailing comment\n"
      "* (*,*,*,*,[2,3])\r\n"
      "(*,*,*,*,*)\n");
  ASSERT_FALSE(p->diags->has_errors()) << p->diags->render();
  ASSERT_EQ(p->rules.rows.size(), 3u);
  EXPECT_EQ(p->rules.rows[0].global_counter, 1);
  EXPECT_EQ(p->rules.rows[1].global_counter, -1);
  EXPECT_EQ(p->rules.rows[0].atoms.count, 2u);
  EXPECT_EQ(p->rules.atoms_of(p->rules.rows[1])[0].const_buckets, 0b1100);
  EXPECT_EQ(p->rules.atoms_of(p->rules.rows[2])[0].const_buckets, 0b1111);
  ASSERT_EQ(p->rules.orders.size(), 2u);  // Diag, then the built-in T it refers to
  EXPECT_EQ(p->rules.orders[0].n_groups, 3u);
  EXPECT_EQ(description_lines(p->rules, p->file->text()), std::vector<std::string>{"a comment"});
}

TEST(Parser, CounterWithoutSpaceAndEmptyAtom) {
  auto p = parse("2(*,*,*,*,[0,1])\n()");
  ASSERT_FALSE(p->diags->has_errors()) << p->diags->render();
  EXPECT_EQ(p->rules.rows[0].global_counter, 2);
  EXPECT_EQ(p->rules.atoms_of(p->rules.rows[1])[0].counter, -1);
}

TEST(Parser, Gs5ExpressionsInPropertyFields) {
  auto p = parse("(code:!q.color*!q.bucket) (color:q.bucket.color, code:this.value>=q.bucket.value)\n"
                 "(size:[1..3], seq:(last.seq+1)%4, bucket:p.jn)");
  ASSERT_FALSE(p->diags->has_errors()) << p->diags->render();
  const Atom& a = p->rules.atoms_of(p->rules.rows[0])[1];
  EXPECT_TRUE(a.dynamic);
  EXPECT_TRUE(a.has_colors);
  EXPECT_EQ(a.colors.count, 1u);  // the dotted name, never equal to a real color
  const Atom& b = p->rules.atoms_of(p->rules.rows[1])[0];
  ASSERT_EQ(b.conds.count, 2u);
  EXPECT_EQ(p->rules.conds_of(b)[0].ranges.count, 1u);
  EXPECT_NE(p->rules.conds_of(b)[1].exp, expr::kNoNode);
}

struct Rejected {
  const char* text;
  const char* code;
  uint32_t line, col;
};

class ParserRejects : public ::testing::TestWithParam<Rejected> {};

TEST_P(ParserRejects, WithCodeAndPosition) {
  const Rejected& r = GetParam();
  auto p = parse(r.text);
  ASSERT_TRUE(p->diags->has_errors()) << r.text;
  const text::Diagnostic& d = p->diags->items()[0];
  EXPECT_EQ(d.code, r.code) << p->diags->render();
  const text::LineCol lc = p->file->line_col(d.span.begin);
  EXPECT_EQ(lc.line, r.line) << p->diags->render();
  EXPECT_EQ(lc.col, r.col) << p->diags->render();
}

INSTANTIATE_TEST_SUITE_P(
    Cases, ParserRejects,
    ::testing::Values(Rejected{"(*,*,*,,*)", "RG0013", 1, 8},
                      Rejected{"(*,*,*,*,Nearby))", "RG0010", 1, 17},
                      Rejected{"(*,*,*,*,[0, 1[, 2])", "RG0014", 1, 15},
                      Rejected{"(*,*,*,*", "RG0011", 1, 1},
                      Rejected{"(1,*,*,*,2)\n(2,*,*,*)", "RG0019", 2, 1},
                      Rejected{"(count:1, 2)", "RG0018", 1, 2},
                      Rejected{"(color:red, color:blue)", "RG0017", 1, 13},
                      Rejected{"Order X=[1,2,99]\n(*,*,*,X,*)", "RG0032", 1, 14},
                      Rejected{"Order X=[1,2,2]\n(*,*,*,X,*)", "RG0033", 1, 14},
                      Rejected{"(*,*,*,*,@)", "RG0001", 1, 10},
                      Rejected{"(*,*,*,*,99999999999)", "RG0002", 1, 10},
                      Rejected{"(*,*,*,*,- p)", "RG0016", 1, 12},
                      Rejected{"(1,*,*,*,*) * (*,*,*,*,*)", "RG0031", 1, 13},
                      Rejected{"# only comments\n\n", "RG0040", 3, 1},
                      Rejected{"5", "RG0042", 1, 1},
                      Rejected{"(count:p)", "RG0020", 1, 8},
                      Rejected{"(shape:[1..3])", "RG0023", 1, 8},
                      Rejected{"(bucket:[0..3])", "RG0022", 1, 9}));

TEST(Parser, ReportsEveryBrokenLineNotJustTheFirst) {
  auto p = parse("(*,*,*,,*)\n(*,*,*,*,*)\n(*,*\n");
  EXPECT_EQ(p->diags->error_count(), 2u);
  EXPECT_EQ(p->rules.rows.size(), 1u);
}

TEST(Parser, UnknownOrderIsAWarningOnly) {
  auto p = parse("(pos:Nowhere)");
  EXPECT_FALSE(p->diags->has_errors());
  EXPECT_EQ(p->diags->warning_count(), 1u);
  EXPECT_EQ(p->diags->items()[0].code, "RG0050");
}

TEST(Printer, CanonicalFormParsesToTheSameRules) {
  const char* src =
      "Order Diag=[1, [2,7], [3,8,13]]\n"
      "1 (*,*,RED,Diag,0) (2,square,[red,\"vm/x\"],[1,2,T],(p+1)%4)\n"
      "(code:!q.color*!q.bucket, seq:(last.seq - 1) - (2 - 3), bucket:[!p*[0,1,2,3], p+1])\n"
      "(size:[1..3], postpos:B, color:-3, bucket:2==p)\n";
  auto a = parse(src);
  ASSERT_FALSE(a->diags->has_errors()) << a->diags->render();
  const std::string printed = to_source(a->rules);
  auto b = parse(printed);
  ASSERT_FALSE(b->diags->has_errors()) << printed << b->diags->render();
  EXPECT_EQ(to_source(b->rules), printed);
  EXPECT_NE(printed.find("seq:last.seq - 1 - (2 - 3)"), std::string::npos) << printed;
}

// Found by fuzzing: an order whose elements are all expressions ranks no cell, and its
// canonical printout must still parse.
TEST(Printer, OrderThatRanksNothing) {
  auto a = parse("Order X=[![1,2], 3+4]\n(pos:X)");
  ASSERT_FALSE(a->diags->has_errors()) << a->diags->render();
  const std::string printed = to_source(a->rules);
  auto b = parse(printed);
  EXPECT_FALSE(b->diags->has_errors()) << printed << b->diags->render();
  EXPECT_EQ(to_source(b->rules), printed);
}

}  // namespace
}  // namespace rk::rulegame
