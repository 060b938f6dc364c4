// The vocabulary of Wagic card code: keys of a [card] block and the keywords of ability text,
// collected from seed 001 and from the corpus (sets/primitives of 2016 and of the latest
// version). No engine runs Wagic cards yet: every keyword here is parsed but not executable.
#pragma once

#include <string_view>

#include "games/mtg/ability.h"

namespace rk::mtg {

enum class KeyId : uint8_t {
  kName, kId, kRarity, kMana, kType, kSubtype, kPower, kToughness, kText, kAbilities, kAuto,
  kAutoZone,  // autohand, autograveyard, autoexile, autolibrary, autostack, autofacedown, ...
  kTarget, kOther, kKicker, kFlashback, kBuyback, kRetrace, kSuspend, kDredge, kRestriction,
  kOtherRestriction, kColor, kAlias, kPrimitive, kGrade, kFacedown, kAnyzone, kAicode, kBackside,
  kModular, kCrewbonus, kPartner, kUnknown
};

struct KeyInfo {
  std::string_view name;
  KeyId id;
  ValueKind value;
};

// The key of `name` (lower case; suspend(N) is matched by its prefix). Null when unknown.
const KeyInfo* find_key(std::string_view lower_name);
// The closest known key (edit distance <= 2), for hints; "" if none.
std::string_view closest_key(std::string_view lower_name);

// The role of a word at ability level (lower case), kUnknown when no table has it.
Role word_role(std::string_view lower);
// Words after @ (trigger events), after | (zones), between ~ (comparators), in abilities=.
bool is_trigger(std::string_view lower);
bool is_zone(std::string_view lower);
bool is_comparator(std::string_view lower);
bool is_keyword_ability(std::string_view lower);
// A mana or cost symbol inside { }: W U B R G C X Y Z S T Q E H D M N L:n, 2R, WB, P(R) ...
bool is_cost_symbol(std::string_view lower);

}  // namespace rk::mtg
