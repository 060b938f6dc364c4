// Tables of every kernel game (cfc, vck, wagic), as the HTTP layer sees them: created with their
// seats and options, looked up by id with a seat's token (or none: a spectator), decided by seat,
// played by bots on the bot runner's threads, followed live through event streams, logged.
//
// Every decision is stored (committed) before it is answered or shown to anyone; a table in
// memory is its setup and its stored decisions replayed. At start every unfinished table is
// rebuilt in the background and its bots go on. See docs/server/API.md ("Tables").
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/limits.h"
#include "server/reply.h"
#include "server/store.h"
#include "server/tables/bot_runner.h"
#include "server/tables/table_game.h"
#include "server/tables/timings.h"

namespace rk::server::tables {

// One table in memory; `mu` guards everything but the two atomics, which event streams read.
struct LiveTable {
  std::mutex mu;
  TableRow row;
  const TableKind* kind = nullptr;
  std::unique_ptr<TableGame> game;
  std::vector<std::string> seats;  // "human" or a bot's name, per seat
  std::vector<DecisionRow> decisions;
  std::vector<Told> told;          // per decision: what it told each observer (not stored: told again on rebuild)
  std::vector<bool> claimed;       // per human seat: someone has used its token
  bool storing = false;            // a decision is on its way to the disk (the lock is let go meanwhile)
  double bot_cpu_s = 0;
  std::atomic<uint64_t> seq{0};    // decisions applied and stored
  std::atomic<bool> over{false};
};

class Tables {
 public:
  Tables(Store& store, const Limits& limits, std::vector<const TableKind*> kinds, std::string engine);
  ~Tables();
  Tables(const Tables&) = delete;
  Tables& operator=(const Tables&) = delete;

  // Rebuilds every unfinished table in the background and sets its bots going again.
  void resume_all();
  void stop();

  Reply create(std::string_view body, const std::string& client);
  // GET /api/tables/ID[?at=K]: what the token's seat (empty: a spectator) may see.
  Reply show(const std::string& id, std::string_view token, std::string_view at, std::string_view since = {});
  Reply decide(const std::string& id, std::string_view token, std::string_view body);
  Reply log(const std::string& id);
  // POST /api/tables/ID/join {"seat": N}: a free seat (a person's, its token never used) taken
  // from the lobby; its token, or 409 when someone holds it already.
  Reply join(const std::string& id, std::string_view body);
  // GET /api/tables: the unfinished tables; `episodes` (the episode games, Rule Game's) listed
  // beside them as they are.
  Reply lobby(const nlohmann::json& episodes);
  // The games tables can be set for; `more` (the episode games) appended as they are.
  Reply games(const nlohmann::json& more) const;
  // GET /api/tables/ID/card/CARD: a card's printed text, if this seat (or a spectator) may see it.
  Reply card(const std::string& id, std::string_view token, std::string_view card);
  // GET /api/tables/ID/events: a stream following the table's decisions.
  Reply events(const std::string& id, std::string_view token);

  size_t live() const;
  // Where people's requests spent their time (the closing log line of `rulekit serve`).
  std::string timing_summary() const { return timings_.summary(); }
  size_t bots_waiting() const { return bots_ ? bots_->waiting() : 0; }

 private:
  using Table = std::shared_ptr<LiveTable>;
  const TableKind* kind_named(std::string_view name) const;
  // From memory, or rebuilt from storage; null with the reply (404, 500) when neither.
  Table find(const std::string& id, Reply& error);
  Table rebuild(const TableRow& row, std::string& error);
  void keep(const Table& t);  // into memory, putting away finished idle tables over the limit
  // The seat a token opens (-1: a spectator); false with 403 when it opens none.
  bool seat_of(LiveTable& t, std::string_view token, int& seat, Reply& error);
  // The answer to GET for `seat`, under t.mu; its log from entry `since` on (the whole log once
  // the game is over: the end shows every seat's moves).
  nlohmann::json state_json(LiveTable& t, int seat, size_t since = 0);
  nlohmann::json decision_json(LiveTable& t, int seat);
  // Entries `from` to `upto` of the log as `seat` may read them.
  nlohmann::json log_json(const LiveTable& t, size_t from, size_t upto, int seat) const;
  // Takes option `option` of the current decision (seat -1: chance): applied to a copy, stored,
  // and only once it is committed made the table's state. `lk` holds t.mu; it is let go while
  // the commit waits for the disk, so readers see the state before it meanwhile. 0 when stored,
  // else the status of the failure (400 refused, 409 another decision is being stored, 503 not
  // stored: nothing changed).
  int commit(LiveTable& t, std::unique_lock<std::mutex>& lk, int seat, size_t option);
  // With a store other processes write too (Store::shared): the decisions stored since this
  // copy's last applied to it, under t.mu, so that it is current before it is shown or decided
  // on. False with `error` when they cannot be read or do not replay.
  bool catch_up(LiveTable& t, std::string& error);
  std::string result_json(const TableGame& g, int finish, const std::string& why);
  bool bot_to_move(const LiveTable& t) const;
  bool bot_step(const std::string& id);  // one bot decision (BotRunner's step)
  void changed(const std::string& id);   // another process stored a decision of table `id`
  void take_over_loop();                 // shared store: the bots of dead processes, run here
  void finished(LiveTable& t);           // no longer counts against its client

  Store& store_;
  const Limits& limits_;
  std::vector<const TableKind*> kinds_;
  std::string engine_;
  mutable std::mutex mu_;
  std::unordered_map<std::string, Table> live_;
  std::unordered_map<std::string, std::chrono::steady_clock::time_point> used_;
  std::unordered_map<std::string, size_t> per_client_;  // unfinished tables by creator's address
  std::unique_ptr<BotRunner> bots_;
  std::thread resumer_;
  std::atomic<bool> stopping_{false};
  Timings timings_;
};

}  // namespace rk::server::tables
