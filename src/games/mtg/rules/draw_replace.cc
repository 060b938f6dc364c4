// What happens instead of a draw, and what happens before the first turn.
//
// Dredge (CR 702.52): while a card with dredge N is in its owner's graveyard and that player's
// library holds at least N cards, each of their draws may instead mill N and return the card to
// the hand. replacedraw A / opponentreplacedraw A (a static line of a permanent): each draw of
// its controller (of the opponent) is A instead; draw:N noreplace is a draw no replacement takes.
//
// One draw at a time: when something may replace it, the drawing player answers a menu (CR 616.1:
// the affected player picks the replacement to apply), shaped as Wagic's "Dredge or Draw" menu
// (MTGDredgeRule): "dredge a card" first (then the card is chosen among the dredgeable ones, a
// chooser as Wagic's "dredgeable" target chooser), an option per replacement, and "draw a card"
// last, which only when no replacement must apply (Wagic offers it even then). The draws still to
// come wait for the answer (Resume::kDrawReplaced carries their number), as Wagic's menus do (one
// a card); its replaced draws run the replacing ability instead (REDrawReplacement).
//
// Miracle (CR 702.94): the first card a player draws in a turn may be revealed and cast for its
// miracle cost: Wagic's autohand=restriction{miracle} pay[[cost]] .. castcard(restricted) is a
// trigger here, put on the stack as the card is drawn; as it resolves its controller answers the
// pay menu (pay or cancel), and nothing happens if the card has left the hand meanwhile.
//
// Leylines (CR 103.6a): before the first turn each player may put any leyline in the opening hand
// onto the battlefield (Match::start asks, starting player first).
#include <algorithm>
#include <string>
#include <vector>

#include "games/mtg/rules/draw_replace.h"
#include "games/mtg/rules/game.h"

