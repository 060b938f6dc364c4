// Narration of a move from the difference between two moments of a game (narration.h).
#include "games/cfc/runners/narration.h"

#include <fmt/format.h>

namespace rk::cfc {
namespace {

using Zone = CardPlace::Zone;

const char* zone_name(Zone z) {
  static constexpr const char* kNames[] = {"nowhere", "deck", "hand", "ring", "back-ups", "discard pile", "removed pile"};
  return kNames[static_cast<size_t>(z)];
}

// How a card's move from one zone to another reads; {} falls back to "from X to Y". Drawing
// (deck to hand) is told apart, one line a player.
struct Move {
  Zone from, to;
  const char* words;  // {card} {slot} {owner}
};
constexpr Move kMoves[] = {
    {Zone::kHand, Zone::kRing, "{owner} plays {card} into slot {slot}"},
    {Zone::kHand, Zone::kBackup, "{owner} puts {card} under slot {slot} as a back-up (+300 BP)"},
    {Zone::kHand, Zone::kDiscards, "{card} is discarded from {owner}'s hand"},
    {Zone::kHand, Zone::kRemoved, "{card} is removed from {owner}'s hand"},
    {Zone::kHand, Zone::kDeck, "a card goes from {owner}'s hand back into the deck"},
    {Zone::kRing, Zone::kDiscards, "{card} (slot {slot}) is KO'ed: it leaves the ring for the discard pile"},
    {Zone::kRing, Zone::kHand, "{card} (slot {slot}) returns to {owner}'s hand"},
    {Zone::kRing, Zone::kRemoved, "{card} (slot {slot}) is removed from the game"},
    {Zone::kRing, Zone::kDeck, "{card} (slot {slot}) goes back into the deck"},
    {Zone::kBackup, Zone::kDiscards, "back-up {card} goes to the discard pile"},
    {Zone::kDeck, Zone::kDiscards, "{card} goes from {owner}'s deck to the discard pile"},
    {Zone::kDeck, Zone::kRemoved, "{card} is removed from {owner}'s deck"},
    {Zone::kDeck, Zone::kRing, "{card} comes from {owner}'s deck into slot {slot}"},
    {Zone::kDiscards, Zone::kHand, "{card} returns from the discard pile to {owner}'s hand"},
    {Zone::kDiscards, Zone::kRing, "{card} comes back from the discard pile into slot {slot}"},
    {Zone::kDiscards, Zone::kDeck, "{card} goes from the discard pile into the deck"},
};

std::string player_name(int p, int viewer) { return fmt::format("player {}{}", p + 1, p == viewer ? " (you)" : ""); }

std::vector<CardPlace> places_of(const Game& g) {
  std::vector<CardPlace> out(g.card_count());
  for (int p = 0; p < 2; ++p) {
    const PlayerState& ps = g.player(p);
    auto pile = [&](const kernel::Zone& z, Zone zone) {
      for (EntityId e : z.ids()) out[e] = {zone, static_cast<int8_t>(p), -1};
    };
    pile(ps.deck, Zone::kDeck);
    pile(ps.hand, Zone::kHand);
    pile(ps.discards, Zone::kDiscards);
    pile(ps.removed, Zone::kRemoved);
    for (int s = 0; s < kSlots; ++s) {
      const EntityId e = ps.ring[static_cast<size_t>(s)];
      if (e != kNoEntity) out[e] = {Zone::kRing, static_cast<int8_t>(p), static_cast<int8_t>(s)};
      for (EntityId b : ps.backups[static_cast<size_t>(s)]) out[b] = {Zone::kBackup, static_cast<int8_t>(p), static_cast<int8_t>(s)};
    }
  }
  return out;
}

std::string move_line(const Game& g, EntityId e, const CardPlace& from, const CardPlace& to, int viewer) {
  const CardPlace& at = to.zone == Zone::kRing || to.zone == Zone::kBackup ? to : from;
  const std::string owner = player_name(to.player >= 0 ? to.player : from.player, viewer);
  for (const Move& m : kMoves) {
    if (m.from == from.zone && m.to == to.zone) {
      return fmt::format(fmt::runtime(m.words), fmt::arg("card", g.def(e).name), fmt::arg("slot", at.slot + 1),
                         fmt::arg("owner", owner));
    }
  }
  if (from.zone == to.zone && from.player != to.player) return fmt::format("{} changes sides: now {}'s", g.def(e).name, owner);
  if (from.zone == to.zone) return fmt::format("{} moves from slot {} to slot {}", g.def(e).name, from.slot + 1, to.slot + 1);
  return fmt::format("{} goes from {}'s {} to {}'s {}", g.def(e).name, player_name(from.player, viewer), zone_name(from.zone), owner,
                     zone_name(to.zone));
}

// Cards drawn, one line a player; the viewer sees the names of their own.
void draws(const GameSnapshot& before, const std::vector<CardPlace>& now, const Game& g, int viewer, std::vector<std::string>& out) {
  for (int p = 0; p < 2; ++p) {
    std::vector<std::string> names;
    for (size_t e = 0; e < now.size() && e < before.places.size(); ++e) {
      const CardPlace& a = before.places[e];
      if (a.zone == Zone::kDeck && now[e].zone == Zone::kHand && now[e].player == p) names.push_back(g.def(static_cast<EntityId>(e)).name);
    }
    if (names.empty()) continue;
    const std::string who = player_name(p, viewer);
    if (p == viewer) out.push_back(fmt::format("{} draws {}: {}", who, names.size() == 1 ? "a card" : fmt::format("{} cards", names.size()), fmt::join(names, ", ")));
    else out.push_back(fmt::format("{} draws {}", who, names.size() == 1 ? "a card" : fmt::format("{} cards", names.size())));
  }
}

// Ring characters that stayed: BP and freezing.
void ring_changes(const GameSnapshot& before, const std::vector<CardPlace>& now, const Game& g, std::vector<std::string>& out) {
  for (size_t i = 0; i < now.size() && i < before.places.size(); ++i) {
    const auto e = static_cast<EntityId>(i);
    if (now[i].zone != Zone::kRing || before.places[i].zone != Zone::kRing) continue;
    const Card& c = g.card(e);
    const std::string who = fmt::format("{} (player {} slot {})", g.def(e).name, now[i].player + 1, now[i].slot + 1);
    if (c.bp != before.bp[i]) out.push_back(fmt::format("{}: BP {} -> {} ({:+})", who, before.bp[i], c.bp, c.bp - before.bp[i]));
    if (c.frozen != before.frozen[i]) out.push_back(fmt::format("{} {}", who, c.frozen ? "freezes (it cannot attack, counter or use ■ until it unfreezes)" : "unfreezes"));
  }
}

// The scripts that ran (or that a rule consulted) during the move, by the cards that hold them:
// ▲ ■ and played cards "take effect"; an ● ability, always on, "applies" (a rule consulted it).
void abilities(const GameSnapshot& before, const Game& g, const ScriptStats& stats, const CardTexts* texts,
               std::vector<std::string>& out) {
  for (size_t s = 0; s < stats.runs.size(); ++s) {
    if (stats.runs[s] <= (s < before.runs.size() ? before.runs[s] : 0)) continue;
    for (const CardDef& d : g.pool().cards) {
      if (d.script != static_cast<int32_t>(s)) continue;
      const std::string text = texts ? printed_text(d, *texts) : std::string();
      const std::string quote = text.empty() ? "" : fmt::format(" (\"{}\")", text);
      if (d.ability_name.empty()) out.push_back(fmt::format("{} takes effect{}", d.name, quote));
      else {
        out.push_back(fmt::format("{} {} of {} {}{}", ability_symbol(d.ability), d.ability_name, d.name,
                                  d.ability == AbilityType::kAuto ? "applies" : "takes effect", quote));
      }
      break;
    }
  }
}

// Attacks declared and counter-attacks chosen during the move (the active player's attacks).
void attacks(const GameSnapshot& before, const Game& g, int viewer, std::vector<std::string>& out) {
  const auto& now = g.attacks();
  const int att = g.active(), def = 1 - att;
  auto name = [&](int p, int slot) {
    const EntityId e = slot >= 0 ? g.player(p).ring[static_cast<size_t>(slot)] : kNoEntity;
    return e == kNoEntity ? fmt::format("slot {}", slot + 1) : fmt::format("{} ({} BP)", g.def(e).name, g.card(e).bp);
  };
  for (size_t k = 0; k < now.size(); ++k) {
    const Attack& a = now[k];
    const Attack* was = k < before.attacks.size() ? &before.attacks[k] : nullptr;
    if (!was) out.push_back(fmt::format("{} attacks {}", name(att, a.slots[0]), player_name(def, viewer)));
    for (int m = was ? was->size : 1; m < a.size; ++m) {
      out.push_back(fmt::format("{} joins the attack of {} (a united attack)", name(att, a.slots[static_cast<size_t>(m)]), name(att, a.slots[0])));
    }
    if (a.blocker >= 0 && (!was || was->blocker != a.blocker)) {
      out.push_back(fmt::format("{} counter-attacks {}: they fight instead of hitting the player", name(def, a.blocker), name(att, a.slots[0])));
    }
  }
}

// The character that was in p's `slot` at the snapshot, as "Name (N BP)".
std::string was_in(const GameSnapshot& before, const Game& g, int p, int slot) {
  for (size_t e = 0; e < before.places.size(); ++e) {
    const CardPlace& c = before.places[e];
    if (c.zone == Zone::kRing && c.player == p && c.slot == slot) return fmt::format("{} ({} BP)", g.def(static_cast<EntityId>(e)).name, before.bp[e]);
  }
  return fmt::format("slot {}", slot + 1);
}

// The declared attacks were resolved during the move (they are gone): what each did, before the
// KOs and HP changes that follow from it.
void combat(const GameSnapshot& before, const Game& g, int viewer, std::vector<std::string>& out) {
  const int att = before.active, def = 1 - att;
  for (const Attack& a : before.attacks) {
    std::vector<std::string> members;
    for (int m = 0; m < a.size; ++m) members.push_back(was_in(before, g, att, a.slots[static_cast<size_t>(m)]));
    const std::string who = fmt::format("{}", fmt::join(members, " + "));
    if (a.size == 0) out.push_back("combat: an attack ended without damage: none of its members is left in the ring");
    else if (a.blocker >= 0) {
      out.push_back(fmt::format("combat: {} and {} fight: each takes the other's BP as damage; at 0 BP a character is KO'ed", who,
                                was_in(before, g, def, a.blocker)));
    } else {
      out.push_back(fmt::format("combat: {} is not countered and hits {} for its BP", who, player_name(def, viewer)));
    }
  }
}

}  // namespace

std::string phase_line(const Game& g, int viewer) {
  std::string out = fmt::format("{}'s {} phase", player_name(g.active(), viewer), phase_name(g.phase()));
  // In the counter-attack phase the defender decides (counter-attack, react, or let it hit).
  if (g.phase() == Phase::kCounter) out += fmt::format(" ({} decides: counter-attack, react or pass)", player_name(1 - g.active(), viewer));
  return out;
}

GameSnapshot snapshot(const Game& g, const ScriptStats& stats, const Action* next) {
  GameSnapshot s;
  s.mover = g.terminal() ? -1 : g.current_player();
  // An answer to a question (kChoose) may finish a card played earlier: then the pile tells.
  s.played_known = next && next->kind != Action::Kind::kChoose;
  if (next && s.mover >= 0 && (next->kind == Action::Kind::kPlayAction || next->kind == Action::Kind::kPlayReaction)) {
    const PlayerState& ps = g.player(s.mover);
    const kernel::Zone& from = next->removed ? ps.removed : ps.hand;
    if (next->hand >= 0 && static_cast<size_t>(next->hand) < from.size()) s.played = from[static_cast<size_t>(next->hand)];
  }
  s.places = places_of(g);
  s.bp.resize(g.card_count());
  s.frozen.resize(g.card_count());
  for (size_t e = 0; e < g.card_count(); ++e) {
    s.bp[e] = g.card(static_cast<EntityId>(e)).bp;
    s.frozen[e] = g.card(static_cast<EntityId>(e)).frozen;
  }
  for (int p = 0; p < 2; ++p) {
    s.hp[static_cast<size_t>(p)] = g.player(p).hp;
    s.sp[static_cast<size_t>(p)] = g.player(p).sp;
  }
  s.turn = g.turn();
  s.active = g.active();
  s.phase = g.phase();
  s.runs = stats.runs;
  s.attacks = g.attacks();
  return s;
}

std::vector<std::string> narrate(const GameSnapshot& before, const Game& g, const ScriptStats& stats, int viewer,
                                 const CardTexts* texts) {
  std::vector<std::string> out;
  const std::vector<CardPlace> now = places_of(g);
  if (!before.attacks.empty() && (g.attacks().empty() || g.turn() != before.turn || g.terminal())) combat(before, g, viewer, out);
  // The card played first, then the abilities it set off, then what they and the rules moved.
  auto played = [&](size_t e) {
    const CardPlace& a = before.places[e];
    const CardPlace& b = now[e];
    const CardType type = g.def(static_cast<EntityId>(e)).type;
    if (a.zone != Zone::kHand) return false;
    if (b.zone == Zone::kRing || b.zone == Zone::kBackup) return true;
    // An action or reaction card played goes to its owner's discard pile after its script ran,
    // so it lies on top; another card discarded meanwhile (a cost of the play, an effect) is not
    // the one played.
    if (b.zone != Zone::kDiscards || (type != CardType::kAction && type != CardType::kReaction)) return false;
    if (before.played_known) return static_cast<EntityId>(e) == before.played;
    const auto& pile = g.player(b.player).discards.ids();
    return b.player == before.mover && !pile.empty() && pile.back() == static_cast<EntityId>(e);
  };
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1) abilities(before, g, stats, texts, out);
    for (size_t e = 0; e < now.size() && e < before.places.size(); ++e) {
      const CardPlace& a = before.places[e];
      const CardPlace& b = now[e];
      if (a == b || (a.zone == Zone::kDeck && b.zone == Zone::kDeck && a.player == b.player)) continue;
      if (a.zone == Zone::kDeck && b.zone == Zone::kHand) continue;  // draws, below
      if (played(e) != (pass == 0)) continue;
      if (pass == 0 && b.zone == Zone::kDiscards) {
        out.push_back(fmt::format("{} plays {} (it goes to the discard pile)", player_name(a.player, viewer), g.def(static_cast<EntityId>(e)).name));
      } else {
        out.push_back(move_line(g, static_cast<EntityId>(e), a, b, viewer));
      }
    }
  }
  ring_changes(before, now, g, out);
  for (int p = 0; p < 2; ++p) {
    const PlayerState& ps = g.player(p);
    const int32_t hp = before.hp[static_cast<size_t>(p)], sp = before.sp[static_cast<size_t>(p)];
    if (ps.hp != hp) out.push_back(fmt::format("player {} {} {} HP: {} -> {}", p + 1, ps.hp < hp ? "loses" : "gains", std::abs(ps.hp - hp), hp, ps.hp));
    if (ps.sp != sp) out.push_back(fmt::format("player {} {} {} SP: {} -> {}", p + 1, ps.sp < sp ? "spends or loses" : "gains", std::abs(ps.sp - sp), sp, ps.sp));
  }
  if (g.turn() == before.turn && g.active() == before.active) attacks(before, g, viewer, out);
  if (const Asking pd = g.pending(); pd.player >= 0 && pd.self != kNoEntity) {
    out.push_back(fmt::format("{}'s ability is under way: {} chooses", g.def(pd.self).name, player_name(pd.player, viewer)));
  }
  if (g.turn() == before.turn && g.phase() != before.phase && !g.terminal()) out.push_back("now " + phase_line(g, viewer));
  if (g.turn() != before.turn && !g.terminal()) {
    // The draw is announced only when it happened (skip(draw) and the first turn draw nothing).
    bool drew = false;
    for (size_t e = 0; e < now.size() && e < before.places.size(); ++e) {
      drew |= before.places[e].zone == Zone::kDeck && now[e].zone == Zone::kHand && now[e].player == g.active();
    }
    out.push_back(fmt::format("== turn {}: {}'s turn (characters unfreeze{}) ==", g.turn(), player_name(g.active(), viewer),
                              drew ? ", a card is drawn" : ""));
  }
  draws(before, now, g, viewer, out);  // after the turn's header: the new turn's draw
  if (g.terminal()) out.push_back(g.winner() < 0 ? "the game ends in a draw" : fmt::format("the game is over: player {} wins", g.winner() + 1));
  return out;
}

}  // namespace rk::cfc
