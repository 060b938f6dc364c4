#include "server/pg_store.h"

#include <fmt/format.h>
#include <libpq-fe.h>

#include <poll.h>

#include <chrono>
#include <cstring>
#include <functional>

namespace rk::server {
namespace {

// The same schema as SQLite's (sqlite_store.cc), in PostgreSQL's types. Version 1: the episodes;
// version 2: the tables. The version is a row of rulekit_schema (SQLite keeps it in user_version).
constexpr const char* kSchemaEpisodes = R"sql(
CREATE TABLE IF NOT EXISTS episode (
  id         TEXT PRIMARY KEY,
  game       TEXT NOT NULL,
  token      TEXT NOT NULL,
  player     TEXT NOT NULL DEFAULT '',
  setup      TEXT NOT NULL,
  created_ms BIGINT NOT NULL,
  finish     INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS move (
  episode TEXT NOT NULL REFERENCES episode(id),
  seq     BIGINT NOT NULL,
  time_ms BIGINT NOT NULL,
  input   TEXT NOT NULL,
  result  TEXT NOT NULL,
  PRIMARY KEY (episode, seq)
);
CREATE INDEX IF NOT EXISTS episode_unfinished ON episode(game, finish, created_ms);
)sql";

constexpr const char* kSchemaTables = R"sql(
CREATE TABLE IF NOT EXISTS game_table (
  id         TEXT PRIMARY KEY,
  game       TEXT NOT NULL,
  options    TEXT NOT NULL,
  seats      TEXT NOT NULL,
  seed       BIGINT NOT NULL,
  engine     TEXT NOT NULL,
  client     TEXT NOT NULL DEFAULT '',
  created_ms BIGINT NOT NULL,
  finish     INTEGER NOT NULL DEFAULT 0,
  result     TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS seat_token (
  table_id TEXT NOT NULL REFERENCES game_table(id),
  seat     INTEGER NOT NULL,
  token    TEXT NOT NULL,
  PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS decision (
  table_id TEXT NOT NULL REFERENCES game_table(id),
  n        BIGINT NOT NULL,
  seat     INTEGER NOT NULL,
  option   BIGINT NOT NULL,
  label    TEXT NOT NULL,
  time_ms  BIGINT NOT NULL,
  PRIMARY KEY (table_id, n)
);
CREATE INDEX IF NOT EXISTS game_table_unfinished ON game_table(finish, created_ms);
)sql";

// Any number fixed for rulekit: the advisory lock that one migration at a time holds.
constexpr const char* kMigrationLock = "SELECT pg_advisory_xact_lock(7277118645)";

// Connections per process. Requests wait for their commit on a connection, so this bounds the
// commits in flight from one process; PostgreSQL's default 100 connections serve several.
constexpr size_t kPoolSize = 12;

// A result that clears itself.
class Result {
 public:
  explicit Result(PGresult* r) : r_(r) {}
  ~Result() { PQclear(r_); }
  Result(const Result&) = delete;
  Result& operator=(const Result&) = delete;
  bool ok() const {
    const auto s = PQresultStatus(r_);
    return s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK;
  }
  int rows() const { return PQntuples(r_); }
  std::string text(int row, int col) const {
    return std::string(PQgetvalue(r_, row, col), static_cast<size_t>(PQgetlength(r_, row, col)));
  }
  int64_t integer(int row, int col) const { return std::strtoll(PQgetvalue(r_, row, col), nullptr, 10); }
  // A unique key already taken (SQLSTATE 23505).
  bool duplicate() const {
    const char* state = PQresultErrorField(r_, PG_DIAG_SQLSTATE);
    return state && std::strcmp(state, "23505") == 0;
  }
  std::string message() const { return PQresultErrorMessage(r_); }

 private:
  PGresult* r_;
};

// Runs `sql` with text parameters (numbers written out; PostgreSQL casts them).
Result run(PGconn* c, const char* sql, const std::vector<std::string>& params = {}) {
  std::vector<const char*> values;
  for (const auto& p : params) values.push_back(p.c_str());
  return Result(PQexecParams(c, sql, static_cast<int>(values.size()), nullptr, values.data(), nullptr, nullptr, 0));
}

std::string message_of(PGconn* c) {
  std::string m = PQerrorMessage(c);
  while (!m.empty() && (m.back() == '\n' || m.back() == ' ')) m.pop_back();
  return m;
}

PGconn* connect(const std::string& url, bool durable, std::string& error) {
  PGconn* c = PQconnectdb(url.c_str());
  if (!c || PQstatus(c) != CONNECTION_OK) {
    error = fmt::format("cannot connect to PostgreSQL ({}): {}", url, c ? message_of(c) : "out of memory");
    PQfinish(c);
    return nullptr;
  }
  // Notices (CREATE TABLE IF NOT EXISTS of a table that exists) are not the operator's business.
  PQsetNoticeProcessor(c, [](void*, const char*) {}, nullptr);
  if (!durable && !run(c, "SET synchronous_commit = off").ok()) {
    error = fmt::format("cannot set up the PostgreSQL connection: {}", message_of(c));
    PQfinish(c);
    return nullptr;
  }
  return c;
}

// Brings the schema to `target` in one transaction, one process at a time.
bool migrate(PGconn* c, int64_t target, std::string& error) {
  auto fail = [&](const std::string& what) {
    error = fmt::format("cannot bring the PostgreSQL schema to version {}: {}: {}", target, what, message_of(c));
    run(c, "ROLLBACK");
    return false;
  };
  if (!run(c, "BEGIN").ok()) return fail("BEGIN");
  if (!run(c, kMigrationLock).ok()) return fail("the migration lock");
  if (!run(c, "CREATE TABLE IF NOT EXISTS rulekit_schema (version BIGINT NOT NULL)").ok()) return fail("rulekit_schema");
  int64_t v = 0;
  {
    const Result r = run(c, "SELECT coalesce(max(version), 0) FROM rulekit_schema");
    if (!r.ok() || r.rows() != 1) return fail("reading the version");
    v = r.integer(0, 0);
  }
  if (v > target) {
    run(c, "ROLLBACK");
    error = fmt::format("the PostgreSQL database was written by a newer rulekit (schema version {}; this one knows up to {})",
                        v, target);
    return false;
  }
  // A multi-statement text goes through the simple protocol (PQexec), which runs it whole.
  if (v < 1 && !Result(PQexec(c, kSchemaEpisodes)).ok()) return fail("the episodes");
  if (v < 2 && !Result(PQexec(c, kSchemaTables)).ok()) return fail("the tables");
  if (v < target) {
    if (!run(c, "DELETE FROM rulekit_schema").ok()) return fail("the version");
    if (!run(c, "INSERT INTO rulekit_schema(version) VALUES($1)", {std::to_string(target)}).ok()) return fail("the version");
  }
  if (!run(c, "COMMIT").ok()) return fail("COMMIT");
  return true;
}

}  // namespace

class PgStore::Lease {
 public:
  explicit Lease(PgStore& s) : s_(s), c_(s.borrow()) {}
  ~Lease() { s_.give_back(c_); }
  Lease(const Lease&) = delete;
  Lease& operator=(const Lease&) = delete;
  PGconn* get() const { return c_; }

