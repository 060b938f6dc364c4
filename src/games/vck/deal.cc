// Dealing a game (game_setup.py:load_game_data) with every random pick drawn through
// kernel::Chance: citizen type per roll value, domain and duke pools, turn order, monster areas,
// the exhausted deck's events and its shuffle.
#include <algorithm>
#include <map>
#include <set>

#include "games/vck/game.h"

namespace rk::vck {
namespace {

enum Tag : uint16_t { kCitizenPick = 10, kDomains, kDukes, kTurnOrder, kAreas, kEvents, kExhausted };

struct PresetPools {
  const char* id;
  std::vector<std::string> monsters, citizens;  // expansions the monster areas and citizens come from
};
const PresetPools kPresets[] = {
    {"base", {"base1", "base2"}, {"base1", "base2"}},
    {"base1", {"base1"}, {"base1"}},
    // select_base2_monsters: base2's three areas plus the Gnolls and the Undead Samurai (whose
    // stack carries the Rider and the Lord), five areas, all dealt.
    {"base2", {"base2", "gnolls", "undeadsamurai"}, {"base2"}},
    {"flamesandfrost", {"flamesandfrost"}, {"flamesandfrost"}},
    {"shadowvale", {"shadowvale"}, {"shadowvale"}},
};
constexpr int kBannedDuke = 22;  // banned_cards.json
constexpr int kRollValues[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 11};

// k of `in` sampled without replacement, in draw order.
template <class T>
std::vector<T> sample(std::vector<T> in, size_t k, kernel::Chance& chance, uint16_t tag) {
  std::vector<T> out;
  for (size_t i = 0; i < k && !in.empty(); ++i) {
    const size_t j = chance.below(static_cast<uint32_t>(in.size()), nullptr, tag);
    out.push_back(in[j]);
    in.erase(in.begin() + static_cast<long>(j));
  }
  return out;
}

bool places_reserve(const EventCard& e) { return e.activation.text.find("place_reserve_monster") != std::string::npos; }

bool in(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

void deal_citizens(const CardDb& db, const PresetPools& p, int players, kernel::Chance& chance, Setup& out) {
  for (int roll : kRollValues) {
    std::vector<int> cands, fallback;
    for (const CitizenCard& c : db.citizens) {
      if (c.id == 0 || c.rm1 != roll) continue;
      if (in(p.citizens, c.expansion)) cands.push_back(c.id);
      if (c.expansion == "base1") fallback.push_back(c.id);
    }
    if (cands.empty()) cands = fallback;  // base2 prints no Peasant or Knight: base1's are used
    if (cands.empty()) continue;
    const int id = cands[chance.below(static_cast<uint32_t>(cands.size()), nullptr, kCitizenPick)];
    out.citizens.emplace_back(players == 5 ? 6 : 5, CardRef{'c', static_cast<int16_t>(id)});
  }
}

bool deal_monsters(const CardDb& db, const PresetPools& p, int players, kernel::Chance& chance, Setup& out) {
  std::vector<std::string> areas;
  for (const MonsterCard& m : db.monsters) {
    if (m.id && in(p.monsters, m.expansion) && !in(areas, m.area)) areas.push_back(m.area);
  }
  if (areas.size() < 5) return false;  // game_setup.py refuses a pool of fewer than five areas
  std::vector<std::pair<std::string, std::vector<CardRef>>> dealt;
  for (const std::string& area : sample(areas, 5, chance, kAreas)) {
    std::vector<const MonsterCard*> st;
    for (const MonsterCard& m : db.monsters) {
      if (m.id && m.area == area && (!m.extra || players == 5)) st.push_back(&m);
    }
    std::stable_sort(st.begin(), st.end(), [](auto* a, auto* b) { return a->order > b->order; });
    std::vector<CardRef> refs;
    for (auto* m : st) refs.push_back({'m', static_cast<int16_t>(m->id)});
    dealt.push_back({area, refs});
  }
  auto cost = [&](const std::vector<CardRef>& s) { return s.empty() ? 0 : db.monster(s.back().id)->strength + db.monster(s.back().id)->magic; };
  std::stable_sort(dealt.begin(), dealt.end(), [&](const auto& a, const auto& b) { return cost(a.second) < cost(b.second); });
  for (auto& [area, refs] : dealt) {
    out.monster_areas.push_back(area);
    out.monsters.push_back(std::move(refs));
  }
  return true;
}

}  // namespace

bool deal(const CardDb& db, const std::string& preset, int players, kernel::Chance& chance, Setup& out, std::string& error) {
  const PresetPools* p = nullptr;
  for (const auto& x : kPresets) {
    if (preset == x.id) p = &x;
  }
  if (!p) return error = "unknown preset " + preset + " (base, base1, base2, flamesandfrost, shadowvale)", false;
  if (players < 2 || players > 5) return error = "2 to 5 players", false;
  out = Setup();
  deal_citizens(db, *p, players, chance, out);
  std::vector<int> domains, dukes;
  for (const DomainCard& d : db.domains) {
    if (d.id && d.expansion != "crimsonseas") domains.push_back(d.id);
  }
  for (const DukeCard& d : db.dukes) {
    if (d.id && d.id != kBannedDuke) dukes.push_back(d.id);
  }
  chance.shuffle(domains.begin(), domains.end(), nullptr, kDomains);
  chance.shuffle(dukes.begin(), dukes.end(), nullptr, kDukes);
  for (int i = 1; i <= players; ++i) out.seats.push_back("p" + std::to_string(i));
  chance.shuffle(out.seats.begin(), out.seats.end(), nullptr, kTurnOrder);
  if (!deal_monsters(db, *p, players, chance, out)) return error = "preset " + preset + " has fewer than five monster areas", false;
  const size_t depth = players == 5 ? 4 : 3;
  for (int s = 0; s < 5; ++s) {
    std::vector<CardRef> st;
    for (size_t k = 0; k < depth && !domains.empty(); ++k) {
      st.insert(st.begin(), CardRef{'d', static_cast<int16_t>(domains.back())});
      domains.pop_back();
    }
    out.domains.push_back(st);
  }
  for (int seat = 0; seat < players; ++seat) {
    std::vector<int> two;
    for (int k = 0; k < 2 && !dukes.empty(); ++k) two.push_back(dukes.back()), dukes.pop_back();
    out.dukes_dealt.push_back(two);
  }
  // The Undead Samurai Lord event and the Undead Samurai area are the same cards under two rule
  // sets: with the area on the board the event leaves the pool.
  const bool samurai_area = in(out.monster_areas, "Undead Samurai");
  std::vector<int> events;
  for (const EventCard& e : db.events) {
    if (e.id && !(samurai_area && places_reserve(e))) events.push_back(e.id);
  }
  for (int id : sample(events, static_cast<size_t>(players), chance, kEvents)) out.exhausted.push_back({'e', static_cast<int16_t>(id)});
  for (int k = 0; k < players; ++k) out.exhausted.push_back({'x', static_cast<int16_t>(k)});
  for (const CardRef& e : out.exhausted) {  // the Undead Samurai Lord sets its minions aside
    if (e.kind == 'e' && db.event(e.id) && places_reserve(*db.event(e.id))) {
      // Only the Minions, every one of them at any table size, lowest order first
      // (card_pool.py fetch_undead_samurai_reserve); the Rider and the Lord come only with the area.
      std::vector<const MonsterCard*> minions;
      for (const MonsterCard& m : db.monsters) {
        if (m.id && m.area == "Undead Samurai" && m.type == "Minion") minions.push_back(&m);
      }
      std::stable_sort(minions.begin(), minions.end(), [](const MonsterCard* a, const MonsterCard* b) { return a->order < b->order; });
      for (const MonsterCard* m : minions) out.undead_samurai.push_back({'m', static_cast<int16_t>(m->id)});
      // A sixth area entry with no stack, as game_setup.py registers it once the event is armed.
      if (!samurai_area) out.monster_areas.push_back("Undead Samurai");
    }
  }
  for (const CardRef& e : out.exhausted) {  // Recruit the King's Guard sets its guards aside
    if (e.kind == 'e' && db.event(e.id) && db.event(e.id)->activation.text == "place_kings_guard") {
      for (const CitizenCard& c : db.citizens) {
        if (c.id && c.expansion == "kingsguard") out.kings_guard.assign(static_cast<size_t>(players == 5 ? 6 : 5), {'c', static_cast<int16_t>(c.id)});
      }
    }
  }
  chance.shuffle(out.exhausted.begin(), out.exhausted.end(), nullptr, kExhausted);
  return true;
}

}  // namespace rk::vck
