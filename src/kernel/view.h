// What one observer may see of a game, in one JSON shape for every game (issue 30 item 2;
// boardgame.io's playerView): each game defines its projection once (src/games/<game>/view.h)
// and every channel (the web page, the terminal, spectators, logs) goes through it, so hidden
// information cannot leak through one path and not another.
//
// The shape, the same for every game so that a page can be generic:
//   {"game", "observer", "turn", "phase", "active": seat,
//    "players": [{"seat", "name": "p1", "stats": {"life": 20, ...},
//                 "zones": [{"name": "hand", "count": 5, "cards": [CARD...]}]}],
//    "zones": [shared zones: the stack, the market...], "dice": [...]?}
// CARD is {"id", "name", "cost"?, "type"?, "pt"?, "text"?, "tapped"?, "counters"?, ...} when the
// observer may see it and {"hidden": true} when not; a zone nobody may look into has its count and
// no "cards". Seat N is named pN+1 everywhere (API, CLI, names).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace rk::kernel {

// The observer who holds no seat: sees only what every player sees.
inline constexpr int kSpectator = -1;

// "p1" for seat 0.
inline std::string seat_name(int seat) { return "p" + std::to_string(seat + 1); }

// Who may look at the cards of a zone (everyone else sees its count, or the backs of its cards).
enum class Seen : uint8_t {
  kEveryone,  // face up: a battlefield, a ring, a discard pile
  kOwner,     // a hand: its owner
  kNobody,    // a deck or library: nobody, its owner included
};
inline bool sees(Seen s, int owner, int observer) { return s == Seen::kEveryone || (s == Seen::kOwner && observer == owner && observer >= 0); }

// A card the observer may not see: its back.
inline nlohmann::json hidden_card() { return nlohmann::json{{"hidden", true}}; }

// A zone of the view: its name and size, and its cards in order (bottom first) when `cards` is an
// array; a null `cards` (a zone nobody may look into) leaves them out.
inline nlohmann::json zone_json(std::string_view name, size_t count, nlohmann::json cards = nullptr) {
  nlohmann::json z = {{"name", name}, {"count", count}};
  if (!cards.is_null()) z["cards"] = std::move(cards);
  return z;
}

// The view as text for the terminal (any game's view: it reads only the shape above): the header
// line, then each player (the observer's own seat marked "you"), their stats and zones, then the
// shared zones and the dice. Cards are written as name [details]; hidden ones as "?".
std::string view_text(const nlohmann::json& view);
// One card of a view as a line of text: "Grizzly Bears {1}{G} 2/2 (tapped)".
std::string card_line(const nlohmann::json& card);

}  // namespace rk::kernel
