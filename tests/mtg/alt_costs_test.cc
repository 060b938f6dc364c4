// Casting from the graveyard (flashback=, retrace=) on real cards of the 2016 database, their Wagic
// text compiled by the catalog: the option is offered only in the owner's graveyard, its cost is
// paid (mana, and retrace's land from the hand), and a flashback spell is exiled after (CR 702.34a)
// where a retraced one goes back to the graveyard (CR 702.81).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <memory>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/language/database.h"
#include "games/mtg/rules/game.h"
#include "support.h"
#include "wagic_db.h"

namespace rk::mtg {
namespace {

class AltCosts : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { db_ = test::wagic_2016_db(); }
  void SetUp() override {
    RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
    ASSERT_NE(db_, nullptr);
    cat_ = std::make_unique<Catalog>(*db_);
    g_ = std::make_unique<Game>(*cat_);
    g_->phase = Phase::kFirstMain;
    g_->active = 0;
  }

  // A card of player 0's put into `zone`.
  int put(const std::string& name, int zone) {
    const CardDef* d = cat_->by_name(name);
    EXPECT_NE(d, nullptr) << name << " is not in the 2016 database";
    if (d == nullptr) return -1;
    const int c = g_->create(d, d->id, 0);
    g_->move(c, 0, zone);
    return c;
  }
  void add_mana(const std::string& pool) { g_->players[0].pool.add(parse_pool(pool)); }
  std::vector<std::string> labels(int card) {
    std::vector<std::string> out;
    for (const auto& o : g_->card_options(card, 0)) out.push_back(o.label);
    return out;
  }
  bool offers(int card, const std::string& label) {
    const auto l = labels(card);
    return std::find(l.begin(), l.end(), label) != l.end();
  }
  // Chooses the option `label` of the card (it must be offered).
  void choose(int card, const std::string& label) {
    for (const auto& o : g_->card_options(card, 0)) {
      if (o.label == label) return g_->resume(o.act);
    }
    ADD_FAILURE() << label << " is not offered";
  }
  int zone_size(int zone) const { return static_cast<int>(g_->players[0].zones[static_cast<size_t>(zone)].size()); }

