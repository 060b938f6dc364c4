// A whole game between two decks: the deal, the moves of the player who acts, and the rules'
// automatic parts between decisions. A spell or ability put on the stack, and the active player's
// wish to end a step, are offered to the other player, who may respond with an instant or an
// activated ability (the offer opens only when they have one they could use); combat and every
// step run as the engine has them.
#include "games/mtg/runners/match.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "games/mtg/lua/card_scripts.h"
#include "games/mtg/rules/draw_replace.h"

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
    int copies = 1;
    if (const size_t star = line.find(" *"); star != std::string::npos) {
      copies = std::atoi(line.c_str() + star + 2);  // atoi stops before a trailing `# comment`
      line.resize(star);
    }
    if (const int64_t id = std::atoll(line.c_str()); id != 0) {
      out.ids.insert(out.ids.end(), static_cast<size_t>(std::max(copies, 0)), id);
      continue;
    }
    if (const size_t set = line.find(" ("); set != std::string::npos) line.resize(set);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.pop_back();
    std::transform(line.begin(), line.end(), line.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (!line.empty() && copies > 0) out.named.emplace_back(line, copies);
  }
  if (out.ids.empty() && out.named.empty()) {
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

Match::Match(Catalog& cat, const Deck& a, const Deck& b, uint64_t seed, int turn_limit, MatchOptions options, kernel::Log* log)
    : game_(cat), chance_(seed), turn_limit_(turn_limit), options_(options) {
  game_.rng = &chance_.rng();
  game_.blockers_window = options_.blockers_window;
  if (cat.game_rules) game_.rules = cat.game_rules;
  for (auto& pl : game_.players) pl.life = game_.rules->life;
  if (!options_.deal.empty()) chance_.feed(options_.deal);
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
    for (const auto& [name, copies] : decks[p]->named) {
      const CardDef* def = cat.by_name(name);
      if (!def) {
        unknown += copies;
        continue;
      }
      for (int i = 0; i < copies; ++i) game_.create(def, def->id, p);
    }
    // Shuffle (Fisher-Yates through the match's Chance, so the seed, or the draws fed to it,
    // decide the deal), then the opening hand: classic.txt's auto=shuffle and auto=draw:7.
    auto& lib = game_.players[static_cast<size_t>(p)].zones[kLibrary];
    if (game_.rules->shuffle) chance_.shuffle(lib.begin(), lib.end(), log, kDealTag);
    game_.dealing = true;  // until the first turn (start): mulligans draw anew
    game_.draw(p, game_.rules->opening_draw);
  }
  game_.log.clear();
  if (options_.mulligans) {
    mulligan_ = 0;  // match_mulligan.cc; the first turn starts once both kept
    return;
  }
  start();
}

void Match::start() {
  if (!leylines_asked_) {
    // Leylines (CR 103.6a, draw_replace.cc): menus answered before the first turn, the starting
    // player's first (the last menu pushed is the one open); each answer comes back here (play).
    leylines_asked_ = true;
    const bool other = game_.offer_leylines(1 - game_.active);
    if (game_.offer_leylines(game_.active) || other) return;
  }
  begun_ = true;
  game_.phase = options_.skip_first_draw ? Phase::kFirstMain : Phase::kUntap;  // nothing to untap yet
  game_.turn = 0;
  // The opening hand is drawn before the first turn, not in it (pdrewcount; miracle: the first
  // card drawn in a turn, draw_replace.cc).
  for (auto& p : game_.players) p.drawn = 0;
  game_.dealing = false;
  game_.begin_phase();
  settle();
}

// The game is a plain value (game.h): its open menus and choosers are data, its Lua side copies
// itself; only its generator pointer is the copy's own.
Match::Match(const Match& o)
    : error(o.error),
      unknown(o.unknown),
      moves_played(o.moves_played),
      game_(o.game_),
      chance_(o.chance_),
      turn_limit_(o.turn_limit_),
      options_(o.options_),
      draw_(o.draw_),
      mulligan_(o.mulligan_),
      leylines_asked_(o.leylines_asked_),
      begun_(o.begun_),
      offer_(o.offer_),
      offer_depth_(o.offer_depth_),
      declared_(o.declared_),
      moves_(o.moves_),
      moves_valid_(o.moves_valid_) {
  game_.rng = &chance_.rng();
}

