// Combat as Wagic's tests play it: attackers toggled by clicks and tapped when the attack step
// ends, blockers cycling through the attackers, damage in a first-strike and a regular pass with
// Wagic's automatic assignment, and the stops that each need a `next` (TESTS.md §1.7).
#include <algorithm>

#include "games/mtg/rules/game.h"
#include "games/mtg/lua/card_scripts.h"

namespace rk::mtg {
namespace {

struct Hit {
  int card = -1, player = -1, amount = 0, source = -1;
};

// Combat damage a creature deals: its power, or its toughness under combattoughness (Doran).
int combat_power(const Game& g, int c) { return g.has(c, "combattoughness") ? g.toughness(c) : g.power(c); }

bool strikes_now(const Game& g, int c, bool first_pass) {
  const bool fs = g.has(c, "first strike"), ds = g.has(c, "double strike");
  return first_pass ? (fs || ds) : (!fs || ds);
}

}  // namespace

bool Game::any_attackers() const {
  for (const Obj& o : objs) {
    if (o.attacking && o.zone == kBattlefield) return true;
  }
  return false;
}

int Game::combat_cost(int card, bool attack) const {
  layers_ready();
  const Obj& o = objs[static_cast<size_t>(card)];
  if (o.cost_paid_step == steps_begun) return 0;
  return std::max(0, attack ? o.attack_cost : o.block_cost);
}

// Wagic's attack (block) cost rule: the whole cost from the pool at once (CR 508.1i, 509.1f); the
// creature may then be declared in this step, as often as its controller clicks.
void Game::pay_combat_cost(int card, bool attack) {
  Obj& o = objs[static_cast<size_t>(card)];
  ManaCost cost;
  cost.fixed[kColorless] = combat_cost(card, attack);
  ManaPool& pool = players[static_cast<size_t>(o.controller)].pool;
  if (!can_pay(pool, cost)) return;
  pay(pool, cost);
  o.cost_paid_step = steps_begun;
  note("p" + std::to_string(o.controller + 1) + " pays " + std::to_string(cost.fixed[kColorless]) + " for " + name(card) +
       (attack ? " to attack" : " to block"));
}

void Game::toggle_attacker(int card) {
  Obj& o = objs[static_cast<size_t>(card)];
  if (o.attacking) {
    // Creatures that attack by themselves (must attack, treason for an AI player) stay attacking.
    if (!has(card, "mustattack") && !has(card, "treason")) o.attacking = false;
    return;
  }
  if (o.phased_out || o.tapped || (o.sick && !has(card, "haste")) || (has(card, "defender") && !has(card, "canattack")) || has(card, "cantattack") || !home_allows_attack(card)) return;
  if (!script_allows(*this, "may_attack", card, o.controller)) return;  // Lua cards (Teferi's Moat)
  if (combat_cost(card, true) > 0) return;  // not paid (a creature that must attack need not pay: CR 508.1d)
  o.attacking = true;
  note(name(card) + " attacks");
}

static bool can_block(const Game& g, int blocker, int attacker) {
  const Obj& b = g.objs[static_cast<size_t>(blocker)];
  if (b.phased_out || b.tapped || g.has(blocker, "cantblock")) return false;
  if (g.has(attacker, "unblockable")) return false;
  for (const Spec* s : g.objs[static_cast<size_t>(attacker)].unblockable_by) {
    if (g.matches(*s, blocker, attacker, g.objs[static_cast<size_t>(attacker)].controller)) return false;
  }
  for (const Spec* s : b.cant_block_of) {
    if (g.matches(*s, attacker, blocker, b.controller)) return false;
  }
  const auto& already = g.objs[static_cast<size_t>(attacker)].blockers;
  if (g.has(attacker, "oneblocker") && !already.empty() && already[0] != blocker) return false;
  // shadow meets only shadow, but reachshadow blocks it too (CR 702.28b)
  if (g.has(attacker, "shadow") != g.has(blocker, "shadow") && !(g.has(attacker, "shadow") && g.has(blocker, "reachshadow"))) return false;
  if (g.has(attacker, "flying") && !g.has(blocker, "flying") && !g.has(blocker, "reach")) return false;
  if (g.has(blocker, "cloud") && !g.has(attacker, "flying")) return false;  // blocks only fliers
  if (g.has(attacker, "fear") && !g.is_type(blocker, "artifact") && !((g.colors(blocker) >> kBlack) & 1)) return false;
  // intimidate: only artifact creatures and creatures sharing a colour with it block it (CR 702.13b)
  if (g.has(attacker, "intimidate") && !g.is_type(blocker, "artifact") && !(g.colors(blocker) & g.colors(attacker) & ~1)) return false;
  if (g.has(attacker, "horsemanship") && !g.has(blocker, "horsemanship")) return false;  // CR 702.31b
  if (g.has(attacker, "strong") && g.power(blocker) < g.power(attacker)) return false;   // not by less power
  if (g.has(blocker, "weak") && g.power(attacker) > g.power(blocker)) return false;      // not more power
  if (g.protected_from(attacker, blocker)) return false;
  // Landwalk (CR 702.14c): unblockable while the defender controls a land with all these types
  // (a type the engine names, or one known only at run time such as Desert).
  struct Walk {
    KeywordName walk;
    Sym land;
    const char* also;  // a second type the land must have, or null
    bool nonbasic = false;
  };
  static const Walk walks[] = {{"islandwalk", ty::kIsland, nullptr}, {"swampwalk", ty::kSwamp, nullptr},
      {"forestwalk", ty::kForest, nullptr}, {"mountainwalk", ty::kMountain, nullptr}, {"plainswalk", ty::kPlains, nullptr},
      {"legendarylandwalk", ty::kLegendary, nullptr}, {"desertlandwalk", ty::kLand, "desert"},
      {"nonbasiclandwalk", ty::kLand, nullptr, true}, {"snowlandwalk", ty::kSnow, nullptr},
      {"snowforestlandwalk", ty::kSnow, "forest"}, {"snowplainslandwalk", ty::kSnow, "plains"},
      {"snowmountainlandwalk", ty::kSnow, "mountain"}, {"snowislandlandwalk", ty::kSnow, "island"},
      {"snowswamplandwalk", ty::kSnow, "swamp"}};
  for (const Walk& w : walks) {
    if (!g.has(attacker, w.walk)) continue;
    for (int c : g.players[static_cast<size_t>(b.controller)].zones[kBattlefield]) {
      if (!g.is_type(c, "land") || !g.is_type(c, w.land) || (w.also && !g.is_type_word(c, w.also))) continue;
      if (w.nonbasic && g.is_type(c, "basic")) continue;
      return false;
    }
  }
  return true;
}

void Game::toggle_blocker(int card) {
  Obj& b = objs[static_cast<size_t>(card)];
  std::vector<int> attackers;
  for (int c : players[static_cast<size_t>(active)].zones[kBattlefield]) {
    if (objs[static_cast<size_t>(c)].attacking) attackers.push_back(c);
  }
  size_t start = 0;
  if (b.blocking >= 0) {
    for (size_t i = 0; i < attackers.size(); ++i) {
      if (attackers[i] == b.blocking) start = i + 1;
    }
    auto& bl = objs[static_cast<size_t>(b.blocking)].blockers;
    for (size_t i = 0; i < bl.size(); ++i) {
      if (bl[i] == card) {
        bl.erase(bl.begin() + static_cast<long>(i));
        break;
      }
    }
    b.blocking = -1;
  }
  if (combat_cost(card, false) > 0) return;  // blockcost:N not paid in this step
  for (size_t i = start; i < attackers.size(); ++i) {
    if (can_block(*this, card, attackers[i])) {
      b.blocking = attackers[i];
      objs[static_cast<size_t>(attackers[i])].blockers.push_back(card);
      note(name(card) + " blocks " + name(attackers[i]));
      return;
    }
  }
}

void Game::leave_attackers() {
  // Creatures that must attack now (Ekundu Cyclops once another creature attacks) join the attack.
  update_continuous();
  for (size_t c = 0; c < objs.size(); ++c) {
    const Obj& o = objs[c];
    if (o.zone == kBattlefield && o.controller == active && !o.attacking && is_creature(static_cast<int>(c)) &&
        has(static_cast<int>(c), "mustattack"))
      toggle_attacker(static_cast<int>(c));
  }
  for (size_t c = 0; c < objs.size(); ++c) {
    Obj& o = objs[c];
    if (!o.attacking || o.zone != kBattlefield) continue;
    if (!has(static_cast<int>(c), "vigilance")) o.tapped = true;
    ++attacked;
    fire_event("combat:attacking", static_cast<int>(c), -1, -1, true);
  }
  int alone = -1, attackers = 0;  // @combat(attackedalone): a creature that attacks alone (CR 506.5)
  for (size_t c = 0; c < objs.size(); ++c) {
    if (objs[c].attacking && objs[c].zone == kBattlefield) alone = static_cast<int>(c), ++attackers;
  }
  if (attackers == 1) fire_event("combat:attackedalone", alone, -1, -1, true);
  exalted();
}

// Removed from combat (CR 506.4): it no longer attacks or blocks; a creature it blocked stays blocked.
void Game::remove_from_combat(int card) {
  Obj& o = objs[static_cast<size_t>(card)];
  if (o.blocking >= 0) {
    auto& bl = objs[static_cast<size_t>(o.blocking)].blockers;
    for (size_t i = 0; i < bl.size(); ++i) {
      if (bl[i] == card) {
        bl.erase(bl.begin() + static_cast<long>(i));
        break;
      }
    }
  }
  for (int b : o.blockers) objs[static_cast<size_t>(b)].blocking = -1;
  o.blockers.clear();
  o.blocking = -1;
  o.attacking = false;
}

// Ninjutsu (CR 702.49; Wagic's ANinja): the card enters the battlefield under `controller`, tapped
// and attacking, unblocked. It was never declared as an attacker, so nothing that triggers on
// attacking sees it (CR 508.4). Only a creature, in its controller's combat, attacks (CR 506.3);
// a card already on the battlefield is only tapped and made to attack. Wagic also clears its
// summoning sickness; the rules do not (it came under its controller's control this turn), and
// neither does the engine.
void Game::put_attacking(int card, int controller) {
  const int from = objs[static_cast<size_t>(card)].zone;
  if (from == kStack) return;
  if (from != kBattlefield) {
    move(card, controller, kBattlefield);
    if (objs[static_cast<size_t>(card)].zone != kBattlefield) return;  // a replacement sent it elsewhere
    objs[static_cast<size_t>(card)].sick = true;
    run_one_shots(card, controller, {}, 0);
  }
  Obj& o = objs[static_cast<size_t>(card)];
  o.tapped = true;
  const bool in_combat = phase >= Phase::kCombatAttackers && phase <= Phase::kCombatDamage;
  if (in_combat && o.zone == kBattlefield && o.controller == active && is_creature(card)) {
    remove_from_combat(card);
    o.attacking = true;
    o.blocked = false;
    note(name(card) + " enters tapped and attacking");
  }
  if (from != kBattlefield) fire_zone_triggers(card, from, kBattlefield);
}

// Exalted (CR 702.83): a creature that attacks alone gets +1/+1 until end of turn for each
// instance among the permanents its controller controls. The triggers resolve at once here, as
// flanking's and rampage's do, so a source that leaves later still counts.
void Game::exalted() {
  int alone = -1, attackers = 0;
  for (size_t c = 0; c < objs.size(); ++c) {
    if (objs[c].attacking && objs[c].zone == kBattlefield) {
      alone = static_cast<int>(c);
      ++attackers;
    }
  }
  if (attackers != 1) return;
  int n = 0;
  for (int c : players[static_cast<size_t>(objs[static_cast<size_t>(alone)].controller)].zones[kBattlefield]) {
    if (!objs[static_cast<size_t>(c)].phased_out && has(c, "exalted")) ++n;
  }
  if (n == 0) return;
  objs[static_cast<size_t>(alone)].pump_p += n;
  objs[static_cast<size_t>(alone)].pump_t += n;
  note(name(alone) + " attacks alone: exalted +" + std::to_string(n) + "/+" + std::to_string(n));
}

// Wagic's automatic assignment: blockers in order, each up to its toughness (1 with deathtouch),
// the rest to the player with trample or else to the first blocker.
void Game::deal_combat_damage(bool first_pass, bool& any) {
  std::vector<Hit> hits;
  for (size_t a = 0; a < objs.size(); ++a) {
    const Obj& o = objs[a];
    const int att = static_cast<int>(a);
    if (!o.attacking || o.zone != kBattlefield) continue;
    if (strikes_now(*this, att, first_pass)) {
      int left = combat_power(*this, att);
      if (!o.blocked) {
        hits.push_back({-1, 1 - o.controller, left, att});
      } else {
        std::vector<Hit> mine;
        for (int b : o.blockers) {
          if (left <= 0) break;
          const int give = has(att, "deathtouch") ? 1 : std::min(left, std::max(toughness(b), 0));
          mine.push_back({b, -1, give, att});
          left -= give;
        }
        if (left > 0 && has(att, "trample")) {
          hits.push_back({-1, 1 - o.controller, left, att});
        } else if (left > 0 && !mine.empty()) {
          mine[0].amount += left;
        }
        hits.insert(hits.end(), mine.begin(), mine.end());
      }
    }
    for (int b : o.blockers) {
      if (strikes_now(*this, b, first_pass)) hits.push_back({att, -1, combat_power(*this, b), b});
    }
  }
  for (const Hit& h : hits) {
    if (h.amount <= 0) continue;
    any = true;  // Wagic stops after damage was assigned, even when it is all prevented
    if (prevent_combat || objs[static_cast<size_t>(h.source)].prevent_from) continue;
    if (h.card >= 0 && objs[static_cast<size_t>(h.card)].prevent_to) continue;
    if (has(h.source, "preventcombatfrom") || (h.card >= 0 && has(h.card, "preventcombatto"))) continue;
    if (h.player >= 0) {
      damage_player(h.player, h.amount, h.source, true);
    } else {
      damage_card(h.card, h.amount, h.source, true);
    }
  }
}

// Lure: every creature able to block a lure attacker and not blocking yet blocks it.
void Game::lure_blocks() {
  for (size_t a = 0; a < objs.size(); ++a) {
    if (!objs[a].attacking || objs[a].zone != kBattlefield || !has(static_cast<int>(a), "lure")) continue;
    for (int b : players[static_cast<size_t>(1 - objs[a].controller)].zones[kBattlefield]) {
      Obj& o = objs[static_cast<size_t>(b)];
      if (o.blocking >= 0 || !is_creature(b) || !can_block(*this, b, static_cast<int>(a))) continue;
      o.blocking = static_cast<int>(a);
      objs[a].blockers.push_back(b);
    }
  }
}

// Flanking and rampage: what blocking does before damage (their triggers resolve at once here).
void Game::block_triggers() {
  for (size_t a = 0; a < objs.size(); ++a) {
    const int att = static_cast<int>(a);
    if (objs[a].zone != kBattlefield) continue;
    if (objs[a].attacking) {  // blocked: from(..) looks at the (first) blocker
      const int by = objs[a].blockers.empty() ? -1 : objs[a].blockers[0];
      fire_event(by < 0 ? "combat:notblocked" : "combat:blocked", att, -1, by, true);
    }
    if (objs[a].blocking >= 0) fire_event("combat:blocking", att, -1, objs[a].blocking, true);
  }
  for (size_t a = 0; a < objs.size(); ++a) {
    Obj& o = objs[a];
    const int att = static_cast<int>(a);
    if (!o.attacking || o.zone != kBattlefield || o.blockers.empty()) continue;
    if (has(att, "flanking")) {
      // Each instance triggers on its own (CR 702.25b): the printed one, and one per flanker a lord
      // or an aura gives (Cavalry Master); a flanking given without flanker is one instance.
      layers_ready();
      const int instances = std::max(1, static_cast<int>(o.def->has("flanking")) + static_cast<int>(o.flankers.size()));
      for (int b : o.blockers) {
        if (!has(b, "flanking")) {
          objs[static_cast<size_t>(b)].pump_p -= instances;
          objs[static_cast<size_t>(b)].pump_t -= instances;
        }
      }
    }
    const int beyond = static_cast<int>(o.blockers.size()) - o.def->rampage_from;
    if (o.def->rampage > 0 && beyond > 0) {
      o.pump_p += o.def->rampage * beyond;
      o.pump_t += o.def->rampage * beyond;
    }
    layers_ready();
    for (const EffectDef* r : o.rampages) {  // each instance a lord gives triggers on its own (CR 702.23c)
      const int more = static_cast<int>(o.blockers.size()) - r->times;
      if (more <= 0) continue;
      o.pump_p += r->a.value * more;
      o.pump_t += r->b.value * more;
    }
    if (o.def->bushido > 0) {
      o.pump_p += o.def->bushido;
      o.pump_t += o.def->bushido;
    }
  }
  for (size_t b = 0; b < objs.size(); ++b) {
    Obj& o = objs[b];
    if (o.blocking >= 0 && o.def->bushido > 0) {
      o.pump_p += o.def->bushido;
      o.pump_t += o.def->bushido;
    }
  }
}

// Runs combat damage until the next stop; true when a stop was reached.
bool Game::combat_step(bool& stopped) {
  auto screen = [this](bool first_pass) {
    for (size_t i = 0; i < objs.size(); ++i) {
      const Obj& o = objs[i];
      const int c = static_cast<int>(i);
      if (!o.attacking || o.zone != kBattlefield || !strikes_now(*this, c, first_pass)) continue;
      if (o.blockers.size() > 1 || (has(c, "trample") && !o.blockers.empty())) return true;
    }
    return false;
  };
  auto any_first = [this] {
    for (size_t i = 0; i < objs.size(); ++i) {
      const Obj& o = objs[i];
      const int c = static_cast<int>(i);
      const bool in_combat = o.attacking || o.blocking >= 0;
      if (in_combat && o.zone == kBattlefield && (has(c, "first strike") || has(c, "double strike"))) return true;
    }
    return false;
  };
  bool dealt = false;
  switch (combat_stage) {
    case 0:
      lure_blocks();
      for (Obj& o : objs) {
        o.blocked = o.attacking && !o.blockers.empty();
        // Wagic lists an attacker's blockers in their battlefield order (the ORDER screen can raise them).
        auto place = [this](int c) {
          const auto& bf = players[static_cast<size_t>(objs[static_cast<size_t>(c)].controller)].zones[kBattlefield];
          return std::find(bf.begin(), bf.end(), c) - bf.begin();
        };
        std::stable_sort(o.blockers.begin(), o.blockers.end(), [&](int a, int b) { return place(a) < place(b); });
      }
      block_triggers();
      combat_stage = 1;
      if (blockers_window) return stopped = true;  // the players' priority in the step (game.h)
      for (const Obj& o : objs) {
        if (o.attacking && o.blockers.size() > 1) return stopped = true;  // ORDER
      }
      return false;
    case 1:
      state_based();
      phase = Phase::kCombatDamage;
      note("phase combatdamage");
      for (int p = 0; p < 2; ++p) empty_pool(p);
      combat_stage = any_first() ? 2 : 4;
      if (combat_stage == 2 && screen(true)) return stopped = true;
      return false;
    case 2:
      combat_stage = 3;
      deal_combat_damage(true, dealt);
      return stopped = dealt;
    case 3:
      combat_stage = 4;
      return false;
    case 4:
      combat_stage = 5;
      if (screen(false)) return stopped = true;
      return false;
    case 5:
      combat_stage = 6;
      deal_combat_damage(false, dealt);
      return stopped = dealt;
    default:
      combat_stage = 0;
      phase = Phase::kCombatEnd;
      begin_phase();
      return stopped = true;
  }
}

void Game::combat_next() {
  bool stopped = false;
  combat_pending = false;
  while (!stopped) {
    combat_step(stopped);
    // Triggers (blocking, flanking...) resolve before damage; combat then goes on by itself.
    if (!stopped && (!stack.empty() || !menus.empty() || !choosers.empty())) {
      combat_pending = true;
      return;
    }
  }
}

}  // namespace rk::mtg
