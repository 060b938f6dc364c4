// The vocabulary of Wagic card code: keys of a [card] block and the keywords of ability text,
// collected from seed 001 and from the corpus (sets/primitives of 2016 and of the latest
// version). No engine runs Wagic cards yet: every keyword here is parsed but not executable.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "games/mtg/language/ability.h"

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
// Keys of up to 16 bytes as two zero-padded little-endian words, placed by a multiplicative hash
// whose factor and size are fixed when the program is compiled, with a check there that no two keys
// share a slot: one probe, no loop, inline in the loader's line loop, its constants immediate (the
// general lookup's branches on length and probing were a twelfth of loading a database, a call per
// key line still a twentieth, and a table built at start-up a chain of loads before each probe).
class ShortKeys {
 public:
  struct Slot {
    uint64_t lo = 0, hi = 0;  // 0, 0: empty (no key is empty)
    const KeyInfo* info = nullptr;
  };
  // When a new key makes two share a slot, tables.cc does not compile: try another factor or
  // one more bit.
  static constexpr int kBits = 9;
  static constexpr uint64_t kFactor = 0xD6E8FEB86659FD93ull;

  static const KeyInfo* find(uint64_t lo, uint64_t hi) {
    const Slot& s = kSlots[index(lo, hi)];
    return s.lo == lo && s.hi == hi ? s.info : nullptr;
  }
  static constexpr size_t index(uint64_t lo, uint64_t hi) {
    return static_cast<size_t>(((lo ^ (hi * 0x9E3779B97F4A7C15ull)) * kFactor) >> (64 - kBits));
  }
  // The key's bytes as the two words (it has at most 16).
  static constexpr void split(std::string_view k, uint64_t& lo, uint64_t& hi) {
    lo = hi = 0;
    for (size_t i = 0; i < k.size() && i < 16; ++i) {
      (i < 8 ? lo : hi) |= uint64_t{static_cast<unsigned char>(k[i])} << (8 * (i % 8));
    }
  }

 private:
  static const std::array<Slot, size_t{1} << kBits> kSlots;
};

// The closest known key (edit distance <= 2), for hints; "" if none.
std::string_view closest_key(std::string_view lower_name);

// The closest effect, keyword ability or condition word, and the closest zone (with its owner
// prefix: mybattelfield -> mybattlefield), for "did you mean"; "" if none is within 2 edits.
std::string_view closest_ability_word(std::string_view lower_word);
std::string_view closest_zone(std::string_view lower_zone);

// The role of a word at ability level (lower case), kUnknown when no table has it.
Role word_role(std::string_view lower);
// Words after @ (trigger events), after | (zones), between ~ (comparators), in abilities=.
bool is_trigger(std::string_view lower);
bool is_phase(std::string_view lower);
bool is_zone(std::string_view lower);
bool is_comparator(std::string_view lower);
bool is_keyword_ability(std::string_view lower);
// Cost items of an activated ability ({..} groups before ":"), mana= and the other cost keys.
enum class CostKind : uint8_t {
  kMana,            // {2} {R} {X} {c} {i} hybrids {WB} {2R}, phyrexian {p(R)}
  kTap,             // {T}
  kUntap,           // {Q}
  kSacrifice,       // {S} {S(target|zone)}
  kExile,           // {E} {E(target|zone)}
  kReturnToHand,    // {H} {H(target|zone)}
  kLife,            // {L} {L:n}
  kDiscardRandom,   // {D}
  kMill,            // {M}
  kReturnAttacker,  // {N}
  kDiscard,         // {discard(target|zone)}
  kToLibraryTop,    // {s2l}
  kToGraveyard,     // {s2g}
  kLibraryToExile,  // {l2e}
  kCycle,           // {cycle}
  kTapTarget,       // {T(target|zone)}
  kUntapTarget,     // {Q(target|zone)}
  kCounter,         // {counter(1/1,-1)} {counter(0/0,-4,Loyalty)}: remove or add counters
  kCrew,            // {crew(other creature[power>=1]|myBattlefield)}
  kConvoke,         // {convoke}
  kDelve,           // {delve}
  kImprovise,       // {improvise}
  kUnattach,        // {unattach}
  kOffering,        // {kgoblin}: sacrifice a goblin (offering)
  kOther,           // anything else (reported by the parser as WG0104)
};
// The cost a {word} or {word(target|zone)} stands for; null for mana symbols and unknown words.
struct CostWord {
  std::string_view word;
  CostKind plain, targeted;
};
const CostWord* find_cost_word(std::string_view lower);

// A mana or cost symbol inside { }: W U B R G C X Y Z S T Q E H D M N L:n, 2R, WB, P(R) ...
bool is_cost_symbol(std::string_view lower);

}  // namespace rk::mtg
