// Equal ability values share one tree; values read with a diagnostic do not.
#include "games/mtg/language/tree_cache.h"

#include <gtest/gtest.h>

#include <string>

#include "games/mtg/language/database.h"

namespace rk::mtg {
namespace {

TEST(TreeCache, FindsWhatWasAddedByTextAndKind) {
  TreeCache c;
  const std::string a = "{T}:draw:1", b = "{T}:draw:2", longer = "@movedto(this|graveyard) from(battlefield):draw:1";
  c.add(ValueKind::kAbility, a, TreeCache::hash(ValueKind::kAbility, a), 7);
  c.add(ValueKind::kAbility, longer, TreeCache::hash(ValueKind::kAbility, longer), 9);
  EXPECT_EQ(c.find(ValueKind::kAbility, std::string("{T}:draw:1"), TreeCache::hash(ValueKind::kAbility, a)), 7u);
  EXPECT_EQ(c.find(ValueKind::kAbility, longer, TreeCache::hash(ValueKind::kAbility, longer)), 9u);
  // Same size, other bytes; same text read as a cost.
  EXPECT_EQ(c.find(ValueKind::kAbility, b, TreeCache::hash(ValueKind::kAbility, b)), TreeCache::kNone);
  EXPECT_EQ(c.find(ValueKind::kCost, a, TreeCache::hash(ValueKind::kCost, a)), TreeCache::kNone);
  EXPECT_EQ(c.size(), 2u);
}

TEST(TreeCache, EqualHashesAreToldApartByTheirText) {
  TreeCache c;
  // Every text under one hash: the probe must compare the texts themselves. Sizes 1 to 40 cover
  // the compares by byte, by four and by eight bytes.
  std::vector<std::string> texts;
  for (size_t n = 1; n <= 40; ++n) {
    texts.push_back(std::string(n, 'a'));
    if (n == 1) continue;
    texts.push_back(std::string(n - 1, 'a') + 'b');
    texts.push_back('b' + std::string(n - 1, 'a'));
  }
  for (size_t k = 0; k < texts.size(); ++k) c.add(ValueKind::kAbility, texts[k], 42, static_cast<uint32_t>(k));
  for (size_t k = 0; k < texts.size(); ++k) {
    const std::string copy = texts[k];  // another address: compared by bytes
    EXPECT_EQ(c.find(ValueKind::kAbility, copy, 42), k) << copy;
  }
  EXPECT_EQ(c.find(ValueKind::kAbility, std::string(41, 'a'), 42), TreeCache::kNone);
}

TEST(TreeCache, GrowingKeepsEveryValue) {
  TreeCache c;  // no reserve: grows from its first size many times
  std::vector<std::string> texts;
  for (int k = 0; k < 20000; ++k) texts.push_back("damage:" + std::to_string(k));
  for (size_t k = 0; k < texts.size(); ++k) {
    c.add(ValueKind::kAbility, texts[k], TreeCache::hash(ValueKind::kAbility, texts[k]), static_cast<uint32_t>(k));
  }
  for (size_t k = 0; k < texts.size(); ++k) {
    ASSERT_EQ(c.find(ValueKind::kAbility, texts[k], TreeCache::hash(ValueKind::kAbility, texts[k])), k);
  }
}

const Field& field(const Database& db, size_t card, KeyId key) {
  const Card& c = db.cards[card];
  for (uint32_t k = 0; k < c.field_count; ++k) {
    if (db.fields[c.first_field + k].key == key) return db.fields[c.first_field + k];
  }
  ADD_FAILURE() << "no such field";
  return db.fields[0];
}

TEST(TreeCache, CardsWithTheSameValueShareItsTree) {
  Database db;
  add_file("a.txt", "[card]\nname=A\nmana={2}{G}\nauto={T}:draw:1\n[/card]\n", false, db);
  add_file("b.txt", "[card]\nname=B\nmana={2}{G}\nauto={T}:draw:2\n[/card]\n[card]\nname=C\nauto=  {T}:draw:1\n[/card]\n",
           false, db);
  ASSERT_EQ(db.errors() + db.warnings(), 0u);
  EXPECT_EQ(field(db, 0, KeyId::kMana).tree, field(db, 1, KeyId::kMana).tree);
  EXPECT_EQ(field(db, 0, KeyId::kAuto).tree, field(db, 2, KeyId::kAuto).tree);
  EXPECT_NE(field(db, 0, KeyId::kAuto).tree, field(db, 1, KeyId::kAuto).tree);
  // The same text under a key read otherwise is a tree of its own: mana= is a cost.
  EXPECT_EQ(print_card(db, db.cards[2]), "[card]\nname=C\nauto={T}:draw:1\n[/card]\n");
}

TEST(TreeCache, AMistakeWrittenTwiceIsReportedTwice) {
  Database db;
  add_file("cards.txt", "[card]\nname=A\nauto=destroy target(creature|mybattlefielf)\n[/card]\n[card]\nname=B\nauto=destroy target(creature|mybattlefielf)\n[/card]\n",
           false, db);
  const std::string r = db.files[0]->render();
  EXPECT_EQ(db.warnings() + db.errors(), 2u) << r;
  EXPECT_NE(r.find("cards.txt:3:"), std::string::npos) << r;
  EXPECT_NE(r.find("cards.txt:7:"), std::string::npos) << r;
}

TEST(TreeCache, EqualExpansionsShareTreeAndText) {
  Database db;
  add_macros("#AUTO_DEFINE _FLY_ flying\n", db);
  add_file("cards.txt", "[card]\nname=A\nauto=_FLY_\n[/card]\n[card]\nname=B\nauto=_FLY_\n[/card]\n", false, db);
  ASSERT_EQ(db.errors() + db.warnings(), 0u) << db.files[0]->render();
  const Field& a = field(db, 0, KeyId::kAuto);
  const Field& b = field(db, 1, KeyId::kAuto);
  EXPECT_TRUE(a.expanded && b.expanded);
  EXPECT_EQ(a.tree, b.tree);
  EXPECT_EQ(db.expansions.size(), 1u);
  EXPECT_EQ(print_card(db, db.cards[1]), "[card]\nname=B\nauto=_FLY_\n[/card]\n");
}

}  // namespace
}  // namespace rk::mtg
