#include "games/vck/compiler/cards.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "text/diagnostic.h"
#include "text/source.h"

namespace rk::vck {
namespace {

using nlohmann::json;

int num(const json& row, const char* key, int dflt = 0) {
  auto it = row.find(key);
  if (it == row.end() || it->is_null()) return dflt;
  if (it->is_number_integer()) return it->get<int>();
  if (it->is_boolean()) return it->get<bool>() ? 1 : 0;
  return dflt;
}
std::string str(const json& row, const char* key) {
  auto it = row.find(key);
  return it != row.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// Parses an effect column; the legacy "0" sentinel and blanks mean no effect. A column whose
// has_* flag is off does not fire in the original engine, so it is left empty.
Program program(CardDb& db, const json& row, const char* col, const char* flag = nullptr) {
  Program p;
  if (flag && num(row, flag) == 0) return p;
  std::string t = str(row, col);
  while (!t.empty() && t.back() == ' ') t.pop_back();
  while (!t.empty() && t.front() == ' ') t.erase(t.begin());
  if (t.empty() || t == "0") return p;
  p.text = t;
  text::Diagnostics diags(nullptr);
  p.parsed = parse_effect(t, db.set, diags, p.effect);
  p.index = static_cast<int32_t>(db.programs++);
  db.parsed += p.parsed ? 1 : 0;
  return p;
}

// What a row says to people (the engine never reads it): its column that says it whole
// (special_payout_text, effect_text, card_text...) when that says something, else its parts
// (on turn, off turn; an event's roll, reward, activation and passive texts) joined.
struct Words {
  const char* prefix;
  const char* column;
};
std::string card_words(const json& row, const char* whole, std::initializer_list<Words> parts = {}) {
  std::string out = whole ? str(row, whole) : std::string();
  if (!out.empty()) return out;
  for (const Words& w : parts) {
    const std::string t = str(row, w.column);
    if (!t.empty()) out += (out.empty() ? "" : " ") + std::string(w.prefix) + t;
  }
  return out;
}
constexpr std::initializer_list<Words> kTurnWords = {{"On-turn: ", "special_payout_on_turn_text"}, {"Off-turn: ", "special_payout_off_turn_text"}};

template <class T>
T& slot(std::vector<T>& v, int id) {
  if (static_cast<size_t>(id) >= v.size()) v.resize(static_cast<size_t>(id) + 1);
  v[static_cast<size_t>(id)].id = id;
  return v[static_cast<size_t>(id)];
}

std::array<int, 4> roles(const json& r) {
  return {num(r, "shadow_count"), num(r, "holy_count"), num(r, "soldier_count"), num(r, "worker_count")};
}
Res4 pay(const json& r, const char* when) {
  return {num(r, fmt::format("gold_payout_{}", when).c_str()), num(r, fmt::format("strength_payout_{}", when).c_str()),
          num(r, fmt::format("magic_payout_{}", when).c_str()), num(r, fmt::format("vp_payout_{}", when).c_str())};
}

void add_citizen(CardDb& db, const json& r) {
  CitizenCard& c = slot(db.citizens, num(r, "id_citizens"));
  c.text = card_words(r, "special_payout_text", kTurnWords);
  c.name = str(r, "name"), c.expansion = str(r, "expansion");
  c.cost = num(r, "gold_cost"), c.rm1 = num(r, "roll_match1", -1), c.rm2 = num(r, "roll_match2", -1);
  c.roles = roles(r), c.on = pay(r, "on_turn"), c.off = pay(r, "off_turn");
  c.special = num(r, "special_citizen") != 0;
  c.special_on = program(db, r, "special_payout_on_turn", "has_special_payout_on_turn");
  c.special_off = program(db, r, "special_payout_off_turn", "has_special_payout_off_turn");
}
void add_starter(CardDb& db, const json& r) {
  StarterCard& c = slot(db.starters, num(r, "id_starters"));
  c.text = card_words(r, "card_text", kTurnWords);
  c.name = str(r, "name"), c.expansion = str(r, "expansion"), c.trigger = str(r, "activation_trigger");
  c.rm1 = num(r, "roll_match1", -1), c.rm2 = num(r, "roll_match2", -1);
  c.on = pay(r, "on_turn"), c.off = pay(r, "off_turn");
  c.special_on = program(db, r, "special_payout_on_turn", "has_special_payout_on_turn");
  c.special_off = program(db, r, "special_payout_off_turn", "has_special_payout_off_turn");
}
void add_domain(CardDb& db, const json& r) {
  DomainCard& c = slot(db.domains, num(r, "id_domains"));
  c.text = card_words(r, "effect_text");
  c.name = str(r, "name"), c.expansion = str(r, "expansion");
  c.cost = num(r, "gold_cost"), c.vp = num(r, "vp_reward"), c.roles = roles(r);
  c.passive = program(db, r, "passive_effect", "has_passive_effect");
  c.activation = program(db, r, "activation_effect", "has_activation_effect");
}
void add_monster(CardDb& db, const json& r) {
  MonsterCard& c = slot(db.monsters, num(r, "id_monsters"));
  c.text = card_words(r, "special_reward_text");
  c.name = str(r, "name"), c.expansion = str(r, "expansion"), c.area = str(r, "area"), c.type = str(r, "monster_type");
  c.order = num(r, "monster_order"), c.strength = num(r, "strength_cost"), c.magic = num(r, "magic_cost");
  c.reward = {num(r, "gold_reward"), num(r, "strength_reward"), num(r, "magic_reward"), num(r, "vp_reward")};
  c.extra = num(r, "is_extra") != 0;
  c.special_reward = program(db, r, "special_reward", "has_special_reward");
  c.special_cost = program(db, r, "special_cost");
}
void add_event(CardDb& db, const json& r) {
  EventCard& c = slot(db.events, num(r, "id_events"));
  c.text = card_words(r, nullptr, {{"", "roll_effect_text"}, {"", "special_reward_text"}, {"", "activation_effect_text"}, {"", "passive_effect_text"}});
  c.name = str(r, "name"), c.expansion = str(r, "expansion"), c.type = str(r, "monster_type");
  c.rm1 = num(r, "roll_match1", -1), c.monster = num(r, "is_monster") != 0;
  c.strength = num(r, "strength_cost"), c.magic = num(r, "magic_cost");
  c.reward = {num(r, "gold_reward"), num(r, "strength_reward"), num(r, "magic_reward"), num(r, "vp_reward")};
  c.roll_effect = program(db, r, "roll_effect", "has_roll_effect");
  c.special_reward = program(db, r, "special_reward", "has_special_reward");
  c.activation = program(db, r, "activation_effect", "has_activation_effect");
  c.passive = program(db, r, "passive_effect", "has_passive_effect");
}
void add_duke(CardDb& db, const json& r) {
  DukeCard& c = slot(db.dukes, num(r, "id_dukes"));
  c.text = card_words(r, "card_text");
  c.name = str(r, "name"), c.expansion = str(r, "expansion");
  c.gold = num(r, "gold_mult"), c.strength = num(r, "strength_mult"), c.magic = num(r, "magic_mult");
  c.roles = {num(r, "shadow_mult"), num(r, "holy_mult"), num(r, "soldier_mult"), num(r, "worker_mult")};
  c.monster = num(r, "monster_mult"), c.citizen = num(r, "citizen_mult"), c.domain = num(r, "domain_mult");
  c.boss = num(r, "boss_mult"), c.minion = num(r, "minion_mult"), c.beast = num(r, "beast_mult"), c.titan = num(r, "titan_mult");
}

void add_noble(CardDb& db, const json& r) {
  NobleCard& c = slot(db.nobles, num(r, "id_nobles"));
  c.name = str(r, "name");
  c.roles = roles(r);
  c.role_mult = {num(r, "shadow_multiplier"), num(r, "holy_multiplier"), num(r, "soldier_multiplier"), num(r, "worker_multiplier")};
  c.monster = num(r, "monster_multiplier"), c.citizen = num(r, "citizen_multiplier"), c.domain = num(r, "domain_multiplier");
  c.boss = num(r, "boss_multiplier"), c.minion = num(r, "minion_multiplier"), c.beast = num(r, "beast_multiplier");
  c.titan = num(r, "titan_multiplier"), c.goods = num(r, "goods_multiplier");
  c.special = program(db, r, "special_duke_payout", "has_special_duke_payout");
}

void add_relic(CardDb& db, const json& r) {
  RelicCard& c = slot(db.relics, num(r, "id_relics"));
  c.name = str(r, "name");
  c.passive = program(db, r, "passive_effect");
  c.consumes_action = num(r, "consumes_action", 1) != 0;
}
void add_agent(CardDb& db, const json& r) {
  AgentCard& c = slot(db.agents, num(r, "id_agents"));
  c.name = str(r, "name");
  c.activation = program(db, r, "activation_effect");
}

using Adder = void (*)(CardDb&, const json&);
struct TableSpec {
  const char* file;
  const char* key;
  Adder add;
  bool optional = false;  // Crimson Seas' nobles: a table folder of the base game may lack it
};
constexpr TableSpec kTables[] = {
    {"citizens", "id_citizens", add_citizen}, {"starters", "id_starters", add_starter},
    {"domains", "id_domains", add_domain},    {"monsters", "id_monsters", add_monster},
    {"events", "id_events", add_event},       {"dukes", "id_dukes", add_duke},
    {"nobles", "id_nobles", add_noble, true},
    {"relics", "id_relics", add_relic, true},
    {"agents", "id_agents", add_agent, true},
};
constexpr int kMaxId = 100000;

}  // namespace

bool load_cards(const std::string& dir, CardDb& db, std::vector<std::string>& problems) {
  const size_t before = problems.size();
  for (const TableSpec& t : kTables) {
    const std::string path = dir + "/" + t.file + ".json";
    std::string text;
    if (!text::read_file(path, text)) {
      if (t.optional) continue;
      problems.push_back(fmt::format("{}: error[VK0094]: the table cannot be read", path));
      continue;
    }
    json rows;
    try {
      rows = json::parse(text);
    } catch (const json::parse_error& e) {
      problems.push_back(text::render_error_at(path, text, e.byte > 0 ? e.byte - 1 : 0, "VK0093", "the table is not valid JSON"));
      continue;
    }
    if (!rows.is_array()) {
      problems.push_back(fmt::format("{}: error[VK0093]: the table is not a JSON list of rows", path));
      continue;
    }
    for (size_t r = 0; r < rows.size(); ++r) {
      const json& row = rows[r];
      const int id = row.is_object() ? num(row, t.key, -1) : -1;
      if (id <= 0 || id > kMaxId) {
        problems.push_back(fmt::format("{}: error[VK0095]: row {} has no valid {} (1..{})", path, r + 1, t.key, kMaxId));
        continue;
      }
      t.add(db, row);
    }
  }
  std::string banned;
  if (text::read_file(dir + "/../banned_cards.json", banned)) read_banned(dir + "/../banned_cards.json", banned, db, problems);
  return problems.size() == before;
}

bool read_banned(const std::string& path, const std::string& text, CardDb& db, std::vector<std::string>& problems) {
  try {
    const json b = json::parse(text);
    db.banned_dukes = b.value("dukes", std::vector<int>{});
    db.banned_domains = b.value("domains", std::vector<int>{});
    db.banned_relics = b.value("relics", std::vector<int>{});
    return true;
  } catch (const json::exception&) {
    problems.push_back(fmt::format("{}: error[VK0093]: the banned-card list is not valid JSON (keys dukes, domains, relics: lists of ids)", path));
    return false;
  }
}

bool load_banned(const std::string& path, CardDb& db, std::vector<std::string>& problems) {
  std::string text;
  if (!text::read_file(path, text)) {
    problems.push_back(fmt::format("{}: error[VK0093]: cannot read the banned-card list", path));
    return false;
  }
  return read_banned(path, text, db, problems);
}

}  // namespace rk::vck
