// The log of a game: every decision an agent took and every random number the state drew, in
// order. A game's seed, its setup and this log replay it bit for bit; its hash is the oracle of
// determinism tests (`sim` prints it). Draws can also come from outside (a reference trace of
// another engine): a state replaying such a log takes its numbers from the log, not its generator.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace rk::kernel {

struct LogEntry {
  enum class Kind : uint8_t { kAction, kDraw };
  Kind kind = Kind::kAction;
  int8_t player = -1;  // kAction: who decided
  uint32_t value = 0;  // the index among the legal actions, or the number drawn
  uint32_t bound = 0;  // how many actions there were, or the bound of the draw
  uint16_t tag = 0;    // kDraw: what the draw was for (the game's own numbering; 0: untagged)
  bool operator==(const LogEntry&) const = default;
};

class Log {
 public:
  void action(int player, uint32_t index, uint32_t count) {
    entries_.push_back({LogEntry::Kind::kAction, static_cast<int8_t>(player), index, count});
  }
  void draw(uint32_t value, uint32_t bound, uint16_t tag = 0) {
    entries_.push_back({LogEntry::Kind::kDraw, -1, value, bound, tag});
  }
  const std::vector<LogEntry>& entries() const { return entries_; }
  size_t size() const { return entries_.size(); }
  void clear() { entries_.clear(); }
  // FNV-1a over the entries: equal logs, equal hashes, on every platform.
  uint64_t hash() const;
  bool operator==(const Log&) const = default;

  // [["a", player, index, count] | ["d", value, bound] | ["d", value, bound, tag], ...]
  nlohmann::json to_json() const;
  // False with `error` when `j` is not such a list.
  static bool from_json(const nlohmann::json& j, Log& out, std::string& error);

 private:
  std::vector<LogEntry> entries_;
};

// Mixes 64-bit words into a running FNV-1a hash (state hashes, log hashes, `sim` result hashes).
inline uint64_t hash_mix(uint64_t h, uint64_t v) {
  for (int i = 0; i < 8; ++i) {
    h ^= (v >> (8 * i)) & 0xFF;
    h *= 0x100000001B3ull;
  }
  return h;
}
inline constexpr uint64_t kHashSeed = 0xCBF29CE484222325ull;

}  // namespace rk::kernel
