// Any kernel::Game as a TableGame: the state itself plus the game's view hooks. The only template
// of the table service; everything else works on the erased interface.
#pragma once

#include <memory>
#include <string>
#include <utility>

#include "agents/make_agent.h"
#include "kernel/game.h"
#include "server/tables/table_game.h"

namespace rk::server::tables {

// What a game adds to its kernel::Game for a table: its view (what an observer may see), the
// view of one option, the words of the current question, and how it names its bots.
template <class G>
struct GameHooks {
  nlohmann::json (*view)(const G& state, int observer) = nullptr;
  nlohmann::json (*option_view)(const G& state, size_t index) = nullptr;  // nullptr: the label alone
  nlohmann::json (*card_text)(const G& state, std::string_view id, int observer) = nullptr;  // nullptr: none
  std::string (*prompt)(const G& state) = nullptr;                        // nullptr: by the choice's kind
  std::string (*bot_spec)(const std::string& name) = nullptr;             // nullptr: names as given
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
