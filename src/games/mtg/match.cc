// A whole game between two decks: the deal, the moves of the player who acts, and the rules'
// automatic parts between decisions. Offers to respond are declined for both players (a spell
// or ability resolves as soon as nothing else is pending), so instants are cast when the stack
// is empty; combat and every step run as the engine has them.
#include "games/mtg/match.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace rk::mtg {

bool read_deck(const std::string& path, Deck& out, std::string& err) {
  std::ifstream in(path);
  if (!in) {
    err = path + ": cannot read";
    return false;
  }
  out = Deck{};
  out.path = path;
  out.name = std::filesystem::path(path).stem().string();
  std::string line;
  while (std::getline(in, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line.rfind("#NAME:", 0) == 0) out.name = line.substr(6);
    if (line.empty() || line[0] == '#') continue;
    const int64_t id = std::atoll(line.c_str());
    if (id != 0) out.ids.push_back(id);
  }
  if (out.ids.empty()) {
    err = path + ": no cards";
    return false;
  }
  return true;
}

std::vector<std::string> deck_files(const std::string& dir) {
  std::vector<std::pair<int, std::string>> found;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    const std::string stem = e.path().stem().string();
    if (e.path().extension() != ".txt" || stem.rfind("deck", 0) != 0) continue;
    found.emplace_back(std::atoi(stem.c_str() + 4), e.path().string());
  }
  std::sort(found.begin(), found.end());
  std::vector<std::string> out;
  for (auto& f : found) out.push_back(f.second);
  return out;
}

Match::Match(Catalog& cat, const Deck& a, const Deck& b, uint64_t seed, int turn_limit)
    : game_(cat), rng_(seed), turn_limit_(turn_limit) {
  game_.rng = &rng_;
  const Deck* decks[2] = {&a, &b};
  for (int p = 0; p < 2; ++p) {
    for (int64_t id : decks[p]->ids) {
      const CardDef* def = cat.by_id(id);
      if (!def) {
        ++unknown;
        continue;
      }
      game_.create(def, id, p);
    }
    // Shuffle (Fisher-Yates on the engine's generator, so the seed decides the deal), then seven.
    auto& lib = game_.players[static_cast<size_t>(p)].zones[kLibrary];
    for (size_t i = lib.size(); i > 1; --i) std::swap(lib[i - 1], lib[rng_.below(static_cast<uint32_t>(i))]);
    game_.draw(p, 7);
  }
  game_.log.clear();
  game_.phase = Phase::kUntap;  // the first turn starts at its untap step; no draw for the first player
  game_.turn = 0;
  game_.begin_phase();
  settle();
}

void Match::chooser_moves(std::vector<Move>& out) const {
  const Chooser& ch = game_.choosers.back();
  for (size_t c = 0; c < game_.objs.size(); ++c) {
    const int card = static_cast<int>(c);
    bool already = false;
    for (const Target& t : ch.picked) already = already || t.card == card;
    if (already) continue;
    const bool ok = ch.is_cost ? game_.matches(ch.spec, card, ch.source, ch.player)
                               : game_.legal_target(ch.spec, Target{card}, ch.source, ch.player);
    if (ok) out.push_back({Move::kTarget, card, 0, "target " + game_.name(card)});
  }
  for (int p = 0; p < 2; ++p) {
    if (game_.matches_player(ch.spec, p, ch.player)) out.push_back({Move::kPlayer, p, 0, "target player " + std::to_string(p + 1)});
  }
  if (ch.spec.up_to) out.push_back({Move::kNext, -1, 0, "done choosing"});
}

