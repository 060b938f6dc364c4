#include "games/cfc/compiler/script.h"

#include <algorithm>
#include <string_view>

#include "games/cfc/compiler/script_compiler.h"
#include "games/cfc/rules/script_expr.h"
#include "text/diagnostic.h"

namespace rk::cfc {
namespace detail {
namespace {

constexpr CommandInfo kCommands[] = {
    {"damage", CEffect::Cmd::kDamage, true, false},   {"draw", CEffect::Cmd::kDraw, true, false},
    {"bp", CEffect::Cmd::kBp, false, true},           {"destroy", CEffect::Cmd::kDestroy, false, false},
    {"freeze", CEffect::Cmd::kFreeze, false, false},  {"unfreeze", CEffect::Cmd::kUnfreeze, false, false},
    {"sp", CEffect::Cmd::kSp, false, true},           {"hp", CEffect::Cmd::kHp, true, false},
    {"loseLife", CEffect::Cmd::kLoseLife, true, false}, {"shuffle", CEffect::Cmd::kShuffle, false, false},
    {"trash", CEffect::Cmd::kTrash, true, false},     {"reveal", CEffect::Cmd::kReveal, false, false},
    {"moveTo", CEffect::Cmd::kMoveTo, false, false},   {"discard", CEffect::Cmd::kDiscard, false, false},
    {"enableRule", CEffect::Cmd::kRuleOn, false, false}, {"disableRule", CEffect::Cmd::kRuleOff, false, false},
    {"loseAbility", CEffect::Cmd::kLoseAbility, false, false}, {"each", CEffect::Cmd::kEach, false, false},
    {"movePile", CEffect::Cmd::kMovePile, false, false},   {"swapPiles", CEffect::Cmd::kSwapPiles, false, false},
    {"playExtraChar", CEffect::Cmd::kExtraChar, false, false}, {"turns", CEffect::Cmd::kExtraTurn, true, false},
    {"skip", CEffect::Cmd::kSkipDraw, false, false},       {"removeFromAttack", CEffect::Cmd::kRemoveFromAttack, false, false},
    {"rndDiscard", CEffect::Cmd::kDiscard, false, false},  {"transform", CEffect::Cmd::kTransform, false, false},
    {"moveRevealedTo", CEffect::Cmd::kMoveRevealed, false, false}, {"unite", CEffect::Cmd::kUnite, false, false},
    {"copyAbility", CEffect::Cmd::kCopyAbility, false, false}, {"steal", CEffect::Cmd::kSteal, false, false},
    {"swapAbilities", CEffect::Cmd::kSwapAbilities, false, false}, {"alterCost", CEffect::Cmd::kAlterCost, false, false},
    {"prophecy", CEffect::Cmd::kProphecy, false, false},
    {"activate", CEffect::Cmd::kActivate, false, false},
    {"swapChars", CEffect::Cmd::kSwapChars, false, false}, {"moveToSlot", CEffect::Cmd::kMoveToSlot, false, false},
    // clear() takes a highlight off a card, peek() shows a hand to the player, pileView() changes
    // how a pile is drawn: nothing the game state holds.
    {"clear", CEffect::Cmd::kReveal, false, false}, {"peek", CEffect::Cmd::kReveal, false, false},
    {"pileView", CEffect::Cmd::kReveal, false, false},
};

}  // namespace

// "hand", "myDeck", "oppDiscards", "ctrlHand"... -> pile and whose. A pile without a prefix is the
// player's whose script runs (the plugin's getPileByName falls back to `me`: Rock's "put the
// bottom card of their deck into your hand" is moveTo(hand)); ctrl is the moved card's controller.
bool pile_word(std::string w, Pile& pile, int8_t& whose) {
  ++name_lookups();
  for (char& c : w) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  whose = 0;
  if (w.rfind("my", 0) == 0) {
    w = w.substr(2);
  } else if (w.rfind("opp", 0) == 0) {
    whose = 1;
    w = w.substr(3);
  } else if (w.rfind("ctrl", 0) == 0) {
    whose = -1;
    w = w.substr(4);
  }
  if (w == "hand") pile = Pile::kHand;
  else if (w == "deck") pile = Pile::kDeck;
  else if (w == "discards") pile = Pile::kDiscards;
  else if (w == "removed") pile = Pile::kRemoved;
  else return false;
  return true;
}

CScript Compiler::run() {
  std::vector<std::string> labels;
  const std::vector<Filter>* target_prop = nullptr;
  for (const Property& p : r_.props) {
    switch (p.key) {
      case Key::kTarget:
      case Key::kTargetOpt:
        if (!target_prop) target_prop = &p.filters;
        break;
      case Key::kRequisite:
        for (const Filter& f : p.filters) {
          out_.requisites.push_back(target(f));
          if (out_.requisites.back().one_at_a_time) miss("<qty> of several cards in a requisite");
        }
        break;
      case Key::kLabel: labels.push_back(p.label); break;
      case Key::kAction: action(p); break;
      case Key::kAuto: auto_rule(p); break;
      case Key::kAbilities:
        for (const std::string& w : p.words) {
          const uint16_t bit = ability_bit(w);
          if (bit) out_.abilities |= bit;
          else miss("ability " + w);
        }
        break;
      case Key::kVars: vars(p); break;
    }
  }
  // Wanderer: target = character@oppRing, bp(=prevTgt.0.BP) target(this): when the first statement
  // has a target of its own and an expression reads prevTgt (or tgt, the cards of the `target`
  // property), the property is chosen first, as a statement without effects, so that those
  // names hold its cards.
  const bool reads_prev = reads_prev_targets();
  finish_actions(labels, target_prop, reads_prev);
  finish_autos(target_prop);
  // Every `_name` an expression reads is one of the vars.
  for (size_t id = 0; id < r_.pool.size(); ++id) {
    const expr::Node& n = r_.pool[static_cast<expr::NodeId>(id)];
    if (n.op != expr::Op::kVar || r_.symbols.name(n.sym).substr(0, 1) != "_") continue;
    const std::string_view name = r_.symbols.name(n.sym);
    if (std::none_of(out_.vars.begin(), out_.vars.end(), [&](const CVar& v) { return v.name == name; })) {
      miss("undeclared variable " + std::string(name));
    }
  }
  if (out_.actions.empty() && out_.autos.empty() && !out_.abilities && !out_.rules_on && !out_.rules_off && out_.cost_mods.empty() &&
      out_.cond_abilities.empty() &&
      out_.char_bp_limit == 0 && out_.action_damage_mod == 0 && out_.missing.empty()) {
    miss("no action");
  }
  out_.names = resolve_expr_names(r_, out_.vars);
  std::sort(out_.missing.begin(), out_.missing.end());
  out_.missing.erase(std::unique(out_.missing.begin(), out_.missing.end()), out_.missing.end());
  out_.compiled = out_.missing.empty();
  return std::move(out_);
}

// The `target` property is the default target of action and auto rules (Q: target = players;
// ~myEndPhase~ trash(2): each player trashes).
void Compiler::default_target(CStatement& st, const std::vector<Filter>* target_prop) {
  if (st.hand_choice && target_prop) {
    // Stifler: target = opp, discard(<1>*): a card of the enemy's hand.
    const CTarget t = target(target_prop->front());
    if (t.who == CTarget::Who::kOpp) st.target.side = 1;
    else if (t.who != CTarget::Who::kMe) miss("discard() of a chosen card with this target");
    return;
  }
  if (st.target.who != CTarget::Who::kDefault || !target_prop) return;
  // A statement that changes nothing (Clone Zero's clear()) needs no card chosen for it.
  if (!st.effects.empty() &&
      std::all_of(st.effects.begin(), st.effects.end(), [](const CEffect& e) { return e.cmd == CEffect::Cmd::kReveal; })) {
    return;
  }
  // target = character; character@oppRing: one card for each filter, the first the
  // statement's target, the others its further targets (tgt.0, tgt.1 in that order).
  st.target = target(target_prop->front());
  for (size_t k = 1; k < target_prop->size(); ++k) {
    st.more.push_back(target((*target_prop)[k]));
    // Each further filter is one card to choose, or every match (a <pick> window).
    const CTarget& m = st.more.back();
    if (m.who != CTarget::Who::kCards || m.random > 0 || m.max != 1 || m.min != 1 || m.or_enemy || m.one_at_a_time) {
      miss("several targets of this kind");
    }
  }
  if (!st.more.empty() && (st.target.who != CTarget::Who::kCards || st.target.plural || st.target.random > 0 ||
                           st.target.max != 1 || st.target.min != 1)) {
    miss("several targets of this kind");
  }
  st.pending |= st.target.one_at_a_time;
}

// Whether an expression of the script reads prevTgt or tgt.
bool Compiler::reads_prev_targets() const {
  bool reads = false;
  for (size_t id = 0; id < r_.pool.size(); ++id) {
    const expr::Node& n = r_.pool[static_cast<expr::NodeId>(id)];
    reads |= n.op == expr::Op::kVar && (r_.symbols.name(n.sym) == "prevTgt" || r_.symbols.name(n.sym) == "tgt");
  }
  return reads;
}

// Labels, the `target` property's own statement (see run()), default targets and target slots.
void Compiler::finish_actions(const std::vector<std::string>& labels, const std::vector<Filter>* target_prop, bool reads_prev) {
  for (size_t i = 0; i < out_.actions.size(); ++i) {
    CAction& a = out_.actions[i];
    if (i < labels.size()) a.label = labels[i];
    if (reads_prev && target_prop && !a.statements.empty() && a.statements.front().target.who != CTarget::Who::kDefault) {
      a.statements.insert(a.statements.begin(), CStatement{});
      a.vars_at = 1;  // _char := tgt.0 names a card of it
      if (a.statements.size() > 4) miss("more than four statements");
    }
    for (CStatement& st : a.statements) default_target(st, target_prop);
    // Further targets take the slots of Action::targets after the statements'.
    size_t slot = a.statements.size();
    for (CStatement& st : a.statements) {
      if (st.more.empty()) continue;
      st.more_slot = static_cast<int8_t>(slot);
      slot += st.more.size();
    }
    if (slot > kMaxTargets) miss("more than six targets in a rule");
    for (size_t k = 0; k + 1 < a.statements.size(); ++k) {
      if (a.statements[k].pending) miss("a choice of several cards before the rule's last statement");
    }
  }
}

void Compiler::finish_autos(const std::vector<Filter>* target_prop) {
  for (CAuto& a : out_.autos) {
    for (CStatement& st : a.statements) {
      default_target(st, target_prop);
      if (!st.more.empty()) miss("several targets in an auto rule");
      if (st.target.infront) st.target.plural = true;  // at most one card: nothing to choose
      // An auto rule runs between decisions: a target to choose is not supported there yet.
      if (st.target.who == CTarget::Who::kCards && !st.target.plural && st.target.random == 0) {
        miss("a target to choose in an auto rule");
      }
    }
  }
}

// vars = _coin := flipCoin(); _cards := getTargets('"Engokogeki"s@myDiscards'); _char := tgt.0
void Compiler::vars(const Property& p) {
  for (const Var& v : p.vars) {
    CVar cv;
    cv.name = v.name;
    const expr::Node& n = r_.pool[v.value];
    const std::string_view call = n.op == expr::Op::kCall ? r_.symbols.name(n.sym) : std::string_view{};
    if (call == "flipCoin" && n.kid_count == 0) {
      cv.kind = CVar::Kind::kCoin;
    } else if (call == "getTargets" && n.kid_count == 1 && r_.pool[r_.pool.kid(n, 0)].op == expr::Op::kStr) {
      // The argument is a target filter written as a string: parsed like a `target` property.
      cv.kind = CVar::Kind::kTargets;
      const std::string text = "target = " + std::string(r_.symbols.name(r_.pool[r_.pool.kid(n, 0)].sym));
      text::Diagnostics diags(nullptr);
      Rules inner;
      if (!parse_rules(text, diags, inner) || inner.props.size() != 1 || inner.props[0].filters.size() != 1) {
        miss("getTargets() of this filter");
      } else {
        Compiler sub(inner, names_);
        cv.filter = sub.target(inner.props[0].filters.front());
        cv.filter.plural = true;
        if (!sub.out_.missing.empty() || cv.filter.who != CTarget::Who::kCards || cv.filter.exclude != expr::kNoNode) {
          miss("getTargets() of this filter");
        }
      }
    } else {
      const std::string m = unsupported_expr(r_, v.value);
      if (m.empty()) cv.value = v.value;
      else miss(m);
    }
    out_.vars.push_back(std::move(cv));
  }
}

void Compiler::action(const Property& p) {
  CAction a;
  for (size_t si = 0; si < p.statements.size(); ++si) {
    const Statement& st = p.statements[si];
    for (const Cost& c : st.costs) {
      if (si > 0) miss("a cost after the first statement");
      if (c.letter == 'F' && !c.has_arg) a.cost_freeze = true;
      else if (c.letter == 'S' && !c.has_arg) a.cost_sacrifice = true;
      else if (c.letter == 'D' || c.letter == 'S') chosen_cost(c, a);
      else miss(std::string("{") + c.letter + (c.has_arg ? "(...)}" : "}"));
    }
    branches(st, a.statements);
  }
  if (a.statements.size() > 1) {
    // Lucky card: draw(3); moveTo(myDeck) target(<2>*@hand): several cards chosen after an earlier
    // statement changed what there is to choose from are taken one at a time when it runs. So is
    // one card of the hand: the steps run in the order written, and a card drawn by an earlier
    // step is one to choose from (Kenji: "Draw a card ..., then put a card from your hand ...").
    CTarget& t = a.statements.back().target;
    const bool from_hand = t.pile == Pile::kHand && !t.or_enemy;
    if (t.who == CTarget::Who::kCards && !t.plural && t.random == 0 && (t.max > 1 || t.min != 1 || from_hand)) {
      t.one_at_a_time = true;
      a.statements.back().pending = true;
    }
  }
  for (size_t k = 0; k + 1 < a.statements.size(); ++k) {
    if (a.statements[k].pending) miss("a choice of several cards before the rule's last statement");
  }
  if (a.statements.empty()) miss("an action without effects");
  if (a.statements.size() > 4) miss("more than four statements");
  out_.actions.push_back(std::move(a));
}

void Compiler::auto_rule(const Property& p) {
  if (!out_.autos.empty()) return;  // RuleScript.md: any Auto property after the first is ignored
  CAuto a;
  for (const Statement& st : p.statements) {
    if (st.hook && block_hook(st)) continue;
    if (st.hook) miss("?hook?");
    if (!st.costs.empty()) miss("a cost in an auto rule");
    if (st.events.empty() && !st.hook && static_rules(st)) continue;
    if (cost_mod(st) || static_mod(st) || cond_ability(st)) continue;
    // Statements after the first (joined by ';') run on the first one's events (Remy, Heidern).
    if (st.events.empty() && !st.hook && a.events.empty()) miss("an auto rule without ~event~");
    for (const Event& e : st.events) {
      static const std::pair<std::string_view, EventKind> kEvents[] = {
          {"activatephase", EventKind::kActivatePhase}, {"drawphase", EventKind::kDrawPhase},
          {"blockphase", EventKind::kBlockPhase},       {"endphase", EventKind::kEndPhase},
          {"cleanupphase", EventKind::kCleanupPhase},   {"attacks", EventKind::kAttacks},
          {"blocks", EventKind::kBlocks},               {"blocked", EventKind::kBlocked},
          {"playercombatdamaged", EventKind::kPlayerCombatDamaged}, {"backedup", EventKind::kBackedUp},
          {"cancelcombatdamage", EventKind::kCancelCombatDamage}};
      CEvent ce;
      bool known = false;
      for (const auto& [name, kind] : kEvents) {
        if (e.name == name) {
          ce.kind = kind;
          known = true;
        }
      }
      if (!known) {
        miss("~" + e.name + "~");
        continue;
      }
      ce.whose = e.prefix == "opp" ? 1 : e.prefix == "any" ? -1 : 0;
      // "Whenever a character receives back-up": any character's, unless :this says otherwise.
      if (ce.kind == EventKind::kBackedUp) ce.scope = CEvent::Scope::kAny;
      for (const std::string& sfx : e.suffixes) {
        if (sfx == "this") ce.scope = CEvent::Scope::kThis;
        else if (sfx == "fromthis") ce.scope = CEvent::Scope::kFromThis;
        else if (sfx == "any") ce.scope = CEvent::Scope::kAny;
        else if (sfx == "once") ce.once = true;
        else miss("~event:" + sfx + "~");
      }
      a.events.push_back(ce);
    }
    const size_t first = a.statements.size();
    branches(st, a.statements);
    for (size_t k = first; k < a.statements.size(); ++k) {
      if (a.statements[k].may) miss("[[may]] in an auto rule");
      if (a.statements[k].pending || a.statements[k].target.one_at_a_time) miss("a choice of several cards in an auto rule");
    }
  }
  out_.autos.push_back(std::move(a));
}

// ~myHandChanges~ [[if cond]] +ability: the plugin re-checks the condition each time the hand
// changes; here the ability holds exactly while the condition does.
bool Compiler::cond_ability(const Statement& st) {
  if (st.events.size() != 1 || st.events[0].name != "handchanges" || !st.events[0].suffixes.empty() || st.branches.size() != 1) {
    return false;
  }
  const Branch& b = st.branches[0];
  if (b.cond.kind != Cond::Kind::kIf || !b.targets.empty() || !b.restrictions.empty() || b.effects.empty()) return false;
  uint16_t bits = 0;
  for (const Effect& e : b.effects) {
    if (e.kind != Effect::Kind::kAbility || e.sign != '+' || !ability_bit(e.name)) return false;
    bits |= ability_bit(e.name);
  }
  const std::string m = unsupported_expr(r_, b.cond.expr);
  if (!m.empty()) {
    miss(m);
    return true;
  }
  out_.cond_abilities.push_back({b.cond.expr, bits});
  return true;
}

// ?oppCanBlock:this? [[if cond]] (Guy, Hokutomaru), ?oppCanBlock:any? (Cody (Alpha)).
bool Compiler::block_hook(const Statement& st) {
  if (st.events.size() != 1 || st.branches.size() != 1 || st.branches[0].cond.kind != Cond::Kind::kIf) return false;
  const Event& ev = st.events[0];
  if (ev.name != "canblock" || ev.prefix != "opp" || ev.suffixes.size() != 1) return false;
  if (ev.suffixes[0] != "this" && ev.suffixes[0] != "any") return false;
  const std::string m = unsupported_expr(r_, st.branches[0].cond.expr);
  if (!m.empty()) {
    miss(m);
    return true;
  }
  out_.block_hooks.push_back({st.branches[0].cond.expr, ev.suffixes[0] == "any"});
  return true;
}

// auto = modRule(play_char_bp_limit, n); ~anyBeforeDamage:action~ modDamage(n): changes that hold
// while the card is in a ring.
bool Compiler::static_mod(const Statement& st) {
  if (st.branches.size() != 1 || st.branches[0].effects.size() != 1 || st.branches[0].cond.kind != Cond::Kind::kNone ||
      !st.branches[0].targets.empty()) {
    return false;
  }
  const Effect& e = st.branches[0].effects[0];
  auto number = [&](const Arg& a, int32_t& out) {
    if (a.kind != Arg::Kind::kExpr || r_.pool[a.expr].op != expr::Op::kNum) return false;
    out = r_.pool[a.expr].value;
    return true;
  };
  if (st.events.empty() && e.name == "modRule" && e.args.size() == 2 && e.args[0].kind == Arg::Kind::kWord &&
      e.args[0].word == "play_char_bp_limit") {
    return number(e.args[1], out_.char_bp_limit);
  }
  if (st.events.size() == 1 && st.events[0].name == "beforedamage" && st.events[0].prefix == "any" &&
      st.events[0].suffixes == std::vector<std::string>{"action"} && e.name == "modDamage" && e.args.size() == 1) {
    return number(e.args[0], out_.action_damage_mod);
  }
  return false;
}

// ~anyBeforePayCostAction~ modCost(action, +2): the plugin changes the cost as each card is paid
// for; here it is a cost change that holds while the card is in the ring.
bool Compiler::cost_mod(const Statement& st) {
  if (st.events.size() != 1 || st.branches.size() != 1 || st.branches[0].effects.size() != 1) return false;
  const Event& ev = st.events[0];
  const Effect& e = st.branches[0].effects[0];
  const bool action = ev.name == "beforepaycostaction", reaction = ev.name == "beforepaycostreaction";
  if ((!action && !reaction) || !ev.suffixes.empty() || e.name != "modCost" || e.args.size() != 2 ||
      e.args[0].kind != Arg::Kind::kWord || e.args[1].kind != Arg::Kind::kExpr || r_.pool[e.args[1].expr].op != expr::Op::kNum ||
      st.branches[0].cond.kind != Cond::Kind::kNone || !st.branches[0].targets.empty()) {
    return false;
  }
  CScript::CostMod m;
  if (e.args[0].word == "action" && action) m.type = CardTypeWord::kAction;
  else if (e.args[0].word == "reaction" && reaction) m.type = CardTypeWord::kReaction;
  else return false;
  m.whose = ev.prefix == "any" ? -1 : ev.prefix == "opp" ? 1 : 0;
  m.delta = static_cast<int16_t>(std::clamp(r_.pool[e.args[1].expr].value, -100, 100));
  out_.cost_mods.push_back(m);
  return true;
}

// `auto = enableRule(x)`: a game rule changed while the card is in the ring.
bool Compiler::static_rules(const Statement& st) {
  if (st.branches.size() != 1 || st.branches[0].cond.kind != Cond::Kind::kNone || !st.branches[0].targets.empty() ||
      !st.branches[0].restrictions.empty() || st.branches[0].effects.empty()) {
    return false;
  }
  uint16_t on = 0, off = 0;
  for (const Effect& e : st.branches[0].effects) {
    const uint16_t bit = e.args.size() == 1 && e.args[0].kind == Arg::Kind::kWord ? game_rule_bit(e.args[0].word) : 0;
    if (!bit || (e.name != "enableRule" && e.name != "disableRule")) return false;
    (e.name == "enableRule" ? on : off) |= bit;
  }
  out_.rules_on |= on;
  out_.rules_off |= off;
  return true;
}

// The branches of a statement: [[if]] ... [[elif]] ... [[else]] become statements of their own,
// each after the first running only when none before it in the chain did.
void Compiler::branches(const Statement& st, std::vector<CStatement>& out) {
  for (size_t k = 0; k < st.branches.size(); ++k) {
    const Cond::Kind kind = st.branches[k].cond.kind;
    const bool chained = kind == Cond::Kind::kElif || kind == Cond::Kind::kElse;
    if (chained != (k > 0)) miss("[[if]] ... [[else]] out of order");
    const Branch& b = st.branches[k];
    const auto bar = std::find(b.joins.begin(), b.joins.end(), 'o');
    if (bar != b.joins.end() && b.targets.empty() && b.cond.kind == Cond::Kind::kNone &&
        std::count(b.joins.begin(), b.joins.end(), 'o') == 1) {
      // discard(character) || destroy(): two statements, the second run when the first failed
      // (each with its own default target: the first a card of the hand, the second this card).
      const size_t cut = static_cast<size_t>(bar - b.joins.begin()) + 1;
      Branch first = b, second = b;
      first.effects.assign(b.effects.begin(), b.effects.begin() + static_cast<std::ptrdiff_t>(cut));
      first.joins.assign(b.joins.begin(), b.joins.begin() + static_cast<std::ptrdiff_t>(cut - 1));
      second.effects.assign(b.effects.begin() + static_cast<std::ptrdiff_t>(cut), b.effects.end());
      second.joins.assign(b.joins.begin() + static_cast<std::ptrdiff_t>(cut), b.joins.end());
      out.push_back(statement(first));
      out.push_back(statement(second));
      out.back().or_else = true;
      continue;
    }
    out.push_back(statement(b));
    out.back().is_else = chained;
  }
}

CStatement Compiler::statement(const Branch& b) {
  CStatement cs;
  if (b.cond.kind == Cond::Kind::kMay) {
    cs.may = true;
  } else if (b.cond.kind == Cond::Kind::kIf || b.cond.kind == Cond::Kind::kElif) {
    const std::string m = unsupported_expr(r_, b.cond.expr);
    if (m.empty()) cs.cond = b.cond.expr;
    else miss(m);
  }
  for (const std::string& r : b.restrictions) {
    if (r == "ueot") cs.until_end_of_turn = true;
    else if (r == "oppueot") cs.until_opponent_turn_end = true;
    else if (r == "uynt") cs.until_your_next_turn = true;
    else if (r == "unac") cs.until_next_action = true;
    else miss(r);
  }
  if (b.targets.size() > 1) miss("several to()");
  if (!b.targets.empty()) {
    const TargetClause& t = b.targets.front();
    // to?() runs the effects even without a matching target, which every to() here does.
    if (t.is_expr) {
      // to(_char), target(tgt.0): the cards the expression names when the statement runs.
      const std::string m = unsupported_expr(r_, t.expr);
      if (!m.empty()) miss(m);
      cs.target.who = CTarget::Who::kCards;
      cs.target.plural = true;
      cs.target.cards_expr = t.expr;
    } else if (t.filters.size() != 1) {
      miss("to() with several filters");
    } else {
      cs.target = target(t.filters.front());
    }
    cs.pending |= cs.target.one_at_a_time;
  }
  if (cs.until_next_action && std::any_of(b.effects.begin(), b.effects.end(), [](const Effect& e) { return e.name != "alterCost"; })) {
    miss("unac on this effect");
  }
  for (size_t i = 0; i < b.effects.size(); ++i) effect(b, i, cs);
  return cs;
}

// Effect i of a branch, compiled into cs.effects (its arguments by the groups below).
void Compiler::effect(const Branch& b, size_t i, CStatement& cs) {
  const Effect& e = b.effects[i];
  if (e.kind == Effect::Kind::kAbility) {
    CEffect ce;
    ce.cmd = e.sign == '-' ? CEffect::Cmd::kRevoke : CEffect::Cmd::kGrant;
    ce.ability = ability_bit(e.name);
    ce.stop_on_fail = i > 0 && b.joins[i - 1] == 'a';
    if (!ce.ability) miss(std::string(1, e.sign) + e.name);
    cs.effects.push_back(ce);
    return;
  }
  const CommandInfo* info = nullptr;
  ++name_lookups();
  for (const CommandInfo& c : kCommands) {
    if (c.name == e.name) info = &c;
  }
  if (!info) {
    miss(e.name + "()");
    return;
  }
  CEffect ce;
  ce.cmd = info->cmd;
  // command?() asks the player; it is supported after a prophecy(), whose choices come first.
  ce.ask = e.ask;
  if (e.ask && !(i > 0 && b.effects[0].name == "prophecy")) miss(e.name + "?()");
  ce.stop_on_fail = i > 0 && b.joins[i - 1] == 'a';
  if (i > 0 && b.joins[i - 1] == 'o') miss("||");
  if (!pile_args(b, i, cs, ce) && !choice_args(b, i, cs, ce) && !other_args(b, i, cs, ce)) plain_args(e, *info, ce);
  cs.effects.push_back(std::move(ce));
}

}  // namespace detail

CScript compile_script(const Rules& r, const CardNames* names) { return detail::Compiler(r, names).run(); }

uint64_t& name_lookups() {
  thread_local uint64_t n = 0;
  return n;
}

uint16_t CardNames::find(const std::unordered_map<std::string, uint16_t>& in, const std::string& key) const {
  ++name_lookups();
  const auto it = in.find(key);
  return it == in.end() ? kNoName : it->second;
}

uint16_t game_rule_bit(std::string_view w) {
  static constexpr std::pair<std::string_view, uint16_t> kWords[] = {
      {"ab_trigger_fresh", kRuleTriggerFresh}, {"ab_trigger_act", kRuleTriggerAct}, {"ab_instant_act", kRuleInstantAct},
      {"piercing", kRulePiercing}, {"backup_fresh", kRuleBackupFresh}, {"backup_limit", kRuleBackupLimit},
      {"attack", kRuleAttack}, {"attack_freeze", kRuleAttackFreeze}, {"dmg_combat_deal", kRuleCombatDamage},
      {"play_removed", kRulePlayRemoved}};
  ++name_lookups();
  for (const auto& [word, bit] : kWords) {
    if (w == word) return bit;
  }
  return 0;
}

uint16_t ability_bit(std::string_view w) {
  static constexpr std::pair<std::string_view, uint16_t> kWords[] = {
      {"unblockable", kUnblockable}, {"cantattack", kCantAttack}, {"cantblock", kCantBlock},
      {"unlimitedbackup", kUnlimitedBackup}, {"unfreezable", kUnfreezable}, {"pierce", kPierce},
      {"preventpierce", kPreventPierce}, {"rush", kRush}, {"frosted", kFrosted},
      {"cantplayac", kCantPlayAction}, {"cantplayre", kCantPlayReaction}};
  ++name_lookups();
  for (const auto& [word, bit] : kWords) {
    if (w == word) return bit;
  }
  return 0;
}


}  // namespace rk::cfc
