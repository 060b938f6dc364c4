// The table part of an index whose entries live elsewhere: open addressing over 8-byte slots of
// (hash, entry number), linear probing, at most half full. The owner keeps its keys and values in
// an array of its own and compares them; the slots stay small, so that a table of 15,000 entries
// (Wagic's primitive names, its distinct ability values) stays within a few hundred KB.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

namespace rk::mem {

class HashSlots {
 public:
  // Room for `entries` without growing.
  void reserve(size_t entries) {
    if (entries * 2 > slots_.size()) grow(std::bit_ceil(entries * 2));
  }
  size_t size() const { return count_; }

  // The first entry stored under `hash` for which `same(entry)` is true, or 0. Entries are the
  // owner's numbers, from 1.
  template <class Same>
  uint32_t find(uint32_t hash, Same same) const {
    if (slots_.empty()) return 0;
    const size_t mask = slots_.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
      const Slot s = slots_[i];
      if (s.entry == 0) return 0;
      if (s.hash == hash && same(s.entry)) return s.entry;
    }
  }
  // Stores `entry` (not 0) under `hash`; the owner has checked that its key is not there yet.
  void insert(uint32_t hash, uint32_t entry) {
    if ((count_ + 1) * 2 > slots_.size()) grow(slots_.empty() ? 64 : slots_.size() * 2);
    place(Slot{hash, entry});
    ++count_;
  }

  // Hints for a lookup to come: bring the slot of `hash` into the cache; once it is there, the
  // entry it names (0 when the slot is empty or holds another hash).
  void prefetch(uint32_t hash) const {
    if (!slots_.empty()) __builtin_prefetch(&slots_[hash & (slots_.size() - 1)]);
  }
  uint32_t first_entry(uint32_t hash) const {
    if (slots_.empty()) return 0;
    const Slot& s = slots_[hash & (slots_.size() - 1)];
    return s.hash == hash ? s.entry : 0;
  }

 private:
  struct Slot {
    uint32_t hash = 0;
    uint32_t entry = 0;  // 0: empty
  };
  void place(Slot s) {
    const size_t mask = slots_.size() - 1;
    size_t i = s.hash & mask;
    while (slots_[i].entry != 0) i = (i + 1) & mask;
    slots_[i] = s;
  }
  // Slots keep their hashes: growing moves them without reading a key.
  void grow(size_t slots) {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(slots, Slot{});
    for (const Slot& s : old) {
      if (s.entry != 0) place(s);
    }
  }
  std::vector<Slot> slots_;
  size_t count_ = 0;
};

}  // namespace rk::mem
