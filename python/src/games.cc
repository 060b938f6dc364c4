// The games the module offers, by name, and what every game's binding shares: feature hashing of
// views, serialization, information states.
#include <fmt/format.h>

#include <algorithm>

#include "any_game.h"
#include "module_api.h"

namespace rk::py {

using nlohmann::json;

std::shared_ptr<AnyGame> load_rulegame(const json& p, std::string& error);
std::shared_ptr<AnyGame> load_cfc(const json& p, const std::string& shared_dir, std::string& error);
std::shared_ptr<AnyGame> load_vck(const json& p, const std::string& shared_dir, std::string& error);
std::shared_ptr<AnyGame> load_mtg(const json& p, const std::string& shared_dir, const std::string& source_dir, std::string& error);

namespace {

// The parameters each game takes; anything else is a mistake the caller hears about.
struct GameEntry {
  const char* name;
  std::vector<std::string> params;
};
const std::vector<GameEntry>& entries() {
  static const std::vector<GameEntry> e = {
      {"rulegame", {"rules", "board", "pieces", "shapes", "colors", "crowded", "max_attempts", "trial_list", "row", "input_dir"}},
      {"cfc", {"cards", "decks"}},
      {"vck", {"tables", "players", "preset", "duke", "duke_seat"}},
      {"wagic", {"cards", "decks", "turns"}},
  };
  return e;
}

}  // namespace

std::vector<std::string> game_names() { return {"rulegame", "cfc", "vck", "wagic", "mtg"}; }

std::shared_ptr<AnyGame> load_game(const std::string& asked, const json& params, std::string& error) {
  const std::string name = asked == "mtg" ? "wagic" : asked;  // Magic goes by either name
  const GameEntry* entry = nullptr;
  for (const auto& e : entries()) {
    if (name == e.name) entry = &e;
  }
  if (!entry) {
    error = fmt::format("no game named {} (rulegame, cfc, vck, wagic or mtg)", asked);
    return nullptr;
  }
  for (const auto& [k, v] : params.items()) {
    if (std::find(entry->params.begin(), entry->params.end(), k) == entry->params.end()) {
      error = fmt::format("{} takes no parameter {} (it takes {})", name, k, fmt::join(entry->params, ", "));
      return nullptr;
    }
  }
  const std::string shared = params_dir(kSharedDir), source = params_dir(kSourceDir);
  std::shared_ptr<AnyGame> g;
  try {
    if (name == "rulegame") g = load_rulegame(params, error);
    if (name == "cfc") g = load_cfc(params, shared, error);
    if (name == "vck") g = load_vck(params, shared, error);
    if (name == "wagic") g = load_mtg(params, shared, source, error);
  } catch (const json::exception& e) {
    error = fmt::format("{}: a parameter has the wrong type ({})", name, e.what());
    return nullptr;
  }
  if (g) g->set_params(params);
  return g;
}

void hash_features(const json& view, std::vector<float>& out) {
  if (out.empty()) return;
  auto cell = [&](uint64_t h) -> float& { return out[static_cast<size_t>(h % out.size())]; };
  auto mix_text = [](uint64_t h, std::string_view s) {
    for (char c : s) h = kernel::hash_mix(h, static_cast<uint8_t>(c));
    return h;
  };
  auto walk = [&](auto&& self, const json& v, uint64_t path) -> void {
    if (v.is_object()) {
      for (const auto& [k, x] : v.items()) self(self, x, mix_text(kernel::hash_mix(path, '.'), k));
    } else if (v.is_array()) {
      for (const json& x : v) self(self, x, kernel::hash_mix(path, '['));
    } else if (v.is_number()) {
      cell(path) += static_cast<float>(std::clamp(v.get<double>(), -1000.0, 1000.0) / 100.0);
    } else if (v.is_string()) {
      cell(mix_text(kernel::hash_mix(path, '='), v.get<std::string>())) += 1.0f;
    } else if (v.is_boolean()) {
      cell(kernel::hash_mix(kernel::hash_mix(path, '='), v.get<bool>() ? 1 : 2)) += 1.0f;
    }
  };
  walk(walk, view, kernel::kHashSeed);
}

std::string serialize(const AnyState& s) {
  json j = {{"game", s.game()->name()}, {"params", s.game()->params()}, {"seed", s.seed()}, {"history", s.history()},
            {"log", json::parse(s.log_json())}};
  if (const auto w = s.rng_words()) j["rng"] = *w;
  return j.dump();
}

std::unique_ptr<AnyState> deserialize(const AnyGame& game, const std::string& text, std::string& error) {
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("seed") || !j.contains("history")) {
    error = "not a serialized state (a JSON object with seed and history)";
    return nullptr;
  }
  if (j.value("game", std::string()) != game.name()) {
    error = fmt::format("a state of {}, not of {}", j.value("game", std::string("?")), game.name());
    return nullptr;
  }
  try {
    if (j.value("params", json::object()) != game.params()) {
      error = "the state was saved from a game loaded with other parameters";
      return nullptr;
    }
    auto s = game.new_state(j["seed"].get<uint64_t>());
    size_t at = 0;
    for (const json& a : j["history"]) {
      if (!a.is_number_integer() || !s->apply_action(a.get<int>())) {
        error = fmt::format("history entry {}: {} is not a legal action there", at, a.dump());
        return nullptr;
      }
      ++at;
    }
    // The log (decisions and every draw) and the generator must come out as saved: the same
    // state, and the same future.
    if (j.contains("log") && json::parse(s->log_json()) != j["log"]) {
      error = "replaying the history gives another log than the one saved";
      return nullptr;
    }
    if (j.contains("rng") && (!s->rng_words() || json(*s->rng_words()) != j["rng"])) {
      error = "replaying the history leaves the generator elsewhere than saved";
      return nullptr;
    }
    return s;
  } catch (const std::exception& e) {
    error = std::string("not a serialized state: ") + e.what();
    return nullptr;
  }
}

std::string information_state(const AnyState& s, int player) {
  // Perfect recall of what `player` saw: the observation before each decision and the player's
  // own choices; another player's choice shows only through what it changed in the view.
  auto replay = s.game()->new_state(s.seed());
  std::string out = replay->observation_string(player);
  for (int a : s.history()) {
    const int actor = replay->current_player();
    if (actor == player) out += "\n> " + replay->action_to_string(a);
    replay->apply_action(a);
    out += "\n" + replay->observation_string(player);
  }
  return out;
}

}  // namespace rk::py
