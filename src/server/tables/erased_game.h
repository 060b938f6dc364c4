// Any kernel::Game as a TableGame: the state itself plus the game's view hooks. The only template
// of the table service; everything else works on the erased interface.
#pragma once

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>
#include <string>
#include <utility>

#include "agents/make_agent.h"
#include "kernel/game.h"
#include "server/tables/table_game.h"

namespace rk::server::tables {

// A shortcut (TableGame::shortcuts): how it is shown, and the actions it takes in turn.
template <class G>
struct Shortcut {
  nlohmann::json view;
  std::vector<typename G::Action> steps;  // compared with each state's legal actions (operator==)
};

// What a game adds to its kernel::Game for a table: its view (what an observer may see), the
// view of one option, the words of the current question, how it names its bots, and its
// narration.
template <class G>
struct GameHooks {
  nlohmann::json (*view)(const G& state, int observer) = nullptr;
  nlohmann::json (*option_view)(const G& state, size_t index) = nullptr;  // nullptr: the label alone
  nlohmann::json (*card_text)(const G& state, std::string_view id, int observer) = nullptr;  // nullptr: none
  std::string (*prompt)(const G& state) = nullptr;                        // nullptr: by the choice's kind
  std::string (*bot_spec)(const std::string& name) = nullptr;             // nullptr: names as given
  // Applies option `index` and tells each observer what happened (the game's narration, as
  // the terminal tells it); nullptr: applied without words.
  bool (*apply_told)(G& state, size_t index, Told& told) = nullptr;
  std::vector<Shortcut<G>> (*shortcuts)(const G& state) = nullptr;  // nullptr: none
  std::optional<size_t> (*forced_option)(const G& state) = nullptr;  // nullptr: none
};

// The words of a question of this kind, for games that have none of their own.
inline std::string generic_prompt(const kernel::Choice& c) {
  switch (c.kind) {
    case kernel::Choice::Kind::kOneOf: return "choose one";
    case kernel::Choice::Kind::kSubset: return "choose the next item, or stop";
    case kernel::Choice::Kind::kYesNo: return "yes or no?";
    case kernel::Choice::Kind::kOrder: return "choose the next in order";
    case kernel::Choice::Kind::kNumber: return "choose a number";
  }
  return "choose";
}

template <kernel::Game G>
class ErasedGame final : public TableGame {
 public:
  // `keep`: what the state refers to and must outlive it (a table's own card catalog), shared by
  // its copies.
  ErasedGame(G state, const GameHooks<G>& hooks, std::shared_ptr<const void> keep = nullptr)
      : keep_(std::move(keep)), g_(std::move(state)), hooks_(&hooks) {}

  const G& state() const { return g_; }

  int num_players() const override { return g_.num_players(); }
  kernel::Decider decider() const override { return g_.decider(); }
  int current_player() const override { return g_.current_player(); }
  kernel::Choice choice() const override { return g_.choice(); }
  std::vector<std::string> labels() const override {
    std::vector<std::string> out;
    for (const auto& a : g_.legal_actions()) out.push_back(g_.label(a));
    return out;
  }
  bool apply(size_t index) override { return g_.apply_index(index); }
  bool apply_told(size_t index, Told& told) override {
    told = Told{};
    return hooks_->apply_told ? hooks_->apply_told(g_, index, told) : g_.apply_index(index);
  }
  std::vector<nlohmann::json> shortcuts() const override {
    std::vector<nlohmann::json> out;
    if (hooks_->shortcuts) {
      for (auto& s : hooks_->shortcuts(g_)) out.push_back(std::move(s.view));
    }
    return out;
  }
  std::vector<size_t> shortcut_plan(size_t k) const override {
    if (!hooks_->shortcuts) return {};
    const auto all = hooks_->shortcuts(g_);
    if (k >= all.size()) return {};
    G copy = g_;
    std::vector<size_t> plan;
    for (const auto& step : all[k].steps) {
      const auto legal = copy.legal_actions();
      const auto it = std::find(legal.begin(), legal.end(), step);
      if (it == legal.end() || !copy.apply_index(static_cast<size_t>(it - legal.begin()))) return {};
      plan.push_back(static_cast<size_t>(it - legal.begin()));
    }
    return plan;
  }
  std::optional<size_t> forced_option() const override {
    return hooks_->forced_option && !g_.terminal() ? hooks_->forced_option(g_) : std::nullopt;
  }
  bool apply_chance() override { return kernel::apply_chance(g_); }
  bool terminal() const override { return g_.terminal(); }
  std::vector<double> returns() const override { return g_.returns(); }
  uint64_t hash() const override { return g_.hash(); }
  std::string error() const override { return std::string(g_.error()); }
  nlohmann::json view(int observer) const override { return hooks_->view(g_, observer); }
  nlohmann::json card_text(std::string_view id, int observer) const override {
    return hooks_->card_text ? hooks_->card_text(g_, id, observer) : nlohmann::json(nullptr);
  }
  nlohmann::json option_view(size_t index) const override {
    if (hooks_->option_view) return hooks_->option_view(g_, index);
    const auto legal = g_.legal_actions();
    return {{"label", index < legal.size() ? std::string(g_.label(legal[index])) : std::string()}};
  }
  std::string prompt() const override { return hooks_->prompt ? hooks_->prompt(g_) : generic_prompt(g_.choice()); }
  std::unique_ptr<TableGame> clone() const override { return std::make_unique<ErasedGame>(g_, *hooks_, keep_); }
  std::unique_ptr<TableBot> make_bot(const std::string& spec, uint64_t seed) const override {
    auto agent = agents::make_agent<G>(hooks_->bot_spec ? hooks_->bot_spec(spec) : spec, seed);
    if (!agent) return nullptr;
    return std::make_unique<Bot>(std::move(agent));
  }

 private:
  class Bot final : public TableBot {
   public:
    explicit Bot(std::unique_ptr<agents::Agent<G>> a) : agent_(std::move(a)) {}
    size_t choose(const TableGame& position) override {
      const G& g = static_cast<const ErasedGame&>(position).g_;
      return agent_->choose(g, g.legal_actions());
    }

   private:
    std::unique_ptr<agents::Agent<G>> agent_;
  };

  std::shared_ptr<const void> keep_;  // before g_: destroyed after it
  G g_;
  const GameHooks<G>* hooks_;
};

}  // namespace rk::server::tables
