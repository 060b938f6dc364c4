// The primitive name index: names are found whatever their case, Windows-1252 names find their
// UTF-8 primitive, and a name read in place from a file keys the index as its normalized copy does.
#include <gtest/gtest.h>

#include <string>

#include "games/mtg/language/name_index.h"

namespace rk::mtg {
namespace {

std::string normalized(std::string_view s) {
  std::string out;
  normalize_name(s, out);
  return out;
}

TEST(WagicNames, NormalizedNamesFoldCaseAndReadWindows1252AsUtf8) {
  EXPECT_EQ(normalized("Grizzly BEARS"), "grizzly bears");
  EXPECT_EQ(normalized("\xc6ther Flash"), "\xc3\x86ther flash");      // Windows-1252 Æ as UTF-8 Æ
  EXPECT_EQ(normalized("\xc3\x86ther Flash"), "\xc3\x86ther flash");  // UTF-8 Æ stays as written
}

// NameKey reads whole words past the name (up to the end of its file): every length around the
// word size, at the very end of the text and inside it, plain and not plain ASCII.
TEST(WagicNames, NameKeyMatchesTheNormalizedName) {
  const std::string names[] = {"A", "Ox", "Elf", "Bear", "Shock", "Cancel", "Opt Two", "Llanowar", "Ancestral",
                               "Serra Angel of the Many Wings, Long Name", "S\xe9" "ance", "\xc6ther Flash",
                               std::string(130, 'Q')};
  for (const std::string& name : names) {
    for (const std::string& after : {std::string(), std::string("\nid=12\n[/card]\n")}) {
      const std::string file = "primitive=" + name + after;
      const std::string_view raw(file.data() + 10, name.size());
      NameKey key;
      key.set(raw, file.data() + file.size());
      EXPECT_EQ(key.text(), normalized(name)) << name;
      EXPECT_EQ(key.hash(), NameIndex::hash(normalized(name))) << name;
    }
  }
}

TEST(WagicNames, TheFirstCardUnderANameKeepsIt) {
  NameIndex index;
  for (uint32_t i = 0; i < 1000; ++i) index.add(normalized("Card " + std::to_string(i)), i);
  index.add(normalized("CARD 7"), 5000);
  EXPECT_EQ(index.size(), 1000u);
  EXPECT_EQ(index.find(normalized("card 7")), 7u);
  EXPECT_EQ(index.find(normalized("Card 999")), 999u);
  EXPECT_EQ(index.find(normalized("Card 1000")), NameIndex::kNone);
}

}  // namespace
}  // namespace rk::mtg
