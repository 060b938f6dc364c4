// Rule Game episodes served over HTTP: start, look, move, transcripts. Every move attempt is
// stored before it is answered; an episode not in memory (after a restart, say) is rebuilt by
// replaying its stored attempts on its stored rule text and initial board.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "server/reply.h"
#include "server/rulegame/catalog.h"
#include "server/store.h"

namespace rk::server::rulegame {

struct Live;  // one episode in memory

class Service {
 public:
  Service(Store& store, Catalog catalog);
  ~Service();

  // POST /api/episodes. Body: {"rules": NAME | "rulesText": TEXT, "board": NAME |
  // "pieces": N [, "shapes": S, "colors": C, "seed": SEED], "playerId": TEXT}.
  Reply start(std::string_view body);
  // GET /api/episodes/ID: what the player may see.
  Reply display(const std::string& id, std::string_view token);
  // POST /api/episodes/ID/move. Body: {"pieceId": N, "bucket": B} | {"x", "y", "bx", "by"} |
  // {"pos": P, "bucket": B}, optional "cnt" (the attempts made so far, as the client knows it).
  Reply move(const std::string& id, std::string_view token, std::string_view body);
  // GET /api/episodes/ID/<what>: "transcript" (JSON), "transcript.csv",
  // "detailed-transcript.csv", "board.csv".
  Reply export_file(const std::string& id, std::string_view token, std::string_view what);

  Reply list_rules() const;
  Reply list_boards() const;
  Reply list_colors() const;
  const Catalog& catalog() const { return catalog_; }

  // Loads every unfinished episode from storage (at start-up, so problems show at once).
  // Returns how many were resumed; episodes that cannot be rebuilt are counted in `failed`.
  size_t resume_all(size_t& failed);

 private:
  std::shared_ptr<Live> get(const std::string& id, Reply& error);
  std::shared_ptr<Live> rebuild(const EpisodeRow& row, std::string& error);

  Store& store_;
  Catalog catalog_;
  std::mutex mu_;
  std::map<std::string, std::shared_ptr<Live>> live_;
};

}  // namespace rk::server::rulegame
