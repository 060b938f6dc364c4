// Durable storage of episodes and move attempts, and of tables and their decisions, in SQLite (WAL).
//
// The schema knows no game: an episode is an id, a game name, a JSON setup that the game can
// rebuild its state from, and an append-only list of move attempts (JSON input and result).
// A game replays the moves on the setup to get back exactly where an episode was.
//
// Writes go through one writer thread that commits everything queued since its last commit in
// one transaction (group commit): a caller returns only once its write is on disk, yet many
// concurrent moves share one fsync.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace rk::server {

struct EpisodeRow {
  std::string id;
  std::string game;    // "rulegame"
  std::string token;   // the player's secret
  std::string player;  // optional player id given by the client
  std::string setup;   // JSON the game rebuilds the episode from
  int64_t created_ms = 0;
  int finish = 0;      // the game's finish code; 0 while the episode goes on
};

// A table of a kernel game (cfc, vck, wagic): its setup, one secret per seat, and its decisions.
struct TableRow {
  std::string id;
  std::string game;     // "cfc", "vck", "wagic"
  std::string options;  // JSON: the game's options as checked at creation
  std::string seats;    // JSON array: "human" or a bot's name per seat
  uint64_t seed = 0;
  std::string engine;   // the rulekit version the table was created under
  std::string client;   // who created it (counted against the per-client limit while it runs)
  int64_t created_ms = 0;
  int finish = 0;       // 0 while the game goes on (TableFinish in server/tables/table_game.h)
  std::string result;   // JSON, once finished
  std::vector<std::string> tokens;  // per seat; empty for a bot's seat
};

struct DecisionRow {
  std::string table;
  int64_t n = 0;        // 0-based
  int seat = -1;        // who decided (-1: chance)
  int64_t option = 0;   // the index among the options offered
  std::string label;    // the option's words, checked again when the table is replayed
  int64_t time_ms = 0;
};

struct MoveRow {
  std::string episode;
  int64_t seq = 0;      // 0-based attempt number within the episode
  int64_t time_ms = 0;  // when the attempt was made (ms since the epoch, UTC)
  std::string input;    // JSON: what was attempted
  std::string result;   // JSON: what the engine answered
};

class Store {
 public:
  // `durable`: synchronous=FULL (a commit survives a power cut), else NORMAL (survives a
  // crash of the process, which is what SIGKILL tests). The write-ahead log is checkpointed and
  // started over whenever it passes `wal_checkpoint_bytes`.
  static std::unique_ptr<Store> open(const std::string& path, bool durable, int64_t wal_checkpoint_bytes,
                                     std::string& error);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // PRAGMA quick_check on a connection of its own: false, with a message that says what to do,
  // when the database is damaged. It reads the whole file (seconds for hundreds of megabytes),
  // so the server runs it beside serving; it gives up (true) once `cancel` is set.
  bool check(const std::atomic<bool>& cancel, std::string& error);

  // Each returns once the write is committed (true) or has failed (false).
  bool create_episode(const EpisodeRow& e);
  // Appends a move attempt; when `finish` is set, the episode's finish code in the same commit.
  bool append_move(const MoveRow& m, std::optional<int> finish);

  bool create_table(const TableRow& t);
  // Appends a decision; with `finish`, the table's finish code and result in the same commit.
  bool append_decision(const DecisionRow& d, std::optional<std::pair<int, std::string>> finish);
  bool finish_table(const std::string& id, int finish, const std::string& result);

  // Reads. A read that fails (a damaged page, an I/O error) sets `error`: it is never taken for
  // "no such row" or for the end of the rows.
  std::optional<EpisodeRow> load_episode(const std::string& id, std::string& error);
  bool load_moves(const std::string& id, std::vector<MoveRow>& out, std::string& error);
  std::optional<TableRow> load_table(const std::string& id, std::string& error);
  bool load_decisions(const std::string& id, std::vector<DecisionRow>& out, std::string& error);
  // The ids of every table whose game goes on, oldest first.
  bool unfinished_tables(std::vector<std::string>& out, std::string& error);
  // The schema version of the database (PRAGMA user_version), kSchemaVersion once opened.
  int64_t schema_version(std::string& error);
  static constexpr int64_t kSchemaVersion = 2;

  // How many episodes have not finished (-1 and `error` when the count fails).
  int64_t count_unfinished(std::string& error);

  // Figures for the health endpoint and the closing log line.
  struct Stats {
    uint64_t commits = 0;
    uint64_t writes = 0;
    uint64_t checkpoints = 0;  // restarts of the log (it had passed its limit)
  };
  Stats stats() const;

 private:
  using Write = std::function<bool(sqlite3*)>;
  struct Pending {
    Write write;
    std::promise<bool> done;
  };
  Store() = default;
  bool submit(Write w);
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
