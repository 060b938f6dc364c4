// Magic in words (narration.h): cards, moves, what a move changed, the board, and the look-ahead
// helpers of the terminal (spells castable by tapping lands first, whether to stop at a step).
#include "games/mtg/runners/narration.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>

#include "games/mtg/compiler/card_def.h"

namespace rk::mtg {
namespace {

std::string join(const std::vector<std::string>& parts, const char* sep = ", ") {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : sep) + p;
  return out;
}

bool is_main_phase(Phase p) { return p == Phase::kFirstMain || p == Phase::kSecondMain; }

// The card's name as printed ("Grizzly Bears"; the engine keeps names in lower case).
std::string display_name(const Game& g, int c) {
  const CardDef& d = *g.objs[static_cast<size_t>(c)].def;
  return d.name.empty() ? g.name(c) : d.name;
}

// "Grizzly Bears 2/2": short, for combat in narration.
std::string short_name(const Game& g, int c) {
  std::string s = display_name(g, c);
  if (g.objs[static_cast<size_t>(c)].zone == kBattlefield && g.is_creature(c)) s += fmt::format(" {}/{}", g.power(c), g.toughness(c));
  return s;
}

const Move* find_cast(const std::vector<Move>& moves, int card) {
  for (const Move& m : moves) {
    if (m.kind == Move::kCard && m.card == card && m.label.rfind("cast ", 0) == 0) return &m;
  }
  return nullptr;
}

// Tapping sources in increasing card order (each set of sources tried once; a source's several
// mana abilities are alternatives) until `card` can be cast, at most `depth` taps, `budget`
// positions looked at.
bool search_cast(const MatchGame& pos, int card, int after_card, int depth, int& budget, std::vector<Move>& path) {
  if (--budget < 0) return false;
  const auto moves = pos.legal_actions();
  if (const Move* cast = find_cast(moves, card)) {
    path.push_back(*cast);
    return true;
  }
  if (depth == 0) return false;
  for (const Move& m : mana_moves(pos, moves)) {
    if (m.card <= after_card) continue;
    MatchGame next = pos.copy_for_search();
    next.apply(m);
    path.push_back(m);
    if (search_cast(next, card, m.card, depth - 1, budget, path)) return true;
    path.pop_back();
    if (budget < 0) return false;
  }
  return false;
}

}  // namespace

// The mana abilities among `moves` (a land's "{t}:add{g}"), found from the option each move
// chooses (is_mana_ability), not from its words.
std::vector<Move> mana_moves(const MatchGame& pos, const std::vector<Move>& moves) {
  std::vector<Move> out;
  MatchGame copy = pos.copy_for_search();  // card_options is not const
  Game& g = copy.match().mutable_game();
  const int actor = pos.current_player();
  for (const Move& m : moves) {
    if (m.kind != Move::kCard || m.card < 0 || static_cast<size_t>(m.card) >= g.objs.size()) continue;
    const Obj& o = g.objs[static_cast<size_t>(m.card)];
    if (o.zone != kBattlefield || o.controller != actor) continue;
    const auto options = g.card_options(m.card, actor);
    if (static_cast<size_t>(m.index) < options.size() && options[static_cast<size_t>(m.index)].act.ability &&
        is_mana_ability(*options[static_cast<size_t>(m.index)].act.ability)) {
      out.push_back(m);
    }
  }
  return out;
}

std::string seat_name(int seat) { return seat < 0 ? "chance" : fmt::format("p{}", seat + 1); }

std::string card_line(const Game& g, int c, bool with_text) {
  const Obj& o = g.objs[static_cast<size_t>(c)];
  const CardDef& d = *o.def;
  std::string s = display_name(g, c);
  if (!d.mana_text.empty()) s += " " + d.mana_text;
  if (!d.type_line.empty()) s += ", " + d.type_line;
  if (g.is_creature(c)) s += fmt::format(", {}/{}", g.power(c), g.toughness(c));
  if (o.tapped) s += " (tapped)";
  if (o.attacking) s += " (attacking)";
  if (o.blocking >= 0 && static_cast<size_t>(o.blocking) < g.objs.size()) s += " (blocking " + g.name(o.blocking) + ")";
  if (o.damage > 0) s += fmt::format(" ({} damage)", o.damage);
  if (with_text && !d.text.empty()) s += ": " + d.text;
  return s;
}

