// What a menu option or an answered target chooser does, as data (DESIGN.md "Decisions and
// resumable effects"). A click that opens a menu or a chooser leaves the rest of its work here:
// which kind of step resumes, and the values it needs (the spell or ability being built, the
// card, the player, pointers into the immutable compiled card data). Nothing in it is a closure
// or points into a game, so copying a game copies its open decisions with it: a search bot can
// copy a position mid-decision and answer differently in the copy.
//
// A chooser resumes a stack of these (`Chooser::done`): the last is resumed with the chosen
// targets, the ones below are what follows it (pay_chosen: the costs chosen one chooser after
// another, then what the cast or the activation does next). Game::resume (resume.cc) is the one
// dispatcher: a table indexed by the kind, checked complete when it is compiled.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "games/mtg/compiler/card_def.h"

namespace rk::mtg {

struct StackItem;  // game.h

struct Resume {
  enum class Kind : uint8_t {
    kNothing,        // a "cancel" option
    kPush,           // the chosen targets go to `item`, which goes on the stack
    kCastTargets,    // a spell's chosen costs are paid: its target chooser (`spec`), or the stack
    kActivated,      // an ability's chosen costs are paid: {S}, then a mana ability at once, or target and stack
    kPayChosen,      // the cards chosen for cost number `index` of `chosen` are paid; the next cost follows
    kUpkeepDiscard,  // upkeep cost `ability` of `card` is paid, its chosen cards too (the name is older)
    kRunEffects,     // `ability` runs with the chosen targets (`card` its source, `actor` its controller, `x`)
    kRunAs,          // `ability` done by `actor` (ability$!..!$): its may menu, then kRunAsChosen
    kRunAsChosen,    // `ability` done by `actor`: its target chooser, then its effects
    kPutTrigger,     // triggered `ability` of `card` (its may answered): its target chooser, then the stack
    kAttack,         // `card` attacks (or no longer does)
    kBlock,          // `card` blocks (or no longer does)
    kPlayLand,       // `actor` plays land `card`
    kCast,           // `actor` casts `card` (`flag`: alternative cost, `x`: 1 with buyback, `index`: a CastWay)
    kPayUpkeep,      // `actor` pays upkeep cost `ability` of `card`
    kActivate,       // `actor` activates `ability` of `card`
    kMode,           // the spell `item` is cast with its may line `ability`: that line's target chooser
    kKeep,           // the legend rule: `card` (the other one) goes to the graveyard
    kLuaAbility,     // `actor` activates the Lua ability number `index` of `card`
    kLuaTargets,     // the Lua call `index` gets the chosen cards (`flag`: several, as one list)
    kLuaOption,      // the Lua call `index` gets menu option `x` (from 0)
    kTriggerNow,     // triggered `ability` of `card` resolved without the stack (@sacrificed): its target
                     // chooser, then kTriggerNowRun; `actor` its controller, `x` the event's card, `index` its zone
    kTriggerNowRun,  // the same with its targets chosen: its effects run with the event's card
    kMomir,          // `actor` discards land `card` for a Momir creature token
    kTurnFaceUp,     // `actor` turns face-down `card` face up for its morph cost
    kCoinCall,       // `actor` called heads (`flag`) or tails for flipacoin: `ability` the win and the lose abilities
                     // (two in a row), `card` the source, `index` the card the flip is about (-1: the source)
    kPayCombatCost,  // the cost for `card` to attack (`flag`) or block is paid from its controller's pool
    kChooseValue,    // `actor` chose a colour or a creature type: `ability` is the ability written with it, `card` its source
    kPair,           // `actor` pairs soulbond creature `card` with `index` (soulbond.cc)
    kDrawReplaced,   // `actor`'s draw: dredges `card` (`flag`), runs replacement `ability` of `card`, or draws
                     // (neither); `x` draws follow (draw_replace.cc)
    kLeyline,        // `actor` begins the game with leyline `card` on the battlefield (draw_replace.cc)
    kCount
  };
  Kind kind = Kind::kNothing;
  int card = -1, actor = 0, x = 0, index = 0;
  bool flag = false;
  const Ability* ability = nullptr;  // compiled card data (never a game's)
  const Spec* spec = nullptr;
  std::vector<StackItem> item;       // the spell or ability being built (one), or none
  std::vector<std::pair<const Spec*, int>> chosen;  // kPayChosen: the costs' specs and where each card goes
};

}  // namespace rk::mtg