 private:
  PgStore& s_;
  PGconn* c_;
};

std::unique_ptr<PgStore> PgStore::open(const std::string& url, bool durable, std::string& error) {
  std::unique_ptr<PgStore> s(new PgStore());
  s->url_ = url;
  s->durable_ = durable;
  for (size_t i = 0; i < kPoolSize; ++i) {
    PGconn* c = connect(url, durable, error);
    if (!c) return nullptr;
    s->all_.push_back(c);
    s->free_.push_back(c);
  }
  PGconn* first = s->all_.front();
  s->describe_ = fmt::format("PostgreSQL {}:{}/{}", PQhost(first), PQport(first), PQdb(first));
  if (!migrate(first, kSchemaVersion, error)) return nullptr;
  s->lease_conn_ = connect(url, durable, error);
  if (!s->lease_conn_) return nullptr;
  s->listen_conn_ = connect(url, durable, error);
  if (!s->listen_conn_) return nullptr;
  s->listen_thread_ = std::thread([p = s.get()] { p->listen_loop(); });
  return s;
}

PgStore::~PgStore() {
  stopping_ = true;
  if (listen_thread_.joinable()) listen_thread_.join();
  for (PGconn* c : all_) PQfinish(c);
  PQfinish(lease_conn_);
  PQfinish(listen_conn_);
}

void PgStore::listen(std::function<void(const std::string&)> f) {
  std::lock_guard<std::mutex> lk(listen_mu_);
  listener_ = std::move(f);
}

// Waits for notifications (a fifth of a second at a time, to see `stopping_`), and hands each to
// the listener. A lost connection is made again and listens again; what was notified meanwhile
// is not lost to anyone who reads the table, since every read checks the stored count.
void PgStore::listen_loop() {
  bool listening = false;
  while (!stopping_) {
    if (PQstatus(listen_conn_) != CONNECTION_OK) {
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
      PQreset(listen_conn_);
      listening = false;
      continue;
    }
    if (!listening) {
      listening = Result(PQexec(listen_conn_, "LISTEN rulekit_table")).ok();
      if (!listening) continue;
    }
    pollfd p{PQsocket(listen_conn_), POLLIN, 0};
    if (poll(&p, 1, 200) <= 0) continue;
    if (!PQconsumeInput(listen_conn_)) continue;  // the status check above makes it again
    while (PGnotify* n = PQnotifies(listen_conn_)) {
      const std::string id = n->extra ? n->extra : "";
      PQfreemem(n);
      std::lock_guard<std::mutex> lk(listen_mu_);
      if (listener_ && !id.empty()) listener_(id);
    }
  }
}

namespace {
// A table id as the 64-bit key of an advisory lock: FNV-1a, the same in every process (unlike
// std::hash). Two ids on one key would only share a lease.
std::string lease_key(const std::string& id) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char ch : id) h = (h ^ ch) * 1099511628211ull;
  return std::to_string(static_cast<int64_t>(h));
}
}  // namespace

