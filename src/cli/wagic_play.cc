// `rulekit wagic play`: a game between two prebuilt decks at the terminal, you (player 1) against
// a bot named as `wagic sim --agents` names them (`--bot random|greedy|mcts[:N][:dD]`), through the
// kernel (mtg::MatchGame). The board, then the numbered moves open to you (the first: keep your
// hand or mulligan); `help`, `quit`, end of input ends.
#include <fmt/format.h>

#include <iostream>
#include <string>

#include "cli/commands.h"
#include "games/mtg/compiler/card_def.h"
#include "games/mtg/language/database.h"
#include "games/mtg/rules/rules_file.h"
#include "games/mtg/lua/card_scripts.h"
#include "agents/make_agent.h"
#include "games/mtg/runners/match.h"
#include "games/mtg/runners/match_game.h"
#include "kernel/rng.h"

namespace rk::cli {
namespace {

struct WagicPlayOptions {
  std::vector<std::string> decks;
  uint64_t seed = 1;
  int turns = 60;
  std::string bot = "random";
};

std::string card_text(const mtg::Game& g, int c) {
  const mtg::Obj& o = g.objs[static_cast<size_t>(c)];
  std::string s = g.name(c);
  if (g.is_creature(c)) s += fmt::format(" {}/{}", g.power(c), g.toughness(c));
  if (o.tapped) s += " (tapped)";
  if (o.attacking) s += " (attacking)";
  if (o.blocking >= 0) s += " (blocking)";
  return s;
}

void print_board(const mtg::Match& m, int me) {
  const mtg::Game& g = m.game();
  if (m.mulligan_open()) std::cout << "\n== before the first turn: keep your hand, or mulligan (one card fewer) ==\n";
  else std::cout << fmt::format("\n== turn {}, {} of player {} ==\n", g.turn + 1, mtg::phase_name(g.phase), g.active + 1);
  for (int p = 1; p >= 0; --p) {
    const int seat = p == 1 ? 1 - me : me;
    const auto& pl = g.players[static_cast<size_t>(seat)];
    std::cout << fmt::format("player {}{}: life {}, library {}, hand {}, graveyard {}, pool {}\n", seat + 1,
                             seat == me ? " (you)" : "", pl.life, pl.zones[mtg::kLibrary].size(),
                             pl.zones[mtg::kHand].size(), pl.zones[mtg::kGraveyard].size(), pl.pool.text());
    std::string line;
    for (int c : pl.zones[mtg::kBattlefield]) line += (line.empty() ? "" : ", ") + card_text(g, c);
    std::cout << "  battlefield: " << (line.empty() ? "-" : line) << "\n";
    if (seat != me) continue;
    line.clear();
    for (int c : pl.zones[mtg::kHand]) line += (line.empty() ? "" : ", ") + g.name(c);
    std::cout << "  hand: " << (line.empty() ? "-" : line) << "\n";
  }
  for (const auto& item : g.stack) {
    if (item.source >= 0) std::cout << "  stack: " << g.name(item.source) << "\n";
  }
}

// Your turn to act: the numbered moves; false at quit or the end of input.
bool human_move(mtg::MatchGame& game, const std::vector<mtg::Move>& ms) {
  print_board(game.match(), 0);
  for (size_t i = 0; i < ms.size(); ++i) std::cout << fmt::format("  {}. {}\n", i + 1, ms[i].label);
  for (;;) {
    std::cout << "move (number, help, quit)> " << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) return false;
    if (line == "quit" || line == "q") return false;
    if (line == "help" || line == "h" || line == "?") {
      std::cout << "type a move's number; 1 line = 1 move. The last move passes to the next step.\n"
                   "Before the first turn: keep your hand, or mulligan (shuffle it back, draw one card fewer).\n"
                   "Mana: tap your lands for mana (their mana-ability moves) before casting. quit ends the game.\n";
      continue;
    }
    const int n = std::atoi(line.c_str());
    if (n >= 1 && static_cast<size_t>(n) <= ms.size()) return game.apply_index(static_cast<size_t>(n - 1));
    std::cout << "no such move: " << line << "\n";
  }
}

int run_play(const WagicPlayOptions& o) {
  mtg::Database db;
  std::string err;
  const std::string cards = std::string(RULEKIT_SHARED_DIR) + "/corpora/wagic/2016/sets";
  if (!mtg::load(cards, db, err)) {
    std::cerr << cards << ": error[WG0001]: " << err << "\n";
    return 2;
  }
  mtg::Catalog cat(db);
  std::vector<std::string> rules_warnings;
  cat.game_rules = mtg::rules_beside(cards, "classic.txt", &rules_warnings);  // classic.txt (and the mtg.txt it includes); absent: built-in
  for (const std::string& w : rules_warnings) std::cerr << w << "\n";
  mtg::CardScripts scripts;
  std::vector<std::string> script_errors;
  scripts.load(std::string(RULEKIT_SOURCE_DIR) + "/cards/wagic-lua", script_errors);
  cat.scripts = &scripts;
  std::vector<std::string> args = o.decks;
  while (args.size() < 2) args.push_back(args.empty() ? "1" : "2");
  mtg::Deck decks[2];
  for (int i = 0; i < 2; ++i) {
    const std::string& a = args[static_cast<size_t>(i)];
    const bool number = a.find_first_not_of("0123456789") == std::string::npos;
    const std::string f = number ? std::string(RULEKIT_SHARED_DIR) + "/corpora/wagic/2016/decks/ai/deck" + a + ".txt" : a;
    if (!mtg::read_deck(f, decks[i], err)) {
      std::cerr << f << ":1:1: error[WG0400]: " << err << "\n";
      return 2;
    }
  }
  auto bot = agents::make_agent<mtg::MatchGame>(mtg::bot_spec(o.bot), kernel::hash_mix(o.seed, 0xb07));
  if (!bot) {
    std::cerr << fmt::format("error: unknown bot `{}` (known: {})\n", o.bot, agents::kAgentNames);
    return 2;
  }
  std::cout << fmt::format("you: {} against the {} bot: {}\n", decks[0].name, o.bot, decks[1].name);
  mtg::MatchGame game(cat, decks[0], decks[1], o.seed, o.turns);
  const mtg::Match& m = game.match();
  while (!game.terminal()) {
    const auto ms = game.legal_actions();
    if (ms.empty()) break;
    if (game.current_player() == 0) {
      if (!human_move(game, ms)) {
        std::cout << "\ngame left at turn " << m.game().turn + 1 << "\n";
        return 0;
      }
      continue;
    }
    const size_t pick = bot->choose(game, ms);
    const auto& mv = ms[pick < ms.size() ? pick : 0];
    if (mv.kind != mtg::Move::kNext) std::cout << "bot: " << mv.label << "\n";
    game.apply_index(pick < ms.size() ? pick : 0);
  }
  print_board(m, 0);
  if (!game.error().empty()) std::cout << "engine error: " << game.error() << "\n";
  else if (m.winner() < 0) std::cout << "draw (turn limit)\n";
  else std::cout << (m.winner() == 0 ? "you win\n" : "the bot wins\n");
  return 0;
}

}  // namespace

void add_wagic_play(CLI::App& wagic, int& exit_code) {
  auto o = std::make_shared<WagicPlayOptions>();
  auto* play = wagic.add_subcommand("play", "play a prebuilt deck against a bot at the terminal");
  play->add_option("--deck", o->decks, "your deck then the bot's: a file or a prebuilt deck's number (default 1 and 2)");
  play->add_option("--seed", o->seed, "seed of the shuffle and the bot (default 1)");
  play->add_option("--turns", o->turns, "turn limit (default 60)");
  play->add_option("--bot", o->bot, std::string("the bot you play against (default random): ") + agents::kAgentNames +
                                        " (a bare mcts is mcts:200:d20)");
  play->callback([o, &exit_code] { exit_code = run_play(*o); });
}

}  // namespace rk::cli
