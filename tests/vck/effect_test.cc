#include "games/vck/language/effect.h"

#include <gtest/gtest.h>

#include <map>

#include "expr/eval.h"

namespace rk::vck {
namespace {

struct Parsed {
  EffectSet set;
  Effect e;
  std::unique_ptr<text::SourceFile> file;
  std::unique_ptr<text::Diagnostics> diags;
  bool ok = false;
};

std::unique_ptr<Parsed> parse(const std::string& s) {
  auto p = std::make_unique<Parsed>();
  p->file = std::make_unique<text::SourceFile>("effect", s);
  p->diags = std::make_unique<text::Diagnostics>(p->file.get());
  p->ok = parse_effect(s, p->set, *p->diags, p->e);
  return p;
}

std::string unified(const std::string& s) {
  auto p = parse(s);
  EXPECT_TRUE(p->ok) << s << "\n" << p->diags->render();
  return print(p->set, p->e);
}

// The rewrites listed in seed 002 (docs/vck/effect-strings.md, "Proposed rewrites").
TEST(VckUnified, SeedRewrites) {
  EXPECT_EQ(unified("action.modify_monster_strength +3"), "modify_monster_strength 3");
  EXPECT_EQ(unified("manipulate_resources mode=self_convert pay=g:3 gain=v:3 optional=true"),
            "self_convert g 3 v 3 optional");
  EXPECT_EQ(unified("action.end manipulate_resources mode=pay_to_player gain=v:1 pay=g:1 optional=true"),
            "action.end pay_to_player g 1 v 1 optional");
  EXPECT_EQ(unified("action.end manipulate_resources mode=take_from_player take=g:1 optional=true"),
            "action.end take_from_player g 1 optional");
  EXPECT_EQ(unified("action.end manipulate_resources mode=pay_to_player gain=v:1 pay=m:1 optional=true"),
            "action.end pay_to_player m 1 v 1 optional");
  EXPECT_EQ(unified("action.end manipulate_resources mode=take_from_player take=m:1 optional=true"),
            "action.end take_from_player m 1 optional");
  for (const char* same : {"m 4 + concurrent_flip_one_citizen", "choose <citizens where role==shadow>",
                           "s 3 + choose <citizens where role==soldier and gold_cost<=2>",
                           "harvest.gain_per_owned_citizen_name Knight g 1", "roll.set_one_die target=6 cost=g:2",
                           "effect.add action.emeraldstronghold", "choose g 3 <citizens where name==Knight>",
                           "choose <count area Forest g 2> <citizens + v 1>", "exchange s 1 g 2",
                           "count owned_monster_name \"Sea Drake\" s 3", "active_choose self_gain:g:2 | all_gain:m:4",
                           "roll.on_event doubles all_gain g 1 + all_gain s 1 + all_gain m 1",
                           "seq all_must pay_to_chosen pay=wild:2", "all_may self_convert pay=g:1,s:1,m:1 gain=v:2",
                           "take_owned monster random to=stack victim_vp=1", "<citizens> + <domains>"}) {
    EXPECT_EQ(unified(same), same);
  }
}

TEST(VckUnified, BothFormsGiveTheSameTree) {
  const std::pair<const char*, const char*> pairs[] = {
      {"action.end manipulate_resources mode=pay_to_player gain=v:1 pay=g:1 optional=true",
       "action.end pay_to_player g 1 v 1 optional"},
      {"all_may self_convert pay=wild:5 gain=v:3", "all_may self_convert wild 5 v 3"},
      {"action.modify_monster_strength +3", "modify_monster_strength 3"},
      {"choose g 2 m 2  s 2", "choose g 2 m 2 s 2"},
  };
  for (const auto& [legacy, uni] : pairs) {
    auto a = parse(legacy), b = parse(uni);
    ASSERT_TRUE(a->ok && b->ok);
    EXPECT_EQ(dump(a->set, a->e), dump(b->set, b->e)) << legacy;
  }
}

TEST(VckTree, StructureOfACompound) {
  auto p = parse("g -5 + v 1 + <citizens where role==shadow>");
  ASSERT_TRUE(p->ok);
  ASSERT_EQ(p->e.legs.size(), 3u);
  EXPECT_EQ(p->e.legs[0].kind, Leg::Kind::kGain);
  EXPECT_EQ(p->e.legs[0].gain.n, -5);
  EXPECT_EQ(p->e.legs[2].kind, Leg::Kind::kBracket);
  EXPECT_EQ(p->e.legs[2].bracket.entity, "citizens");
  EXPECT_NE(p->e.legs[2].bracket.where, expr::kNoNode);
  auto q = parse("seq all_may banish_owned_citizen gain=v:3");
  EXPECT_EQ(q->e.legs[0].audience, "seq all_may");
  EXPECT_EQ(q->e.legs[0].verb, "banish_owned_citizen");
  auto r = parse("action.end pay_to_player g 1 v 1 optional");
  EXPECT_EQ(r->e.legs[0].phase, "action.end");
  ASSERT_EQ(r->e.legs[0].kv.size(), 2u);
  EXPECT_EQ(r->e.legs[0].kv[0].first, "pay");
  EXPECT_EQ(r->e.legs[0].flags, std::vector<std::string>{"optional"});
}

// A where clause compiles to the shared expression language and evaluates against a card.
struct CardEnv {
  const EffectSet* set;
  std::map<std::string, expr::Value> fields;
  void var(const expr::Node& n, expr::ValueSet& out) const {
    auto it = fields.find(std::string(set->symbols.name(n.sym)));
    if (it != fields.end()) out.insert(it->second);
  }
  void path(const expr::Node&, expr::ValueSet&) const {}
  void field(expr::Value, expr::Sym, expr::ValueSet&) const {}
};

TEST(VckWhere, EvaluatesAgainstACard) {
  auto p = parse("choose <citizens where role==soldier and gold_cost<=2>");
  ASSERT_TRUE(p->ok);
  const expr::NodeId where = p->e.legs[0].args[0].bracket[0].where;
  auto check = [&](const char* role, int cost) {
    CardEnv env{&p->set, {{"role", expr::Value::str(p->set.symbols.intern(role))},
                          {"gold_cost", expr::Value::integer(cost)}}};
    expr::ValueSet out;
    expr::eval_set(p->set.pool, where, env, out);
    return !out.empty();
  };
  EXPECT_TRUE(check("soldier", 2));
  EXPECT_FALSE(check("soldier", 3));
  EXPECT_FALSE(check("holy", 1));
}

struct Bad {
  const char* text;
  const char* code;
  uint32_t col;
};
class VckRejects : public ::testing::TestWithParam<Bad> {};
TEST_P(VckRejects, WithCodeAndColumn) {
  auto p = parse(GetParam().text);
  ASSERT_FALSE(p->ok) << GetParam().text;
  const auto& d = p->diags->items().at(0);
  EXPECT_EQ(d.code, GetParam().code) << p->diags->render();
  EXPECT_EQ(p->file->line_col(d.span.begin).col, GetParam().col) << p->diags->render();
}
INSTANTIATE_TEST_SUITE_P(Cases, VckRejects,
                         ::testing::Values(Bad{"", "VK0001", 1}, Bad{"g 2 +", "VK0001", 6},
                                           Bad{"g 2 m 3", "VK0005", 5}, Bad{"choose <citizens", "VK0008", 8},
                                           Bad{"choose <citizens where role=x>", "VK0009", 28},
                                           Bad{"exchange s 1 q 2", "VK0010", 1}, Bad{"choose foo", "VK0010", 1},
                                           Bad{"roll.on_event optional g 1", "VK0012", 15},
                                           Bad{"active_choose self_gain:g:2 || all_gain:m:4", "VK0014", 30},
                                           Bad{"manipulate_resources mode=seq all_must", "VK0010", 1},
                                           Bad{"seq everyone pay", "VK0004", 13},
                                           Bad{"count owned_monster_name \"Sea Drake s 3", "VK0003", 26}));

}  // namespace
}  // namespace rk::vck
