#include "server/sqlite_store.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <algorithm>
#include <chrono>

namespace rk::server {
namespace {

constexpr const char* kSchema = R"sql(
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
)sql";

// Version 2: tables of the kernel games, a secret per seat (a seat's link), their decisions. A
// database written before (version 0 or 1: episodes only) gets these tables added in the same
// transaction that records the new version, so an interrupted migration leaves version 1 intact.
constexpr const char* kSchemaTables = R"sql(
CREATE TABLE IF NOT EXISTS game_table (
  id         TEXT PRIMARY KEY,
  game       TEXT NOT NULL,
  options    TEXT NOT NULL,
  seats      TEXT NOT NULL,
  seed       INTEGER NOT NULL,
  engine     TEXT NOT NULL,
  client     TEXT NOT NULL DEFAULT '',
  created_ms INTEGER NOT NULL,
  finish     INTEGER NOT NULL DEFAULT 0,
  result     TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS seat_token (
  table_id TEXT NOT NULL REFERENCES game_table(id),
  seat     INTEGER NOT NULL,
  token    TEXT NOT NULL,
  PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS decision (
  table_id TEXT NOT NULL REFERENCES game_table(id),
  n        INTEGER NOT NULL,
  seat     INTEGER NOT NULL,
  option   INTEGER NOT NULL,
  label    TEXT NOT NULL,
  time_ms  INTEGER NOT NULL,
  PRIMARY KEY (table_id, n)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS game_table_unfinished ON game_table(finish, created_ms);
)sql";

// What to tell an operator whose database is damaged.
std::string damaged(const std::string& path, const std::string& what) {
  return fmt::format(
      "the database {} is damaged ({}); rulekit will not serve from it. Restore it from a backup, or move it aside "
      "to start with an empty one (sqlite3's .recover can save what is readable)",
      path, what);
}

bool exec(sqlite3* db, const char* sql) {
  return sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
}

// A prepared statement that finalizes itself, or (for the writer's statements, prepared once
// when the store opens) is reset for its next use.
class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql) { sqlite3_prepare_v2(db, sql, -1, &s_, nullptr); }
  explicit Stmt(sqlite3_stmt* cached) : s_(cached), cached_(true) {}
  ~Stmt() {
    if (cached_) {
      sqlite3_reset(s_);
      sqlite3_clear_bindings(s_);
    } else {
      sqlite3_finalize(s_);
    }
  }
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;
  bool ok() const { return s_ != nullptr; }
  Stmt& bind(int i, const std::string& v) {
    sqlite3_bind_text(s_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Stmt& bind(int i, int64_t v) {
    sqlite3_bind_int64(s_, i, v);
    return *this;
  }
  int step() { return sqlite3_step(s_); }
  std::string text(int col) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(s_, col));
    return p ? std::string(p, static_cast<size_t>(sqlite3_column_bytes(s_, col))) : std::string();
  }
  int64_t integer(int col) const { return sqlite3_column_int64(s_, col); }

 private:
  sqlite3_stmt* s_ = nullptr;
  bool cached_ = false;
};

constexpr const char* kInsertMove = "INSERT INTO move(episode, seq, time_ms, input, result) VALUES(?,?,?,?,?)";
constexpr const char* kSetFinish = "UPDATE episode SET finish=? WHERE id=?";
constexpr const char* kInsertDecision = "INSERT INTO decision(table_id, n, seat, option, label, time_ms) VALUES(?,?,?,?,?,?)";
constexpr const char* kSetTableFinish = "UPDATE game_table SET finish=?, result=? WHERE id=?";

int64_t user_version(sqlite3* db) {
  sqlite3_stmt* st = nullptr;
  int64_t v = -1;
  if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
    v = sqlite3_column_int64(st, 0);
  }
  sqlite3_finalize(st);
  return v;
}

