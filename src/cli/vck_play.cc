// `rulekit vck play`: a game of Valeria: Card Kingdoms at the terminal, one seat played by a
// person, the others by bots. Before each of the person's decisions it shows every player's
// resources and cards, the board's stacks with their costs, the dice, and the numbered moves with
// what each one costs. `help`, `board`, `quit`; the end of input leaves the game cleanly.
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>

#include "agents/make_agent.h"
#include "cli/commands.h"
#include "games/vck/cards.h"
#include "games/vck/draft.h"
#include "games/vck/game.h"
#include "games/vck/verbs.h"
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

const char* phase_text(const Game& g) {
  switch (g.phase()) {
    case vck::Phase::kSetup: return "choosing dukes";
    case vck::Phase::kRollPending: return "roll";
    case vck::Phase::kHarvest: return "harvest";
    case vck::Phase::kAction: return g.end_pending() ? "end of actions" : "action phase";
    case vck::Phase::kGameOver: return "game over";
  }
  return "?";
}

std::string card_name(const vck::CardDb& db, const vck::CardRef& c) {
  switch (c.kind) {
    case 'c': return db.citizen(c.id) ? db.citizen(c.id)->name : c.text();
    case 'd': return db.domain(c.id) ? db.domain(c.id)->name : c.text();
    case 'm': return db.monster(c.id) ? db.monster(c.id)->name : c.text();
    case 'e': return db.event(c.id) ? "event " + db.event(c.id)->name : c.text();
    default: return "exhausted";
  }
}

std::string join_names(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out.empty() ? "-" : out;
}

void print_player(const Game& g, int seat, int me, std::ostream& out) {
  const vck::Player& p = g.players()[static_cast<size_t>(seat)];
  const vck::CardDb& db = g.db();
  out << fmt::format("  {}{}{}: gold {}, strength {}, magic {}, VP {}\n", p.id, seat == me ? " (you)" : "",
                     seat == g.active() ? " *" : "", p.g, p.s, p.m, p.vp);
  std::vector<std::string> cit, dom, mon, dukes;
  for (int s : p.starters) cit.push_back(db.starter(s) ? db.starter(s)->name : "?");
  for (size_t i = 0; i < p.cit.size(); ++i) {
    cit.push_back(card_name(db, {'c', static_cast<int16_t>(p.cit[i])}) + (i < p.flip.size() && p.flip[i] ? " (flipped)" : ""));
  }
  for (int d : p.dom) dom.push_back(card_name(db, {'d', static_cast<int16_t>(d)}));
  for (const vck::CardRef& m : p.mon) mon.push_back(card_name(db, m));
  out << "      citizens: " << join_names(cit) << "\n";
  out << "      domains:  " << join_names(dom) << "\n";
  out << "      monsters: " << join_names(mon) << "\n";
  // Dukes are secret: only the person's own are shown.
  if (seat == me) {
    for (int d : p.dukes) dukes.push_back(db.duke(d) ? db.duke(d)->name : "?");
    out << "      duke:     " << join_names(dukes) << "\n";
  }
}

// One stack's top as "name (cost) xN".
std::string stack_text(const Game& g, char grid, const std::vector<vck::CardRef>& st) {
  if (st.empty()) return "(empty)";
  const vck::CardRef& top = st.back();
  const vck::CardDb& db = g.db();
  std::string cost;
  if (top.kind == 'c' && db.citizen(top.id)) {
    const auto* c = db.citizen(top.id);
    cost = fmt::format("{}g, rolls {}{}", c->cost, c->rm1, c->rm2 > 0 ? fmt::format("/{}", c->rm2) : "");
  } else if (top.kind == 'd' && db.domain(top.id)) {
    cost = fmt::format("{}g, {} VP", db.domain(top.id)->cost, db.domain(top.id)->vp);
  } else if (top.kind == 'm' && db.monster(top.id)) {
    const auto* m = db.monster(top.id);
    cost = fmt::format("{}s {}m, {} VP", m->strength, m->magic, m->reward[3]);
  } else if (top.kind == 'e' && db.event(top.id) && db.event(top.id)->monster) {
    cost = fmt::format("{}s {}m", db.event(top.id)->strength, db.event(top.id)->magic);
  }
  (void)grid;
  return fmt::format("{}{} x{}", card_name(db, top), cost.empty() ? "" : " (" + cost + ")", st.size());
}

