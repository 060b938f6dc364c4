// VCK rules on the kernel: dealing, the turn loop, payments, scoring, determinism; replaying the
// reference traces; malformed traces reported with file and line.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "games/vck/compiler/cards.h"
#include "games/vck/rules/game.h"
#include "games/vck/runners/trace.h"
#include "kernel/rng.h"
#include "support.h"
#include "vck/corpus_cards.h"

namespace rk::vck {
namespace {

Game new_game(const std::string& preset, int players, uint64_t seed) {
  kernel::Chance chance(seed);
  vck::Setup s;
  std::string error;
  EXPECT_TRUE(deal(cards(), preset, players, chance, s, error)) << error;
  return Game(cards(), s, seed);
}

// Plays uniformly random moves to the end; returns the number of decisions.
size_t play_out(Game& g, uint64_t seed, size_t cap = 20000) {
  kernel::Rng pick(seed);
  size_t n = 0;
  for (; n < cap && !g.terminal() && g.error().empty(); ++n) {
    const size_t count = g.legal_actions().size();
    EXPECT_GT(count, 0u);
    if (count == 0) break;
    EXPECT_TRUE(g.apply_index(pick.below(static_cast<uint32_t>(count))));
    for (const Player& p : g.players()) {
      EXPECT_GE(std::min({p.g, p.s, p.m, p.vp}), 0) << "resources never go negative";
    }
  }
  return n;
}

TEST(VckRules, TablesLoadAndEveryEffectParses) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  EXPECT_GT(cards().programs, 100u);
  EXPECT_EQ(cards().parsed, cards().programs);
  ASSERT_NE(cards().starter(3), nullptr);
  EXPECT_EQ(cards().starter(3)->name, "Herald");
}

TEST(VckRules, DealFollowsThePreset) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  for (int players = 2; players <= 5; ++players) {
    kernel::Chance chance(7);
    vck::Setup s;
    std::string error;
    ASSERT_TRUE(deal(cards(), "base", players, chance, s, error)) << error;
    EXPECT_EQ(s.seats.size(), static_cast<size_t>(players));
    EXPECT_EQ(s.citizens.size(), 10u);
    EXPECT_EQ(s.citizens[0].size(), players == 5 ? 6u : 5u);
    EXPECT_EQ(s.domains.size(), 5u);
    EXPECT_EQ(s.domains[0].size(), players == 5 ? 4u : 3u);
    EXPECT_EQ(s.monsters.size(), 5u);
    EXPECT_EQ(s.exhausted.size(), static_cast<size_t>(2 * players));
    for (const auto& d : s.dukes_dealt) EXPECT_EQ(d.size(), 2u);
  }
  kernel::Chance chance(1);
  vck::Setup s;
  std::string error;
  EXPECT_FALSE(deal(cards(), "nosuchpreset", 2, chance, s, error));
  EXPECT_NE(error.find("unknown preset"), std::string::npos);
}

TEST(VckRules, DukeGateThenRollThenActions) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = new_game("base", 3, 11);
  EXPECT_EQ(g.decider().kind, kernel::Decider::Kind::kSimultaneous);
  EXPECT_EQ(g.gate_waiting(), 7u);
  for (int seat = 0; seat < 3; ++seat) {
    const auto legal = g.legal_actions();
    ASSERT_EQ(legal.size(), 2u);  // two dukes dealt, one kept
    ASSERT_TRUE(g.apply_index(1));
    EXPECT_EQ(g.players()[static_cast<size_t>(seat)].dukes.size(), 1u);
  }
  EXPECT_EQ(g.phase(), Phase::kRollPending);
  EXPECT_EQ(g.label(g.legal_actions()[0]), "finalize_roll keep");
}

TEST(VckRules, HirePaysExactlyWithOneRealGoldAtLeast) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = new_game("base", 2, 5);
  while (g.phase() != Phase::kAction || !g.prompts().empty()) ASSERT_TRUE(g.apply_index(0));
  for (const auto& a : g.legal_actions()) {
    if (a.type != Action::Type::kHire) continue;
    EXPECT_GE(a.b, 1) << g.label(a);
    EXPECT_EQ(a.c, 0) << "strength never pays for a hire";
    const int id = a.a;
    EXPECT_EQ(a.b + a.d, cards().citizen(id)->cost + (cards().citizen(id)->name == "Peasant" || cards().citizen(id)->name == "Knight"))
        << "cost + 1 per owned card of the same name: " << g.label(a);
  }
}