Match& Match::operator=(const Match& o) {
  if (this == &o) return *this;
  error = o.error;
  unknown = o.unknown;
  moves_played = o.moves_played;
  game_ = o.game_;
  chance_ = o.chance_;
  turn_limit_ = o.turn_limit_;
  options_ = o.options_;
  draw_ = o.draw_;
  mulligan_ = o.mulligan_;
  leylines_asked_ = o.leylines_asked_;
  begun_ = o.begun_;
  offer_ = o.offer_;
  offer_depth_ = o.offer_depth_;
  declared_ = o.declared_;
  moves_ = o.moves_;
  moves_valid_ = o.moves_valid_;
  game_.rng = &chance_.rng();
  return *this;
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

const std::vector<Move>& Match::moves() {
  if (!moves_valid_) {
    list_moves(moves_);
    moves_valid_ = true;
  }
  return moves_;
}

void Match::list_moves(std::vector<Move>& out) {
  out.clear();
  if (over()) return;
  if (mulligan_ >= 0) return mulligan_moves(out);
  if (!game_.menus.empty()) {
    const Menu& m = game_.menus.back();
    for (size_t i = 0; i < m.options.size(); ++i) out.push_back({Move::kChoice, -1, static_cast<int>(i), m.options[i].label});
    return;
  }
  if (!game_.choosers.empty()) {
    chooser_moves(out);
    return;
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
          if (!declaration_open(c, l)) continue;
          out.push_back({Move::kCard, c, static_cast<int>(i), options[i].label + " " + game_.name(c)});
        }
      }
    }
  }
  out.push_back({Move::kNext, -1, 0, offer_ >= 0 ? offer_label() : "pass (next step)"});
  return;
}

std::string Match::describe(const Move& m) const { return m.label; }

int Match::Declarations::times(int card) const {
  for (const auto& [c, n] : clicks) {
    if (c == card) return n;
  }
  return 0;
}

// Whether a card's option is offered under bounded_declarations (match.h): every other option is.
bool Match::declaration_open(int card, const std::string& option) const {
  if (!options_.bounded_declarations || (option != "attack" && option != "block")) return true;
  const bool this_step = declared_.turn == game_.turn && declared_.phase == game_.phase;
  const int times = this_step ? declared_.times(card) : 0;
  if (option == "attack") {
    // The engine's toggle leaves these alone (combat.cc): a click that changes nothing.
    const bool can = !(game_.objs[static_cast<size_t>(card)].sick && !game_.has(card, "haste")) &&
                     !(game_.has(card, "defender") && !game_.has(card, "canattack")) && !game_.has(card, "cantattack");
    return can && times == 0;
  }
  int attackers = 0;
  for (int c : game_.players[static_cast<size_t>(game_.active)].zones[kBattlefield]) attackers += game_.objs[static_cast<size_t>(c)].attacking;
  return times < attackers;
}

void Match::count_declaration(const Move& m) {
  if (m.kind != Move::kCard || !options_.bounded_declarations) return;
  if (game_.phase != Phase::kCombatAttackers && game_.phase != Phase::kCombatBlockers) return;
  if (declared_.turn != game_.turn || declared_.phase != game_.phase) declared_ = {game_.turn, game_.phase, {}};
  for (auto& [c, n] : declared_.clicks) {
    if (c == m.card) return static_cast<void>(++n);
  }
  declared_.clicks.emplace_back(m.card, 1);
}

// `next` as the harness has it: ends an "up to" choice, moves combat damage on, or asks to go to
// the next step (a stack object both players let resolve).
void Match::next() {
  if (offer_ >= 0 && game_.menus.empty() && game_.choosers.empty()) {  // the offer declined
    offer_ = -1;
    game_.interrupter = -1;
    return;
  }
  if (!game_.choosers.empty()) {
    return game_.finish_chooser();
  }
  // In the blockers step `next` declares the blocks (with blockers_window: no priority before them,
  // CR 509.1) or, without it, is the ORDER screen's OK once they are declared. With blockers_window
  // the players then have priority in the step: the active player's pass is offered to the defender,
  // and the step ends (on to combat damage) when both passed with the stack empty (CR 509.4, 117.4).
  const int declares_at = game_.blockers_window ? 0 : 1;
  if (game_.phase == Phase::kCombatDamage || (game_.phase == Phase::kCombatBlockers && game_.combat_stage == declares_at)) {
    return game_.combat_next();
  }
  StackItem item;
  item.kind = StackItem::kNextPhase;
  item.controller = actor();
  item.ask_other_only = true;
  game_.push(item);
}