void print_board(const Game& g, int me, std::ostream& out) {
  out << fmt::format("\n=== turn {}: {}'s turn, {}", g.turn(), g.players()[static_cast<size_t>(g.active())].id, phase_text(g));
  if (g.phase() == vck::Phase::kAction) out << fmt::format(", {} action(s) left", g.actions_left());
  const bool pending = g.phase() == vck::Phase::kRollPending;
  const int d1 = pending ? g.rolled_die(0) : g.die(0), d2 = pending ? g.rolled_die(1) : g.die(1);
  if (d1 > 0) out << fmt::format("; dice {} + {} = {}{}", d1, d2, d1 + d2, pending ? " (rolled, not yet final)" : "");
  out << " ===\nplayers (* is the active player):\n";
  for (int s = 0; s < g.num_players(); ++s) print_player(g, s, me, out);
  static constexpr std::pair<char, const char*> kGrids[] = {{'c', "citizens"}, {'d', "domains"}, {'m', "monsters"}};
  for (const auto& [grid, name] : kGrids) {
    out << name << ":\n";
    const auto& stacks = g.stacks(grid);
    for (size_t i = 0; i < stacks.size(); ++i) {
      const std::string area = grid == 'm' && i < g.monster_areas().size() ? g.monster_areas()[i] + ": " : "";
      out << fmt::format("  {:2}. {}{}\n", i + 1, area, stack_text(g, grid, stacks[i]));
    }
  }
  out << fmt::format("exhausted stacks revealed: {}{}\n", g.exhausted_count(), g.end_triggered() ? " (the game ends after this round)" : "");
}

std::string amounts_text(const std::vector<vck::Amount>& amounts) {
  std::vector<std::string> parts;
  static constexpr const char* kNames[] = {"gold", "strength", "magic", "VP", "map", "tome", "of gold, strength or magic"};
  for (const vck::Amount& m : amounts) parts.push_back(fmt::format("{} {}", m.n, kNames[static_cast<size_t>(m.res)]));
  return join_names(parts);
}

// What a choose option or an exchange of an open prompt gives, read from the card's effect leg
// ("" when it cannot be told).
std::string prompt_option_text(const Game& g, const Action& a) {
  const bool act = a.type == Action::Type::kActChoose;
  for (const vck::Prompt& p : g.prompts()) {
    if (p.act != act || (!act && p.id != a.a)) continue;
    const vck::Program* prog = vck::prompt_program(g, p);
    if (!prog || p.leg >= prog->effect.legs.size()) return "";
    const vck::Leg& leg = prog->effect.legs[p.leg];
    if (a.type == Action::Type::kHarvestExchange) {
      std::vector<vck::Amount> all;
      for (const vck::Value& v : leg.args) all.insert(all.end(), v.amounts.begin(), v.amounts.end());
      if (all.size() != 2) return "";
      return a.b ? fmt::format("exchange {} for {}", amounts_text({all[0]}), amounts_text({all[1]})) : "keep (no exchange)";
    }
    if (a.b < 1 || static_cast<size_t>(a.b) > p.opts.size()) return "";
    const int16_t opt = p.opts[static_cast<size_t>(a.b) - 1];
    if (opt < 0 || static_cast<size_t>(opt >> 8) >= leg.args.size()) return "";
    const vck::Value& v = leg.args[static_cast<size_t>(opt >> 8)];
    if (v.kind == vck::Value::Kind::kAmounts) return "gain " + amounts_text(v.amounts);
    const auto& stacks = g.stacks('c');
    const size_t st = static_cast<size_t>(opt & 0xFF);
    if (v.kind == vck::Value::Kind::kBracket && st < stacks.size() && !stacks[st].empty()) return "take " + card_name(g.db(), stacks[st].back());
    return "";
  }
  return "";
}

