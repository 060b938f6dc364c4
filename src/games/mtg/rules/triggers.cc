// Triggers on damage, tapping, combat and targeting: @damaged @combatdamaged @noncombatdamaged @damagefoeof @damageof
// (and their combat forms), @tapped @untapped @tappedformana, @combat(attacking|blocking|blocked|notblocked), @targeted.
#include "games/mtg/rules/game.h"

namespace rk::mtg {
namespace {

bool contains_word(const std::string& list, const std::string& w) {
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    if (comma == std::string::npos) comma = list.size();
    if (list.compare(start, comma - start, w) == 0) return true;
    start = comma + 1;
  }
  return false;
}

}  // namespace

// A line whose restriction asks that the drawing player's library be empty
// (restriction{type(*|mylibrary)~equalto~0}: Laboratory Maniac's "if you would draw a card while
// your library has no cards in it"). It hears the attempt to draw from an empty library (no card
// is drawn, CR 121.3, so no other draw trigger hears it), and no real draw (after the last card is
// drawn the library is empty too: that is not its event).
static bool asks_empty_library(const TriggerDef& t) {
  for (const TriggerDef::Count& c : t.counts) {
    if (!c.var.empty() || c.than || c.cmp != '=' || c.n != 0) continue;
    for (const std::string& z : c.spec.zones) {
      if (z.find("library") != std::string::npos) return true;
    }
  }
  return false;
}

// Whether a triggered ability of `src` listens to this event.
static bool listens(const Game& g, const TriggerDef& t, int src, const std::string& event, int card, int player,
                    int from, bool combat) {
  const int controller = g.objs[static_cast<size_t>(src)].controller;
  auto from_ok = [&] { return t.from.empty() || (from >= 0 && g.matches(t.from, from, src, controller)); };
  if (event == "damaged") {
    if (t.event != "damaged" && !(combat && t.event == "combatdamaged") && !(!combat && t.event == "noncombatdamaged")) return false;
    return card >= 0 && g.matches(t.subject, card, src, controller) && from_ok();
  }
  if (event == "damageplayer") {
    const bool foe = player != controller;
    if ((t.event == "damaged" || (combat && t.event == "combatdamaged") || (!combat && t.event == "noncombatdamaged")) &&
        g.matches_player(t.subject, player, controller)) {
      return from_ok();
    }
    const bool kind = t.event == (foe ? "damagefoeof" : "damageof") ||
                      (combat && t.event == (foe ? "combatdamagefoeof" : "combatdamageof")) ||
                      (!combat && t.event == (foe ? "noncombatdamagefoeof" : "noncombatdamageof"));
    return kind && from_ok();
  }
  if (event == "lifegained" || event == "lifelost") {
    // @lifeof(player) / @lifefoeof(player) / @lifed: life gained by its controller / an opponent / anyone;
    // @lifelostof / @lifelostfoeof: lost (damage included, as Wagic's life event).
    const bool mine = player == controller;
    const bool gained = event == "lifegained";
    if (!g.matches_player(t.subject, player, controller) && !t.subject.empty()) return false;
    return gained ? (t.event == (mine ? "lifeof" : "lifefoeof") || t.event == "lifed")
                  : (t.event == (mine ? "lifelostof" : "lifelostfoeof") || t.event == "lifeloss");
  }
  if (event == "drawn") {  // @drawof(player) / @drawfoeof(player): its controller / an opponent drew
    if ((card < 0) != asks_empty_library(t)) return false;  // card -1: a draw from an empty library
    if (t.event == "drawn") return g.matches_player(t.subject, player, controller);  // @drawn(player): anyone who matches
    return t.event == (player == controller ? "drawof" : "drawfoeof");
  }
  if (event.rfind("counteradded:", 0) == 0 || event.rfind("counterremoved:", 0) == 0) {
    // @counteradded(kind) from(spec): a counter of that kind put on (or removed from) such a card
    const size_t colon = event.find(':');
    const std::string key = event.substr(colon + 1);
    if (t.event != event.substr(0, colon)) return false;
    if (t.args != key && !(t.args.size() > key.size() && t.args.compare(t.args.size() - key.size() - 1, key.size() + 1, "," + key) == 0)) {
      return false;
    }
    return t.from.empty() || g.matches(t.from, card, src, controller);
  }
  if (event == "tapped" || event == "untapped" || event == "tappedformana") {
    if (t.event != event) return false;
    if (t.args == "mytgt") return g.objs[static_cast<size_t>(src)].attached == card;
    return g.matches(t.subject, card, src, controller);
  }
  if (event == "vampired") {  // the card died (now in the graveyard); named as it was, on the battlefield
    if (t.event != "vampired" || !from_ok()) return false;
    Obj& o = const_cast<Game&>(g).objs[static_cast<size_t>(card)];
    const int zone = o.zone;
    o.zone = kBattlefield;
    const bool ok = g.matches(t.subject, card, src, controller);
    o.zone = zone;
    return ok;
  }
  if (event == "targeted") {
    if (t.event != "targeted" || !g.matches(t.subject, card, src, controller)) return false;
    if (t.from.empty()) return true;
    // from(spec|zones): the spell or ability that targets. A spell is named as it was cast: from its
    // owner's hand, or graveyard when cast with flashback (the zones Wagic's heroic cards write).
    Obj& o = const_cast<Game&>(g).objs[static_cast<size_t>(from)];
    const int zone = o.zone;
    if (zone == kStack) o.zone = o.flashed ? kGraveyard : kHand;
    const bool ok = g.matches(t.from, from, src, controller);
    o.zone = zone;
    return ok;
  }
  if (event == "sacrificed") {
    // The card is in the graveyard now; the trigger names it as it was, on the battlefield.
    g.layers_ready();  // before the look back below
    Obj& o = const_cast<Game&>(g).objs[static_cast<size_t>(card)];
    const int zone = o.zone;
    const int owner_now = o.controller;
    o.zone = kBattlefield;
    o.controller = player;
    const bool ok = t.event == "sacrificed" && g.matches(t.subject, card, src, controller);
    o.zone = zone;
    o.controller = owner_now;
    return ok;
  }
  if (event == "discarded" || event == "cycled") {
    // The card is in the graveyard now; the trigger names it as it was, in a hand.
    Obj& o = const_cast<Game&>(g).objs[static_cast<size_t>(card)];
    const int zone = o.zone;
    o.zone = kHand;
    const bool ok = t.event == event && g.matches(t.subject, card, src, controller);
    o.zone = zone;
    return ok;
  }
  if (event.rfind("combat:", 0) == 0) {
    if (t.event != "combat" || !contains_word(t.args, event.substr(7))) return false;
    if (!t.source.empty() && !g.matches(t.source, card, src, controller)) return false;
    return from_ok();
  }
  return false;
}

