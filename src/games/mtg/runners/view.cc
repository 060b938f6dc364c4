// The observer's view of a Magic game (view.h). Hidden: the libraries (nobody looks into them),
// the other player's hand (a spectator sees neither hand), and what a face-down card is, to all
// but its controller. Match::determinize re-deals the hands and libraries.
#include "games/mtg/runners/view.h"

#include "games/mtg/runners/narration.h"

#include <fmt/format.h>

#include <cstdlib>

namespace rk::mtg {
namespace {

using nlohmann::json;
using kernel::Seen;

std::string obj_id(int c) { return fmt::format("o{}", c); }

// Its name as printed (Game::name is the lower-case name the rules compare): what it is now (a
// copy: the card it copies).
std::string card_name(const Game& g, int c) {
  const Obj& o = g.objs[static_cast<size_t>(c)];
  const CardDef* d = g.face_down(c) ? o.printed : o.def;  // face down: only its controller is told, by name
  return d && !d->name.empty() ? d->name : g.name(c);
}

// Who may look at the cards of each zone (the battlefield and the stack are face up, but a
// face-down card there shows only its back: face_down_json).
struct ZoneSeen {
  ZoneId zone;
  const char* name;
  Seen seen;
};
constexpr ZoneSeen kZones[] = {
    {kHand, "hand", Seen::kOwner},         {kLibrary, "library", Seen::kNobody}, {kBattlefield, "battlefield", Seen::kEveryone},
    {kGraveyard, "graveyard", Seen::kEveryone}, {kExile, "exile", Seen::kEveryone},
};

// The printed card: what it is wherever it lies.
json printed_json(const Game& g, int c) {
  const Obj& o = g.objs[static_cast<size_t>(c)];
  const CardDef* d = o.printed ? o.printed : o.def;
  json j = {{"id", obj_id(c)}, {"name", card_name(g, c)}};
  if (!d) return j;
  if (!d->mana_text.empty()) j["cost"] = d->mana_text;
  if (!d->type_line.empty()) j["type"] = d->type_line;
  if (d->is("creature")) j["pt"] = d->star_pt ? std::string("*/*") : fmt::format("{}/{}", d->power, d->toughness);
  if (!d->text.empty()) j["text"] = d->text;
  if (o.token) j["token"] = true;
  return j;
}

// A face-down card to those who may not look at it (CR 708.2: a 2/2 with no name or cost).
json face_down_json(const Game& g, int c) {
  const Obj& o = g.objs[static_cast<size_t>(c)];
  json j = {{"name", "face-down creature"}, {"pt", fmt::format("{}/{}", g.power(c), g.toughness(c))}, {"face down", true}};
  if (o.tapped) j["tapped"] = true;
  return j;
}

// A permanent: its printed card, then its state now (characteristics after the layers).
json permanent_json(const Game& g, int c) {
  const Obj& o = g.objs[static_cast<size_t>(c)];
  json j = printed_json(g, c);
  if (g.is_creature(c)) j["pt"] = fmt::format("{}/{}", g.power(c), g.toughness(c));
  if (o.tapped) j["tapped"] = true;
  if (o.sick && g.is_creature(c)) j["summoning sick"] = true;
  if (o.damage) j["damage"] = o.damage;
  json counters = json::object();
  if (o.plus_counters) counters["+1/+1"] = o.plus_counters;
  if (o.minus_counters) counters["-1/-1"] = o.minus_counters;
  for (const auto& [kind, n] : o.counters) {
    if (n) counters[kind.empty() ? "counter" : kind] = n;
  }
  if (!counters.empty()) j["counters"] = std::move(counters);
  if (o.attacking) j["attacking"] = true;
  if (o.blocking >= 0) j["blocking"] = obj_id(o.blocking);
  if (o.attached >= 0) j["attached to"] = obj_id(o.attached);
  if (o.controller != o.owner) j["owner"] = kernel::seat_name(o.owner);
  return j;
}

bool may_look(const Game& g, int c, int observer) {
  const Obj& o = g.objs[static_cast<size_t>(c)];
  if (g.face_down(c)) return observer == o.controller;
  for (const ZoneSeen& z : kZones) {
    if (z.zone == o.zone) return kernel::sees(z.seen, o.owner, observer);
  }
  return true;  // the stack
}

json card_json(const Game& g, int c, int observer) {
  if (!may_look(g, c, observer)) return g.face_down(c) ? face_down_json(g, c) : kernel::hidden_card();
  return g.objs[static_cast<size_t>(c)].zone == kBattlefield ? permanent_json(g, c) : printed_json(g, c);
}

json player_json(const Match& m, int p, int observer) {
  const Game& g = m.game();
  const Game::Player& pl = g.players[static_cast<size_t>(p)];
  json j = {{"seat", p}, {"name", kernel::seat_name(p)}};
  j["stats"] = {{"life", pl.life}, {"poison", pl.poison}, {"mana", pl.pool.text()}};
  json zones = json::array();
  for (const ZoneSeen& z : kZones) {
    const std::vector<int>& ids = pl.zones[static_cast<size_t>(z.zone)];
    json cards = nullptr;
    if (kernel::sees(z.seen, p, observer)) {
      cards = json::array();
      for (int c : ids) cards.push_back(card_json(g, c, observer));
    }
    zones.push_back(kernel::zone_json(z.name, ids.size(), std::move(cards)));
  }
  j["zones"] = std::move(zones);
  return j;
}

json stack_item_json(const Game& g, const StackItem& item, int observer) {
  json j;
  if (item.kind == StackItem::kNextPhase) return {{"name", "end of the step"}, {"controller", kernel::seat_name(item.controller)}};
  if (item.kind == StackItem::kSpell && item.source >= 0) {
    j = card_json(g, item.source, observer);
  } else {
    j = {{"name", item.source >= 0 ? fmt::format("ability of {}", card_name(g, item.source)) : std::string("ability")}};
    if (item.source >= 0) j["id"] = obj_id(item.source);
    if (item.ability) j["text"] = item.ability->text;
  }
  j["controller"] = kernel::seat_name(item.controller);
  json targets = json::array();
  for (const Target& t : item.targets) {
    if (t.card >= 0) targets.push_back(obj_id(t.card));
    else if (t.player >= 0) targets.push_back(kernel::seat_name(t.player));
  }
  if (!targets.empty()) j["targets"] = std::move(targets);
  return j;
}

}  // namespace

json observer_view(const MatchGame& mg, int observer) {
  const Match& m = mg.match();
  const Game& g = m.game();
  json v;
  v["game"] = "wagic";
  v["observer"] = observer;
  v["turn"] = g.turn + 1;
  v["phase"] = m.mulligan_open() ? "mulligans" : phase_name(g.phase);
  v["active"] = g.active;
  json players = json::array();
  for (int p = 0; p < 2; ++p) players.push_back(player_json(m, p, observer));
  v["players"] = std::move(players);
  json stack = json::array();
  for (const StackItem& item : g.stack) stack.push_back(stack_item_json(g, item, observer));
  v["zones"] = json::array({kernel::zone_json("stack", g.stack.size(), std::move(stack))});
  if (m.over()) v["winner"] = m.winner();
  return v;
}

namespace {

// Each kind of move: its group in a long menu (a card's move: by the zone the card is in).
constexpr const char* kMoveGroups[] = {"pass", "", "menu", "target", "target", "mulligan"};  // by Move::Kind
constexpr const char* kCardGroups[] = {"library", "hand", "battlefield", "graveyard", "exile", "stack"};  // by ZoneId

}  // namespace

json option_view(const MatchGame& mg, size_t option_index) {
  const std::vector<Move> legal = mg.legal_actions();
  if (option_index >= legal.size()) return nullptr;
  const Move& mv = legal[option_index];
  const Game& g = mg.match().game();
  // In words, as `rulekit wagic play` lists it ("tap Forest for {G}", "block with X: it blocks Y").
  json o = {{"label", move_text(mg, option_index)}, {"group", kMoveGroups[mv.kind]}};
  const bool on_card = (mv.kind == Move::kCard || mv.kind == Move::kTarget) && mv.card >= 0 && static_cast<size_t>(mv.card) < g.objs.size();
  // A card the deciding seat may not look at (another's face-down creature, a card in a library)
  // is not named by its id: the id would follow the card where the view hides it.
  if (on_card && !may_look(g, mv.card, mg.current_player())) {
    if (g.face_down(mv.card)) o["label"] = mv.kind == Move::kTarget ? "target a face-down creature" : "a face-down creature";
  } else if (on_card) {
    o["card"] = obj_id(mv.card);
    if (mv.kind == Move::kCard) o["group"] = kCardGroups[g.objs[static_cast<size_t>(mv.card)].zone];
  }
  if (mv.kind == Move::kPlayer && mv.card >= 0) o["player"] = kernel::seat_name(mv.card);
  return o;
}

json card_text(const MatchGame& mg, std::string_view id, int observer) {
  const Game& g = mg.match().game();
  if (id.size() < 2 || id[0] != 'o' || id.size() > 8) return nullptr;
  const std::string digits(id.substr(1));
  if (digits.find_first_not_of("0123456789") != std::string::npos) return nullptr;
  const long c = std::atol(digits.c_str());
  if (c < 0 || static_cast<size_t>(c) >= g.objs.size()) return nullptr;
  if (!may_look(g, static_cast<int>(c), observer)) return nullptr;
  return printed_json(g, static_cast<int>(c));
}

}  // namespace rk::mtg
