#include "server/tables/tables.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <random>

#include "agents/make_agent.h"
#include "kernel/log.h"
#include "server/episodes.h"
#include "server/ids.h"
#include "server/tables/table_log.h"

namespace rk::server::tables {
using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

constexpr size_t kMaxSeats = 8;

const char* kind_name(kernel::Choice::Kind k) {
  switch (k) {
    case kernel::Choice::Kind::kOneOf: return "one";
    case kernel::Choice::Kind::kSubset: return "subset";
    case kernel::Choice::Kind::kYesNo: return "yesno";
    case kernel::Choice::Kind::kOrder: return "order";
    case kernel::Choice::Kind::kNumber: return "number";
  }
  return "one";
}

// A bot's name within the limits: MCTS iterations and time per decision. Empty when it is.
std::string bot_over_limits(const std::string& spec, const Limits& limits) {
  if (spec.rfind("mcts:", 0) != 0) return {};
  std::string budget = spec.substr(5);
  budget = budget.substr(0, budget.find(':'));
  if (budget.empty()) return {};
  if (budget.back() == 's') {
    const double s = std::atof(budget.c_str());
    if (s * 1000 > static_cast<double>(limits.bot_decision_ms)) {
      return fmt::format("{} thinks longer than a bot may per decision ({} ms, the limit bot_decision_ms)", spec,
                         limits.bot_decision_ms);
    }
    return {};
  }
  if (std::strtoull(budget.c_str(), nullptr, 10) > limits.max_bot_iterations) {
    return fmt::format("{} asks for more iterations than a bot may per decision ({}, the limit max_bot_iterations)", spec,
                       limits.max_bot_iterations);
  }
  return {};
}

uint64_t random_seed() {
  std::random_device rd;
  return (static_cast<uint64_t>(rd()) << 32 | rd()) & 0x7fffffffffffffffull;  // fits SQLite's INTEGER
}

class TableEvents final : public EventSource {
 public:
  explicit TableEvents(std::shared_ptr<LiveTable> t) : t_(std::move(t)) {}
  uint64_t seq() const override { return t_->seq.load(); }
  bool over() const override { return t_->over.load(); }

 private:
  std::shared_ptr<LiveTable> t_;
};

}  // namespace

Tables::Tables(Store& store, const Limits& limits, std::vector<const TableKind*> kinds, std::string engine)
    : store_(store), limits_(limits), kinds_(std::move(kinds)), engine_(std::move(engine)) {
  bots_ = std::make_unique<BotRunner>(limits_.bot_threads, [this](const std::string& id) { return bot_step(id); });
  store_.listen([this](const std::string& id) { changed(id); });
}

Tables::~Tables() { stop(); }

void Tables::stop() {
  stopping_ = true;
  store_.listen(nullptr);
  if (resumer_.joinable()) resumer_.join();
  if (bots_) bots_->stop();
}

void Tables::changed(const std::string& id) {
  Table t;
  {
    std::lock_guard<std::mutex> lk(mu_);
    const auto it = live_.find(id);
    if (it == live_.end()) return;  // not in memory here: read from the database when asked for
    t = it->second;
  }
  std::lock_guard<std::mutex> lk(t->mu);
  std::string why;
  // Caught up, the table's seq moves on and this process's event streams tell their seats.
  if (catch_up(*t, why) && bot_to_move(*t)) bots_->push(id);
}

