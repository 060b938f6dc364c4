// The generic MCTS agent: it finds an obviously winning move in a tiny game, its choices depend
// only on its seed, and it plays Card Fighters' Clash and Valeria: Card Kingdoms positions.
#include <gtest/gtest.h>

#include <array>
#include <span>

#include "agents/greedy_agent.h"
#include "agents/make_agent.h"
#include "agents/mcts_agent.h"
#include "agents/playout.h"
#include "agents/random_agent.h"
#include "games/cfc/compiler/deck.h"
#include "games/cfc/rules/game.h"
#include "games/cfc/compiler/pool.h"
#include "games/vck/rules/game.h"
#include "kernel/game.h"
#include "support.h"

namespace rk {
namespace {

// Race to 10: two players in turn add 1, 2 or 3 to a counter; who brings it to 10 or more wins.
// A die (a chance node) decides who starts, so the search must pass chance nodes.
class RaceGame {
 public:
  struct Action {
    int add = 1;
    bool operator==(const Action&) const = default;
  };
  explicit RaceGame(int counter = 0, int to_move = -1) : counter_(counter), to_move_(to_move) {}
  int num_players() const { return 2; }
  kernel::Decider decider() const {
    if (winner_ >= 0) return kernel::Decider::over();
    return to_move_ < 0 ? kernel::Decider::chance() : kernel::Decider::one(to_move_);
  }
  int current_player() const { return decider().next(); }
  kernel::Choice choice() const { return {}; }
  std::vector<Action> legal_actions() const {
    if (to_move_ < 0 || winner_ >= 0) return {};
    return {{1}, {2}, {3}};
  }
  bool apply_index(size_t i) {
    if (i >= 3 || to_move_ < 0 || winner_ >= 0) return false;
    log_.action(to_move_, static_cast<uint32_t>(i), 3);
    counter_ += static_cast<int>(i) + 1;
    if (counter_ >= 10) winner_ = to_move_;
    to_move_ = 1 - to_move_;
    return true;
  }
  bool apply_chance() {
    to_move_ = static_cast<int>(chance_.below(2, &log_));
    return true;
  }
  bool terminal() const { return winner_ >= 0; }
  std::vector<double> returns() const {
    if (winner_ < 0) return {0, 0};
    return winner_ == 0 ? std::vector<double>{1, -1} : std::vector<double>{-1, 1};
  }
  uint64_t hash() const { return static_cast<uint64_t>(counter_ * 4 + to_move_ + 1); }
  const kernel::Log& log() const { return log_; }
  std::string label(const Action& a) const { return "+" + std::to_string(a.add); }
  std::string error() const { return {}; }
  RaceGame copy_for_search() const {
    RaceGame g = *this;
    g.log_ = kernel::Log();
    return g;
  }
  kernel::Chance& chance() { return chance_; }

 private:
  int counter_ = 0, to_move_ = -1, winner_ = -1;
  kernel::Chance chance_{7};
  kernel::Log log_;
};
static_assert(kernel::Searchable<RaceGame> && kernel::HasChanceNodes<RaceGame>);

TEST(Mcts, TakesTheWinningMove) {
  for (int at : {7, 8, 9}) {
    RaceGame g(at, 1);
    agents::MctsAgent<RaceGame> bot(42, {.iterations = 300});
    const size_t pick = bot.choose(g, g.legal_actions());
    EXPECT_GE(at + static_cast<int>(pick) + 1, 10) << "at " << at;
  }
}

// From 5, adding 1 leaves 6: every answer (7, 8, 9) lets the mover reach 10 next. The only
// winning move needs lookahead of three plies.
TEST(Mcts, FindsTheWinningMoveThreePliesDeep) {
  RaceGame g(5, 0);
  agents::MctsAgent<RaceGame> bot(3, {.iterations = 2000});
  EXPECT_EQ(bot.choose(g, g.legal_actions()), 0u);
}

TEST(Mcts, BeatsRandomAtTheRace) {
  int wins = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    RaceGame g;
    agents::MctsAgent<RaceGame> bot(seed, {.iterations = 400});
    agents::RandomAgent<RaceGame> rnd(seed + 100);
    std::array<agents::Agent<RaceGame>*, 2> seats{&bot, &rnd};
    agents::play_out(g, std::span<agents::Agent<RaceGame>* const>(seats));
    ASSERT_TRUE(g.terminal());
    wins += g.returns()[0] > 0 ? 1 : 0;
  }
  EXPECT_GE(wins, 34);  // a random opponent errs sooner or later; only a lucky start saves it
}

TEST(MakeAgent, NamesAndBudgets) {
  for (const char* ok : {"random", "mcts", "mcts:50", "mcts:0.2s"}) EXPECT_NE(agents::make_agent<RaceGame>(ok, 1), nullptr) << ok;
  // RaceGame has no evaluate: no greedy bot and no heuristic rollout depth.
  for (const char* bad : {"greedy", "mcts:50:d8", "mcts:", "mcts:0", "mcts:-3", "mcts:1x", "mcts:0s", "mctsx", "Random", ""}) {
    EXPECT_EQ(agents::make_agent<RaceGame>(bad, 1), nullptr) << bad;
  }
  EXPECT_NE((agents::make_agent<vck::Game>("greedy", 1)), nullptr);
  EXPECT_NE((agents::make_agent<vck::Game>("mcts:1000:d8", 1)), nullptr);
  EXPECT_EQ((agents::make_agent<vck::Game>("mcts:1000:d", 1)), nullptr);
}

const vck::CardDb& vck_db() {
  static const vck::CardDb db = [] {
    vck::CardDb d;
    std::vector<std::string> problems;
    vck::load_cards(test::shared_dir() + "/corpora/vck/tables", d, problems);
    return d;
  }();
  return db;
}

vck::Game vck_game(uint64_t seed, int players = 2) {
  kernel::Chance chance(seed);
  vck::Setup s;
  std::string error;
  EXPECT_TRUE(vck::deal(vck_db(), "base", players, chance, s, error)) << error;
  return vck::Game(vck_db(), s, seed);
}

// Plays `decisions` decisions with an MCTS seat 0 and random others; returns MCTS's choices.
template <class G>
std::vector<size_t> mcts_choices(G g, uint64_t seed, size_t decisions, uint32_t iterations) {
  agents::MctsAgent<G> bot(seed, {.iterations = iterations});
  agents::RandomAgent<G> rnd(5);
  std::vector<size_t> picks;
  for (size_t n = 0; n < decisions && !g.terminal() && std::string(g.error()).empty(); ++n) {
    if (g.current_player() == kernel::kChancePlayer) {
      EXPECT_TRUE(kernel::apply_chance(g));
      continue;
    }
    const auto legal = g.legal_actions();
    EXPECT_FALSE(legal.empty());
    if (legal.empty()) break;
    size_t pick = 0;
    if (g.current_player() == 0) {
      pick = bot.choose(g, legal);
      picks.push_back(pick);
    } else {
      pick = rnd.choose(g, legal);
    }
    EXPECT_LT(pick, legal.size());
    EXPECT_TRUE(g.apply_index(pick));
  }
  EXPECT_EQ(std::string(g.error()), "");
  return picks;
}

TEST(Mcts, SameSeedSameChoices) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  const auto a = mcts_choices(vck_game(11), 99, 60, 100);
  const auto b = mcts_choices(vck_game(11), 99, 60, 100);
  EXPECT_FALSE(a.empty());
  EXPECT_EQ(a, b);
}

