// Questions asked while a rule runs (game.h `Question`, kept in a frame of the suspended rule):
// what the choosing player may answer, and what each answer does. The rule's statement goes on
// at the effect after the question once the choosing ends.
#include <fmt/format.h>

#include <algorithm>

#include "games/cfc/rules/game.h"

namespace rk::cfc {

Question& Game::raise(Question::Mode mode, const RuleAt& at, int32_t script, int player) {
  RuleFrame f;
  f.program = static_cast<uint32_t>(script);
  f.pc = static_cast<uint16_t>(at.statement);
  f.self = at.self;
  f.controller = static_cast<int8_t>(at.p);
  f.waiting = true;
  f.asked.player = static_cast<int8_t>(player);  // the kernel's view of who answers
  f.asked.about = at.self;
  f.memory.rule = at.rule;
  f.memory.q.mode = mode;
  f.memory.q.player = static_cast<int8_t>(player);
  return frames_.push(std::move(f)).memory.q;
}

const CStatement& Game::frame_statement(const RuleFrame& f) const {
  // The compiled script itself: the card may have lost its rules since (the choice still ends).
  return pool_->compiled[f.program].actions[static_cast<size_t>(f.memory.rule)].statements[f.pc];
}

std::vector<EntityId> Game::pending_choices() const {
  if (frames_.empty() || frames_.top().memory.q.left == 0) return {};
  const RuleFrame& f = frames_.top();
  const Question& q = f.memory.q;
  if (q.mode == Question::Mode::kDiscard) {
    // One choice per distinct card of the hand.
    std::vector<EntityId> out;
    std::vector<uint16_t> seen;
    for (EntityId e : players_[q.player].hand.ids()) {
      if (std::find(seen.begin(), seen.end(), cards_[e].def) != seen.end()) continue;
      seen.push_back(cards_[e].def);
      out.push_back(e);
    }
    return out;
  }
  if (q.mode != Question::Mode::kTarget) return {};
  // Each distinct card not taken yet, once.
  CTarget all = frame_statement(f).target;
  all.plural = true;
  std::vector<EntityId> out;
  std::vector<uint16_t> seen;
  for (EntityId e : card_targets(all, f.controller, f.self)) {
    if (std::find(q.aside.begin(), q.aside.end(), e) != q.aside.end()) continue;
    if (all.pile != Pile::kRing) {
      if (std::find(seen.begin(), seen.end(), cards_[e].def) != seen.end()) continue;
      seen.push_back(cards_[e].def);
    }
    out.push_back(e);
  }
  return out;
}

std::vector<Action> Game::pending_actions() const {
  std::vector<Action> out;
  const RuleFrame& f = frames_.top();
  const Question& q = f.memory.q;
  switch (q.mode) {
    case Question::Mode::kTarget:
    case Question::Mode::kDiscard:
      // A card each, and stopping once enough are taken.
      if (q.need == 0) out.push_back({Action::Kind::kPass});
      for (EntityId e : pending_choices()) {
        Action a{Action::Kind::kChoose};
        a.targets[0] = e;
        out.push_back(a);
      }
      break;
    case Question::Mode::kDeck:
      // Either player's deck that holds cards (the rule's player's first).
      for (int k = 0; k < 2; ++k) {
        const int who = k == 0 ? f.controller : 1 - f.controller;
        if (players_[who].deck.empty()) continue;
        Action a{Action::Kind::kChoose};
        a.attack = static_cast<int8_t>(who);
        out.push_back(a);
      }
      break;
    case Question::Mode::kArrange: {
      // Each distinct card looked at, on top or at the bottom as the rule allows. Cards put on top
      // one after the other: the last one put there is the top card.
      std::vector<uint16_t> seen;
      for (EntityId e : q.aside) {
        if (std::find(seen.begin(), seen.end(), cards_[e].def) != seen.end()) continue;
        seen.push_back(cards_[e].def);
        for (int8_t pos = 0; pos < 2; ++pos) {
          if ((pos == 0 && q.place == 2) || (pos == 1 && q.place == 1)) continue;
          Action a{Action::Kind::kChoose};
          a.targets[0] = e;
          a.slot = pos;
          out.push_back(a);
        }
      }
      break;
    }
    case Question::Mode::kAsk:
      out.push_back({Action::Kind::kChoose});
      out.push_back({Action::Kind::kPass});
      break;
    case Question::Mode::kActivate: {
      int p, slot;
      slot_of(f.self, p, slot);
      script_variants({Action::Kind::kChoose}, f.self, q.player, p >= 0, out, static_cast<int32_t>(f.program));
      break;
    }
    case Question::Mode::kSlot:
      for (int s = 0; s < kSlots; ++s) {
        if (players_[q.deck].ring[static_cast<size_t>(s)] != kNoEntity) continue;
        Action a{Action::Kind::kChoose};
        a.slot = static_cast<int8_t>(s);
        out.push_back(a);
      }
      break;
  }
  return out;
}

std::string Game::pending_label(const Action& a) const {
  const RuleFrame& f = frames_.top();
  const Question& q = f.memory.q;
  auto deck_of = [&](int who) { return who == q.player ? std::string("your deck") : std::string("the enemy's deck"); };
  switch (q.mode) {
    case Question::Mode::kTarget:
      return a.kind == Action::Kind::kPass ? "stop choosing" : fmt::format("choose {}", where(a.targets[0]));
    case Question::Mode::kDiscard:
      return a.kind == Action::Kind::kPass ? "stop choosing" : fmt::format("discard {}", def(a.targets[0]).name);
    case Question::Mode::kDeck: return fmt::format("look at {}", deck_of(a.attack));
    case Question::Mode::kArrange:
      return fmt::format("put {} {} {}", def(a.targets[0]).name, a.slot == 0 ? "on top of" : "at the bottom of", deck_of(q.deck));
    case Question::Mode::kAsk: {
      // The asked commands of the statement, by name: "shuffle the deck" / "do not shuffle the deck".
      std::string what;
      for (const CEffect& e : frame_statement(f).effects) {
        if (e.ask) what += what.empty() ? "" : " and ";
        if (e.ask) what += e.cmd == CEffect::Cmd::kShuffle ? "shuffle the deck" : "do it";
      }
      return a.kind == Action::Kind::kPass ? "do not " + what : what;
    }
    case Question::Mode::kSlot: return fmt::format("move {} to slot {}", def(q.aside.front()).name, a.slot + 1);
    case Question::Mode::kActivate:
      return fmt::format("use the rules of {}{}", def(q.aside.front()).name,
                         script_label(a, f.self, static_cast<int32_t>(f.program)));
  }
  return "?";
}

void Game::answer_pending(const Action& a) {
  Question& q = frames_.top().memory.q;
  switch (q.mode) {
    case Question::Mode::kTarget:
    case Question::Mode::kDiscard:
      if (a.kind == Action::Kind::kChoose) take_pending(a.targets[0]);
      else end_pending();
      break;
    case Question::Mode::kDeck: arrange(a.attack); break;
    case Question::Mode::kArrange: {
      const EntityId e = a.targets[0];
      std::erase(q.aside, e);
      kernel::Zone& deck = players_[q.deck].deck;
      put(deck, e, a.slot == 1);
      if (q.aside.empty()) end_pending();
      break;
    }
    case Question::Mode::kAsk: end_pending(a.kind == Action::Kind::kPass); break;
    case Question::Mode::kActivate: {
      // The other card's rule runs in place of this effect (activate() ends its rule).
      const RuleFrame done = frames_.top();
      frames_.pop();
      run_script(a, done.self, done.memory.q.player, static_cast<int32_t>(done.program));
      ko_zero_bp();
      break;
    }
    case Question::Mode::kSlot: {
      int p, slot;
      slot_of(q.aside.front(), p, slot);
      if (p >= 0) swap_slots(p, slot, a.slot);
      end_pending();
      break;
    }
  }
}

void Game::take_pending(EntityId e) {
  Question& q = frames_.top().memory.q;
  if (q.mode == Question::Mode::kDiscard) discard_cards(q.player, {e});
  else q.aside.push_back(e);  // the statement runs on all of them once the choosing ends
  --q.left;
  if (q.need > 0) --q.need;
  if (phase_ == Phase::kOver || pending_choices().empty()) end_pending();
}

// The choosing ends. After a prophecy() a command?() of the statement is asked first. Then the
// statement goes on where it stopped (resume_rule); a question that ended as it was raised lets
// the running statement go straight on.
void Game::end_pending(bool ask_declined) {
  RuleFrame& f = frames_.top();
  if (phase_ != Phase::kOver && f.memory.q.mode == Question::Mode::kArrange) {
    const CStatement& st = frame_statement(f);
    if (std::any_of(st.effects.begin(), st.effects.end(), [](const CEffect& e) { return e.ask; })) {
      f.memory.q.mode = Question::Mode::kAsk;
      return;
    }
  }
  f.memory.skip_asked = ask_declined;
  if (!f.memory.ready) {
    f.memory.answered = true;
    return;
  }
  resume_rule();
  ko_zero_bp();
}

void Game::start_prophecy(const RuleAt& at, const CStatement& st, const CEffect& e) {
  const int p = at.p;
  Question& q = raise(Question::Mode::kDeck, at, at.script, p);
  q.look = static_cast<uint8_t>(std::clamp(e.value, 1, 60));
  q.place = e.mod == 't' ? 1 : e.mod == 'b' ? 2 : 0;
  // The deck: the target's (`*s@anyDeck`: either, the player chooses), else the player's own.
  int side = 0;
  if (st.target.who == CTarget::Who::kCards && st.target.pile == Pile::kDeck) side = st.target.side;
  if (side < 0) {
    q.mode = Question::Mode::kDeck;
    if (players_[p].deck.empty() || players_[1 - p].deck.empty()) arrange(static_cast<int8_t>(players_[p].deck.empty() ? 1 - p : p));
    return;
  }
  arrange(static_cast<int8_t>(side == 1 ? 1 - p : p));
}

// The top cards of `deck` are set aside, to go back one at a time.
void Game::arrange(int8_t deck) {
  Question& q = frames_.top().memory.q;
  q.mode = Question::Mode::kArrange;
  q.deck = deck;
  memory_.looked_deck = deck;
  for (uint8_t k = 0; k < q.look; ++k) {
    const auto top = players_[deck].deck.take_top();
    if (!top) break;
    q.aside.push_back(*top);
  }
  if (q.aside.empty()) end_pending();
}

}  // namespace rk::cfc
