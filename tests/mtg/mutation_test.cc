// Mutation test for Wagic card code: 10,000 damaged pieces of the 2016 primitives (and set
// files) load with diagnostics; every card that loads prints and reads back to the same tree and
// has a typed structure; never a crash or a hang. Run under ASan/UBSan too.
#include <gtest/gtest.h>

#include <chrono>
#include <random>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/compiler/coverage.h"
#include "games/mtg/language/database.h"
#include "games/mtg/runners/match.h"
#include "kernel/rng.h"
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

// Each auto line (auto=, autohand=, autograveyard= ...) of `text` damaged at the level of its
// words with probability 1/2, one to three times.
std::string damage_auto_lines(const std::string& text, std::mt19937_64& rng) {
  std::string out;
  for (const std::string_view line0 : text::split_lines(text)) {
    std::string line(line0);
    const size_t eq = line.find('=');
    if (line.rfind("auto", 0) == 0 && eq != std::string::npos && rng() % 2) {
      const int times = 1 + static_cast<int>(rng() % 3);
      std::string value = line.substr(eq + 1);
      for (int k = 0; k < times; ++k) value = test::mutate_tokens(value, rng);
      line = line.substr(0, eq + 1) + value;
    }
    out += line;
    out += '\n';
  }
  return out;
}

// The path of `rulekit check` and `rulekit wagic coverage` on damaged cards: 3,000 pieces of the
// 2016 primitives whose auto lines lost, doubled or swapped words load, are warned about part by
// part, counted by the coverage and compiled for play; never a crash, never a hang.
TEST(WagicMutation, DamagedAutoLinesCompileAndCount) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets/primitives/mtg.txt");
  const std::string dir = test::shared_dir() + "/corpora/wagic/2016/sets/";
  std::string prim, macros;
  ASSERT_TRUE(text::read_file(dir + "primitives/mtg.txt", prim));
  ASSERT_TRUE(text::read_file(dir + "primitives/_macros.txt", macros));
  const std::vector<std::string> sources = pieces(prim, 40);
  std::mt19937_64 rng(20261128);
  size_t cards = 0, complete = 0, compiled = 0;
  double slowest = 0;
  for (int n = 0; n < 3000; ++n) {
    const std::string s = damage_auto_lines(sources[rng() % sources.size()], rng);
    const auto t0 = std::chrono::steady_clock::now();
    Database db;
    add_macros(macros, db);
    add_file("mutant.txt", s, false, db);
    resolve(db);
    warn_parts_not_run(db);  // rulekit check on one file
    (void)db.files[0]->render();
    const Coverage c = measure_coverage(db);  // rulekit wagic coverage
    EXPECT_EQ(c.primitives, db.cards.size());
    complete += c.complete;
    Catalog cat(db);  // what a game compiles
    for (const Card& card : db.cards) {
      std::string lower(card.name);
      for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      compiled += cat.by_name(lower) != nullptr;
    }
    cards += db.cards.size();
    slowest = std::max(slowest, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  EXPECT_GT(complete, 0u);
  EXPECT_LT(complete, cards);  // damage shows as parts not run
  EXPECT_GT(compiled, cards / 2);
  EXPECT_LT(slowest, 5.0);
  fprintf(stderr, "damaged auto lines: %zu cards, %zu run completely, %zu compiled; slowest %.3f s\n", cards, complete,
          compiled, slowest);
}

// The engine playing damaged cards: the 2016 primitives with the auto lines of 60 cards damaged,
// those cards (three of each) and basic lands in both decks, played by random moves. A card that
// cannot run must make the game end with an engine error at worst, never crash the program.
TEST(WagicMutation, DamagedCardsPlay) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets/primitives/mtg.txt");
  const std::string dir = test::shared_dir() + "/corpora/wagic/2016/sets/";
  std::string prim, macros;
  ASSERT_TRUE(text::read_file(dir + "primitives/mtg.txt", prim));
  ASSERT_TRUE(text::read_file(dir + "primitives/_macros.txt", macros));
  std::vector<std::string> sources = pieces(prim, 1);  // one card each
  std::mt19937_64 rng(7);
  size_t games = 0, moves = 0, errors = 0;
  for (int round = 0; round < 12; ++round) {
    // 60 cards with an auto line, damaged; the rest of the file as it is.
    std::string text;
    std::vector<std::string> damaged;
    for (size_t i = 0; i < sources.size(); ++i) {
      const bool pick = sources[i].find("\nauto") != std::string::npos && rng() % 150 == 0 && damaged.size() < 60;
      if (!pick) {
        text += sources[i];
        continue;
      }
      const std::string d = damage_auto_lines(sources[i], rng);
      text += d;
      const size_t at = d.find("\nname=");
      if (at == std::string::npos) continue;
      std::string name = d.substr(at + 6, d.find_first_of("\r\n", at + 6) - at - 6);
      for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      damaged.push_back(name);
    }
    Database db;
    add_macros(macros, db);
    add_file("mutant.txt", text, false, db);
    resolve(db);
    Catalog cat(db);
    for (int half = 0; half < 2; ++half) {
      Deck deck;
      for (const char* land : {"forest", "island", "mountain", "plains", "swamp"}) deck.named.emplace_back(land, 5);
      for (size_t k = static_cast<size_t>(half); k < damaged.size(); k += 2) deck.named.emplace_back(damaged[k], 3);
      Match m(cat, deck, deck, static_cast<uint64_t>(round * 2 + half), 15);
      kernel::Rng pick(static_cast<uint64_t>(round) + 99);
      while (!m.over() && m.moves_played < 2000) {
        const auto ms = m.moves();
        if (ms.empty()) break;
        m.play(ms[pick.below(static_cast<uint32_t>(ms.size()))]);
      }
      ++games;
      moves += m.moves_played;
      errors += !m.error.empty();
    }
  }
  EXPECT_EQ(games, 24u);
  EXPECT_GT(moves, games * 20);
  fprintf(stderr, "damaged cards in play: %zu games, %zu moves, %zu ended by an engine error\n", games, moves, errors);
}

// The damaged texts that once stopped the compiler (an uncaught out_of_range, an endless
// recursion, a read past an empty list) now compile to a part that is not run.
TEST(WagicMutation, BrokenTextsOnceFatal) {
  for (const char* line : {"pay(", "pay({2}", "pay[[{1}", "{t()}:draw:1", "{t(}:draw:1"}) {
    const Ability a = compile_ability(line);
    EXPECT_FALSE(a.supported()) << line;
  }
  // An & inside an unclosed bracket of a restriction: one word (a name or type no card has).
  const Ability amp = compile_ability("destroy target(creature[(a&b])");
  ASSERT_EQ(amp.effects.size(), 1u);
  EXPECT_EQ(amp.effects[0].kind, Eff::kDestroy);
  ASSERT_EQ(amp.target.alts.size(), 1u);
  EXPECT_EQ(amp.target.alts[0].restr, std::vector<std::string>{"(a&b"});
  std::string deep;
  for (int i = 0; i < 500; ++i) deep += "may and!( ";
  const Ability nested = compile_ability(deep);  // nested deeper than any card: refused, not followed
  EXPECT_FALSE(nested.supported());
}

}  // namespace
}  // namespace rk::mtg
