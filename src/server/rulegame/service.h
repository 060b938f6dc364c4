// Rule Game served over HTTP: the GameService that starts, replays and plays Rule Game
// episodes, writes their transcripts, and serves the catalog (rule sets, boards, colors, shapes).
// Every move attempt is stored before it is answered; an episode is rebuilt by replaying its
// stored attempts on its stored rule text and initial board.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "server/game_service.h"
#include "server/limits.h"
#include "server/rulegame/catalog.h"
#include "server/store.h"

namespace rk::server::rulegame {

struct Live;

class Service final : public GameService {
 public:
  Service(Store& store, Catalog catalog, const Limits& limits);
  ~Service() override;

  std::string_view name() const override { return "rulegame"; }
  // GET /api/rules, /api/boards, /api/colors, /shapes/NAME.svg.
  std::optional<Reply> resource(std::string_view path) const override;

  // The next episode of a series: the previous one's rule text and name, its player unless asked.
  nlohmann::json next_in_series(LiveEpisode& prev, const nlohmann::json& request) override;
  // Request: {"rules": NAME | "rulesText": TEXT, "board": NAME | BOARD | "pieces": N [, "shapes":
  // S, "colors": C, "seed": SEED], "playerId": TEXT}.
  std::shared_ptr<LiveEpisode> create(const nlohmann::json& request, Reply& error) override;
  std::shared_ptr<LiveEpisode> rebuild(const EpisodeRow& row, std::string& error) override;
  Reply display(LiveEpisode& e) override;
  // Request: {"pieceId": N, "bucket": B} | {"x", "y", "bx", "by"} | {"pos": P, "bucket": B},
  // optional "cnt" (the attempts made so far, as the client knows it).
  Reply act(LiveEpisode& e, const nlohmann::json& request) override;
  // "transcript" (JSON), "transcript.csv", "detailed-transcript.csv", "board.csv".
  Reply export_file(LiveEpisode& e, std::string_view what) override;

  const Catalog& catalog() const { return catalog_; }

 private:
  Reply act(LiveEpisode& e, const nlohmann::json& request, int retries);
  // With a store that other processes write too (Store::shared), the episode in memory may be
  // behind the database: current() checks its attempt count against the stored one and, when
  // they differ, reload()s it from the database. False with the reply when that fails.
  bool current(Live& l, Reply& err);
  bool reload(Live& l, Reply& err);

  Store& store_;
  Catalog catalog_;
  const Limits& limits_;
};

// The service for the registry: the catalog of the setup's folders and built-in demo.
std::unique_ptr<GameService> make_service(const ServiceSetup& setup);

}  // namespace rk::server::rulegame
