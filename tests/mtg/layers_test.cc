// Continuous effects in the order of CR 613, on hand-made boards of real cards from the 2016
// database (their Wagic text compiled by the catalog): copy and type changes before ability
// changes, ability removal before P/T, then 7a characteristic-defining P/T, 7b setting, 7c
// modifications (lords, auras, equipment, counters) and 7d switching; timestamps within a layer,
// and one dependency (CR 613.8) that reorders two effects of the same layer.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/language/database.h"
#include "games/mtg/rules/game.h"
#include "support.h"
#include "wagic_db.h"

namespace rk::mtg {
namespace {

class Layers : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { db_ = test::wagic_2016_db(); }
  void SetUp() override {
    RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
    ASSERT_NE(db_, nullptr);
    cat_ = std::make_unique<Catalog>(*db_);
    g_ = std::make_unique<Game>(*cat_);
  }

  const CardDef* def(const std::string& lower_name) {
    const CardDef* d = cat_->by_name(lower_name);
    EXPECT_NE(d, nullptr) << lower_name << " is not in the 2016 database";
    return d;
  }
  // A card onto `player`'s battlefield (a new timestamp).
  int put(const std::string& name, int player = 0) {
    const CardDef* d = def(name);
    const int c = g_->create(d, d->id, player);
    g_->move(c, player, kBattlefield);
    return c;
  }
  // An aura or equipment onto the battlefield, attached to `to`.
  int put_on(const std::string& name, int to, int player = 0) {
    const int c = put(name, player);
    g_->attach(c, to);
    return c;
  }
  // An instant cast at `target` and resolved.
  void cast(const std::string& name, int target, int player = 0) {
    const CardDef* d = def(name);
    const int c = g_->create(d, d->id, player);
    g_->move(c, player, kStack);
    StackItem item;
    item.source = c;
    item.controller = player;
    item.targets = {Target{target, -1, -1}};
    g_->push(item);
    g_->resolve_top();
  }
  // The card's first activated ability, resolved at `target` (its costs not paid).
  void activate(int card, int target) {
    for (const Ability& a : g_->objs[static_cast<size_t>(card)].def->abilities) {
      if (a.kind != AbilityKind::kActivated) continue;
      g_->run_effects(a, card, g_->objs[static_cast<size_t>(card)].controller, {Target{target, -1, -1}}, 0);
      return;
    }
    ADD_FAILURE() << "no activated ability";
  }
  std::string pt(int c) const { return std::to_string(g_->power(c)) + "/" + std::to_string(g_->toughness(c)); }

