// Episodes of every game, as the HTTP layer sees them: started, looked up by id with their
// player token, kept in memory within the limits, and rebuilt from storage on demand.
//
// Memory holds at most `max_live` episodes; the least recently used one that no request is
// using leaves first, and one untouched for `idle_evict_s` leaves anyway. It stays in storage and
// is rebuilt (its moves replayed) when it is asked for again, so start-up never replays anything:
// the port opens at once however many episodes are unfinished.
#pragma once

#include <chrono>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/game_service.h"
#include "server/limits.h"
#include "server/reply.h"
#include "server/store.h"

namespace rk::server {

class Episodes {
 public:
  Episodes(Store& store, const Limits& limits, std::vector<std::unique_ptr<GameService>> games);

  // POST /api/episodes from `client` (its address). Body: the game's start request, with an
  // optional "game" (default: the first game).
  Reply start(std::string_view body, const std::string& client);
  Reply display(const std::string& id, std::string_view token);
  Reply act(const std::string& id, std::string_view token, std::string_view body, const std::string& client);
  Reply export_file(const std::string& id, std::string_view token, std::string_view what);
  // GET /api/episodes/ID/series.csv: the detailed transcripts of every episode of ID's series up
  // to ID, first to last, under one header.
  Reply export_series(const std::string& id, std::string_view token);
  // A GET path one of the games serves (catalogs, images), or nullopt.
  std::optional<Reply> resource(std::string_view path) const;

  size_t live() const;
  const Limits& limits() const { return limits_; }
  std::vector<std::string> game_names() const;

 private:
  using Clock = std::chrono::steady_clock;
  struct Entry {
    std::shared_ptr<LiveEpisode> ep;
    GameService* game = nullptr;
    std::string client;  // counted against this address while unfinished
    Clock::time_point used;
    std::list<std::string>::iterator lru;
  };
  struct Found {
    std::shared_ptr<LiveEpisode> ep;
    GameService* game = nullptr;
  };

  // The episode, from memory or rebuilt from storage; a reply (404, 401, 403, 500) when there is
  // none or the token does not match.
  Found get(const std::string& id, std::string_view token, Reply& error, const std::string& client = {});
  Found load(const std::string& id, std::string_view token, Reply& error);
  void keep(const Found& f, const std::string& client);  // under mu_
  void forget(std::unordered_map<std::string, Entry>::iterator it);  // under mu_
  void evict(Clock::time_point now);                           // under mu_
  GameService* game_named(std::string_view name) const;

  Store& store_;
  const Limits& limits_;
  std::vector<std::unique_ptr<GameService>> games_;
  mutable std::mutex mu_;
  std::unordered_map<std::string, Entry> live_;
  std::list<std::string> lru_;  // most recently used first
  std::unordered_map<std::string, size_t> per_client_;  // unfinished live episodes by address
};

// A request body as a JSON object, refused (400) when it is not JSON, not an object, or nested
// deeper than `max_depth` (checked while parsing: a deep value never exists in memory).
bool parse_body(std::string_view body, size_t max_depth, nlohmann::json& out, Reply& error);

}  // namespace rk::server
