#include "games/mtg/tree_cache.h"

#include <bit>
#include <cstdint>
#include <cstring>

#include "text/word_map.h"

namespace rk::mtg {

namespace {
// Values longer than this are not kept: their size would not fit beside the kind, and a value of
// 16 MB is not written twice.
constexpr size_t kMaxSize = (1u << 24) - 1;

uint64_t load8(const char* p) {
  uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}
uint32_t load4(const char* p) {
  uint32_t w;
  std::memcpy(&w, p, 4);
  return w;
}

// Values of at most this many bytes are kept in their entry.
constexpr size_t kInline = 8;

// The n <= 8 bytes at p as a little-endian word, zero above, without reading past them: two
// overlapping four-byte loads, or the first, middle and last byte.
uint64_t small_word(const char* p, size_t n) {
  if constexpr (std::endian::native != std::endian::little) {  // the loads below assume little-endian words
    uint64_t w = 0;
    for (size_t i = 0; i < n; ++i) w |= static_cast<uint64_t>(static_cast<unsigned char>(p[i])) << (8 * i);
    return w;
  }
  if (n >= 4) return static_cast<uint64_t>(load4(p)) | static_cast<uint64_t>(load4(p + n - 4)) << (8 * (n - 4));
  const auto byte = [&](size_t i) { return static_cast<uint64_t>(static_cast<unsigned char>(p[i])) << (8 * i); };
  return n == 0 ? 0 : byte(0) | byte(n / 2) | byte(n - 1);
}

// Equal bytes of two texts longer than eight bytes, a word at a time, without reading past
// either: a call of memcmp cost more than the compare.
bool same_bytes(const char* a, const char* b, size_t n) {
  for (size_t i = 0; i + 8 < n; i += 8) {
    if (load8(a + i) != load8(b + i)) return false;
  }
  return load8(a + n - 8) == load8(b + n - 8);
}

const char* address(uint64_t text) { return reinterpret_cast<const char*>(static_cast<uintptr_t>(text)); }
}  // namespace

uint32_t TreeCache::hash(ValueKind kind, std::string_view text) {
  return text::text_hash(text) ^ (static_cast<uint32_t>(kind) * 0x9E3779B9u);
}

void TreeCache::reserve(size_t values) {
  entries_.reserve(values);
  slots_.reserve(values);
}

bool TreeCache::same(const Entry& e, uint32_t want, std::string_view text) {
  if (e.size_kind != want) return false;
  if (text.size() <= kInline) return e.text == small_word(text.data(), text.size());
  return same_bytes(address(e.text), text.data(), text.size());
}

uint32_t TreeCache::find(ValueKind kind, std::string_view text, uint32_t hash) const {
  if (text.size() > kMaxSize) return kNone;  // never kept (and its size would run into the kind)
  const uint32_t want = size_kind(kind, text);
  const uint32_t entry = slots_.find(hash, [&](uint32_t e) { return same(entries_[e - 1], want, text); });
  return entry == 0 ? kNone : entries_[entry - 1].tree;
}

void TreeCache::add(ValueKind kind, std::string_view text, uint32_t hash, uint32_t tree) {
  if (text.size() > kMaxSize || text.empty()) return;
  const uint64_t bytes = text.size() <= kInline ? small_word(text.data(), text.size())
                                                : static_cast<uint64_t>(reinterpret_cast<uintptr_t>(text.data()));
  entries_.push_back(Entry{bytes, size_kind(kind, text), tree});
  slots_.insert(hash, static_cast<uint32_t>(entries_.size()));
}

}  // namespace rk::mtg