TEST(Mcts, PlaysValeriaAtTwoAndFourPlayers) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  for (int players : {2, 4}) {
    const auto picks = mcts_choices(vck_game(3, players), 1, 80, 60);
    EXPECT_GT(picks.size(), 3u) << players << " players";
  }
}

TEST(Mcts, PlaysCardFightersClash) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  cfc::CardPool pool;
  std::string error;
  std::vector<std::string> problems;
  ASSERT_TRUE(cfc::load_pool(test::shared_dir() + "/corpora/cfc", pool, error, problems)) << error;
  cfc::Deck decks[2];
  for (int i = 0; i < 2; ++i) {
    const char* name = i == 0 ? "Aso.o8d" : "Cap.o8d";
    ASSERT_TRUE(cfc::load_deck(test::shared_dir() + "/corpora/cfc/o8g/Decks/" + name, pool, decks[i], problems));
  }
  const auto picks = mcts_choices(cfc::Game(pool, decks[0], decks[1], 4), 2, 40, 50);
  EXPECT_GT(picks.size(), 3u);
}

// A determinization keeps what the observer sees and re-samples the rest: the other seat's duke
// changes in some samples, the observer's dukes, the stack tops and sizes never do, and play goes on.
TEST(Mcts, ValeriaDeterminizationKeepsTheObserversView) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  static_assert(agents::Determinizable<vck::Game> && agents::ChanceAccess<vck::Game>);
  vck::Game g = vck_game(21);
  agents::RandomAgent<vck::Game> rnd(4);
  for (int n = 0; n < 60 && !g.terminal(); ++n) g.apply_index(rnd.choose(g, g.legal_actions()));
  ASSERT_FALSE(g.terminal());
  kernel::Rng rng(9);
  bool other_changed = false;
  for (int k = 0; k < 20; ++k) {
    vck::Game d = g.copy_for_search();
    d.determinize(0, rng);
    EXPECT_EQ(d.players()[0].dukes, g.players()[0].dukes);
    other_changed = other_changed || d.players()[1].dukes != g.players()[1].dukes;
    for (char grid : {'c', 'd', 'm'}) {
      for (size_t i = 0; i < g.stacks(grid).size(); ++i) {
        ASSERT_EQ(d.stacks(grid)[i].size(), g.stacks(grid)[i].size());
        if (!g.stacks(grid)[i].empty()) {
          EXPECT_EQ(d.stacks(grid)[i].back(), g.stacks(grid)[i].back());
        }
      }
    }
    EXPECT_EQ(d.legal_actions(), g.legal_actions());
    agents::RandomAgent<vck::Game> a(static_cast<uint64_t>(k));
    for (int n = 0; n < 20000 && !d.terminal() && d.error().empty(); ++n) d.apply_index(a.choose(d, d.legal_actions()));
    EXPECT_TRUE(d.terminal()) << d.error();
  }
  EXPECT_TRUE(other_changed);
}

// The greedy bot now plays VCK too (vck::Game::evaluate).
TEST(Greedy, PlaysValeria) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  static_assert(kernel::Evaluable<vck::Game>);
  vck::Game g = vck_game(8);
  agents::GreedyAgent<vck::Game> a(1), b(2);
  std::array<agents::Agent<vck::Game>*, 2> seats{&a, &b};
  const auto r = agents::play_out(g, std::span<agents::Agent<vck::Game>* const>(seats), 20000);
  EXPECT_TRUE(r.finished) << g.error();
}

}  // namespace
}  // namespace rk
