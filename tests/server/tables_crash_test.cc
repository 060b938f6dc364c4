// SIGKILL in the middle of tables of every game: the real `rulekit serve` binary (durable
// commits), people deciding at tables against bots as fast as they can while tables of bots play
// on, killed without warning and started again on the same data folder. Every acknowledged
// decision must still be there, at its place and with its words; every table must go on, the
// bots' tables in the background before anyone asks for them.
//
//   RK_TABLE_CRASH_CYCLES=5 RK_TABLE_CRASH_SECONDS=60 build/release/tests/tables_test --gtest_filter=TablesCrash.*
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <thread>

#include "child_server.h"
#include "store_param.h"
#include "tables_fixture.h"

namespace rk::test {
namespace {

using nlohmann::json;

int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v ? std::atoi(v) : fallback;
}

// The table's finish code (0 while it goes on).
int finish_of(const json& body) { return body["result"].is_object() ? body["result"].value("finish", 0) : 0; }

struct Acked {
  int64_t n;
  std::string label;
};

struct Seat {
  std::string game, id, token;
  int seat = 0;
  std::vector<Acked> acked;
  bool over = false;
};

struct BotTable {
  std::string game, id;
  int64_t seen = 0;  // the most decisions a GET showed (shown means stored)
  bool over = false;
};

// Decides at the client's latest table until `stop` or the server stops answering; sits down at a
// new table of the same game (against the same bot, in the same seat) when one ends.
void play(int port, std::vector<Seat>& mine, const json& game, std::atomic<bool>& stop, std::atomic<long>& total) {
  httplib::Client c("127.0.0.1", port);
  c.set_read_timeout(10, 0);
  for (uint64_t k = 0; !stop;) {
    if (mine.back().over) {
      json req = game;
      const int seat = mine.back().seat;
      req["seats"] = seat == 0 ? json{"human", "random"} : json{"random", "human"};
      const Answer a = seat_post(c, "/api/tables", req);
      if (a.status != 201) return;
      mine.push_back({game["game"], a.body["id"], a.body["seats"][seat]["token"], seat, {}, false});
    }
    Seat& s = mine.back();
    const Answer v = seat_get(c, "/api/tables/" + s.id, s.token);
    if (v.status != 200) return;
    s.over = v.body["over"].get<bool>();
    if (v.body["decision"].is_null()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      continue;
    }
    const json& options = v.body["decision"]["options"];
    size_t moves = 0;  // the engine's moves; after them come shortcuts (several moves at once)
    for (const auto& o : options) moves += o.contains("move") ? 1 : 0;
    if (moves == 0) return;
    const size_t pick = k++ % moves;
    const int64_t seq = v.body["seq"];
    const Answer a = seat_post(c, "/api/tables/" + s.id + "/decide", {{"option", pick}, {"seq", seq}}, s.token);
    if (a.status == 409) continue;
    if (a.status != 200) return;  // the server is gone: not acknowledged
    s.acked.push_back({seq, options[pick]["move"]});
    ++total;
  }
}

void verify(httplib::Client& c, Seat& s) {
  const Answer v = seat_get(c, "/api/tables/" + s.id, s.token);
  ASSERT_EQ(v.status, 200) << s.game << " " << s.id << " " << v.body.dump();
  const json& log = v.body["log"];
  for (const Acked& a : s.acked) {
    ASSERT_LT(static_cast<size_t>(a.n), log.size()) << s.game << " " << s.id << ": decision " << a.n << " lost";
    EXPECT_EQ(log[static_cast<size_t>(a.n)]["seat"], s.seat) << s.game << " " << s.id << ":" << a.n;
    EXPECT_EQ(log[static_cast<size_t>(a.n)]["move"], a.label) << s.game << " " << s.id << ":" << a.n;
  }
  EXPECT_NE(finish_of(v.body), 2) << "not an engine upgrade: " << v.body["result"].dump();
  s.over = v.body["over"].get<bool>();
}

class TablesCrash : public testing::TestWithParam<StoreKind> {};

TEST_P(TablesCrash, SigkillLosesNoAcknowledgedDecisionAndEveryTableGoesOn) {
  if (corpus_absent("corpora/cfc") || corpus_absent("corpora/vck/tables") || corpus_absent("corpora/wagic/2016")) GTEST_SKIP();
  RK_STORE_ARGS(args, "tables_crash");
  args.insert(args.end(), {"--limit", "bot_threads=2"});
  const int cycles = env_int("RK_TABLE_CRASH_CYCLES", 2);
  const int seconds = env_int("RK_TABLE_CRASH_SECONDS", 4);
  const auto dir = fresh_dir("rk-table-crash");
  const json games[] = {{{"game", "cfc"}, {"options", json::object()}},
                        {{"game", "vck"}, {"options", {{"preset", "base"}}}},
                        {{"game", "wagic"}, {"options", {{"decks", {1, 2}}, {"turns", 20}}}}};
  std::vector<std::vector<Seat>> people;  // per client: its tables, the last the one it plays
  std::vector<json> people_games;
  std::vector<BotTable> bots;
  long all = 0;
  for (int cycle = 0; cycle <= cycles; ++cycle) {
    Child server(dir, args, 30);
    ASSERT_GT(server.port(), 0) << "the server did not start: " << server.first_line() << server.error_text();
    httplib::Client c("127.0.0.1", server.port());
    c.set_read_timeout(30, 0);
    if (cycle == 0) {
      for (const json& g : games) {
        for (int k = 0; k < 2; ++k) {
          json req = g;
          req["seats"] = k == 0 ? json{"human", "random"} : json{"random", "human"};
          req["seed"] = 100 + k;
          const Answer a = seat_post(c, "/api/tables", req);
          ASSERT_EQ(a.status, 201) << a.body.dump();
          people.push_back({{g["game"], a.body["id"], a.body["seats"][k]["token"], k, {}, false}});
          people_games.push_back(g);
          req["seats"] = {"mcts:30", "random"};  // slow enough to be mid-game at every kill
          const Answer b = seat_post(c, "/api/tables", req);
          ASSERT_EQ(b.status, 201) << b.body.dump();
          bots.push_back({g["game"], b.body["id"], 0, false});
        }
      }
    } else {
      // Before anyone asks for them, the bots' tables have gone on in the background. Rebuilding
      // them replays every stored decision, which under the sanitizers on a busy machine can take
      // a while: wait until each has moved (at most a minute), then check.
      const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
      std::this_thread::sleep_for(std::chrono::seconds(1));
      for (bool all_moved = false; !all_moved && std::chrono::steady_clock::now() < until;) {
        all_moved = true;
        for (const BotTable& b : bots) {
          if (b.over) continue;
          const Answer v = seat_get(c, "/api/tables/" + b.id);
          if (v.status != 200) continue;
          const int64_t seq = v.body["seq"];
          if (!(seq > b.seen || v.body["over"].get<bool>())) all_moved = false;
        }
        if (!all_moved) std::this_thread::sleep_for(std::chrono::milliseconds(250));
      }
      size_t resumed = 0;
      for (BotTable& b : bots) {
        const Answer v = seat_get(c, "/api/tables/" + b.id);
        ASSERT_EQ(v.status, 200) << b.game << " " << v.body.dump();
        const int64_t seq = v.body["seq"];
        EXPECT_GE(seq, b.seen) << b.game << " " << b.id << ": shown decisions lost";
        if (!b.over) {
          EXPECT_TRUE(seq > b.seen || v.body["over"].get<bool>()) << b.game << " " << b.id << " did not go on";
          ++resumed;
        }
        EXPECT_NE(finish_of(v.body), 2) << v.body["result"].dump();
        b.seen = seq;
        b.over = v.body["over"];
      }
      EXPECT_GT(resumed, 0u) << "no table of bots was mid-game at the kill: the test shows nothing";
      for (auto& mine : people) {
        for (Seat& s : mine) {
          verify(c, s);
          if (HasFailure()) return;
        }
      }
    }
    if (cycle == cycles) break;
    std::atomic<bool> stop{false};
    std::atomic<long> total{0};
    std::vector<std::thread> threads;
    for (size_t i = 0; i < people.size(); ++i) {
      threads.emplace_back(play, server.port(), std::ref(people[i]), std::cref(people_games[i]), std::ref(stop), std::ref(total));
    }
    const auto end = Clock::now() + std::chrono::seconds(seconds);
    while (Clock::now() < end || (total < 30 && Clock::now() < end + std::chrono::seconds(20))) {
      for (BotTable& b : bots) {
        const Answer v = seat_get(c, "/api/tables/" + b.id);
        if (v.status == 200) b.seen = v.body["seq"], b.over = v.body["over"];
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    server.kill9();
    stop = true;
    for (auto& t : threads) t.join();
    ASSERT_GT(total.load(), 10) << "too few decisions were made before the kill to test anything";
    all += total;
  }
  size_t tables = 0;
  for (const auto& mine : people) tables += mine.size();
  std::printf("%d kill -9 cycles, %ld acknowledged decisions at %zu tables of people and %zu of bots, none lost\n", cycles,
              all, tables, bots.size());
}

INSTANTIATE_TEST_SUITE_P(Stores, TablesCrash, testing::Values(StoreKind::sqlite, StoreKind::postgres), store_name);

}  // namespace
}  // namespace rk::test