namespace rk::mtg {

namespace {

// A replacement of `player`'s draws: `ability` of the permanent `card`.
struct DrawReplacement {
  int card = -1;
  const Ability* ability = nullptr;
};

std::vector<DrawReplacement> draw_replacements(const Game& g, int player) {
  std::vector<DrawReplacement> out;
  for (size_t c = 0; c < g.objs.size(); ++c) {
    const Obj& o = g.objs[c];
    if (o.zone != kBattlefield || o.phased_out) continue;
    g.each_ability(static_cast<int>(c), [&](const Ability& a) {
      if (!is_static_line(a) || (a.has_cond && !g.condition_holds(a, static_cast<int>(c)))) return;
      for (const EffectDef& e : a.effects) {
        const int who = e.who == "opponent" ? 1 - o.controller : o.controller;
        if (e.kind == Eff::kReplaceDraw && e.inner && who == player) out.push_back({static_cast<int>(c), e.inner.get()});
      }
    });
  }
  return out;
}

// The cards the dredge chooser offers: Wagic's "dredgeable" (dredge N, N cards in the library).
const Spec& dredgeable_spec() {
  static const Spec s = parse_spec("*[dredgeable]|mygraveyard");
  return s;
}

// The cards in `player`'s graveyard that may be dredged now.
std::vector<int> dredgeable(const Game& g, int player) {
  std::vector<int> out;
  for (int c : g.players[static_cast<size_t>(player)].zones[kGraveyard]) {
    if (g.matches(dredgeable_spec(), c, c, player)) out.push_back(c);
  }
  return out;
}

// The replacing ability runs now, as its source's (its controller's), its targets chosen first;
// an if .. then .. else whose condition fails runs its else part (Forbidden Crypt: no card in the
// graveyard to return, the game is lost).
void run_replacement(Game& g, const DrawReplacement& r) {
  const int controller = g.objs[static_cast<size_t>(r.card)].controller;
  const Ability* a = r.ability;
  if (a->has_if && !g.if_holds(*a, r.card, controller)) {
    if (!a->if_else) return;
    a = a->if_else.get();
  }
  // A draw the ability makes, now or after a menu of its own, names this card as its source
  // (Game::draw's `by`): it is not replaced by this card again, so "replacedraw draw:1" cannot
  // recurse without end.
  g.resume(Resume{.kind = Resume::Kind::kTriggerNow, .card = r.card, .actor = controller, .x = -1, .index = -1, .ability = a});
}

}  // namespace

bool draws_replaced(const Game& g, int player) { return player >= 0 && player <= 1 && !draw_replacements(g, player).empty(); }

void Game::draw(int player, int n, bool replaceable, int by) {
  auto& me = players[static_cast<size_t>(player)];
  auto& lib = me.zones[kLibrary];
  for (int i = 0; i < n; ++i) {
    if (replaceable) {
      const std::vector<int> dredge = dredgeable(*this, player);
      std::vector<DrawReplacement> instead = draw_replacements(*this, player);
      std::erase_if(instead, [by](const DrawReplacement& r) { return r.card == by; });
      const int rest = n - i - 1;  // the draws after this one
      if (dredge.empty() && instead.size() == 1) {  // the one replacement applies
        note(name(instead[0].card) + " replaces p" + std::to_string(player + 1) + "'s draw");
        run_replacement(*this, instead[0]);
        continue;
      }
      if (!dredge.empty() || !instead.empty()) {
        Menu m;
        m.player = player;
        m.cancel = false;
        if (!dredge.empty()) {  // index 1: the card is chosen next (draw_replaced)
          m.options.push_back({"dredge a card", Resume{.kind = Resume::Kind::kDrawReplaced, .card = dredge[0], .actor = player, .x = rest, .index = 1, .flag = true}});
        }
        for (const DrawReplacement& r : instead) {
          m.options.push_back({"replace the draw: " + r.ability->text + " (" + name(r.card) + ")",
                               Resume{.kind = Resume::Kind::kDrawReplaced, .card = r.card, .actor = player, .x = rest, .ability = r.ability}});
        }
        if (instead.empty()) m.options.push_back({"draw a card", Resume{.kind = Resume::Kind::kDrawReplaced, .actor = player, .x = rest}});
        menus.push_back(std::move(m));
        return;  // the draws left wait for the answer (draw_replaced)
      }
    }
    if (lib.empty()) {
      // No card is drawn (CR 121.3): only a line written for this attempt hears it (Laboratory
      // Maniac's @drawof(player) restriction{type(*|mylibrary)~equalto~0}:wingame; triggers.cc);
      // Wagic sends its draw event to every draw trigger. The loss for it (CR 704.5b) is the
      // caller's: the draw step's in whole games (match.cc).
      fire_event("drawn", -1, player, -1, false);
      continue;
    }
    const int card = lib.back();
    move(card, player, kHand);
    me.last_drawn = card;
    ++me.drawn;  // this turn (pdrewcount, odrewcount)
    fire_event("drawn", card, player, -1, false);
    // Miracle (CR 702.94a): the first card a player draws in a turn; not the opening hand (Wagic:
    // no miracle before the first turn).
    if (me.drawn == 1 && !dealing && objs[static_cast<size_t>(card)].zone == kHand) {
      for (const Ability& a : objs[static_cast<size_t>(card)].def->miracle_lines) put_trigger(card, a, card, card, player);
    }
  }
}

bool Game::miracle_gone(const StackItem& item) const {
  if (item.source < 0 || item.ability == nullptr) return false;
  const Obj& o = objs[static_cast<size_t>(item.source)];
  const auto& lines = o.def->miracle_lines;
  const bool miracle = std::any_of(lines.begin(), lines.end(), [&](const Ability& a) { return &a == item.ability; });
  return miracle && (o.zone != kHand || o.owner != item.controller);
}

void Game::draw_replaced(const Resume& r) {
  const int player = r.actor;
  if (player < 0 || player > 1) return;
  if (r.flag && r.index == 1) {  // "dredge a card": which one, a chooser of the drawing player's
    Chooser ch;
    ch.spec = dredgeable_spec();
    ch.player = player;
    ch.source = r.card;
    ch.is_cost = true;  // not a target (CR 115.1)
    Resume then = r;
    then.index = 0;
    ch.done = {then};
    choosers.push_back(std::move(ch));
    return;
  }
  if (r.flag) {  // dredge: checked again, the graveyard or the library may have changed meanwhile
    const std::vector<int> now = dredgeable(*this, player);
    if (std::find(now.begin(), now.end(), r.card) != now.end()) {
      note("p" + std::to_string(player + 1) + " dredges " + name(r.card));
      const int n = objs[static_cast<size_t>(r.card)].def->dredge;
      auto& lib = players[static_cast<size_t>(player)].zones[kLibrary];
      for (int i = 0; i < n && !lib.empty(); ++i) mill_one(player, kGraveyard);
      move(r.card, player, kHand);
    } else {
      draw(player, 1, false);  // it can no longer be dredged: the draw happens
    }
  } else if (r.ability && r.card >= 0 && static_cast<size_t>(r.card) < objs.size()) {
    note(name(r.card) + " replaces p" + std::to_string(player + 1) + "'s draw");
    run_replacement(*this, {r.card, r.ability});
  } else {
    draw(player, 1, false);
  }
  if (r.x > 0) draw(player, r.x);
}

bool Game::offer_leylines(int player) {
  if (player < 0 || player > 1) return false;
  bool any = false;
  for (int c : players[static_cast<size_t>(player)].zones[kHand]) {
    if (!objs[static_cast<size_t>(c)].def->has("leyline")) continue;
    Menu m;
    m.player = player;
    m.options.push_back({"begin the game with " + name(c) + " on the battlefield", Resume{.kind = Resume::Kind::kLeyline, .card = c, .actor = player}});
    m.options.push_back({"keep " + name(c) + " in hand", Resume{}});
    menus.push_back(std::move(m));
    any = true;
  }
  return any;
}

void Game::leyline_chosen(const Resume& r) {
  if (r.card < 0 || static_cast<size_t>(r.card) >= objs.size()) return;
  const Obj& o = objs[static_cast<size_t>(r.card)];
  if (o.zone != kHand || o.owner != r.actor) return;
  note("p" + std::to_string(r.actor + 1) + " begins the game with " + name(r.card) + " on the battlefield");
  move(r.card, r.actor, kBattlefield);
}

}  // namespace rk::mtg