// Every second: the unfinished tables whose bots no live process runs (their lease is free: the
// process that held it died, or none took it yet) are taken over here.
void Tables::take_over_loop() {
  while (!stopping_) {
    std::vector<std::string> ids;
    std::string error;
    if (store_.unfinished_tables(ids, error)) {
      for (const std::string& id : ids) {
        if (stopping_) return;
        bool fresh = false;
        if (!store_.lease(id, &fresh) || !fresh) continue;
        Reply err;
        const Table t = find(id, err);
        if (!t) continue;
        std::lock_guard<std::mutex> lk(t->mu);
        if (std::string why; catch_up(*t, why) && bot_to_move(*t)) bots_->push(id);
      }
    }
    for (int i = 0; i < 10 && !stopping_; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

void Tables::resume_all() {
  resumer_ = std::thread([this] {
    std::vector<std::string> ids;
    std::string error;
    if (!store_.unfinished_tables(ids, error)) {
      fmt::print(stderr, "rulekit serve: the unfinished tables cannot be listed: {}\n", error);
      return;
    }
    for (const std::string& id : ids) {
      if (stopping_) return;
      Reply err;
      const Table t = find(id, err);
      if (!t) {
        fmt::print(stderr, "rulekit serve: table {} cannot be resumed: {}\n", id, err.body);
        continue;
      }
      std::lock_guard<std::mutex> lk(t->mu);
      if (bot_to_move(*t)) bots_->push(id);
    }
    // With a shared store, the bots of processes that die are this one's to take over.
    if (store_.shared()) take_over_loop();
  });
}

const TableKind* Tables::kind_named(std::string_view name) const {
  for (const TableKind* k : kinds_) {
    if (k->name == name || (!k->alias.empty() && k->alias == name)) return k;
  }
  return nullptr;
}

size_t Tables::live() const {
  std::lock_guard<std::mutex> lk(mu_);
  return live_.size();
}

std::string Tables::result_json(const TableGame& g, int finish, const std::string& why) {
  json r{{"finish", finish}};
  const std::vector<double> returns = finish == kGameOver ? g.returns() : std::vector<double>();
  json winners = json::array();
  for (size_t s = 0; s < returns.size(); ++s) {
    if (returns[s] > 0) winners.push_back(s);
  }
  std::string text;
  switch (finish) {
    case kGameOver: {
      std::string names;
      for (size_t i = 0; i < winners.size(); ++i) {
        names += (i == 0 ? "" : i + 1 == winners.size() ? " and " : ", ") + seat_name(winners[i].get<int>());
      }
      text = winners.empty() ? "a draw" : names + (winners.size() == 1 ? " wins" : " win");
      break;
    }
    case kEngineUpgrade: text = "ended by an engine upgrade"; break;
    case kEngineError: text = "ended by an engine error"; break;
    case kDecisionLimit: text = fmt::format("ended after {} decisions (the limit max_table_decisions)", limits_.max_table_decisions); break;
    default: break;
  }
  r["text"] = text;
  r["returns"] = returns;
  r["winners"] = winners;
  if (!why.empty()) r["why"] = why;
  return dump(r);
}

bool Tables::bot_to_move(const LiveTable& t) const {
  if (t.over || !t.game || t.game->terminal()) return false;
  const int p = t.game->current_player();
  if (p == kernel::kChancePlayer) return true;
  if (p < 0 || static_cast<size_t>(p) >= t.seats.size()) return false;
  // A person's seat with nothing to decide (forced_option) is moved on for them, by the bot runner.
  return t.seats[static_cast<size_t>(p)] != "human" || t.game->forced_option().has_value();
}

void Tables::finished(LiveTable& t) {
  store_.release(t.row.id);
  std::lock_guard<std::mutex> lk(mu_);
  auto c = per_client_.find(t.row.client);
  if (c != per_client_.end() && --c->second == 0) per_client_.erase(c);
}

int Tables::commit(LiveTable& t, std::unique_lock<std::mutex>& lk, int seat, size_t option) {
  if (t.storing) return 409;
  std::string label = "chance";
  if (seat >= 0) {
    const std::vector<std::string> labels = t.game->labels();
    if (option >= labels.size()) return 400;
    label = labels[option];
  }
  std::unique_ptr<TableGame> next = t.game->clone();
  // From here nobody else may decide (`storing`), so the next decision cannot overtake this one;
  // readers meanwhile see the state before it, which is all that is stored. The move is applied
  // and told (the narration, per observer) beside the table's lock, on the copy, unless the
  // game's copies share what they change (then under it); the disk is always waited for beside it.
  t.storing = true;
  const bool beside = !t.kind->copies_share_state;
  if (beside) lk.unlock();
  Told told;
  const bool ok = seat < 0 ? next->apply_chance() : next->apply_told(option, told);
  const DecisionRow d{t.row.id, static_cast<int64_t>(t.decisions.size()), seat, static_cast<int64_t>(option), label, now_ms()};
  std::optional<std::pair<int, std::string>> fin;
  if (const std::string e = ok ? next->error() : std::string(); !e.empty()) {
    fin.emplace(kEngineError, result_json(*next, kEngineError, e));
  } else if (ok && next->terminal()) {
    fin.emplace(kGameOver, result_json(*next, kGameOver, ""));
  } else if (ok && t.decisions.size() + 1 >= limits_.max_table_decisions) {
    fin.emplace(kDecisionLimit, result_json(*next, kDecisionLimit, ""));
  }
  if (!beside) lk.unlock();
  const auto disk = Clock::now();
  const Append stored = ok ? store_.append_decision(d, fin) : Append::failed;
  if (ok) timings_.store_wait.add(Clock::now() - disk);
  lk.lock();
  t.storing = false;
  if (!ok) return 400;
  if (stored == Append::conflict) {
    // Another process stored decision n first: this copy was behind. It catches up; the caller
    // reads the table again.
    std::string why;
    return catch_up(t, why) ? 409 : 503;
  }
  if (stored != Append::stored) return 503;
  t.game = std::move(next);
  t.decisions.push_back(d);
  t.told.push_back(std::move(told));
  if (fin) {
    t.row.finish = fin->first;
    t.row.result = fin->second;
    t.over = true;
    finished(t);
  }
  t.seq.store(t.decisions.size());
  return 0;
}

bool Tables::catch_up(LiveTable& t, std::string& error) {
  if (!store_.shared() || t.storing) return true;  // nobody else writes, or this copy is the one writing
  const int64_t stored = store_.count_decisions(t.row.id, error);
  if (stored < 0) return false;
  if (static_cast<size_t>(stored) == t.decisions.size()) return true;
  // The decisions another process stored after this copy's last: applied to a copy of the game,
  // which becomes the table's only once they all replay.
  std::vector<DecisionRow> more;
  if (!store_.load_decisions(t.row.id, more, error, static_cast<int64_t>(t.decisions.size()))) return false;
  const auto row = store_.load_table(t.row.id, error);
  if (!row) {
    if (error.empty()) error = "it is no longer stored";
    return false;
  }
  std::unique_ptr<TableGame> next = t.game->clone();
  std::vector<Told> told;  // the narration of what another process decided, as this one would tell it
  if (!replay_decisions(*next, more, error, nullptr, &told)) return false;
  t.game = std::move(next);
  for (Told& line : told) t.told.push_back(std::move(line));
  for (DecisionRow& d : more) {
    if (d.seat >= 0 && static_cast<size_t>(d.seat) < t.claimed.size()) t.claimed[static_cast<size_t>(d.seat)] = true;
    t.decisions.push_back(std::move(d));
  }
  t.row.finish = row->finish;
  t.row.result = row->result;
  if (t.row.finish != kRunning && !t.over) {
    t.over = true;
    finished(t);
  }
  t.seq.store(t.decisions.size());
  return true;
}

Tables::Table Tables::rebuild(const TableRow& row, std::string& error) {
  const TableKind* kind = kind_named(row.game);
  if (!kind) {
    error = fmt::format("this server sets no tables for \"{}\"", row.game);
    return nullptr;
  }
  auto t = std::make_shared<LiveTable>();
  t->row = row;
  t->kind = kind;
  const json options = json::parse(row.options, nullptr, false);
  const json seats = json::parse(row.seats, nullptr, false);
  if (!seats.is_array()) {
    error = "its stored seats are damaged";
    return nullptr;
  }
  for (const auto& s : seats) t->seats.push_back(s.is_string() ? s.get<std::string>() : "human");
  t->game = kind->make(options, row.seed, error);
  if (!t->game) return nullptr;
  if (!store_.load_decisions(row.id, t->decisions, error)) return nullptr;
  t->claimed.assign(t->seats.size(), false);
  for (const DecisionRow& d : t->decisions) {
    if (d.seat >= 0 && static_cast<size_t>(d.seat) < t->claimed.size()) t->claimed[static_cast<size_t>(d.seat)] = true;
  }
  std::string why;
  if (!replay_decisions(*t->game, t->decisions, why, nullptr, &t->told) && row.finish == kRunning) {
    // The stored decisions do not replay on this engine: the table ends, its log stays.
    t->row.finish = kEngineUpgrade;
    t->row.result = result_json(*t->game, kEngineUpgrade,
                                row.engine == engine_ ? why
                                                      : fmt::format("played under rulekit {}, replayed under {}: {}",
                                                                    row.engine, engine_, why));
    if (!store_.finish_table(row.id, t->row.finish, t->row.result)) {
      error = "it does not replay and its end cannot be stored";
      return nullptr;
    }
  }
  t->over = t->row.finish != kRunning;
  t->seq = t->decisions.size();
  return t;
}

void Tables::keep(const Table& t) {
  const auto now = Clock::now();
  live_.emplace(t->row.id, t);
  used_[t->row.id] = now;
  if (!t->over && !t->row.client.empty()) ++per_client_[t->row.client];
  // Over the limit, finished tables nobody is using leave, the longest unused first.
  while (live_.size() > limits_.max_tables_live) {
    auto oldest = live_.end();
    for (auto it = live_.begin(); it != live_.end(); ++it) {
      if (!it->second->over || it->second.use_count() > 1) continue;
      if (oldest == live_.end() || used_[it->first] < used_[oldest->first]) oldest = it;
    }
    if (oldest == live_.end()) break;
    used_.erase(oldest->first);
    live_.erase(oldest);
  }
}

Tables::Table Tables::find(const std::string& id, Reply& error) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (auto it = live_.find(id); it != live_.end()) {
      used_[id] = Clock::now();
      return it->second;
    }
  }
  std::string why;
  const auto row = store_.load_table(id, why);
  if (!why.empty()) {
    error = error_reply(500, fmt::format("table {} cannot be read: {}", id, why));
    return nullptr;
  }
  if (!row) {
    error = error_reply(404, fmt::format("there is no table {}", id));
    return nullptr;
  }
  // Rebuilt outside the lock; two requests may both rebuild it, the first one kept serves both.
  Table t = rebuild(*row, why);
  if (!t) {
    error = error_reply(500, fmt::format("table {} cannot be resumed: {}", id, why));
    return nullptr;
  }
  std::lock_guard<std::mutex> lk(mu_);
  if (auto it = live_.find(id); it != live_.end()) return it->second;
  keep(t);
  return t;
}

bool Tables::seat_of(LiveTable& t, std::string_view token, int& seat, Reply& error) {
  seat = -1;
  if (token.empty()) return true;
  for (size_t s = 0; s < t.row.tokens.size(); ++s) {
    if (!t.row.tokens[s].empty() && same_secret(token, t.row.tokens[s])) seat = static_cast<int>(s);
  }
  if (seat < 0) {
    error = error_reply(403, "the seat token does not match a seat of this table (leave it out to watch)");
    return false;
  }
  return true;
}

json Tables::decision_json(LiveTable& t, int seat) {
  if (t.over || seat < 0 || t.game->current_player() != seat) return nullptr;
  if (t.game->forced_option()) return nullptr;  // the table moves on for this seat at once
  const kernel::Choice c = t.game->choice();
  json d{{"seat", seat}, {"prompt", t.game->prompt()}, {"kind", kind_name(c.kind)}, {"continues", c.continues}};
  if (c.kind == kernel::Choice::Kind::kSubset || c.kind == kernel::Choice::Kind::kOrder) {
    d["min"] = c.min;
    d["max"] = c.max;
    d["taken"] = c.taken;
  }
  if (c.kind == kernel::Choice::Kind::kNumber) {
    d["lo"] = c.lo;
    d["hi"] = c.hi;
  }
  const std::vector<std::string> labels = t.game->labels();
  json options = json::array();
  for (size_t i = 0; i < labels.size(); ++i) {
    json o = t.game->option_view(i);
    if (!o.is_object()) o = json::object();
    if (!o.contains("label")) o["label"] = labels[i];
    o["move"] = labels[i];  // the engine's own words for it, as the log file stores them
    options.push_back(std::move(o));
  }
  // Then what the game offers beyond its legal actions (Magic: spells with the mana paid).
  for (json& o : t.game->shortcuts()) options.push_back(std::move(o));
  d["options"] = std::move(options);
  return d;
}

// Each decision as `seat` (or a spectator) may read it: the game's narration told to that
// observer ("lines"), and the engine's words for the option taken ("move") when the observer took
// it, for chance, or once the game is over (another seat's option may name a card this observer
// could not see; the narration is told so that it does not).
json Tables::log_json(const LiveTable& t, size_t from, size_t upto, int seat) const {
  json out = json::array();
  const bool all = t.over && upto == t.decisions.size();
  for (size_t i = from; i < upto && i < t.decisions.size(); ++i) {
    const DecisionRow& d = t.decisions[i];
    json e{{"n", d.n}, {"seat", d.seat}, {"name", d.seat < 0 ? std::string("chance") : seat_name(d.seat)}};
    if (all || d.seat < 0 || (seat >= 0 && d.seat == seat)) e["move"] = d.label;
    if (i < t.told.size()) e["lines"] = t.told[i].lines(seat);
    out.push_back(std::move(e));
  }
  return out;
}

json Tables::state_json(LiveTable& t, int seat, size_t since) {
  // A client that holds the log's first `since` entries asks for the rest only: a long game's
  // log is most of an answer's bytes. Once over, the whole log (every seat's moves are shown).
  const size_t from = t.over ? 0 : std::min(since, t.decisions.size());
  json seats = json::array();
  for (size_t s = 0; s < t.seats.size(); ++s) {
    seats.push_back({{"seat", s}, {"name", seat_name(static_cast<int>(s))}, {"player", t.seats[s]}});
  }
  return {{"id", t.row.id},
          {"game", t.row.game},
          {"seat", seat >= 0 ? json(seat) : json(nullptr)},
          {"seats", seats},
          {"seq", t.decisions.size()},
          {"view", t.game->view(seat)},
          {"decision", decision_json(t, seat)},
          {"log_from", from},
          {"log", log_json(t, from, t.decisions.size(), seat)},
          {"over", t.over.load()},
          {"result", t.row.result.empty() ? json(nullptr) : json::parse(t.row.result, nullptr, false)}};
}

Reply Tables::create(std::string_view body, const std::string& client) {
  json req;
  Reply err;
  if (!parse_body(body, limits_.max_json_depth, req, err)) return err;
  const TableKind* kind = req.contains("game") && req["game"].is_string() ? kind_named(req["game"].get<std::string>()) : nullptr;
  if (!kind) {
    std::string names;
    for (const TableKind* k : kinds_) names += fmt::format("{}\"{}\"", names.empty() ? "" : ", ", k->name);
    return error_reply(400, fmt::format("\"game\" must name a game tables are set for ({})", names));
  }
  if (!req.contains("seats") || !req["seats"].is_array() || req["seats"].empty() || req["seats"].size() > kMaxSeats) {
    return error_reply(400, fmt::format("\"seats\" must list 1 to {} seats: \"human\" or a bot ({})", kMaxSeats, agents::kAgentNames));
  }
  std::vector<std::string> seats;
  for (const auto& s : req["seats"]) {
    if (!s.is_string()) return error_reply(400, fmt::format("seats[{}] must be \"human\" or a bot's name", seats.size()));
    seats.push_back(s.get<std::string>());
  }
  const json options = req.contains("options") ? req["options"] : json::object();
  if (!options.is_object()) return error_reply(400, "\"options\" must be a JSON object");
  uint64_t seed = 0;
  if (req.contains("seed")) {
    if (!req["seed"].is_number_unsigned() || req["seed"].get<uint64_t>() > 0x7fffffffffffffffull) {
      return error_reply(400, "\"seed\" must be a whole number from 0 to 2^63-1");
    }
    seed = req["seed"].get<uint64_t>();
  } else {
    seed = random_seed();
  }
  {
    std::lock_guard<std::mutex> lk(mu_);
    const auto it = per_client_.find(client);
    if (it != per_client_.end() && it->second >= limits_.max_tables_per_client) {
      return error_reply(429, fmt::format("too many unfinished tables from your address ({}, the limit "
                                          "max_tables_per_client); finish some first",
                                          it->second));
    }
    size_t running = 0;
    for (const auto& [id, t] : live_) running += t->over ? 0 : 1;
    if (running >= limits_.max_tables_live) {
      return error_reply(503, "the server holds as many running tables as it may (the limit max_tables_live); try later");
    }
  }
  json normalized;
  std::string why;
  if (!kind->check_options(options, static_cast<int>(seats.size()), normalized, why)) return error_reply(400, why);
  auto t = std::make_shared<LiveTable>();
  t->kind = kind;
  t->game = kind->make(normalized, seed, why);
  if (!t->game) return error_reply(500, fmt::format("the game cannot be set up: {}", why));
  for (size_t s = 0; s < seats.size(); ++s) {
    if (seats[s] == "human") continue;
    if (!t->game->make_bot(seats[s], 0)) {
      return error_reply(400, fmt::format("seats[{}]: \"{}\" is neither \"human\" nor a bot this game has ({})", s, seats[s],
                                          agents::kAgentNames));
    }
    if (const std::string over = bot_over_limits(seats[s], limits_); !over.empty()) {
      return error_reply(400, fmt::format("seats[{}]: {}", s, over));
    }
  }
  TableRow& row = t->row;
  row.game = std::string(kind->name);
  row.options = dump(normalized);
  row.seats = dump(json(seats));
  row.seed = seed;
  row.engine = engine_;
  row.client = client;
  row.created_ms = now_ms();
  row.id = new_episode_id(row.created_ms);
  for (const std::string& s : seats) row.tokens.push_back(s == "human" ? new_token() : std::string());
  t->seats = seats;
  t->claimed.assign(seats.size(), false);
  if (!store_.create_table(row)) return error_reply(503, "the table could not be stored; try again");
  json out_seats = json::array();
  for (size_t s = 0; s < seats.size(); ++s) {
    json one{{"seat", s}, {"name", seat_name(static_cast<int>(s))}, {"player", seats[s]}};
    if (!row.tokens[s].empty()) {
      one["token"] = row.tokens[s];
      one["link"] = fmt::format("/?table={}&token={}", row.id, row.tokens[s]);
    }
    out_seats.push_back(std::move(one));
  }
  bool bots = false;
  {
    std::lock_guard<std::mutex> lk(mu_);
    keep(t);
  }
  {
    std::lock_guard<std::mutex> lk(t->mu);
    bots = bot_to_move(*t);
  }
  if (bots) bots_->push(row.id);
  return json_reply(201, {{"id", row.id},
                          {"game", row.game},
                          {"options", normalized},
                          {"seed", seed},
                          {"seats", out_seats},
                          {"spectate", fmt::format("/?table={}", row.id)},
                          {"seq", 0}});
}

// A `since` that is not a number is an error; none is 0 (the whole log).
static bool parse_since(std::string_view text, size_t& since) {
  since = 0;
  if (text.empty()) return true;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), since);
  return ec == std::errc() && end == text.data() + text.size();
}

