// Card types (with subtypes and supertypes), keyword abilities and card names as small numbers.
// The compiler interns every such word once (a card's type line and abilities=, the types and
// keywords effects give, the words of target specifications), so play asks "is it a Goblin?" or
// "has it flying?" with a bit test instead of comparing strings. Wagic's names stay for display
// and I/O (`Symbols::text`).
//
// The tables are process-wide and only grow (a card compiled late gets the ids the words it
// shares already have); ids are never reused. Interning takes a lock, so catalogs compiling cards
// on several threads would stay consistent; play only reads ids.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rk::mtg {

using Sym = uint16_t;
constexpr Sym kNoSym = 0xFFFF;

enum class SymKind : uint8_t { kType, kKeyword, kName };

// Types interned first, in this order, so the engine can name them as constants; the card types
// and supertypes come before every subtype (`is_subtype`).
namespace ty {
enum : Sym {
  kCreature, kArtifact, kEnchantment, kLand, kPlaneswalker, kInstant, kSorcery, kTribal,  // card types
  kLegendary, kBasic, kSnow, kWorld,                                                       // supertypes
  kFirstSubtype,
  kPlains = kFirstSubtype, kIsland, kSwamp, kMountain, kForest,  // basic land types
  kAura, kEquipment,
  kTower, kMine, kPowerPlant,  // Urza's lands (tron)
  kWellKnown
};
constexpr Sym kLastCardType = kTribal;
}  // namespace ty

namespace kw {
enum : Sym {
  kChangeling, kFlying, kReach, kHaste, kDefender, kShroud, kHexproof, kIndestructible, kFirstStrike,
  kDoubleStrike, kTrample, kDeathtouch, kLifelink, kInfect, kWither, kFear, kShadow, kFlanking, kUnblockable,
  kOneblocker, kCantblock, kCantattack, kCanattack, kMustattack, kTreason, kVigor, kSpiritlink,
  kOpponentshroud, kCountershroud, kNofizzle, kCantregen, kExiledeath, kCombattoughness,
  kCanplayfromgraveyard, kPreventcombatto, kPreventcombatfrom, kIslandwalk, kSwampwalk, kForestwalk,
  kMountainwalk, kPlainswalk, kVigilance, kLure, kDoesnotuntap, kMygraveexiler, kOppgraveexiler,
  kLibrarydeath, kShufflelibrarydeath, kIntimidate, kHorsemanship, kCloud, kReachshadow, kStrong, kWeak,
  kExalted, kLegendarylandwalk, kDesertlandwalk, kNonbasiclandwalk, kSnowlandwalk, kSnowforestlandwalk,
  kSnowplainslandwalk, kSnowmountainlandwalk, kSnowislandlandwalk, kSnowswamplandwalk,
  kWellKnown
};
}  // namespace kw

// The well-known words in id order (symbols.cc interns them first).
constexpr const char* kTypeWords[] = {"creature", "artifact", "enchantment", "land",  "planeswalker", "instant", "sorcery",
                                      "tribal",   "legendary", "basic",      "snow",  "world",        "plains",  "island",
                                      "swamp",    "mountain",  "forest",     "aura",  "equipment",
                                      "tower",    "mine",      "power-plant"};
constexpr const char* kKeywordWords[] = {
    "changeling", "flying", "reach", "haste", "defender", "shroud", "hexproof", "indestructible",
    "first strike", "double strike", "trample", "deathtouch", "lifelink", "infect", "wither", "fear",
    "shadow", "flanking", "unblockable", "oneblocker", "cantblock", "cantattack", "canattack",
    "mustattack", "treason", "vigor", "spiritlink", "opponentshroud", "countershroud", "nofizzle",
    "cantregen", "exiledeath", "combattoughness", "canplayfromgraveyard", "preventcombatto",
    "preventcombatfrom", "islandwalk", "swampwalk", "forestwalk", "mountainwalk", "plainswalk", "vigilance",
    "lure", "doesnotuntap", "mygraveexiler", "oppgraveexiler", "librarydeath", "shufflelibrarydeath",
    "intimidate", "horsemanship", "cloud", "reachshadow", "strong", "weak", "exalted", "legendarylandwalk",
    "desertlandwalk", "nonbasiclandwalk", "snowlandwalk", "snowforestlandwalk", "snowplainslandwalk",
    "snowmountainlandwalk", "snowislandlandwalk", "snowswamplandwalk"};
