// The store's schema for tables: a data folder written before tables existed (schema version 1:
// episodes only) is migrated when opened, its episodes untouched; a newer schema is refused; and a
// stored table that no longer replays ends "ended by an engine upgrade" with its log kept.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <fstream>

#include "server/store.h"
#include "support.h"
#include "tables_fixture.h"

namespace rk::test {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

bool sql(const fs::path& db, const std::string& text) {
  sqlite3* h = nullptr;
  if (sqlite3_open(db.string().c_str(), &h) != SQLITE_OK) return false;
  char* err = nullptr;
  const bool ok = sqlite3_exec(h, text.c_str(), nullptr, nullptr, &err) == SQLITE_OK;
  if (err) ADD_FAILURE() << err;
  sqlite3_free(err);
  sqlite3_close(h);
  return ok;
}

// The schema exactly as rulekit wrote it before tables (commit e2af13a, server/store.cc).
constexpr const char* kVersion1 = R"sql(
CREATE TABLE IF NOT EXISTS episode (
  id         TEXT PRIMARY KEY,
  game       TEXT NOT NULL,
  token      TEXT NOT NULL,
  player     TEXT NOT NULL DEFAULT '',
  setup      TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  finish     INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS move (
  episode TEXT NOT NULL REFERENCES episode(id),
  seq     INTEGER NOT NULL,
  time_ms INTEGER NOT NULL,
  input   TEXT NOT NULL,
  result  TEXT NOT NULL,
  PRIMARY KEY (episode, seq)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS episode_unfinished ON episode(game, finish, created_ms);
INSERT INTO episode VALUES('20250101-000000-AAAAAAAAAAAAAAAA','rulegame','0123456789abcdef0123456789abcdef','','{}',1,0);
INSERT INTO move VALUES('20250101-000000-AAAAAAAAAAAAAAAA',0,2,'{"pieceId":1}','{"code":0}');
)sql";

TEST(TablesStore, AVersion1DatabaseIsMigratedWithItsEpisodes) {
  const auto dir = fresh_dir("rk-migrate");
  const auto db = dir / "rulekit.db";
  ASSERT_TRUE(sql(db, kVersion1));
  std::string error;
  auto store = server::Store::open(db.string(), false, 1 << 20, error);
  ASSERT_TRUE(store) << error;
  EXPECT_EQ(store->schema_version(error), 2);
  const auto ep = store->load_episode("20250101-000000-AAAAAAAAAAAAAAAA", error);
  ASSERT_TRUE(ep) << error;
  EXPECT_EQ(ep->token, "0123456789abcdef0123456789abcdef");
  std::vector<server::MoveRow> moves;
  ASSERT_TRUE(store->load_moves(ep->id, moves, error));
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0].input, "{\"pieceId\":1}");
  // The new tables work, per-seat tokens included.
  server::TableRow t{"T1", "cfc", "{}", "[\"human\",\"random\",\"human\"]", 9, "0.1.0", "c", 5, 0, "", {"tok0", "", "tok2"}};
  ASSERT_TRUE(store->create_table(t));
  ASSERT_EQ(store->append_decision({"T1", 0, 2, 1, "play", 6}, std::nullopt), server::Append::stored);
  // A number already stored is another process's decision: refused as a conflict, not a failure.
  ASSERT_EQ(store->append_decision({"T1", 0, 2, 1, "play", 6}, std::nullopt), server::Append::conflict);
  ASSERT_EQ(store->append_decision({"T1", 1, 0, 0, "pass", 7}, std::make_pair(1, std::string("{\"text\":\"a draw\"}"))),
            server::Append::stored);
  const auto back = store->load_table("T1", error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->tokens, (std::vector<std::string>{"tok0", "", "tok2"}));
  EXPECT_EQ(back->finish, 1);
  EXPECT_EQ(back->seed, 9u);
  std::vector<server::DecisionRow> ds;
  ASSERT_TRUE(store->load_decisions("T1", ds, error));
  ASSERT_EQ(ds.size(), 2u);
  EXPECT_EQ(ds[0].seat, 2);
  EXPECT_EQ(ds[1].label, "pass");
  std::vector<std::string> open;
  ASSERT_TRUE(store->unfinished_tables(open, error));
  EXPECT_TRUE(open.empty());
  // Opened again: nothing to migrate, nothing lost.
  store.reset();
  store = server::Store::open(db.string(), false, 1 << 20, error);
  ASSERT_TRUE(store) << error;
  EXPECT_TRUE(store->load_episode("20250101-000000-AAAAAAAAAAAAAAAA", error).has_value());
  EXPECT_TRUE(store->load_table("T1", error).has_value());
}

