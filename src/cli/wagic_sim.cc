// `rulekit wagic sim`: games between Wagic's prebuilt decks on the engine, played through the
// kernel (mtg::MatchGame) by bots named as every sim names them (`--agents random,greedy`, default
// random for both). Last line `N games, E engine errors, hash H`; the hash folds every game's
// result, so two runs with the same seed print the same line. Between two named bots it also
// prints each one's wins with their 95% Wilson interval and the CPU ms of its decisions (mean and
// p95; the rollout bot's searched ones apart): `wagic sim -n 200 --agents rollout,greedy` is the
// match of docs/mtg/MATCH.md.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "agents/make_agent.h"
#include "agents/playout.h"
#include "agents/timed_agent.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "games/mtg/compiler/card_def.h"
#include "games/mtg/compiler/coverage.h"
#include "games/mtg/language/database.h"
#include "games/mtg/rules/rules_file.h"
#include "games/mtg/lua/card_scripts.h"
#include "games/mtg/runners/match.h"
#include "games/mtg/runners/match_game.h"
#include "games/mtg/runners/scenario.h"
#include "kernel/log.h"
#include "kernel/rng.h"

namespace rk::cli {
namespace {

struct WagicSimOptions {
  std::vector<std::string> decks;  // file names or numbers (deck<N>.txt of the prebuilt folder)
  size_t games = 100;
  uint64_t seed = 1;
  int turns = 60;
  std::string cards;
  bool deck_coverage = false;
  bool show_errors = false;  // the last events of each game an engine error ended
  std::string agents = "random,random";  // the bot of each player (they change seats every game)
  bool no_responses = false;             // no offers to respond
  bool classic = false;                  // the first version of whole games (its hashes)
  bool show_moves = false;               // every decision of every game, as it is taken
};

using MtgAgent = agents::Agent<mtg::MatchGame>;

// Prints each decision its bot takes (`--show-moves`): turn, step, life totals, the move.
class ShownAgent : public MtgAgent {
 public:
  ShownAgent(std::unique_ptr<MtgAgent> inner, std::string name) : inner_(std::move(inner)), name_(std::move(name)) {}
  size_t choose(const mtg::MatchGame& g, const std::vector<mtg::Move>& legal) override {
    const size_t pick = inner_->choose(g, legal);
    const mtg::Game& s = g.match().game();
    std::cout << fmt::format("  t{} {} [{}-{}] p{} {}: {}{}\n", s.turn, mtg::phase_name(s.phase), s.players[0].life, s.players[1].life,
                             g.current_player() + 1, name_, pick < legal.size() ? legal[pick].label : "?",
                             legal.size() > 1 ? fmt::format(" (of {})", legal.size()) : "");
    return pick;
  }
  std::string name() const override { return inner_->name(); }
  const MtgAgent& inner() const { return *inner_; }

