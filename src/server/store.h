// Durable storage of episodes and move attempts, and of tables and their decisions: one interface,
// two implementations. SQLite (sqlite_store.h) keeps a data folder's database for one process;
// PostgreSQL (pg_store.h) is shared by any number of processes on any number of machines. Nothing
// above this interface knows which it has: what differs between them (several processes writing)
// shows through shared() and the Append answers.
//
// The schema knows no game: an episode is an id, a game name, a JSON setup that the game can
// rebuild its state from, and an append-only list of move attempts (JSON input and result).
// A game replays the moves on the setup to get back exactly where an episode was. A table is its
// setup and its decisions, likewise. Move and decision numbers are primary keys: of two processes
// appending the same number, one commits and the other is told `conflict` (its copy of the game
// is behind the database), which serializes a game's moves across processes.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

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

// What became of an append: committed; refused because that move or decision number is already
// stored (another process stored it first: reload the game and try again); or not stored at all.
enum class Append { stored, conflict, failed };

class Store {
 public:
  virtual ~Store() = default;
  Store() = default;
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // The store `db` names: "postgresql://..." or "postgres://..." (a libpq connection URI), else
  // SQLite in DATA/rulekit.db, whose data folder the caller has locked. `durable`: a commit
  // survives a power cut, not only a crash of the process.
  static std::unique_ptr<Store> open_any(const std::string& db, const std::string& data_folder, bool durable,
                                         int64_t wal_checkpoint_bytes, std::string& error);
  // SQLite at `path` (see sqlite_store.h).
  static std::unique_ptr<Store> open(const std::string& path, bool durable, int64_t wal_checkpoint_bytes,
                                     std::string& error);
  static bool is_postgres(const std::string& db);

  // True when other processes may write the same games: a copy in memory can fall behind the
  // database, so the layers above check it is current (the counts below) before they trust it.
  virtual bool shared() const = 0;
  // What the store is, for the log: "SQLite DATA/rulekit.db", "PostgreSQL host:port/db".
  virtual std::string describe() const = 0;

  // An integrity check beside serving: false, with a message that says what to do, when the
  // database is damaged. It gives up (true) once `cancel` is set.
  virtual bool check(const std::atomic<bool>& cancel, std::string& error) = 0;

  // Each returns once the write is committed (true) or has failed (false).
  virtual bool create_episode(const EpisodeRow& e) = 0;
  // Appends a move attempt; when `finish` is set, the episode's finish code in the same commit.
  virtual Append append_move(const MoveRow& m, std::optional<int> finish) = 0;

  virtual bool create_table(const TableRow& t) = 0;
  // Appends a decision; with `finish`, the table's finish code and result in the same commit.
  virtual Append append_decision(const DecisionRow& d, std::optional<std::pair<int, std::string>> finish) = 0;
  virtual bool finish_table(const std::string& id, int finish, const std::string& result) = 0;

  // Reads. A read that fails (a damaged page, an I/O error, a lost connection) sets `error`: it
  // is never taken for "no such row" or for the end of the rows.
  virtual std::optional<EpisodeRow> load_episode(const std::string& id, std::string& error) = 0;
  virtual bool load_moves(const std::string& id, std::vector<MoveRow>& out, std::string& error) = 0;
  virtual std::optional<TableRow> load_table(const std::string& id, std::string& error) = 0;
  // The decisions of table `id` from number `from` on.
  virtual bool load_decisions(const std::string& id, std::vector<DecisionRow>& out, std::string& error,
                              int64_t from = 0) = 0;
  // How many moves (decisions) are stored for an episode (a table); -1 and `error` when the
  // count fails. What a process checks its copy against when the store is shared.
  virtual int64_t count_moves(const std::string& id, std::string& error) = 0;
  virtual int64_t count_decisions(const std::string& id, std::string& error) = 0;
  // The ids of every table whose game goes on, oldest first.
  virtual bool unfinished_tables(std::vector<std::string>& out, std::string& error) = 0;
  // The schema version of the database, kSchemaVersion once opened.
  virtual int64_t schema_version(std::string& error) = 0;
  static constexpr int64_t kSchemaVersion = 2;

  // How many episodes have not finished (-1 and `error` when the count fails).
  virtual int64_t count_unfinished(std::string& error) = 0;

  // Other processes' changes: after another process committed a decision of a table, `f(id)` is
  // called on a thread of the store's, so that live seats here see it at once. nullptr: no more
  // calls (it returns once no call is running). SQLite: never called (one process).
  virtual void listen(std::function<void(const std::string& table_id)> f) = 0;
  // The right to run a table's bots: held by one process at a time, and let go when that
  // process ends however it ends, so that a survivor takes the bots of a dead one over. True
  // when this process holds it (`fresh`: it has just taken it). SQLite: always this process's.
  virtual bool lease(const std::string& table_id, bool* fresh = nullptr) = 0;
  virtual void release(const std::string& table_id) = 0;

  // Figures for the health endpoint and the closing log line.
  struct Stats {
    uint64_t commits = 0;
    uint64_t writes = 0;
    uint64_t checkpoints = 0;  // SQLite: restarts of the log (it had passed its limit)
    uint64_t conflicts = 0;    // appends another process had made first
  };
  virtual Stats stats() const = 0;
};

}  // namespace rk::server
