// The card pool of a Card Fighters' Clash game: every card of the set.xml files with its RuleScript
// (rules.json) parsed once. Immutable after load and shared by every game state.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "games/cfc/language/card_data.h"
#include "games/cfc/language/rulescript.h"
#include "games/cfc/compiler/script.h"

namespace rk::cfc {

enum class CardType : uint8_t { kCharacter, kAction, kReaction, kOther };
// ▲ instant (on entering the ring), ■ activated (main phase, freezes), ● auto (always on).
enum class AbilityType : uint8_t { kNone, kInstant, kActivated, kAuto };

struct CardDef {
  std::string guid, name, subtype;
  CardType type = CardType::kOther;
  AbilityType ability = AbilityType::kNone;
  std::string ability_name;
  std::string text;  // the printed rules text (set.xml's Rules property), for people; the engine never reads it
  int32_t bp = 0, sp = 0;
  std::vector<std::string> backups;  // subtypes it accepts, one back-up each
  int32_t script = -1;               // index into CardPool::scripts, -1 without RuleScript
  // Its subtype (lower case) and name, numbered as compiled filters name them (CardNames).
  uint16_t subtype_id = kNoName, name_id = kNoName;
};

struct CardPool {
  std::vector<CardDef> cards;
  std::vector<Rules> scripts;     // parsed rules.json entries (scripts[i] belongs to the card whose script == i)
  std::vector<CScript> compiled;  // the same, compiled for the engine (compiled[i].compiled: it runs)
  std::unordered_map<std::string, uint16_t> by_guid;
  CardNames names;  // the subtypes, names and guids compiled scripts refer to by number

  const CardDef* find(std::string_view guid) const;
};

// Loads set.xml files and rules.json from a CFC folder (rules.json beside o8g/Sets/<guid>/set.xml).
// A script that does not parse is reported in `problems` and its card plays without it.
bool load_pool(const std::string& dir, CardPool& out, std::string& error, std::vector<std::string>& problems);

// Set-xml strings to the engine's enums ("Character", and the ability symbols ¢ £ ¤ of the set).
CardType card_type(std::string_view type);
AbilityType ability_type(std::string_view symbol);
const char* ability_symbol(AbilityType a);  // ▲ ■ ● or ""

}  // namespace rk::cfc
