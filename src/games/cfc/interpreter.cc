// The RuleScript interpreter: running a card's rule, statement by statement, each statement's
// effects in the order written, on its targets (cards or players). Choices it can only ask while it
// runs raise a Pending (pending.cc) and suspend it.
#include <algorithm>
#include <climits>
#include <utility>

#include "games/cfc/game.h"
#include "games/cfc/script_expr.h"

namespace rk::cfc {

void Game::run_script(const Action& act, EntityId self, int p, int32_t other) {
  const CScript* s = script_or_own(self, other);
  if (!s || act.rule < 0 || static_cast<size_t>(act.rule) >= s->actions.size()) return;
  const CAction& a = s->actions[static_cast<size_t>(act.rule)];
  // The card may copy or lose rules as this one runs: the script stays the one it started with.
  const int32_t script = other >= 0 ? other : rules_def(self).script;
  memory_ = {};
  count_script(script);
  // Costs.
  for (EntityId e : act.paid) {
    if (e == kNoEntity) continue;
    if (a.pay == CAction::Pay::kDiscard) {
      discard_cards(p, {e});
      continue;
    }
    int cp, slot;
    slot_of(e, cp, slot);
    if (cp < 0) continue;
    memory_.sacrificed.push_back(e);
    ko(cp, slot);
  }
  if (a.cost_discard_pick) discard_cards(p, pick_from_hand(p, a.discard_pick, self));
  if (a.cost_freeze) cards_[self].frozen = true;
  if (a.cost_sacrifice) {
    int sp, slot;
    slot_of(self, sp, slot);
    if (sp >= 0) {
      memory_.sacrificed.push_back(self);
      ko(sp, slot);
    }
  }
  running_rule_ = act.rule;
  run_statements(script, a.statements, &act, self, p);
  ko_zero_bp();
}

void Game::run_statements(int32_t script, const std::vector<CStatement>& sts, const Action* act, EntityId self, int p) {
  bool chain = false;  // a branch of the current [[if]] ... [[else]] chain ran
  for (size_t si = 0; si < sts.size() && phase_ != Phase::kOver && pending_.player < 0; ++si) {
    const CStatement& st = sts[si];
    if (st.is_else && chain) continue;
    if (st.or_else && last_ok_) continue;  // a || b: a did something
    if (st.may && act && act->decline) {
      chain = false;
      continue;
    }
    std::vector<EntityId> chosen;
    if (act && act->several_of == static_cast<int8_t>(si)) {
      for (EntityId e : act->several) {
        if (e != kNoEntity) chosen.push_back(e);
      }
    } else if (act && si < act->targets.size() && act->targets[si] != kNoEntity) {
      chosen.push_back(act->targets[si]);
    }
    std::vector<EntityId> more;
    for (size_t k = 0; act && k < st.more.size(); ++k) {
      const size_t slot = static_cast<size_t>(st.more_slot) + k;
      more.push_back(slot < act->targets.size() ? act->targets[slot] : kNoEntity);
    }
    if (act) running_statement_ = static_cast<int8_t>(si);
    if (!pool_->compiled[static_cast<size_t>(script)].vars.empty() &&
        si == (act ? pool_->compiled[static_cast<size_t>(script)].actions[static_cast<size_t>(act->rule)].vars_at : 0)) {
      compute_vars(script, self, p);
    }
    const bool ran = run_statement(script, st, chosen, more, self, p);
    chain = st.is_else ? chain || ran : ran;
  }
}

bool Game::run_statement(int32_t script, const CStatement& st, const std::vector<EntityId>& chosen, const std::vector<EntityId>& more,
                         EntityId self, int p, Only only) {
  ExprScope scope = script_scope(script, p, self);
  scope.trigger = trigger_;
  if (only == Only::kAll && st.cond != expr::kNoNode && !eval_truth(scope, st.cond)) return false;
  if (only == Only::kAll && st.target.one_at_a_time) {
    // Several cards of a pile: the player takes them one at a time from now on.
    Pending& pd = raise(Pending::Mode::kTarget, self, script, p, p);
    pd.left = st.target.max;
    pd.need = st.target.min;
    if (pending_choices().empty()) end_pending();
    return true;
  }
  const Targets tg = statement_targets(st, scope, chosen, more, self, p, only);
  if (only == Only::kAll && !in_each_) {
    memory_.prev_targets = std::move(memory_.targets);
    memory_.targets = tg.cards;
    memory_.targets.insert(memory_.targets.end(), tg.more.begin(), tg.more.end());
  }
  bool ok = true, any_ok = false;
  // What the statement did, for a `||` after it: whether any of its effects did something.
  struct Record {
    bool& out;
    const bool& any;
    ~Record() { out = any; }
  } record{last_ok_, any_ok};
  for (size_t fi = 0; fi < st.effects.size(); ++fi) {
    const CEffect& fx = st.effects[fi];
    if (fi > 0) any_ok |= ok;
    if (fx.stop_on_fail && !ok) break;
    if (fx.ask && skip_asked_) continue;  // the player said no to this command?()
    if (fx.cmd == CEffect::Cmd::kProphecy) {
      // The cards go back one choice at a time; the statement's other effects run after that.
      if (only == Only::kAll) {
        start_prophecy(st, fx, script, self, p);
        return true;
      }
      continue;
    }
    ok = false;
    if (phase_ == Phase::kOver) return true;
    if (run_effect(script, st, fx, scope, tg, chosen, more, self, p, only, ok)) {
      any_ok = true;  // it waits for a choice (Pending)
      return true;
    }
  }
  if (!st.effects.empty()) any_ok |= ok;
  return true;
}

// Targets: the chosen card, every match, a player, or by default this card / the controller.
Game::Targets Game::statement_targets(const CStatement& st, const ExprScope& scope, const std::vector<EntityId>& chosen,
                                      const std::vector<EntityId>& more, EntityId self, int p, Only only) {
  Targets tg;
  std::vector<EntityId>& cards = tg.cards;
  std::vector<int>& players = tg.players;
  std::vector<EntityId>& more_cards = tg.more;
  switch (st.target.who) {
    case CTarget::Who::kDefault:
      cards.push_back(self);
      players.push_back(p);
      break;
    case CTarget::Who::kThis: cards.push_back(self); break;
    case CTarget::Who::kMe: players.push_back(p); break;
    case CTarget::Who::kOpp: players.push_back(1 - p); break;
    case CTarget::Who::kPlayers:
      players.push_back(p);
      players.push_back(1 - p);
      break;
    case CTarget::Who::kCards:
      if (st.target.cards_expr != expr::kNoNode) {
        // to(trigger.controller) names a player; to(_card) cards.
        if (const int q = eval_player(scope, st.target.cards_expr); q >= 0) players.push_back(q);
        else cards = eval_cards(scope, st.target.cards_expr);
      } else if (st.target.plural) {
        cards = card_targets(st.target, p, self);
      } else if (st.target.random > 0) {
        // <rN>: N of the matches, drawn now (logged like every random draw).
        std::vector<EntityId> all = card_targets(st.target, p, self);
        for (int k = 0; k < st.target.random && !all.empty(); ++k) {
          const size_t at = chance_.below(static_cast<uint32_t>(all.size()), logging_ ? &log_ : nullptr);
          cards.push_back(all[at]);
          all.erase(all.begin() + static_cast<std::ptrdiff_t>(at));
        }
      } else if (only == Only::kCollected) {
        cards = chosen;  // taken one at a time, each checked when it was taken
      } else {
        // The chosen cards that still match (an earlier statement may have moved them).
        for (EntityId e : chosen) {
          if (e == kEnemyTarget) players.push_back(1 - p);  // to(opp,character@oppRing): the enemy
          else if (target_matches(st.target, p, self, e)) cards.push_back(e);
        }
      }
      break;
  }
  if (st.target.exclude != expr::kNoNode) {
    // ::not(tgt): the cards the expression names are left out (Fate duel).
    const std::vector<EntityId> out = eval_cards(scope, st.target.exclude);
    std::erase_if(cards, [&](EntityId e) { return std::find(out.begin(), out.end(), e) != out.end(); });
  }
  // Further targets: the chosen cards that still match.
  for (size_t k = 0; k < st.more.size(); ++k) {
    if (st.more[k].plural) {
      for (EntityId e : card_targets(st.more[k], p, self)) more_cards.push_back(e);
    } else if (k < more.size() && more[k] != kNoEntity && target_matches(st.more[k], p, self, more[k])) {
      more_cards.push_back(more[k]);
    }
  }
  // Player commands under a card target (destroy() target(character) & draw()) are the controller's.
  if (players.empty() && st.target.who == CTarget::Who::kCards) players.push_back(p);
  return tg;
}

// One effect of a statement (prophecy() aside); true when it raised a choice and the rule waits.
bool Game::run_effect(int32_t script, const CStatement& st, const CEffect& fx, const ExprScope& scope, const Targets& tg,
                      const std::vector<EntityId>& chosen, const std::vector<EntityId>& more, EntityId self, int p, Only only, bool& ok) {
  const std::vector<EntityId>& cards = tg.cards;
  if (fx.cmd == CEffect::Cmd::kEach) {
    if (only == Only::kPlayers) return false;
    // The body runs once per matching element, on the statement's targets.
    const int32_t times = fx.each_target.empty() ? count_each(scope, fx.each_pred, fx.each_list)
                                                 : static_cast<int32_t>(card_targets(fx.each_target.front(), p, self).size());
    CStatement inner = st;
    inner.cond = expr::kNoNode;
    inner.target.one_at_a_time = false;
    inner.effects = fx.body;
    const bool was = in_each_;
    in_each_ = true;
    for (int32_t k = 0; k < times && phase_ != Phase::kOver; ++k) run_statement(script, inner, chosen, more, self, p);
    in_each_ = was;
    ok = times > 0;
    return false;
  }
  CEffect e = fx;
  if (e.cmd == CEffect::Cmd::kUnite) {
    if (only != Only::kPlayers) ok = unite(cards);
    return false;
  }
  if (e.cmd == CEffect::Cmd::kCopyAbility || e.cmd == CEffect::Cmd::kSteal || e.cmd == CEffect::Cmd::kSwapAbilities) {
    if (only != Only::kPlayers) ok = change_rules(e, scope, cards, tg.more, self);
    return false;
  }
  uint16_t becomes = 0xFFFF;  // transform(): the card model the targets become
  if (e.cmd == CEffect::Cmd::kTransform) {
    if (!e.guid.empty()) {
      becomes = e.model;  // kNoName when no card has that guid
    } else if (const EntityId model = eval_card(scope, e.value_expr); model != kNoEntity) {
      becomes = cards_[model].def;
    }
    if (becomes == 0xFFFF) return false;
  } else if (e.value_expr != expr::kNoNode) {
    e.value = eval_int(scope, e.value_expr);
  }
  const bool grant = e.cmd == CEffect::Cmd::kGrant || e.cmd == CEffect::Cmd::kRevoke;
  const bool hand_card = e.cmd == CEffect::Cmd::kDiscard && st.hand_choice;  // discard(<1>x): the chosen card
  const bool on_players = !hand_card && (is_player_command(e.cmd) || ((e.cmd == CEffect::Cmd::kDamage || grant) && cards.empty()));
  if (only == Only::kPlayers && !on_players) return false;
  if (e.cmd == CEffect::Cmd::kDiscard && e.chosen && !hand_card) {
    // discard(n): the player (the statement's, else the rule's) chooses n cards of their hand.
    const int chooser = st.target.who == CTarget::Who::kOpp ? 1 - p : p;
    Pending& pd = raise(Pending::Mode::kDiscard, self, script, p, chooser);
    pd.left = pd.need = static_cast<uint8_t>(std::clamp(e.value, 1, 60));
    if (pending_choices().empty()) end_pending();
    return true;
  }
  if (e.cmd == CEffect::Cmd::kShuffle && e.whose > 0) {
    // shuffle(myDeck), shuffle(oppDeck), shuffle(ctrlDeck): ctrl is the deck prophecy() looked at.
    const int q = e.whose == 1 ? p : e.whose == 2 ? 1 - p : memory_.looked_deck >= 0 ? memory_.looked_deck : p;
    kernel::Zone& deck = players_[q].deck;
    chance_.shuffle(deck.ids().begin(), deck.ids().end(), logging_ ? &log_ : nullptr);
    ok = true;
    return false;
  }
  if (on_players) {
    for (int t : tg.players) player_effect(st, e, t, p, self, ok);
    return false;
  }
  return card_command(script, st, e, scope, cards, self, p, hand_card, becomes, ok);
}

// Commands on the statement's cards: those that take them together or raise a choice, then each
// card in turn. True when a choice was raised.
bool Game::card_command(int32_t script, const CStatement& st, const CEffect& e, const ExprScope& scope, const std::vector<EntityId>& cards,
                        EntityId self, int p, bool hand_card, uint16_t becomes, bool& ok) {
  if (e.cmd == CEffect::Cmd::kActivate) {
    // activate(card): that card's rules run as this card's; how (which rule, targets) is chosen
    // now that the card is known (Pending kActivate).
    const std::vector<EntityId> named = eval_cards(scope, e.value_expr);
    if (named.empty()) return false;
    Pending& pd = raise(Pending::Mode::kActivate, self, rules_def(named.front()).script, p, p);
    pd.aside = {named.front()};  // whose rules they are (for the label)
    if (pending_.script < 0 || pending_actions().empty()) {
      pending_ = {};
      return false;
    }
    return true;
  }
  if (e.cmd == CEffect::Cmd::kSwapChars) {
    // swapChars(): two characters of one ring exchange their slots.
    int pa, sa, pb, sb;
    if (cards.size() != 2) return false;
    slot_of(cards[0], pa, sa);
    slot_of(cards[1], pb, sb);
    if (pa < 0 || pa != pb) return false;
    swap_slots(pa, sa, sb);
    ok = true;
    return false;
  }
  if (e.cmd == CEffect::Cmd::kMoveToSlot) {
    // moveToSlot(): the player chooses an empty slot of the card's ring (Pending kSlot).
    int cp, slot;
    if (cards.empty()) return false;
    slot_of(cards.front(), cp, slot);
    if (cp < 0 || std::count(players_[cp].ring.begin(), players_[cp].ring.end(), kNoEntity) == 0) return false;
    Pending& pd = raise(Pending::Mode::kSlot, self, script, p, p);
    pd.deck = static_cast<int8_t>(cp);
    pd.aside = {cards.front()};
    return true;
  }
  if (e.cmd == CEffect::Cmd::kMoveTo && e.value == kAskPosition) {
    // moveTo(oppDeck, ?): the cards are set aside, then put back one at a time (Pending kArrange).
    const int to = e.whose < 0 ? (cards.empty() ? p : cards_[cards.front()].owner) : e.whose == 0 ? p : 1 - p;
    std::vector<EntityId> aside;
    for (EntityId c : cards) {
      if (!detach(c)) return false;
      aside.push_back(c);
      memory_.moved.push_back(c);
    }
    if (aside.empty()) return false;
    Pending& pd = raise(Pending::Mode::kArrange, self, script, p, p);
    pd.deck = static_cast<int8_t>(to);
    pd.aside = std::move(aside);
    return true;
  }
  for (EntityId c : cards) card_effect(st, e, c, self, p, hand_card, becomes, ok);
  return false;
}

void Game::card_effect(const CStatement& st, const CEffect& e, EntityId c, EntityId self, int p, bool hand_card, uint16_t becomes, bool& ok) {
  if (e.cmd == CEffect::Cmd::kMoveTo) {
    // To the card's owner's pile (ctrl), the script's player's (no prefix, my) or the opponent's (opp).
    const int to = e.whose < 0 ? cards_[c].owner : e.whose == 0 ? p : 1 - p;
    if (!detach(c)) return;
    kernel::Zone* z = pile_of(to, e.pile);
    put(*z, c, e.value == -1);
    memory_.moved.push_back(c);
    ok = true;
    return;
  }
  if (hand_card) {
    for (int q = 0; q < 2; ++q) {
      if (players_[q].hand.contains(c)) discard_cards(q, {c});
    }
    ok = true;
    return;
  }
  if (e.cmd == CEffect::Cmd::kMoveRevealed) {
    ok |= move_revealed(c, e, p);
    return;
  }
  if (e.cmd == CEffect::Cmd::kTransform) {
    transform(c, becomes);
    ok = true;
    return;
  }
  int cp, slot;
  slot_of(c, cp, slot);
  if (cp < 0) return;  // not (or no longer) in a ring
  Card& card = cards_[c];
  ok = true;
  switch (e.cmd) {
    case CEffect::Cmd::kDamage: card.bp = std::max(0, card.bp - e.value); break;
    case CEffect::Cmd::kBp: {
      const int32_t before = card.bp;
      // BP stays within [0, kMaxBp]: repeated doublings must not overflow.
      const int64_t next = e.mod == 'x' ? int64_t{card.bp} * e.value : e.mod == '=' ? int64_t{e.value} : int64_t{card.bp} + e.value;
      card.bp = static_cast<int32_t>(std::clamp<int64_t>(next, 0, kMaxBp));
      if (st.until_end_of_turn) bp_changes_.add({c, card.epoch, card.bp - before}, {kernel::Until::kEndOfTurn});
      break;
    }
    case CEffect::Cmd::kDestroy: ko(cp, slot); break;
    case CEffect::Cmd::kGrant: {
      const bool own = c == self && rules_def(c).ability == AbilityType::kAuto;
      if (st.until_end_of_turn || st.until_opponent_turn_end || st.until_your_next_turn) {
        grants_.add({c, static_cast<int8_t>(cp), card.epoch, e.ability, own}, timed(st, p));
      } else {
        card.granted |= e.ability;
        // Given by something else as well: it stays when the ● ability is nullified.
        card.own_granted = static_cast<uint16_t>(own ? card.own_granted | e.ability : card.own_granted & ~e.ability);
        card.revoked = static_cast<uint16_t>(card.revoked & ~e.ability);
      }
      break;
    }
    case CEffect::Cmd::kLoseAbility: card.powerless = true; break;
    case CEffect::Cmd::kRevoke:
      card.revoked |= e.ability;
      card.granted = static_cast<uint16_t>(card.granted & ~e.ability);
      card.own_granted = static_cast<uint16_t>(card.own_granted & ~e.ability);
      break;
    case CEffect::Cmd::kFreeze: card.frozen = e.mod == 't' ? !card.frozen : true; break;
    case CEffect::Cmd::kRemoveFromAttack: remove_from_attack(cp, slot); break;
    case CEffect::Cmd::kUnfreeze: card.frozen = false; break;
    case CEffect::Cmd::kReveal: break;
    default: ok = false; break;
  }
}

// Commands on player t: their piles, SP, HP, turns and costs; the rest in player_rule_effect.
void Game::player_effect(const CStatement& st, const CEffect& e, int t, int p, EntityId self, bool& ok) {
  PlayerState& tp = players_[t];
  switch (e.cmd) {
    case CEffect::Cmd::kDraw:
      for (int32_t i = 0; i < e.value; ++i) {
        if (tp.deck.empty()) break;
        draw_card(t);
        ok = true;
      }
      break;
    case CEffect::Cmd::kSp: {
      const int32_t before = tp.sp;
      tp.sp = static_cast<int32_t>(std::clamp<int64_t>(e.mod == '=' ? int64_t{e.value} : int64_t{tp.sp} + e.value, 0, kMaxBp));
      if (tp.sp < before) tp.lost_sp += before - tp.sp;
      ok = true;
      break;
    }
    case CEffect::Cmd::kMovePile:
    case CEffect::Cmd::kSwapPiles: {
      kernel::Zone& a = *pile_of(t, e.pile);
      kernel::Zone& b = *pile_of(t, e.pile2);
      if (e.cmd == CEffect::Cmd::kSwapPiles) {
        std::swap(a.ids(), b.ids());
        for (kernel::Zone* z : {&a, &b}) {
          for (EntityId x : z->ids()) untransform(x);
        }
      } else {
        // movePile(discards, deck): every card, the first pile's top ending on top.
        for (EntityId x : a.ids()) put(b, x);
        a.ids().clear();
      }
      ok = true;
      break;
    }
    case CEffect::Cmd::kExtraChar:
      ++tp.extra_chars;
      ok = true;
      break;
    case CEffect::Cmd::kExtraTurn:
      tp.extra_turns = static_cast<uint8_t>(std::clamp(tp.extra_turns + e.value, 0, 3));
      ok = true;
      break;
    case CEffect::Cmd::kSkipDraw:
      tp.skip_draw = true;
      ok = true;
      break;
    case CEffect::Cmd::kAlterCost:
      cost_changes_.add({e.cost_kind, static_cast<int8_t>(t), e.mod, e.value},
                        st.until_end_of_turn || st.until_opponent_turn_end || st.until_your_next_turn || st.until_next_action
                            ? timed(st, p)
                            : kernel::Duration{});
      ok = true;
      break;
    case CEffect::Cmd::kHp:
      tp.hp = static_cast<int32_t>(std::clamp<int64_t>(int64_t{tp.hp} + e.value, INT32_MIN / 2, kMaxBp));
      ok = true;
      if (tp.hp <= 0) lose(t);
      break;
    default: player_rule_effect(st, e, t, p, self, ok); break;
}
}

void Game::player_rule_effect(const CStatement& st, const CEffect& e, int t, int p, EntityId self, bool& ok) {
  PlayerState& tp = players_[t];
switch (e.cmd) {
  case CEffect::Cmd::kLoseLife:
    case CEffect::Cmd::kDamage: {
      int32_t amount = e.value;
      if (e.cmd == CEffect::Cmd::kDamage && def(self).type == CardType::kAction && amount > 0) amount += ring_mod(&CScript::action_damage_mod);
      if (amount > 0) tp.nc_damaged = true;  // non-combat damage (ncDamaged)
      deal_player_damage(t, amount);
      ok = true;
      break;
    }
    case CEffect::Cmd::kShuffle:
      chance_.shuffle(tp.deck.ids().begin(), tp.deck.ids().end(), logging_ ? &log_ : nullptr);
      ok = true;
      break;
    case CEffect::Cmd::kGrant:
    case CEffect::Cmd::kRevoke:
      if (st.until_end_of_turn || st.until_opponent_turn_end || st.until_your_next_turn) {
        if (e.cmd == CEffect::Cmd::kGrant) grants_.add({kNoEntity, static_cast<int8_t>(t), 0, e.ability}, timed(st, p));
      } else if (e.cmd == CEffect::Cmd::kGrant) {
        tp.granted |= e.ability;
      } else {
        tp.granted = static_cast<uint16_t>(tp.granted & ~e.ability);
      }
      ok = true;
      break;
    case CEffect::Cmd::kRuleOn:
    case CEffect::Cmd::kRuleOff: {
      // A rule without a target is everyone's; to(opp) is that player's.
      const RuleChange rc{e.ability, e.cmd == CEffect::Cmd::kRuleOn,
                          static_cast<int8_t>(st.target.who == CTarget::Who::kDefault ? -1 : t)};
      rule_changes_.add(rc, st.until_end_of_turn || st.until_opponent_turn_end || st.until_your_next_turn ? timed(st, p)
                                                                                                           : kernel::Duration{});
      ok = true;
      break;
    }
    case CEffect::Cmd::kDiscard: {
      const std::vector<EntityId> picked = pick_from_hand(t, e.pick, kNoEntity);
      discard_cards(t, picked);
      ok = !picked.empty();
      break;
    }
    case CEffect::Cmd::kTrash:
      for (int32_t i = 0; i < e.value; ++i) {
        const auto top = tp.deck.take_top();
        if (!top) break;
        put(players_[cards_[*top].owner].discards, *top);
        memory_.trashed.push_back(*top);
        ok = true;
      }
      break;
    default: break;
  }
}

}  // namespace rk::cfc
