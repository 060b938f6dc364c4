#include "games/cfc/script.h"

#include <algorithm>
#include <string_view>

#include "games/cfc/script_expr.h"
#include "text/diagnostic.h"

namespace rk::cfc {
namespace {

struct CommandInfo {
  std::string_view name;
  CEffect::Cmd cmd;
  bool takes_number;  // one optional integer argument
  bool takes_mod;     // bp(+n|xn|=n), sp(+n|=n)
};

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

// "hand", "myDeck", "oppDiscards", "ctrlHand"... -> pile and whose. A pile without a prefix is the
// player's whose script runs (the plugin's getPileByName falls back to `me`: Rock's "put the
// bottom card of their deck into your hand" is moveTo(hand)); ctrl is the moved card's controller.
bool pile_word(std::string w, Pile& pile, int8_t& whose) {
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

class Compiler {
 public:
  explicit Compiler(const Rules& r) : r_(r) {}

  CScript run() {
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
    std::sort(out_.missing.begin(), out_.missing.end());
    out_.missing.erase(std::unique(out_.missing.begin(), out_.missing.end()), out_.missing.end());
    out_.compiled = out_.missing.empty();
    return std::move(out_);
  }

 private:
  void miss(std::string what) { out_.missing.push_back(std::move(what)); }

  // The `target` property is the default target of action and auto rules (Q: target = players;
  // ~myEndPhase~ trash(2): each player trashes).
  void default_target(CStatement& st, const std::vector<Filter>* target_prop) {
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
  bool reads_prev_targets() const {
    bool reads = false;
    for (size_t id = 0; id < r_.pool.size(); ++id) {
      const expr::Node& n = r_.pool[static_cast<expr::NodeId>(id)];
      reads |= n.op == expr::Op::kVar && (r_.symbols.name(n.sym) == "prevTgt" || r_.symbols.name(n.sym) == "tgt");
    }
    return reads;
  }

  // Labels, the `target` property's own statement (see run()), default targets and target slots.
  void finish_actions(const std::vector<std::string>& labels, const std::vector<Filter>* target_prop, bool reads_prev) {
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

  void finish_autos(const std::vector<Filter>* target_prop) {
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

  // The one argument of copyAbility() and activate(): an expression naming a card.
  void card_expr_arg(const Effect& e, CEffect& ce) {
    const std::string m = e.args.size() == 1 && e.args[0].kind == Arg::Kind::kExpr ? unsupported_expr(r_, e.args[0].expr)
                                                                                    : e.name + "() of this argument";
    if (m.empty()) ce.value_expr = e.args[0].expr;
    else miss(m);
  }

  // A whole number written in the script: 5, -5.
  bool number(expr::NodeId id, int32_t& out) const {
    if (id == expr::kNoNode) return false;
    const expr::Node& n = r_.pool[id];
    if (n.op == expr::Op::kNum) {
      out = n.value;
      return true;
    }
    if (n.op == expr::Op::kNeg && n.kid_count == 1 && number(r_.pool.kid(n, 0), out)) {
      out = -out;
      return true;
    }
    return false;
  }

  // vars = _coin := flipCoin(); _cards := getTargets('"Engokogeki"s@myDiscards'); _char := tgt.0
  void vars(const Property& p) {
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
          Compiler sub(inner);
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

  // An amount: a number, or an expression the engine evaluates when the effect runs.
  void amount(expr::NodeId id, CEffect& ce) {
    if (id != expr::kNoNode && r_.pool[id].op == expr::Op::kNum) {
      ce.value = r_.pool[id].value;
      return;
    }
    const std::string m = unsupported_expr(r_, id);
    if (m.empty()) ce.value_expr = id;
    else miss(m);
  }

  void action(const Property& p) {
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

  void auto_rule(const Property& p) {
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
  bool cond_ability(const Statement& st) {
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
  bool block_hook(const Statement& st) {
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
  bool static_mod(const Statement& st) {
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
  bool cost_mod(const Statement& st) {
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
  bool static_rules(const Statement& st) {
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
  void branches(const Statement& st, std::vector<CStatement>& out) {
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

  CStatement statement(const Branch& b) {
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
  void effect(const Branch& b, size_t i, CStatement& cs) {
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

  // Commands on piles and cards moving between them; false: not one of them.
  bool pile_args(const Branch& b, size_t i, CStatement& cs, CEffect& ce) {
    const Effect& e = b.effects[i];
    if (ce.cmd == CEffect::Cmd::kMoveTo) {
      move_args(e, ce);
      if (ce.value == kAskPosition) {
        // moveTo(oppDeck, ?): the player puts the cards on top or at the bottom once the rule runs.
        if (ce.pile != Pile::kDeck) miss("moveTo(pile, ?) of a pile other than a deck");
        if (i + 1 != b.effects.size()) miss("moveTo(pile, ?) before other effects");
        cs.pending = true;
      }
      return true;
    }
    if (e.name == "rndDiscard") {
      // rndDiscard(n): discard(<rn>), n cards of the hand at random.
      ce.pick.random = 1;
      if (e.args.size() == 1 && e.args[0].kind == Arg::Kind::kExpr && r_.pool[e.args[0].expr].op == expr::Op::kNum) {
        ce.pick.random = static_cast<int8_t>(std::clamp(r_.pool[e.args[0].expr].value, 1, 60));
      } else if (!e.args.empty()) {
        miss("rndDiscard() with this argument");
      }
      return true;
    }
    if (ce.cmd == CEffect::Cmd::kMovePile || ce.cmd == CEffect::Cmd::kSwapPiles) {
      int8_t w1 = 0, w2 = 0;
      if (e.args.size() != 2 || e.args[0].kind != Arg::Kind::kWord || e.args[1].kind != Arg::Kind::kWord ||
          !pile_word(e.args[0].word, ce.pile, w1) || !pile_word(e.args[1].word, ce.pile2, w2) || w1 != 0 || w2 != 0) {
        miss(e.name + "() of these piles");
      }
      return true;
    }
    if (ce.cmd == CEffect::Cmd::kSkipDraw) {
      if (e.args.size() != 1 || e.args[0].kind != Arg::Kind::kWord || e.args[0].word != "draw") miss("skip() of this phase");
      return true;
    }
    if (ce.cmd == CEffect::Cmd::kTransform) {
      // transform("GUID"): that card model; transform(discarded.0): the card the expression names.
      if (e.args.size() == 1 && e.args[0].kind == Arg::Kind::kString) {
        ce.guid = e.args[0].word;
      } else if (e.args.size() == 1 && e.args[0].kind == Arg::Kind::kExpr) {
        const std::string m = unsupported_expr(r_, e.args[0].expr);
        if (m.empty()) ce.value_expr = e.args[0].expr;
        else miss(m);
      } else {
        miss("transform() of this argument");
      }
      return true;
    }
    if (ce.cmd == CEffect::Cmd::kMoveRevealed) {
      // moveRevealedTo(pile[, position]): the cards above the target in its deck, as revealed.
      ce.value = 0;
      if (e.args.empty() || e.args[0].kind != Arg::Kind::kWord || !pile_word(e.args[0].word, ce.pile, ce.whose)) {
        miss("moveRevealedTo() to this zone");
      } else if (e.args.size() > 1) {
        const Arg& pos = e.args[1];
        if (pos.kind == Arg::Kind::kExpr && r_.pool[pos.expr].op == expr::Op::kNum && (r_.pool[pos.expr].value == 0 || r_.pool[pos.expr].value == -1)) {
          ce.value = r_.pool[pos.expr].value;
        } else {
          miss("moveRevealedTo() to this position");
        }
      }
      return true;
    }
    return false;
  }

  // prophecy(), alterCost(), activate(), copyAbility(), steal(); false: not one of them.
  bool choice_args(const Branch& b, size_t i, CStatement& cs, CEffect& ce) {
    const Effect& e = b.effects[i];
    if (ce.cmd == CEffect::Cmd::kProphecy) {
      // prophecy([n [, top|bottom]]): look at the top n cards of a deck and put them back in any
      // order, on top or at the bottom as the player likes unless the position is given. Its
      // choices come once the rule runs, so it starts its statement, which ends the rule.
      ce.value = 1;
      ce.mod = 0;
      int32_t n = 1;
      if (!e.args.empty() && (e.args[0].kind != Arg::Kind::kExpr || !number(e.args[0].expr, n) || n < 1 || n > 60)) {
        miss("prophecy() of this number");
      }
      ce.value = n;
      if (e.args.size() > 1) {
        if (e.args[1].kind == Arg::Kind::kWord && e.args[1].word == "top") ce.mod = 't';
        else if (e.args[1].kind == Arg::Kind::kWord && e.args[1].word == "bottom") ce.mod = 'b';
        else miss("prophecy() to this position");
      }
      if (i != 0) miss("prophecy() after other effects");
      cs.pending = true;
      return true;
    }
    if (ce.cmd == CEffect::Cmd::kAlterCost) {
      // alterCost(action, =0), alterCost(ua3, =-5): SP as printed on cards (negative: a cost).
      static constexpr std::pair<std::string_view, CostKind> kKinds[] = {
          {"action", kCostAction}, {"reaction", kCostReaction}, {"ua2", kCostUa2}, {"ua3", kCostUa3}};
      bool known = false;
      if (e.args.size() == 2 && e.args[0].kind == Arg::Kind::kWord) {
        for (const auto& [w, k] : kKinds) {
          if (e.args[0].word == w) {
            ce.cost_kind = k;
            known = true;
          }
        }
      }
      const Arg* amt = e.args.size() == 2 ? &e.args[1] : nullptr;
      if (!known || !amt || (amt->kind != Arg::Kind::kMod && amt->kind != Arg::Kind::kExpr) || amt->mod == 'x' ||
          !number(amt->expr, ce.value)) {
        miss("alterCost() of these arguments");
      } else {
        ce.mod = amt->kind == Arg::Kind::kMod ? amt->mod : 0;
      }
      return true;
    }
    if (ce.cmd == CEffect::Cmd::kActivate) {
      // activate(discarded.0), activate(tgt): the named card's rules run as this card's; the way
      // to run them is chosen once the rule runs, so it ends the rule.
      card_expr_arg(e, ce);
      if (i + 1 != b.effects.size()) miss("activate() before other effects");
      cs.pending = true;
      return true;
    }
    if (ce.cmd == CEffect::Cmd::kCopyAbility) {
      // copyAbility(discarded.0), copyAbility(this): the card whose rules the targets get.
      card_expr_arg(e, ce);
      return true;
    }
    if (ce.cmd == CEffect::Cmd::kSteal) {
      // steal() target(X): this card takes X's rules; steal(Y) from(X): a card Y, chosen with the
      // rule, takes them.
      if (e.args.size() == 1 && e.args[0].kind == Arg::Kind::kFilter && e.args[0].filter.size() == 1) {
        cs.more.push_back(target(e.args[0].filter.front()));
        const CTarget& m = cs.more.back();
        if (m.who != CTarget::Who::kCards || m.plural || m.random > 0 || m.max != 1 || m.min != 1 || m.pile != Pile::kRing) {
          miss("steal() to this target");
        }
        ce.to_more = true;
      } else if (!e.args.empty()) {
        miss("steal() of this argument");
      }
      return true;
    }
    return false;
  }

  // Commands without arguments or with a word, discard(), shuffle(), each(); false: none of them.
  bool other_args(const Branch& b, size_t i, CStatement& cs, CEffect& ce) {
    const Effect& e = b.effects[i];
    if (ce.cmd == CEffect::Cmd::kMoveToSlot) {
      // moveToSlot(): the player chooses an empty slot of the card's ring once the rule runs.
      if (i + 1 != b.effects.size()) miss("moveToSlot() before other effects");
      cs.pending = true;
    }
    if (ce.cmd == CEffect::Cmd::kExtraChar || ce.cmd == CEffect::Cmd::kRemoveFromAttack || ce.cmd == CEffect::Cmd::kUnite ||
        ce.cmd == CEffect::Cmd::kSwapAbilities || ce.cmd == CEffect::Cmd::kSwapChars || ce.cmd == CEffect::Cmd::kMoveToSlot) {
      return true;
    }
    if (ce.cmd == CEffect::Cmd::kFreeze && e.args.size() == 1 && e.args[0].kind == Arg::Kind::kWord) {
      // freeze(toggle), freeze(true): a frozen card unfreezes, an unfrozen one freezes.
      if (e.args[0].word == "toggle" || e.args[0].word == "true") ce.mod = 't';
      return true;
    }
    if (ce.cmd == CEffect::Cmd::kDiscard) {
      discard_args(e, b, i, cs, ce);
      return true;
    }
    if (ce.cmd == CEffect::Cmd::kShuffle && !e.args.empty()) {
      // shuffle(myDeck), shuffle(oppDeck): that player's deck (the statement's target otherwise).
      Pile pile;
      int8_t whose = 0;
      if (e.args.size() != 1 || e.args[0].kind != Arg::Kind::kWord || !pile_word(e.args[0].word, pile, whose) ||
          pile != Pile::kDeck) {
        miss("shuffle() of this pile");
      }
      ce.whose = static_cast<int8_t>(whose < 0 ? 3 : whose + 1);  // 1 mine, 2 the opponent's, 3 ctrlDeck
      return true;
    }
    if (ce.cmd == CEffect::Cmd::kEach) {
      each_args(e, ce);
      return true;
    }
    if (ce.cmd == CEffect::Cmd::kRuleOn || ce.cmd == CEffect::Cmd::kRuleOff) {
      if (e.args.size() == 1 && e.args[0].kind == Arg::Kind::kWord) ce.ability = game_rule_bit(e.args[0].word);
      if (!ce.ability) miss(e.name + "() of this rule");
      return true;
    }
    if (ce.cmd == CEffect::Cmd::kReveal) {
      return true;  // what is shown to whom does not change the game
    }
    return false;
  }

  // The rest: at most one argument, an amount (number, expression, or +n/-n/=n/xn where it takes one).
  void plain_args(const Effect& e, const CommandInfo& c, CEffect& ce) {
    if (e.args.size() > 1) miss(e.name + "() with several arguments");
    if (!e.args.empty()) {
      const Arg& arg = e.args.front();
      if (c.takes_mod && (arg.kind == Arg::Kind::kMod || arg.kind == Arg::Kind::kExpr)) {
        ce.mod = arg.kind == Arg::Kind::kMod ? arg.mod : 0;
        amount(arg.expr, ce);
        if (ce.cmd == CEffect::Cmd::kSp && ce.mod == 'x') miss("sp(x...)");
      } else if (c.takes_number && arg.kind == Arg::Kind::kExpr) {
        amount(arg.expr, ce);
      } else {
        miss(e.name + "() with this argument");
      }
    } else if (c.takes_mod || ce.cmd == CEffect::Cmd::kDamage || ce.cmd == CEffect::Cmd::kHp || ce.cmd == CEffect::Cmd::kLoseLife) {
      miss(e.name + "() without its amount");
    }
  }

  // discard(all), discard(actions), discard(<r2>): cards taken without a choice; discard(), discard(3):
  // cards the player chooses once the rule runs (a Pending, so only as the rule's last effect);
  // discard(<1>reaction) target(opp): a card of that player's hand, chosen with the rule.
  void discard_args(const Effect& e, const Branch& b, size_t i, CStatement& cs, CEffect& ce) {
    const bool last = i + 1 == b.effects.size();
    if (e.args.empty() || (e.args.size() == 1 && e.args[0].kind == Arg::Kind::kExpr && r_.pool[e.args[0].expr].op == expr::Op::kNum)) {
      ce.chosen = true;
      ce.value = e.args.empty() ? 1 : std::clamp(r_.pool[e.args[0].expr].value, 1, 60);
      cs.pending = true;
      if (!last) miss("discard() of cards the player chooses before other effects");
      return;
    }
    if (e.args.size() != 1 || e.args[0].kind != Arg::Kind::kFilter || e.args[0].filter.size() != 1) {
      miss("discard() of this argument");
      return;
    }
    const Filter& f = e.args[0].filter.front();
    if (hand_pick(f, ce.pick)) return;
    if (b.effects.size() != 1 || !f.zone.empty() || f.has_pick) {
      miss("discard() of cards the player chooses");
      return;
    }
    const int8_t side = cs.target.who == CTarget::Who::kOpp ? 1 : 0;
    if (cs.target.who != CTarget::Who::kOpp && cs.target.who != CTarget::Who::kMe && cs.target.who != CTarget::Who::kDefault) {
      miss("discard() of a chosen card with this target");
    }
    cs.target = target(f);
    cs.target.who = CTarget::Who::kCards;
    cs.target.pile = Pile::kHand;
    cs.target.side = side;
    cs.hand_choice = true;
    ce.chosen = true;
  }

  // A hand pick: `all`, plural types (actions, !characters), or <rN> at random. False when the
  // filter needs a choice (one card of a type, a number of cards).
  bool hand_pick(const Filter& f, HandPick& out) {
    if (f.has_pick || f.has_filter || !f.selectors.empty() || !f.zone.empty()) return false;
    bool plural = false, all = false;
    for (const TypeTerm& t : f.types.terms) {
      if (t.quoted || t.other) return false;
      if (t.word == "all") {
        all = true;
        continue;
      }
      plural |= t.plural;
      out.types.push_back(t);
    }
    if (f.qty.kind == Qty::Kind::kRandom) {
      out.random = static_cast<int8_t>(std::max(1, f.qty.min));
      return true;
    }
    return f.qty.kind == Qty::Kind::kNone && (all || plural);
  }

  // {D}, {D(2)}, {D(action)}, {D(<**>)}: cards of the hand; {S(^character)}, {S(<**>character@myRing)}:
  // characters of the controller's ring. {D(all)} and {D(<r>)} take cards without a choice.
  void chosen_cost(const Cost& c, CAction& a) {
    if (a.pay != CAction::Pay::kNone) miss("two costs with a choice");
    CTarget t;
    t.who = CTarget::Who::kCards;
    if (c.has_arg && c.arg.kind == Arg::Kind::kExpr && r_.pool[c.arg.expr].op == expr::Op::kNum) {
      t.min = t.max = static_cast<uint8_t>(std::clamp(r_.pool[c.arg.expr].value, 1, kMaxSeveral));  // {D(2)}
    } else if (c.has_arg && c.arg.kind == Arg::Kind::kFilter && c.arg.filter.size() == 1) {
      const Filter& f = c.arg.filter.front();
      if (c.letter == 'D' && hand_pick(f, a.discard_pick)) {
        a.cost_discard_pick = true;
        return;
      }
      t = target(f);
      if (t.who != CTarget::Who::kCards || t.plural || t.random > 0 || t.one_at_a_time) miss(std::string("{") + c.letter + "(...)} of this filter");
      if (c.letter == 'D' && !(f.zone.empty() || f.zone == "hand")) miss("{D(...)} outside the hand");
      if (c.letter == 'S' && !(f.zone.empty() || f.zone == "ring")) miss("{S(...)} outside the ring");
    } else if (c.has_arg) {
      miss(std::string("{") + c.letter + "(...)} of this argument");
    }
    t.pile = c.letter == 'D' ? Pile::kHand : Pile::kRing;
    t.side = 0;
    a.pay = c.letter == 'D' ? CAction::Pay::kDiscard : CAction::Pay::kSacrifice;
    a.pay_from = std::move(t);
  }

  // each(PRED in LIST => EFFECT) with an expression list; the effect is compiled as a statement's.
  void each_args(const Effect& e, CEffect& ce) {
    if (e.args.size() != 1 || e.args[0].kind != Arg::Kind::kEach) {
      miss("each() of this argument");
      return;
    }
    const Arg& a = e.args[0];
    if (a.list == expr::kNoNode) {
      // each(characters[attack] => draw(2)): once per card the filter matches.
      if (a.filter.size() != 1) {
        miss("each() over several filters");
        return;
      }
      CTarget t = target(a.filter.front());
      t.plural = true;
      if (t.who != CTarget::Who::kCards || t.one_at_a_time) miss("each() over this filter");
      ce.each_target.push_back(std::move(t));
    } else {
      for (expr::NodeId id : {a.expr, a.list}) {
        const std::string m = unsupported_expr(r_, id);
        if (!m.empty()) miss(m);
      }
      ce.each_pred = a.expr;
      ce.each_list = a.list;
    }
    Branch b;
    b.effects = a.body;
    for (size_t i = 1; i < b.effects.size(); ++i) b.joins.push_back('&');
    CStatement inner = statement(b);
    ce.body = std::move(inner.effects);
    for (const CEffect& x : ce.body) {
      if (x.cmd == CEffect::Cmd::kEach) miss("each() inside each()");
    }
  }

  // moveTo(pile [, position [, reveal]]): the position is top (default) or a number (-1: bottom).
  void move_args(const Effect& e, CEffect& ce) {
    ce.value = 0;
    if (e.args.empty() || e.args[0].kind != Arg::Kind::kWord || !pile_word(e.args[0].word, ce.pile, ce.whose)) {
      miss("moveTo() to this zone");
      return;
    }
    for (size_t k = 1; k < e.args.size(); ++k) {
      const Arg& arg = e.args[k];
      if (arg.kind == Arg::Kind::kExpr && r_.pool[arg.expr].op == expr::Op::kNum && k == 1) {
        ce.value = r_.pool[arg.expr].value;
      } else if (arg.kind == Arg::Kind::kQuery && k == 1) {
        ce.value = kAskPosition;
      }
      // Anything else is the reveal flag: who sees the card does not change the game state.
    }
    if (ce.value != 0 && ce.value != -1 && ce.value != kAskPosition) miss("moveTo() to a position other than top or bottom");
  }

  CTarget target(const Filter& f) {
    CTarget t;
    for (const Selector& s : f.selectors) {
      // ::not(tgt): all the matches but the cards the expression names.
      const std::string m = s.name != "not" || t.exclude != expr::kNoNode ? "::" + s.name + "()" : unsupported_expr(r_, s.arg);
      if (m.empty()) t.exclude = s.arg;
      else miss(m);
    }
    target_amount(f, t);
    target_zone(f, t);
    target_types(f, t);
    if (t.exclude != expr::kNoNode && !t.plural) miss("::not() on a target to choose");
    if (t.each_type && (!t.plural || t.who != CTarget::Who::kCards)) miss("type & type on a target to choose");
    return t;
  }

  // <pick> and <qty>: how many cards, and whether they are offered as sets or taken one at a time.
  void target_amount(const Filter& f, CTarget& t) {
    if (f.has_pick) {
      if (f.pick == 0 || f.pick > 60 || f.pick < -60) miss("<pick> of 0 or more than 60 cards");
      t.pick = static_cast<int16_t>(std::clamp(f.pick, -60, 60));
    }
    switch (f.qty.kind) {
      case Qty::Kind::kNone:
        // The whole window: character<1>@oppRing is the first one, *<4>@deck the top four. In any
        // deck (character<1>[powerful]@anyDeck: "look through the top of any deck") the player
        // chooses the deck, that is one of the windows' cards.
        t.plural = f.has_pick && !(f.zone_prefix == "any" && f.zone == "deck" && std::abs(f.pick) == 1 &&
                                   std::none_of(f.types.terms.begin(), f.types.terms.end(), [](const TypeTerm& tt) { return tt.plural; }));
        break;
      case Qty::Kind::kRandom: t.random = static_cast<int8_t>(std::clamp(f.qty.min, 1, 60)); break;
      case Qty::Kind::kCount:
        t.min = static_cast<uint8_t>(std::clamp(f.qty.min, 0, 255));
        t.max = static_cast<uint8_t>(std::clamp(f.qty.max, 0, 255));
        break;
      case Qty::Kind::kAny:
        t.min = 1;
        t.max = kMaxSeveral;
        break;
    }
    if (t.max > 1 || t.min != 1) {
      // Sets of cards are offered as choices where the cards to choose among are few (a ring, a
      // hand, a <pick> window); from a whole deck or discard pile they are taken one at a time
      // once the rule runs (<,3>*@discards: up to three, <0,n>: none at all is fine).
      const bool few = f.zone.empty() || f.zone == "ring" || f.zone == "arena" || f.zone == "hand" ||
                       (f.has_pick && std::abs(f.pick) <= kMaxSeveral);
      t.one_at_a_time = !few;
      if (few && (t.max > kMaxSeveral || t.min > t.max || t.min == 0)) miss("<qty> of more than eight cards");
      if (!few && t.min > t.max) miss("<qty> with more than its maximum");
    }
  }

  // @zone with its prefix: which pile, and whose.
  void target_zone(const Filter& f, CTarget& t) {
    if (f.zone == "infront") {
      t.infront = true;
      t.side = 1;
    }
    if (f.zone == "hand") t.pile = Pile::kHand;
    else if (f.zone == "deck") t.pile = Pile::kDeck;
    else if (f.zone == "discards") t.pile = Pile::kDiscards;
    else if (f.zone == "removed") t.pile = Pile::kRemoved;
    else if (!(f.zone == "ring" || f.zone == "arena" || f.zone == "infront" || f.zone.empty())) miss("@" + f.zone);
    // No zone is the arena, both rings; a zone without a prefix is the controller's (RuleScript.md:
    // `my` is the default prefix; Kyoko's `characters[frozen]@ring` is "all characters in your ring").
    const bool arena = f.zone.empty() || f.zone == "arena";
    if (f.zone_prefix == "my") t.side = 0;
    else if (f.zone_prefix == "opp") t.side = 1;
    else if (f.zone_prefix.empty()) t.side = t.infront ? 1 : arena ? -1 : 0;
    else if (f.zone_prefix == "same" && t.pile == Pile::kRing && !t.infront) t.same_ring = true;  // either ring, one of them
    else if (f.zone_prefix != "any") miss(f.zone_prefix + " zone");
  }

  // The types (cards, players, this) and [filters] of a target.
  void target_types(const Filter& f, CTarget& t) {
    // "Juni"&"Juli"<1>@myDeck (M. Bison): a card named Juni and a card named Juli.
    const bool and_joined = std::any_of(f.types.and_next.begin(), f.types.and_next.end(), [](bool x) { return x; });
    const bool all_and = std::all_of(f.types.and_next.begin(), f.types.and_next.end(), [](bool x) { return x; });
    if (and_joined && !all_and) miss("type & type , type");
    t.each_type = and_joined;
    for (const TypeTerm& tt : f.types.terms) {
      if (tt.word == "opp" && f.types.terms.size() > 1) {
        t.or_enemy = true;  // to(opp,character@oppRing): the enemy or one of their characters
        continue;
      }
      if (tt.word == "me" || tt.word == "opp" || tt.word == "player" || tt.word == "this") {
        if (f.types.terms.size() != 1) miss("players and cards in one filter");
        t.who = tt.word == "me" ? CTarget::Who::kMe : tt.word == "opp" ? CTarget::Who::kOpp
              : tt.word == "this" ? CTarget::Who::kThis : CTarget::Who::kPlayers;
        if (tt.word == "player" && !tt.plural) miss("player (one to choose)");
        continue;
      }
      t.who = CTarget::Who::kCards;
      t.plural |= tt.plural || tt.word == "all";
      t.other |= tt.other;
      t.types.push_back(tt);
    }
    if (f.types.terms.empty()) t.who = CTarget::Who::kCards;
    if (t.or_enemy && (t.plural || t.random > 0 || t.max != 1 || t.who != CTarget::Who::kCards)) miss("players and cards in one filter");
    if (f.has_filter) {
      for (const FilterTerm& ft : f.filters.terms) {
        if (ft.kind == FilterTerm::Kind::kLowest && ft.word != "bp") miss(ft.word + ":lowest");
        if (ft.kind == FilterTerm::Kind::kCompare && ft.word != "bp") miss(ft.word + " comparison");
        if (ft.kind == FilterTerm::Kind::kWord) {
          static constexpr std::string_view kStates[] = {"frozen", "fresh", "backedup", "powerful", "powerless"};
          const bool state = std::find(std::begin(kStates), std::end(kStates), ft.word) != std::end(kStates);
          (void)state;  // other words are subtypes, card types or ability types (abinstant...)
        }
      }
      t.filters = f.filters;
    }
  }

  const Rules& r_;
  CScript out_;
};

}  // namespace

CScript compile_script(const Rules& r) { return Compiler(r).run(); }

uint16_t game_rule_bit(std::string_view w) {
  static constexpr std::pair<std::string_view, uint16_t> kWords[] = {
      {"ab_trigger_fresh", kRuleTriggerFresh}, {"ab_trigger_act", kRuleTriggerAct}, {"ab_instant_act", kRuleInstantAct},
      {"piercing", kRulePiercing}, {"backup_fresh", kRuleBackupFresh}, {"backup_limit", kRuleBackupLimit},
      {"attack", kRuleAttack}, {"attack_freeze", kRuleAttackFreeze}, {"dmg_combat_deal", kRuleCombatDamage},
      {"play_removed", kRulePlayRemoved}};
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
  for (const auto& [word, bit] : kWords) {
    if (w == word) return bit;
  }
  return 0;
}

bool is_player_command(CEffect::Cmd c) {
  switch (c) {
    case CEffect::Cmd::kDraw:
    case CEffect::Cmd::kSp:
    case CEffect::Cmd::kHp:
    case CEffect::Cmd::kLoseLife:
    case CEffect::Cmd::kShuffle:
    case CEffect::Cmd::kTrash:
    case CEffect::Cmd::kDiscard:
    case CEffect::Cmd::kRuleOn:
    case CEffect::Cmd::kRuleOff:
    case CEffect::Cmd::kMovePile:
    case CEffect::Cmd::kSwapPiles:
    case CEffect::Cmd::kExtraChar:
    case CEffect::Cmd::kExtraTurn:
    case CEffect::Cmd::kSkipDraw:
    case CEffect::Cmd::kAlterCost: return true;
    default: return false;
  }
}

}  // namespace rk::cfc