Reply Tables::show(const std::string& id, std::string_view token, std::string_view at, std::string_view since_text) {
  const Timed timed{timings_.show, Clock::now()};
  Reply err;
  const Table t = find(id, err);
  if (!t) return err;
  int seat = -1;
  const auto asked = Clock::now();
  std::unique_lock<std::mutex> lk(t->mu);
  timings_.lock_wait.add(Clock::now() - asked);
  if (!seat_of(*t, token, seat, err)) return err;
  if (seat >= 0) t->claimed[static_cast<size_t>(seat)] = true;
  if (std::string why; !catch_up(*t, why)) return error_reply(503, fmt::format("table {} cannot be read: {}", id, why));
  // With a shared store the process that ran this table's bots may have died: a bot to move is
  // queued here (once; the decision numbers keep two processes from deciding twice).
  if (store_.shared() && bot_to_move(*t)) bots_->push(id);
  size_t since = 0;
  if (!parse_since(since_text, since)) return error_reply(400, "since must be a number of log entries the client holds");
  if (at.empty()) return json_reply(200, state_json(*t, seat, since));
  // As this observer saw it after K decisions: the game replayed that far, outside the lock.
  size_t k = 0;
  const auto [end, ec] = std::from_chars(at.data(), at.data() + at.size(), k);
  if (ec != std::errc() || end != at.data() + at.size() || k > t->decisions.size()) {
    return error_reply(400, fmt::format("at must be a number of decisions from 0 to {}", t->decisions.size()));
  }
  const std::vector<DecisionRow> upto(t->decisions.begin(), t->decisions.begin() + static_cast<long>(k));
  const json log = log_json(*t, 0, k, seat);
  const json options = json::parse(t->row.options);
  const uint64_t seed = t->row.seed;
  const size_t seq = t->decisions.size();
  lk.unlock();
  std::string why;
  auto g = t->kind->make(options, seed, why);
  if (!g || !replay_decisions(*g, upto, why)) return error_reply(500, fmt::format("the table cannot be replayed: {}", why));
  return json_reply(200, {{"id", id},
                          {"game", t->row.game},
                          {"seat", seat >= 0 ? json(seat) : json(nullptr)},
                          {"at", k},
                          {"seq", seq},
                          {"view", g->view(seat)},
                          {"decision", nullptr},
                          {"log_from", 0},
                          {"log", log},
                          {"over", g->terminal()},
                          {"result", nullptr}});
}