void Game::change_life(int player, int delta) {
  if (delta == 0 || (delta > 0 && !gains_life(player))) return;
  players[static_cast<size_t>(player)].life += delta;
  if (delta < 0) players[static_cast<size_t>(player)].life_lost -= delta;  // this turn (lifelost, oplifelost)
  const int saved = event_amount;
  event_amount = delta < 0 ? -delta : delta;  // "thatmuch"
  fire_event(delta > 0 ? "lifegained" : "lifelost", -1, player, -1, false);
  event_amount = saved;
}

// A triggered ability Wagic resolves as it triggers, without the stack (@sacrificed): its may menu
// and its target chooser are asked first, then its effects run with the event's card.
static void resolve_now(Game& g, int src, const Ability& a, int card, int from) {
  const Resume now{.kind = Resume::Kind::kTriggerNow, .card = src, .actor = g.objs[static_cast<size_t>(src)].controller,
                   .x = card, .index = from, .ability = &a};
  if (!a.may) return g.resume(now);
  Menu m;
  m.options.push_back({a.text, now});
  m.options.push_back({"cancel", Resume{}});
  g.menus.push_back(std::move(m));
}

void Game::fire_event(const std::string& event, int card, int player, int from, bool combat) {
  invalidate();  // an event is a change characteristics may depend on (tapped, attacking, damaged)
  // Wagic resolves @sacrificed at once (the sacrifice is usually a cost: it happens before the
  // ability it pays for is on the stack).
  const bool at_once = event == "sacrificed";
  auto hear = [&](int src, const Ability& a) {
    if (a.kind != AbilityKind::kTriggered) return;
    if (!listens(*this, a.trigger, src, event, card, player, from, combat)) return;
    if (!trigger_allowed(a, src) || fired_this_turn(a, src)) return;  // restriction{..}, turnlimited
    if (at_once) return resolve_now(*this, src, a, card, from);
    put_trigger(src, a, card, from);
  };
  for (size_t src = 0; src < objs.size(); ++src) {
    // A sacrificed card hears its own sacrifice (Savra, Queen of the Golgari), as it was.
    const bool self = at_once && static_cast<int>(src) == card;
    if (!listening(static_cast<int>(src)) && !self) continue;
    const int saved_controller = objs[src].controller;
    if (self) objs[src].controller = player;
    const auto heard = [&](const Ability& a) { hear(static_cast<int>(src), a); };
    if (self) {
      each_ability(static_cast<int>(src), heard);  // its own lines as on the battlefield, wherever it went
    } else {
      each_listener(static_cast<int>(src), heard);
    }
    if (self) objs[src].controller = saved_controller;
  }
  each_emblem_trigger(hear);
}

}  // namespace rk::mtg
