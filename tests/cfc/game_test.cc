// Card Fighters' Clash on the kernel: set-up, the rule scenarios in tests/cfc/scenarios/, decks,
// and random playouts that check cloning, hashing and replay (the kernel's conformance test).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "agents/greedy_agent.h"
#include "agents/random_agent.h"
#include "agents/scripted_agent.h"
#include "games/cfc/runners/coverage.h"
#include "games/cfc/runners/match.h"
#include "games/cfc/runners/scenario.h"
#include "support.h"
#include "text/source.h"

namespace rk::cfc {
namespace {

namespace fs = std::filesystem;

const CardPool& corpus_pool() {
  static const CardPool pool = [] {
    CardPool p;
    std::string error;
    std::vector<std::string> problems;
    load_pool(test::shared_dir() + "/corpora/cfc", p, error, problems);
    return p;
  }();
  return pool;
}

Deck corpus_deck(const std::string& name) {
  Deck d;
  std::vector<std::string> problems;
  EXPECT_TRUE(load_deck(test::shared_dir() + "/corpora/cfc/o8g/Decks/" + name, corpus_pool(), d, problems))
      << (problems.empty() ? "" : problems[0]);
  return d;
}

TEST(CfcGame, SetUpDealsFiveCardsAndTheFirstPlayerSkipsTheDraw) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  const Deck a = corpus_deck("Aso.o8d"), b = corpus_deck("Cap.o8d");
  ASSERT_EQ(a.cards.size(), kDeckSize);
  bool first_seen[2] = {false, false};
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    const Game g(corpus_pool(), a, b, seed);
    EXPECT_EQ(g.phase(), Phase::kMain);
    EXPECT_EQ(g.turn(), 1);
    first_seen[g.active()] = true;
    for (int p = 0; p < 2; ++p) {
      EXPECT_EQ(g.player(p).hand.size(), kHandSize);
      EXPECT_EQ(g.player(p).deck.size(), kDeckSize - kHandSize);  // no draw on the first turn
      EXPECT_EQ(g.player(p).hp, kStartHp);
      EXPECT_EQ(g.player(p).sp, 0);
    }
  }
  EXPECT_TRUE(first_seen[0] && first_seen[1]);  // who starts is a coin
}

TEST(CfcGame, RuleScenarios) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  const fs::path dir = fs::path(test::source_dir()) / "tests/cfc/scenarios";
  size_t n = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".txt") continue;
    std::string text;
    ASSERT_TRUE(text::read_file(e.path().string(), text));
    const ScenarioResult r = run_scenario(corpus_pool(), e.path().filename().string(), text);
    std::string why;
    for (const std::string& f : r.failures) why += f + "\n";
    EXPECT_TRUE(r.ok) << why;
    ++n;
  }
  EXPECT_GE(n, 15u);
}

TEST(CfcGame, AScenarioThatIsWrongSaysWhere) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  const ScenarioResult r = run_scenario(corpus_pool(), "wrong.txt",
                                        "[init]\nactive: 1\np1.ring: 1=Cody\np2.deck: Rush\n[do]\npass\nattack with Cody (slot 1)\n"
                                        "pass\npass\n[assert]\np2.hp: 2500\np1.ring: 1=Cody(frozen=false)\n[do]\nfly away\n");
  ASSERT_EQ(r.failures.size(), 3u);
  EXPECT_EQ(r.failures[0], "wrong.txt:11: p2.hp is 2400, not 2500");
  EXPECT_EQ(r.failures[1], "wrong.txt:12: p1.ring slot 1 (Cody): frozen is true, not false");
  EXPECT_NE(r.failures[2].find("wrong.txt:14: `fly away` is not a legal action here; player 2 may:"), std::string::npos);
}