std::string move_text(const MatchGame& g, size_t option) {
  const auto moves = g.legal_actions();
  if (option >= moves.size()) return "";
  const Move& m = moves[option];
  if (m.kind == Move::kCard && m.label.rfind("block ", 0) == 0) {
    // A click moves the blocker on to the next attacker it can block: say which, from a copy.
    MatchGame next = g.copy_for_search();
    next.apply(m);
    const Game& after = next.match().game();
    const int target = after.objs[static_cast<size_t>(m.card)].blocking;
    const std::string who = short_name(g.match().game(), m.card);
    return target >= 0 ? fmt::format("block with {}: it blocks {}", who, short_name(after, target))
                       : fmt::format("block with {}: it stops blocking", who);
  }
  if (m.kind == Move::kCard && m.label.rfind("{t}:add", 0) == 0) {
    // A land's mana ability: "{t}:add{b} swamp" as "tap Swamp for {B}".
    std::string mana = m.label.substr(7, m.label.find(' ') == std::string::npos ? std::string::npos : m.label.find(' ') - 7);
    std::transform(mana.begin(), mana.end(), mana.begin(), [](unsigned char ch) { return static_cast<char>(std::toupper(ch)); });
    return fmt::format("tap {} for {}", display_name(g.match().game(), m.card), mana);
  }
  if (m.kind == Move::kCard && m.label.rfind("play ", 0) == 0) return "play " + display_name(g.match().game(), m.card);
  if (m.kind == Move::kTarget && m.card >= 0) return "target " + short_name(g.match().game(), m.card);
  if (m.kind == Move::kCard && m.label.rfind("attack ", 0) == 0) return "attack with " + short_name(g.match().game(), m.card);
  if (m.kind == Move::kCard && m.label.rfind("cast ", 0) == 0) return "cast " + card_line(g.match().game(), m.card, false);
  return m.label;
}