// Brings the schema to `target` in one transaction: version 0 (a new file, or one written before
// versions were recorded) and 1 have the episodes; 2 adds the tables.
bool migrate(sqlite3* db, int64_t target, const std::string& path, std::string& error) {
  if (!exec(db, "BEGIN IMMEDIATE")) {
    error = fmt::format("cannot open the database {} for its schema: {}", path, sqlite3_errmsg(db));
    return false;
  }
  const int64_t v = user_version(db);
  bool ok = v >= 0;
  if (ok && v > target) {
    exec(db, "ROLLBACK");
    error = fmt::format("the database {} was written by a newer rulekit (schema version {}; this one knows up to {})",
                        path, v, target);
    return false;
  }
  if (ok && v < 1) ok = exec(db, kSchema);
  if (ok && v < 2) ok = exec(db, kSchemaTables);
  if (ok && v < target) ok = exec(db, fmt::format("PRAGMA user_version={}", target).c_str());
  if (!ok || !exec(db, "COMMIT")) {
    error = fmt::format("cannot bring the schema of {} to version {}: {}", path, target, sqlite3_errmsg(db));
    exec(db, "ROLLBACK");
    return false;
  }
  return true;
}

sqlite3* open_db(const std::string& path, bool durable, std::string& error) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                      nullptr) != SQLITE_OK) {
    error = fmt::format("cannot open the database {}: {}", path, db ? sqlite3_errmsg(db) : "out of memory");
    sqlite3_close(db);
    return nullptr;
  }
  sqlite3_busy_timeout(db, 5000);
  const std::string pragmas = fmt::format("PRAGMA journal_mode=WAL; PRAGMA synchronous={}; PRAGMA foreign_keys=ON;",
                                          durable ? "FULL" : "NORMAL");
  if (!exec(db, pragmas.c_str())) {
    error = fmt::format("cannot set up the database {}: {}", path, sqlite3_errmsg(db));
    sqlite3_close(db);
    return nullptr;
  }
  return db;
}

// A write that succeeds or fails, as the writer's Append.
template <class F>
auto stored_if(F f) {
  return [f](sqlite3* db) { return f(db) ? Append::stored : Append::failed; };
}

// Why an insert of a numbered row failed: the number is taken (its primary key), or anything else.
Append refused(int rc, sqlite3* db) {
  return rc == SQLITE_CONSTRAINT && sqlite3_extended_errcode(db) == SQLITE_CONSTRAINT_PRIMARYKEY ? Append::conflict
                                                                                                  : Append::failed;
}

}  // namespace

std::unique_ptr<SqliteStore> SqliteStore::open(const std::string& path, bool durable, int64_t wal_checkpoint_bytes,
                                   std::string& error) {
  std::unique_ptr<SqliteStore> s(new SqliteStore());
  s->wdb_ = open_db(path, durable, error);
  if (!s->wdb_) return nullptr;
  s->path_ = path;
  s->durable_ = durable;
  if (!migrate(s->wdb_, kSchemaVersion, path, error)) return nullptr;
  // Checkpoints copy the log into the database file; done in the committing connection they
  // would hold up every move waiting for that commit, so a thread of their own does them. The
  // commit hook tells that thread when the log has grown past its limit.
  s->wal_limit_pages_ = std::max<int64_t>(1, wal_checkpoint_bytes / 4096);
  exec(s->wdb_, "PRAGMA wal_autocheckpoint=0");
  exec(s->wdb_, fmt::format("PRAGMA journal_size_limit={}", wal_checkpoint_bytes).c_str());
  sqlite3_wal_hook(s->wdb_, &SqliteStore::on_wal_commit, s.get());
  if (sqlite3_prepare_v3(s->wdb_, kInsertMove, -1, SQLITE_PREPARE_PERSISTENT, &s->insert_move_, nullptr) != SQLITE_OK ||
      sqlite3_prepare_v3(s->wdb_, kSetFinish, -1, SQLITE_PREPARE_PERSISTENT, &s->set_finish_, nullptr) != SQLITE_OK ||
      sqlite3_prepare_v3(s->wdb_, kInsertDecision, -1, SQLITE_PREPARE_PERSISTENT, &s->insert_decision_, nullptr) !=
          SQLITE_OK ||
      sqlite3_prepare_v3(s->wdb_, kSetTableFinish, -1, SQLITE_PREPARE_PERSISTENT, &s->set_table_finish_, nullptr) !=
          SQLITE_OK) {
    error = fmt::format("cannot prepare the statements for {}: {}", path, sqlite3_errmsg(s->wdb_));
    return nullptr;
  }
  s->rdb_ = open_db(path, durable, error);
  if (!s->rdb_) return nullptr;
  s->cdb_ = open_db(path, durable, error);
  if (!s->cdb_) return nullptr;
  exec(s->cdb_, fmt::format("PRAGMA journal_size_limit={}", wal_checkpoint_bytes).c_str());
  s->writer_ = std::thread([p = s.get()] { p->writer_loop(); });
  s->checkpointer_ = std::thread([p = s.get()] { p->checkpoint_loop(); });
  return s;
}