Reply Tables::decide(const std::string& id, std::string_view token, std::string_view body) {
  const Timed timed{timings_.decide, Clock::now()};
  Reply err;
  const Table t = find(id, err);
  if (!t) return err;
  if (token.empty()) return error_reply(401, "deciding needs the seat's token (X-Seat-Token)");
  json req;
  if (!parse_body(body, limits_.max_json_depth, req, err)) return err;
  if (!req.contains("option") || !req["option"].is_number_integer() || !req.contains("seq") ||
      !req["seq"].is_number_integer()) {
    return error_reply(400, "the body must be {\"option\": N, \"seq\": S}: N indexes decision.options, S is the seq read");
  }
  size_t since = 0;
  if (req.contains("since")) {
    if (!req["since"].is_number_unsigned()) return error_reply(400, "since must be a number of log entries the client holds");
    since = req["since"].get<size_t>();
  }
  int seat = -1;
  bool bots = false;
  json state;
  {
    const auto asked = Clock::now();
    std::unique_lock<std::mutex> lk(t->mu);
    timings_.lock_wait.add(Clock::now() - asked);
    if (!seat_of(*t, token, seat, err)) return err;
    t->claimed[static_cast<size_t>(seat)] = true;
    if (std::string why; !catch_up(*t, why)) return error_reply(503, fmt::format("table {} cannot be read: {}", id, why));
    if (t->over) return error_reply(409, "the game is over", {{"seq", t->decisions.size()}});
    if (req["seq"].get<int64_t>() != static_cast<int64_t>(t->decisions.size()) || t->storing) {
      return error_reply(409, fmt::format("seq {} is stale: the table has had {} decisions; read it again", req["seq"].dump(),
                                          t->decisions.size()),
                         {{"seq", t->decisions.size()}});
    }
    if (t->game->current_player() != seat) {
      return error_reply(409, fmt::format("it is not {}'s decision now", seat_name(seat)), {{"seq", t->decisions.size()}});
    }
    const int64_t option = req["option"].get<int64_t>();
    const size_t count = t->game->labels().size();
    // Beyond the legal actions: a shortcut (Magic: a spell with its mana paid), taken as the
    // legal actions it is made of, each stored as a decision of its own (the log stays the
    // kernel's, replayable as any other).
    std::vector<size_t> plan;
    if (option >= 0 && static_cast<size_t>(option) >= count) plan = t->game->shortcut_plan(static_cast<size_t>(option) - count);
    else if (option >= 0) plan = {static_cast<size_t>(option)};
    if (plan.empty()) {
      const size_t all = count + t->game->shortcuts().size();
      return error_reply(400, fmt::format("option {} is out of range: the decision has options 0 to {}", option, all - 1));
    }
    for (size_t step = 0; step < plan.size(); ++step) {
      const int status = commit(*t, lk, seat, plan[step]);
      if (status == 0) continue;
      const std::string part = step == 0 ? "" : fmt::format(" (after {} of its {} steps were stored)", step, plan.size());
      if (status == 400) return error_reply(400, fmt::format("option {} was refused by the game{}", option, part));
      if (status == 409) return error_reply(409, "another decision is being stored; read the table again" + part);
      return error_reply(503, step == 0 ? "the decision could not be stored; nothing changed; try again"
                                        : "the decision could not be stored whole" + part + "; read the table again");
    }
    bots = bot_to_move(*t);
    state = state_json(*t, seat, since);
  }
  if (bots) bots_->push(id);
  return json_reply(200, state);
}

