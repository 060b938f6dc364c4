// Scenario tests for Card Fighters' Clash, modelled on Wagic's [INIT] [DO] [ASSERT] files:
//
//   # the rulebook's piercing damage
//   [init]
//   active: 1                  # player 1 is in its Main phase
//   p1.sp: 5
//   p1.ring: 1=Ryu, 2=Ken      # slot=card; a card may say (bp=500, frozen, fresh, backups=2)
//   p1.hand: Guile
//   p2.ring: 1=Sagat(bp=400)
//   [do]
//   pass                       # each line is the label of a legal action (as `cfc play` lists them)
//   attack with Ryu (slot 1)
//   refused: activate Ken (slot 2)  # an action the rules do not allow here
//   [assert]
//   p2.hp: 2000
//   p1.ring: 1=Ryu(frozen)     # only what is written is checked (bp, frozen, fresh, backups, and
//                              # rules: the card whose rules it has, or none)
//   p2.discards: Sagat
//   phase: main
//   active: 2
//
// Players are p1 and p2; piles are deck (bottom first), hand, discards, removed; other keys:
// hp, sp, phase, active, winner (1, 2 or none); `seed: N` (first in [init]) seeds coin flips and
// other random draws. Cards are named as in set.xml; a name
// that several cards share takes the first of the set. Unnamed piles start empty.
#pragma once

#include <string>
#include <vector>

#include "games/cfc/rules/game.h"

namespace rk::cfc {

struct ScenarioResult {
  bool ok = false;
  std::vector<std::string> failures;  // file:line: what differs, or what could not be read or done
};

// Runs one scenario file's text against `pool`. `name` is used in messages.
// Script runs are counted into `stats` when given.
ScenarioResult run_scenario(const CardPool& pool, const std::string& name, const std::string& text, ScriptStats* stats = nullptr);

}  // namespace rk::cfc
