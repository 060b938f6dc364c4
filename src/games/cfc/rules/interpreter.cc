// The RuleScript interpreter: running a card's rule, statement by statement, each statement's
// effects in the order written, on its targets (cards or players). Choices it can only ask while it
// runs raise a Question (pending.cc) and suspend it in a kernel frame (kernel/frames.h) held in the
// state, so copying the game copies the rule mid-statement; answering resumes it at the effect
// after the question with the targets it had.
//
// The compiler allows a question only in a rule's last statement and never in an auto rule, so at
// most one rule is suspended and, once answered, only the rest of its statement is left to run.
#include <algorithm>
#include <climits>
#include <utility>

#include "games/cfc/rules/game.h"
#include "games/cfc/rules/script_expr.h"

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
  run_statements(script, a.statements, &act, self, p);
  ko_zero_bp();
}

void Game::run_statements(int32_t script, const std::vector<CStatement>& sts, const Action* act, EntityId self, int p) {
  bool chain = false;    // a branch of the current [[if]] ... [[else]] chain ran
  bool last_ok = false;  // whether the statement run last did something (for ||)
  for (size_t si = 0; si < sts.size() && phase_ != Phase::kOver && frames_.empty(); ++si) {
    const CStatement& st = sts[si];
    if (st.is_else && chain) continue;
    if (st.or_else && last_ok) continue;  // a || b: a did something
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
    if (!pool_->compiled[static_cast<size_t>(script)].vars.empty() &&
        si == (act ? pool_->compiled[static_cast<size_t>(script)].actions[static_cast<size_t>(act->rule)].vars_at : 0)) {
      compute_vars(script, self, p);
    }
    const RuleAt at{script, act ? act->rule : int8_t{-1}, act ? static_cast<int8_t>(si) : int8_t{-1}, self, p};
    const bool ran = run_statement(at, st, chosen, more, &last_ok);
    chain = st.is_else ? chain || ran : ran;
  }
}

bool Game::run_statement(const RuleAt& at, const CStatement& st, const std::vector<EntityId>& chosen, const std::vector<EntityId>& more,
                         bool* did) {
  ExprScope scope = script_scope(at.script, at.p, at.self);
  scope.trigger = trigger_;
  if (st.cond != expr::kNoNode && !eval_truth(scope, st.cond)) return false;
  if (st.target.one_at_a_time) {
    // Several cards of a pile: the player takes them one at a time from now on; the statement
    // runs on them once the choosing ends (resume_rule), or at once when there is none to take.
    Question& q = raise(Question::Mode::kTarget, at, at.script, at.p);
    q.left = st.target.max;
    q.need = st.target.min;
    if (!pending_choices().empty()) {
      frames_.top().memory.ready = true;
      return true;
    }
    frames_.pop();
    run_effects(at, st, scope, statement_targets(st, scope, {}, {}, at.self, at.p, true), 0, true, false, nullptr);
    ko_zero_bp();
    return true;
  }
  const Targets tg = statement_targets(st, scope, chosen, more, at.self, at.p);
  if (at.remember_targets) {
    memory_.prev_targets = std::move(memory_.targets);
    memory_.targets = tg.cards;
    memory_.targets.insert(memory_.targets.end(), tg.more.begin(), tg.more.end());
  }
  run_effects(at, st, scope, tg, 0, true, false, did);
  return true;
}

bool Game::run_effects(const RuleAt& at, const CStatement& st, const ExprScope& scope, const Targets& tg, size_t from, bool ok,
                       bool any_ok, bool* did) {
  bool skip_asked = at.skip_asked;
  // What the statement did, for a `||` after it: whether any of its effects did something.
  struct Record {
    bool* out;
    const bool& any;
    ~Record() {
      if (out) *out = any;
    }
  } record{did, any_ok};
  for (size_t fi = from; fi < st.effects.size(); ++fi) {
    const CEffect& fx = st.effects[fi];
    if (fi > 0) any_ok |= ok;
    if (fx.stop_on_fail && !ok) break;
    if (fx.ask && skip_asked) continue;  // the player said no to this command?()
    ok = false;
    if (phase_ == Phase::kOver) return false;
    const size_t depth = frames_.size();
    if (!run_effect(at, st, fx, scope, tg, tg.cards, tg.more, ok) || frames_.size() == depth) continue;
    // It asked a question; the effect has done its part once it is answered.
    ok = any_ok = true;
    Suspended& m = frames_.top().memory;
    if (m.answered) {  // nothing to choose: it ended at once
      skip_asked = m.skip_asked;
      frames_.pop();
      continue;
    }
    frames_.top().sub = static_cast<uint16_t>(fi + 1);
    m.cards = tg.cards;
    m.more = tg.more;
    m.players = tg.players;
    m.ok = ok;
    m.any_ok = any_ok;
    m.ready = true;
    return true;
  }
  if (!st.effects.empty()) any_ok |= ok;
  return false;
}

void Game::resume_rule() {
  const RuleFrame f = std::move(frames_.top());
  frames_.pop();
  if (phase_ == Phase::kOver) return;
  const Suspended& m = f.memory;
  const RuleAt at{static_cast<int32_t>(f.program), m.rule, static_cast<int8_t>(f.pc), f.self, f.controller, true, m.skip_asked};
  const CStatement& st = frame_statement(f);
  ExprScope scope = script_scope(at.script, at.p, at.self);
  scope.trigger = trigger_;
  if (m.q.mode == Question::Mode::kTarget) {
    run_effects(at, st, scope, statement_targets(st, scope, m.q.aside, {}, at.self, at.p, true), 0, true, false, nullptr);
    return;
  }
  Targets tg{m.cards, m.more, m.players};
  run_effects(at, st, scope, tg, f.sub, m.ok, m.any_ok, nullptr);
}

// Targets: the chosen card, every match, a player, or by default this card / the controller.
Game::Targets Game::statement_targets(const CStatement& st, const ExprScope& scope, const std::vector<EntityId>& chosen,
                                      const std::vector<EntityId>& more, EntityId self, int p, bool taken) {
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
      } else if (taken) {
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

}  // namespace rk::cfc
