// Continuous effects in layers (CR 613). Every effect that changes a characteristic — a lord, an
// aura's or an equipment's static line, a card's own static line, a change a spell made
// (transforms, loseabilities, a keyword until end of turn), a count-following pump, a Lua card's
// effect — is applied in its layer, then in timestamp order within the layer:
//   1 copy (the object's `def`: a copy effect replaces it), 2 control (the object's `controller`,
//   set by control-changing effects), 3 text (none in Wagic's code), 4 type, 5 colour,
//   6 abilities (keywords, losing all abilities, protection and evasion rules an ability gives),
//   7a characteristic-defining P/T, 7b P/T setting, 7c P/T modification, 7d P/T switching.
// Which part of which effect kind goes to which layer is a table (layers.cc, kParts).
//
// An effect's set of affected objects is fixed when it starts to apply, in the first layer it has
// a part in (CR 613.6): a lord ranging over creatures sees the types after layer 4; an ability a
// permanent has lost in layer 6 creates no effect in layer 7 (Humility's creature lords).
// Within a layer, timestamps decide (CR 613.7), except for dependency (CR 613.8a), found by trying:
// an effect whose existence or objects the board decides (a lord's range, an aslongas condition,
// a printed ability that may be lost) depends on another when applying the other in this layer
// would change what it applies to; the other goes first (the trial leaves no trace). A loop falls
// back to timestamps. Losing all abilities before the effects of the abilities lost follows from
// the rule above for every effect that starts in layer 7. A loseabilities beside
// losesubtypesof(land) (Blood Moon) is part of setting a land's subtype: layer 4 (CR 305.7).
// Not modelled: a text-changing effect (layer 3), P/T set to a count (setpower=type:..), a static
// P/T switch; control (2) is the object's controller, changed by one-shot effects outside the pass.
//
// The result is cached per object (`Obj::chars`) and recomputed when something that may change it
// happened (`Game::invalidate`, called by moves, changes, grants, attachments, events and every
// effect), on the first question after it. Counters and until-end-of-turn pumps are layer 7c
// amounts kept as numbers on the object; `Game::power` adds them to the cached value and then
// switches (7d), so they never wait for a recomputation. Off the battlefield and the stack an
// object no effect touched keeps its printed characteristics between passes, and its CDA is
// counted when asked.
#pragma once

#include <cstdint>

#include "games/mtg/compiler/symbols.h"

namespace rk::mtg {

enum class Layer : uint8_t { kCopy, kControl, kText, kType, kColor, kAbility, kCda, kSetPT, kModifyPT, kSwitchPT, kRules };
constexpr int kLayers = static_cast<int>(Layer::kRules) + 1;
const char* layer_name(Layer l);  // "4 type", "7b set P/T" ...

// An object's characteristics once the layers are applied.
struct Chars {
  TypeSet types;
  KeywordSet keywords;
  int colors = 0;
  int power = 0, toughness = 0;  // through 7c of the effects applied here (counters and pumps are added when asked)
  bool lost_all = false;         // lost all abilities (layer 6): its printed abilities do not run
  bool switched = false;         // switched by a static effect (7d); the object's own `switched` switches again
  bool every_creature_type = false;  // changeling
  // Off the battlefield and the stack a characteristic-defining P/T is counted when asked (it is
  // rarely asked there, and counting for every card in every library on each pass is the cost):
  // `power` and `toughness` then hold what the later layers add to it.
  bool cda_deferred = false;
};

}  // namespace rk::mtg
