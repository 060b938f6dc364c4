// A fixed set of words, each with a value, looked up by exact text: the keyword tables of the card
// languages. Open addressing over one array: a lookup hashes the word once and compares a few
// slots, with no allocation (std::unordered_map allocates a node per word and chases pointers,
// which shows when every token of a 40,000-card database is looked up).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace rk::text {

// A hash for short keywords: the first and last eight bytes (overlapping when shorter) and the
// length, mixed by multiplication; a few instructions where a byte-at-a-time hash spends several per byte. Words
// that agree in both ends differ only in the comparison that follows.
inline uint32_t keyword_hash(std::string_view s) {
  const size_t n = s.size();
  uint64_t a = 0, b = 0;
  if (n >= 8) {
    std::memcpy(&a, s.data(), 8);
    std::memcpy(&b, s.data() + n - 8, 8);
  } else if (n >= 4) {
    uint32_t x = 0, y = 0;
    std::memcpy(&x, s.data(), 4);
    std::memcpy(&y, s.data() + n - 4, 4);
    a = x;
    b = y;
  } else if (n > 0) {
    a = static_cast<unsigned char>(s[0]) | static_cast<unsigned>(static_cast<unsigned char>(s[n / 2])) << 8 |
        static_cast<unsigned>(static_cast<unsigned char>(s[n - 1])) << 16;
  }
  const uint64_t h = (a ^ (b * 0x9E3779B97F4A7C15ull) ^ n) * 0xFF51AFD7ED558CCDull;
  return static_cast<uint32_t>(h >> 32);
}

// text_hash in steps, for a caller that has the text's words in registers (a name folded to
// lower case as it is read): the length, then every whole eight bytes, then the rest (1 to 7
// bytes, little-endian, zero above) if any.
class TextHasher {
 public:
  explicit TextHasher(size_t n) : h_(n * 0x9E3779B97F4A7C15ull) {}
  void word(uint64_t w) {
    h_ = (h_ ^ w) * 0xFF51AFD7ED558CCDull;
    h_ ^= h_ >> 32;
  }
  void tail(uint64_t w) {
    h_ = (h_ ^ w) * 0xC4CEB9FE1A85EC53ull;
    h_ ^= h_ >> 29;
  }
  uint32_t value() const { return static_cast<uint32_t>(h_ >> 32); }

 private:
  uint64_t h_;
};

// The n <= 8 bytes at p as one little-endian word, zero above, without reading past them. Not by a
// memcpy of n bytes: that call stores them a piece at a time and a load of the whole word then
// waits for the stores. Two overlapping four-byte loads (the overlap holds the same bytes in
// both), or the first, middle and last byte (every byte of a text of one to three).
inline uint64_t short_word(const char* p, size_t n) {
  if constexpr (std::endian::native != std::endian::little) {  // the loads below assume little-endian words
    uint64_t w = 0;
    for (size_t i = 0; i < n; ++i) w |= uint64_t{static_cast<unsigned char>(p[i])} << (8 * i);
    return w;
  }
  if (n >= 4) {
    uint32_t lo, hi;
    std::memcpy(&lo, p, 4);
    std::memcpy(&hi, p + n - 4, 4);
    return lo | uint64_t{hi} << (8 * (n - 4));
  }
  if (n == 0) return 0;
  return uint64_t{static_cast<unsigned char>(p[0])} | uint64_t{static_cast<unsigned char>(p[n / 2])} << (8 * (n / 2)) |
         uint64_t{static_cast<unsigned char>(p[n - 1])} << (8 * (n - 1));
}

// A hash of any text, eight bytes per step (names of cards: 10 to 30 bytes, where fnv1a's chain
// of one multiplication per byte is most of a lookup).
inline uint32_t text_hash(std::string_view s) {
  const size_t n = s.size();
  TextHasher h(n);
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    h.word(w);
  }
  if (i < n) {
    // The last n - i bytes as one little-endian word, zero above (a memcpy of n - i bytes stalled
    // the load after it: a tenth of resolving a set's primitive= names). The last eight bytes of
    // the text, shifted, where it has eight; short_word otherwise.
    uint64_t w;
    if (n >= 8) {
      std::memcpy(&w, s.data() + n - 8, 8);
      w >>= 8 * (8 - (n - i));
    } else {
      w = short_word(s.data(), n);
    }
    h.tail(w);
  }
  return h.value();
}

// Equality of two words, inline for the usual length (keywords are 2 to 16 bytes): two
// overlapping loads per side instead of a call to memcmp.
inline bool same_word(std::string_view a, std::string_view b) {
  const size_t n = a.size();
  if (n != b.size()) return false;
  if (n >= 8 && n <= 16) {
    uint64_t a0, a1, b0, b1;
    std::memcpy(&a0, a.data(), 8);
    std::memcpy(&a1, a.data() + n - 8, 8);
    std::memcpy(&b0, b.data(), 8);
    std::memcpy(&b1, b.data() + n - 8, 8);
    return ((a0 ^ b0) | (a1 ^ b1)) == 0;
  }
  if (n >= 4 && n < 8) {
    uint32_t a0, a1, b0, b1;
    std::memcpy(&a0, a.data(), 4);
    std::memcpy(&a1, a.data() + n - 4, 4);
    std::memcpy(&b0, b.data(), 4);
    std::memcpy(&b1, b.data() + n - 4, 4);
    return ((a0 ^ b0) | (a1 ^ b1)) == 0;
  }
  if (n < 4) {  // first, middle and last byte: every byte of a word of one to three
    return n == 0 || (a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1]);
  }
  return a == b;
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
    const uint32_t h = keyword_hash(word);
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
    const uint32_t h = keyword_hash(word);
    for (size_t i = h & mask();; i = (i + 1) & mask()) {
      const Slot& s = slots_[i];
      if (!s.used) return nullptr;
      if (s.hash == h && same_word(s.word, word)) return &s.value;
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
