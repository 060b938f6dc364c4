// `rulekit vck play`: a game of Valeria: Card Kingdoms at the terminal, one seat played by a
// person, the others by bots. Before each of the person's decisions it shows the board and the
// numbered moves in words; after every move, the person's own included, what it did. The words
// are the game folder's (games/vck/runners/narration.h), shared with the server's tables. `help`,
// `board`, `quit`; the end of input leaves the game cleanly.
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>

#include "agents/make_agent.h"
#include "cli/commands.h"
#include "games/vck/compiler/cards.h"
#include "games/vck/rules/draft.h"
#include "games/vck/rules/game.h"
#include "games/vck/runners/narration.h"
#include "kernel/chance.h"

namespace rk::cli {
namespace {

using vck::Action;
using vck::Game;

struct PlayOptions {
  int players = 2;
  int seat = 1;  // the person's seat, 1-based
  std::string preset = "base";
  std::string agents = "random";  // the bots of the other seats, in seat order (the last repeats)
  uint64_t seed = 1;
};

// The bots by name: the same names every sim takes (agents/make_agent.h).
using Bot = std::unique_ptr<agents::Agent<Game>>;

Bot make_bot(const std::string& name, uint64_t seed) { return agents::make_agent<Game>(name, seed); }

std::string bot_names() { return agents::kAgentNames; }

void print_lines(const std::vector<std::string>& lines, std::ostream& out) {
  for (const std::string& l : lines) out << l << "\n";
}

void print_board(const Game& g, int me, std::ostream& out) {
  out << "\n";
  print_lines(vck::board_lines(g, me), out);
}

void print_moves(const Game& g, const std::vector<Action>& legal, int me, std::ostream& out) {
  out << "your moves:\n";
  for (size_t i = 0; i < legal.size(); ++i) out << fmt::format("  {:3}. {}\n", i + 1, vck::move_text(g, legal[i], me));
}

void print_help(std::ostream& out) {
  out << "Type the number of a move and press Enter.\n"
         "  board  show the board and your moves again\n"
         "  help   this text\n"
         "  quit   leave the game (so does the end of input, Ctrl-D)\n"
         "Costs: hiring and building are paid in gold, magic standing in for gold; slaying is paid in strength and\n"
         "magic. A citizen costs 1 gold more for each copy of it you own already.\n"
         "Each turn: the active player rolls two dice; every player's cards whose number comes up pay (harvest),\n"
         "then the active player takes actions (hire, build, slay, or take 1 resource).\n";
}

enum class Answer { kMove, kQuit };

// Reads until a valid move number, `quit` or the end of input. `pick` gets the 0-based move.
Answer ask(const Game& g, const std::vector<Action>& legal, int me, std::istream& in, std::ostream& out, size_t& pick) {
  for (;;) {
    out << "> " << std::flush;
    std::string line;
    if (!std::getline(in, line)) {
      out << "\n(end of input: leaving the game)\n";
      return Answer::kQuit;
    }
    std::istringstream words(line);
    std::string w;
    words >> w;
    if (w.empty()) continue;
    if (w == "quit" || w == "q" || w == "exit") return Answer::kQuit;
    if (w == "help" || w == "?") {
      print_help(out);
    } else if (w == "board") {
      print_board(g, me, out);
      print_moves(g, legal, me, out);
    } else if (w.find_first_not_of("0123456789") == std::string::npos && w.size() < 6 && std::stoul(w) >= 1 && std::stoul(w) <= legal.size()) {
      pick = std::stoul(w) - 1;
      return Answer::kMove;
    } else {
      out << fmt::format("'{}' is not a move: type a number from 1 to {}, or help\n", w, legal.size());
    }
  }
}

int play(const std::string& tables, const PlayOptions& o, std::istream& in, std::ostream& out) {
  vck::CardDb db;
  std::vector<std::string> problems;
  if (!vck::load_cards(tables, db, problems)) {
    for (const auto& p : problems) std::cerr << p << "\n";
    std::cerr << "hint: give the VCK table folder with --tables DIR\n";
    return 2;
  }
  if (o.seat < 1 || o.seat > o.players) {
    std::cerr << fmt::format("error: --seat must be 1..{}\n", o.players);
    return 2;
  }
  std::vector<std::string> names;
  std::stringstream ss(o.agents);
  for (std::string n; std::getline(ss, n, ',');) names.push_back(n);
  std::vector<Bot> bots(static_cast<size_t>(o.players));
  for (int s = 0, k = 0; s < o.players; ++s) {
    if (s == o.seat - 1) continue;
    const std::string& name = names.empty() ? "random" : names[std::min<size_t>(static_cast<size_t>(k++), names.size() - 1)];
    bots[static_cast<size_t>(s)] = make_bot(name, o.seed * 31 + static_cast<uint64_t>(s));
    if (!bots[static_cast<size_t>(s)]) {
      std::cerr << fmt::format("error: unknown agent '{}' (known: {})\n", name, bot_names());
      return 2;
    }
  }
  kernel::Chance chance(o.seed);
  vck::Setup setup;
  std::string error;
  // The draft preset votes first (draft.h): every ballot is a gate of all seats; you answer with a
  // number, the bots vote at random, ties are broken by chance.
  vck::DraftResult voted;
  const bool draft = o.preset == "draft";
  if (draft) {
    vck::Draft d(vck::draft_pool(db), o.players);
    const vck::DraftChance tie{[&](size_t n) {
                                 std::vector<size_t> perm(n);
                                 for (size_t i = 0; i < n; ++i) perm[i] = i;
                                 chance.shuffle(perm.begin(), perm.end(), nullptr);
                                 return perm;
                               },
                               [&](size_t n) { return static_cast<size_t>(chance.below(static_cast<uint32_t>(n), nullptr)); }};
    while (!d.done()) {
      const int seat = d.decider().next();
      const auto opts = d.options(seat);
      if (seat < 0 || opts.empty()) break;
      size_t pick = 0;
      if (seat == o.seat - 1) {
        for (size_t i = 0; i < opts.size(); ++i) out << fmt::format("  {}. {}\n", i + 1, opts[i]);
        for (;;) {
          out << "vote> " << std::flush;
          std::string line;
          if (!std::getline(in, line) || line == "quit" || line == "q") return 0;
          try {
            pick = std::stoul(line) - 1;
          } catch (const std::exception&) {
            pick = opts.size();
          }
          if (pick < opts.size()) break;
          out << fmt::format("a number from 1 to {}\n", opts.size());
        }
      } else {
        pick = chance.below(static_cast<uint32_t>(opts.size()), nullptr);
        out << fmt::format("p{}: {}\n", seat + 1, opts[pick]);
      }
      d.vote(seat, pick, tie);
    }
    voted = d.result();
  }
  if (!vck::deal(db, o.preset, o.players, chance, setup, error, draft ? &voted : nullptr)) {
    std::cerr << "error: " << error << "\n";
    return 2;
  }
  Game g(db, setup, o.seed);
  const int me = o.seat - 1;
  out << fmt::format("Valeria: Card Kingdoms, preset {}, {} players; you are {} (seat {}). Type help for help.\n", o.preset, o.players,
                     vck::seat_name(me), me + 1);
  for (int s = 0; s < o.players; ++s) {
    if (s != me) out << fmt::format("{} is the {} bot\n", vck::seat_name(s), bots[static_cast<size_t>(s)]->name());
  }
  for (size_t n = 0; n < 20000 && !g.terminal() && g.error().empty(); ++n) {
    const auto legal = g.legal_actions();
    if (legal.empty()) break;
    const int who = g.current_player();
    size_t pick = 0;
    if (who == me && legal.size() == 1 && legal[0].type == Action::Type::kFinalize) {
      // no real choice: not asked (the narration below tells it)
    } else if (who == me) {
      print_board(g, me, out);
      print_moves(g, legal, me, out);
      if (ask(g, legal, me, in, out, pick) == Answer::kQuit) return 0;
    } else {
      pick = bots[static_cast<size_t>(who)]->choose(g, legal);
    }
    const Game before = g;
    if (!g.apply_index(pick)) break;
    print_lines(vck::narrate(before, g, pick, me), out);
  }
  if (!g.error().empty()) {
    std::cerr << "engine error: " << g.error() << "\n";
    return 1;
  }
  // The end (ranks, points, dukes) was told by the narration of the last move.
  return 0;
}

}  // namespace

void add_vck_play(CLI::App& vck, int& exit_code, std::string& tables) {
  static PlayOptions opts;
  auto* play_cmd = vck.add_subcommand("play", "play a game at the terminal against bots (numbered moves; help, quit)");
  play_cmd->add_option("--players", opts.players, "players (2-5)")->check(CLI::Range(2, 5));
  play_cmd->add_option("--seat", opts.seat, "your seat, 1-based (default 1)");
  play_cmd->add_option("--preset", opts.preset, "base, base1, base2, flamesandfrost, shadowvale, crimsonseas, june2026 (current), random, draft");
  play_cmd->add_option("--agents", opts.agents, "the bots of the other seats in seat order, comma-separated (the last repeats): " + bot_names());
  play_cmd->add_option("--seed", opts.seed, "the game's seed");
  play_cmd->add_option("--tables", tables, "the VCK table folder");
  play_cmd->callback([&exit_code, &tables] { exit_code = play(tables, opts, std::cin, std::cout); });
}

}  // namespace rk::cli
