#include "expr/value.h"

namespace rk::expr {

size_t SymbolTable::slot_of(std::string_view s, uint32_t h) const {
  const size_t mask = slots_.size() - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    const uint32_t v = slots_[i];
    if (v == 0) return i;
    if (hashes_[v - 1] == h && views_[v - 1] == s) return i;
  }
}

void SymbolTable::grow() {
  std::vector<uint32_t> old = std::move(slots_);
  slots_.assign(old.empty() ? 64 : old.size() * 2, 0);
  const size_t mask = slots_.size() - 1;
  for (uint32_t v : old) {
    if (v == 0) continue;
    size_t i = hashes_[v - 1] & mask;
    while (slots_[i] != 0) i = (i + 1) & mask;
    slots_[i] = v;
  }
}

Sym SymbolTable::intern(std::string_view s) {
  ++symbol_lookups;
  if ((views_.size() + 1) * 2 > slots_.size()) grow();
  const uint32_t h = hash(s);
  const size_t i = slot_of(s, h);
  if (slots_[i] != 0) return slots_[i] - 1;
  names_.emplace_back(s);
  views_.emplace_back(names_.back());
  hashes_.push_back(h);
  slots_[i] = static_cast<uint32_t>(views_.size());
  return static_cast<Sym>(views_.size() - 1);
}

Sym SymbolTable::find(std::string_view s) const {
  ++symbol_lookups;
  if (slots_.empty()) return kNoSym;
  const size_t i = slot_of(s, hash(s));
  return slots_[i] == 0 ? kNoSym : slots_[i] - 1;
}

ValueSet& ValueSet::operator=(const ValueSet& o) {
  if (this == &o) return *this;
  size_ = 0;
  heap_.clear();
  if (o.size_ > kInline) heap_.reserve(o.size_);
  for (const Value& x : o) {
    if (size_ < kInline && heap_.empty()) {
      inline_[size_++] = x;
    } else {
      insert(x);
    }
  }
  return *this;
}

bool ValueSet::contains(Value x) const {
  for (const Value& y : *this) {
    if (y == x) return true;
  }
  return false;
}

void ValueSet::insert(Value x) {
  if (contains(x)) return;
  if (heap_.empty() && size_ < kInline) {
    inline_[size_++] = x;
    return;
  }
  if (heap_.empty()) heap_.assign(inline_, inline_ + size_);
  heap_.push_back(x);
  ++size_;
}

bool parse_java_int(std::string_view s, int32_t& out) {
  if (s.empty()) return false;
  size_t i = 0;
  bool neg = false;
  if (s[0] == '+' || s[0] == '-') {
    neg = s[0] == '-';
    i = 1;
    if (s.size() == 1) return false;
  }
  int64_t acc = 0;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (c < '0' || c > '9') return false;
    acc = acc * 10 + (c - '0');
    if (acc > 2147483648LL) return false;
  }
  if (neg) acc = -acc;
  if (acc > 2147483647LL || acc < -2147483648LL) return false;
  out = static_cast<int32_t>(acc);
  return true;
}

}  // namespace rk::expr