bool SqliteStore::check(const std::atomic<bool>& cancel, std::string& error) {
  sqlite3* db = open_db(path_, durable_, error);
  if (!db) return false;
  // Interrupted (SQLITE_INTERRUPT) once `cancel` is set: a long check must not hold up a stop.
  sqlite3_progress_handler(
      db, 10000, [](void* flag) { return static_cast<const std::atomic<bool>*>(flag)->load() ? 1 : 0; },
      const_cast<std::atomic<bool>*>(&cancel));
  bool ok = false;
  {
    Stmt st(db, "PRAGMA quick_check(1)");
    const int rc = st.ok() ? st.step() : sqlite3_errcode(db);
    ok = (rc == SQLITE_ROW && st.text(0) == "ok") || rc == SQLITE_INTERRUPT;
    if (!ok) error = damaged(path_, rc == SQLITE_ROW ? st.text(0) : sqlite3_errmsg(db));
  }
  sqlite3_close_v2(db);
  return ok;
}

int SqliteStore::on_wal_commit(void* self, sqlite3*, const char*, int pages) {
  auto* s = static_cast<SqliteStore*>(self);
  if (pages >= s->wal_limit_pages_) {
    {
      std::lock_guard<std::mutex> lk(s->mu_);
      s->wal_long_ = true;
    }
    s->checkpoint_cv_.notify_all();
  }
  return SQLITE_OK;
}

SqliteStore::~SqliteStore() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  checkpoint_cv_.notify_all();
  if (writer_.joinable()) writer_.join();
  if (checkpointer_.joinable()) checkpointer_.join();
  if (cdb_) sqlite3_wal_checkpoint_v2(cdb_, nullptr, SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
  sqlite3_finalize(insert_move_);
  sqlite3_finalize(set_finish_);
  sqlite3_finalize(insert_decision_);
  sqlite3_finalize(set_table_finish_);
  sqlite3_close_v2(cdb_);
  sqlite3_close_v2(rdb_);
  sqlite3_close_v2(wdb_);
}

void SqliteStore::checkpoint_loop() {
  std::unique_lock<std::mutex> lk(mu_);
  while (!stopping_) {
    checkpoint_cv_.wait_for(lk, std::chrono::milliseconds(200), [this] { return stopping_ || wal_long_; });
    if (stopping_) break;
    const bool long_log = wal_long_;
    wal_long_ = false;
    lk.unlock();
    // PASSIVE copies what no reader needs and never waits for the writer.
    {
      std::lock_guard<std::mutex> one_at_a_time(checkpoint_mu_);
      sqlite3_wal_checkpoint_v2(cdb_, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    }
    lk.lock();
    // Under steady writes a passive checkpoint never reaches the end of the log, so the log never
    // starts over and grows without bound. Past its limit, the writer itself restarts it between
    // two commits (see writer_loop): from another connection a RESTART checkpoint would race the
    // writer for the lock and could lose for seconds. SQLite refuses (SQLITE_BUSY, no waiting) a
    // checkpoint while another runs, hence checkpoint_mu_.
    restart_due_ = restart_due_ || long_log;
  }
}

// The log has passed its limit: copy the little the passive checkpoints have not, so that the
// next commit writes the log from its start again. RESTART rather than TRUNCATE: the file keeps
// its blocks, and a commit that overwrites them needs no metadata sync (journal_size_limit trims
// it back to the limit when it went past). Runs in the writer thread between two commits, so it
// holds up only the next commit.
void SqliteStore::restart_log() {
  std::lock_guard<std::mutex> one_at_a_time(checkpoint_mu_);
  if (sqlite3_wal_checkpoint_v2(wdb_, nullptr, SQLITE_CHECKPOINT_RESTART, nullptr, nullptr) == SQLITE_OK) {
    std::lock_guard<std::mutex> lk(mu_);
    ++stats_.checkpoints;
  }
}

Append SqliteStore::submit(Write w) {
  std::future<Append> f;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_) return Append::failed;
    queue_.push_back(Pending{std::move(w), {}});
    f = queue_.back().done.get_future();
  }
  cv_.notify_one();
  return f.get();
}