 private:
  std::unique_ptr<MtgAgent> inner_;
  std::string name_;
};

bool parse_agents(const std::string& list, std::vector<std::string>& names) {
  std::stringstream ss(list);
  for (std::string a; std::getline(ss, a, ',');) names.push_back(a);
  if (names.size() == 1) names.push_back(names[0]);
  if (names.size() != 2) {
    std::cerr << fmt::format("error: --agents names {} bots for 2 players\n", names.size());
    return false;
  }
  for (const auto& n : names) {
    if (!agents::make_agent<mtg::MatchGame>(mtg::bot_spec(n), 0)) {
      std::cerr << fmt::format("error: unknown bot `{}` (known: {})\n", n, agents::kAgentNames);
      return false;
    }
  }
  return true;
}

std::string deck_dir() { return std::string(RULEKIT_SHARED_DIR) + "/corpora/wagic/2016/decks/ai"; }

bool load_decks(const std::vector<std::string>& args, std::vector<mtg::Deck>& out) {
  std::vector<std::string> files;
  if (args.empty()) {
    const auto all = mtg::deck_files(deck_dir());
    files.assign(all.begin(), all.begin() + static_cast<long>(std::min<size_t>(10, all.size())));
  }
  for (const std::string& a : args) {
    const bool number = !a.empty() && a.find_first_not_of("0123456789") == std::string::npos;
    files.push_back(number ? deck_dir() + "/deck" + a + ".txt" : a);
  }
  for (const std::string& f : files) {
    mtg::Deck d;
    std::string err;
    if (!mtg::read_deck(f, d, err)) {
      std::cerr << f << ":1:1: error[WG0400]: " << err << "\n";
      return false;
    }
    out.push_back(std::move(d));
  }
  if (out.size() < 2) std::cerr << "error[WG0401]: a game needs two decks (" << deck_dir() << " absent?)\n";
  return out.size() >= 2;
}

// How many of the prebuilt decks have every card's code running completely (coverage.h per card):
// one line per deck with parts not run, then the figure.
int deck_coverage(const mtg::Database& db) {
  std::map<int64_t, size_t> by_id;  // multiverse id -> primitive, as the catalog resolves it
  for (size_t i = 0; i < db.cards.size(); ++i) {
    const mtg::Card& c = db.cards[i];
    if (c.has_id && c.id > 0) by_id.emplace(c.id, c.resolved >= 0 ? static_cast<size_t>(c.resolved) : i);
  }
  const auto files = mtg::deck_files(deck_dir());
  size_t complete = 0;
  for (const std::string& f : files) {
    mtg::Deck d;
    std::string err;
    if (!mtg::read_deck(f, d, err)) continue;
    std::map<std::string, std::pair<size_t, std::set<std::string>>> gaps;  // keyword -> copies in the deck, card names
    size_t unknown = 0;
    for (int64_t id : d.ids) {
      auto it = by_id.find(id);
      if (it == by_id.end()) {
        ++unknown;
        continue;
      }
      std::vector<mtg::PartNotRun> parts;
      mtg::parts_not_run(db, db.cards[it->second], parts);
      for (const auto& p : parts) {
        auto& g = gaps[p.keyword];
        ++g.first, g.second.insert(std::string(db.effective(db.cards[it->second]).name));
      }
    }
    for (const auto& [name, copies] : d.named) {  // lines by name: the primitive of that name
      const mtg::Card* card = db.find(name);
      if (!card) {
        unknown += static_cast<size_t>(copies);
        continue;
      }
      std::vector<mtg::PartNotRun> parts;
      mtg::parts_not_run(db, *card, parts);
      for (const auto& p : parts) {
        auto& g = gaps[p.keyword];
        g.first += static_cast<size_t>(copies), g.second.insert(name);
      }
    }
    if (gaps.empty() && unknown == 0) {
      ++complete;
      continue;
    }
    std::cout << fmt::format("{} [{}]:", std::filesystem::path(f).filename().string(), d.name);
    if (unknown) std::cout << fmt::format(" {} unknown cards;", unknown);
    for (const auto& [k, g] : gaps) {
      std::cout << fmt::format(" {} x{} ({})", k.empty() ? "(empty)" : k, g.first, fmt::join(g.second, ", "));
    }
    std::cout << "\n";
  }
  std::cout << fmt::format("{} of {} prebuilt decks have every card's code running\n", complete, files.size());
  return 0;
}

constexpr size_t kMoveLimit = 20000;  // a game still going after this many moves is an engine error

uint64_t fold(uint64_t h, uint64_t v) { return (h ^ v) * 1099511628211ull; }

// The Wilson score interval of a proportion `wins` of `n` at 95% (z = 1.96): [low, high].
std::pair<double, double> wilson(size_t wins, size_t n) {
  if (n == 0) return {0.0, 1.0};
  const double z = 1.96, nn = static_cast<double>(n), p = static_cast<double>(wins) / nn;
  const double denom = 1 + z * z / nn, centre = (p + z * z / (2 * nn)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denom;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

int run_sim(const WagicSimOptions& o) {
  mtg::Database db;
  std::string err;
  const std::string cards = o.cards.empty() ? std::string(RULEKIT_SHARED_DIR) + "/corpora/wagic/2016/sets" : o.cards;
  db.read_trees = false;  // the engine compiles the text; no trees needed (database.h)
  if (!mtg::load(cards, db, err)) {
    std::cerr << cards << ": error[WG0001]: " << err << "\n";
    return 2;
  }
  if (o.deck_coverage) {
    mtg::add_scripted_names(std::string(RULEKIT_SOURCE_DIR) + "/cards/wagic-lua", db);  // their alias= runs
    return deck_coverage(db);
  }
  mtg::Catalog cat(db);
  std::vector<std::string> rules_warnings;
  cat.game_rules = mtg::rules_beside(cards, "classic.txt", &rules_warnings);  // classic.txt (and the mtg.txt it includes); absent: built-in
  for (const std::string& w : rules_warnings) std::cerr << w << "\n";
  mtg::CardScripts scripts;
  std::vector<std::string> script_errors;
  scripts.load(std::string(RULEKIT_SOURCE_DIR) + "/cards/wagic-lua", script_errors);
  cat.scripts = &scripts;
  std::vector<mtg::Deck> decks;
  if (!load_decks(o.decks, decks)) return 2;
  std::vector<std::pair<size_t, size_t>> pairs;  // every pair of distinct decks
  for (size_t i = 0; i < decks.size(); ++i) {
    for (size_t j = i + 1; j < decks.size(); ++j) pairs.emplace_back(i, j);
  }
  std::vector<std::string> names;
  if (!parse_agents(o.agents, names)) return 2;
  const bool all_random = names[0] == "random" && names[1] == "random";
  mtg::MatchOptions mo;
  mo.responses = !o.no_responses && !o.classic;
  mo.bounded_declarations = !o.classic;
  mo.mulligans = !o.classic;
  mo.skip_first_draw = !o.classic;
  mo.blockers_window = mo.responses;  // --classic and --no-responses run combat on to damage after blocks, as before
  uint64_t hash = 1469598103934665603ull;
  size_t errors = 0, draws = 0, unsupported = 0, moves = 0, turns = 0;
  size_t wins[2] = {0, 0}, bot_wins[2] = {0, 0};
  std::map<std::string, size_t> error_kinds;
  // Each part not run: the games that met it, and the first of them (its decks).
  std::map<std::string, std::pair<size_t, std::string>> missing_kinds;
  agents::MctsStats searched;
  agents::DecisionTimes times[2];     // per bot named, CPU ms of each decision with more than one option
  agents::DecisionTimes searched_ms[2];  // per rollout bot named, CPU ms of each decision it searched
  Progress progress(o.games, "games", std::cerr, isatty(2) != 0);
  const auto t0 = std::chrono::steady_clock::now();
  for (size_t g = 0; g < o.games; ++g) {
    const auto [a, b] = pairs[g % pairs.size()];
    const bool swap = (g / pairs.size()) % 2 == 1;  // each deck begins half the games
    const uint64_t seed = kernel::hash_mix(o.seed, g);
    mtg::MatchGame game(cat, decks[swap ? b : a], decks[swap ? a : b], seed, o.turns, mo);
    const mtg::Match& m = game.match();
    // Two random players share one generator (the stream `wagic sim` always had); other bots
    // have their own, and the first named begins the even games.
    const size_t first = g % 2;  // names[first] plays player 1
    std::vector<std::unique_ptr<MtgAgent>> bots;
    if (all_random) {
      bots.push_back(agents::make_agent<mtg::MatchGame>("random", kernel::hash_mix(seed, 0x5eed)));
    } else {
      for (size_t s = 0; s < 2; ++s) {
        const size_t who = (first + s) % 2;
        bots.push_back(std::make_unique<agents::TimedAgent<mtg::MatchGame>>(
            agents::make_agent<mtg::MatchGame>(mtg::bot_spec(names[who]), kernel::hash_mix(seed, s + 1)), times[who]));
      }
    }
    if (o.show_moves) {
      std::cout << fmt::format("game {}: {} v {}\n", g, decks[swap ? b : a].name, decks[swap ? a : b].name);
      for (size_t s = 0; s < bots.size(); ++s) {
        bots[s] = std::make_unique<ShownAgent>(std::move(bots[s]), all_random ? std::string("random") : names[(first + s) % 2]);
      }
    }
    MtgAgent* seats[2] = {bots.front().get(), bots.back().get()};
    agents::play_out(game, std::span<MtgAgent* const>(seats), kMoveLimit + 1);
    std::string error = m.error;
    if (error.empty() && !m.over()) error = "move limit (20000) reached";
    for (size_t s = 0; s < bots.size(); ++s) {
      const MtgAgent* inner = bots[s].get();
      if (const auto* shown = dynamic_cast<const ShownAgent*>(inner)) inner = &shown->inner();
      if (const auto* timed = dynamic_cast<const agents::TimedAgent<mtg::MatchGame>*>(inner)) inner = &timed->inner();
      if (const auto* ro = dynamic_cast<const agents::RolloutAgent<mtg::MatchGame>*>(inner)) {
        auto& to = searched_ms[(first + s) % 2].ms;
        to.insert(to.end(), ro->stats().searched.ms.begin(), ro->stats().searched.ms.end());
      }
      if (const auto* mc = dynamic_cast<const agents::MctsAgent<mtg::MatchGame>*>(inner)) {
        searched.iterations += mc->stats().iterations, searched.decisions += mc->stats().decisions;
      }
    }
    if (!error.empty()) {
      ++errors;
      ++error_kinds[error.substr(0, 100)];
      if (o.show_errors) {
        std::cout << fmt::format("game {} ({} v {}): {}\n", g, decks[swap ? b : a].name, decks[swap ? a : b].name, error);
        const auto& log = m.game().log;
        for (size_t i = log.size() > 12 ? log.size() - 12 : 0; i < log.size(); ++i) std::cout << "    " << log[i] << "\n";
      }
    } else if (m.winner() < 0) {
      ++draws;
    } else {
      ++wins[m.winner()];
      ++bot_wins[(first + static_cast<size_t>(m.winner())) % 2];
    }
    if (!m.game().missing.empty()) ++unsupported;
    for (const std::string& part : m.game().missing) {
      auto& [n, first_game] = missing_kinds[part.substr(0, 100)];
      if (n++ == 0) first_game = fmt::format("game {}, {} v {}", g, decks[swap ? b : a].name, decks[swap ? a : b].name);
    }
    moves += m.moves_played;
    turns += static_cast<size_t>(m.game().turn);
    hash = fold(hash, static_cast<uint64_t>(m.winner() + 2));
    hash = fold(hash, static_cast<uint64_t>(m.game().turn));
    hash = fold(hash, m.moves_played);
    for (const auto& p : m.game().players) hash = fold(hash, static_cast<uint64_t>(p.life + 1000));
    progress.update(g + 1);
  }
  progress.finish(o.games);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << fmt::format("decks: {}", decks.size());
  for (const auto& d : decks) std::cout << " [" << d.name << "]";
  std::cout << "\n";
  std::cout << fmt::format("first player won {}, second player won {}, draws (turn limit {}) {}\n", wins[0], wins[1], o.turns, draws);
  if (!all_random) {
    for (size_t s = 0; s < 2; ++s) {
      const auto [low, high] = wilson(bot_wins[s], o.games);
      std::cout << fmt::format("{} ({}): {} wins, {:.1f}% (95% Wilson interval {:.1f}% to {:.1f}%); {} searched decisions, mean {:.1f} ms, p95 {:.1f} ms (CPU)\n",
                               names[s], s + 1, bot_wins[s], o.games ? 100.0 * static_cast<double>(bot_wins[s]) / static_cast<double>(o.games) : 0.0,
                               100 * low, 100 * high, times[s].ms.size(), times[s].mean(), times[s].percentile(0.95));
      if (!searched_ms[s].ms.empty()) {
        std::cout << fmt::format("{} ({}): {} decisions searched by rollouts (the others answered greedily), mean {:.1f} ms, p95 {:.1f} ms (CPU)\n",
                                 names[s], s + 1, searched_ms[s].ms.size(), searched_ms[s].mean(), searched_ms[s].percentile(0.95));
      }
    }
  }
  if (searched.decisions > 0) {
    std::cout << fmt::format("mcts: {} iterations over {} searched decisions\n", searched.iterations, searched.decisions);
  }
  std::cout << fmt::format("games meeting parts the engine does not run: {}\n", unsupported);
  for (const auto& [part, seen] : missing_kinds) {
    std::cout << fmt::format("  part not run, met in {} games (first: {}): {}\n", seen.first, seen.second, part);
  }
  if (o.games) {
    std::cout << fmt::format("{:.1f} turns and {:.0f} moves a game; {:.1f} games/s\n", double(turns) / o.games,
                             double(moves) / o.games, secs > 0 ? o.games / secs : 0.0);
  }
  for (const auto& [kind, n] : error_kinds) std::cout << fmt::format("engine error x{}: {}\n", n, kind);
  std::cout << fmt::format("{} games, {} engine errors, hash {:016x}\n", o.games, errors, hash);
  return errors ? 1 : 0;
}

}  // namespace

void add_wagic_sim(CLI::App& wagic, int& exit_code) {
  auto o = std::make_shared<WagicSimOptions>();
  auto* sim = wagic.add_subcommand("sim", "random games between prebuilt decks; last line: N games, E engine errors, hash H");
  sim->add_option("--deck", o->decks, "a deck file, or the number of a prebuilt deck (default: decks 1 to 10, every pair)");
  sim->add_option("-n,--games", o->games, "games (default 100)");
  sim->add_option("--seed", o->seed, "seed (default 1)");
  sim->add_option("--turns", o->turns, "turn limit: a game still going after it is a draw (default 60)");
  sim->add_option("--cards", o->cards, "Wagic sets folder (default: the shared 2016 corpus)");
  sim->add_flag("--deck-coverage", o->deck_coverage, "instead of games: the prebuilt decks whose every card runs completely");
  sim->add_flag("--show-errors", o->show_errors, "print the last events of each game an engine error ended");
  sim->add_option("--agents", o->agents,
                  std::string("the bot of each player, comma-separated (they change seats every game; default random,random): ") + agents::kAgentNames +
                      " (a bare mcts is mcts:200:d20)");
  sim->add_flag("--show-moves", o->show_moves, "print every decision of every game: turn, step, life totals, player, bot, move");
  sim->add_flag("--no-responses", o->no_responses, "no offers to respond: spells and abilities resolve at once");
  sim->add_flag("--classic", o->classic, "the first whole games, with their hashes: no offers to respond, no mulligans, every combat click offered, a draw on the first turn");
  sim->callback([o, &exit_code] { exit_code = run_sim(*o); });
}

}  // namespace rk::cli