std::vector<std::string> narrate(const MatchGame& before, const MatchGame& after, size_t applied_option, int observer) {
  std::vector<std::string> lines;
  const auto moves = before.legal_actions();
  if (applied_option >= moves.size()) return lines;
  const Move& m = moves[applied_option];
  const Game& b = before.match().game();
  const Game& a = after.match().game();
  const int mover = before.current_player();
  if (m.kind != Move::kNext) lines.push_back(fmt::format("{}: {}", seat_name(mover), move_text(before, applied_option)));
  if (a.turn != b.turn) lines.push_back(fmt::format("--- turn {}: {}'s turn ---", a.turn + 1, seat_name(a.active)));
  const size_t common = std::min(b.objs.size(), a.objs.size());
  std::vector<std::string> events;
  std::array<int, 2> drawn{}, returned{};  // unseen cards, per player
  // Blocks are told when the blockers are declared (stage 0 of the step ends: the step may go on
  // with the players' priority, Game::blockers_window), as a whole: which blocker blocks which
  // attacker, and the attackers left unblocked.
  const auto declaring = [](const Game& g) { return g.phase == Phase::kCombatBlockers && g.combat_stage == 0; };
  const bool blocks_done = declaring(b) && !declaring(a);
  for (size_t i = 0; i < common; ++i) {
    const Obj& ob = b.objs[i];
    const Obj& oa = a.objs[i];
    const int c = static_cast<int>(i);
    if (ob.zone != oa.zone) {
      const std::string name = display_name(a, c);
      const int owner = oa.owner;
      switch (oa.zone) {
        case kHand:
          if (ob.zone == kLibrary) {
            if (owner == observer) events.push_back(fmt::format("you draw {}", card_line(a, c)));
            else ++drawn[static_cast<size_t>(owner) & 1];  // counted: an unseen card is not named
          } else {
            events.push_back(fmt::format("{} returns to {}'s hand", name, seat_name(owner)));
          }
          break;
        case kStack:
          events.push_back(fmt::format("{} casts {}", seat_name(oa.controller), card_line(a, c, oa.controller != observer)));
          break;
        case kBattlefield:
          events.push_back(fmt::format("{} enters the battlefield under {}'s control", card_line(a, c, false), seat_name(oa.controller)));
          break;
        case kGraveyard:
          if (ob.zone == kBattlefield && b.is_creature(c)) events.push_back(fmt::format("{} dies", name));
          else if (ob.zone == kStack) events.push_back(fmt::format("{} resolves", name));
          else if (ob.zone == kHand) events.push_back(fmt::format("{} discards {}", seat_name(owner), name));
          else events.push_back(fmt::format("{} is put into {}'s graveyard", name, seat_name(owner)));
          break;
        case kExile: events.push_back(fmt::format("{} is exiled", name)); break;
        case kLibrary:
          // From a hand (a mulligan) the cards stay unseen to the others; counted.
          if (ob.zone == kHand && owner != observer) ++returned[static_cast<size_t>(owner) & 1];
          else events.push_back(fmt::format("{} is put into {}'s library", name, seat_name(owner)));
          break;
        default: break;
      }
      continue;
    }
    if (oa.zone != kBattlefield) continue;
    if (!ob.attacking && oa.attacking && m.kind != Move::kCard) events.push_back(fmt::format("{} attacks", short_name(a, c)));
    if (oa.damage > ob.damage) events.push_back(fmt::format("{} is dealt {} damage", display_name(a, c), oa.damage - ob.damage));
  }
  if (blocks_done) {
    std::vector<std::string> parts;
    for (size_t i = 0; i < b.objs.size(); ++i) {
      const Obj& o = b.objs[i];
      if (o.zone != kBattlefield || !o.attacking) continue;
      std::vector<std::string> blockers;
      for (size_t j = 0; j < b.objs.size(); ++j) {
        if (b.objs[j].zone == kBattlefield && b.objs[j].blocking == static_cast<int>(i)) blockers.push_back(short_name(b, static_cast<int>(j)));
      }
      parts.push_back(blockers.empty() ? short_name(b, static_cast<int>(i)) + " is not blocked"
                                       : short_name(b, static_cast<int>(i)) + " is blocked by " + join(blockers, " and "));
    }
    if (!parts.empty()) events.insert(events.begin(), "combat: " + join(parts, "; "));
  }
  for (size_t i = common; i < a.objs.size(); ++i) {
    const Obj& o = a.objs[i];
    if (o.zone == kBattlefield) events.push_back(fmt::format("{} enters the battlefield under {}'s control", card_line(a, static_cast<int>(i), false), seat_name(o.controller)));
  }
  for (int p = 0; p < 2; ++p) {
    const size_t k = static_cast<size_t>(p);
    if (returned[k]) events.push_back(fmt::format("{} puts {} card{} back into the library", seat_name(p), returned[k], returned[k] == 1 ? "" : "s"));
    if (drawn[k]) events.push_back(drawn[k] == 1 ? fmt::format("{} draws a card", seat_name(p)) : fmt::format("{} draws {} cards", seat_name(p), drawn[k]));
  }
  for (int p = 0; p < 2; ++p) {
    const int lb = b.players[static_cast<size_t>(p)].life, la = a.players[static_cast<size_t>(p)].life;
    if (la < lb) events.push_back(fmt::format("{} loses {} life ({} left)", seat_name(p), lb - la, la));
    if (la > lb) events.push_back(fmt::format("{} gains {} life ({} now)", seat_name(p), la - lb, la));
  }
  for (std::string& e : events) lines.push_back("  " + e);
  if (after.terminal() && !before.terminal()) {
    const int w = after.match().winner();
    lines.push_back(w < 0 ? std::string("the game ends in a draw") : w == observer ? std::string("you win the game") : fmt::format("{} wins the game", seat_name(w)));
  }
  return lines;
}

std::vector<std::string> board_lines(const Match& m, int observer) {
  std::vector<std::string> out;
  const Game& g = m.game();
  if (m.mulligan_open()) out.push_back("== before the first turn: keep your hand, or mulligan (one card fewer) ==");
  else out.push_back(fmt::format("== turn {}, {} of {} ==", g.turn + 1, phase_name(g.phase), seat_name(g.active)));
  const int me = observer < 0 ? 0 : observer;
  for (int seat : {1 - me, me}) {
    const auto& pl = g.players[static_cast<size_t>(seat)];
    out.push_back(fmt::format("{}{}: life {}, library {}, hand {}, graveyard {}, mana pool {}", seat_name(seat), seat == observer ? " (you)" : "",
                              pl.life, pl.zones[kLibrary].size(), pl.zones[kHand].size(), pl.zones[kGraveyard].size(), pl.pool.text()));
    if (pl.zones[kBattlefield].empty()) out.push_back("  battlefield: -");
    else out.push_back("  battlefield:");
    for (int c : pl.zones[kBattlefield]) out.push_back("    " + card_line(g, c));
    if (seat != observer) continue;
    out.push_back(pl.zones[kHand].empty() ? "  hand: -" : "  hand:");
    for (int c : pl.zones[kHand]) out.push_back("    " + card_line(g, c));
  }
  for (const auto& item : g.stack) {
    if (item.source >= 0) out.push_back(fmt::format("  on the stack: {} ({})", display_name(g, item.source), seat_name(item.controller)));
  }
  return out;
}

