// Valeria: Card Kingdoms in the Python module. Actions: the index into the state's labelled
// options, num_distinct_actions the most options a state offers at once (kMaxOptions, padded).
// The duke choice and the harvest prompts are simultaneous gates in the kernel; the module asks
// them one seat at a time, as the kernel's decider does, and a seat's view never shows another
// seat's dukes. What a seat sees: the engine's summary (vck::summary_json) with the other seats'
// dukes counted instead of named and a domain stack's top hidden while it is still face down.
#include <fmt/format.h>

#include <stdexcept>

#include "any_game.h"
#include "games/vck/compiler/cards.h"
#include "games/vck/rules/game.h"
#include "games/vck/runners/report.h"
#include "games/vck/runners/view.h"
#include "play.h"

namespace rk::py {
namespace {

using nlohmann::json;

// The most options a VCK state offers at once; a state offering more is an engine error the
// module reports (measured with random games over every preset and seat count: see the tests).
constexpr int kMaxOptions = 1024;
constexpr int kFeatures = 1024;
constexpr size_t kDecisionCap = 20'000;  // as `vck sim`: a game past it is stuck

class VckState : public KernelState<vck::Game> {
 public:
  VckState(std::shared_ptr<const AnyGame> g, uint64_t seed, vck::Game game) : KernelState(std::move(g), seed, std::move(game)) {
    track_gate();
  }
  std::unique_ptr<AnyState> clone() const override { return std::make_unique<VckState>(*this); }
  bool apply_action(int action) override {
    if (!KernelState::apply_action(action)) return false;
    track_gate();
    return true;
  }
  std::vector<int> legal_actions() const override {
    auto out = KernelState::legal_actions();
    if (out.size() > static_cast<size_t>(kMaxOptions)) out.resize(kMaxOptions);  // never measured; error() says so
    return out;
  }
  std::string error() const override {
    const std::string e = KernelState::error();
    if (!e.empty() || g_.terminal()) return e;
    const size_t n = g_.legal_actions().size();
    return n > static_cast<size_t>(kMaxOptions) ? fmt::format("{} options, more than num_distinct_actions ({})", n, kMaxOptions) : "";
  }
  std::string observation_string(int p) const override { return view(p).dump(); }
  std::vector<float> observation_tensor(int p) const override {
    std::vector<float> t(kFeatures, 0.0f);
    hash_features(view(p), t);
    return t;
  }
  std::string to_string() const override {
    std::string dukes;
    for (const auto& pl : g_.players()) dukes += fmt::format(" {}:{}", pl.id, json(pl.dukes).dump());
    return fmt::format("hash {:016x} dukes{}\n{}", g_.hash(), dukes, vck::summary_json(g_));
  }
  std::optional<std::array<uint64_t, 4>> rng_words() const override {
    return const_cast<vck::Game&>(g_).chance().rng().words();
  }
  bool determinize(int observer, uint64_t seed) override {
    kernel::Rng rng(seed);
    g_.determinize(observer, rng);
    if (gate_base_) gate_base_->determinize(observer, rng);
    return true;
  }
  json info() const override {
    const kernel::Decider d = g_.decider();
    json ids = json::array();
    for (const auto& pl : g_.players()) ids.push_back(pl.id);
    return {{"gate_waiting", d.kind == kernel::Decider::Kind::kSimultaneous ? d.players : 0u}, {"turn", g_.turn()}, {"seat_ids", ids}};
  }

 private:
  // A simultaneous gate (the duke choice, a harvest's prompts) applies each answer as it comes,
  // as the original engine does; until every seat has answered, a seat sees the others' tableaus
  // and resources as they were when the gate opened, so no answer shows before all are in.
  void track_gate() {
    const kernel::Decider d = g_.decider();
    if (d.kind != kernel::Decider::Kind::kSimultaneous) {
      gate_base_.reset();
      gate_waiting_ = 0;
      return;
    }
    if (!gate_base_ || (d.players & ~gate_waiting_) != 0) gate_base_ = g_.copy_for_search();  // a new gate
    gate_waiting_ = d.players;
  }
  json view(int observer) const {
    json v = vck::observer_view(g_, observer);
    if (!gate_base_) return v;
    const json before = vck::observer_view(*gate_base_, observer);
    for (size_t seat = 0; seat < v["players"].size(); ++seat) {
      if (static_cast<int>(seat) != observer) v["players"][seat] = before["players"][seat];
    }
    return v;
  }
  std::optional<vck::Game> gate_base_;
  uint32_t gate_waiting_ = 0;
};

class VckDef : public AnyGame {
 public:
  vck::CardDb db;
  std::string preset = "base";
  int players = 2;
  int duke = 0, duke_seat = 0;  // duke id dealt to that seat (0: the deal decides)