  static const Database* db_;
  std::unique_ptr<Catalog> cat_;
  std::unique_ptr<Game> g_;
};

const Database* AltCosts::db_ = nullptr;

TEST_F(AltCosts, FlashbackCastsFromTheGraveyardAndExilesTheSpell) {
  for (int i = 0; i < 3; ++i) put("plains", kLibrary);  // something to draw
  const int twice = put("think twice", kHand);
  add_mana("{2}{U}");
  EXPECT_FALSE(offers(twice, "flashback")) << "flashback is a graveyard cost only";
  g_->move(twice, 0, kGraveyard);
  EXPECT_FALSE(offers(twice, "cast")) << "its normal cost is not castable from the graveyard";
  ASSERT_TRUE(offers(twice, "flashback"));
  const int hand_before = zone_size(kHand);
  choose(twice, "flashback");
  ASSERT_EQ(g_->objs[static_cast<size_t>(twice)].zone, kStack);
  EXPECT_TRUE(g_->players[0].pool.empty()) << "the flashback cost {2}{U} was paid";
  g_->resolve_top();
  EXPECT_EQ(zone_size(kHand), hand_before + 1) << "Think Twice drew a card";
  EXPECT_EQ(g_->objs[static_cast<size_t>(twice)].zone, kExile) << "exiled, not back to the graveyard";
}

TEST_F(AltCosts, FlashbackWithoutTheManaIsNotOffered) {
  const int twice = put("think twice", kGraveyard);
  add_mana("{1}{U}");  // its mana cost, not its flashback cost
  EXPECT_FALSE(offers(twice, "flashback"));
}

TEST_F(AltCosts, ACounteredFlashbackSpellIsExiledToo) {
  const int twice = put("think twice", kGraveyard);
  add_mana("{2}{U}");
  choose(twice, "flashback");
  ASSERT_EQ(g_->objs[static_cast<size_t>(twice)].zone, kStack);
  g_->move(twice, 0, kGraveyard);  // what a counterspell does with it
  EXPECT_EQ(g_->objs[static_cast<size_t>(twice)].zone, kExile);
  g_->move(twice, 0, kGraveyard);  // a new object once exiled: no longer replaced
  EXPECT_EQ(g_->objs[static_cast<size_t>(twice)].zone, kGraveyard);
}

TEST_F(AltCosts, RetraceDiscardsALandAndReturnsToTheGraveyard) {
  const int enlist = put("cenn's enlistment", kGraveyard);
  add_mana("{3}{W}");
  EXPECT_FALSE(offers(enlist, "retrace")) << "retrace needs a land card in hand to discard";
  const int land = put("plains", kHand);
  ASSERT_TRUE(offers(enlist, "retrace"));
  choose(enlist, "retrace");
  ASSERT_FALSE(g_->choosers.empty()) << "the land to discard is chosen";
  g_->click_card(land, 0);
  ASSERT_EQ(g_->objs[static_cast<size_t>(enlist)].zone, kStack);
  EXPECT_EQ(g_->objs[static_cast<size_t>(land)].zone, kGraveyard) << "the land paid the retrace cost";
  EXPECT_TRUE(g_->players[0].pool.empty());
  g_->resolve_top();
  EXPECT_EQ(zone_size(kBattlefield), 2) << "two Kithkin Soldier tokens";
  EXPECT_EQ(g_->objs[static_cast<size_t>(enlist)].zone, kGraveyard) << "a retraced spell goes back to the graveyard";
}

TEST_F(AltCosts, RetraceWithDiscardCost) {
  const int bear = put("grizzly bears", kBattlefield);
  const int monstrify = put("monstrify", kGraveyard);
  const int land = put("forest", kHand);
  add_mana("{3}{G}");
  ASSERT_TRUE(offers(monstrify, "retrace"));
  choose(monstrify, "retrace");
  ASSERT_FALSE(g_->choosers.empty());
  g_->click_card(land, 0);  // the discard
  ASSERT_FALSE(g_->choosers.empty()) << "then the spell's target";
  g_->click_card(bear, 0);
  ASSERT_EQ(g_->objs[static_cast<size_t>(monstrify)].zone, kStack);
  EXPECT_EQ(g_->objs[static_cast<size_t>(land)].zone, kGraveyard);
  g_->resolve_top();
  EXPECT_EQ(g_->power(bear), 6);
  EXPECT_EQ(g_->objs[static_cast<size_t>(monstrify)].zone, kGraveyard);
}

TEST_F(AltCosts, MorphCastFaceDownThenTurnedFaceUp) {
  const CardDef* wurm_def = cat_->by_name("craw wurm");  // 6/4: a target for Hidden Dragonslayer's trigger
  ASSERT_NE(wurm_def, nullptr);
  const int wurm = g_->create(wurm_def, wurm_def->id, 1);
  g_->move(wurm, 1, kBattlefield);
  const int slayer = put("hidden dragonslayer", kHand);
  add_mana("{3}");
  EXPECT_FALSE(offers(slayer, "cast")) << "{3} is not its mana cost {1}{W}";
  ASSERT_TRUE(offers(slayer, "face down"));
  choose(slayer, "face down");
  ASSERT_EQ(g_->objs[static_cast<size_t>(slayer)].zone, kStack);
  EXPECT_TRUE(g_->players[0].pool.empty());
  g_->resolve_top();
  ASSERT_EQ(g_->objs[static_cast<size_t>(slayer)].zone, kBattlefield);
  EXPECT_TRUE(g_->face_down(slayer));
  EXPECT_EQ(g_->power(slayer), 2);
  EXPECT_EQ(g_->toughness(slayer), 2);
  EXPECT_TRUE(g_->is_creature(slayer));
  EXPECT_FALSE(g_->has(slayer, "lifelink")) << "no abilities face down";
  EXPECT_EQ(g_->objs[static_cast<size_t>(slayer)].def->colors, 0);
  EXPECT_TRUE(g_->objs[static_cast<size_t>(slayer)].def->name.empty());
  EXPECT_FALSE(offers(slayer, "turn face up")) << "its morph cost {2}{W} is not in the pool";
  add_mana("{2}{W}");
  ASSERT_TRUE(offers(slayer, "turn face up"));
  const size_t stack_before = g_->stack.size();
  choose(slayer, "turn face up");
  EXPECT_FALSE(g_->face_down(slayer));
  EXPECT_TRUE(g_->players[0].pool.empty());
  EXPECT_TRUE(g_->has(slayer, "lifelink"));
  EXPECT_EQ(g_->power(slayer), 3) << "2/1 with megamorph's +1/+1 counter, at once";
  EXPECT_EQ(g_->toughness(slayer), 2);
  ASSERT_FALSE(g_->choosers.empty()) << "the face-up trigger's target";
  g_->click_card(wurm, 0);
  ASSERT_EQ(g_->stack.size(), stack_before + 1) << "the trigger uses the stack";
  g_->resolve_top();
  EXPECT_EQ(g_->objs[static_cast<size_t>(wurm)].zone, kGraveyard) << "destroyed by the face-up trigger";
}

}  // namespace
}  // namespace rk::mtg