// A move in words, with what it costs (the engine's move text follows in brackets).
std::string describe(const Game& g, const Action& a) {
  const vck::CardDb& db = g.db();
  auto pay = [&] {
    std::vector<std::string> parts;
    if (a.b) parts.push_back(fmt::format("{} gold", a.b));
    if (a.c) parts.push_back(fmt::format("{} strength", a.c));
    if (a.d) parts.push_back(fmt::format("{} magic", a.d));
    return parts.empty() ? std::string("free") : "pay " + join_names(parts);
  };
  const std::string text = g.label(a);
  switch (a.type) {
    case Action::Type::kTake: return fmt::format("take 1 {}  [{}]", a.a == 0 ? "gold" : a.a == 1 ? "strength" : "magic", text);
    case Action::Type::kHire: return fmt::format("hire {}: {}  [{}]", card_name(db, {'c', a.a}), pay(), text);
    case Action::Type::kBuild: return fmt::format("build {}: {}  [{}]", card_name(db, {'d', a.a}), pay(), text);
    case Action::Type::kSlay: return fmt::format("slay {}: {}  [{}]", card_name(db, {'m', a.a}), pay(), text);
    case Action::Type::kSlayEvent: return fmt::format("slay {}: {}  [{}]", card_name(db, {'e', a.a}), pay(), text);
    case Action::Type::kHarvestChoose:
    case Action::Type::kActChoose:
    case Action::Type::kHarvestExchange: {
      const std::string what = prompt_option_text(g, a);
      return what.empty() ? text : fmt::format("{}  [{}]", what, text);
    }
    case Action::Type::kChooseDuke: return fmt::format("keep duke {}  [{}]", db.duke(a.a) ? db.duke(a.a)->name : "?", text);
    case Action::Type::kReroll:
      return a.a == 0 ? fmt::format("re-roll both dice: pay 2 magic (Blood Moon Palace)  [{}]", text)
                      : fmt::format("re-roll die {} (Twilight Palace)  [{}]", a.a, text);
    default: return text;
  }
}

void print_moves(const Game& g, const std::vector<Action>& legal, std::ostream& out) {
  out << "your moves:\n";
  for (size_t i = 0; i < legal.size(); ++i) out << fmt::format("  {:3}. {}\n", i + 1, describe(g, legal[i]));
}

void print_help(std::ostream& out) {
  out << "Type the number of a move and press Enter.\n"
         "  board  show the board and your moves again\n"
         "  help   this text\n"
         "  quit   leave the game (so does the end of input, Ctrl-D)\n"
         "Costs: hiring and building are paid in gold, magic standing in for gold; slaying is paid in strength and\n"
         "magic. The text in brackets is the move as the original engine names it.\n";
}

void print_result(const Game& g, std::ostream& out) {
  out << fmt::format("\n=== game over: {} ===\n", g.end_reason().empty() ? "the game ended" : g.end_reason());
  std::vector<int> seats;
  for (int s = 0; s < g.num_players(); ++s) seats.push_back(s);
  std::stable_sort(seats.begin(), seats.end(), [&](int a, int b) { return g.rank_of(a) < g.rank_of(b); });
  for (int s : seats) {
    out << fmt::format("  {}. {}: {} VP{}\n", g.rank_of(s), g.players()[static_cast<size_t>(s)].id, g.total_vp(s), g.winner(s) ? " (winner)" : "");
  }
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
      print_moves(g, legal, out);
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
  out << fmt::format("Valeria: Card Kingdoms, preset {}, {} players; you are {}. Type help for help.\n", o.preset, o.players,
                     g.players()[static_cast<size_t>(me)].id);
  for (size_t n = 0; n < 20000 && !g.terminal() && g.error().empty(); ++n) {
    const auto legal = g.legal_actions();
    if (legal.empty()) break;
    const int who = g.current_player();
    size_t pick = 0;
    if (who == me && legal.size() == 1 && legal[0].type == Action::Type::kFinalize) {
      out << fmt::format("you: {} (the only move)\n", describe(g, legal[0]));  // no real choice: not asked
    } else if (who == me) {
      print_board(g, me, out);
      print_moves(g, legal, out);
      if (ask(g, legal, me, in, out, pick) == Answer::kQuit) return 0;
    } else {
      pick = bots[static_cast<size_t>(who)]->choose(g, legal);
      out << fmt::format("{} ({}): {}\n", g.players()[static_cast<size_t>(who)].id, bots[static_cast<size_t>(who)]->name(), describe(g, legal[pick]));
    }
    if (!g.apply_index(pick)) break;
  }
  if (!g.error().empty()) {
    std::cerr << "engine error: " << g.error() << "\n";
    return 1;
  }
  if (g.terminal()) print_result(g, out);
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