bool PgStore::lease(const std::string& table_id, bool* fresh) {
  if (fresh) *fresh = false;
  std::lock_guard<std::mutex> lk(lease_mu_);
  if (PQstatus(lease_conn_) != CONNECTION_OK) {
    // The session ended, and the leases with it: others may hold them now.
    leases_.clear();
    PQreset(lease_conn_);
  }
  if (leases_.count(table_id)) return true;
  const Result r = run(lease_conn_, "SELECT pg_try_advisory_lock($1)", {lease_key(table_id)});
  if (!r.ok() || r.rows() != 1 || r.text(0, 0) != "t") return false;
  leases_.insert(table_id);
  if (fresh) *fresh = true;
  return true;
}

void PgStore::release(const std::string& table_id) {
  std::lock_guard<std::mutex> lk(lease_mu_);
  if (leases_.erase(table_id) == 0) return;
  run(lease_conn_, "SELECT pg_advisory_unlock($1)", {lease_key(table_id)});
}

PGconn* PgStore::borrow() {
  std::unique_lock<std::mutex> lk(mu_);
  free_cv_.wait(lk, [this] { return !free_.empty(); });
  PGconn* c = free_.back();
  free_.pop_back();
  lk.unlock();
  // A connection PostgreSQL dropped (a restart, a network cut) is made again before use; the
  // request that met the drop has already failed with its error.
  if (PQstatus(c) != CONNECTION_OK) PQreset(c);
  return c;
}

void PgStore::give_back(PGconn* c) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    free_.push_back(c);
  }
  free_cv_.notify_one();
}

void PgStore::counted(Append a) {
  std::lock_guard<std::mutex> lk(mu_);
  ++stats_.writes;
  stats_.commits += a == Append::stored ? 1 : 0;
  stats_.conflicts += a == Append::conflict ? 1 : 0;
}

namespace {
// Runs the statements of one write in a transaction: committed (stored), a duplicate number
// (conflict: rolled back), or anything else (failed: rolled back). A failed COMMIT is a failure.
Append transaction(PGconn* c, const std::vector<std::function<Result()>>& steps) {
  if (!Result(PQexec(c, "BEGIN")).ok()) return Append::failed;
  for (const auto& step : steps) {
    const Result r = step();
    if (!r.ok()) {
      const Append why = r.duplicate() ? Append::conflict : Append::failed;
      Result(PQexec(c, "ROLLBACK"));
      return why;
    }
  }
  return Result(PQexec(c, "COMMIT")).ok() ? Append::stored : Append::failed;
}

std::string num(int64_t v) { return std::to_string(v); }
}  // namespace