bool Tables::bot_step(const std::string& id) {
  Reply err;
  const Table t = find(id, err);
  if (!t) return false;
  std::unique_lock<std::mutex> lk(t->mu);
  const Timed timed{timings_.bot_step, Clock::now()};
  if (std::string why; !catch_up(*t, why)) {
    lk.unlock();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));  // storage failing: try again soon
    return !stopping_;
  }
  if (stopping_ || t->storing || !bot_to_move(*t)) return false;
  // One process runs a table's bots: the one that holds its lease (always this one with SQLite).
  if (!store_.lease(id)) return false;
  const int seat = t->game->current_player();
  if (seat == kernel::kChancePlayer) {
    commit(*t, lk, -1, 0);
    return bot_to_move(*t);
  }
  if (t->seats[static_cast<size_t>(seat)] == "human") {  // a person's seat with nothing to decide
    const std::optional<size_t> forced = t->game->forced_option();
    if (forced) commit(*t, lk, seat, *forced);
    return bot_to_move(*t);
  }
  std::string spec = t->seats[static_cast<size_t>(seat)];
  if (t->bot_cpu_s > static_cast<double>(limits_.bot_cpu_s_per_table)) spec = "random";
  const uint64_t bot_seed = kernel::hash_mix(kernel::hash_mix(kernel::kHashSeed, t->row.seed), t->decisions.size());
  auto bot = t->game->make_bot(spec, bot_seed);
  if (!bot) bot = t->game->make_bot(spec = "random", bot_seed);
  const uint64_t seq = t->seq;
  const auto start = Clock::now();
  size_t pick = 0;
  if (spec == "random" || t->kind->copies_share_state) {
    pick = bot->choose(*t->game);  // at once (random), or a game whose copies share its state
  } else {
    const std::unique_ptr<TableGame> position = t->game->clone();
    lk.unlock();
    pick = bot->choose(*position);
    lk.lock();
    if (t->seq != seq || t->over || t->storing) return bot_to_move(*t);
  }
  t->bot_cpu_s += std::chrono::duration<double>(Clock::now() - start).count();
  if (commit(*t, lk, seat, pick) == 503) {
    lk.unlock();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));  // storage failing: try again soon
    return true;
  }
  return bot_to_move(*t);
}