static_assert(std::size(kTypeWords) == ty::kWellKnown);
static_assert(std::size(kKeywordWords) == kw::kWellKnown);

// Types and keywords the engine's own code names ("haste", "first strike"): looked up in the
// tables at compile time, so has(c, "haste") costs a bit test. A word missing from the tables does
// not compile (the throw is not a constant expression): add it there, or use has_word for a word
// only known at run time.
namespace detail {
template <size_t N>
consteval Sym well_known(const char* const (&table)[N], const char* word) {
  for (size_t i = 0; i < N; ++i) {
    const char* a = table[i];
    const char* b = word;
    while (*a && *a == *b) ++a, ++b;
    if (*a == *b) return static_cast<Sym>(i);
  }
  throw "not a well-known word: add it to kTypeWords or kKeywordWords (symbols.h)";
}
}  // namespace detail
struct TypeName {
  Sym id;
  consteval TypeName(const char* word) : id(detail::well_known(kTypeWords, word)) {}  // NOLINT: implicit on purpose
};
struct KeywordName {
  Sym id;
  consteval KeywordName(const char* word) : id(detail::well_known(kKeywordWords, word)) {}  // NOLINT: implicit on purpose
};

class Symbols {
 public:
  static Sym intern(SymKind kind, std::string_view word);  // lower case expected
  static Sym find(SymKind kind, std::string_view word);    // kNoSym when never interned
  static const std::string& text(SymKind kind, Sym id);
  static size_t size(SymKind kind);
};

inline bool is_subtype(Sym type) { return type >= ty::kFirstSubtype && type != kNoSym; }
inline bool is_basic_land_type(Sym type) { return type >= ty::kPlains && type <= ty::kForest; }

// A set of symbols: a bit per id below `Bits` (nearly every type and keyword a game meets) and a
// short list for the rest, so it never overflows and copying it costs no allocation in practice.
template <size_t Bits>
class SymSet {
 public:
  bool test(Sym id) const {
    if (id < Bits) return (words_[id / 64] >> (id % 64)) & 1;
    if (id == kNoSym) return false;
    for (Sym x : extra_) {
      if (x == id) return true;
    }
    return false;
  }
  void set(Sym id) {
    if (id < Bits) {
      words_[id / 64] |= uint64_t{1} << (id % 64);
    } else if (id != kNoSym && !test(id)) {
      extra_.push_back(id);
    }
  }
  void reset(Sym id) {
    if (id < Bits) {
      words_[id / 64] &= ~(uint64_t{1} << (id % 64));
      return;
    }
    for (size_t i = 0; i < extra_.size(); ++i) {
      if (extra_[i] == id) {
        extra_.erase(extra_.begin() + static_cast<long>(i));
        return;
      }
    }
  }
  void clear() {
    words_.fill(0);
    extra_.clear();
  }
  bool empty() const {
    for (uint64_t w : words_) {
      if (w) return false;
    }
    return extra_.empty();
  }
  // Keeps only the ids `keep` answers true for.
  template <class F>
  void keep_if(F&& keep) {
    for (size_t w = 0; w < words_.size(); ++w) {
      for (uint64_t bits = words_[w]; bits; bits &= bits - 1) {
        const Sym id = static_cast<Sym>(w * 64 + static_cast<size_t>(__builtin_ctzll(bits)));
        if (!keep(id)) reset(id);
      }
    }
    std::erase_if(extra_, [&](Sym id) { return !keep(id); });
  }
  template <class F>
  void each(F&& f) const {
    for (size_t w = 0; w < words_.size(); ++w) {
      for (uint64_t bits = words_[w]; bits; bits &= bits - 1) f(static_cast<Sym>(w * 64 + static_cast<size_t>(__builtin_ctzll(bits))));
    }
    for (Sym id : extra_) f(id);
  }
  bool operator==(const SymSet&) const = default;

 private:
  std::array<uint64_t, Bits / 64> words_{};
  std::vector<Sym> extra_;
};

using TypeSet = SymSet<512>;
using KeywordSet = SymSet<256>;

}  // namespace rk::mtg
