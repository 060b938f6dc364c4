#include "games/cfc/runners/match.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

namespace rk::cfc {

size_t play_out(Game& g, agents::Agent<Game>& first_seat, agents::Agent<Game>& second_seat) {
  size_t decisions = 0;
  agents::Agent<Game>* seats[2] = {&first_seat, &second_seat};
  while (!g.terminal()) {
    const std::vector<Action> legal = g.legal_actions();
    const size_t pick = seats[g.current_player()]->choose(g, legal);
    g.apply_index(pick < legal.size() ? pick : 0);
    ++decisions;
  }
  return decisions;
}

std::vector<std::string> check_invariants(const Game& g) {
  std::vector<std::string> out;
  size_t cards = 0;
  for (int p = 0; p < 2; ++p) {
    const PlayerState& ps = g.player(p);
    cards += ps.deck.size() + ps.hand.size() + ps.discards.size() + ps.removed.size();
    for (int s = 0; s < kSlots; ++s) {
      const EntityId e = ps.ring[static_cast<size_t>(s)];
      cards += (e != kNoEntity) + ps.backups[static_cast<size_t>(s)].size();
      if (e != kNoEntity && g.card(e).bp < 0) out.push_back(fmt::format("{} has negative BP", g.def(e).name));
    }
    if (ps.sp < 0) out.push_back(fmt::format("player {} has negative SP", p + 1));
  }
  if (cards != g.card_count()) out.push_back(fmt::format("{} cards in rings and piles; the game has {}", cards, g.card_count()));
  if (!g.terminal()) out.push_back("the game did not end");
  return out;
}

GameRecord record_of(const Game& g, uint64_t seed, const std::string& deck_a, const std::string& deck_b) {
  GameRecord r;
  r.seed = seed;
  r.decks[0] = deck_a;
  r.decks[1] = deck_b;
  r.log = g.log();
  r.final_hash = fmt::format("{:016x}", g.hash());
  r.winner = g.winner();
  r.turns = g.turn();
  return r;
}

std::string record_to_json(const GameRecord& r) {
  nlohmann::json j;
  j["game"] = "cfc";
  j["seed"] = r.seed;
  j["decks"] = {r.decks[0], r.decks[1]};
  j["final"] = {{"hash", r.final_hash}, {"winner", r.winner}, {"turns", r.turns}};
  j["log"] = r.log.to_json();
  return j.dump() + "\n";
}

bool record_from_json(const std::string& text, GameRecord& out, std::string& error) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    error = "not a JSON game log";
    return false;
  }
  if (j.value("game", "") != "cfc") {
    error = "not a Card Fighters' Clash game log (\"game\": \"cfc\")";
    return false;
  }
  if (!j.contains("seed") || !j["seed"].is_number_unsigned() || !j.contains("decks") || !j["decks"].is_array() ||
      j["decks"].size() != 2 || !j["decks"][0].is_string() || !j["decks"][1].is_string() || !j.contains("log")) {
    error = "a game log needs \"seed\", two \"decks\" and a \"log\"";
    return false;
  }
  out.seed = j["seed"].get<uint64_t>();
  out.decks[0] = j["decks"][0].get<std::string>();
  out.decks[1] = j["decks"][1].get<std::string>();
  if (j.contains("final") && j["final"].is_object()) {
    out.final_hash = j["final"].value("hash", "");
    out.winner = j["final"].value("winner", -1);
    out.turns = j["final"].value("turns", 0);
  }
  return kernel::Log::from_json(j["log"], out.log, error);
}

bool replay(const CardPool& pool, const Deck& a, const Deck& b, uint64_t seed, const kernel::Log& log, Game& out,
            std::string& error) {
  out = Game(pool, a, b, seed);
  const auto& want = log.entries();
  size_t at = out.log().size();  // the set-up's draws
  for (size_t i = 0; i < at; ++i) {
    if (i >= want.size() || !(want[i] == out.log().entries()[i])) {
      error = fmt::format("log entry {}: the set-up drew differently (other decks or seed?)", i);
      return false;
    }
  }
  while (at < want.size()) {
    const kernel::LogEntry& e = want[at];
    if (e.kind != kernel::LogEntry::Kind::kAction) {
      error = fmt::format("log entry {}: a random draw where the game expects a decision", at);
      return false;
    }
    if (out.terminal()) {
      error = fmt::format("log entry {}: a decision after the game ended", at);
      return false;
    }
    const size_t count = out.legal_actions().size();
    if (e.player != out.current_player() || e.bound != count || !out.apply_index(e.value)) {
      error = fmt::format("log entry {}: player {} chose {} of {}, but the game has player {} choosing among {}", at, e.player,
                          e.value, e.bound, out.current_player(), count);
      return false;
    }
    const auto& got = out.log().entries();
    for (size_t k = at; k < got.size(); ++k) {
      if (k >= want.size() || !(got[k] == want[k])) {
        error = fmt::format("log entry {}: the game drew or decided differently from the log", k);
        return false;
      }
    }
    at = got.size();
  }
  return true;
}

}  // namespace rk::cfc
