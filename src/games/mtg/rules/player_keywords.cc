// Keyword abilities that act for a player rather than for the card that has them (Wagic reads
// them off the permanents a player controls): who can lose or win, gain life, be targeted, keep
// more than seven cards; the ..home creatures tied to a land type (Dandan, CR 702's old "can't
// attack unless defending player controls an Island"); tokenizer (Parallel Lives).
#include "games/mtg/rules/game.h"

namespace rk::mtg {

bool Game::player_has(int player, std::string_view keyword) const {
  for (int c : players[static_cast<size_t>(player)].zones[kBattlefield]) {
    if (!objs[static_cast<size_t>(c)].phased_out && has_word(c, keyword)) return true;
  }
  return false;
}

// 0 life or 10 poison counters (CR 704.5a, 704.5c), unless a permanent of its says it cannot lose
// (cantlose; cantlifelose for life only) or one of its opponent's says that player cannot win.
bool Game::loses_by_state(int player) const {
  const Player& p = players[static_cast<size_t>(player)];
  if (p.life > 0 && p.poison < 10) return false;
  if (player_has(player, "cantlose") || player_has(1 - player, "cantwin")) return false;
  return !(p.poison < 10 && player_has(player, "cantlifelose"));
}

// A draw from an empty library (CR 704.5b): cantlose, cantmillose, an opponent's cantwin stop it.
// Wagic spells the keyword cantmilllose (three l's: Laboratory Maniac); both are read.
bool Game::loses_by_drawing(int player) const {
  return !player_has(player, "cantlose") && !player_has(player, "cantmillose") && !player_has(player, "cantmilllose") &&
         !player_has(1 - player, "cantwin");
}

// nolifegain (its controller) and nolifegainopponent (its controller's opponents): no life gained.
bool Game::gains_life(int player) const {
  return !player_has(player, "nolifegain") && !player_has(1 - player, "nolifegainopponent");
}

// controllershroud: its controller cannot be the target of opponents' spells and abilities;
// playershroud: of anyone's (its controller's own included, as Wagic reads it).
bool Game::player_targetable(int player, int controller) const {
  if (player_has(player, "playershroud")) return false;
  return player == controller || !player_has(player, "controllershroud");
}

// nomaxhand: no maximum hand size (Reliquary Tower); a lord may give it to cards in any zone of
// the player (Anvil of Bogardan's lord over the opponent's library), so every card it controls counts.
bool Game::no_max_hand(int player) const {
  for (int z = 0; z < kZoneCount; ++z) {
    for (int c : players[static_cast<size_t>(player)].zones[static_cast<size_t>(z)]) {
      if (z != kStack && has_word(c, "nomaxhand")) return true;
    }
  }
  return false;
}

namespace {
struct Home {
  const char* keyword;
  TypeName land;
};
constexpr Home kHomes[] = {{"foresthome", "forest"}, {"islandhome", "island"}, {"mountainhome", "mountain"},
                           {"swamphome", "swamp"},   {"plainshome", "plains"}};

bool controls_type(const Game& g, int player, Sym type) {
  for (int c : g.players[static_cast<size_t>(player)].zones[kBattlefield]) {
    if (g.is_type(c, type)) return true;
  }
  return false;
}
}  // namespace

// islandhome and its kin: it can attack only while the defending player controls such a land.
bool Game::home_allows_attack(int card) const {
  const int defender = 1 - objs[static_cast<size_t>(card)].controller;
  for (const Home& h : kHomes) {
    if (has_word(card, h.keyword) && !controls_type(*this, defender, h.land.id)) return false;
  }
  return true;
}

// ..and it is sacrificed when its controller controls no such land (a state trigger in the
// printed cards; Wagic checks it continuously, as here). True when one went.
bool Game::home_sacrifices() {
  for (size_t c = 0; c < objs.size(); ++c) {
    if (objs[c].zone != kBattlefield || objs[c].phased_out) continue;
    for (const Home& h : kHomes) {
      if (has_word(static_cast<int>(c), h.keyword) && !controls_type(*this, objs[c].controller, h.land.id)) {
        note(name(static_cast<int>(c)) + " has no " + h.keyword + " land");
        sacrifice(static_cast<int>(c));
        return true;
      }
    }
  }
  return false;
}

// tokenizer (Parallel Lives): each such permanent of the player doubles the tokens it gets.
int Game::token_copies(int player) const {
  int n = 1;
  for (int c : players[static_cast<size_t>(player)].zones[kBattlefield]) {
    if (has_word(c, "tokenizer")) n *= 2;
  }
  return n;
}

}  // namespace rk::mtg