Reply Tables::log(const std::string& id) {
  Reply err;
  const Table t = find(id, err);
  if (!t) return err;
  std::lock_guard<std::mutex> lk(t->mu);
  if (!t->over) return error_reply(409, "the log is given once the game is over", {{"seq", t->decisions.size()}});
  std::string out = log_header(t->row) + "\n";
  for (const DecisionRow& d : t->decisions) out += log_decision(d) + "\n";
  out += log_end(*t->game, t->row.result) + "\n";
  Reply r{200, std::move(out), "application/x-ndjson; charset=utf-8", {}, {}, {}};
  r.filename = fmt::format("{}.jsonl", id);
  return r;
}

Reply Tables::join(const std::string& id, std::string_view body) {
  Reply err;
  const Table t = find(id, err);
  if (!t) return err;
  json req;
  if (!parse_body(body, limits_.max_json_depth, req, err)) return err;
  std::lock_guard<std::mutex> lk(t->mu);
  if (!req.contains("seat") || !req["seat"].is_number_integer() || req["seat"].get<int64_t>() < 0 ||
      req["seat"].get<int64_t>() >= static_cast<int64_t>(t->seats.size())) {
    return error_reply(400, fmt::format("the body must be {{\"seat\": N}} with N a seat of this table, 0 to {}", t->seats.size() - 1));
  }
  const auto seat = static_cast<size_t>(req["seat"].get<int64_t>());
  if (t->seats[seat] != "human") {
    return error_reply(400, fmt::format("seat {} ({}) is the {} bot's: only a person's seat can be joined", seat,
                                        seat_name(static_cast<int>(seat)), t->seats[seat]));
  }
  if (t->over) return error_reply(409, "the game is over");
  if (t->claimed[seat]) {
    return error_reply(409, fmt::format("seat {} ({}) is taken: someone has used its link", seat, seat_name(static_cast<int>(seat))));
  }
  t->claimed[seat] = true;
  const std::string& token = t->row.tokens[seat];
  return json_reply(200, {{"id", id},
                          {"seat", seat},
                          {"name", seat_name(static_cast<int>(seat))},
                          {"token", token},
                          {"link", fmt::format("/?table={}&token={}", id, token)}});
}

