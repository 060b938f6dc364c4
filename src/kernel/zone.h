// An ordered zone of entities with an owner: a deck (top is the back), a hand, a discard pile.
// Entities are small integer ids into the game's own table; the kernel does not know what they
// are. Position 0 is the bottom; "top" is the end, where drawing takes from.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace rk::kernel {

using EntityId = uint16_t;
inline constexpr EntityId kNoEntity = 0xFFFF;

class Zone {
 public:
  Zone() = default;
  explicit Zone(int8_t owner) : owner_(owner) {}

  int8_t owner() const { return owner_; }
  size_t size() const { return ids_.size(); }
  bool empty() const { return ids_.empty(); }
  EntityId operator[](size_t i) const { return ids_[i]; }
  const std::vector<EntityId>& ids() const { return ids_; }
  std::vector<EntityId>& ids() { return ids_; }

  void push_top(EntityId e) { ids_.push_back(e); }
  void push_bottom(EntityId e) { ids_.insert(ids_.begin(), e); }
  EntityId top() const { return ids_.back(); }
  std::optional<EntityId> take_top() {
    if (ids_.empty()) return std::nullopt;
    const EntityId e = ids_.back();
    ids_.pop_back();
    return e;
  }
  bool contains(EntityId e) const { return std::find(ids_.begin(), ids_.end(), e) != ids_.end(); }
  // Removes `e`, keeping the order of the rest; false when it is not here.
  bool remove(EntityId e) {
    const auto it = std::find(ids_.begin(), ids_.end(), e);
    if (it == ids_.end()) return false;
    ids_.erase(it);
    return true;
  }
  EntityId remove_at(size_t i) {
    const EntityId e = ids_[i];
    ids_.erase(ids_.begin() + static_cast<std::ptrdiff_t>(i));
    return e;
  }
  bool operator==(const Zone&) const = default;

 private:
  int8_t owner_ = -1;
  std::vector<EntityId> ids_;
};

}  // namespace rk::kernel
