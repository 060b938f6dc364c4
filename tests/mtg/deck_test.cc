// Wagic's deck files: cards by multiverse id or by name ("Name (SET) *N # comment"), and Wagic's
// prebuilt decks dealt with every line resolved.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/language/database.h"
#include "games/mtg/runners/match.h"
#include "support.h"

namespace rk::mtg {
namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / name;
  std::ofstream(path) << text;
  return path.string();
}

TEST(MtgDeck, ReadsLinesByIdAndByNameWithCounts) {
  const std::string path = write_temp("rk_deck_test.txt",
                                      "#NAME:Mixed\r\n#DESC:a deck\n129465\n129466 * 2\n\n"
                                      "Grizzly Bears (10E)      *4  # a comment\nLightning Bolt * 3 #\nGiant Growth\n");
  Deck d;
  std::string err;
  ASSERT_TRUE(read_deck(path, d, err)) << err;
  EXPECT_EQ(d.name, "Mixed");
  EXPECT_EQ(d.ids, (std::vector<int64_t>{129465, 129466, 129466}));
  const std::vector<std::pair<std::string, int>> named{{"grizzly bears", 4}, {"lightning bolt", 3}, {"giant growth", 1}};
  EXPECT_EQ(d.named, named);
  std::filesystem::remove(path);
}

TEST(MtgDeck, AFileWithoutCardsIsAnError) {
  const std::string path = write_temp("rk_deck_empty.txt", "#NAME:Nothing\n\n");
  Deck d;
  std::string err;
  EXPECT_FALSE(read_deck(path, d, err));
  EXPECT_NE(err.find("no cards"), std::string::npos) << err;
  std::filesystem::remove(path);
}

// Most of Wagic's prebuilt decks name their cards; every one of those names is a card of the
// 2016 database, so a game deals the whole deck (deck129 is the one with unknown ids).
TEST(MtgDeck, PrebuiltDecksByNameDealEveryCard) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  RK_REQUIRE_CORPUS("corpora/wagic/2016/decks/ai");
  Database db;
  std::string err;
  ASSERT_TRUE(load(test::shared_dir() + "/corpora/wagic/2016/sets", db, err)) << err;
  Catalog cat(db);
  const auto files = deck_files(test::shared_dir() + "/corpora/wagic/2016/decks/ai");
  ASSERT_GE(files.size(), 100u);
  size_t by_name = 0;
  for (const std::string& f : files) {
    Deck d;
    ASSERT_TRUE(read_deck(f, d, err)) << err;
    if (d.named.empty()) continue;
    ++by_name;
    size_t cards = d.ids.size();
    for (const auto& line : d.named) cards += static_cast<size_t>(line.second);
    EXPECT_GE(cards, 40u) << f;
    Match m(cat, d, d, 1, 1);
    EXPECT_EQ(m.unknown, 0) << f;
  }
  EXPECT_GE(by_name, 90u);  // 100 of the 129 decks of the 2016 corpus
}

}  // namespace
}  // namespace rk::mtg
