// The Python module's view of a game, whatever the game: a loaded definition (`AnyGame`) that
// makes states (`AnyState`) in OpenSpiel's shape. Each game's binding file (rulegame.cc, cfc.cc,
// vck.cc, mtg.cc) derives from `KernelState<G>` over its kernel::Game and says what differs: how
// actions are numbered, what a player sees, the observation tensor, the whole state as text.
// module.cc turns these into Python classes; nothing here knows Python.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernel/decision.h"
#include "kernel/game.h"

namespace rk::py {

// OpenSpiel's player numbers; the kernel's own constants differ (kernel/decision.h).
inline constexpr int kOsChance = -1;
inline constexpr int kOsSimultaneous = -2;
inline constexpr int kOsTerminal = -4;

inline int openspiel_player(int kernel_player) {
  switch (kernel_player) {
    case kernel::kTerminal: return kOsTerminal;
    case kernel::kChancePlayer: return kOsChance;
    case kernel::kSimultaneousPlayer: return kOsSimultaneous;
    default: return kernel_player;
  }
}

// What `rulekit.play` returns: per game its returns (one row per game, one column per seat), its
// number of decisions, whether it ended (false: the decision cap or an engine error stopped it).
struct PlayResult {
  int players = 0;
  std::vector<double> returns;  // games x players
  std::vector<int64_t> lengths;
  std::vector<uint8_t> finished;
  std::vector<nlohmann::json> records;  // per game, when the game keeps records (VCK: dukes, cards owned)
  std::vector<std::vector<int>> histories;  // per game, when asked: each decision's index among the options
};

class AnyState;

class AnyGame : public std::enable_shared_from_this<AnyGame> {
 public:
  virtual ~AnyGame() = default;
  virtual std::string name() const = 0;
  virtual int num_players() const = 0;
  virtual int num_distinct_actions() const = 0;
  // Shape of observation_tensor (a flat float vector of their product).
  virtual std::vector<int> observation_shape() const = 0;
  // The parameters the game was loaded with, as given (serialize writes them).
  const nlohmann::json& params() const { return params_; }
  void set_params(nlohmann::json p) { params_ = std::move(p); }
  // A new game from `seed`: the deal and every random draw of the game come from it.
  virtual std::unique_ptr<AnyState> new_state(uint64_t seed) const = 0;
  // n games between built-in bots (one name per seat, or one for all), `threads` at a time, game
  // i from seed hash_mix(seed, i). Called without the GIL.
  struct PlayOptions {
    size_t n = 0;
    std::vector<std::string> agents;
    uint64_t seed = 1;
    int threads = 1;
    bool records = false, histories = false;
  };
  virtual PlayResult play(const PlayOptions& o) const = 0;
  // False with the reason when `spec` names no bot of this game.
  virtual bool check_agent(const std::string& spec) const = 0;

 protected:
  nlohmann::json params_;
};

class AnyState {
 public:
  virtual ~AnyState() = default;
  virtual std::unique_ptr<AnyState> clone() const = 0;
  virtual int current_player() const = 0;  // OpenSpiel's numbers
  virtual std::vector<int> legal_actions() const = 0;
  // Not legal (or the game is over): false, and nothing changes.
  virtual bool apply_action(int action) = 0;
  virtual std::string action_to_string(int action) const = 0;
  virtual bool terminal() const = 0;
  virtual std::vector<double> returns() const = 0;
  // What `player` sees now, as JSON text (the game's per-observer view).
  virtual std::string observation_string(int player) const = 0;
  virtual std::vector<float> observation_tensor(int player) const = 0;
  // Everything, as text: equal for equal states (the kernel's state hash and the whole view).
  virtual std::string to_string() const = 0;
  virtual uint64_t hash() const = 0;
  virtual std::string log_json() const = 0;
  // The words of the state's generator (xoshiro256**), for games whose state draws during play.
  virtual std::optional<std::array<uint64_t, 4>> rng_words() const = 0;
  // Re-samples what `observer` cannot see (the game's own determinize); false when it has none.
  virtual bool determinize(int observer, uint64_t seed) = 0;
  virtual std::string error() const = 0;
  // Facts a game offers beyond OpenSpiel's (Rule Game: attempts, errors, the last response).
  virtual nlohmann::json info() const { return nlohmann::json::object(); }

  const std::vector<int>& history() const { return history_; }
  uint64_t seed() const { return seed_; }
  const std::shared_ptr<const AnyGame>& game() const { return game_; }

 protected:
  std::shared_ptr<const AnyGame> game_;
  uint64_t seed_ = 0;
  std::vector<int> history_;  // every action applied, chance outcomes included
};

// Loads a game by name (rulegame, cfc, vck, wagic or mtg) with its parameters; null with `error`.
std::shared_ptr<AnyGame> load_game(const std::string& name, const nlohmann::json& params, std::string& error);

// Feature hashing of a view (any JSON): every leaf goes to one of `out.size()` cells chosen by a
// hash of its path (array positions left out, so a zone is a bag of cards); a string or a boolean
// adds 1 to the cell of path=value, a number adds its value (clipped to +-1000, scaled by 1/100)
// to the cell of its path. Used where a game has no fixed layout of its own.
void hash_features(const nlohmann::json& view, std::vector<float>& out);

// The kernel side shared by every game: OpenSpiel's numbering of players, chance, terminal;
// actions as indices into the labelled options (a game with a fixed action space overrides
// to_index / legal_actions); history.
template <kernel::Game G>
class KernelState : public AnyState {
 public:
  KernelState(std::shared_ptr<const AnyGame> game, uint64_t seed, G g) : g_(std::move(g)) {
    game_ = std::move(game);
    seed_ = seed;
  }

  int current_player() const override { return openspiel_player(g_.current_player()); }

  std::vector<int> legal_actions() const override {
    if (g_.terminal()) return {};
    if (g_.current_player() == kernel::kChancePlayer) return {0};
    std::vector<int> out(g_.legal_actions().size());
    std::iota(out.begin(), out.end(), 0);
    return out;
  }

  bool apply_action(int action) override {
    if (g_.terminal() || action < 0) return false;
    if (g_.current_player() == kernel::kChancePlayer) {
      // Sampled chance (OpenSpiel's SAMPLED_STOCHASTIC): the one outcome 0 lets the state's
      // seeded generator draw.
      if (action != 0 || !kernel::apply_chance(g_)) return false;
    } else {
      size_t index = 0;
      if (!to_index(action, index) || !g_.apply_index(index)) return false;
    }
    history_.push_back(action);
    return true;
  }

  std::string action_to_string(int action) const override {
    if (g_.current_player() == kernel::kChancePlayer) return action == 0 ? "chance draws" : "";
    size_t index = 0;
    const auto legal = g_.legal_actions();
    if (!to_index(action, index) || index >= legal.size()) return "";
    return std::string(g_.label(legal[index]));
  }

  bool terminal() const override { return g_.terminal(); }
  std::vector<double> returns() const override {
    if (!g_.terminal()) return std::vector<double>(static_cast<size_t>(g_.num_players()), 0.0);
    return g_.returns();
  }
  uint64_t hash() const override { return g_.hash(); }
  std::string log_json() const override { return g_.log().to_json().dump(); }
  std::string error() const override { return std::string(g_.error()); }

  const G& state() const { return g_; }
  G& state() { return g_; }

 protected:
  // The legal action's index for an action number; false when there is none.
  virtual bool to_index(int action, size_t& index) const {
    index = static_cast<size_t>(action);
    return action >= 0;
  }
  G g_;
};

}  // namespace rk::py
