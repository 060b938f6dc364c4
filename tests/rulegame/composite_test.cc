#include "games/rulegame/rules/composite.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

namespace rk::rulegame {
namespace {

std::map<std::string, std::string> props_of(const std::string& name) {
  CompositeFamily f;
  std::string why;
  EXPECT_TRUE(f.parse(name, why)) << why;
  std::map<std::string, std::string> m;
  for (const auto& [k, v] : f.properties()) m[k] = v;
  return m;
}

TEST(Composite, PropertiesFollowFromTheName) {
  auto p = props_of("/composite/v3/d=231/b=232/gc/rc/rt");
  EXPECT_EQ(p["orientation"], "v");
  EXPECT_EQ(p["d"], "231");
  EXPECT_EQ(p["d_order"], "2");  // neither rising nor falling
  EXPECT_EQ(p["b"], "232");
  EXPECT_EQ(p["s"], "cct");
  EXPECT_EQ(p["c"], "grr");
  EXPECT_EQ(p["sameshape"], "0");
  EXPECT_EQ(p["occupied"], "3");
  EXPECT_EQ(p["opacity"], "46");  // (0.4*0.64 + 1 + 0.4*0.36) / 3, truncated
  EXPECT_EQ(p["trans_h"], "1");   // a single column is trivially invariant sideways
  EXPECT_EQ(p["trans_v"], "0");
}

TEST(Composite, DefaultsAndShorthands) {
  auto p = props_of("/composite/h/d=123");
  EXPECT_EQ(p["name"], "/composite/h3/d=123/rq/rq/rq");
  EXPECT_EQ(p["d_order"], "1");
  EXPECT_EQ(p["b"], "333");
  auto g = props_of("/composite/g22/x/rq^3");
  EXPECT_EQ(g["occupied"], "3");
  EXPECT_EQ(g["orientation"], "g");
}

TEST(Composite, FamiliesDrawConcreteMembers) {
  CompositeGenerator gen;
  std::string why;
  ASSERT_TRUE(gen.add(R"(/composite/?/d=???/b=???/??/??/??)", why)) << why;
  JavaRandom rng(5);
  for (int i = 0; i < 50; ++i) {
    CompositeFamily f;
    const std::string name = gen.draw(rng);
    ASSERT_TRUE(f.parse(name, why)) << name << ": " << why;
    EXPECT_FALSE(f.wild()) << name;
  }
}

// The original picks one family of the list with equal chances, whatever the families' sizes
// (Composite.Generator.getOneKey), then a member of it.
TEST(Composite, EachFamilyOfAListIsEquallyLikely) {
  CompositeGenerator gen;
  std::string why;
  ASSERT_TRUE(gen.add("/composite/h1/d=1/rq", why)) << why;          // one member
  ASSERT_TRUE(gen.add(R"(/composite/g33/b=?????????/*^9)", why)) << why;  // millions
  JavaRandom rng(7);
  int concrete = 0;
  for (int i = 0; i < 400; ++i) concrete += gen.draw(rng) == "/composite/h1/d=1/rq";
  EXPECT_GT(concrete, 150);
  EXPECT_LT(concrete, 250);
}

// A name listed twice (or written two ways that give one key) is one family.
TEST(Composite, ANameListedTwiceIsOneFamily) {
  CompositeGenerator gen;
  std::string why;
  for (const char* n : {"/composite/h1/d=1/rq", "/composite/h1/d=1/rq", "/composite/h2/rq^2", "/composite/h2/rq/rq"}) {
    ASSERT_TRUE(gen.add(n, why)) << why;
  }
  JavaRandom rng(11);
  int first = 0;
  for (int i = 0; i < 400; ++i) first += gen.draw(rng) == "/composite/h1/d=1/rq";
  EXPECT_GT(first, 150);
  EXPECT_LT(first, 250);
}

TEST(Composite, AllColorsAndAllShapesSetTheLettersDrawn) {
  CompositeGenerator gen;
  std::string why;
  ASSERT_TRUE(gen.add("/composite/g22/allShapes=qz/allColors=b/*^4", why)) << why;
  JavaRandom rng(3);
  for (int i = 0; i < 20; ++i) {
    Properties props;
    const std::string name = gen.draw(rng, &props);
    std::map<std::string, std::string> m(props.begin(), props.end());
    EXPECT_EQ(m["c"], "bbbb") << name;
    EXPECT_EQ(m["s"].find_first_not_of("qz"), std::string::npos) << name;
    EXPECT_EQ(m["name"], name);
  }
  // Unnamed elements take the first letters of the lists.
  auto p = props_of("/composite/h2/allShapes=t/allColors=g");
  EXPECT_EQ(p["s"], "tt");
  EXPECT_EQ(p["c"], "gg");
}

TEST(Composite, AConcreteNameKeepsItsSpellingUnlessItHasCarets) {
  CompositeGenerator gen;
  std::string why;
  ASSERT_TRUE(gen.add("/composite/h2/d=33/rq/rq", why)) << why;
  ASSERT_TRUE(gen.add("/composite/h2/rq^2", why)) << why;
  JavaRandom rng(1);
  std::set<std::string> seen;
  for (int i = 0; i < 20; ++i) seen.insert(gen.draw(rng));
  EXPECT_EQ(seen, (std::set<std::string>{"/composite/h2/d=33/rq/rq", "/composite/h2/rq/rq"}));
}

// The original reads a lone "*" as three wildcards: right for three elements or fewer, a row it
// cannot read for more.
TEST(Composite, ALoneStarIsThreeValues) {
  CompositeFamily f;
  std::string why;
  EXPECT_TRUE(f.parse("/composite/h2/d=*/b=*/rq/rq", why)) << why;
  EXPECT_TRUE(f.wild());
  EXPECT_TRUE(f.parse("/composite/g22/d=?*/rq^4", why)) << why;
  EXPECT_FALSE(f.parse("/composite/g22/d=*/rq^4", why));
  EXPECT_NE(why.find("lone *"), std::string::npos) << why;
}

// The geometry needs a slash after it; empty components at the end are dropped.
TEST(Composite, TheGeometryIsFollowedByASlash) {
  CompositeFamily f;
  std::string why;
  EXPECT_FALSE(f.parse("/composite/h3", why));
  EXPECT_TRUE(f.parse("/composite/h3/", why)) << why;
  EXPECT_TRUE(f.parse("/composite/h2/rq/bq//", why)) << why;
  EXPECT_FALSE(f.parse("/composite/h2//rq/bq", why));
  // Components after the geometry are trimmed; one of spaces only is empty.
  EXPECT_TRUE(f.parse("/composite/h2/ rq/bq ", why)) << why;
  EXPECT_FALSE(f.parse("/composite/h2/rq/ /bq", why));
}

TEST(Composite, MalformedNamesAreRejectedWithAReason) {
  for (const char* bad : {"/composite/", "/composite/q3", "/composite/h2/d=1234", "/composite/h2/zz",
                          "/composite/h2/rq/rq/rq", "/composite/g3/rq", "/composite/h//rq"}) {
    CompositeFamily f;
    std::string why;
    EXPECT_FALSE(f.parse(bad, why)) << bad;
    EXPECT_FALSE(why.empty()) << bad;
  }
}

}  // namespace
}  // namespace rk::rulegame
