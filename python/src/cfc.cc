// Card Fighters' Clash in the Python module. Actions: the index into the state's labelled options
// (targets, payments and [[may]] folded in, as the engine lists them), num_distinct_actions the
// most it offers at once (kMaxOptions, padded). What a player sees: the game's own per-observer
// view (cfc::observer_view, the projection the web tables use): the other hand and both decks
// only as counts.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "any_game.h"
#include "games/cfc/compiler/deck.h"
#include "games/cfc/rules/game.h"
#include "games/cfc/compiler/pool.h"
#include "games/cfc/runners/view.h"
#include "play.h"

namespace rk::py {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr int kMaxOptions = 2048;
constexpr int kFeatures = 1024;
constexpr size_t kDecisionCap = 5000;  // the conformance test's cap: games end long before

class CfcState : public KernelState<cfc::Game> {
 public:
  using KernelState::KernelState;
  std::unique_ptr<AnyState> clone() const override { return std::make_unique<CfcState>(*this); }
  std::vector<int> legal_actions() const override {
    auto out = KernelState::legal_actions();
    if (out.size() > static_cast<size_t>(kMaxOptions)) out.resize(kMaxOptions);
    return out;
  }
  std::string error() const override {
    if (g_.terminal()) return {};
    const size_t n = g_.legal_actions().size();
    return n > static_cast<size_t>(kMaxOptions) ? fmt::format("{} options, more than num_distinct_actions ({})", n, kMaxOptions) : "";
  }
  std::string observation_string(int p) const override { return cfc::observer_view(g_, p).dump(); }
  std::vector<float> observation_tensor(int p) const override {
    std::vector<float> t(kFeatures, 0.0f);
    hash_features(cfc::observer_view(g_, p), t);
    return t;
  }
  std::string to_string() const override { return fmt::format("hash {:016x}\n{}", g_.hash(), g_.to_json().dump()); }
  std::optional<std::array<uint64_t, 4>> rng_words() const override {
    return const_cast<cfc::Game&>(g_).chance().rng().words();
  }
  bool determinize(int observer, uint64_t seed) override {
    kernel::Rng rng(seed);
    g_.determinize(observer, rng);
    return true;
  }
};

class CfcDef : public AnyGame {
 public:
  cfc::CardPool pool;
  cfc::Deck decks[2];

  std::string name() const override { return "cfc"; }
  int num_players() const override { return 2; }
  int num_distinct_actions() const override { return kMaxOptions; }
  std::vector<int> observation_shape() const override { return {kFeatures}; }
  std::unique_ptr<AnyState> new_state(uint64_t seed) const override {
    return std::make_unique<CfcState>(shared_from_this(), seed, cfc::Game(pool, decks[0], decks[1], seed));
  }
  PlayResult play(const PlayOptions& o) const override {
    return play_games<cfc::Game>(
        o, 2, kDecisionCap, [this](uint64_t s) { return cfc::Game(pool, decks[0], decks[1], s); }, nullptr);
  }
  bool check_agent(const std::string& spec) const override { return agent_known<cfc::Game>(spec); }
};

}  // namespace

// decks=[A, B]: .o8d paths, or names of the pool's prebuilt decks (o8g/Decks/NAME.o8d);
// by default its first two, as `rulekit cfc sim`.
std::shared_ptr<AnyGame> load_cfc(const json& p, const std::string& shared_dir, std::string& error) {
  auto d = std::make_shared<CfcDef>();
  const std::string cards = p.value("cards", shared_dir + "/corpora/cfc");
  std::vector<std::string> problems;
  if (!cfc::load_pool(cards, d->pool, error, problems)) return nullptr;
  std::vector<std::string> decks = p.value("decks", std::vector<std::string>());
  const std::string dir = cards + "/o8g/Decks";
  if (decks.empty()) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
      if (e.path().extension() == ".o8d") decks.push_back(e.path().string());
    }
    std::sort(decks.begin(), decks.end());
    if (decks.size() > 2) decks.resize(2);
  }
  if (decks.size() != 2) {
    error = fmt::format("cfc: a game needs two decks (decks=[A, B]), not {}", decks.size());
    return nullptr;
  }
  for (int i = 0; i < 2; ++i) {
    std::string f = decks[static_cast<size_t>(i)];
    if (!fs::exists(f)) f = dir + "/" + f + (fs::path(f).extension().empty() ? ".o8d" : "");
    std::vector<std::string> deck_problems;
    if (!cfc::load_deck(f, d->pool, d->decks[i], deck_problems)) {
      error = f + ": cannot load the deck" + (deck_problems.empty() ? "" : ": " + deck_problems[0]);
      return nullptr;
    }
  }
  return d;
}

}  // namespace rk::py
