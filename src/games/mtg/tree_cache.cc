#include "games/mtg/tree_cache.h"

#include <bit>
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

// Equal bytes, a word at a time, without reading past either text: most values are short, and a
// call of memcmp cost more than the compare.
bool same(const char* a, const char* b, size_t n) {
  if (n >= 8) {
    for (size_t i = 0; i + 8 < n; i += 8) {
      if (load8(a + i) != load8(b + i)) return false;
    }
    return load8(a + n - 8) == load8(b + n - 8);
  }
  if (n >= 4) return load4(a) == load4(b) && load4(a + n - 4) == load4(b + n - 4);
  for (size_t i = 0; i < n; ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}
}  // namespace

uint32_t TreeCache::hash(ValueKind kind, std::string_view text) {
  return text::text_hash(text) ^ (static_cast<uint32_t>(kind) * 0x9E3779B9u);
}

void TreeCache::reserve(size_t values) {
  entries_.reserve(values);
  if (values * 2 > slots_.size()) grow(std::bit_ceil(values * 2));
}

uint32_t TreeCache::find(ValueKind kind, std::string_view text, uint32_t hash) const {
  if (slots_.empty()) return kNone;
  const uint32_t want = size_kind(kind, text);
  const size_t mask = slots_.size() - 1;
  for (size_t i = hash & mask;; i = (i + 1) & mask) {
    const Slot s = slots_[i];
    if (s.entry == 0) return kNone;
    if (s.hash != hash) continue;
    const Entry& e = entries_[s.entry - 1];
    if (e.size_kind == want && same(e.text, text.data(), text.size())) return e.tree;
  }
}

void TreeCache::add(ValueKind kind, std::string_view text, uint32_t hash, uint32_t tree) {
  if (text.size() > kMaxSize || text.empty()) return;
  if ((entries_.size() + 1) * 2 > slots_.size()) grow(slots_.empty() ? 1024 : slots_.size() * 2);
  entries_.push_back(Entry{text.data(), size_kind(kind, text), tree});
  const size_t mask = slots_.size() - 1;
  size_t i = hash & mask;
  while (slots_[i].entry != 0) i = (i + 1) & mask;
  slots_[i] = Slot{hash, static_cast<uint32_t>(entries_.size())};
}

// Slots keep their hashes: growing moves them without reading a text.
void TreeCache::grow(size_t slots) {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(slots, Slot{});
  const size_t mask = slots - 1;
  for (const Slot& s : old) {
    if (s.entry == 0) continue;
    size_t i = s.hash & mask;
    while (slots_[i].entry != 0) i = (i + 1) & mask;
    slots_[i] = s;
  }
}

}  // namespace rk::mtg
