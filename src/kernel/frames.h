// Resumable effects (DESIGN.md "Decisions and resumable effects"). An effect that needs an answer
// in the middle (a target, "you may", which card to discard, where each card looked at goes) stops
// and waits with everything it needs kept as data in the state: which program runs, where it is,
// what it has chosen so far and its own memory. Answering resumes it from there. Nothing in it is a
// C++ or Lua coroutine, so copying the state clones the game mid-effect (search bots do that
// thousands of times a decision) and a saved state or a replayed log rebuilds it exactly.
//
// Frames are a stack: an effect that runs another (CFC's activate(), a Magic spell that copies
// one, a VCK effect that asks each player in turn) pushes a frame above its own and goes on when
// that one is done. The game writes the interpreter: `step` runs the top frame by one step; the
// kernel's `run` loops until the stack is empty or the top frame waits for an answer.
//
// `Waiting<Item>` holds what waits its turn to start: Magic's triggered abilities until a player
// would next receive priority (then put on the stack, active player's first), VCK's prompts in
// turn order.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "kernel/decision.h"
#include "kernel/zone.h"

namespace rk::kernel {

// One running effect. `Memory` is the game's: the cards chosen per target, what the effect did
// so far (the cards it discarded, destroyed...), its variables, the state of a question in progress.
template <class Memory>
struct Frame {
  uint32_t program = 0;         // the game's index of what runs (a card's rule, a compiled ability)
  uint16_t pc = 0;              // the step to run next (a statement, an instruction)
  uint16_t sub = 0;             // where inside that step (an effect of a statement, a loop's turn)
  EntityId self = kNoEntity;    // the card whose effect it is
  int8_t controller = -1;       // the player it runs for
  bool waiting = false;         // stopped at `asked` until the answer comes
  Choice asked;                 // the question it waits on
  Memory memory;
  bool operator==(const Frame&) const = default;
};

// What one step of the game's interpreter did to the top frame.
enum class Step : uint8_t {
  kNext,  // moved on: run the (new) top frame again
  kDone,  // the top frame finished: pop it and resume the one below
  kWait,  // the top frame asked a question (it set `waiting` and `asked`): stop until answered
};

template <class Memory>
class Frames {
 public:
  using F = Frame<Memory>;
  bool empty() const { return frames_.empty(); }
  size_t size() const { return frames_.size(); }
  F& top() { return frames_.back(); }
  const F& top() const { return frames_.back(); }
  F& at(size_t i) { return frames_[i]; }
  const F& at(size_t i) const { return frames_[i]; }
  F& push(F f) {
    frames_.push_back(std::move(f));
    return frames_.back();
  }
  void pop() { frames_.pop_back(); }
  void clear() { frames_.clear(); }
  // The question the top frame waits on, or null when nothing waits.
  const Choice* asked() const { return frames_.empty() || !frames_.back().waiting ? nullptr : &frames_.back().asked; }
  bool operator==(const Frames&) const = default;

 private:
  std::vector<F> frames_;
};

// Runs frames until none is left (true) or the top one waits for an answer (false). `step(F&)`
// may push frames (the reference it got is then stale: it must return right after pushing) and
// must make progress: `budget` steps at most, after which the run stops with the stack as it is
// and returns false (an engine bug such as an effect that loops forever cannot hang a game).
template <class Memory, class StepFn>
bool run(Frames<Memory>& frames, StepFn&& step, uint32_t budget = 1u << 20) {
  while (!frames.empty()) {
    if (budget-- == 0) return false;
    auto& top = frames.top();
    if (top.waiting) return false;
    switch (step(top)) {
      case Step::kNext: break;
      case Step::kDone: frames.pop(); break;
      case Step::kWait: return false;
    }
  }
  return true;
}

// Items waiting to start, each with the player it belongs to, in the order they arose.
template <class Item>
class Waiting {
 public:
  struct Entry {
    Item item;
    int8_t player = -1;
    bool operator==(const Entry&) const = default;
  };
  void push(const Item& item, int player) { entries_.push_back({item, static_cast<int8_t>(player)}); }
  bool empty() const { return entries_.empty(); }
  size_t size() const { return entries_.size(); }
  const std::vector<Entry>& entries() const { return entries_; }
  // Takes every item, grouped by player starting with `first` and going round the table of
  // `players` seats (Magic's APNAP order; VCK's turn order), each group in the order it arose.
  std::vector<Entry> take_in_turn_order(int first, int players) {
    std::vector<Entry> out;
    out.reserve(entries_.size());
    for (int k = 0; k < players; ++k) {
      const int p = (first + k) % players;
      for (const Entry& e : entries_) {
        if (e.player == p) out.push_back(e);
      }
    }
    for (const Entry& e : entries_) {
      if (e.player < 0 || e.player >= players) out.push_back(e);  // the game's own (no player)
    }
    entries_.clear();
    return out;
  }
  // Takes the first item, in the order they arose.
  Entry take_first() {
    Entry e = entries_.front();
    entries_.erase(entries_.begin());
    return e;
  }
  void clear() { entries_.clear(); }
  bool operator==(const Waiting&) const = default;

 private:
  std::vector<Entry> entries_;
};

// A simultaneous gate's answers (Decider::gate): who still has to answer, and each answer kept
// until all are in. The game applies them in seat order once `complete()`.
class Gate {
 public:
  void open(uint32_t players) {
    waiting_ = players;
    answers_.assign(32, kNoAnswer);
  }
  bool open() const { return waiting_ != 0 || !answers_.empty(); }
  uint32_t waiting() const { return waiting_; }
  bool waits_for(int p) const { return p >= 0 && p < 32 && (waiting_ & (1u << p)); }
  // Records p's answer; false when p does not have to answer (or already did).
  bool answer(int p, uint32_t index) {
    if (!waits_for(p)) return false;
    answers_[static_cast<size_t>(p)] = index;
    waiting_ &= ~(1u << p);
    return true;
  }
  bool complete() const { return waiting_ == 0 && !answers_.empty(); }
  static constexpr uint32_t kNoAnswer = 0xFFFFFFFF;
  uint32_t answer_of(int p) const { return answers_[static_cast<size_t>(p)]; }
  void close() {
    waiting_ = 0;
    answers_.clear();
  }
  bool operator==(const Gate&) const = default;

 private:
  uint32_t waiting_ = 0;
  std::vector<uint32_t> answers_;
};

}  // namespace rk::kernel