std::vector<Move> Match::moves() {
  std::vector<Move> out;
  if (over()) return out;
  if (!game_.menus.empty()) {
    const Menu& m = game_.menus.back();
    for (size_t i = 0; i < m.options.size(); ++i) out.push_back({Move::kChoice, -1, static_cast<int>(i), m.options[i].label});
    return out;
  }
  if (!game_.choosers.empty()) {
    chooser_moves(out);
    return out;
  }
  const int who = actor();
  for (int p = 0; p < 2; ++p) {
    for (int z = 0; z < kZoneCount; ++z) {
      if (z == kLibrary || z == kStack) continue;
      for (int c : game_.players[static_cast<size_t>(p)].zones[static_cast<size_t>(z)]) {
        const auto options = game_.card_options(c, who);
        // A spell needs a legal target to be cast at all (CR 601.2c); the engine lets the harness
        // cast an aura regardless, as Wagic's tests do, so whole games check it here.
        const CardDef& d = *game_.objs[static_cast<size_t>(c)].def;
        const bool no_target = z == kHand && d.has_spell_target && !game_.any_target(d.spell_target, c, who);
        for (size_t i = 0; i < options.size(); ++i) {
          const std::string& l = options[i].label;
          if (no_target && (l == "cast" || l == "alternative" || l == "buyback")) continue;
          out.push_back({Move::kCard, c, static_cast<int>(i), options[i].label + " " + game_.name(c)});
        }
      }
    }
  }
  out.push_back({Move::kNext, -1, 0, "pass (next step)"});
  return out;
}

std::string Match::describe(const Move& m) const { return m.label; }

// `next` as the harness has it: ends an "up to" choice, moves combat damage on, or asks to go to
// the next step (a stack object both players let resolve).
void Match::next() {
  if (!game_.choosers.empty()) {
    return game_.finish_chooser();
  }
  if (game_.phase == Phase::kCombatDamage || (game_.phase == Phase::kCombatBlockers && game_.combat_stage == 1)) {
    return game_.combat_next();
  }
  StackItem item;
  item.kind = StackItem::kNextPhase;
  item.controller = actor();
  item.ask_other_only = true;
  game_.push(item);
}

void Match::play(const Move& m) {
  if (over()) return;
  ++moves_played;
  const int before_turn = game_.turn;
  const size_t lib = game_.players[static_cast<size_t>(1 - game_.active)].zones[kLibrary].size();
  try {
    switch (m.kind) {
      case Move::kNext: next(); break;
      case Move::kCard: {
        auto options = game_.card_options(m.card, actor());
        if (static_cast<size_t>(m.index) >= options.size()) throw std::runtime_error("move no longer legal: " + m.label);
        game_.resume(options[static_cast<size_t>(m.index)].act);
        break;
      }
      case Move::kChoice: {
        Menu menu = game_.menus.back();
        game_.menus.pop_back();
        game_.resume(menu.options[static_cast<size_t>(m.index)].act);
        break;
      }
      case Move::kTarget: game_.click_for_chooser(m.card, actor()); break;
      case Move::kPlayer: game_.click_player(m.card, actor()); break;
    }
    settle();
  } catch (const std::exception& e) {
    error = std::string("exception: ") + e.what();
    return;
  }
  check_draw_rule(before_turn, lib);
  if (error.empty() && !over() && moves().empty()) {
    error = "no legal move";
    if (!game_.choosers.empty()) error += ": nothing to choose for " + game_.name(game_.choosers.back().source);
  }
}

// A player who must draw from an empty library loses (CR 704.5b); the engine's draw takes
// nothing then, so the match watches the draw step of a new turn.
void Match::check_draw_rule(int before_turn, size_t library_before) {
  if (game_.turn == before_turn || game_.loser >= 0) return;
  if (library_before == 0) game_.loser = game_.active;
  if (game_.turn >= turn_limit_ && game_.loser < 0) draw_ = true;
}

// The rules' automatic parts: everything on the stack resolves (both players decline), state-based
// actions, combat damage waiting for triggers.
void Match::settle() {
  for (int guard = 0; guard < 10000; ++guard) {
    game_.interrupter = -1;
    if (game_.loser >= 0 || !game_.menus.empty() || !game_.choosers.empty()) return;
    if (!game_.stack.empty()) {
      game_.resolve_top();
      continue;
    }
    const size_t before = game_.stack.size() + game_.menus.size() + game_.choosers.size();
    game_.state_based();
    if (game_.combat_pending && game_.menus.empty()) {
      game_.combat_next();
      continue;
    }
    if (game_.stack.size() + game_.menus.size() + game_.choosers.size() == before) return;
  }
  error = "the game did not settle (a loop)";
}

}  // namespace rk::mtg
