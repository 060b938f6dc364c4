// Every card of the Wagic corpora (2016: primitives and every set's _cards.dat; latest
// primitives) loads; the only errors are the corpus's own typos, pinned in
// known_corpus_errors.txt; every card prints and reads back to the same tree.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <fstream>
#include <set>
#include <sstream>

#include "games/mtg/language/database.h"
#include "support.h"

namespace rk::mtg {
namespace {

std::set<std::string> errors_of(const Database& db, const std::string& root) {
  std::set<std::string> out;
  for (const auto& f : db.files) {
    if (f->diags->error_count() == 0) continue;
    text::SourceFile sf(f->path, std::string(f->text));
    for (const text::Diagnostic& d : f->diags->items()) {
      if (d.severity != text::Severity::kError) continue;
      const text::LineCol lc = sf.line_col(d.span.begin);
      out.insert(fmt::format("{}:{}:{} {}", f->path.substr(root.size()), lc.line, lc.col, d.code));
    }
  }
  return out;
}

// The pinned corpus typos of one corpus folder ("2016/" or "latest/").
std::set<std::string> known_errors(const std::string& prefix) {
  std::ifstream known(test::source_dir() + "/tests/mtg/known_corpus_errors.txt");
  std::set<std::string> out;
  for (std::string line; std::getline(known, line);) {
    if (line.rfind(prefix, 0) == 0) out.insert(line);
  }
  return out;
}

// Prints every card of `db` and parses the printed text again: the trees must be the same.
void expect_round_trip(const Database& db) {
  std::string printed;
  std::vector<const Card*> order;
  for (const Card& c : db.cards) {
    printed += print_card(db, c);
    order.push_back(&c);
  }
  Database again;
  again.macros = db.macros;
  add_file("printed", printed, false, again);
  ASSERT_EQ(again.cards.size(), order.size());
  size_t differ = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    const std::string a = dump_card(db, *order[i]), b = dump_card(again, again.cards[i]);
    if (a != b && ++differ <= 3) ADD_FAILURE() << print_card(db, *order[i]) << "\n" << a << "\nvs\n" << b;
  }
  EXPECT_EQ(differ, 0u);
}

TEST(WagicCorpus, Wagic2016LoadsWithOnlyTheKnownTyposAndRoundTrips) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  Database db;
  std::string err;
  const std::string root = test::shared_dir() + "/corpora/wagic/";
  ASSERT_TRUE(load(root + "2016", db, err)) << err;
  EXPECT_GT(db.primitives(), 15000u);   // mtg.txt 11,921 + unsupported 3,657 + borderline + crappy
  EXPECT_GT(db.set_entries(), 24000u);  // 126 sets
  const Card* bears = db.find("grizzly bears");
  ASSERT_NE(bears, nullptr);
  // Set entries name their primitive; almost all resolve (the rest are reported WG0030).
  size_t resolved = 0;
  for (const Card& c : db.cards) resolved += c.resolved >= 0;
  EXPECT_GT(resolved, 24000u);

  EXPECT_EQ(errors_of(db, root), known_errors("2016/"));
  expect_round_trip(db);
}

TEST(WagicCorpus, LatestPrimitivesLoadWithOnlyTheKnownTyposAndRoundTrip) {
  RK_REQUIRE_CORPUS("corpora/wagic/latest/primitives");
  Database db;
  std::string err;
  const std::string root = test::shared_dir() + "/corpora/wagic/";
  ASSERT_TRUE(load(root + "latest/primitives", db, err)) << err;
  EXPECT_GT(db.macros.size(), 100u);
  EXPECT_GT(db.cards.size(), 8800u);
  EXPECT_EQ(errors_of(db, root), known_errors("latest/"));
  expect_round_trip(db);
}

}  // namespace
}  // namespace rk::mtg
