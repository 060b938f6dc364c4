// Scenarios on small cards of a test's own (not Wagic's database): the test writes the card text
// it needs, the cards get multiverse ids in a set file, and a scenario in Wagic's test format is
// played through the runner (harness.cc).
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/language/database.h"
#include "games/mtg/runners/harness.h"
#include "games/mtg/runners/scenario.h"
#include "support.h"

namespace rk::mtg::test {

// The cards (primitives text, "[card]...[/card]" blocks) get ids 1, 2, ... in their order.
inline TestOutcome play_own(const std::string& cards, const std::string& scenario) {
  Database db;
  add_file("primitives.txt", cards, false, db);
  std::ostringstream set;
  int id = 0;
  for (size_t at = cards.find("name="); at != std::string::npos; at = cards.find("name=", at + 5)) {
    if (at > 0 && cards[at - 1] != '\n') continue;
    const size_t end = cards.find('\n', at);
    set << "[card]\nprimitive=" << cards.substr(at + 5, end - at - 5) << "\nid=" << ++id << "\n[/card]\n";
  }
  add_file("_cards.dat", set.str(), true, db);
  resolve(db);
  // One file per process: ctest runs the discovered tests of one binary side by side.
  const std::string path = ::testing::TempDir() + "/own_cards_game." + std::to_string(::getpid()) + ".txt";
  std::ofstream(path) << scenario;
  Scenario s;
  std::string err;
  EXPECT_TRUE(read_scenario(path, s, err)) << err;
  Catalog cat(db);
  return run_scenario(s, cat);
}

// A card of Wagic's 2016 database as written there: its [card]..[/card] block of mtg.txt ("" when
// it is not there, or the corpus is absent).
inline std::string database_card(const std::string& name) {
  std::ifstream in(rk::test::shared_dir() + "/corpora/wagic/2016/sets/primitives/mtg.txt");
  std::stringstream all;
  all << in.rdbuf();
  std::string text;
  for (const char c : all.str()) {
    if (c != '\r') text.push_back(c);  // the database's lines end in CR LF
  }
  const size_t at = text.find("\nname=" + name + "\n");
  if (at == std::string::npos) return "";
  const size_t begin = text.rfind("[card]", at), end = text.find("[/card]", at);
  if (begin == std::string::npos || end == std::string::npos) return "";
  return text.substr(begin, end + 7 - begin) + "\n";
}

// The first difference, the zones and the event log of a scenario that did not pass.
inline std::string trace_of(const TestOutcome& r) {
  std::string t;
  for (const std::string& line : r.trace) t += "    " + line + "\n";
  return r.first_difference + "\n" + r.diff + t;
}

// A creature card: name, colour's mana, P/T and abilities= (may be empty).
inline std::string creature(const std::string& name, const std::string& mana, int p, int t, const std::string& abilities = "") {
  return "[card]\nname=" + name + "\nmana=" + mana + "\ntype=Creature\npower=" + std::to_string(p) + "\ntoughness=" +
         std::to_string(t) + "\n" + (abilities.empty() ? "" : "abilities=" + abilities + "\n") + "[/card]\n";
}

// One combat from the first main phase: `attackers` declared (one click each), `blocks` clicked
// (blocker names), damage, end of combat; the assertion as combat ends.
inline std::string combat(const std::string& p1_inplay, const std::string& p2_inplay, const std::string& attackers,
                          const std::string& blocks, const std::string& assert_p1, const std::string& assert_p2) {
  return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:" + p1_inplay + "\n[PLAYER2]\ninplay:" + p2_inplay + "\n[DO]\nnext\nnext\n" +
         attackers + "next\n" + blocks + "next\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\n" + assert_p1 + "[PLAYER2]\n" +
         assert_p2 + "[END]\n";
}

}  // namespace rk::mtg::test
