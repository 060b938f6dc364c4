// Values of the shared expression language.
//
// Rule Game arithmetic is set-based: every expression evaluates to a *set* of values, and the
// empty set doubles as "false" / "undefined". The other dialects (RuleScript conditions, VCK
// `where` clauses) use the same Value type with one-element sets.
#pragma once

#include <cstdint>
#include <cstring>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace rk::expr {

using Sym = uint32_t;  // interned string
constexpr Sym kNoSym = 0xFFFFFFFFu;

// How many times this thread went from a name to a symbol or back (intern, find, name). A game
// that resolves names when it compiles its scripts checks that playing leaves this unchanged
// (tests/cfc/play_names_test.cc).
inline thread_local uint64_t symbol_lookups = 0;

// Interns strings so hot code compares integers. Case-sensitive; a dialect that is
// case-insensitive folds case before interning. Open addressing over FNV-1a hashes: interning is
// on the parse path of every card and rule file, so it avoids std::unordered_map's nodes.
class SymbolTable {
 public:
  SymbolTable() = default;
  // views_ point into names_: a copy points its views into its own strings (a default copy
  // pointed into the original's and dangled once it was gone; found when a vector of card scripts
  // grew and copied them). Moving a deque keeps its strings where they are.
  SymbolTable(const SymbolTable& o) : names_(o.names_), hashes_(o.hashes_), slots_(o.slots_) { rebuild_views(); }
  SymbolTable& operator=(const SymbolTable& o) {
    if (this != &o) {
      names_ = o.names_;
      hashes_ = o.hashes_;
      slots_ = o.slots_;
      rebuild_views();
    }
    return *this;
  }
  SymbolTable(SymbolTable&&) noexcept = default;
  SymbolTable& operator=(SymbolTable&&) noexcept = default;

  Sym intern(std::string_view s);
  // Returns kNoSym when `s` was never interned (no insertion).
  Sym find(std::string_view s) const;
  std::string_view name(Sym s) const {
    ++symbol_lookups;
    return views_[s];
  }
  size_t size() const { return views_.size(); }

 private:
  static uint32_t hash(std::string_view s) {
    uint32_t h = 2166136261u;
    for (unsigned char c : s) h = (h ^ c) * 16777619u;
    return h;
  }
  size_t slot_of(std::string_view s, uint32_t h) const;
  void grow();
  void rebuild_views() {
    views_.assign(names_.begin(), names_.end());
  }

  std::deque<std::string> names_;  // storage with stable addresses
  std::vector<std::string_view> views_;  // views_[sym] into names_, for fast access
  std::vector<uint32_t> hashes_;   // per symbol
  std::vector<uint32_t> slots_;    // symbol + 1, or 0 for an empty slot
};

// One value: a 32-bit integer (Java int semantics), an interned string, or a reference to an
// object owned by the evaluation environment (a game piece, a card...).
struct Value {
  enum class Kind : uint8_t { kInt, kStr, kObj };
  Kind kind = Kind::kInt;
  int32_t v = 0;  // integer, symbol or object index

  static Value integer(int32_t i) { return {Kind::kInt, i}; }
  static Value str(Sym s) { return {Kind::kStr, static_cast<int32_t>(s)}; }
  static Value obj(uint32_t o) { return {Kind::kObj, static_cast<int32_t>(o)}; }
  bool is_int() const { return kind == Kind::kInt; }
  bool operator==(const Value& o) const { return kind == o.kind && v == o.v; }
  bool operator!=(const Value& o) const { return !(*this == o); }
};

// A small set of values with no duplicates, kept in insertion order. Almost every set in real
// rules has at most four elements, so they live inline; larger sets spill to the heap.
class ValueSet {
 public:
  ValueSet() = default;
  ValueSet(const ValueSet& o) { *this = o; }
  ValueSet& operator=(const ValueSet& o);
  ValueSet(ValueSet&& o) noexcept { *this = o; }
  ValueSet& operator=(ValueSet&& o) noexcept { return *this = static_cast<const ValueSet&>(o); }

  bool empty() const { return size_ == 0; }
  uint32_t size() const { return size_; }
  const Value* begin() const { return data(); }
  const Value* end() const { return data() + size_; }
  const Value& operator[](uint32_t i) const { return data()[i]; }
  void clear() { size_ = 0; }
  bool contains(Value x) const;
  void insert(Value x);
  void insert_all(const ValueSet& o) {
    for (const Value& x : o) insert(x);
  }

 private:
  static constexpr uint32_t kInline = 8;
  const Value* data() const { return heap_.empty() ? inline_ : heap_.data(); }
  Value* data() { return heap_.empty() ? inline_ : heap_.data(); }
  Value inline_[kInline];
  std::vector<Value> heap_;
  uint32_t size_ = 0;
};

// Java's Integer.parseInt: optional sign, ASCII digits, must fit in int32. Used wherever a dialect
// promises "strings that look like integers are integers".
bool parse_java_int(std::string_view s, int32_t& out);

}  // namespace rk::expr
