// Dealing a game (game_setup.py:load_game_data) with every random pick drawn through
// kernel::Chance: citizen type per roll value, domain and duke pools, turn order, monster areas,
// the exhausted deck's events and its shuffle.
#include <algorithm>
#include <map>
#include <set>

#include "games/vck/rules/draft.h"
#include "games/vck/rules/game.h"

namespace rk::vck {
namespace {

enum Tag : uint16_t { kCitizenPick = 10, kDomains, kDukes, kTurnOrder, kAreas, kEvents, kExhausted, kModules, kStarter, kRelics, kAgents, kIsle };

// How a preset deals (presets/*.json of the shared corpus): where monster areas and citizens come
// from (expansions; empty = every one), fixed areas or citizens (the rotating set), the optional
// -1/-1 starter (an expansion, "random", or "draft"), the agent and relic modules (never, always,
// random, draft) and whether the Crimson Seas island is on.
struct PresetPools {
  const char* id;
  std::vector<std::string> monsters, citizens;  // expansions the monster areas and citizens come from
  const char* starter = "base";
  const char* agents = "never";
  const char* relics = "never";
  bool crimson = false;
  std::vector<std::string> fixed_areas = {};
  std::vector<int> fixed_citizens = {};
  bool one_per_roll = true;
};
const PresetPools kPresets[] = {
    {"base", {"base1", "base2"}, {"base1", "base2"}},
    {"base1", {"base1"}, {"base1"}},
    // select_base2_monsters: base2's three areas plus the Gnolls and the Undead Samurai (whose
    // stack carries the Rider and the Lord), five areas, all dealt.
    {"base2", {"base2", "gnolls", "undeadsamurai"}, {"base2"}},
    {"flamesandfrost", {"flamesandfrost"}, {"flamesandfrost"}},
    {"shadowvale", {"shadowvale"}, {"shadowvale"}},
    {"crimsonseas", {"crimsonseas"}, {"crimsonseas"}, "crimsonseas", "never", "never", true},
    {"june2026", {}, {}, "margraves", "always", "always", false, {"Barrens", "Forest", "Skerry", "Kaharian", "Fire Temple"},
     {19, 2, 41, 14, 33, 34, 35, 36, 9, 48}, false},
    {"random", {}, {}, "random", "random", "random"},
    {"draft", {}, {}, "draft", "draft", "draft", false, {}, {}, false},
};
// `current` is the lobby's name of the rotating set (presets/current.json "alias").
const char* alias_of(const std::string& preset) { return preset == "current" ? "june2026" : preset.c_str(); }
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

void deal_citizens(const CardDb& db, const PresetPools& p, int players, kernel::Chance& chance, Setup& out,
                   const DraftResult* draft) {
  const size_t depth = players == 5 ? 6 : 5;
  if (!p.fixed_citizens.empty() || draft) {  // the rotating set's ten, or the draft's per roll
    if (draft) {
      for (const auto& [roll, id] : draft->citizens) out.citizens.emplace_back(depth, CardRef{'c', static_cast<int16_t>(id)});
    }
    for (int id : p.fixed_citizens) out.citizens.emplace_back(depth, CardRef{'c', static_cast<int16_t>(id)});
    return;
  }
  for (int roll : kRollValues) {
    std::vector<int> cands, fallback;
    for (const CitizenCard& c : db.citizens) {
      if (c.id == 0 || c.rm1 != roll || c.special) continue;
      if (p.citizens.empty() || in(p.citizens, c.expansion)) cands.push_back(c.id);
      if (c.expansion == "base1") fallback.push_back(c.id);
    }
    if (cands.empty()) cands = fallback;  // base2 prints no Peasant or Knight: base1's are used
    if (cands.empty()) continue;
    const int id = cands[chance.below(static_cast<uint32_t>(cands.size()), nullptr, kCitizenPick)];
    out.citizens.emplace_back(depth, CardRef{'c', static_cast<int16_t>(id)});
  }
}

bool deal_monsters(const CardDb& db, const PresetPools& p, int players, kernel::Chance& chance, Setup& out,
                   const DraftResult* draft) {
  std::vector<std::string> areas;
  for (const MonsterCard& m : db.monsters) {
    if (m.id && (p.monsters.empty() || in(p.monsters, m.expansion)) && !in(areas, m.area)) areas.push_back(m.area);
  }
  if (areas.size() < 5) return false;  // game_setup.py refuses a pool of fewer than five areas
  std::vector<std::pair<std::string, std::vector<CardRef>>> dealt;
  const std::vector<std::string> chosen = draft ? draft->monster_areas : !p.fixed_areas.empty() ? p.fixed_areas : sample(areas, 5, chance, kAreas);
  for (const std::string& area : chosen) {
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

// A module's mode: in or out (a random one is a coin, a draft one the vote's yes > no).
bool module_in(const char* mode, bool drafted, kernel::Chance& chance) {
  const std::string m = mode;
  if (m == "always") return true;
  if (m == "random") return chance.below(2, nullptr, kModules) == 0;
  return m == "draft" && drafted;
}

bool banned(const std::vector<int>& list, int id) { return std::find(list.begin(), list.end(), id) != list.end(); }

// The Crimson Seas island: goods (4 types, 6 each) and tomes (3 types, 7 each) shuffled into
// supplies, the nobles shuffled into a deck, 3 face-up slots each popped from the end;
// Exekratys seeded with 2 of each resource; every player starts with 2 maps (game_setup.py).
void deal_isle(const CardDb& db, kernel::Chance& chance, Isle& is) {
  is.on = true;
  for (const char* t : {"artifacts", "jewels", "fabrics", "spices"}) is.goods_supply.insert(is.goods_supply.end(), 6, t);
  for (const char* t : {"gold", "magic", "strength"}) is.tome_supply.insert(is.tome_supply.end(), 7, t);
  for (const NobleCard& n : db.nobles) {
    if (n.id) is.noble_supply.push_back(n.id);
  }
  chance.shuffle(is.goods_supply.begin(), is.goods_supply.end(), nullptr, kIsle);
  chance.shuffle(is.tome_supply.begin(), is.tome_supply.end(), nullptr, kIsle);
  chance.shuffle(is.noble_supply.begin(), is.noble_supply.end(), nullptr, kIsle);
  for (int k = 0; k < 3; ++k) {
    if (!is.goods_supply.empty()) is.goods_slots.push_back(is.goods_supply.back()), is.goods_supply.pop_back();
    if (!is.tome_supply.empty()) is.tome_slots.push_back(is.tome_supply.back()), is.tome_supply.pop_back();
    if (!is.noble_supply.empty()) is.noble_slots.push_back(is.noble_supply.back()), is.noble_supply.pop_back();
  }
  is.exekratys = {2, 2, 2};
  is.start_map = 2;
}

}  // namespace

bool preset_known(const std::string& preset) {
  const std::string id = alias_of(preset);
  return std::any_of(std::begin(kPresets), std::end(kPresets), [&](const PresetPools& p) { return id == p.id; });
}

bool deal(const CardDb& db, const std::string& preset, int players, kernel::Chance& chance, Setup& out, std::string& error,
          const DraftResult* draft) {
  const PresetPools* p = nullptr;
  const std::string id = alias_of(preset);
  for (const auto& x : kPresets) {
    if (id == x.id) p = &x;
  }
  if (!p) return error = "unknown preset " + preset + " (base, base1, base2, flamesandfrost, shadowvale, crimsonseas, june2026, current, random, draft)", false;
  if (players < 2 || players > 5) return error = "2 to 5 players", false;
  // The draft preset deals from its vote; without one given, every seat votes at random (the
  // random bots of a simulation) and ties are broken by chance.
  DraftResult voted;
  if (id == "draft" && !draft) {
    voted = random_vote(db, players, chance);
    draft = &voted;
  }
  out = Setup();
  deal_citizens(db, *p, players, chance, out, draft);
  const size_t depth = players == 5 ? 4 : 3;
  std::vector<int> domains, dukes;
  for (const DomainCard& d : db.domains) {
    if (d.id && d.expansion != "crimsonseas" && !banned(db.banned_domains, d.id)) domains.push_back(d.id);
  }
  for (const DukeCard& d : db.dukes) {
    if (d.id && !banned(db.banned_dukes, d.id)) dukes.push_back(d.id);
  }
  chance.shuffle(domains.begin(), domains.end(), nullptr, kDomains);
  if (p->crimson) {
    // Every Crimson Seas domain is dealt, the rest of the stacks filled from the others, then
    // the dealt ones shuffled together (game_setup.py guaranteed_domain_expansion).
    std::vector<int> sea;
    for (const DomainCard& d : db.domains) {
      if (d.id && d.expansion == "crimsonseas" && !banned(db.banned_domains, d.id)) sea.push_back(d.id);
    }
    chance.shuffle(sea.begin(), sea.end(), nullptr, kDomains);
    const size_t need = 5 * depth;
    if (sea.size() > need) sea.resize(need);
    while (sea.size() < need && !domains.empty()) sea.push_back(domains.back()), domains.pop_back();
    chance.shuffle(sea.begin(), sea.end(), nullptr, kDomains);
    domains = sea;
  }
  chance.shuffle(dukes.begin(), dukes.end(), nullptr, kDukes);
  for (int i = 1; i <= players; ++i) out.seats.push_back("p" + std::to_string(i));
  chance.shuffle(out.seats.begin(), out.seats.end(), nullptr, kTurnOrder);
  if (!deal_monsters(db, *p, players, chance, out, draft)) return error = "preset " + preset + " has fewer than five monster areas", false;
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
  // The optional -1/-1 starter: the preset's expansion, a random one (not Crimson Seas'), or
  // the draft's; Peasant and Knight are everyone's.
  const std::string st = p->starter;
  std::vector<int> optional;
  for (const StarterCard& s : db.starters) {
    if (s.id > 2 && (st == "random" ? s.expansion != "crimsonseas" : s.expansion == st)) optional.push_back(s.id);
  }
  out.starters = {1, 2};
  if (draft && draft->starter) out.starters.push_back(draft->starter);
  else if (st == "random" && !optional.empty()) out.starters.push_back(optional[chance.below(static_cast<uint32_t>(optional.size()), nullptr, kStarter)]);
  else if (!optional.empty()) out.starters.push_back(optional.front());
  // Agents and relics: 2 relics to each player in turn order from a shuffled pool (banned ones
  // out), 4 face-up agents popped from a shuffled deck.
  const bool agents = module_in(p->agents, draft && draft->agents, chance);
  const bool relics = module_in(p->relics, draft && draft->relics, chance);
  if (relics) {
    std::vector<int> pool;
    for (const RelicCard& r : db.relics) {
      if (r.id && !banned(db.banned_relics, r.id)) pool.push_back(r.id);
    }
    if (pool.size() >= static_cast<size_t>(2 * players)) {
      chance.shuffle(pool.begin(), pool.end(), nullptr, kRelics);
      out.relics_dealt.resize(static_cast<size_t>(players));
      for (auto& two : out.relics_dealt) {
        for (int k = 0; k < 2; ++k) two.push_back(pool.back()), pool.pop_back();
      }
    }
  }
  if (agents) {
    for (const AgentCard& a : db.agents) {
      if (a.id) out.agents_deck.push_back(a.id);
    }
    chance.shuffle(out.agents_deck.begin(), out.agents_deck.end(), nullptr, kAgents);
    for (int k = 0; k < 4 && !out.agents_deck.empty(); ++k) out.agents_slots.push_back(out.agents_deck.back()), out.agents_deck.pop_back();
    out.agents = true;
  }
  if (p->crimson) deal_isle(db, chance, out.isle);
  // The Undead Samurai Lord event and the Undead Samurai area are the same cards under two rule
  // sets: with the area on the board the event leaves the pool.
  const bool samurai_area = in(out.monster_areas, "Undead Samurai");
  std::vector<int> events;
  for (const EventCard& e : db.events) {
    if (e.id && !(samurai_area && places_reserve(e))) events.push_back(e.id);
  }
  for (int ev : sample(events, static_cast<size_t>(players), chance, kEvents)) out.exhausted.push_back({'e', static_cast<int16_t>(ev)});
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