std::vector<AutoCast> auto_casts(const MatchGame& g) {
  std::vector<AutoCast> out;
  if (g.terminal() || g.match().mulligan_open()) return out;
  const Game& game = g.match().game();
  if (!game.menus.empty() || !game.choosers.empty()) return out;
  const auto moves = g.legal_actions();
  const int actor = g.current_player();
  if (actor < 0 || actor > 1) return out;
  const auto mana = mana_moves(g, moves);
  if (mana.empty()) return out;
  int sources = 0;
  for (size_t i = 0; i < mana.size(); ++i) sources += i == 0 || mana[i].card != mana[i - 1].card ? 1 : 0;
  const auto& me = game.players[static_cast<size_t>(actor)];
  for (int c : me.zones[kHand]) {
    const CardDef& d = *game.objs[static_cast<size_t>(c)].def;
    if (d.is("land") || find_cast(moves, c)) continue;
    // Timing first (a sorcery-speed spell only in its controller's main phase, the stack empty),
    // then whether enough sources are untapped at all: most hands need no search.
    const bool fast = d.is("instant") || d.has("flash");
    if (!fast && (actor != game.active || !is_main_phase(game.phase) || !game.stack.empty())) continue;
    const int need = d.cost.converted() - me.pool.total();
    if (need > sources) continue;
    // At most one tap per mana symbol (a colour the pool lacks may need a tap though the total
    // suffices).
    const int depth = std::min(sources, std::max(1, d.cost.converted()));
    std::vector<Move> path;
    int budget = 200;
    if (!search_cast(g, c, -1, depth, budget, path) || path.size() < 2) continue;
    std::vector<std::string> tapped;
    for (size_t i = 0; i + 1 < path.size(); ++i) tapped.push_back(display_name(game, path[i].card));
    out.push_back({c, fmt::format("cast {} (taps {})", card_line(game, c, false), join(tapped)), std::move(path)});
  }
  return out;
}

bool apply_auto_cast(MatchGame& g, const AutoCast& a) {
  for (const Move& step : a.steps) {
    const auto moves = g.legal_actions();
    const auto it = std::find(moves.begin(), moves.end(), step);
    if (it == moves.end()) return false;
    if (!g.apply_index(static_cast<size_t>(it - moves.begin()))) return false;
  }
  return true;
}

std::vector<size_t> menu_order(const MatchGame& g) {
  const auto moves = g.legal_actions();
  const auto mana = mana_moves(g, moves);
  // Ranks: 0 play or cast, 1 other choices (attack, block, abilities, menus), 2 mana, 3 the pass.
  auto rank = [&](const Move& m) {
    if (m.kind == Move::kNext) return 3;
    if (std::find(mana.begin(), mana.end(), m) != mana.end()) return 2;
    if (m.kind == Move::kCard && (m.label.rfind("cast ", 0) == 0 || m.label.rfind("play ", 0) == 0)) return 0;
    return 1;
  };
  std::vector<size_t> order(moves.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return rank(moves[x]) < rank(moves[y]); });
  return order;
}

bool worth_stopping(const MatchGame& g) {
  const auto moves = g.legal_actions();
  if (moves.empty()) return false;
  bool has_pass = false;
  for (const Move& m : moves) {
    if (m.kind == Move::kNext) has_pass = true;
    else if (m.kind != Move::kCard) return true;  // a menu, a target, a player, keep or mulligan
  }
  if (!has_pass) return true;
  const auto mana = mana_moves(g, moves);
  size_t cards = 0;
  for (const Move& m : moves) cards += m.kind == Move::kCard ? 1 : 0;
  if (cards > mana.size()) return true;  // a move that is neither a pass nor a mana ability
  return !auto_casts(g).empty();
}

}  // namespace rk::mtg
