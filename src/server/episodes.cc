#include "server/episodes.h"

#include <fmt/format.h>

#include "server/ids.h"

namespace rk::server {
using nlohmann::json;

bool parse_body(std::string_view body, size_t max_depth, json& out, Reply& error) {
  struct TooDeep {};
  const json::parser_callback_t limit = [max_depth](int depth, json::parse_event_t, json&) {
    if (static_cast<size_t>(depth) > max_depth) throw TooDeep{};
    return true;
  };
  try {
    out = json::parse(body.begin(), body.end(), limit);
  } catch (const TooDeep&) {
    error = error_reply(400, fmt::format("the request body is nested deeper than {} levels", max_depth));
    return false;
  } catch (const json::exception& e) {
    error = error_reply(400, fmt::format("the request body is not valid JSON: {}", e.what()));
    return false;
  }
  if (!out.is_object()) {
    error = error_reply(400, "the request body must be a JSON object");
    return false;
  }
  return true;
}

Episodes::Episodes(Store& store, const Limits& limits, std::vector<std::unique_ptr<GameService>> games)
    : store_(store), limits_(limits), games_(std::move(games)) {}

GameService* Episodes::game_named(std::string_view name) const {
  for (const auto& g : games_) {
    if (g->name() == name) return g.get();
  }
  return nullptr;
}

std::optional<Reply> Episodes::resource(std::string_view path) const {
  for (const auto& g : games_) {
    if (auto r = g->resource(path)) return r;
  }
  return std::nullopt;
}

std::vector<std::string> Episodes::game_names() const {
  std::vector<std::string> out;
  for (const auto& g : games_) out.emplace_back(g->name());
  return out;
}

size_t Episodes::live() const {
  std::lock_guard<std::mutex> lk(mu_);
  return live_.size();
}

namespace {
// A series of episodes under one hidden rule is a chain: each episode after the first names the
// one before it in the "series" object the server adds to its stored setup, and they share the
// first one's player token.
struct SeriesLink {
  std::string first, after;
  int no = 0;
};

SeriesLink series_of(const EpisodeRow& row) {
  SeriesLink s;
  const json setup = json::parse(row.setup, nullptr, false);
  if (!setup.is_object() || !setup.contains("series") || !setup["series"].is_object()) return s;
  const json& v = setup["series"];
  s.first = v.value("first", std::string());
  s.after = v.value("after", std::string());
  s.no = v.value("no", 0);
  return s;
}
}  // namespace

Reply Episodes::start(std::string_view body, const std::string& client) {
  json req;
  Reply err;
  if (!parse_body(body, limits_.max_json_depth, req, err)) return err;
  GameService* game = games_.front().get();
  std::optional<Found> prev;
  if (req.contains("after")) {
    // The next episode of a series: the previous one's token proves the series is the caller's.
    if (!req["after"].is_string() || !req.contains("afterToken") || !req["afterToken"].is_string()) {
      return error_reply(400, "\"after\" names the previous episode of the series and needs its \"afterToken\"");
    }
    prev = get(req["after"].get<std::string>(), req["afterToken"].get<std::string>(), err, client);
    if (!prev->ep) return err;
    std::lock_guard<std::mutex> lk(prev->ep->mu);
    req = prev->game->next_in_series(*prev->ep, req);
    game = prev->game;
  } else if (req.contains("game")) {
    game = req["game"].is_string() ? game_named(req["game"].get<std::string>()) : nullptr;
    if (!game) {
      std::string names;
      for (const auto& g : games_) names += fmt::format("{}\"{}\"", names.empty() ? "" : ", ", g->name());
      return error_reply(400, fmt::format("\"game\" must name a game this server plays ({})", names));
    }
  }
  {
    std::lock_guard<std::mutex> lk(mu_);
    const auto it = per_client_.find(client);
    if (it != per_client_.end() && it->second >= limits_.max_live_per_client) {
      return error_reply(429, fmt::format("too many unfinished episodes in play from your address ({}); finish some, "
                                          "or wait for idle ones to be put away",
                                          it->second));
    }
  }
  std::shared_ptr<LiveEpisode> ep = game->create(req, err);
  if (!ep) return err;
  EpisodeRow& row = ep->row;
  row.game = std::string(game->name());
  row.created_ms = now_ms();
  row.id = new_episode_id(row.created_ms);
  row.token = new_token();
  if (prev) {
    const SeriesLink before = series_of(prev->ep->row);
    json setup = json::parse(row.setup);
    const std::string first = before.first.empty() ? prev->ep->row.id : before.first;
    setup["series"] = {{"first", first}, {"after", prev->ep->row.id}, {"no", before.no + 1}};
    row.setup = setup.dump();
    row.token = prev->ep->row.token;
    ep->series_no = before.no + 1;
  }
  if (!store_.create_episode(row)) return error_reply(503, "the episode could not be stored; try again");
  Reply out;
  {
    std::lock_guard<std::mutex> lk(ep->mu);
    out = game->display(*ep);
  }
  json view = json::parse(out.body);
  view["playerToken"] = row.token;
  view["seriesNo"] = ep->series_no;
  {
    std::lock_guard<std::mutex> lk(mu_);
    keep({ep, game}, client);
  }
  return json_reply(201, view);
}

namespace {
bool token_matches(const std::string& expected, std::string_view token, Reply& error) {
  if (token.empty()) {
    error = error_reply(401, "this request needs the episode's player token");
    return false;
  }
  if (!same_secret(token, expected)) {
    error = error_reply(403, "the player token does not match this episode");
    return false;
  }
  return true;
}
}  // namespace

Episodes::Found Episodes::load(const std::string& id, std::string_view token, Reply& error) {
  std::string why;
  const auto row = store_.load_episode(id, why);
  if (!why.empty()) {
    error = error_reply(500, fmt::format("episode {} cannot be read: {}", id, why));
    return {};
  }
  GameService* game = row ? game_named(row->game) : nullptr;
  if (!game) {
    error = error_reply(404, fmt::format("there is no episode {}", id));
    return {};
  }
  if (!token_matches(row->token, token, error)) return {};
  auto ep = game->rebuild(*row, why);
  if (!ep) {
    error = error_reply(500, fmt::format("episode {} cannot be resumed: {}", id, why));
    return {};
  }
  ep->series_no = series_of(*row).no;
  return {ep, game};
}

Episodes::Found Episodes::get(const std::string& id, std::string_view token, Reply& error,
                              const std::string& client) {
  Found f;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (auto it = live_.find(id); it != live_.end()) {
      f = {it->second.ep, it->second.game};
      it->second.used = Clock::now();
      lru_.splice(lru_.begin(), lru_, it->second.lru);
    }
  }
  if (f.ep) return token_matches(f.ep->row.token, token, error) ? f : Found{};
  // Rebuilt outside the lock, so that one long replay holds up no other episode. Two requests
  // for the same episode may both rebuild it; the first one kept serves both.
  f = load(id, token, error);
  if (!f.ep) return {};
  std::lock_guard<std::mutex> lk(mu_);
  if (auto it = live_.find(id); it != live_.end()) return {it->second.ep, it->second.game};
  keep(f, client);
  return f;
}

