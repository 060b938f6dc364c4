// Magic (Wagic card code) in the Python module, as `wagic sim` plays it. Actions: the index into
// the state's labelled moves, num_distinct_actions the most a state offers at once (kMaxOptions,
// padded). What a player sees: the game's own per-observer view (mtg::observer_view, the
// projection the web tables use): the other hand and both libraries only as counts, a face-down
// card nameless to all but its controller.
#include <fmt/format.h>

#include <mutex>

#include "any_game.h"
#include "games/mtg/compiler/card_def.h"
#include "games/mtg/language/database.h"
#include "games/mtg/lua/card_scripts.h"
#include "games/mtg/rules/rules_file.h"
#include "games/mtg/runners/match_game.h"
#include "games/mtg/runners/view.h"
#include "play.h"

namespace rk::py {
namespace {

using nlohmann::json;

constexpr int kMaxOptions = 512;
constexpr int kFeatures = 1024;
constexpr size_t kMoveLimit = 20'000;  // as `wagic sim`

class MtgState : public KernelState<mtg::MatchGame> {
 public:
  using KernelState::KernelState;
  std::unique_ptr<AnyState> clone() const override { return std::make_unique<MtgState>(*this); }
  std::vector<int> legal_actions() const override {
    auto out = KernelState::legal_actions();
    if (out.size() > static_cast<size_t>(kMaxOptions)) out.resize(kMaxOptions);
    return out;
  }
  std::string error() const override {
    const std::string e = KernelState::error();
    if (!e.empty() || g_.terminal()) return e;
    const size_t n = g_.legal_actions().size();
    return n > static_cast<size_t>(kMaxOptions) ? fmt::format("{} options, more than num_distinct_actions ({})", n, kMaxOptions) : "";
  }
  std::string observation_string(int p) const override { return mtg::observer_view(g_, p).dump(); }
  std::vector<float> observation_tensor(int p) const override {
    std::vector<float> t(kFeatures, 0.0f);
    hash_features(mtg::observer_view(g_, p), t);
    return t;
  }
  std::string to_string() const override {
    json hands = json::array();
    for (int p = 0; p < 2; ++p) hands.push_back(json::parse(observation_string(p)));
    return fmt::format("hash {:016x}\n{}", g_.hash(), hands.dump());
  }
  std::optional<std::array<uint64_t, 4>> rng_words() const override { return g_.match().chance().rng().words(); }
  bool determinize(int observer, uint64_t seed) override {
    kernel::Rng rng(seed);
    g_.determinize(observer, rng);
    return true;
  }
};

class MtgDef : public AnyGame {
 public:
  mtg::Database db;
  std::unique_ptr<mtg::Catalog> cat;
  mtg::CardScripts scripts;
  std::vector<mtg::Deck> decks;  // two
  int turns = 60;
  // The catalog compiles a card the first time a game meets it, so games that share it take turns.
  mutable std::mutex catalog_mutex;

  std::string name() const override { return "wagic"; }
  int num_players() const override { return 2; }
  int num_distinct_actions() const override { return kMaxOptions; }
  std::vector<int> observation_shape() const override { return {kFeatures}; }
  mtg::MatchGame make(uint64_t seed) const { return mtg::MatchGame(*cat, decks[0], decks[1], seed, turns); }
  std::unique_ptr<AnyState> new_state(uint64_t seed) const override {
    return std::make_unique<MtgState>(shared_from_this(), seed, make(seed));
  }
  PlayResult play(const PlayOptions& o) const override {
    std::lock_guard lock(catalog_mutex);
    PlayOptions one = o;
    one.threads = 1;  // the catalog compiles cards as games meet them: one game at a time
    one.agents.clear();
    for (const auto& a : o.agents) one.agents.push_back(mtg::bot_spec(a));
    return play_games<mtg::MatchGame>(one, 2, kMoveLimit, [this](uint64_t s) { return make(s); }, nullptr);
  }
  bool check_agent(const std::string& spec) const override { return agent_known<mtg::MatchGame>(mtg::bot_spec(spec)); }
};

}  // namespace

// decks=[A, B]: deck files, or numbers of Wagic's prebuilt AI decks (decks/ai/deckN.txt);
// by default decks 1 and 2. turns= the turn limit (a draw after it).
std::shared_ptr<AnyGame> load_mtg(const json& p, const std::string& shared_dir, const std::string& source_dir, std::string& error) {
  auto d = std::make_shared<MtgDef>();
  const std::string sets = p.value("cards", shared_dir + "/corpora/wagic/2016/sets");
  if (!mtg::load(sets, d->db, error)) {
    error = sets + ": " + error;
    return nullptr;
  }
  d->cat = std::make_unique<mtg::Catalog>(d->db);
  d->cat->game_rules = mtg::rules_beside(sets, "classic.txt");
  std::vector<std::string> script_errors;
  d->scripts.load(source_dir + "/cards/wagic-lua", script_errors);
  d->cat->scripts = &d->scripts;
  const std::string deck_dir = shared_dir + "/corpora/wagic/2016/decks/ai";
  std::vector<std::string> names;
  if (p.contains("decks")) {
    for (const json& v : p["decks"]) names.push_back(v.is_number_integer() ? std::to_string(v.get<int>()) : v.get<std::string>());
  } else {
    names = {"1", "2"};
  }
  if (names.size() != 2) {
    error = fmt::format("wagic: a game needs two decks (decks=[A, B]), not {}", names.size());
    return nullptr;
  }
  for (const std::string& n : names) {
    const bool number = !n.empty() && n.find_first_not_of("0123456789") == std::string::npos;
    mtg::Deck deck;
    if (!mtg::read_deck(number ? deck_dir + "/deck" + n + ".txt" : n, deck, error)) return nullptr;
    d->decks.push_back(std::move(deck));
  }
  d->turns = p.value("turns", 60);
  return d;
}

}  // namespace rk::py
