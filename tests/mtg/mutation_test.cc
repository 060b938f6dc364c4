// Mutation test for Wagic card code: 10,000 damaged pieces of the 2016 primitives (and set
// files) load with diagnostics; every card that loads prints and reads back to the same tree and
// has a typed structure; never a crash or a hang. Run under ASan/UBSan too.
#include <gtest/gtest.h>

#include <chrono>

#include "games/mtg/language/database.h"
#include "mutate.h"
#include "support.h"
#include "text/source.h"

namespace rk::mtg {
namespace {

// Pieces of about `lines` lines, cut at [card] lines so most pieces hold whole cards.
std::vector<std::string> pieces(const std::string& text, size_t lines) {
  std::vector<std::string> out;
  std::string cur;
  size_t n = 0;
  for (const std::string_view line : text::split_lines(text)) {
    if (n >= lines && line.substr(0, 6) == "[card]") {
      out.push_back(std::move(cur));
      cur.clear();
      n = 0;
    }
    cur.append(line);
    cur += '\n';
    ++n;
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

TEST(WagicMutation, TenThousandDamagedCardFiles) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets/primitives/mtg.txt");
  const std::string dir = test::shared_dir() + "/corpora/wagic/2016/sets/";
  std::string prim, set, macros;
  ASSERT_TRUE(text::read_file(dir + "primitives/mtg.txt", prim));
  ASSERT_TRUE(text::read_file(dir + "KTK/_cards.dat", set));
  ASSERT_TRUE(text::read_file(dir + "primitives/_macros.txt", macros));
  std::vector<std::string> sources = pieces(prim, 60);
  for (std::string& p : pieces(set, 30)) sources.push_back(std::move(p));
  Database with_macros;
  add_macros(macros, with_macros);

  test::Mutator mutate({"()[]{}$!<>|:,=&~@", "$!may (", ")!$", "()[]{}$!<>|:,=&~@+-/. \n\r#abcxyz0123456789_"},
                       20261124);
  int cards = 0, clean = 0, with_errors = 0;
  double slowest = 0;
  for (int n = 0; n < 10000; ++n) {
    const size_t which = mutate.pick(sources.size());
    const std::string s = mutate(sources[which]);
    const auto t0 = std::chrono::steady_clock::now();
    Database db;
    db.macros = with_macros.macros;
    add_file("mutant.txt", s, which >= sources.size() - 30, db);
    const CardFile& f = *db.files[0];
    (void)f.render();
    (void)f.render_json();
    if (f.diags->error_count() > 0) {
      ++with_errors;
    } else {
      ++clean;
    }
    std::string printed;
    for (const Card& c : db.cards) {
      printed += print_card(db, c);
      (void)describe_card(db, c);  // the typed structure reads any tree
    }
    Database again;
    again.macros = db.macros;
    add_file("printed", printed, false, again);
    ASSERT_EQ(again.cards.size(), db.cards.size()) << s;
    for (size_t i = 0; i < db.cards.size(); ++i) {
      ASSERT_EQ(dump_card(again, again.cards[i]), dump_card(db, db.cards[i])) << s;
    }
    cards += static_cast<int>(db.cards.size());
    slowest = std::max(slowest, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  EXPECT_GT(clean, 0);
  EXPECT_GT(with_errors, 0);
  EXPECT_LT(slowest, 5.0);  // a hang guard, generous for sanitizer builds
  fprintf(stderr, "mutants: %d files loaded without errors, %d with errors reported; %d cards, all round-tripped; slowest %.3f s\n",
          clean, with_errors, cards, slowest);
}

}  // namespace
}  // namespace rk::mtg