void Match::play(const Move& move, kernel::Log* log) {
  if (over()) return;
  const Move m = move;  // `move` may be one of moves_, listed again below
  moves_valid_ = false;
  ++moves_played;
  const int before_turn = game_.turn;
  const size_t lib = game_.players[static_cast<size_t>(1 - game_.active)].zones[kLibrary].size();
  try {
    if ((m.kind == Move::kMulligan) != (mulligan_ >= 0)) throw std::runtime_error("move no longer legal: " + m.label);
    switch (m.kind) {
      case Move::kMulligan: mulligan(m, log); break;
      case Move::kNext: next(); break;
      case Move::kCard: {
        auto options = game_.card_options(m.card, actor());
        if (static_cast<size_t>(m.index) >= options.size()) throw std::runtime_error("move no longer legal: " + m.label);
        count_declaration(m);
        game_.resume(options[static_cast<size_t>(m.index)].act);
        break;
      }
      case Move::kChoice: {
        Menu menu = game_.menus.back();
        game_.menus.pop_back();
        game_.resume(menu.options[static_cast<size_t>(m.index)].act);
        if (!begun_ && game_.menus.empty()) start();  // the last leyline answered
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
// nothing then, so the match watches the draw step of a new turn (a draw another effect replaces
// is not a draw: Possessed Portal's).
void Match::check_draw_rule(int before_turn, size_t library_before) {
  if (game_.turn == before_turn || game_.loser >= 0) return;
  if (library_before == 0 && game_.loses_by_drawing(game_.active) && !draws_replaced(game_, game_.active)) game_.loser = game_.active;
  if (game_.turn >= turn_limit_ && game_.loser < 0) draw_ = true;
}

// The rules' automatic parts: the stack resolves once the offer to respond is declined (or when
// the other player has nothing to respond with), state-based actions, combat damage waiting for
// triggers.
void Match::settle() {
  if (mulligan_ >= 0 || !begun_) return;  // the game has not begun
  for (int guard = 0; guard < 10000; ++guard) {
    if (offer_ >= 0 && !settle_offer()) return;
    game_.interrupter = -1;
    if (game_.loser >= 0 || !game_.menus.empty() || !game_.choosers.empty()) return;
    if (!game_.stack.empty()) {
      StackItem& top = game_.stack.back();
      if (options_.responses && top.asked == 0) {
        top.asked = 1;  // one offer per object
        const int other = 1 - top.controller;
        if (could_respond(other)) {
          offer_ = other;
          offer_depth_ = game_.stack.size();
          game_.interrupter = other;
          return;
        }
      }
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

// While an offer is open: false when the offered player still acts (their priority, or the
// menu or chooser of what they began); true once they put something on the stack. A response to
// the wish to end the step keeps the step going: that wish is taken back, and the active player
// acts again once the stack is empty (CR 117.3b: priority returns after a resolution).
bool Match::settle_offer() {
  if (game_.loser >= 0) {
    offer_ = -1;
    return true;
  }
  if (!game_.choosers.empty()) {
    game_.interrupter = -1;  // the chooser's own player answers it (a trigger may be the other's)
    return false;
  }
  if (!game_.menus.empty() || game_.stack.size() <= offer_depth_) {
    game_.interrupter = offer_;
    return false;
  }
  game_.note("p" + std::to_string(offer_ + 1) + " responds");
  const size_t offered = offer_depth_ - 1;
  if (offered < game_.stack.size() && game_.stack[offered].kind == StackItem::kNextPhase) {
    game_.stack.erase(game_.stack.begin() + static_cast<long>(offered));
  }
  offer_ = -1;
  return true;
}

// Whether `player` has an instant, a flash card, a hand ability or a non-mana activated ability
// they could use now with the mana in their pool and their untapped lands (counted as any colour:
// an offer made in doubt is declined; one not made would be a response lost).
bool Match::could_respond(int player) {
  auto& me = game_.players[static_cast<size_t>(player)];
  int available = me.pool.total(), snow = me.pool.snow_total();
  for (int c : me.zones[kBattlefield]) {
    if (game_.objs[static_cast<size_t>(c)].tapped || !game_.is_type(c, "land")) continue;
    ++available;
    snow += game_.is_type(c, ty::kSnow);  // its mana would be snow ({i})
  }
  const ManaPool saved = me.pool;
  me.pool.n.fill(available);
  me.pool.snow.fill(snow);
  bool any = false;
  for (int c : me.zones[kHand]) {
    any = any || game_.can_cast(c, player) || game_.can_cast(c, player, true);
    for (const Ability& a : game_.objs[static_cast<size_t>(c)].def->hand_abilities) any = any || game_.can_activate(c, a, player);
    if (any) break;
  }
  for (int p = 0; p < 2 && !any; ++p) {
    for (int c : game_.players[static_cast<size_t>(p)].zones[kBattlefield]) {
      if (game_.objs[static_cast<size_t>(c)].controller != player) continue;
      game_.each_ability(c, [&](const Ability& a) { any = any || (!is_mana_ability(a) && game_.can_activate(c, a, player)); });
      if (any) break;
    }
  }
  me.pool = saved;
  return any;
}

std::string Match::offer_label() const {
  if (game_.stack.size() < offer_depth_ || offer_depth_ == 0) return "let it resolve";
  const StackItem& offered = game_.stack[offer_depth_ - 1];
  if (offered.kind == StackItem::kNextPhase) return "let the step end";
  return "let " + game_.name(offered.source) + " resolve";
}

}  // namespace rk::mtg
