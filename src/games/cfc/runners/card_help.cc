// Card text on demand, the legend, the compact board and why a hand card cannot be played, for
// `rulekit cfc play` (menu.h).
#include <fmt/format.h>

#include <algorithm>

#include "games/cfc/runners/menu.h"
#include "games/cfc/runners/narration.h"

namespace rk::cfc {

CardTexts load_card_texts(const std::string& dir) {
  CardTexts t;
  for (const std::string& f : set_files(dir)) {
    std::vector<CardData> cards;
    std::string error;
    if (!load_set_xml(f, cards, error)) continue;  // load_pool reported it already
    for (CardData& c : cards) t.by_guid.emplace(c.guid, std::move(c));
  }
  return t;
}

std::string printed_text(const CardDef& d, const CardTexts& texts) {
  const auto it = texts.by_guid.find(d.guid);
  if (it == texts.by_guid.end()) return "";
  std::string text = it->second.text;
  static constexpr std::pair<const char*, AbilityType> kSymbols[] = {
      {"\xC2\xA2", AbilityType::kInstant}, {"\xC2\xA3", AbilityType::kActivated}, {"\xC2\xA4", AbilityType::kAuto}};
  for (const auto& [set_symbol, type] : kSymbols) {
    for (size_t at = text.find(set_symbol); at != std::string::npos; at = text.find(set_symbol, at)) {
      text.replace(at, 2, ability_symbol(type));
    }
  }
  return text;
}

std::string card_help(const CardDef& d, const CardTexts& texts) {
  static constexpr const char* kTypes[] = {"character", "action", "reaction", "card"};
  std::string out = fmt::format("{} ({}", d.name, kTypes[static_cast<size_t>(d.type)]);
  if (d.type == CardType::kCharacter) {
    out += fmt::format(", {}, {} BP", d.subtype, d.bp);
  }
  out += fmt::format(", {} {} SP)\n", d.sp < 0 ? "costs" : "brings", std::abs(d.sp));
  if (!d.backups.empty()) out += fmt::format("  takes back-ups of: {}\n", fmt::join(d.backups, ", "));
  if (d.ability != AbilityType::kNone) {
    static constexpr const char* kWhen[] = {"", "when it enters the ring", "in your main phase; using it freezes the character",
                                            "always on while it is in the ring"};
    out += fmt::format("  {} {}: {}\n", ability_symbol(d.ability), d.ability_name, kWhen[static_cast<size_t>(d.ability)]);
  }
  const std::string text = printed_text(d, texts);
  if (!text.empty()) out += fmt::format("  text: {}\n", text);
  else out += "  (no printed text)\n";
  if (d.script < 0) out += "  (this card has no script: it plays for its BP and SP alone)\n";
  return out;
}

std::string legend() {
  return "Legend:\n"
         "  ▲ instant ability: runs once, as the character enters the ring\n"
         "  ■ activated ability: use it in your main phase; the character freezes\n"
         "  ● auto ability: always on while the character is in the ring\n"
         "  BP: battle points (attack strength and how much damage a character takes before it is KO'ed)\n"
         "  SP: skill points; characters bring SP (+), actions and reactions cost SP (-), united attacks cost 5 SP per extra member\n"
         "  HP: a player's life (3000 to start); at 0 that player loses, as does one who must draw from an empty deck\n"
         "  [1]..[4]: the ring's slots; frozen: cannot attack, counter or use ■ until its owner's next turn\n"
         "  fresh: entered the ring since its owner's turn began; it stays fresh through the enemy's turn and cannot\n"
         "    attack until its owner's next turn begins; back-up: a card under a character, +300 BP\n"
         "  ATTACKING / UNITED-ATTACKING / COUNTERING: taking part in this turn's combat\n"
         "  An unblocked attack deals its BP to the defending player's HP; a counter-attack fights the attacker instead.\n"
         "Commands at any menu: a number, n/p (pages), b (back), ? N or help N (card text of option N),\n"
         "  help hN (your Nth hand card), help NAME, legend, board (the full board), q (quit).\n";
}

namespace {

// " ATTACKING" / " COUNTERING" for a ring slot taking part in this turn's combat.
const char* combat_role(const Game& g, int p, int slot) {
  for (const Attack& a : g.attacks()) {
    if (p != g.active() && a.blocker == slot) return " COUNTERING";
    for (int m = 0; m < a.size && p == g.active(); ++m) {
      if (a.slots[static_cast<size_t>(m)] == slot) return a.united ? " UNITED-ATTACKING" : " ATTACKING";
    }
  }
  return "";
}

}  // namespace

std::string compact_board(const Game& g, int viewer) {
  std::string out = fmt::format("-- turn {}, {} --\n", g.turn(), phase_line(g, viewer));
  for (int k = 0; k < 2; ++k) {
    const int p = k == 0 ? 1 - viewer : viewer;
    const PlayerState& ps = g.player(p);
    out += fmt::format("P{}{}: HP {} SP {} deck {} hand {} |", p + 1, p == viewer ? " (you)" : "", ps.hp, ps.sp, ps.deck.size(), ps.hand.size());
    for (int s = 0; s < kSlots; ++s) {
      const EntityId e = ps.ring[static_cast<size_t>(s)];
      if (e == kNoEntity) {
        out += fmt::format(" {}:-", s + 1);
        continue;
      }
      const Card& c = g.card(e);
      out += fmt::format(" {}:{} {}{}{}{}{}", s + 1, g.def(e).name, c.bp, ability_symbol(g.rules_def(e).ability), c.frozen ? " frozen" : "",
                         c.fresh ? " fresh" : "", combat_role(g, p, s));
    }
    out += "\n";
  }
  const PlayerState& me = g.player(viewer);
  out += "your hand:";
  for (size_t i = 0; i < me.hand.size(); ++i) {
    const CardDef& d = g.def(me.hand[i]);
    out += fmt::format(" h{} {} ({}{:+}SP{})", i + 1, d.name,
                       d.type == CardType::kCharacter ? fmt::format("{}BP ", d.bp) : std::string(d.type == CardType::kAction ? "action " : "reaction "),
                       d.sp, d.ability == AbilityType::kNone ? "" : std::string(" ") + ability_symbol(d.ability));
  }
  return out + "\n";
}

namespace {

// Why the hand card `e` of p is not among the legal plays, in the order a person checks them.
std::string reason(const Game& g, int p, EntityId e) {
  const CardDef& d = g.def(e);
  const PlayerState& ps = g.player(p);
  const bool mine = g.active() == p;
  const bool countering = !mine && g.phase() == Phase::kCounter;
  if (d.type == CardType::kReaction && !countering) return "a reaction is played in the counter-attack phase, when the enemy attacks";
  if (d.type != CardType::kReaction && (!mine || g.phase() != Phase::kMain)) return "characters and actions are played in your main phase";
  const int32_t cost = d.type == CardType::kCharacter ? d.sp : g.play_sp(p, e);
  if (cost < 0 && ps.sp < -cost) return fmt::format("it costs {} SP and you have {}", -cost, ps.sp);
  if (d.type == CardType::kReaction) return "its requirement is not met now, or a card in play forbids reactions (see its text: help hN)";
  if (d.type == CardType::kCharacter) {
    if (ps.chars_played > ps.extra_chars) return "you already played a character this turn, and no character takes it as a back-up now";
    if (std::count(ps.ring.begin(), ps.ring.end(), kNoEntity) == 0) {
      return fmt::format("no free slot in your ring, and no character there takes a {} back-up now (unfrozen, not fresh, a free {} icon)",
                         d.subtype, d.subtype);
    }
    return "a card in play forbids it now (a BP limit, or its ▲ ability has no possible target)";
  }
  return "its requirement is not met now, or a card in play forbids actions (see its text: help hN)";
}

}  // namespace

std::vector<std::string> unplayable_reasons(const Game& g, int p, const std::vector<Action>& legal) {
  const PlayerState& ps = g.player(p);
  std::vector<uint16_t> playable;
  for (const Action& a : legal) {
    if (a.hand < 0 || a.removed || g.pending().player >= 0) continue;
    if (static_cast<size_t>(a.hand) < ps.hand.size()) playable.push_back(g.card(ps.hand[static_cast<size_t>(a.hand)]).def);
  }
  std::vector<std::string> out;
  for (EntityId e : ps.hand.ids()) {
    const bool ok = std::find(playable.begin(), playable.end(), g.card(e).def) != playable.end();
    out.push_back(ok ? std::string() : reason(g, p, e));
  }
  return out;
}

}  // namespace rk::cfc
