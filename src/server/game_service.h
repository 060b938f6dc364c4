// The one interface between the HTTP layer and a game. The HTTP layer (router, episodes) knows
// no game: it parses requests, checks tokens, keeps episodes in memory and evicts them; a game
// service turns a start request into an episode, replays a stored episode, and answers moves.
// Serving another game is one more implementation of GameService, whose factory its entry in the
// registry names (src/registry/registry.cc); http.cc starts every game the registry serves.
#pragma once

#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/limits.h"
#include "server/reply.h"
#include "server/store.h"

namespace rk::server {

// One episode in memory. A game derives its own state from it; the server holds `mu` while a
// game's display(), act() or export_file() works on it.
struct LiveEpisode {
  virtual ~LiveEpisode() = default;
  std::mutex mu;
  EpisodeRow row;  // id, token, setup...: filled by the server for a new episode
  int series_no = 0;  // its place in its series of episodes under one hidden rule (0: the first)
};

// What a game service is made with when the server starts.
struct ServiceSetup {
  Store& store;
  const Limits& limits;
  std::vector<std::filesystem::path> roots;  // the data folder, then the --game-data folders
  std::string_view demo_rules, demo_board;   // Rule Game's built-in demo
};

class GameService {
 public:
  virtual ~GameService() = default;

  // The game's name in storage and in the "game" field of a start request ("rulegame").
  virtual std::string_view name() const = 0;
  // GET paths the game serves itself besides episodes (its catalogs, its images), or nullopt
  // when `path` is not one of them.
  virtual std::optional<Reply> resource(std::string_view path) const = 0;

  // A new episode from the body of POST /api/episodes, with row.setup (what rebuild() needs) and
  // row.finish filled in; or nullptr with the reply that explains why not.
  virtual std::shared_ptr<LiveEpisode> create(const nlohmann::json& request, Reply& error) = 0;
  // The start request of the episode that follows `prev` in its series: prev's hidden rule, with
  // the rest (board, pieces, seed, player) as `request` asks. create() then makes it.
  virtual nlohmann::json next_in_series(LiveEpisode& prev, const nlohmann::json& request) = 0;
  // The episode a stored row describes, with its stored moves replayed; nullptr and `error` when
  // it cannot be rebuilt (a changed engine, a damaged record).
  virtual std::shared_ptr<LiveEpisode> rebuild(const EpisodeRow& row, std::string& error) = 0;

  // What the player may see (status 200), also the answer to a start (201, set by the server).
  virtual Reply display(LiveEpisode& e) = 0;
  // POST /api/episodes/ID/move: one move attempt, stored before it is answered.
  virtual Reply act(LiveEpisode& e, const nlohmann::json& request) = 0;
  // GET /api/episodes/ID/WHAT: a transcript or another file about the episode.
  virtual Reply export_file(LiveEpisode& e, std::string_view what) = 0;
};

}  // namespace rk::server
