// Ability values written the same way on many cards share one tree.
//
// Six in ten ability values of Wagic 2016 repeat a value read before ({T}, mana={2}{G},
// abilities=flying, auto=@movedto(this|graveyard) from(battlefield):draw:1 ...): a third of the
// database's tokens. A value's tree depends only on its text and on how the key's value is read
// (ValueKind), so the second card points at the first card's tree. Trees are not changed once
// read, and their tokens' texts are the same bytes wherever they were written.
//
// Only a value read without a diagnostic is kept: a diagnostic points at one place in one file,
// and the same mistake on another card must be reported there too.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "games/mtg/language/ability.h"
#include "mem/hash_slots.h"

namespace rk::mtg {

class TreeCache {
 public:
  static constexpr uint32_t kNone = UINT32_MAX;
  static uint32_t hash(ValueKind kind, std::string_view text);
  // Room for `values` distinct values without growing.
  void reserve(size_t values);
  // The tree read from `text` as a value of `kind`, or kNone.
  uint32_t find(ValueKind kind, std::string_view text, uint32_t hash) const;
  // Keeps `tree` as the tree of `text` read as a value of `kind`. `text` must stay where it is
  // while the cache is used (in its file's text, or a kept expansion). Empty texts are not kept.
  void add(ValueKind kind, std::string_view text, uint32_t hash, uint32_t tree);
  size_t size() const { return entries_.size(); }

 private:
  // 8-byte slots (hash_slots.h), the values beside: the 14,400 distinct values of Wagic 2016 take
  // 256 KB of slots. Finding a value misses the cache (the files streaming through evict the
  // table), so the slots are kept small: 16-byte slots with the text's address in them were
  // slower, though a hit then reads one line fewer.
  //
  // A value of at most eight bytes ({T}, {2}{G}, flying: most of the repeated ones) is kept in
  // its entry, so finding it reads no file text; a longer one is compared with the text it was
  // read from, somewhere in the files read before.
  struct Entry {
    uint64_t text;       // the bytes (little-endian, zero above), or the address of the text
    uint32_t size_kind;  // its size, with the kind in the top byte
    uint32_t tree;
  };
  static uint32_t size_kind(ValueKind kind, std::string_view text) {
    return static_cast<uint32_t>(text.size()) | static_cast<uint32_t>(kind) << 24;
  }
  static bool same(const Entry& e, uint32_t want, std::string_view text);
  mem::HashSlots slots_;  // entries: 1 + index in entries_
  std::vector<Entry> entries_;
};

}  // namespace rk::mtg
