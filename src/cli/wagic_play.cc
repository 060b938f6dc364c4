// `rulekit wagic play`: a game between two prebuilt decks at the terminal, you (p1, seat 0) against
// a bot named as `wagic sim --agents` names them (`--bot rollout|random|greedy|mcts[:N][:dD]`, default rollout), through the
// kernel (mtg::MatchGame). The board, then the numbered moves open to you (the first: keep your
// hand or mulligan) and the spells castable by tapping lands for you; every move narrated; steps
// where you can only pass are passed (`--every-step` stops there too). The words are the game
// folder's (games/mtg/runners/narration.h), shared with the server's tables. `help`, `quit`, end
// of input ends.
#include <fmt/format.h>

#include <algorithm>
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
#include "games/mtg/runners/narration.h"
#include "kernel/rng.h"

namespace rk::cli {
namespace {

struct WagicPlayOptions {
  std::vector<std::string> decks;
  uint64_t seed = 1;
  int turns = 60;
  std::string bot = "rollout";  // the default Magic bot (docs/mtg/MATCH.md)
  bool every_step = false;  // stop at every step, even where passing is all there is to do
  std::string cards;        // the Wagic sets folder; empty: the shared 2016 corpus
};

void print_lines(const std::vector<std::string>& lines) {
  for (const std::string& l : lines) std::cout << l << "\n";
}

// One decision of the person: the board, the engine's moves, then the spells castable by tapping
// lands first (numbered after them). false at quit or the end of input.
bool human_move(mtg::MatchGame& game) {
  std::cout << "\n";
  print_lines(mtg::board_lines(game.match(), 0));
  // The menu: spells castable by tapping lands for you first, then the engine's moves in the order
  // a person reads them (casts, other choices, mana abilities, the pass).
  const auto casts = mtg::auto_casts(game);
  const auto order = mtg::menu_order(game);
  size_t n = 0;
  for (const mtg::AutoCast& c : casts) std::cout << fmt::format("  {}. {}\n", ++n, c.label);
  for (size_t i : order) std::cout << fmt::format("  {}. {}\n", ++n, mtg::move_text(game, i));
  for (;;) {
    std::cout << "move (number, help, quit)> " << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) return false;
    if (line == "quit" || line == "q") return false;
    if (line == "help" || line == "h" || line == "?") {
      std::cout << "type a move's number; 1 line = 1 move. A pass moves on to the next step where you can act.\n"
                   "Before the first turn: keep your hand, or mulligan (shuffle it back, draw one card fewer).\n"
                   "Spells you can pay for are offered as \"cast X (taps ...)\": the lands are tapped for you.\n"
                   "You may also tap a land yourself (\"tap X for {G}\") and cast from the mana pool. quit ends the game.\n";
      continue;
    }
    const size_t pick = static_cast<size_t>(std::max(0, std::atoi(line.c_str())));
    if (pick >= 1 && pick <= casts.size()) {
      // Several moves (the taps, then the cast), narrated as one: the cast.
      const mtg::AutoCast& c = casts[pick - 1];
      for (const mtg::Move& step : c.steps) {
        const auto now = game.legal_actions();
        const auto it = std::find(now.begin(), now.end(), step);
        if (it == now.end()) break;
        const size_t i = static_cast<size_t>(it - now.begin());
        const mtg::MatchGame before = game.copy_for_search();
        if (!game.apply_index(i)) return false;
        if (&step == &c.steps.back()) print_lines(mtg::narrate(before, game, i, 0));
      }
      return true;
    }
    if (pick > casts.size() && pick <= casts.size() + order.size()) {
      const size_t i = order[pick - casts.size() - 1];
      const mtg::MatchGame before = game.copy_for_search();
      if (!game.apply_index(i)) return false;
      print_lines(mtg::narrate(before, game, i, 0));
      return true;
    }
    std::cout << "no such move: " << line << "\n";
  }
}

int run_play(const WagicPlayOptions& o) {
  mtg::Database db;
  std::string err;
  const std::string cards = o.cards.empty() ? std::string(RULEKIT_SHARED_DIR) + "/corpora/wagic/2016/sets" : o.cards;
  db.read_trees = false;  // the engine compiles the text; no trees needed (database.h)
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
      // Nothing to decide but passing (an empty step, a land with nothing to pay for): passed for
      // the person unless they asked to stop at every step; what the pass led to is still told.
      if (!o.every_step && !mtg::worth_stopping(game)) {
        const size_t pass = ms.size() - 1;  // the pass is listed last
        const mtg::MatchGame before = game.copy_for_search();
        game.apply_index(pass);
        print_lines(mtg::narrate(before, game, pass, 0));
        continue;
      }
      if (!human_move(game)) {
        std::cout << "\ngame left at turn " << m.game().turn + 1 << "\n";
        return 0;
      }
      continue;
    }
    const size_t pick = std::min(bot->choose(game, ms), ms.size() - 1);
    const mtg::MatchGame before = game.copy_for_search();
    game.apply_index(pick);
    print_lines(mtg::narrate(before, game, pick, 0));
  }
  std::cout << "\n";
  print_lines(mtg::board_lines(m, 0));
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
  play->add_option("--bot", o->bot, std::string("the bot you play against (default rollout): ") + agents::kAgentNames +
                                        " (a bare mcts is mcts:200:d20)");
  play->add_option("--cards", o->cards, "Wagic sets folder (default: the shared 2016 corpus)");
  play->add_flag("--every-step", o->every_step, "stop at every step, not only where you can do more than pass");
  play->callback([o, &exit_code] { exit_code = run_play(*o); });
}

}  // namespace rk::cli
