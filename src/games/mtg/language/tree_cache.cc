#include "games/mtg/language/tree_cache.h"

#include <cstdint>

#include "text/word_map.h"

namespace rk::mtg {

namespace {
// Values longer than this are not kept: their size would not fit beside the kind, and a value of
// 16 MB is not written twice.
constexpr size_t kMaxSize = (1u << 24) - 1;

// Values of at most this many bytes are kept in their entry.
constexpr size_t kInline = 8;

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
  if (text.size() <= kInline) return e.text == text::short_word(text.data(), text.size());
  return text::same_word(std::string_view(address(e.text), text.size()), text);
}

uint32_t TreeCache::find(ValueKind kind, std::string_view text, uint32_t hash) const {
  if (text.size() > kMaxSize) return kNone;  // never kept (and its size would run into the kind)
  const uint32_t want = size_kind(kind, text);
  const uint32_t entry = slots_.find(hash, [&](uint32_t e) { return same(entries_[e - 1], want, text); });
  return entry == 0 ? kNone : entries_[entry - 1].tree;
}

void TreeCache::add(ValueKind kind, std::string_view text, uint32_t hash, uint32_t tree) {
  if (text.size() > kMaxSize || text.empty()) return;
  const uint64_t bytes = text.size() <= kInline ? text::short_word(text.data(), text.size())
                                                : static_cast<uint64_t>(reinterpret_cast<uintptr_t>(text.data()));
  entries_.push_back(Entry{bytes, size_kind(kind, text), tree});
  slots_.insert(hash, static_cast<uint32_t>(entries_.size()));
}

}  // namespace rk::mtg
