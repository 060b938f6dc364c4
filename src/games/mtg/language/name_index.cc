#include "games/mtg/language/name_index.h"

#include <cstring>

#include "text/ascii.h"
#include "text/word_map.h"

namespace rk::mtg {

using text::ascii_lower;

// Byte by byte: the loader's names go through NameKey, which folds plain ASCII a word at a time
// and comes here for the rest.
void normalize_name(std::string_view s, std::string& out) {
  out.clear();
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    bool ok = len > 0 && i + len <= s.size();
    for (size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
    if (ok) {
      for (size_t k = 0; k < len; ++k) out += ascii_lower(s[i + k]);
      i += len;
      continue;
    }
    // A byte that is not UTF-8 is read as Latin-1/Windows-1252 (0xC6 is Æ in both).
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
    ++i;
  }
}

void NameKey::set(std::string_view raw, const char* readable_end) {
  const size_t n = raw.size();
  if (n <= kShort && static_cast<size_t>(readable_end - raw.data()) >= (n + 7) / 8 * 8) {
    text::TextHasher h(n);
    uint64_t any_high = 0;  // a byte that is not ASCII: normalized the general way below
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      uint64_t w;
      std::memcpy(&w, raw.data() + i, 8);
      any_high |= w;
      w = text::ascii_lower8(w);
      std::memcpy(short_ + i, &w, 8);
      h.word(w);
    }
    if (i < n) {
      uint64_t w;
      std::memcpy(&w, raw.data() + i, 8);
      w &= ~(~uint64_t{0} << (8 * (n - i)));  // the bytes after the name are not its own
      any_high |= w;
      w = text::ascii_lower8(w);
      std::memcpy(short_ + i, &w, 8);
      h.tail(w);
    }
    if ((any_high & 0x8080808080808080ull) == 0) {
      text_ = std::string_view(short_, n);
      hash_ = h.value();
      return;
    }
  }
  normalize_name(raw, long_);
  text_ = long_;
  hash_ = NameIndex::hash(long_);
}

void NameIndex::reserve(size_t names) {
  slots_.reserve(names);
  arena_.reserve(names * (sizeof(Entry) + 24));
}

std::string_view NameIndex::name_at(uint32_t entry) const {
  Entry e;
  std::memcpy(&e, arena_.data() + entry - 1, sizeof e);
  return {arena_.data() + entry - 1 + sizeof e, e.length};
}

void NameIndex::add(std::string_view name, uint32_t h, uint32_t card) {
  if (slots_.find(h, [&](uint32_t entry) { return name_at(entry) == name; }) != 0) return;
  slots_.insert(h, static_cast<uint32_t>(arena_.size()) + 1);
  const Entry e{card, static_cast<uint32_t>(name.size())};
  arena_.append(reinterpret_cast<const char*>(&e), sizeof e);
  arena_.append(name);
}

uint32_t NameIndex::find(std::string_view name, uint32_t h) const {
  const uint32_t entry = slots_.find(h, [&](uint32_t e) { return name_at(e) == name; });
  if (entry == 0) return kNone;
  Entry e;
  std::memcpy(&e, arena_.data() + entry - 1, sizeof e);
  return e.card;
}

}  // namespace rk::mtg
