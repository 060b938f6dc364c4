#include "expr/value.h"

namespace rk::expr {

Sym SymbolTable::intern(std::string_view s) {
  auto it = index_.find(s);
  if (it != index_.end()) return it->second;
  const Sym id = static_cast<Sym>(names_.size());
  names_.emplace_back(s);
  index_.emplace(std::string(s), id);
  return id;
}

Sym SymbolTable::find(std::string_view s) const {
  auto it = index_.find(s);
  return it == index_.end() ? kNoSym : it->second;
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