Reply Tables::lobby(const json& episodes) {
  std::vector<Table> all;
  {
    std::lock_guard<std::mutex> lk(mu_);
    for (const auto& [id, t] : live_) {
      if (!t->over) all.push_back(t);
    }
  }
  json tables = json::array();
  for (const Table& t : all) {
    std::lock_guard<std::mutex> lk(t->mu);
    json seats = json::array();
    size_t free = 0;
    for (size_t s = 0; s < t->seats.size(); ++s) {
      const bool human = t->seats[s] == "human";
      const bool open = human && !t->claimed[s];
      free += open ? 1 : 0;
      seats.push_back({{"seat", s}, {"name", seat_name(static_cast<int>(s))}, {"player", t->seats[s]}, {"free", open}});
    }
    tables.push_back({{"id", t->row.id},
                      {"game", t->row.game},
                      {"seats", seats},
                      {"free", free},
                      {"joinable", free > 0},  // POST /api/tables/ID/join takes a free seat
                      {"seq", t->decisions.size()},
                      {"created_ms", t->row.created_ms},
                      {"spectate", fmt::format("/?table={}", t->row.id)}});
  }
  std::sort(tables.begin(), tables.end(), [](const json& a, const json& b) { return a["id"] > b["id"]; });
  return json_reply(200, {{"tables", tables}, {"episodes", episodes}});
}