// A data folder the previous rulekit wrote (its `serve`, one Rule Game episode with one move), as
// it left it: the server opens it, the episode goes on, tables can be set.
TEST(TablesStore, ADataFolderOfThePreviousServerServesOn) {
  const auto dir = fresh_dir("rk-migrate");
  const fs::path fixture = fs::path(RULEKIT_SOURCE_DIR) / "tests/server/data/schema_v1";
  fs::copy_file(fixture / "rulekit.db", dir / "rulekit.db");
  const json ep = json::parse(std::ifstream(fixture / "episode.json"));
  LiveServer srv(dir);
  auto c = srv.client();
  const Answer a = get(c, "/api/episodes/" + ep["id"].get<std::string>(), ep["token"]);
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["transcript"].size(), ep["moves"].get<size_t>());
  if (!corpus_absent("corpora/vck/tables")) {
    const Answer t = seat_post(c, "/api/tables", {{"game", "vck"}, {"seats", {"human", "random"}}});
    EXPECT_EQ(t.status, 201) << t.body.dump();
  }
}

TEST(TablesStore, ANewerSchemaIsRefused) {
  const auto dir = fresh_dir("rk-migrate");
  ASSERT_TRUE(sql(dir / "rulekit.db", "PRAGMA user_version=99;"));
  std::string error;
  EXPECT_FALSE(server::Store::open((dir / "rulekit.db").string(), false, 1 << 20, error));
  EXPECT_NE(error.find("newer rulekit"), std::string::npos) << error;
}

TEST(TablesStore, ATableThatNoLongerReplaysEndsByAnEngineUpgrade) {
  if (corpus_absent("corpora/vck/tables")) GTEST_SKIP();
  const auto dir = fresh_dir("rk-upgrade");
  std::string id, token;
  {
    LiveServer srv(dir);
    auto c = srv.client();
    const Answer a = seat_post(c, "/api/tables", {{"game", "vck"}, {"seats", {"human", "human"}}, {"seed", 5}});
    ASSERT_EQ(a.status, 201) << a.body.dump();
    id = a.body["id"];
    for (const auto& s : a.body["seats"]) {
      const std::string t = s["token"];
      const Answer v = seat_get(c, "/api/tables/" + id, t);
      if (v.body["decision"].is_null()) continue;
      token = t;
      ASSERT_EQ(seat_post(c, "/api/tables/" + id + "/decide", {{"option", 0}, {"seq", 0}}, t).status, 200);
      break;
    }
    ASSERT_FALSE(token.empty());
  }
  // As if an older engine had played it, and this one words (so plays) that decision otherwise.
  ASSERT_TRUE(sql(dir / "rulekit.db", "UPDATE decision SET label='a move of another engine'; UPDATE game_table SET engine='0.0.1';"));
  LiveServer srv(dir);
  auto c = srv.client();
  const Answer v = seat_get(c, "/api/tables/" + id, token);
  ASSERT_EQ(v.status, 200) << v.body.dump();
  EXPECT_TRUE(v.body["over"].get<bool>());
  EXPECT_EQ(v.body["result"]["text"], "ended by an engine upgrade");
  EXPECT_EQ(v.body["result"]["finish"], 2);
  EXPECT_NE(v.body["result"]["why"].get<std::string>().find("0.0.1"), std::string::npos) << v.body["result"].dump();
  EXPECT_TRUE(v.body["decision"].is_null());
  auto r = c.Get(("/api/tables/" + id + "/log").c_str());
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_NE(r->body.find("a move of another engine"), std::string::npos) << r->body;
  EXPECT_EQ(seat_get(c, "/api/tables").body["tables"].size(), 0u);
}

}  // namespace
}  // namespace rk::test
