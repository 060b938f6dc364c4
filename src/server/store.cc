#include "server/store.h"

#include <fmt/format.h>
#include <sqlite3.h>

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

}  // namespace

std::unique_ptr<Store> Store::open(const std::string& path, bool durable, std::string& error) {
  std::unique_ptr<Store> s(new Store());
  s->wdb_ = open_db(path, durable, error);
  if (!s->wdb_) return nullptr;
  if (!exec(s->wdb_, kSchema)) {
    error = fmt::format("cannot create the tables in {}: {}", path, sqlite3_errmsg(s->wdb_));
    return nullptr;
  }
  // Checkpoints copy the log into the database file; done in the committing connection they
  // would hold up every move waiting for that commit, so a thread of their own does them.
  exec(s->wdb_, "PRAGMA wal_autocheckpoint=0");
  if (sqlite3_prepare_v3(s->wdb_, kInsertMove, -1, SQLITE_PREPARE_PERSISTENT, &s->insert_move_, nullptr) != SQLITE_OK ||
      sqlite3_prepare_v3(s->wdb_, kSetFinish, -1, SQLITE_PREPARE_PERSISTENT, &s->set_finish_, nullptr) != SQLITE_OK) {
    error = fmt::format("cannot prepare the statements for {}: {}", path, sqlite3_errmsg(s->wdb_));
    return nullptr;
  }
  s->rdb_ = open_db(path, durable, error);
  if (!s->rdb_) return nullptr;
  s->cdb_ = open_db(path, durable, error);
  if (!s->cdb_) return nullptr;
  s->writer_ = std::thread([p = s.get()] { p->writer_loop(); });
  s->checkpointer_ = std::thread([p = s.get()] { p->checkpoint_loop(); });
  return s;
}

Store::~Store() {
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
  sqlite3_close_v2(cdb_);
  sqlite3_close_v2(rdb_);
  sqlite3_close_v2(wdb_);
}

void Store::checkpoint_loop() {
  std::unique_lock<std::mutex> lk(mu_);
  while (!stopping_) {
    checkpoint_cv_.wait_for(lk, std::chrono::milliseconds(200));
    if (stopping_) break;
    lk.unlock();
    // PASSIVE: copies what no reader needs, never waits for the writer.
    sqlite3_wal_checkpoint_v2(cdb_, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    lk.lock();
  }
}

bool Store::submit(Write w) {
  std::future<bool> f;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_) return false;
    queue_.push_back(Pending{std::move(w), {}});
    f = queue_.back().done.get_future();
  }
  cv_.notify_one();
  return f.get();
}

void Store::writer_loop() {
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
    std::vector<bool> ok(batch.size(), false);
    bool began = exec(wdb_, "BEGIN IMMEDIATE");
    if (began) {
      for (size_t i = 0; i < batch.size(); ++i) {
        exec(wdb_, "SAVEPOINT w");
        ok[i] = batch[i].write(wdb_);
        if (!ok[i]) exec(wdb_, "ROLLBACK TO w");
        exec(wdb_, "RELEASE w");
      }
    }
    const bool committed = began && exec(wdb_, "COMMIT");
    if (began && !committed) exec(wdb_, "ROLLBACK");
    {
      std::lock_guard<std::mutex> lk(mu_);
      stats_.commits += committed ? 1 : 0;
      stats_.writes += batch.size();
    }
    for (size_t i = 0; i < batch.size(); ++i) batch[i].done.set_value(committed && ok[i]);
    batch.clear();
  }
}

bool Store::create_episode(const EpisodeRow& e) {
  return submit([e](sqlite3* db) {
    Stmt st(db, "INSERT INTO episode(id, game, token, player, setup, created_ms, finish) VALUES(?,?,?,?,?,?,?)");
    if (!st.ok()) return false;
    st.bind(1, e.id).bind(2, e.game).bind(3, e.token).bind(4, e.player).bind(5, e.setup);
    st.bind(6, e.created_ms).bind(7, static_cast<int64_t>(e.finish));
    return st.step() == SQLITE_DONE;
  });
}

bool Store::append_move(const MoveRow& m, std::optional<int> finish) {
  return submit([this, &m, finish](sqlite3*) {
    Stmt st(insert_move_);
    st.bind(1, m.episode).bind(2, m.seq).bind(3, m.time_ms).bind(4, m.input).bind(5, m.result);
    if (st.step() != SQLITE_DONE) return false;
    if (!finish) return true;
    Stmt up(set_finish_);
    up.bind(1, static_cast<int64_t>(*finish)).bind(2, m.episode);
    return up.step() == SQLITE_DONE;
  });
}

std::optional<EpisodeRow> Store::load_episode(const std::string& id) {
  std::lock_guard<std::mutex> lk(read_mu_);
  Stmt st(rdb_, "SELECT id, game, token, player, setup, created_ms, finish FROM episode WHERE id=?");
  if (!st.ok()) return std::nullopt;
  st.bind(1, id);
  if (st.step() != SQLITE_ROW) return std::nullopt;
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

std::vector<MoveRow> Store::load_moves(const std::string& id) {
  std::lock_guard<std::mutex> lk(read_mu_);
  std::vector<MoveRow> out;
  Stmt st(rdb_, "SELECT seq, time_ms, input, result FROM move WHERE episode=? ORDER BY seq");
  if (!st.ok()) return out;
  st.bind(1, id);
  while (st.step() == SQLITE_ROW) {
    out.push_back(MoveRow{id, st.integer(0), st.integer(1), st.text(2), st.text(3)});
  }
  return out;
}

std::vector<std::string> Store::unfinished(const std::string& game) {
  std::lock_guard<std::mutex> lk(read_mu_);
  std::vector<std::string> out;
  Stmt st(rdb_, "SELECT id FROM episode WHERE game=? AND finish=0 ORDER BY created_ms, id");
  if (!st.ok()) return out;
  st.bind(1, game);
  while (st.step() == SQLITE_ROW) out.push_back(st.text(0));
  return out;
}

Store::Stats Store::stats() const {
  std::lock_guard<std::mutex> lk(mu_);
  return stats_;
}

}  // namespace rk::server
