// Events: the ● rules listening to them (in the rings, and played cards' rules from the discard
// pile), and what ends with the turn.
#include <algorithm>

#include "games/cfc/rules/game.h"

namespace rk::cfc {

bool Game::listens(EntityId e, EventKind ev) const {
  const CScript* s = script_of(e);
  if (!s) return false;
  for (const CAuto& au : s->autos) {
    for (const CEvent& ce : au.events) {
      if (ce.kind == ev) return true;
    }
  }
  return false;
}

namespace {

// Whether an auto rule hears an event (~event~ with its whose, scope and :once), for a listener
// `e` whose player is `p`. `scoped`: the rule's this/from-this scope applies (a card in a ring); a
// played card listening from the discard pile hears every card's event. `once`: an event it hears
// is marked :once.
bool hears(const CAuto& au, EventKind ev, int player, int p, EntityId subject, EntityId source, EntityId e, bool scoped, bool& once) {
  bool hit = false;
  once = false;
  for (const CEvent& ce : au.events) {
    if (ce.kind != ev) continue;
    if (ce.whose == 0 && player != p) continue;
    if (ce.whose == 1 && player == p) continue;
    if (scoped && ce.scope == CEvent::Scope::kThis && subject != kNoEntity && subject != e) continue;
    if (scoped && ce.scope == CEvent::Scope::kFromThis && source != e) continue;
    hit = true;
    once |= ce.once;
  }
  return hit;
}

}  // namespace

// The one way triggers run: an event is announced here, and the auto rules that hear it run in
// order. The listeners are read from the state rather than registered: every card in a ring whose
// script runs (● abilities are on exactly while the character is there, with the rules it has now:
// copied, stolen, lost), then the played cards of played_autos_.
void Game::fire(EventKind ev, int player, EntityId subject, EntityId source) {
  // The active player's ring first, by slot.
  std::vector<EntityId> listeners;
  for (int k = 0; k < 2; ++k) {
    for (EntityId e : players_[k == 0 ? active_ : 1 - active_].ring) {
      if (e != kNoEntity && script_of(e) && !script_of(e)->autos.empty()) listeners.push_back(e);
    }
  }
  for (EntityId e : listeners) {
    int p, slot;
    slot_of(e, p, slot);
    // Gone, its rules lost (loseAbility by an earlier listener), or the game ended meanwhile.
    if (p < 0 || phase_ == Phase::kOver || !script_of(e)) continue;
    const int32_t script = rules_def(e).script;
    for (const CAuto& au : script_of(e)->autos) {
      bool once = false;
      if (!hears(au, ev, player, p, subject, source, e, true, once)) continue;
      const std::pair<EntityId, uint16_t> key{e, cards_[e].epoch};
      if (once) {
        if (std::find(fired_once_.begin(), fired_once_.end(), key) != fired_once_.end()) continue;
        fired_once_.push_back(key);
      }
      run_auto(script, au, e, p, subject);
      if (phase_ == Phase::kOver) return;
    }
  }
  fire_played(ev, player, subject);
}

// Action and reaction cards played with an auto rule (Crossover: "at the end of turn, ...") listen
// from the discard pile until it has run. Their rule runs for the player whose event it is (the
// plugin runs it on that player's side: Grandmaster's ~oppEndPhase~ rule names that player's
// opponent, the card's owner, "opp").
void Game::fire_played(EventKind ev, int player, EntityId subject) {
  for (size_t i = 0; i < played_autos_.size() && phase_ != Phase::kOver;) {
    const PlayedAuto l = played_autos_[i];
    const CScript* s = script_of(l.card);
    if (!s) {
      played_autos_.erase(played_autos_.begin() + static_cast<std::ptrdiff_t>(i));
      continue;
    }
    const CAuto* rule = nullptr;
    bool once = false;
    for (const CAuto& au : s->autos) {
      if (hears(au, ev, player, l.player, subject, kNoEntity, l.card, false, once)) {
        rule = &au;
        break;
      }
    }
    if (!rule) {
      ++i;
      continue;
    }
    if (once) played_autos_.erase(played_autos_.begin() + static_cast<std::ptrdiff_t>(i));
    else ++i;
    run_auto(rules_def(l.card).script, *rule, l.card, player, subject);
  }
}

void Game::run_auto(int32_t script, const CAuto& au, EntityId e, int p, EntityId subject) {
  count_script_run(e);
  // An event inside a rule (a KO) must not clear what that rule has done so far.
  RuleMemory outer = std::move(memory_);
  memory_ = {};
  const EntityId outer_trigger = trigger_;
  trigger_ = subject;
  run_statements(script, au.statements, nullptr, e, p);
  trigger_ = outer_trigger;
  memory_ = std::move(outer);
  if (phase_ != Phase::kOver) ko_zero_bp();
}

// ueot: until the end of this turn; oppueot: until the end of the opponent's turn (this one, if it
// is theirs; else their next).
kernel::Duration Game::timed(const CStatement& st, int controller) const {
  if (st.until_opponent_turn_end) return {kernel::Until::kEndOfTurn, static_cast<int8_t>(1 - controller)};
  if (st.until_your_next_turn) return {kernel::Until::kPlayersTurn, static_cast<int8_t>(controller)};
  if (st.until_next_action) return {kernel::Until::kEvent, -1, kEventActionPlayed};
  return {kernel::Until::kEndOfTurn};
}

// "Until the end of the turn" ends: BP changes are taken back from characters still in the ring.
void Game::end_of_turn_effects() {
  for (Card& c : cards_) c.united = false;
  for (const auto& entry : bp_changes_.entries()) {
    const BpChange& b = entry.effect;
    int p, slot;
    slot_of(b.card, p, slot);
    if (p >= 0 && cards_[b.card].epoch == b.epoch) cards_[b.card].bp = std::max(0, cards_[b.card].bp - b.delta);
  }
  bp_changes_.expire({kernel::Moment::Kind::kTurnEnds, static_cast<int8_t>(active_)});
  grants_.expire({kernel::Moment::Kind::kTurnEnds, static_cast<int8_t>(active_)});
  rule_changes_.expire({kernel::Moment::Kind::kTurnEnds, static_cast<int8_t>(active_)});
  cost_changes_.expire({kernel::Moment::Kind::kTurnEnds, static_cast<int8_t>(active_)});
  // A played card's auto rule without :once listens for the rest of the turn it was played in.
  std::erase_if(played_autos_, [&](const PlayedAuto& l) {
    const CScript* s = script_of(l.card);
    if (!s) return true;
    for (const CAuto& au : s->autos) {
      for (const CEvent& ce : au.events) {
        if (ce.once) return false;
      }
    }
    return true;
  });
}

}  // namespace rk::cfc
