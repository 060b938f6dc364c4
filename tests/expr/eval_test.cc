// The set arithmetic of Rule Game expressions, checked on the examples of
// docs/rulegame/arithmetic.md and syntax-gs5.md.
#include "expr/eval.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>

#include "games/rulegame/language/rules.h"

namespace rk::expr {
namespace {

// Variables given as fixed integer sets; names resolve through the Rule Game parser.
struct MapEnv {
  const rulegame::RuleSet* rules;
  std::map<std::string, std::vector<int>> vars;
  void var(const Node& n, ValueSet& out) const {
    auto it = vars.find(std::string(rules->symbols.name(n.sym)));
    if (it == vars.end()) return;
    for (int v : it->second) out.insert(Value::integer(v));
  }
  void path(const Node&, ValueSet&) const {}
  void field(Value, Sym, ValueSet&) const {}
};

std::vector<int> eval(const std::string& src, std::map<std::string, std::vector<int>> vars = {}) {
  rulegame::RuleSet rs;
  text::SourceFile f("expr", src);
  text::Diagnostics d(&f);
  const NodeId id = rulegame::parse_expression(f, d, rs);
  EXPECT_NE(id, kNoNode) << d.render();
  if (id == kNoNode) return {-999};
  MapEnv env{&rs, std::move(vars)};
  ValueSet out;
  eval_set(rs.pool, id, env, out);
  std::vector<int> r;
  for (const Value& v : out) r.push_back(v.kind == Value::Kind::kInt ? v.v : -1000);
  std::sort(r.begin(), r.end());
  return r;
}

using V = std::vector<int>;

TEST(SetArithmetic, CrossProducts) {
  EXPECT_EQ(eval("[1,2,10]*[5,10]"), (V{5, 10, 20, 50, 100}));
  EXPECT_EQ(eval("[0,1,2]+[0]"), (V{0, 1, 2}));
  EXPECT_EQ(eval("[0,1,2]+x"), V{});  // x undefined: empty
}

TEST(SetArithmetic, DivisionRoundsTowardZeroAndSkipsZeroDivisors) {
  EXPECT_EQ(eval("[2,5,10]/[3]"), (V{0, 1, 3}));
  EXPECT_EQ(eval("[-4,4]%[3]"), (V{-1, 1}));
  EXPECT_EQ(eval("[7]/[0,2]"), V{3});
  EXPECT_EQ(eval("[0]/[0]"), V{});
}

TEST(SetArithmetic, EqualityIsAnyPair) {
  EXPECT_EQ(eval("[0,2]==[1,3]"), V{});
  EXPECT_EQ(eval("[0,2,3]==[3]"), V{1});
  EXPECT_EQ(eval("[1,2]!=[1]"), V{1});
  EXPECT_EQ(eval("3 >= 2"), V{1});
  EXPECT_EQ(eval("3 < 2"), V{});
}

TEST(SetArithmetic, ComparisonWithAnEmptySideYieldsTheLeftSide) {
  EXPECT_EQ(eval("2 == p"), V{2});
  EXPECT_EQ(eval("p == 2"), V{});
  EXPECT_EQ(eval("p == 2", {{"p", {2}}}), V{1});
}

TEST(SetArithmetic, NegationTurnsEmptinessIntoTruth) {
  EXPECT_EQ(eval("!p"), V{1});
  EXPECT_EQ(eval("!!p"), V{});
  EXPECT_EQ(eval("!p", {{"p", {3}}}), V{});
  EXPECT_EQ(eval("[!p*[0,1,2,3], !!p*(p-1)]"), (V{0, 1, 2, 3}));
  EXPECT_EQ(eval("[!p*[0,1,2,3], !!p*(p-1)]", {{"p", {2}}}), V{1});
}

TEST(SetArithmetic, PrecedenceAndAssociativity) {
  EXPECT_EQ(eval("2*3-1"), V{5});
  EXPECT_EQ(eval("10-3-2"), V{5});
  EXPECT_EQ(eval("(p/2)*2+1", {{"p", {3}}}), V{3});
  EXPECT_EQ(eval("-3+1"), V{-2});
}

TEST(SetArithmetic, IntegersWrapLikeJava) {
  EXPECT_EQ(eval("2147483647+1"), V{-2147483647 - 1});
  EXPECT_EQ(eval("-2147483647-1-1"), V{2147483647});
}

TEST(SetArithmetic, StringsCompareButDoNotCount) {
  EXPECT_EQ(eval("\"red\" == \"red\""), V{1});
  EXPECT_EQ(eval("\"red\" == \"blue\""), V{});
  EXPECT_EQ(eval("\"a\" < \"b\""), V{});
  EXPECT_EQ(eval("\"a\" + 1"), V{});
}

}  // namespace
}  // namespace rk::expr

namespace rk::expr {
namespace {

// A copied table names its symbols from its own strings: the copy outlives the original (a
// vector of card scripts that grows copies its tables, and short names live inside the strings).
TEST(SymbolTable, CopiesKeepTheirNamesWhenTheOriginalIsGone) {
  auto original = std::make_unique<SymbolTable>();
  const Sym me = original->intern("me");
  const Sym longer = original->intern("a name longer than the small-string buffer");
  SymbolTable copy = *original;
  SymbolTable assigned;
  assigned = *original;
  original.reset();
  std::vector<std::string> filler(64, std::string(2, 'x'));  // reuse the freed memory
  EXPECT_EQ(copy.name(me), "me");
  EXPECT_EQ(copy.name(longer), "a name longer than the small-string buffer");
  EXPECT_EQ(assigned.name(me), "me");
  EXPECT_EQ(copy.find("me"), me);
  EXPECT_EQ(copy.intern("me"), me);
  SymbolTable moved = std::move(copy);
  EXPECT_EQ(moved.name(me), "me");
}

}  // namespace
}  // namespace rk::expr
