// The card pool of Valeria: Card Kingdoms as the rules use it: every row of the vckonline tables
// (citizens, domains, monsters, events, dukes, starters) with its numbers and its effect strings
// parsed once into trees (effect.h). Loaded once and shared by every state.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "games/vck/language/effect.h"

namespace rk::vck {

// Gold, strength, magic, victory points: the four scores of a player.
using Res4 = std::array<int32_t, 4>;
enum Role : uint8_t { kShadow, kHoly, kSoldier, kWorker };

// A parsed effect string: its text (what the original engine dispatches on) and its tree.
struct Program {
  std::string text;
  Effect effect;
  bool parsed = false;
  int32_t index = -1;  // numbered in load order (CardDb::programs): coverage marks programs that ran
  bool empty() const { return text.empty(); }
};

struct CitizenCard {
  int id = 0;
  std::string name, expansion;
  std::string text;  // what the card says, for people: its row's *_text fields
  int cost = 0, rm1 = -1, rm2 = -1;
  std::array<int, 4> roles{};
  Res4 on{}, off{};  // fixed payouts on / off turn
  bool special = false;  // special_citizen: set aside (the King's Guard), never dealt on a stack
  Program special_on, special_off;
};

struct StarterCard {
  int id = 0;
  std::string name, expansion, trigger;  // activation_trigger: doubles_or_no_payout[_twice]
  std::string text;  // what the card says, for people: its row's *_text fields
  int rm1 = -1, rm2 = -1;
  Res4 on{}, off{};
  Program special_on, special_off;
};

struct DomainCard {
  int id = 0;
  std::string name, expansion;
  std::string text;  // what the card says, for people: its row's *_text fields
  int cost = 0, vp = 0;
  std::array<int, 4> roles{};
  Program passive, activation;
};

struct MonsterCard {
  int id = 0;
  std::string name, expansion, area, type;
  std::string text;  // what the card says, for people: its row's *_text fields
  int order = 0, strength = 0, magic = 0;
  Res4 reward{};  // g s m vp
  bool extra = false;
  Program special_reward, special_cost;
};

struct EventCard {
  int id = 0;
  std::string name, expansion, type;
  std::string text;  // what the card says, for people: its row's *_text fields
  int rm1 = -1;
  bool monster = false;
  int strength = 0, magic = 0;
  Res4 reward{};
  Program roll_effect, special_reward, activation, passive;
};

struct DukeCard {
  int id = 0;
  std::string name, expansion;
  std::string text;  // what the card says, for people: its row's *_text fields
  // gold, strength, magic divisors; role, monster, citizen, domain and monster-type multipliers.
  int gold = 0, strength = 0, magic = 0;
  std::array<int, 4> roles{};
  int monster = 0, citizen = 0, domain = 0, boss = 0, minion = 0, beast = 0, titan = 0;
};

// A Crimson Seas noble: scored at the end like a duke (role icons count toward dukes too).
struct NobleCard {
  int id = 0;
  std::string name;
  std::array<int, 4> roles{}, role_mult{};
  int monster = 0, citizen = 0, domain = 0, boss = 0, minion = 0, beast = 0, titan = 0, goods = 0;
  Program special;  // special_duke_payout: floor_div <res> <div> <vp> | wild_choose <div> <vp>
};

// A relic (kept at the relic gate) and an agent (a face-up slot): their effect strings.
struct RelicCard {
  int id = 0;
  std::string name;
  Program passive;  // "action.*" ones trigger on their own; the others are used as an action
  bool consumes_action = true;
};
struct AgentCard {
  int id = 0;
  std::string name;
  Program activation;
};

struct CardDb {
  EffectSet set;
  // Indexed by the table's primary key (index 0 unused, missing ids have id 0).
  std::vector<CitizenCard> citizens;
  std::vector<StarterCard> starters;
  std::vector<DomainCard> domains;
  std::vector<MonsterCard> monsters;
  std::vector<EventCard> events;
  std::vector<DukeCard> dukes;
  std::vector<NobleCard> nobles;
  std::vector<RelicCard> relics;
  std::vector<AgentCard> agents;
  // banned_cards.json beside the tables folder: excluded from the deal (the original's
  // shipped list when the file is absent).
  std::vector<int> banned_dukes = {22}, banned_domains, banned_relics = {7, 9, 11};
  size_t programs = 0, parsed = 0;

  const CitizenCard* citizen(int id) const { return at(citizens, id); }
  const StarterCard* starter(int id) const { return at(starters, id); }
  const DomainCard* domain(int id) const { return at(domains, id); }
  const MonsterCard* monster(int id) const { return at(monsters, id); }
  const EventCard* event(int id) const { return at(events, id); }
  const DukeCard* duke(int id) const { return at(dukes, id); }
  const NobleCard* noble(int id) const { return at(nobles, id); }
  const RelicCard* relic(int id) const { return at(relics, id); }
  const AgentCard* agent(int id) const { return at(agents, id); }

 private:
  template <class T>
  static const T* at(const std::vector<T>& v, int id) {
    return id > 0 && static_cast<size_t>(id) < v.size() && v[static_cast<size_t>(id)].id == id ? &v[static_cast<size_t>(id)] : nullptr;
  }
};

// Loads the tables of `dir` (the shared corpus's vck/tables). A missing or malformed table is
// reported in `problems` (file: error[VK....]: ...) and false is returned.
bool load_cards(const std::string& dir, CardDb& db, std::vector<std::string>& problems);
// A banned-card list in the original's banned_cards.json shape ({"dukes": [...], "domains": [...],
// "relics": [...]}, ids), replacing the one read beside the tables: the original's operator edits
// that file to ban or unban cards ("remove an id from a list to unban that card").
bool load_banned(const std::string& path, CardDb& db, std::vector<std::string>& problems);
bool read_banned(const std::string& path, const std::string& text, CardDb& db, std::vector<std::string>& problems);

}  // namespace rk::vck
