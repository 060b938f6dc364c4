// A fixed set of words, each with a value, looked up by exact text: the keyword tables of the card
// languages. Open addressing over one array: a lookup hashes the word once and compares a few
// slots, with no allocation (std::unordered_map allocates a node per word and chases pointers,
// which shows when every token of a 40,000-card database is looked up).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace rk::text {

constexpr uint32_t fnv1a(std::string_view s) {
  uint32_t h = 2166136261u;
  for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  return h;
}

template <class V>
class WordMap {
 public:
  explicit WordMap(size_t capacity_hint = 64) {
    size_t n = 16;
    while (n < capacity_hint * 2) n *= 2;  // at most half full
    slots_.resize(n);
  }
  // Adds `word` (whose text must outlive the map); the first value given for a word wins.
  void put(std::string_view word, V value) {
    if ((count_ + 1) * 2 > slots_.size()) grow();
    const uint32_t h = fnv1a(word);
    for (size_t i = h & mask();; i = (i + 1) & mask()) {
      if (slots_[i].used && slots_[i].hash == h && slots_[i].word == word) return;
      if (!slots_[i].used) {
        slots_[i] = {word, value, h, true};
        ++count_;
        return;
      }
    }
  }
  // The value of `word`, or null.
  const V* find(std::string_view word) const {
    const uint32_t h = fnv1a(word);
    for (size_t i = h & mask();; i = (i + 1) & mask()) {
      const Slot& s = slots_[i];
      if (!s.used) return nullptr;
      if (s.hash == h && s.word == word) return &s.value;
    }
  }
  bool contains(std::string_view word) const { return find(word) != nullptr; }
  size_t size() const { return count_; }

 private:
  struct Slot {
    std::string_view word;
    V value{};
    uint32_t hash = 0;  // compared first: most probes end without touching the text
    bool used = false;
  };
  size_t mask() const { return slots_.size() - 1; }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.size() * 2, Slot{});
    count_ = 0;
    for (const Slot& s : old) {
      if (s.used) put(s.word, s.value);
    }
  }
  std::vector<Slot> slots_;
  size_t count_ = 0;
};

}  // namespace rk::text
