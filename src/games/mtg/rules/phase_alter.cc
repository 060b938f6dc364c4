// nextphasealter (compiled by compiler/phase_alter.cc): steps and phases a player skips in their
// next turn, and combat phases added to this one (CR 500.8, 505.1a). next_phase (turn.cc) asks
// phase_after for the phase that follows; it is here that the turn's structure changes.
#include <string>

#include "games/mtg/rules/game.h"

namespace rk::mtg {
namespace {

constexpr uint32_t bit(Phase p) { return 1u << static_cast<int>(p); }
constexpr uint32_t kCombat = bit(Phase::kCombatBegin) | bit(Phase::kCombatAttackers) | bit(Phase::kCombatBlockers) |
                             bit(Phase::kCombatDamage) | bit(Phase::kCombatEnd);

}  // namespace

void Game::alter_next_phase(const EffectDef& e, int player) {
  if (player < 0 || player > 1) return;
  if (e.word == "combatphases" || e.word == "combatphaseswithmain") {
    if (player != active) return note("an additional combat for p" + std::to_string(player + 1) + " outside their turn: none");
    const bool with_main = e.word == "combatphaseswithmain";
    // after<this>: after the current phase (a main phase: the spell's or ability's own); after<combatends>:
    // after this turn's combat.
    const Phase anchor = e.token_spec == "this" ? phase : Phase::kCombatEnd;
    added_phases.push_back({anchor, Phase::kCombatBegin});
    if (with_main) {
      added_phases.push_back({Phase::kCombatEnd, anchor == Phase::kCombatEnd ? Phase::kSecondMain : anchor});
    } else if (anchor != Phase::kCombatEnd) {
      added_phases.push_back({Phase::kCombatEnd, static_cast<Phase>(static_cast<int>(anchor) + 1)});
    }
    return note("p" + std::to_string(player + 1) + " gets an additional combat phase" + (with_main ? " and main phase" : ""));
  }
  const Phase p = phase_from_name(e.word);
  if (p == Phase::kInvalid) return;
  // Skipping the beginning of combat or the attackers step skips the whole combat phase.
  skip_next[static_cast<size_t>(player)] |= p == Phase::kCombatBegin || p == Phase::kCombatAttackers ? kCombat : bit(p);
  note("p" + std::to_string(player + 1) + " skips their next " + e.word);
}

Phase Game::phase_after(Phase p) {
  Phase next = static_cast<Phase>(static_cast<int>(p) + 1);
  if (!added_phases.empty() && added_phases.front().first == p) {
    next = added_phases.front().second;
    added_phases.erase(added_phases.begin());
  }
  return unskipped(next);
}

Phase Game::unskipped(Phase p) {
  uint32_t& skip = skip_next[static_cast<size_t>(active)];
  while (p < Phase::kCleanup && (skip & bit(p))) {
    if (p == Phase::kCombatBegin) {  // the whole combat phase
      skip &= ~kCombat;
      note("p" + std::to_string(active + 1) + " skips the combat phase");
      p = phase_after(Phase::kCombatEnd);
      continue;
    }
    if (p == Phase::kCombatBlockers || p == Phase::kCombatDamage) {  // a combat step alone: not run (no card does it)
      skip &= ~kCombat;
      unsupported("nextphasealter(remove," + std::string(phase_name(p)) + ") without the whole combat");
      break;
    }
    skip &= ~bit(p);
    note(std::string("p") + std::to_string(active + 1) + " skips " + phase_name(p));
    p = static_cast<Phase>(static_cast<int>(p) + 1);
  }
  return p;
}

// A static player change on the permanents on the battlefield (hmodifer:N, maxplay(land)+N): what
// they add to `player`'s number (maximum hand size, land plays each turn).
int Game::static_change(Eff kind, int player) const {
  int n = 0;
  for (size_t c = 0; c < objs.size(); ++c) {
    if (objs[c].zone != kBattlefield) continue;
    const int controller = objs[c].controller;
    each_ability(static_cast<int>(c), [&](const Ability& a) {
      if (!is_static_line(a)) return;
      for (const EffectDef& e : a.effects) {
        if (e.kind == kind && (e.who == "opponent" ? 1 - controller : controller) == player) n += e.a.value;
      }
    });
  }
  return n;
}

int Game::hand_size_change(int player) const { return static_change(Eff::kHandSize, player); }

// turnlimited (@combat(attacking) source(this) turnlimited:..): once each turn, which matters once a
// turn has several combats. Counted with the activations of the turn (Obj::uses, cleared each turn).
bool Game::fired_this_turn(const Ability& a, int src) {
  if (a.text.find("turnlimited") == std::string::npos) return false;
  auto& uses = objs[static_cast<size_t>(src)].uses;
  for (auto& [used, n] : uses) {
    if (used == &a) return n++ > 0;
  }
  uses.emplace_back(&a, 1);
  return false;
}

}  // namespace rk::mtg