TEST(CfcDeck, BadDecksAreReportedWithTheirPlace) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  Deck d;
  std::vector<std::string> problems;
  EXPECT_FALSE(load_deck(test::shared_dir() + "/corpora/cfc/test/decks/invalid-deck-size.o8d", corpus_pool(), d, problems));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("error[CF0013]: the deck has 16 cards; a deck has exactly 50"), std::string::npos) << problems[0];

  const fs::path tmp = fs::temp_directory_path() / "rk_cfc_deck_test.o8d";
  std::ofstream(tmp) << "<?xml version=\"1.0\"?>\n<deck>\n<section name=\"Main\">\n"
                        "  <card qty=\"3\" id=\"00000000-0000-0000-0000-000000000000\">Nobody</card>\n"
                        "  <card qty=\"4\" id=\"6814ab83-c21d-4df9-8d07-e977ee27f131\">Blue Mary</card>\n"
                        "  <card qty=\"x\" id=\"8b6c2617-7c58-459c-b09f-63c86556d17e\">Yamazaki</card>\n"
                        "</section>\n</deck>\n";
  problems.clear();
  EXPECT_FALSE(load_deck(tmp.string(), corpus_pool(), d, problems));
  ASSERT_EQ(problems.size(), 3u);
  EXPECT_NE(problems[0].find(":4:3: error[CF0011]: unknown card id `00000000-0000-0000-0000-000000000000` (Nobody)"), std::string::npos)
      << problems[0];
  EXPECT_NE(problems[1].find(":5:3: error[CF0014]: more than 3 copies of `Blue Mary`"), std::string::npos) << problems[1];
  EXPECT_NE(problems[2].find(":6:3: error[CF0012]: quantity `x` of Yamazaki"), std::string::npos) << problems[2];

  std::ofstream(tmp) << "not xml <";
  problems.clear();
  EXPECT_FALSE(load_deck(tmp.string(), corpus_pool(), d, problems));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("error[CF0010]"), std::string::npos);
  fs::remove(tmp);
  problems.clear();
  EXPECT_FALSE(load_deck(tmp.string(), corpus_pool(), d, problems));
  EXPECT_NE(problems[0].find("cannot read"), std::string::npos);
}

TEST(CfcDeck, EveryCorpusDeckLoadsExceptTheInvalidOne) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  size_t n = 0;
  for (const char* sub : {"/corpora/cfc/o8g/Decks", "/corpora/cfc/test/decks"}) {
    for (const auto& e : fs::directory_iterator(test::shared_dir() + sub)) {
      if (e.path().extension() != ".o8d") continue;
      Deck d;
      std::vector<std::string> problems;
      const bool ok = load_deck(e.path().string(), corpus_pool(), d, problems);
      const bool invalid = e.path().filename() == "invalid-deck-size.o8d";
      EXPECT_EQ(ok, !invalid) << e.path() << (problems.empty() ? "" : "\n" + problems[0]);
      ++n;
    }
  }
  EXPECT_EQ(n, 28u);
}

// The kernel's conformance test, on CFC: at every decision a copy is equal and hashes equal,
// applying the same decision to the copy gives the same state, and the log replays the game.
TEST(CfcGame, RandomPlayoutsCloneHashAndReplay) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  const Deck a = corpus_deck("Aso.o8d"), b = corpus_deck("Zet.o8d");
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    Game g(corpus_pool(), a, b, seed);
    agents::RandomAgent<Game> pick(seed);
    size_t steps = 0;
    while (!g.terminal()) {
      const std::vector<Action> legal = g.legal_actions();
      ASSERT_FALSE(legal.empty());
      const size_t i = pick.choose(g, legal);
      Game copy = g;
      ASSERT_TRUE(copy == g);
      ASSERT_EQ(copy.hash(), g.hash());
      ASSERT_TRUE(g.apply_index(i));
      ASSERT_TRUE(copy.apply_index(i));
      ASSERT_EQ(copy.hash(), g.hash());
      ++steps;
    }
    EXPECT_FALSE(g.apply_index(0));
    EXPECT_GT(steps, 10u);
    const std::vector<double> r = g.returns();
    EXPECT_EQ(r[0] + r[1], 0.0);  // zero-sum
    if (g.winner() >= 0) {
      EXPECT_EQ(r[static_cast<size_t>(g.winner())], 1.0);
    }
    Game again(corpus_pool(), a, b, seed);
    std::string error;
    ASSERT_TRUE(replay(corpus_pool(), a, b, seed, g.log(), again, error)) << error;
    EXPECT_EQ(again.hash(), g.hash());
    EXPECT_EQ(again.log().hash(), g.log().hash());
    // Through the JSON log file too.
    GameRecord rec;
    ASSERT_TRUE(record_from_json(record_to_json(record_of(g, seed, "a", "b")), rec, error)) << error;
    EXPECT_EQ(rec.log, g.log());
  }
}

// A rule that waits on a question is suspended in a frame of the state: a copy taken then answers
// and resumes it exactly as the original does (search bots copy games mid-effect).
TEST(CfcGame, ACopyTakenWhileARuleWaitsResumesItTheSame) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  std::vector<Deck> decks;
  for (const char* name : {"Aso.o8d", "Zet.o8d", "Cap.o8d"}) decks.push_back(corpus_deck(name));
  size_t waiting = 0;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    Game g(corpus_pool(), decks[seed % decks.size()], decks[(seed / 3) % decks.size()], seed);
    agents::RandomAgent<Game> pick(seed);
    while (!g.terminal()) {
      const std::vector<Action> legal = g.legal_actions();
      ASSERT_FALSE(legal.empty());
      const size_t i = pick.choose(g, legal);
      if (g.pending().player < 0) {
        ASSERT_TRUE(g.apply_index(i));
        continue;
      }
      ++waiting;
      Game copy = g;
      ASSERT_TRUE(copy == g);
      ASSERT_TRUE(g.apply_index(i));
      ASSERT_TRUE(copy.apply_index(i));
      ASSERT_TRUE(copy == g);
      ASSERT_EQ(copy.hash(), g.hash());
    }
  }
  EXPECT_GT(waiting, 0u);  // the decks hold cards that ask while their rule runs
}