  static const Database* db_;
  std::unique_ptr<Catalog> cat_;
  std::unique_ptr<Game> g_;
};
const Database* Layers::db_ = nullptr;

// Nightmare's */* counts its controller's Swamps (7a); Diminish sets 1/1 (7b, over the CDA);
// Glorious Anthem, Giant Strength, Bonesplitter and a +1/+1 counter modify (7c); Twisted Image
// switches (7d), and a later +2/+0 is still added before the switch.
TEST_F(Layers, CdaThenSettingThenModificationsThenSwitching) {
  const int nightmare = put("nightmare");
  for (int i = 0; i < 3; ++i) put("swamp");
  EXPECT_EQ(pt(nightmare), "3/3");
  put("swamp");
  put("swamp", 1);  // the opponent's does not count
  EXPECT_EQ(pt(nightmare), "4/4");
  // In the hand too (counted when asked there).
  const CardDef* d = def("nightmare");
  const int in_hand = g_->create(d, d->id, 0);
  g_->move(in_hand, 0, kHand);
  EXPECT_EQ(pt(in_hand), "4/4");
  cast("diminish", nightmare);
  EXPECT_EQ(pt(nightmare), "1/1");
  put("swamp");  // the CDA still changes, under the setting
  EXPECT_EQ(pt(nightmare), "1/1");
  put("glorious anthem");
  EXPECT_EQ(pt(nightmare), "2/2");
  put_on("giant strength", nightmare);
  EXPECT_EQ(pt(nightmare), "4/4");
  put_on("bonesplitter", nightmare);
  EXPECT_EQ(pt(nightmare), "6/4");
  g_->objs[static_cast<size_t>(nightmare)].plus_counters = 1;
  EXPECT_EQ(pt(nightmare), "7/5");
  cast("twisted image", nightmare);
  EXPECT_EQ(pt(nightmare), "5/7");
  // A second Bonesplitter after the switch: +2/+0 in 7c, then switched: toughness grows.
  put_on("bonesplitter", nightmare);
  EXPECT_EQ(pt(nightmare), "5/9");
  EXPECT_TRUE(g_->has(nightmare, "flying"));
  // At cleanup the until-end-of-turn setting and switch end: the CDA shows again (5 Swamps).
  g_->phase = Phase::kCleanup;
  g_->begin_phase();
  EXPECT_EQ(pt(nightmare), "13/9");  // 5 Swamps, +1/+1 anthem, +2/+2 aura, +4/+0 equipment, +1/+1 counter
}

// Losing all abilities (layer 6) comes before P/T: Ovinize's 0/1 replaces Nightmare's */* (the CDA
// is an ability it lost), and a Goblin King that lost its abilities pumps no goblin; a lord that
// arrives later still modifies the set value (7c after 7b). In layer 6 itself the King's
// mountainwalk grant is earlier than Ovinize but depends on it (CR 613.8a: Ovinize removes the
// ability that makes it), so the grant is gone too.
TEST_F(Layers, AbilityRemovalComesBeforePowerAndToughness) {
  const int nightmare = put("nightmare");
  for (int i = 0; i < 3; ++i) put("swamp");
  const int king = put("goblin king");
  const int goblin = put("raging goblin");
  EXPECT_EQ(pt(goblin), "2/2");
  EXPECT_TRUE(g_->has(goblin, "mountainwalk"));
  EXPECT_TRUE(g_->has(goblin, "haste"));
  cast("ovinize", king);
  EXPECT_EQ(pt(king), "0/1");
  EXPECT_EQ(pt(goblin), "1/1");
  EXPECT_FALSE(g_->has(goblin, "mountainwalk"));
  EXPECT_TRUE(g_->has(goblin, "haste"));
  cast("ovinize", nightmare);
  EXPECT_EQ(pt(nightmare), "0/1");
  EXPECT_FALSE(g_->has(nightmare, "flying"));
  put("glorious anthem");
  EXPECT_EQ(pt(nightmare), "1/2");
  EXPECT_EQ(pt(king), "1/2");
  EXPECT_EQ(pt(goblin), "2/2");
}

// Type changes (layer 4) come before abilities (6) and P/T (7): Opalescence makes Glorious Anthem
// and Levitation 3/3 and 4/4 creatures; Levitation's creature lord then gives both flying, and the
// Anthem, now a creature, pumps itself and Levitation. Opalescence itself and an Aura stay as they are.
TEST_F(Layers, TypeChangesComeBeforeAbilitiesAndPowerToughness) {
  const int bear = put("grizzly bears");
  const int opalescence = put("opalescence");
  const int anthem = put("glorious anthem");
  const int levitation = put("levitation");
  const int aura = put_on("holy strength", bear);
  EXPECT_TRUE(g_->is_creature(anthem));
  EXPECT_TRUE(g_->is_type(anthem, "enchantment"));
  EXPECT_EQ(pt(anthem), "4/4");
  EXPECT_EQ(pt(levitation), "5/5");
  EXPECT_TRUE(g_->has(anthem, "flying"));
  EXPECT_TRUE(g_->has(levitation, "flying"));
  EXPECT_FALSE(g_->is_creature(opalescence));
  EXPECT_FALSE(g_->is_creature(aura));
  EXPECT_EQ(pt(bear), "4/5");  // 2/2, +1/+2 aura, +1/+1 anthem
  EXPECT_TRUE(g_->has(bear, "flying"));
  // Opalescence leaves: the enchantments are not creatures any more.
  g_->move(opalescence, 0, kGraveyard);
  EXPECT_FALSE(g_->is_creature(anthem));
  EXPECT_FALSE(g_->has(anthem, "flying"));
}

// A copy effect (layer 1) comes first: a Clone that copies Goblin King is a Goblin King, so each
// King pumps the other (layer 7c sees the copied subtype and lord).
TEST_F(Layers, CopyComesFirst) {
  const int king = put("goblin king");
  const int clone = put("clone");
  const int goblin = put("raging goblin");
  EXPECT_EQ(pt(clone), "0/0");
  const Ability copy = compile_ability("copy notatarget(creature)");
  g_->run_effects(copy, clone, 0, {Target{king, -1, -1}}, 0);
  EXPECT_TRUE(g_->is_type_word(clone, "goblin"));
  EXPECT_EQ(pt(clone), "3/3");
  EXPECT_EQ(pt(king), "3/3");
  EXPECT_EQ(pt(goblin), "3/3");
  EXPECT_TRUE(g_->has(king, "mountainwalk"));
}

// Within a layer, the later timestamp wins: two P/T settings in 7b (Sorceress Queen's 0/2 and
// Diminish's 1/1) in both orders, a static setting (Godhead of Awe) that arrives after a one-shot
// one, and in layer 6 a keyword granted after or before all abilities are lost.
TEST_F(Layers, TimestampsOrderEffectsWithinALayer) {
  const int queen = put("sorceress queen");
  const int first = put("grizzly bears");
  const int second = put("grizzly bears");
  activate(queen, first);
  cast("diminish", first);
  EXPECT_EQ(pt(first), "1/1");
  cast("diminish", second);
  activate(queen, second);
  EXPECT_EQ(pt(second), "0/2");
  const int godhead = put("godhead of awe");  // later than both: every other creature is 1/1
  EXPECT_EQ(pt(second), "1/1");
  EXPECT_EQ(pt(queen), "1/1");
  EXPECT_EQ(pt(godhead), "4/4");
  activate(queen, second);  // later than Godhead again
  EXPECT_EQ(pt(second), "0/2");

  const int third = put("grizzly bears");
  const int fourth = put("grizzly bears");
  cast("ovinize", third);
  cast("jump", third);
  EXPECT_TRUE(g_->has(third, "flying"));
  cast("jump", fourth);
  cast("ovinize", fourth);
  EXPECT_FALSE(g_->has(fourth, "flying"));
}

// Dependency (CR 613.8a): Kormus Bell makes Swamps 1/1 creatures; Urborg makes every land a
// Swamp. Both are type changes (layer 4), and what the Bell applies to depends on Urborg, so
// Urborg's change goes first whatever the timestamps: a Plains is a 1/1 creature either way.
TEST_F(Layers, DependencyBeatsTimestampsInALayer) {
  const int bell = put("kormus bell");
  const int plains = put("plains");
  EXPECT_FALSE(g_->is_creature(plains));
  const int urborg = put("urborg, tomb of yawgmoth");  // later than the Bell
  EXPECT_TRUE(g_->is_type(plains, "swamp"));
  EXPECT_TRUE(g_->is_creature(plains));
  EXPECT_EQ(pt(plains), "1/1");
  EXPECT_TRUE(g_->is_creature(urborg));
  EXPECT_FALSE(g_->is_creature(bell));
  // The other order of timestamps: the Bell again after Urborg.
  g_->move(bell, 0, kGraveyard);
  EXPECT_FALSE(g_->is_creature(plains));
  g_->move(bell, 0, kBattlefield);
  EXPECT_TRUE(g_->is_creature(plains));
  EXPECT_EQ(pt(plains), "1/1");
}

// CR 305.7: Blood Moon makes nonbasic lands Mountains, and setting a land's subtype takes its
// abilities away in layer 4 (Wagic writes a loseabilities beside it). Urborg's "every land is a
// Swamp" is a layer 4 effect that depends on Blood Moon, so it is gone whatever the timestamps:
// Urborg is a Mountain and nothing else, a Plains stays a Plains.
TEST_F(Layers, SettingALandSubtypeRemovesAbilitiesInTheTypeLayer) {
  const int plains = put("plains");
  const int urborg = put("urborg, tomb of yawgmoth");
  EXPECT_TRUE(g_->is_type(plains, "swamp"));
  const int moon = put("blood moon");  // later than Urborg
  EXPECT_TRUE(g_->is_type(urborg, "mountain"));
  EXPECT_FALSE(g_->is_type(urborg, "swamp"));
  EXPECT_FALSE(g_->is_type(plains, "swamp"));
  EXPECT_TRUE(g_->is_type(plains, "plains"));
  // Urborg again after the Moon: the same.
  g_->move(urborg, 0, kGraveyard);
  const int urborg2 = put("urborg, tomb of yawgmoth");
  EXPECT_TRUE(g_->is_type(urborg2, "mountain"));
  EXPECT_FALSE(g_->is_type(plains, "swamp"));
  g_->move(moon, 0, kGraveyard);
  EXPECT_TRUE(g_->is_type(plains, "swamp"));
  EXPECT_FALSE(g_->is_type(urborg2, "mountain"));
}

}  // namespace
}  // namespace rk::mtg
