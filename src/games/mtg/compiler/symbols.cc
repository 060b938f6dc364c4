#include "games/mtg/compiler/symbols.h"

#include <deque>
#include <mutex>
#include <unordered_map>

namespace rk::mtg {
namespace {

struct Hash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

struct Table {
  std::deque<std::string> texts;  // by id (a deque: the map's keys view into it)
  std::unordered_map<std::string_view, Sym, Hash, std::equal_to<>> ids;
};

struct Tables {
  std::mutex lock;
  std::array<Table, 3> by_kind;
  Tables() {
    for (const char* t : kTypeWords) add(by_kind[0], t);
    for (const char* k : kKeywordWords) add(by_kind[1], k);
  }
  static Sym add(Table& t, std::string_view word) {
    t.texts.emplace_back(word);
    const Sym id = static_cast<Sym>(t.texts.size() - 1);
    t.ids.emplace(t.texts.back(), id);
    return id;
  }
};

Tables& tables() {
  static Tables t;
  return t;
}

}  // namespace

Sym Symbols::intern(SymKind kind, std::string_view word) {
  Tables& all = tables();
  std::lock_guard<std::mutex> hold(all.lock);
  Table& t = all.by_kind[static_cast<size_t>(kind)];
  if (auto it = t.ids.find(word); it != t.ids.end()) return it->second;
  if (t.texts.size() >= kNoSym) return kNoSym;  // 65,535 words of a kind: never in practice
  return Tables::add(t, word);
}

Sym Symbols::find(SymKind kind, std::string_view word) {
  Tables& all = tables();
  std::lock_guard<std::mutex> hold(all.lock);
  const Table& t = all.by_kind[static_cast<size_t>(kind)];
  auto it = t.ids.find(word);
  return it == t.ids.end() ? kNoSym : it->second;
}

const std::string& Symbols::text(SymKind kind, Sym id) {
  static const std::string none;
  Tables& all = tables();
  std::lock_guard<std::mutex> hold(all.lock);
  const Table& t = all.by_kind[static_cast<size_t>(kind)];
  return id < t.texts.size() ? t.texts[id] : none;
}

size_t Symbols::size(SymKind kind) {
  Tables& all = tables();
  std::lock_guard<std::mutex> hold(all.lock);
  return all.by_kind[static_cast<size_t>(kind)].texts.size();
}

}  // namespace rk::mtg