Reply Tables::games(const json& more) const {
  json games = json::array();
  for (const TableKind* k : kinds_) {
    json g = k->describe();
    g["tables"] = true;
    if (!k->alias.empty()) g["alias"] = k->alias;
    games.push_back(std::move(g));
  }
  for (const auto& g : more) games.push_back(g);
  return json_reply(200, {{"games", games}, {"bots", agents::kAgentNames}});
}

Reply Tables::card(const std::string& id, std::string_view token, std::string_view card) {
  Reply err;
  const Table t = find(id, err);
  if (!t) return err;
  int seat = -1;
  std::lock_guard<std::mutex> lk(t->mu);
  if (!seat_of(*t, token, seat, err)) return err;
  json text = t->game->card_text(card, seat);
  if (text.is_null()) return error_reply(404, fmt::format("there is no card {} this seat may see", card));
  return json_reply(200, text);
}

Reply Tables::events(const std::string& id, std::string_view token) {
  Reply err;
  const Table t = find(id, err);
  if (!t) return err;
  int seat = -1;
  {
    std::lock_guard<std::mutex> lk(t->mu);
    if (!seat_of(*t, token, seat, err)) return err;
  }
  Reply r{200, {}, "text/event-stream", {}, {{"Cache-Control", "no-cache"}}, {}};
  r.events = std::make_shared<TableEvents>(t);
  return r;
}

}  // namespace rk::server::tables
