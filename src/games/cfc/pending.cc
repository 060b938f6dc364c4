// Choices raised while a rule runs (game.h `Pending`): what the choosing player may answer, and
// what each answer does. The rule's remaining effects on players run once the choosing ends.
#include <fmt/format.h>

#include <algorithm>

#include "games/cfc/game.h"

namespace rk::cfc {

Pending& Game::raise(Pending::Mode mode, const RuleAt& at, int32_t script, int player) {
  pending_ = {};
  pending_.mode = mode;
  pending_.self = at.self;
  pending_.script = script;
  pending_.rule = at.rule;
  pending_.statement = at.statement;
  pending_.controller = static_cast<int8_t>(at.p);
  pending_.player = static_cast<int8_t>(player);
  return pending_;
}

const CStatement& Game::pending_statement(const Pending& pd) const {
  // The compiled script itself: the card may have lost its rules since (the choice still ends).
  return pool_->compiled[static_cast<size_t>(pd.script)].actions[static_cast<size_t>(pd.rule)].statements[static_cast<size_t>(pd.statement)];
}

std::vector<EntityId> Game::pending_choices() const {
  if (pending_.player < 0 || pending_.left == 0) return {};
  if (pending_.mode == Pending::Mode::kDiscard) {
    // One choice per distinct card of the hand.
    std::vector<EntityId> out;
    std::vector<uint16_t> seen;
    for (EntityId e : players_[pending_.player].hand.ids()) {
      if (std::find(seen.begin(), seen.end(), cards_[e].def) != seen.end()) continue;
      seen.push_back(cards_[e].def);
      out.push_back(e);
    }
    return out;
  }
  if (pending_.mode != Pending::Mode::kTarget) return {};
  // Each distinct card not taken yet, once.
  CTarget all = pending_statement(pending_).target;
  all.plural = true;
  std::vector<EntityId> out;
  std::vector<uint16_t> seen;
  for (EntityId e : card_targets(all, pending_.controller, pending_.self)) {
    if (std::find(pending_.aside.begin(), pending_.aside.end(), e) != pending_.aside.end()) continue;
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
  switch (pending_.mode) {
    case Pending::Mode::kTarget:
    case Pending::Mode::kDiscard:
      // A card each, and stopping once enough are taken.
      if (pending_.need == 0) out.push_back({Action::Kind::kPass});
      for (EntityId e : pending_choices()) {
        Action a{Action::Kind::kChoose};
        a.targets[0] = e;
        out.push_back(a);
      }
      break;
    case Pending::Mode::kDeck:
      // Either player's deck that holds cards (the rule's player's first).
      for (int k = 0; k < 2; ++k) {
        const int q = k == 0 ? pending_.controller : 1 - pending_.controller;
        if (players_[q].deck.empty()) continue;
        Action a{Action::Kind::kChoose};
        a.attack = static_cast<int8_t>(q);
        out.push_back(a);
      }
      break;
    case Pending::Mode::kArrange: {
      // Each distinct card looked at, on top or at the bottom as the rule allows. Cards put on top
      // one after the other: the last one put there is the top card.
      std::vector<uint16_t> seen;
      for (EntityId e : pending_.aside) {
        if (std::find(seen.begin(), seen.end(), cards_[e].def) != seen.end()) continue;
        seen.push_back(cards_[e].def);
        for (int8_t pos = 0; pos < 2; ++pos) {
          if ((pos == 0 && pending_.place == 2) || (pos == 1 && pending_.place == 1)) continue;
          Action a{Action::Kind::kChoose};
          a.targets[0] = e;
          a.slot = pos;
          out.push_back(a);
        }
      }
      break;
    }
    case Pending::Mode::kAsk:
      out.push_back({Action::Kind::kChoose});
      out.push_back({Action::Kind::kPass});
      break;
    case Pending::Mode::kActivate: {
      int p, slot;
      slot_of(pending_.self, p, slot);
      script_variants({Action::Kind::kChoose}, pending_.self, pending_.player, p >= 0, out, pending_.script);
      break;
    }
    case Pending::Mode::kSlot:
      for (int s = 0; s < kSlots; ++s) {
        if (players_[pending_.deck].ring[static_cast<size_t>(s)] != kNoEntity) continue;
        Action a{Action::Kind::kChoose};
        a.slot = static_cast<int8_t>(s);
        out.push_back(a);
      }
      break;
  }
  return out;
}

std::string Game::pending_label(const Action& a) const {
  auto deck_of = [&](int q) { return q == pending_.player ? std::string("your deck") : std::string("the enemy's deck"); };
  switch (pending_.mode) {
    case Pending::Mode::kTarget:
      return a.kind == Action::Kind::kPass ? "stop choosing" : fmt::format("choose {}", where(a.targets[0]));
    case Pending::Mode::kDiscard:
      return a.kind == Action::Kind::kPass ? "stop choosing" : fmt::format("discard {}", def(a.targets[0]).name);
    case Pending::Mode::kDeck: return fmt::format("look at {}", deck_of(a.attack));
    case Pending::Mode::kArrange:
      return fmt::format("put {} {} {}", def(a.targets[0]).name, a.slot == 0 ? "on top of" : "at the bottom of", deck_of(pending_.deck));
    case Pending::Mode::kAsk: {
      // The asked commands of the statement, by name: "shuffle the deck" / "do not shuffle the deck".
      std::string what;
      for (const CEffect& e : pending_statement(pending_).effects) {
        if (e.ask) what += what.empty() ? "" : " and ";
        if (e.ask) what += e.cmd == CEffect::Cmd::kShuffle ? "shuffle the deck" : "do it";
      }
      return a.kind == Action::Kind::kPass ? "do not " + what : what;
    }
    case Pending::Mode::kSlot: return fmt::format("move {} to slot {}", def(pending_.aside.front()).name, a.slot + 1);
    case Pending::Mode::kActivate:
      return fmt::format("use the rules of {}{}", def(pending_.aside.front()).name,
                         script_label(a, pending_.self, pending_.script));
  }
  return "?";
}

void Game::answer_pending(const Action& a) {
  switch (pending_.mode) {
    case Pending::Mode::kTarget:
    case Pending::Mode::kDiscard:
      if (a.kind == Action::Kind::kChoose) take_pending(a.targets[0]);
      else end_pending();
      break;
    case Pending::Mode::kDeck: arrange(a.attack); break;
    case Pending::Mode::kArrange: {
      const EntityId e = a.targets[0];
      std::erase(pending_.aside, e);
      kernel::Zone& deck = players_[pending_.deck].deck;
      put(deck, e, a.slot == 1);
      if (pending_.aside.empty()) end_pending();
      break;
    }
    case Pending::Mode::kAsk: end_pending(a.kind == Action::Kind::kPass); break;
    case Pending::Mode::kActivate: {
      const Pending done = pending_;
      pending_ = {};
      run_script(a, done.self, done.player, done.script);
      ko_zero_bp();
      break;
    }
    case Pending::Mode::kSlot: {
      int p, slot;
      slot_of(pending_.aside.front(), p, slot);
      if (p >= 0) swap_slots(p, slot, a.slot);
      end_pending();
      break;
    }
  }
}

void Game::take_pending(EntityId e) {
  if (pending_.mode == Pending::Mode::kDiscard) discard_cards(pending_.player, {e});
  else pending_.aside.push_back(e);  // the statement runs on all of them once the choosing ends
  --pending_.left;
  if (pending_.need > 0) --pending_.need;
  if (phase_ == Phase::kOver || pending_choices().empty()) end_pending();
}

// The choosing ends. Cards of a target: the statement runs on them, its effects in the order
// written (Last resort: discard the hand, the deck into the discard pile, the cards taken back as
// the deck). After a prophecy() the statement's other effects, on players, run; a command?() among
// them is asked first.
void Game::end_pending(bool ask_declined) {
  if (phase_ != Phase::kOver && pending_.mode == Pending::Mode::kArrange) {
    const CStatement& st = pending_statement(pending_);
    if (std::any_of(st.effects.begin(), st.effects.end(), [](const CEffect& e) { return e.ask; })) {
      pending_.mode = Pending::Mode::kAsk;
      return;
    }
  }
  const Pending done = pending_;
  pending_ = {};
  RuleAt at{done.script, done.rule, done.statement, done.self, done.controller};
  if (done.mode == Pending::Mode::kTarget && phase_ != Phase::kOver) {
    run_statement(at, pending_statement(done), done.aside, {}, Only::kCollected);
  } else if (done.mode != Pending::Mode::kDiscard && phase_ != Phase::kOver) {
    at.skip_asked = ask_declined;
    run_statement(at, pending_statement(done), {}, {}, Only::kPlayers);
  }
  ko_zero_bp();
}

void Game::start_prophecy(const RuleAt& at, const CStatement& st, const CEffect& e) {
  const int p = at.p;
  raise(Pending::Mode::kDeck, at, at.script, p);
  pending_.look = static_cast<uint8_t>(std::clamp(e.value, 1, 60));
  pending_.place = e.mod == 't' ? 1 : e.mod == 'b' ? 2 : 0;
  // The deck: the target's (`*s@anyDeck`: either, the player chooses), else the player's own.
  int side = 0;
  if (st.target.who == CTarget::Who::kCards && st.target.pile == Pile::kDeck) side = st.target.side;
  if (side < 0) {
    pending_.mode = Pending::Mode::kDeck;
    if (players_[p].deck.empty() || players_[1 - p].deck.empty()) arrange(static_cast<int8_t>(players_[p].deck.empty() ? 1 - p : p));
    return;
  }
  arrange(static_cast<int8_t>(side == 1 ? 1 - p : p));
}

// The top cards of `deck` are set aside, to go back one at a time.
void Game::arrange(int8_t deck) {
  pending_.mode = Pending::Mode::kArrange;
  pending_.deck = deck;
  memory_.looked_deck = deck;
  for (uint8_t k = 0; k < pending_.look; ++k) {
    const auto top = players_[deck].deck.take_top();
    if (!top) break;
    pending_.aside.push_back(*top);
  }
  if (pending_.aside.empty()) end_pending();
}

}  // namespace rk::cfc
