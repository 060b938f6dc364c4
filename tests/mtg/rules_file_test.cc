// Wagic's rules files read as data (rules_file.h): the real 2016 files give the rules the engine
// used to hard-code, and a rules text of our own changes a game (life, land plays).
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/language/database.h"
#include "games/mtg/rules/game.h"
#include "games/mtg/runners/match.h"
#include "games/mtg/rules/rules_file.h"

namespace rk::mtg {
namespace {

const std::string kRulesDir = std::string(RULEKIT_SHARED_DIR) + "/corpora/wagic/2016/rules";

bool have_rules() {
  if (std::filesystem::exists(kRulesDir + "/mtg.txt")) return true;
  std::cerr << "*** SKIPPED: " << kRulesDir << " is absent (the shared Wagic corpus) ***\n";
  return false;
}

// `from_file`: the module list as mtg.txt writes it (the built-in default lists only the module
// the engine consults).
void expect_mtg_basics(const Rules& r, bool from_file = true) {
  EXPECT_EQ(r.life, 20);
  EXPECT_EQ(r.hand_size, 7);
  EXPECT_EQ(r.land_plays, 1);
  EXPECT_EQ(r.draws_per_step, 1);
  ASSERT_EQ(r.land_mana.size(), 5u);
  const char* words[] = {"plains", "island", "swamp", "mountain", "forest"};
  const char* texts[] = {"{t}:add{w}", "{t}:add{u}", "{t}:add{b}", "{t}:add{r}", "{t}:add{g}"};
  for (size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(r.land_mana[i].type_word, words[i]);
    EXPECT_EQ(r.land_mana[i].text, texts[i]);
    EXPECT_TRUE(is_basic_land_type(r.land_mana[i].type));
    EXPECT_TRUE(r.land_mana[i].ability.supported()) << texts[i];
  }
  for (size_t p = 0; p < r.empties_pool.size(); ++p) EXPECT_TRUE(r.empties_pool[p]) << phase_name(static_cast<Phase>(p));
  EXPECT_TRUE(r.enabled("legendrule"));
  if (from_file) {
    EXPECT_TRUE(r.enabled("tokencleanuprule"));
    EXPECT_TRUE(r.enabled("persistrule"));
    EXPECT_EQ(r.modules.size(), 28u);
  }
  EXPECT_TRUE(r.reset_damage_at_cleanup);
  EXPECT_EQ(r.offer_interrupt_on, "draw");
}

TEST(MtgRulesFile, MtgTxt) {
  if (!have_rules()) GTEST_SKIP() << kRulesDir << " absent";
  RulesFile f;
  std::string err;
  ASSERT_TRUE(load_rules_file(kRulesDir + "/mtg.txt", f, err)) << err;
  EXPECT_TRUE(f.warnings.empty()) << f.warnings.front();
  EXPECT_EQ(f.mode, "mtg");
  EXPECT_TRUE(f.hidden);
  expect_mtg_basics(f.rules);
  EXPECT_FALSE(f.rules.shuffle);
  EXPECT_EQ(f.rules.opening_draw, 0);
}

TEST(MtgRulesFile, TestsuiteIncludesMtg) {
  if (!have_rules()) GTEST_SKIP() << kRulesDir << " absent";
  RulesFile f;
  std::string err;
  ASSERT_TRUE(load_rules_file(kRulesDir + "/testsuite.txt", f, err)) << err;
  EXPECT_TRUE(f.warnings.empty()) << f.warnings.front();
  ASSERT_EQ(f.files.size(), 2u);  // testsuite.txt, then mtg.txt through its include
  expect_mtg_basics(f.rules);
  EXPECT_FALSE(f.rules.shuffle);
  EXPECT_EQ(f.rules.opening_draw, 0);
}

TEST(MtgRulesFile, ClassicShufflesAndDrawsSeven) {
  if (!have_rules()) GTEST_SKIP() << kRulesDir << " absent";
  RulesFile f;
  std::string err;
  ASSERT_TRUE(load_rules_file(kRulesDir + "/classic.txt", f, err)) << err;
  EXPECT_TRUE(f.warnings.empty()) << f.warnings.front();  // its tutorials are known and left alone
  EXPECT_EQ(f.name, "Classic");
  expect_mtg_basics(f.rules);
  EXPECT_TRUE(f.rules.shuffle);
  EXPECT_EQ(f.rules.opening_draw, 7);
  // The sets folder's neighbour gives the same rules.
  const Rules* beside = rules_beside(std::string(RULEKIT_SHARED_DIR) + "/corpora/wagic/2016/sets", "classic.txt");
  ASSERT_NE(beside, nullptr);
  EXPECT_EQ(beside->opening_draw, 7);
}

TEST(MtgRulesFile, BuiltInDefaultIsClassic) {
  const Rules& r = default_rules();
  expect_mtg_basics(r, false);
  EXPECT_TRUE(r.shuffle);
  EXPECT_EQ(r.opening_draw, 7);
  EXPECT_EQ(rules_beside("/nonexistent/sets", "classic.txt"), nullptr);
}

TEST(MtgRulesFile, UnknownLinesAreWarningsWithPlaces) {
  RulesFile f;
  parse_rules_text("[INIT]\nmode=mtg\n[PLAYERS]\nlife:20\n  auto=frobnicate(3)\nwhatever\ninclude nothere.txt\n", "mine.txt", "/nonexistent", f);
  ASSERT_EQ(f.warnings.size(), 3u);
  EXPECT_EQ(f.warnings[0], "mine.txt:5:3: warning[WG0400]: rule not understood (kept, not used): auto=frobnicate(3)");
  EXPECT_EQ(f.warnings[1].rfind("mine.txt:6:1: warning[WG0400]: line not understood", 0), 0u) << f.warnings[1];
  EXPECT_EQ(f.warnings[2].rfind("mine.txt:7:1: warning[WG0400]: cannot read included file", 0), 0u) << f.warnings[2];
}

// A rules text of our own: 30 life, two land plays a turn.
const char* kMyRules =
    "[INIT]\nmode=mtg\nauto=legendrule\n[PLAYERS]\nlife:30\nauto=sethand:7\nauto=@each my draw:draw:1\n"
    "auto=maxPlay(land)2\nauto=lord(Forest[land]|MyBattlefield) {T}:Add{G}\nauto=shuffle\nauto=draw:7\n";

Database forest_db() {
  Database db;
  add_file("primitives.txt", "[card]\nname=Test Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n", false, db);
  add_file("_cards.dat", "[card]\nprimitive=Test Forest\nid=1\n[/card]\n", true, db);
  resolve(db);
  return db;
}

TEST(MtgRulesFile, MyRulesGiveThirtyLifeAndTwoLandPlays) {
  RulesFile f;
  parse_rules_text(kMyRules, "my_rules.txt", ".", f);
  ASSERT_TRUE(f.warnings.empty()) << f.warnings.front();
  ASSERT_EQ(f.rules.life, 30);
  ASSERT_EQ(f.rules.land_plays, 2);
  Database db = forest_db();
  Catalog cat(db);
  cat.game_rules = &f.rules;
  Deck deck;
  deck.ids.assign(20, 1);
  Match m(cat, deck, deck, 7, 10);
  EXPECT_EQ(m.game().players[0].life, 30);
  EXPECT_EQ(m.game().players[1].life, 30);

  // Two land plays in a main phase, not three (and one with the built-in rules).
  for (const Rules* rules : {static_cast<const Rules*>(&f.rules), &default_rules()}) {
    Game g(cat);
    g.rules = rules;
    std::vector<int> lands;
    for (int i = 0; i < 3; ++i) {
      lands.push_back(g.create(cat.by_id(1), 1, 0));
      g.move(lands.back(), 0, kHand);
    }
    g.phase = Phase::kFirstMain;
    for (int c : lands) g.click_card(c, 0);
    EXPECT_EQ(g.players[0].lands_played, rules->land_plays);
    EXPECT_EQ(g.players[0].zones[kBattlefield].size(), static_cast<size_t>(rules->land_plays));
    // The forest's mana ability comes from the rules' lord line.
    ASSERT_FALSE(g.players[0].zones[kBattlefield].empty());
    EXPECT_FALSE(g.card_options(g.players[0].zones[kBattlefield].front(), 0).empty());
  }
}

}  // namespace
}  // namespace rk::mtg
