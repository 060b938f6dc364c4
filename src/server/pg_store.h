// The PostgreSQL store (libpq): one database shared by any number of `rulekit serve` processes.
//
// Each call borrows a connection from a small pool and makes its write one transaction of its
// own; PostgreSQL groups concurrent commits into one WAL flush itself, which is what the SQLite
// store's writer thread does by hand. The schema is created and migrated by whichever process
// starts first, under an advisory lock, so that processes starting together do not race.
//
// What SQLite's store does that this one leaves to PostgreSQL: the integrity check (check() only
// proves the database answers; page checksums and pg_amcheck are PostgreSQL's), the write-ahead
// log's checkpoints (the server's own), and the data folder's lock (several processes share it).
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <unordered_set>
#include <vector>

#include "server/store.h"

struct pg_conn;

namespace rk::server {

class PgStore final : public Store {
 public:
  // `url`: a libpq connection URI (postgresql://user@host:port/db?...). `durable`: off means
  // synchronous_commit=off (a killed rulekit loses nothing; a crash of PostgreSQL's machine may).
  static std::unique_ptr<PgStore> open(const std::string& url, bool durable, std::string& error);
  ~PgStore() override;

  bool shared() const override { return true; }
  std::string describe() const override { return describe_; }
  bool check(const std::atomic<bool>& cancel, std::string& error) override;
  // LISTEN rulekit_table on a connection of its own; every decision is committed with a
  // NOTIFY of its table's id (delivered to the listeners at the commit only).
  void listen(std::function<void(const std::string&)> f) override;
  // A session advisory lock on the table's id, on a connection of its own: PostgreSQL lets it go
  // when that connection ends, so a killed process's leases are free at once.
  bool lease(const std::string& table_id, bool* fresh) override;
  void release(const std::string& table_id) override;

  bool create_episode(const EpisodeRow& e) override;
  Append append_move(const MoveRow& m, std::optional<int> finish) override;
  bool create_table(const TableRow& t) override;
  Append append_decision(const DecisionRow& d, std::optional<std::pair<int, std::string>> finish) override;
  bool finish_table(const std::string& id, int finish, const std::string& result) override;

  std::optional<EpisodeRow> load_episode(const std::string& id, std::string& error) override;
  bool load_moves(const std::string& id, std::vector<MoveRow>& out, std::string& error) override;
  std::optional<TableRow> load_table(const std::string& id, std::string& error) override;
  bool load_decisions(const std::string& id, std::vector<DecisionRow>& out, std::string& error,
                      int64_t from = 0) override;
  int64_t count_moves(const std::string& id, std::string& error) override;
  int64_t count_decisions(const std::string& id, std::string& error) override;
  bool unfinished_tables(std::vector<std::string>& out, std::string& error) override;
  int64_t schema_version(std::string& error) override;
  int64_t count_unfinished(std::string& error) override;
  Stats stats() const override;

  // A connection of the pool, given back when it goes out of scope.
  class Lease;

 private:
  PgStore() = default;
  pg_conn* borrow();
  void give_back(pg_conn* c);
  // A count (SELECT count(*) ... WHERE ...=$1), -1 and `error` when it fails.
  int64_t count(const char* sql, const std::string& id, std::string& error);
  void counted(Append a);
  void listen_loop();

  std::mutex listen_mu_;  // held while `listener_` runs or changes
  std::function<void(const std::string&)> listener_;
  pg_conn* listen_conn_ = nullptr;
  std::thread listen_thread_;
  std::atomic<bool> stopping_{false};
  std::mutex lease_mu_;
  pg_conn* lease_conn_ = nullptr;
  std::unordered_set<std::string> leases_;

  std::string url_, describe_;
  bool durable_ = true;
  mutable std::mutex mu_;
  std::condition_variable free_cv_;
  std::vector<pg_conn*> all_, free_;
  Stats stats_;
};

}  // namespace rk::server
