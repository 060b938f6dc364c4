// The observer's view of a VCK game (view.h). What is hidden and why: a seat's dukes are dealt
// face down and only their holder looks at them (until the game ends and they are scored); the
// cards under the top of a board stack are not shown (the domains under a top are shuffled face
// down; determinize.cc re-deals them), nor the exhausted deck; everything else is on the table.
#include "games/vck/runners/view.h"

#include "games/vck/runners/narration.h"

#include <fmt/format.h>

#include <cstdlib>

namespace rk::vck {
namespace {

using nlohmann::json;
using kernel::Seen;

constexpr const char* kPhaseNames[] = {"choose dukes", "roll", "harvest", "actions", "game over"};
constexpr const char* kResNames[] = {"gold", "strength", "magic", "vp"};
constexpr const char* kRoleNames[] = {"shadow", "holy", "soldier", "worker"};

// "2 gold, 1 vp"; "" when nothing.
std::string res_text(const Res4& r) {
  std::string out;
  for (size_t k = 0; k < r.size(); ++k) {
    if (r[k]) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", r[k], kResNames[k]);
  }
  return out;
}
std::string roles_text(const std::array<int, 4>& r) {
  std::string out;
  for (size_t k = 0; k < r.size(); ++k) {
    for (int n = 0; n < r[k]; ++n) out += (out.empty() ? "" : " ") + std::string(kRoleNames[k]);
  }
  return out;
}
std::string roll_text(int a, int b) {
  if (a < 0) return "";
  return b >= 0 && b != a ? fmt::format("{}/{}", a, b) : std::to_string(a);
}
// Puts `value` under `key` unless it says nothing (an empty string).
void put(json& j, const char* key, const std::string& value) {
  if (!value.empty()) j[key] = value;
}

// One card of each kind as the view shows it: id, name, kind, its numbers and its text. The
// table below maps the id's letter to the function that reads that kind's row.
json citizen_json(const CardDb& db, int id) {
  const CitizenCard* c = db.citizen(id);
  if (!c) return nullptr;
  json j = {{"id", fmt::format("c{}", id)}, {"name", c->name}, {"type", "citizen"}, {"cost", fmt::format("{} gold", c->cost)}};
  put(j, "roll", roll_text(c->rm1, c->rm2));
  put(j, "roles", roles_text(c->roles));
  put(j, "on_turn", res_text(c->on));
  put(j, "off_turn", res_text(c->off));
  put(j, "text", c->text);
  return j;
}
json starter_json(const CardDb& db, int id) {
  const StarterCard* c = db.starter(id);
  if (!c) return nullptr;
  json j = {{"id", fmt::format("s{}", id)}, {"name", c->name}, {"type", "starter"}};
  put(j, "roll", roll_text(c->rm1, c->rm2));
  put(j, "on_turn", res_text(c->on));
  put(j, "off_turn", res_text(c->off));
  put(j, "text", c->text);
  return j;
}
json domain_json(const CardDb& db, int id) {
  const DomainCard* c = db.domain(id);
  if (!c) return nullptr;
  json j = {{"id", fmt::format("d{}", id)}, {"name", c->name}, {"type", "domain"}, {"cost", fmt::format("{} gold", c->cost)}, {"vp", c->vp}};
  put(j, "needs", roles_text(c->roles));
  put(j, "text", c->text);
  return j;
}
json monster_json(const CardDb& db, int id) {
  const MonsterCard* c = db.monster(id);
  if (!c) return nullptr;
  json j = {{"id", fmt::format("m{}", id)}, {"name", c->name}, {"type", fmt::format("monster ({}, {})", c->type, c->area)}};
  put(j, "cost", res_text({0, c->strength, c->magic, 0}));
  put(j, "reward", res_text(c->reward));
  put(j, "text", c->text);
  return j;
}
json event_json(const CardDb& db, int id) {
  const EventCard* c = db.event(id);
  if (!c) return nullptr;
  json j = {{"id", fmt::format("e{}", id)}, {"name", c->name}, {"type", c->monster ? "event (monster)" : "event"}};
  put(j, "roll", roll_text(c->rm1, -1));
  if (c->monster) {
    put(j, "cost", res_text({0, c->strength, c->magic, 0}));
    put(j, "reward", res_text(c->reward));
  }
  put(j, "text", c->text);
  return j;
}
// How a duke scores at the end (Game::total_vp): a VP per so many of each resource, so many VP
// per card of each kind.
struct DukeWords {
  int DukeCard::*field;
  const char* words;
};
constexpr DukeWords kPer[] = {{&DukeCard::gold, "gold"}, {&DukeCard::strength, "strength"}, {&DukeCard::magic, "magic"}};
constexpr DukeWords kEach[] = {{&DukeCard::monster, "monster"}, {&DukeCard::citizen, "citizen"}, {&DukeCard::domain, "domain"},
                               {&DukeCard::boss, "boss"},       {&DukeCard::minion, "minion"},   {&DukeCard::beast, "beast"},
                               {&DukeCard::titan, "titan"}};
std::string duke_scores(const DukeCard& d) {
  std::string out;
  auto add = [&out](const std::string& s) { out += (out.empty() ? "" : ", ") + s; };
  for (const DukeWords& w : kPer) {
    if (d.*w.field) add(fmt::format("1 VP per {} {}", d.*w.field, w.words));
  }
  for (size_t r = 0; r < d.roles.size(); ++r) {
    if (d.roles[r]) add(fmt::format("{} VP per {} icon", d.roles[r], kRoleNames[r]));
  }
  for (const DukeWords& w : kEach) {
    if (d.*w.field) add(fmt::format("{} VP per {}", d.*w.field, w.words));
  }
  return out;
}

json duke_json(const CardDb& db, int id) {
  const DukeCard* c = db.duke(id);
  if (!c) return nullptr;
  json j = {{"id", fmt::format("k{}", id)}, {"name", c->name}, {"type", "duke"}};
  put(j, "scores", duke_scores(*c));
  put(j, "text", c->text);
  return j;
}
json exhausted_json(const CardDb&, int id) { return {{"id", fmt::format("x{}", id)}, {"name", "exhausted"}, {"type", "token"}}; }

struct KindReader {
  char letter;
  json (*read)(const CardDb&, int);
};
constexpr KindReader kKinds[] = {{'c', citizen_json}, {'s', starter_json}, {'d', domain_json}, {'m', monster_json},
                                 {'e', event_json},   {'k', duke_json},    {'x', exhausted_json}};

json card_json(const CardDb& db, char kind, int id) {
  for (const KindReader& k : kKinds) {
    if (k.letter == kind) return k.read(db, id);
  }
  return nullptr;
}

json ids_json(const CardDb& db, char kind, const std::vector<int>& ids) {
  json a = json::array();
  for (int id : ids) a.push_back(card_json(db, kind, id));
  return a;
}

json refs_json(const CardDb& db, const std::vector<CardRef>& refs) {
  json a = json::array();
  for (const CardRef& r : refs) a.push_back(card_json(db, r.kind, r.id));
  return a;
}

// A board stack: its top face up (unless it waits to be revealed), the cards under it as backs.
json stack_json(const Game& g, const std::string& name, const std::vector<CardRef>& st, bool top_hidden) {
  json cards = json::array();
  for (size_t k = 0; k < st.size(); ++k) {
    cards.push_back(k + 1 == st.size() && !top_hidden ? card_json(g.db(), st[k].kind, st[k].id) : kernel::hidden_card());
  }
  return kernel::zone_json(name, st.size(), std::move(cards));
}

json player_json(const Game& g, int seat, int observer) {
  const Player& p = g.players()[static_cast<size_t>(seat)];
  json j = {{"seat", seat}, {"name", kernel::seat_name(seat)}};
  j["stats"] = {{"gold", p.g}, {"strength", p.s}, {"magic", p.m}, {"vp", p.vp}};
  if (g.terminal()) {
    j["stats"]["total vp"] = g.total_vp(seat);
    j["stats"]["rank"] = g.rank_of(seat);
  }
  json citizens = ids_json(g.db(), 'c', p.cit);
  for (size_t k = 0; k < citizens.size() && k < p.flip.size(); ++k) {
    if (p.flip[k] && citizens[k].is_object()) citizens[k]["flipped"] = true;
  }
  json zones = json::array();
  zones.push_back(kernel::zone_json("starters", p.starters.size(), ids_json(g.db(), 's', p.starters)));
  zones.push_back(kernel::zone_json("citizens", p.cit.size(), std::move(citizens)));
  zones.push_back(kernel::zone_json("domains", p.dom.size(), ids_json(g.db(), 'd', p.dom)));
  zones.push_back(kernel::zone_json("monsters", p.mon.size(), refs_json(g.db(), p.mon)));
  // Dukes: their holder's; everyone's once the game is over (they are scored face up).
  const Seen dukes = g.terminal() ? Seen::kEveryone : Seen::kOwner;
  zones.push_back(kernel::zone_json("dukes", p.dukes.size(), kernel::sees(dukes, seat, observer) ? ids_json(g.db(), 'k', p.dukes) : json(nullptr)));
  j["zones"] = std::move(zones);
  return j;
}

// The board's stacks: which grid, its name in the view.
struct Grid {
  char grid;
  const char* name;
};
constexpr Grid kGrids[] = {{'m', "monster stack"}, {'c', "citizen stack"}, {'d', "domain stack"}};

}  // namespace

json observer_view(const Game& g, int observer) {
  json v;
  v["game"] = "vck";
  v["observer"] = observer;
  v["turn"] = g.turn();
  v["phase"] = kPhaseNames[static_cast<size_t>(g.phase())];
  v["active"] = g.active();
  json players = json::array();
  for (int s = 0; s < g.num_players(); ++s) players.push_back(player_json(g, s, observer));
  v["players"] = std::move(players);
  json zones = json::array();
  for (const Grid& grid : kGrids) {
    const auto& stacks = g.stacks(grid.grid);
    for (size_t k = 0; k < stacks.size(); ++k) {
      const bool unrevealed = grid.grid == 'd' && static_cast<int>(k) == g.unrevealed_domain_stack();
      json z = stack_json(g, fmt::format("{} {}", grid.name, k + 1), stacks[k], unrevealed);
      // A citizen costs a seat one gold more for each copy it already has: say what it costs this one.
      if (grid.grid == 'c' && observer >= 0 && !stacks[k].empty() && stacks[k].back().kind == 'c') {
        const CitizenCard* c = g.db().citizen(stacks[k].back().id);
        json& top = z["cards"].back();
        if (c && top.is_object()) top["your cost"] = fmt::format("{} gold", g.hire_cost(observer, *c));
      }
      if (grid.grid == 'm' && k < g.monster_areas().size()) z["area"] = g.monster_areas()[k];
      zones.push_back(std::move(z));
    }
  }
  zones.push_back(kernel::zone_json("exhausted deck", g.exhausted_deck().size()));
  v["zones"] = std::move(zones);
  v["dice"] = json::array({g.die(0), g.die(1)});
  if (g.terminal()) {
    json winners = json::array();
    for (int s = 0; s < g.num_players(); ++s) {
      if (g.winner(s)) winners.push_back(s);
    }
    v["winners"] = std::move(winners);
  }
  return v;
}

namespace {

// Each kind of move: its group in a long menu, and the letter of the card its `a` names (0: none).
struct MoveKind {
  Action::Type type;
  const char* group;
  char card;
};
constexpr MoveKind kMoves[] = {
    {Action::Type::kChooseDuke, "dukes", 'k'},   {Action::Type::kFinalize, "roll", 0},      {Action::Type::kTake, "take", 0},
    {Action::Type::kHire, "hire", 'c'},          {Action::Type::kBuild, "build", 'd'},      {Action::Type::kSlay, "slay", 'm'},
    {Action::Type::kSlayEvent, "slay", 'e'},     {Action::Type::kHarvestChoose, "harvest", 0},
    {Action::Type::kHarvestExchange, "harvest", 0}, {Action::Type::kActChoose, "effect", 0}, {Action::Type::kActSteal, "effect", 0},
    {Action::Type::kReroll, "roll", 0},
};

}  // namespace

json option_view(const Game& g, size_t option_index) {
  const std::vector<Action> legal = g.legal_actions();
  if (option_index >= legal.size()) return nullptr;
  const Action& a = legal[option_index];
  // In words, as `rulekit vck play` lists it, for the seat that decides (costs explained, a duke named to its keeper).
  json o = {{"label", move_text(g, a, g.current_player())}};
  for (const MoveKind& k : kMoves) {
    if (k.type != a.type) continue;
    o["group"] = k.group;
    if (k.card) o["card"] = fmt::format("{}{}", k.card, a.a);
  }
  return o;
}

json card_text(const Game& g, std::string_view card_id, int) {
  if (card_id.size() < 2) return nullptr;
  const std::string digits(card_id.substr(1));
  if (digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 6) return nullptr;
  const int id = std::atoi(digits.c_str());
  return card_json(g.db(), card_id[0], id);
}

}  // namespace rk::vck
