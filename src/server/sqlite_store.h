// The SQLite store (WAL): one process's database in its data folder, DATA/rulekit.db.
//
// Writes go through one writer thread that commits everything queued since its last commit in
// one transaction (group commit): a caller returns only once its write is on disk, yet many
// concurrent moves share one fsync.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <mutex>
#include <thread>

#include "server/store.h"

struct sqlite3;
struct sqlite3_stmt;

namespace rk::server {

class SqliteStore final : public Store {
 public:
  // `durable`: synchronous=FULL (a commit survives a power cut), else NORMAL (survives a
  // crash of the process, which is what SIGKILL tests). The write-ahead log is checkpointed and
  // started over whenever it passes `wal_checkpoint_bytes`.
  static std::unique_ptr<SqliteStore> open(const std::string& path, bool durable, int64_t wal_checkpoint_bytes,
                                           std::string& error);
  ~SqliteStore() override;

  bool shared() const override { return false; }  // the data folder's lock keeps other processes out
  std::string describe() const override { return "SQLite " + path_; }
  void listen(std::function<void(const std::string&)>) override {}  // nobody else writes
  bool lease(const std::string&, bool* fresh) override {
    if (fresh) *fresh = false;
    return true;
  }
  void release(const std::string&) override {}

  // PRAGMA quick_check on a connection of its own: false, with a message that says what to do,
  // when the database is damaged. It reads the whole file (seconds for hundreds of megabytes),
  // so the server runs it beside serving; it gives up (true) once `cancel` is set.
  bool check(const std::atomic<bool>& cancel, std::string& error) override;

  // Each returns once the write is committed (true) or has failed (false).
  bool create_episode(const EpisodeRow& e) override;
  // Appends a move attempt; when `finish` is set, the episode's finish code in the same commit.
  Append append_move(const MoveRow& m, std::optional<int> finish) override;

  bool create_table(const TableRow& t) override;
  // Appends a decision; with `finish`, the table's finish code and result in the same commit.
  Append append_decision(const DecisionRow& d, std::optional<std::pair<int, std::string>> finish) override;
  bool finish_table(const std::string& id, int finish, const std::string& result) override;

  // Reads. A read that fails (a damaged page, an I/O error) sets `error`: it is never taken for
  // "no such row" or for the end of the rows.
  std::optional<EpisodeRow> load_episode(const std::string& id, std::string& error) override;
  bool load_moves(const std::string& id, std::vector<MoveRow>& out, std::string& error) override;
  std::optional<TableRow> load_table(const std::string& id, std::string& error) override;
  bool load_decisions(const std::string& id, std::vector<DecisionRow>& out, std::string& error,
                      int64_t from = 0) override;
  int64_t count_moves(const std::string& id, std::string& error) override;
  int64_t count_decisions(const std::string& id, std::string& error) override;
  // The ids of every table whose game goes on, oldest first.
  bool unfinished_tables(std::vector<std::string>& out, std::string& error) override;
  // The schema version of the database (PRAGMA user_version), kSchemaVersion once opened.
  int64_t schema_version(std::string& error) override;

  // How many episodes have not finished (-1 and `error` when the count fails).
  int64_t count_unfinished(std::string& error) override;

  Stats stats() const override;

 private:
  using Write = std::function<Append(sqlite3*)>;
  struct Pending {
    Write write;
    std::promise<Append> done;
  };
  SqliteStore() = default;
  Append submit(Write w);
  void writer_loop();

  void checkpoint_loop();
  void restart_log();
  static int on_wal_commit(void* self, sqlite3* db, const char* name, int pages);

  std::string path_;
  bool durable_ = true;
  sqlite3* wdb_ = nullptr;  // used by the writer thread only
  sqlite3* rdb_ = nullptr;  // reads, under read_mu_
  sqlite3* cdb_ = nullptr;  // checkpoints, by the checkpoint thread
  sqlite3_stmt* insert_move_ = nullptr;  // the writer's statements, prepared once
  sqlite3_stmt* set_finish_ = nullptr;
  sqlite3_stmt* insert_decision_ = nullptr;
  sqlite3_stmt* set_table_finish_ = nullptr;
  std::mutex read_mu_;
  std::mutex checkpoint_mu_;  // one checkpoint at a time (the passive one, or the writer's restart)

  mutable std::mutex mu_;
  std::condition_variable cv_;             // wakes the writer
  std::condition_variable checkpoint_cv_;  // wakes the checkpoint thread (to stop, or the log is long)
  int64_t wal_limit_pages_ = 0;            // the log is started over past this many pages
  bool wal_long_ = false;                  // set by the writer's commit hook, under mu_
  bool restart_due_ = false;               // the writer restarts the log after its current commit
  std::deque<Pending> queue_;
  bool stopping_ = false;
  std::thread writer_, checkpointer_;
  Stats stats_;
};

}  // namespace rk::server
