// The observer's view of a CFC game (view.h). Hidden: the decks (nobody looks into them) and the
// other player's hand; a spectator sees neither hand. determinize.cc re-deals exactly these.
#include "games/cfc/runners/view.h"

#include "games/cfc/runners/menu.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

namespace rk::cfc {
namespace {

using nlohmann::json;
using kernel::Seen;

constexpr const char* kTypeNames[] = {"character", "action", "reaction", "card"};

// The set writes ability symbols as ¢ £ ¤; the board shows ▲ ■ ●.
std::string board_symbols(std::string text) {
  static constexpr std::pair<const char*, AbilityType> kSymbols[] = {
      {"\xC2\xA2", AbilityType::kInstant}, {"\xC2\xA3", AbilityType::kActivated}, {"\xC2\xA4", AbilityType::kAuto}};
  for (const auto& [set_symbol, type] : kSymbols) {
    for (size_t at = text.find(set_symbol); at != std::string::npos; at = text.find(set_symbol, at)) text.replace(at, 2, ability_symbol(type));
  }
  return text;
}

std::string card_id(EntityId e) { return fmt::format("c{}", e); }

// The printed card: what it is wherever it lies.
json printed_json(const Game& g, EntityId e) {
  const CardDef& d = g.def(e);
  json j = {{"id", card_id(e)}, {"name", d.name}, {"type", kTypeNames[static_cast<size_t>(d.type)]}, {"sp", d.sp}};
  if (d.type == CardType::kCharacter) j["bp"] = d.bp, j["subtype"] = d.subtype;
  if (d.ability != AbilityType::kNone) j["ability"] = fmt::format("{} {}", ability_symbol(d.ability), d.ability_name);
  if (!d.backups.empty()) j["takes back-ups"] = fmt::format("{}", fmt::join(d.backups, ", "));
  if (!d.text.empty()) j["text"] = board_symbols(d.text);
  return j;
}

// A character in a ring slot: its printed card, then its state now.
json ring_json(const Game& g, int p, int slot) {
  const EntityId e = g.player(p).ring[static_cast<size_t>(slot)];
  const Card& c = g.card(e);
  json j = printed_json(g, e);
  j["slot"] = slot + 1;
  j["bp"] = c.bp;
  if (c.bp != g.def(e).bp) j["printed bp"] = g.def(e).bp;
  j["frozen"] = c.frozen;
  j["fresh"] = c.fresh;
  if (c.powerless) j["lost its ability"] = true;
  else if (c.rules != kOwnRules) j["rules of"] = g.rules_def(e).name;
  json backups = json::array();
  for (EntityId b : g.player(p).backups[static_cast<size_t>(slot)]) backups.push_back(printed_json(g, b));
  if (!backups.empty()) j["backups"] = std::move(backups);
  for (const Attack& a : g.attacks()) {
    for (int m = 0; m < a.size; ++m) {
      if (p == g.active() && a.slots[static_cast<size_t>(m)] == slot) j[a.size > 1 ? "united attacking" : "attacking"] = true;
    }
    if (p != g.active() && a.blocker == slot) j["countering"] = true;
  }
  return j;
}

// A player's piles, and who may look at each.
struct Pile {
  const char* name;
  Seen seen;
  kernel::Zone PlayerState::*zone;
};
constexpr Pile kPiles[] = {
    {"hand", Seen::kOwner, &PlayerState::hand},
    {"deck", Seen::kNobody, &PlayerState::deck},
    {"discards", Seen::kEveryone, &PlayerState::discards},
    {"removed", Seen::kEveryone, &PlayerState::removed},
};

json player_json(const Game& g, int p, int observer) {
  const PlayerState& ps = g.player(p);
  json j = {{"seat", p}, {"name", kernel::seat_name(p)}, {"stats", {{"hp", ps.hp}, {"sp", ps.sp}}}};
  json zones = json::array();
  json ring = json::array();
  for (int s = 0; s < kSlots; ++s) {
    if (ps.ring[static_cast<size_t>(s)] != kNoEntity) ring.push_back(ring_json(g, p, s));
  }
  zones.push_back(kernel::zone_json("ring", ring.size(), std::move(ring)));
  for (const Pile& pile : kPiles) {
    const kernel::Zone& z = ps.*pile.zone;
    json cards = nullptr;
    if (kernel::sees(pile.seen, p, observer)) {
      cards = json::array();
      for (EntityId e : z.ids()) cards.push_back(printed_json(g, e));
    }
    zones.push_back(kernel::zone_json(pile.name, z.size(), std::move(cards)));
  }
  j["zones"] = std::move(zones);
  return j;
}

// Whether `observer` may look at card `e` where it lies now.
bool visible(const Game& g, EntityId e, int observer) {
  for (int p = 0; p < 2; ++p) {
    for (const Pile& pile : kPiles) {
      if ((g.player(p).*pile.zone).contains(e)) return kernel::sees(pile.seen, p, observer);
    }
  }
  for (int p = 0; p < 2; ++p) {
    const PlayerState& ps = g.player(p);
    for (int s = 0; s < kSlots; ++s) {
      const auto& under = ps.backups[static_cast<size_t>(s)];
      if (ps.ring[static_cast<size_t>(s)] == e || std::find(under.begin(), under.end(), e) != under.end()) return true;
    }
  }
  return false;  // set aside by a rule (a prophecy's cards): only the question shows them, to whom it asks
}

// Each kind of move: its group in a long menu, and where the card it is about lies.
enum class About : uint8_t { kNone, kHand, kOwnSlot, kEnemySlot, kTarget };
struct MoveKind {
  Action::Kind kind;
  const char* group;
  About about;
};
constexpr MoveKind kMoves[] = {
    {Action::Kind::kPass, "pass", About::kNone},          {Action::Kind::kPlayCharacter, "play", About::kHand},
    {Action::Kind::kBackup, "back-up", About::kHand},     {Action::Kind::kPlayAction, "play", About::kHand},
    {Action::Kind::kActivate, "ability", About::kOwnSlot}, {Action::Kind::kAttack, "attack", About::kOwnSlot},
    {Action::Kind::kUnite, "attack", About::kOwnSlot},    {Action::Kind::kPlayReaction, "react", About::kHand},
    {Action::Kind::kBlock, "counter", About::kOwnSlot},   {Action::Kind::kChoose, "choose", About::kTarget},
};

EntityId about_card(const Game& g, const Action& a, About about, int p) {
  const PlayerState& ps = g.player(p);
  switch (about) {
    case About::kNone: return kNoEntity;
    case About::kHand: {
      const kernel::Zone& z = a.removed ? ps.removed : ps.hand;
      return a.hand >= 0 && static_cast<size_t>(a.hand) < z.size() ? z[static_cast<size_t>(a.hand)] : kNoEntity;
    }
    case About::kOwnSlot: return a.slot >= 0 && a.slot < kSlots ? ps.ring[static_cast<size_t>(a.slot)] : kNoEntity;
    case About::kEnemySlot: return a.slot >= 0 && a.slot < kSlots ? g.player(1 - p).ring[static_cast<size_t>(a.slot)] : kNoEntity;
    case About::kTarget: return a.targets[0];
  }
  return kNoEntity;
}

}  // namespace

json observer_view(const Game& g, int observer) {
  json v;
  v["game"] = "cfc";
  v["observer"] = observer;
  v["turn"] = g.turn();
  v["phase"] = phase_name(g.phase());
  v["active"] = g.active();
  json players = json::array();
  for (int p = 0; p < 2; ++p) players.push_back(player_json(g, p, observer));
  v["players"] = std::move(players);
  v["zones"] = json::array();
  if (g.terminal()) v["winner"] = g.winner();
  return v;
}

json option_view(const Game& g, size_t option_index) {
  const std::vector<Action> legal = g.legal_actions();
  if (option_index >= legal.size()) return nullptr;
  const Action& a = legal[option_index];
  // As `rulekit cfc play` offers it: a pass says what it ends; the menu's steps group the options.
  const std::vector<std::string> steps = choice_steps(g, a);
  json o = {{"label", a.kind == Action::Kind::kPass && !steps.empty() ? steps.front() : g.label(a)}, {"steps", steps}};
  for (const MoveKind& k : kMoves) {
    if (k.kind != a.kind) continue;
    o["group"] = k.group;
    const EntityId e = about_card(g, a, k.about, g.current_player());
    // Only a card the deciding seat may see is named by its id (an id follows its card: named
    // in the enemy's hand or deck, it would tell where the view hides it).
    if (e != kNoEntity && e < g.card_count() && visible(g, e, g.current_player())) o["card"] = card_id(e);
  }
  return o;
}

json card_text(const Game& g, std::string_view id, int observer) {
  if (id.size() < 2 || id[0] != 'c' || id.size() > 7) return nullptr;
  const std::string digits(id.substr(1));
  if (digits.find_first_not_of("0123456789") != std::string::npos) return nullptr;
  const long n = std::atol(digits.c_str());
  if (n < 0 || static_cast<size_t>(n) >= g.card_count()) return nullptr;
  const auto e = static_cast<EntityId>(n);
  if (!visible(g, e, observer)) return nullptr;
  return printed_json(g, e);
}

}  // namespace rk::cfc