bool PgStore::check(const std::atomic<bool>&, std::string& error) {
  // PostgreSQL checks its own pages (data checksums, pg_amcheck); rulekit checks it answers.
  const int64_t v = schema_version(error);
  if (v == kSchemaVersion) return true;
  if (error.empty()) error = fmt::format("the PostgreSQL schema is at version {}, not {}", v, kSchemaVersion);
  return false;
}

bool PgStore::create_episode(const EpisodeRow& e) {
  Lease l(*this);
  const Append a = transaction(l.get(), {[&] {
    return run(l.get(), "INSERT INTO episode(id, game, token, player, setup, created_ms, finish) VALUES($1,$2,$3,$4,$5,$6,$7)",
               {e.id, e.game, e.token, e.player, e.setup, num(e.created_ms), num(e.finish)});
  }});
  counted(a);
  return a == Append::stored;
}

Append PgStore::append_move(const MoveRow& m, std::optional<int> finish) {
  Lease l(*this);
  std::vector<std::function<Result()>> steps{[&] {
    return run(l.get(), "INSERT INTO move(episode, seq, time_ms, input, result) VALUES($1,$2,$3,$4,$5)",
               {m.episode, num(m.seq), num(m.time_ms), m.input, m.result});
  }};
  if (finish) {
    steps.emplace_back([&] { return run(l.get(), "UPDATE episode SET finish=$1 WHERE id=$2", {num(*finish), m.episode}); });
  }
  const Append a = transaction(l.get(), steps);
  counted(a);
  return a;
}

bool PgStore::create_table(const TableRow& t) {
  Lease l(*this);
  std::vector<std::function<Result()>> steps{[&] {
    return run(l.get(),
               "INSERT INTO game_table(id, game, options, seats, seed, engine, client, created_ms, finish, result) "
               "VALUES($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)",
               {t.id, t.game, t.options, t.seats, num(static_cast<int64_t>(t.seed)), t.engine, t.client,
                num(t.created_ms), num(t.finish), t.result});
  }};
  for (size_t seat = 0; seat < t.tokens.size(); ++seat) {
    if (t.tokens[seat].empty()) continue;
    steps.emplace_back([&, seat] {
      return run(l.get(), "INSERT INTO seat_token(table_id, seat, token) VALUES($1,$2,$3)",
                 {t.id, num(static_cast<int64_t>(seat)), t.tokens[seat]});
    });
  }
  const Append a = transaction(l.get(), steps);
  counted(a);
  return a == Append::stored;
}

Append PgStore::append_decision(const DecisionRow& d, std::optional<std::pair<int, std::string>> finish) {
  Lease l(*this);
  std::vector<std::function<Result()>> steps{[&] {
    return run(l.get(), "INSERT INTO decision(table_id, n, seat, option, label, time_ms) VALUES($1,$2,$3,$4,$5,$6)",
               {d.table, num(d.n), num(d.seat), num(d.option), d.label, num(d.time_ms)});
  }};
  if (finish) {
    steps.emplace_back([&] {
      return run(l.get(), "UPDATE game_table SET finish=$1, result=$2 WHERE id=$3", {num(finish->first), finish->second, d.table});
    });
  }
  // Delivered to every listening process once the transaction commits, never before.
  steps.emplace_back([&] { return run(l.get(), "SELECT pg_notify('rulekit_table', $1)", {d.table}); });
  const Append a = transaction(l.get(), steps);
  counted(a);
  return a;
}

bool PgStore::finish_table(const std::string& id, int finish, const std::string& result) {
  Lease l(*this);
  const Append a = transaction(l.get(), {[&] {
    return run(l.get(), "UPDATE game_table SET finish=$1, result=$2 WHERE id=$3", {num(finish), result, id});
  }});
  counted(a);
  return a == Append::stored;
}

namespace {
bool read_failed(const Result& r, std::string& error) {
  if (r.ok()) return false;
  std::string m = r.message();
  while (!m.empty() && m.back() == '\n') m.pop_back();
  error = fmt::format("the PostgreSQL database cannot be read: {}", m);
  return true;
}
}  // namespace

std::optional<EpisodeRow> PgStore::load_episode(const std::string& id, std::string& error) {
  Lease l(*this);
  const Result r = run(l.get(), "SELECT id, game, token, player, setup, created_ms, finish FROM episode WHERE id=$1", {id});
  if (read_failed(r, error) || r.rows() == 0) return std::nullopt;
  EpisodeRow e;
  e.id = r.text(0, 0);
  e.game = r.text(0, 1);
  e.token = r.text(0, 2);
  e.player = r.text(0, 3);
  e.setup = r.text(0, 4);
  e.created_ms = r.integer(0, 5);
  e.finish = static_cast<int>(r.integer(0, 6));
  return e;
}