TEST(VckRules, RandomGamesEndScoredAndDeterministic) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  for (const char* preset : {"base", "base1", "base2", "flamesandfrost", "shadowvale"}) {
    for (int players = 2; players <= 5; ++players) {
      Game a = new_game(preset, players, 100 + static_cast<uint64_t>(players));
      Game b = new_game(preset, players, 100 + static_cast<uint64_t>(players));
      play_out(a, 9);
      play_out(b, 9);
      ASSERT_EQ(a.error(), "") << preset << " " << players;
      ASSERT_TRUE(a.terminal()) << preset << " " << players;
      EXPECT_EQ(a.hash(), b.hash()) << preset << " " << players;
      int winners = 0, firsts = 0;
      for (int s = 0; s < players; ++s) winners += a.winner(s), firsts += a.rank_of(s) == 1;
      EXPECT_GE(winners, 1);
      EXPECT_EQ(firsts, 1) << "ranks follow the sorted order";
      EXPECT_FALSE(a.end_reason().empty());
    }
  }
}

TEST(VckReplay, ReferenceTracesParseAndReplaySomeWay) {
  RK_REQUIRE_CORPUS("corpora/vck/reference/games.jsonl");
  std::vector<std::string> problems;
  const auto results = replay_file(cards(), test::shared_dir() + "/corpora/vck/reference/games.jsonl", problems);
  EXPECT_TRUE(problems.empty()) << problems.front();
  ASSERT_EQ(results.size(), 114u);
  size_t agree = 0, decisions = 0;
  for (const auto& r : results) {
    agree += r.agree;
    decisions += r.decisions;
    EXPECT_GT(r.decisions, 0u) << r.game_id << ": the duke gate at least must agree; " << r.where;
  }
  fprintf(stderr, "reference traces: %zu of %zu agree whole, %zu decisions agree before first differences\n", agree, results.size(), decisions);
}

TEST(VckReplay, MalformedTracesGiveFileAndLine) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  const std::string path = ::testing::TempDir() + "/rk" + std::to_string(::getpid()) + "_bad_trace.jsonl";
  {
    std::ofstream out(path);
    out << "\n{\"format\": \"vck-trace/1\", \"game_id\": \"x\"\n";                    // line 2: cut short
    out << "{\"format\": \"other\"}\n";                                                 // line 3: wrong format
    out << "{\"format\": \"vck-trace/1\", \"game_id\": \"y\", \"setup\": {}}\n";         // line 4: fields missing
    out << "{\"format\": \"vck-trace/1\", \"game_id\": \"z\", \"setup\": {\"turn_order\": [\"p1\"], \"players\": "
           "[{\"id\": \"p1\", \"dukes_dealt\": [\"q\"], \"starters\": []}]}, \"events\": []}\n";  // line 5: bad card id
  }
  std::vector<std::string> problems;
  const auto results = replay_file(cards(), path, problems);
  ASSERT_EQ(results.size(), 4u);
  for (const auto& r : results) EXPECT_FALSE(r.agree);
  ASSERT_EQ(problems.size(), 4u);
  EXPECT_NE(problems[0].find("bad_trace.jsonl:2:"), std::string::npos) << problems[0];
  EXPECT_NE(problems[0].find("error[VK0101]"), std::string::npos) << problems[0];
  EXPECT_NE(problems[0].find('^'), std::string::npos) << problems[0];
  EXPECT_NE(problems[1].find(":3:1: error[VK0102]"), std::string::npos) << problems[1];
  EXPECT_NE(problems[2].find(":4:1: error[VK0106]"), std::string::npos) << problems[2];
  EXPECT_NE(problems[3].find(":5:1: error[VK0103]"), std::string::npos) << problems[3];
  std::vector<std::string> none;
  EXPECT_TRUE(replay_file(cards(), path + ".absent", none).empty());
  ASSERT_EQ(none.size(), 1u);
  EXPECT_NE(none[0].find("error[VK0100]"), std::string::npos);
}

}  // namespace
}  // namespace rk::vck