  std::string name() const override { return "vck"; }
  int num_players() const override { return players; }
  int num_distinct_actions() const override { return kMaxOptions; }
  std::vector<int> observation_shape() const override { return {kFeatures}; }

  vck::Game make(uint64_t seed) const {
    kernel::Chance chance(seed);
    vck::Setup s;
    std::string error;
    if (!vck::deal(db, preset, players, chance, s, error)) throw std::invalid_argument("vck: " + error);
    if (duke) force_duke(s);
    return vck::Game(db, s, seed);
  }
  // The duke goes to `duke_seat` as its only choice; a seat that was dealt it gets the card it replaced.
  void force_duke(vck::Setup& s) const {
    auto& mine = s.dukes_dealt[static_cast<size_t>(duke_seat)];
    const int replaced = mine.empty() ? 0 : mine[0];
    for (size_t seat = 0; seat < s.dukes_dealt.size(); ++seat) {
      for (int& d : s.dukes_dealt[seat]) {
        if (d == duke && static_cast<int>(seat) != duke_seat) d = replaced;
      }
    }
    mine = {duke};
  }
  std::unique_ptr<AnyState> new_state(uint64_t seed) const override {
    return std::make_unique<VckState>(shared_from_this(), seed, make(seed));
  }
  PlayResult play(const PlayOptions& o) const override {
    auto record = [](const vck::Game& g) {
      const vck::SimGame r = vck::record_game(g);
      return json{{"returns", r.returns}, {"dukes", r.dukes}, {"owned", r.owned}, {"turns", r.turns},
                  {"end_reason", r.end_reason}, {"finished", r.finished}};
    };
    return play_games<vck::Game>(o, players, kDecisionCap, [this](uint64_t s) { return make(s); }, record);
  }
  bool check_agent(const std::string& spec) const override { return agent_known<vck::Game>(spec); }
};

}  // namespace

std::shared_ptr<AnyGame> load_vck(const json& p, const std::string& shared_dir, std::string& error) {
  auto d = std::make_shared<VckDef>();
  const std::string tables = p.value("tables", shared_dir + "/corpora/vck/tables");
  std::vector<std::string> problems;
  if (!vck::load_cards(tables, d->db, problems)) {
    error = tables + ": cannot load the VCK tables" + (problems.empty() ? "" : ": " + problems[0]);
    return nullptr;
  }
  d->preset = p.value("preset", std::string("base"));
  d->players = p.value("players", 2);
  if (d->players < 2 || d->players > 5) {
    error = "vck: players= must be 2 to 5";
    return nullptr;
  }
  if (p.contains("duke")) {
    const std::string want = p["duke"].get<std::string>();
    for (const auto& k : d->db.dukes) {
      if (k.id && k.name == want) d->duke = k.id;
    }
    if (!d->duke) {
      error = "vck: no duke named " + want;
      return nullptr;
    }
    d->duke_seat = p.value("duke_seat", 0);
    if (d->duke_seat < 0 || d->duke_seat >= d->players) {
      error = "vck: duke_seat= must name a seat";
      return nullptr;
    }
  }
  try {
    (void)d->make(1);  // a bad preset is an error at load time
  } catch (const std::invalid_argument& e) {
    error = e.what();
    return nullptr;
  }
  return d;
}

// The balance report of `vck sim --report` from records of rulekit.play(..., records=True).
std::string vck_report(const json& records, const std::string& preset, int players, const std::vector<std::string>& agents, uint64_t seed) {
  vck::ReportInput in{preset, players, agents, seed, {}};
  for (const json& r : records) {
    vck::SimGame g;
    g.returns = r.at("returns").get<std::vector<double>>();
    g.dukes = r.at("dukes").get<std::vector<std::string>>();
    g.owned = r.at("owned").get<std::vector<std::vector<std::string>>>();
    g.turns = r.at("turns").get<int>();
    g.end_reason = r.at("end_reason").get<std::string>();
    g.finished = r.at("finished").get<bool>();
    in.games.push_back(std::move(g));
  }
  return vck::report_html(in);
}

}  // namespace rk::py