bool PgStore::load_moves(const std::string& id, std::vector<MoveRow>& out, std::string& error) {
  out.clear();
  Lease l(*this);
  const Result r = run(l.get(), "SELECT seq, time_ms, input, result FROM move WHERE episode=$1 ORDER BY seq", {id});
  if (read_failed(r, error)) return false;
  for (int i = 0; i < r.rows(); ++i) out.push_back(MoveRow{id, r.integer(i, 0), r.integer(i, 1), r.text(i, 2), r.text(i, 3)});
  return true;
}

std::optional<TableRow> PgStore::load_table(const std::string& id, std::string& error) {
  Lease l(*this);
  const Result r = run(l.get(),
                       "SELECT id, game, options, seats, seed, engine, client, created_ms, finish, result FROM game_table "
                       "WHERE id=$1",
                       {id});
  if (read_failed(r, error) || r.rows() == 0) return std::nullopt;
  TableRow t;
  t.id = r.text(0, 0);
  t.game = r.text(0, 1);
  t.options = r.text(0, 2);
  t.seats = r.text(0, 3);
  t.seed = static_cast<uint64_t>(r.integer(0, 4));
  t.engine = r.text(0, 5);
  t.client = r.text(0, 6);
  t.created_ms = r.integer(0, 7);
  t.finish = static_cast<int>(r.integer(0, 8));
  t.result = r.text(0, 9);
  const Result tok = run(l.get(), "SELECT seat, token FROM seat_token WHERE table_id=$1 ORDER BY seat", {id});
  if (read_failed(tok, error)) return std::nullopt;
  for (int i = 0; i < tok.rows(); ++i) {
    const auto seat = static_cast<size_t>(tok.integer(i, 0));
    if (seat >= 64) continue;
    if (t.tokens.size() <= seat) t.tokens.resize(seat + 1);
    t.tokens[seat] = tok.text(i, 1);
  }
  return t;
}

bool PgStore::load_decisions(const std::string& id, std::vector<DecisionRow>& out, std::string& error, int64_t from) {
  out.clear();
  Lease l(*this);
  const Result r = run(l.get(),
                       "SELECT n, seat, option, label, time_ms FROM decision WHERE table_id=$1 AND n>=$2 ORDER BY n",
                       {id, num(from)});
  if (read_failed(r, error)) return false;
  for (int i = 0; i < r.rows(); ++i) {
    out.push_back(DecisionRow{id, r.integer(i, 0), static_cast<int>(r.integer(i, 1)), r.integer(i, 2), r.text(i, 3),
                              r.integer(i, 4)});
  }
  return true;
}

int64_t PgStore::count(const char* sql, const std::string& id, std::string& error) {
  Lease l(*this);
  const Result r = id.empty() ? run(l.get(), sql) : run(l.get(), sql, {id});
  if (read_failed(r, error)) return -1;
  return r.rows() == 1 ? r.integer(0, 0) : 0;
}

int64_t PgStore::count_moves(const std::string& id, std::string& error) {
  return count("SELECT count(*) FROM move WHERE episode=$1", id, error);
}

int64_t PgStore::count_decisions(const std::string& id, std::string& error) {
  return count("SELECT count(*) FROM decision WHERE table_id=$1", id, error);
}

bool PgStore::unfinished_tables(std::vector<std::string>& out, std::string& error) {
  out.clear();
  Lease l(*this);
  const Result r = run(l.get(), "SELECT id FROM game_table WHERE finish=0 ORDER BY created_ms");
  if (read_failed(r, error)) return false;
  for (int i = 0; i < r.rows(); ++i) out.push_back(r.text(i, 0));
  return true;
}

int64_t PgStore::schema_version(std::string& error) {
  return count("SELECT coalesce(max(version), 0) FROM rulekit_schema", "", error);
}

int64_t PgStore::count_unfinished(std::string& error) {
  return count("SELECT count(*) FROM episode WHERE finish=0", "", error);
}

PgStore::Stats PgStore::stats() const {
  std::lock_guard<std::mutex> lk(mu_);
  return stats_;
}

}  // namespace rk::server