TEST(CfcGame, ReplayRejectsALogOfAnotherGame) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  const Deck a = corpus_deck("Aso.o8d"), b = corpus_deck("Zet.o8d");
  Game g(corpus_pool(), a, b, 3);
  agents::RandomAgent<Game> x(1), y(2);
  play_out(g, x, y);
  kernel::Log tampered;
  const auto& e = g.log().entries();
  for (size_t i = 0; i < e.size(); ++i) {
    if (i + 1 == e.size() && e[i].kind == kernel::LogEntry::Kind::kAction) {
      tampered.action(e[i].player, e[i].value + 1, e[i].bound + 1);
    } else if (e[i].kind == kernel::LogEntry::Kind::kAction) {
      tampered.action(e[i].player, e[i].value, e[i].bound);
    } else {
      tampered.draw(e[i].value, e[i].bound);
    }
  }
  Game again(corpus_pool(), a, b, 3);
  std::string error;
  EXPECT_FALSE(replay(corpus_pool(), a, b, 3, tampered, again, error));
  EXPECT_NE(error.find("log entry " + std::to_string(e.size() - 1)), std::string::npos) << error;
  EXPECT_FALSE(replay(corpus_pool(), a, b, 4, g.log(), again, error));  // another seed: another set-up
}

TEST(CfcGame, SimulationIsDeterministicAndGreedyBeatsRandom) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  const Deck a = corpus_deck("Kei.o8d"), b = corpus_deck("Lip.o8d");
  auto run = [&](bool greedy_first) {
    uint64_t h = kernel::kHashSeed;
    int greedy_wins = 0;
    for (uint64_t seed = 1; seed <= 40; ++seed) {
      Game g(corpus_pool(), a, b, seed);
      agents::GreedyAgent<Game> greedy(seed);
      agents::RandomAgent<Game> rnd(seed);
      if (greedy_first) {
        play_out(g, greedy, rnd);
      } else {
        play_out(g, rnd, greedy);
      }
      greedy_wins += g.winner() == (greedy_first ? 0 : 1);
      h = kernel::hash_mix(h, g.hash());
    }
    return std::make_pair(h, greedy_wins);
  };
  const auto first = run(true), second = run(true);
  EXPECT_EQ(first.first, second.first);
  EXPECT_GE(first.second, 30);  // "prefers damage and good trades": it should beat random play
  EXPECT_GE(run(false).second, 30);
}

TEST(CfcGame, ScriptedAgentAnswersByLabel) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  const Deck a = corpus_deck("Aso.o8d"), b = corpus_deck("Zet.o8d");
  Game g(corpus_pool(), a, b, 5);
  agents::ScriptedAgent<Game> s({"pass", "pass", "no such action"});
  const int p = g.active();
  g.apply_index(s.choose(g, g.legal_actions()));
  EXPECT_EQ(g.phase(), Phase::kAttack);
  g.apply_index(s.choose(g, g.legal_actions()));
  EXPECT_EQ(g.active(), 1 - p);
  EXPECT_EQ(s.choose(g, g.legal_actions()), 0u);
  ASSERT_EQ(s.problems().size(), 1u);
  EXPECT_NE(s.problems()[0].find("`no such action` is not a legal action"), std::string::npos);
}

}  // namespace
}  // namespace rk::cfc

namespace rk::cfc {
namespace {

// Every scripted card of the corpus in simulated games (decks holding all of them): no engine
// error, and the scripts that compile run. The counts guard against a change that stops scripts
// from compiling or running; rulekit cfc coverage prints the full report.
TEST(CfcCoverage, EveryScriptCompilesAndRunsWithoutEngineErrors) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  const CoverageReport r = coverage(corpus_pool(), {}, 60, 1);
  EXPECT_EQ(r.cards.size(), 322u);
  EXPECT_EQ(r.engine_errors, 0u) << (r.errors.empty() ? "" : r.errors[0]);
  // Every script of the corpus compiles, and each runs in the coverage games.
  EXPECT_EQ(r.compiled(), 322u);
  EXPECT_EQ(r.executed(), r.compiled()) << r.executed() << " of " << r.compiled() << " compiled scripts ran";
  for (const CardCoverage& c : r.cards) {
    EXPECT_EQ(c.compiled, c.missing.empty()) << c.name;
    if (!c.compiled) {
      EXPECT_EQ(c.executed, 0u) << c.name << " ran without compiling";
    }
  }
}

}  // namespace
}  // namespace rk::cfc