void Episodes::keep(const Found& f, const std::string& client) {
  const auto now = Clock::now();
  lru_.push_front(f.ep->row.id);
  Entry e{f.ep, f.game, f.ep->row.finish == 0 ? client : std::string(), now, lru_.begin()};
  if (!e.client.empty()) ++per_client_[e.client];
  live_.emplace(f.ep->row.id, std::move(e));
  evict(now);
}

void Episodes::forget(std::unordered_map<std::string, Entry>::iterator it) {
  if (!it->second.client.empty()) {
    auto c = per_client_.find(it->second.client);
    if (c != per_client_.end() && --c->second == 0) per_client_.erase(c);
  }
  lru_.erase(it->second.lru);
  live_.erase(it);
}

void Episodes::evict(Clock::time_point now) {
  // From the least recently used end: over the limit, or idle too long. An episode a request is
  // using (someone else holds it) stays; the next call looks again.
  const auto idle = std::chrono::seconds(limits_.idle_evict_s);
  auto pos = lru_.end();
  for (size_t looked = 0; pos != lru_.begin() && looked < 16; ++looked) {
    --pos;
    const auto it = live_.find(*pos);
    const bool over = live_.size() > limits_.max_live;
    if (!over && now - it->second.used < idle) break;
    if (it->second.ep.use_count() > 1) continue;
    pos = std::next(pos);
    forget(it);
  }
}

Reply Episodes::display(const std::string& id, std::string_view token) {
  Reply err;
  const Found f = get(id, token, err);
  if (!f.ep) return err;
  std::lock_guard<std::mutex> lk(f.ep->mu);
  return f.game->display(*f.ep);
}

Reply Episodes::act(const std::string& id, std::string_view token, std::string_view body, const std::string& client) {
  Reply err;
  const Found f = get(id, token, err, client);
  if (!f.ep) return err;
  json req;
  if (!parse_body(body, limits_.max_json_depth, req, err)) return err;
  Reply r;
  bool finished = false;
  {
    std::lock_guard<std::mutex> lk(f.ep->mu);
    r = f.game->act(*f.ep, req);
    finished = f.ep->row.finish != 0;
  }
  if (finished) {
    // A finished episode no longer counts against its client.
    std::lock_guard<std::mutex> lk(mu_);
    if (auto it = live_.find(id); it != live_.end() && !it->second.client.empty()) {
      auto c = per_client_.find(it->second.client);
      if (c != per_client_.end() && --c->second == 0) per_client_.erase(c);
      it->second.client.clear();
    }
  }
  return r;
}

Reply Episodes::export_file(const std::string& id, std::string_view token, std::string_view what) {
  Reply err;
  const Found f = get(id, token, err);
  if (!f.ep) return err;
  std::lock_guard<std::mutex> lk(f.ep->mu);
  return f.game->export_file(*f.ep, what);
}

Reply Episodes::export_series(const std::string& id, std::string_view token) {
  std::vector<Found> chain;
  Reply err;
  for (std::string at = id; !at.empty();) {
    if (chain.size() >= limits_.max_series_export) {
      return error_reply(413, fmt::format("the series is longer than the export limit ({} episodes)", limits_.max_series_export));
    }
    Found f = get(at, token, err);
    if (!f.ep) return err;
    at = series_of(f.ep->row).after;
    chain.push_back(std::move(f));
  }
  std::string out;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    Reply part;
    {
      std::lock_guard<std::mutex> lk(it->ep->mu);
      part = it->game->export_file(*it->ep, "detailed-transcript.csv");
    }
    if (part.status != 200) return part;
    // One header: the first episode's; the others' first lines are the same header.
    const size_t newline = part.body.find('\n');
    const size_t body = it == chain.rbegin() ? 0 : newline == std::string::npos ? part.body.size() : newline + 1;
    out.append(part.body, body, std::string::npos);
  }
  Reply r{200, std::move(out), "text/csv; charset=utf-8", {}, {}};
  r.filename = fmt::format("{}.series.csv", chain.back().ep->row.id);
  return r;
}

}  // namespace rk::server