void SqliteStore::writer_loop() {
  std::deque<Pending> batch;
  for (;;) {
    {
      std::unique_lock<std::mutex> lk(mu_);
      cv_.wait(lk, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything queued has been written
      batch.swap(queue_);
    }
    // One transaction for the whole batch; each write in its own savepoint so that one failing
    // write (a duplicate key, say) does not take the others with it.
    std::vector<Append> ok(batch.size(), Append::failed);
    bool began = exec(wdb_, "BEGIN IMMEDIATE");
    if (began) {
      for (size_t i = 0; i < batch.size(); ++i) {
        exec(wdb_, "SAVEPOINT w");
        ok[i] = batch[i].write(wdb_);
        if (ok[i] != Append::stored) exec(wdb_, "ROLLBACK TO w");
        exec(wdb_, "RELEASE w");
      }
    }
    const bool committed = began && exec(wdb_, "COMMIT");
    if (began && !committed) exec(wdb_, "ROLLBACK");
    {
      std::lock_guard<std::mutex> lk(mu_);
      stats_.commits += committed ? 1 : 0;
      stats_.writes += batch.size();
      stats_.conflicts += static_cast<uint64_t>(std::count(ok.begin(), ok.end(), Append::conflict));
    }
    for (size_t i = 0; i < batch.size(); ++i) batch[i].done.set_value(committed ? ok[i] : Append::failed);
    batch.clear();
    bool restart = false;
    {
      std::lock_guard<std::mutex> lk(mu_);
      std::swap(restart, restart_due_);
    }
    if (restart) restart_log();
  }
}

bool SqliteStore::create_episode(const EpisodeRow& e) {
  return submit(stored_if([e](sqlite3* db) {
    Stmt st(db, "INSERT INTO episode(id, game, token, player, setup, created_ms, finish) VALUES(?,?,?,?,?,?,?)");
    if (!st.ok()) return false;
    st.bind(1, e.id).bind(2, e.game).bind(3, e.token).bind(4, e.player).bind(5, e.setup);
    st.bind(6, e.created_ms).bind(7, static_cast<int64_t>(e.finish));
    return st.step() == SQLITE_DONE;
  })) == Append::stored;
}

Append SqliteStore::append_move(const MoveRow& m, std::optional<int> finish) {
  return submit([this, &m, finish](sqlite3* db) {
    Stmt st(insert_move_);
    st.bind(1, m.episode).bind(2, m.seq).bind(3, m.time_ms).bind(4, m.input).bind(5, m.result);
    if (const int rc = st.step(); rc != SQLITE_DONE) return refused(rc, db);
    if (!finish) return Append::stored;
    Stmt up(set_finish_);
    up.bind(1, static_cast<int64_t>(*finish)).bind(2, m.episode);
    return up.step() == SQLITE_DONE ? Append::stored : Append::failed;
  });
}

namespace {
// After the rows of a statement: SQLITE_DONE is the end; anything else (SQLITE_CORRUPT, an I/O
// error) is a failure that must not pass for the end of the rows.
bool finished_ok(int rc, sqlite3* db, std::string& error) {
  if (rc == SQLITE_DONE) return true;
  const int primary = rc & 0xff;
  error = primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
              ? damaged(sqlite3_db_filename(db, "main"), sqlite3_errmsg(db))
              : fmt::format("the database cannot be read: {}", sqlite3_errmsg(db));
  return false;
}
}  // namespace

std::optional<EpisodeRow> SqliteStore::load_episode(const std::string& id, std::string& error) {
  std::lock_guard<std::mutex> lk(read_mu_);
  Stmt st(rdb_, "SELECT id, game, token, player, setup, created_ms, finish FROM episode WHERE id=?");
  const int rc = st.ok() ? st.bind(1, id).step() : sqlite3_errcode(rdb_);
  if (rc != SQLITE_ROW) {
    finished_ok(rc, rdb_, error);  // no such episode, or a failed read
    return std::nullopt;
  }
  EpisodeRow e;
  e.id = st.text(0);
  e.game = st.text(1);
  e.token = st.text(2);
  e.player = st.text(3);
  e.setup = st.text(4);
  e.created_ms = st.integer(5);
  e.finish = static_cast<int>(st.integer(6));
  return e;
}

bool SqliteStore::load_moves(const std::string& id, std::vector<MoveRow>& out, std::string& error) {
  std::lock_guard<std::mutex> lk(read_mu_);
  out.clear();
  Stmt st(rdb_, "SELECT seq, time_ms, input, result FROM move WHERE episode=? ORDER BY seq");
  if (!st.ok()) return finished_ok(sqlite3_errcode(rdb_), rdb_, error);
  st.bind(1, id);
  int rc = 0;
  while ((rc = st.step()) == SQLITE_ROW) {
    out.push_back(MoveRow{id, st.integer(0), st.integer(1), st.text(2), st.text(3)});
  }
  return finished_ok(rc, rdb_, error);
}

bool SqliteStore::create_table(const TableRow& t) {
  return submit(stored_if([t](sqlite3* db) {
    Stmt st(db,
            "INSERT INTO game_table(id, game, options, seats, seed, engine, client, created_ms, finish, result) "
            "VALUES(?,?,?,?,?,?,?,?,?,?)");
    if (!st.ok()) return false;
    st.bind(1, t.id).bind(2, t.game).bind(3, t.options).bind(4, t.seats).bind(5, static_cast<int64_t>(t.seed));
    st.bind(6, t.engine).bind(7, t.client).bind(8, t.created_ms).bind(9, static_cast<int64_t>(t.finish)).bind(10, t.result);
    if (st.step() != SQLITE_DONE) return false;
    for (size_t seat = 0; seat < t.tokens.size(); ++seat) {
      if (t.tokens[seat].empty()) continue;
      Stmt tok(db, "INSERT INTO seat_token(table_id, seat, token) VALUES(?,?,?)");
      if (!tok.ok() || tok.bind(1, t.id).bind(2, static_cast<int64_t>(seat)).bind(3, t.tokens[seat]).step() != SQLITE_DONE) {
        return false;
      }
    }
    return true;
  })) == Append::stored;
}

Append SqliteStore::append_decision(const DecisionRow& d, std::optional<std::pair<int, std::string>> finish) {
  return submit([this, &d, &finish](sqlite3* db) {
    Stmt st(insert_decision_);
    st.bind(1, d.table).bind(2, d.n).bind(3, static_cast<int64_t>(d.seat)).bind(4, d.option).bind(5, d.label);
    st.bind(6, d.time_ms);
    if (const int rc = st.step(); rc != SQLITE_DONE) return refused(rc, db);
    if (!finish) return Append::stored;
    Stmt up(set_table_finish_);
    up.bind(1, static_cast<int64_t>(finish->first)).bind(2, finish->second).bind(3, d.table);
    return up.step() == SQLITE_DONE ? Append::stored : Append::failed;
  });
}

bool SqliteStore::finish_table(const std::string& id, int finish, const std::string& result) {
  return submit(stored_if([this, id, finish, result](sqlite3*) {
    Stmt up(set_table_finish_);
    up.bind(1, static_cast<int64_t>(finish)).bind(2, result).bind(3, id);
    return up.step() == SQLITE_DONE;
  })) == Append::stored;
}

std::optional<TableRow> SqliteStore::load_table(const std::string& id, std::string& error) {
  std::lock_guard<std::mutex> lk(read_mu_);
  Stmt st(rdb_,
          "SELECT id, game, options, seats, seed, engine, client, created_ms, finish, result FROM game_table WHERE id=?");
  const int rc = st.ok() ? st.bind(1, id).step() : sqlite3_errcode(rdb_);
  if (rc != SQLITE_ROW) {
    finished_ok(rc, rdb_, error);
    return std::nullopt;
  }
  TableRow t;
  t.id = st.text(0);
  t.game = st.text(1);
  t.options = st.text(2);
  t.seats = st.text(3);
  t.seed = static_cast<uint64_t>(st.integer(4));
  t.engine = st.text(5);
  t.client = st.text(6);
  t.created_ms = st.integer(7);
  t.finish = static_cast<int>(st.integer(8));
  t.result = st.text(9);
  Stmt tok(rdb_, "SELECT seat, token FROM seat_token WHERE table_id=? ORDER BY seat");
  if (!tok.ok()) {
    finished_ok(sqlite3_errcode(rdb_), rdb_, error);
    return std::nullopt;
  }
  tok.bind(1, id);
  int trc = 0;
  while ((trc = tok.step()) == SQLITE_ROW) {
    const auto seat = static_cast<size_t>(tok.integer(0));
    if (seat >= 64) continue;
    if (t.tokens.size() <= seat) t.tokens.resize(seat + 1);
    t.tokens[seat] = tok.text(1);
  }
  if (!finished_ok(trc, rdb_, error)) return std::nullopt;
  return t;
}

bool SqliteStore::load_decisions(const std::string& id, std::vector<DecisionRow>& out, std::string& error,
                                 int64_t from) {
  std::lock_guard<std::mutex> lk(read_mu_);
  out.clear();
  Stmt st(rdb_, "SELECT n, seat, option, label, time_ms FROM decision WHERE table_id=? AND n>=? ORDER BY n");
  if (!st.ok()) return finished_ok(sqlite3_errcode(rdb_), rdb_, error);
  st.bind(1, id).bind(2, from);
  int rc = 0;
  while ((rc = st.step()) == SQLITE_ROW) {
    out.push_back(DecisionRow{id, st.integer(0), static_cast<int>(st.integer(1)), st.integer(2), st.text(3), st.integer(4)});
  }
  return finished_ok(rc, rdb_, error);
}

int64_t SqliteStore::count_moves(const std::string& id, std::string& error) {
  std::lock_guard<std::mutex> lk(read_mu_);
  Stmt st(rdb_, "SELECT count(*) FROM move WHERE episode=?");
  const int rc = st.ok() ? st.bind(1, id).step() : sqlite3_errcode(rdb_);
  if (rc == SQLITE_ROW) return st.integer(0);
  finished_ok(rc, rdb_, error);
  return -1;
}

int64_t SqliteStore::count_decisions(const std::string& id, std::string& error) {
  std::lock_guard<std::mutex> lk(read_mu_);
  Stmt st(rdb_, "SELECT count(*) FROM decision WHERE table_id=?");
  const int rc = st.ok() ? st.bind(1, id).step() : sqlite3_errcode(rdb_);
  if (rc == SQLITE_ROW) return st.integer(0);
  finished_ok(rc, rdb_, error);
  return -1;
}

bool SqliteStore::unfinished_tables(std::vector<std::string>& out, std::string& error) {
  std::lock_guard<std::mutex> lk(read_mu_);
  out.clear();
  Stmt st(rdb_, "SELECT id FROM game_table WHERE finish=0 ORDER BY created_ms");
  if (!st.ok()) return finished_ok(sqlite3_errcode(rdb_), rdb_, error);
  int rc = 0;
  while ((rc = st.step()) == SQLITE_ROW) out.push_back(st.text(0));
  return finished_ok(rc, rdb_, error);
}

int64_t SqliteStore::schema_version(std::string& error) {
  std::lock_guard<std::mutex> lk(read_mu_);
  const int64_t v = user_version(rdb_);
  if (v < 0) error = fmt::format("cannot read the schema version: {}", sqlite3_errmsg(rdb_));
  return v;
}

int64_t SqliteStore::count_unfinished(std::string& error) {
  std::lock_guard<std::mutex> lk(read_mu_);
  Stmt st(rdb_, "SELECT count(*) FROM episode WHERE finish=0");
  const int rc = st.ok() ? st.step() : sqlite3_errcode(rdb_);
  if (rc == SQLITE_ROW) return st.integer(0);
  finished_ok(rc, rdb_, error);
  return -1;
}

SqliteStore::Stats SqliteStore::stats() const {
  std::lock_guard<std::mutex> lk(mu_);
  return stats_;
}

}  // namespace rk::server
