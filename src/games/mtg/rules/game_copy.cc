// What copying a game needs beyond its plain members: the tokens' characteristics shared between
// copies, and the Lua side's copy (lua/runtime.h says why it is sound).
#include <deque>
#include <mutex>

#include "games/mtg/rules/game.h"
#include "games/mtg/lua/runtime.h"

namespace rk::mtg {

struct MadeDefs::Store {
  std::mutex lock;  // copies may play in other threads
  std::deque<CardDef> defs;  // a deque: what objects point at never moves
};

const CardDef* MadeDefs::add(CardDef d) {
  if (!store_) store_ = std::make_shared<Store>();
  std::lock_guard<std::mutex> hold(store_->lock);
  return &store_->defs.emplace_back(std::move(d));
}

size_t MadeDefs::size() const {
  if (!store_) return 0;
  std::lock_guard<std::mutex> hold(store_->lock);
  return store_->defs.size();
}

LuaSide::LuaSide() = default;
LuaSide::~LuaSide() = default;
LuaSide::LuaSide(const LuaSide& other) : rt_(other.rt_ ? other.rt_->copy() : nullptr) {}

LuaSide& LuaSide::operator=(const LuaSide& other) {
  if (this != &other) rt_ = other.rt_ ? other.rt_->copy() : nullptr;
  return *this;
}

void LuaSide::reset(std::unique_ptr<ScriptRuntime> rt) { rt_ = std::move(rt); }

}  // namespace rk::mtg
