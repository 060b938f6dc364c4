// A Card Fighters' Clash game as text (the terminal) and as JSON (logs, tools).
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "games/cfc/rules/game.h"

namespace rk::cfc {
namespace {

std::string card_line(const Game& g, EntityId e) {
  const CardDef& d = g.def(e);
  std::string s = d.name;
  if (d.type == CardType::kCharacter) s += fmt::format(" [{} BP, {:+} SP, {}]", d.bp, d.sp, d.subtype);
  else s += fmt::format(" [{}, {:+} SP]", d.type == CardType::kAction ? "action" : "reaction", d.sp);
  const Card& c = g.card(e);
  const CardDef& rd = g.rules_def(e);
  if (c.powerless && d.ability != AbilityType::kNone) s += " (lost its ability)";
  else if (c.rules != kOwnRules) s += fmt::format(" {} {} (of {})", ability_symbol(rd.ability), rd.ability_name, rd.name);
  else if (d.ability != AbilityType::kNone) s += fmt::format(" {} {}", ability_symbol(d.ability), d.ability_name);
  return s;
}

}  // namespace

std::string Game::describe(int viewer) const {
  std::string out = phase_ == Phase::kOver ? fmt::format("Turn {}: the game is over\n", turn_)
                                           : fmt::format("Turn {}: player {}'s {} phase{}\n", turn_, active_ + 1, phase_name(phase_),
                                                         // the defender decides in it
                                                         phase_ == Phase::kCounter ? fmt::format(" (player {} decides)", 2 - active_) : "");
  for (int k = 0; k < 2; ++k) {
    const int p = k == 0 ? 1 - viewer : viewer;  // the opponent on top
    const PlayerState& ps = players_[p];
    out += fmt::format("Player {}{}: HP {}  SP {}  deck {}  hand {}  discards {}  removed {}\n", p + 1, p == viewer ? " (you)" : "",
                       ps.hp, ps.sp, ps.deck.size(), ps.hand.size(), ps.discards.size(), ps.removed.size());
    for (int s = 0; s < kSlots; ++s) {
      const EntityId e = ps.ring[static_cast<size_t>(s)];
      if (e == kNoEntity) {
        out += fmt::format("  [{}] -\n", s + 1);
        continue;
      }
      const Card& c = cards_[e];
      std::string state;
      if (c.frozen) state += " frozen";
      if (c.fresh) state += " fresh";
      if (!ps.backups[static_cast<size_t>(s)].empty()) state += fmt::format(" +{} back-up(s)", ps.backups[static_cast<size_t>(s)].size());
      if (p == active_) {
        for (const Attack& a : attacks_) {
          for (int m = 0; m < a.size; ++m) {
            if (a.slots[static_cast<size_t>(m)] == s) state += a.united ? " UNITED-ATTACKING" : " ATTACKING";
          }
        }
      } else {
        for (const Attack& a : attacks_) {
          if (a.blocker == s) state += " COUNTERING";
        }
      }
      out += fmt::format("  [{}] {} BP {}{}\n", s + 1, card_line(*this, e), c.bp, state);
    }
    if (p == viewer) {
      out += "  hand:";
      if (ps.hand.empty()) out += " (empty)";
      out += "\n";
      for (EntityId e : ps.hand.ids()) out += fmt::format("    {}\n", card_line(*this, e));
    }
  }
  if (phase_ == Phase::kOver) out += winner_ < 0 ? "The game is a draw.\n" : fmt::format("Player {} wins.\n", winner_ + 1);
  return out;
}

nlohmann::json Game::to_json() const {
  using nlohmann::json;
  json j;
  j["turn"] = turn_;
  j["phase"] = phase_name(phase_);
  j["active"] = active_;
  j["first"] = first_;
  j["winner"] = winner_;
  json players = json::array();
  for (const PlayerState& ps : players_) {
    json p;
    p["hp"] = ps.hp;
    p["sp"] = ps.sp;
    auto zone = [&](const kernel::Zone& z) {
      json a = json::array();
      for (EntityId e : z.ids()) a.push_back(def(e).name);
      return a;
    };
    p["deck"] = zone(ps.deck);
    p["hand"] = zone(ps.hand);
    p["discards"] = zone(ps.discards);
    p["removed"] = zone(ps.removed);
    json ring = json::array();
    for (int s = 0; s < kSlots; ++s) {
      const EntityId e = ps.ring[static_cast<size_t>(s)];
      if (e == kNoEntity) {
        ring.push_back(nullptr);
        continue;
      }
      json backups = json::array();
      for (EntityId b : ps.backups[static_cast<size_t>(s)]) backups.push_back(def(b).name);
      json card = {{"name", def(e).name}, {"bp", cards_[e].bp}, {"frozen", cards_[e].frozen}, {"fresh", cards_[e].fresh}, {"backups", backups}};
      // Rules it lost, or copied from another card.
      if (cards_[e].powerless) card["rules"] = nullptr;
      else if (cards_[e].rules != kOwnRules) card["rules"] = rules_def(e).name;
      ring.push_back(std::move(card));
    }
    p["ring"] = ring;
    players.push_back(p);
  }
  j["players"] = players;
  json attacks = json::array();
  for (const Attack& a : attacks_) {
    json slots = json::array();
    for (int k = 0; k < a.size; ++k) slots.push_back(a.slots[static_cast<size_t>(k)]);
    attacks.push_back({{"slots", slots}, {"blocker", a.blocker}});
  }
  j["attacks"] = attacks;
  j["hash"] = fmt::format("{:016x}", hash());
  return j;
}

}  // namespace rk::cfc
