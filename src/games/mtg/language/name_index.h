// Primitive names to cards, for the primitive= references of set entries.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "mem/hash_slots.h"
#include "text/word_map.h"

namespace rk::mtg {

// A card name as the index keys it: ASCII folded to lower case, bytes that are not UTF-8 read as
// Windows-1252 (Æther in two set files) and written as UTF-8, so they match the primitives.
void normalize_name(std::string_view s, std::string& out);

// One name made ready for the index: normalized, and hashed as NameIndex::hash would. A short
// plain-ASCII name (nearly all) is folded eight bytes at a time as it is read and hashed from
// the same registers: normalizing into a string and hashing that read back each word just
// stored, and waited for the stores.
class NameKey {
 public:
  // `readable_end`: where the memory that holds `raw` ends (its file's end), so that whole words
  // may be read past the name.
  void set(std::string_view raw, const char* readable_end);
  std::string_view text() const { return text_; }
  uint32_t hash() const { return hash_; }

 private:
  static constexpr size_t kShort = 120;
  alignas(8) char short_[kShort + 8];
  std::string long_;
  std::string_view text_;
  uint32_t hash_ = 0;
};

// Primitive names (normalized: ASCII lower case, Windows-1252 bytes as UTF-8) to cards. Open
// addressing over 8-byte slots (hash, entry) with the names in one arena beside their card: for
// the 15,000 primitives of Wagic 2016 both stay within 400 KB, so the 28,000 lookups of set
// entries hit the core's cache (20-byte slots and a separate name string spent a fifth of the
// load in cache misses).
class NameIndex {
 public:
  void reserve(size_t names);
  // The first card added under a name keeps it.
  void add(std::string_view normalized, uint32_t card) { add(normalized, hash(normalized), card); }
  void add(std::string_view normalized, uint32_t hash, uint32_t card);
  // The card, or kNone.
  uint32_t find(std::string_view normalized) const { return find(normalized, hash(normalized)); }
  uint32_t find(std::string_view normalized, uint32_t hash) const;
  static uint32_t hash(std::string_view normalized) { return text::text_hash(normalized); }
  // Hints for a batch of lookups (resolve): bring a name's slot, then its entry, into the cache
  // while earlier names are compared.
  void prefetch_slot(uint32_t hash) const { slots_.prefetch(hash); }
  void prefetch_entry(uint32_t hash) const {
    if (const uint32_t entry = slots_.first_entry(hash)) __builtin_prefetch(arena_.data() + entry - 1);
  }
  size_t size() const { return slots_.size(); }
  static constexpr uint32_t kNone = UINT32_MAX;

 private:
  struct Entry {
    uint32_t card, length;
  };
  std::string_view name_at(uint32_t entry) const;
  mem::HashSlots slots_;  // entries: 1 + offset of {card, length, bytes} in arena_
  std::string arena_;
};

}  // namespace rk::mtg
