#include "games/cfc/rules/script_expr.h"

#include <algorithm>
#include <climits>
#include <string_view>

#include "games/cfc/rules/game.h"

namespace rk::cfc {
namespace {

using expr::Op;

struct Val {
  enum class Kind : uint8_t { kNil, kInt, kBool, kCard, kPlayer, kCards };
  Kind kind = Kind::kNil;
  int32_t i = 0;
  kernel::EntityId card = kernel::kNoEntity;
  std::vector<kernel::EntityId> cards;
};

Val make_int(int32_t v) { return {Val::Kind::kInt, v}; }
Val make_bool(bool v) { return {Val::Kind::kBool, v ? 1 : 0}; }

bool truth(const Val& v) {
  switch (v.kind) {
    case Val::Kind::kNil: return false;
    case Val::Kind::kInt:
    case Val::Kind::kBool: return v.i != 0;
    case Val::Kind::kCards: return !v.cards.empty();
    default: return true;
  }
}

// Every name the evaluator knows, with what it means.
constexpr std::pair<std::string_view, ExprName> kNames[] = {
    {"me", ExprName::kMe}, {"opp", ExprName::kOpp}, {"this", ExprName::kThis}, {"card", ExprName::kCard},
    {"char", ExprName::kChar}, {"action", ExprName::kAction}, {"reaction", ExprName::kReaction},
    {"attacker", ExprName::kAttacker}, {"blocker", ExprName::kBlocker}, {"trigger", ExprName::kTrigger},
    {"instant", ExprName::kInstant}, {"triggered", ExprName::kTriggered}, {"auto", ExprName::kAuto},
    {"True", ExprName::kTrue}, {"False", ExprName::kFalse}, {"alone", ExprName::kAlone},
    {"soloAttack", ExprName::kSoloAttack}, {"uaBP", ExprName::kUaBp},
    {"discarded", ExprName::kDiscarded}, {"destroyed", ExprName::kDestroyed}, {"sacrificed", ExprName::kSacrificed},
    {"moved", ExprName::kMoved}, {"trashed", ExprName::kTrashed}, {"prevTgt", ExprName::kPrevTgt}, {"tgt", ExprName::kTgt},
    {"hp", ExprName::kHp}, {"sp", ExprName::kSp}, {"hand", ExprName::kHand}, {"ring", ExprName::kRing},
    {"discards", ExprName::kDiscards}, {"deck", ExprName::kDeck}, {"size", ExprName::kSize}, {"bp", ExprName::kBp},
    {"BP", ExprName::kPrintedBp}, {"SP", ExprName::kPrintedSp}, {"lastBP", ExprName::kLastBp}, {"lastbp", ExprName::kLastBp},
    {"ncDamaged", ExprName::kNcDamaged}, {"lostSP", ExprName::kLostSp}, {"ability", ExprName::kAbility},
    {"controller", ExprName::kController},
    {"abs", ExprName::kAbs}, {"inUAttack", ExprName::kInUAttack}, {"isChar", ExprName::kIsChar},
};

bool is_variable(ExprName n) { return n >= ExprName::kMe && n <= ExprName::kVar; }
bool is_field(ExprName n) { return n >= ExprName::kHp && n <= ExprName::kIndex; }
bool is_function(ExprName n) { return n >= ExprName::kAbs && n <= ExprName::kIsChar; }
bool is_element(ExprName n) { return n >= ExprName::kCard && n <= ExprName::kReaction; }

bool is_index(std::string_view w) { return !w.empty() && w.size() <= 2 && std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; }); }

class Eval {
 public:
  Eval(const ExprScope& s) : s_(s), pool_(s.rules.pool), names_(s.script.names) {}

  Val run(expr::NodeId id) {
    const expr::Node& n = pool_[id];
    switch (n.op) {
      case Op::kNum: return make_int(n.value);
      case Op::kVar: return var(name(n.sym));
      case Op::kField: return field(run(pool_.kid(n, 0)), name(n.sym));
      case Op::kNot: return make_bool(!truth(run(pool_.kid(n, 0))));
      case Op::kNeg: return make_int(static_cast<int32_t>(std::clamp<int64_t>(-static_cast<int64_t>(run(pool_.kid(n, 0)).i), INT32_MIN, INT32_MAX)));
      case Op::kAnd: {
        Val a = run(pool_.kid(n, 0));
        return truth(a) ? run(pool_.kid(n, 1)) : a;
      }
      case Op::kOr: {
        Val a = run(pool_.kid(n, 0));
        return truth(a) ? a : run(pool_.kid(n, 1));
      }
      case Op::kAdd: case Op::kSub: case Op::kMul: case Op::kDiv: case Op::kMod: return arithmetic(n);
      case Op::kEq: case Op::kNe: case Op::kLt: case Op::kLe: case Op::kGt: case Op::kGe: return comparison(n);
      case Op::kAll: {
        const Val list = run(pool_.kid(n, 1));
        for (kernel::EntityId e : list.cards) {
          element_ = e;
          if (!truth(run(pool_.kid(n, 0)))) return make_bool(false);
        }
        return make_bool(true);
      }
      case Op::kCall: {
        // isChar(card), abs(n), inUAttack(card)
        const Val a = n.kid_count ? run(pool_.kid(n, 0)) : Val{};
        const ExprName f = name(n.sym).name;
        if (f == ExprName::kAbs) return make_int(a.i == INT32_MIN ? INT32_MAX : std::abs(a.i));
        if (f == ExprName::kInUAttack) return make_bool(a.kind == Val::Kind::kCard && in_united(a.card));
        return make_bool(a.kind == Val::Kind::kCard && a.card != kernel::kNoEntity && s_.game.def(a.card).type == CardType::kCharacter);
      }
      default: return {};
    }
  }

 private:
  CName name(expr::Sym sym) const { return sym < names_.size() ? names_[sym] : CName{}; }

  Val arithmetic(const expr::Node& n) {
    // Python integers do not overflow; here the result saturates at the int32 range.
    const int64_t a = run(pool_.kid(n, 0)).i, b = run(pool_.kid(n, 1)).i;
    int64_t r;
    switch (n.op) {
      case Op::kAdd: r = a + b; break;
      case Op::kSub: r = a - b; break;
      case Op::kMul: r = a * b; break;
      case Op::kDiv: r = b == 0 ? 0 : a / b; break;
      default: r = b == 0 ? 0 : a % b; break;
    }
    return make_int(static_cast<int32_t>(std::clamp<int64_t>(r, INT32_MIN, INT32_MAX)));
  }

  Val comparison(const expr::Node& n) {
    const Val a = run(pool_.kid(n, 0)), b = run(pool_.kid(n, 1));
    if (n.op == Op::kEq || n.op == Op::kNe) {
      const bool eq = a.kind == b.kind ? (a.i == b.i && a.card == b.card && a.cards == b.cards)
                                       : (a.kind == Val::Kind::kInt || a.kind == Val::Kind::kBool) &&
                                             (b.kind == Val::Kind::kInt || b.kind == Val::Kind::kBool) && a.i == b.i;
      return make_bool(eq == (n.op == Op::kEq));
    }
    // A value that does not exist (the BP of an action card, a card not chosen) is neither
    // smaller nor greater than anything.
    if (a.kind == Val::Kind::kNil || b.kind == Val::Kind::kNil) return make_bool(false);
    const int32_t x = a.i, y = b.i;
    return make_bool(n.op == Op::kLt ? x < y : n.op == Op::kLe ? x <= y : n.op == Op::kGt ? x > y : x >= y);
  }

  Val var(CName nm) {
    const ExprName v = nm.name;
    switch (v) {
      case ExprName::kMe: return {Val::Kind::kPlayer, s_.controller};
      case ExprName::kOpp: return {Val::Kind::kPlayer, 1 - s_.controller};
      case ExprName::kThis: return {Val::Kind::kCard, 0, s_.self};
      case ExprName::kCard: case ExprName::kChar: case ExprName::kAction: case ExprName::kReaction:
        return {Val::Kind::kCard, 0, element_};
      case ExprName::kAttacker: return {Val::Kind::kCard, 0, s_.attacker};
      case ExprName::kBlocker: return {Val::Kind::kCard, 0, s_.blocker};
      case ExprName::kTrigger: return {Val::Kind::kCard, 0, s_.trigger};
      case ExprName::kInstant: return make_int(static_cast<int32_t>(AbilityType::kInstant));
      case ExprName::kTriggered: return make_int(static_cast<int32_t>(AbilityType::kActivated));
      case ExprName::kAuto: return make_int(static_cast<int32_t>(AbilityType::kAuto));
      case ExprName::kTrue: return make_bool(true);
      case ExprName::kFalse: return make_bool(false);
      case ExprName::kAlone: return alone();
      case ExprName::kSoloAttack: return combat(false);
      case ExprName::kUaBp: return combat(true);
      case ExprName::kVar: return script_var(nm.arg);
      default: break;
    }
    if (v < ExprName::kDiscarded || v > ExprName::kTgt) return {};  // a field's or a function's name
    const RuleMemory& m = s_.game.memory();
    const std::vector<kernel::EntityId>* lists[] = {&m.discarded, &m.destroyed, &m.sacrificed, &m.moved, &m.trashed, &m.prev_targets, &m.targets};
    return {Val::Kind::kCards, 0, kernel::kNoEntity, *lists[static_cast<size_t>(v) - static_cast<size_t>(ExprName::kDiscarded)]};
  }

  // The card is the only one in its controller's ring.
  Val alone() const {
    const Game& g = s_.game;
    for (int p = 0; p < 2; ++p) {
      const auto& ring = g.player(p).ring;
      if (std::find(ring.begin(), ring.end(), s_.self) == ring.end()) continue;
      return make_bool(std::count(ring.begin(), ring.end(), kernel::kNoEntity) == kSlots - 1);
    }
    return make_bool(false);
  }

  // A var of the running rule (vars = _card := tgt.1), computed once its targets were chosen: the
  // vars in memory are this script's (no rule reads another script's vars).
  Val script_var(size_t k) const {
    const RuleMemory& m = s_.game.memory();
    if (m.vars_script < 0 || &s_.game.pool().compiled[static_cast<size_t>(m.vars_script)] != &s_.script || k >= m.vars.size()) return {};
    const VarValue& v = m.vars[k];
    if (v.is_card) return {Val::Kind::kCard, 0, v.cards.empty() ? kernel::kNoEntity : v.cards.front()};
    if (v.is_cards) return {Val::Kind::kCards, 0, kernel::kNoEntity, v.cards};
    return make_int(v.value);
  }

  // soloAttack: this card attacks alone. uaBP: the total BP of the attack this card is part of or
  // counters.
  Val combat(bool total) {
    const Game& g = s_.game;
    for (const Attack& a : g.attacks()) {
      bool in = false;
      int32_t bp = 0;
      for (int k = 0; k < a.size; ++k) {
        const EntityId e = g.player(g.active()).ring[static_cast<size_t>(a.slots[static_cast<size_t>(k)])];
        if (e == kernel::kNoEntity) continue;
        in |= e == s_.self;
        bp += g.card(e).bp;
      }
      if (a.blocker >= 0) in |= g.player(1 - g.active()).ring[static_cast<size_t>(a.blocker)] == s_.self;
      if (in) return total ? make_int(bp) : make_bool(!a.united);
    }
    return total ? make_int(0) : make_bool(false);
  }

  bool in_united(kernel::EntityId card) const {
    const Game& g = s_.game;
    for (const Attack& a : g.attacks()) {
      for (int k = 0; k < a.size && a.size > 1; ++k) {
        if (g.player(g.active()).ring[static_cast<size_t>(a.slots[static_cast<size_t>(k)])] == card) return true;
      }
    }
    return false;
  }

  Val player_field(int p, ExprName f) const {
    const PlayerState& ps = s_.game.player(p);
    Val list{Val::Kind::kCards};
    switch (f) {
      case ExprName::kHp: return make_int(ps.hp);
      case ExprName::kSp: return make_int(ps.sp);
      case ExprName::kNcDamaged: return make_bool(ps.nc_damaged);
      case ExprName::kLostSp: return make_int(ps.lost_sp);
      case ExprName::kHand: list.cards = ps.hand.ids(); return list;
      case ExprName::kDiscards: list.cards = ps.discards.ids(); return list;
      case ExprName::kDeck: list.cards = ps.deck.ids(); return list;
      case ExprName::kRing:
        for (kernel::EntityId e : ps.ring) {
          if (e != kernel::kNoEntity) list.cards.push_back(e);
        }
        return list;
      default: return {};
    }
  }

  Val card_field(kernel::EntityId card, ExprName f) const {
    const Game& g = s_.game;
    // bp: now (a card out of the ring has its printed BP); BP, SP: printed; lastBP: on leaving the ring.
    // Only characters have BP: "characters with BP 300 or less" never counts an action or reaction.
    const bool char_field = f == ExprName::kBp || f == ExprName::kPrintedBp || f == ExprName::kLastBp;
    if (char_field && g.def(card).type != CardType::kCharacter) return {};
    switch (f) {
      case ExprName::kBp: return make_int(g.card(card).bp);
      case ExprName::kPrintedBp: return make_int(g.def(card).bp);
      case ExprName::kSp: case ExprName::kPrintedSp: return make_int(g.def(card).sp);
      case ExprName::kLastBp: return make_int(g.card(card).last_bp);
      case ExprName::kController:
        // The player whose ring the card is in; else its owner.
        for (int p = 0; p < 2; ++p) {
          const auto& ring = g.player(p).ring;
          if (std::find(ring.begin(), ring.end(), card) != ring.end()) return {Val::Kind::kPlayer, p};
        }
        return {Val::Kind::kPlayer, g.card(card).owner};
      case ExprName::kAbility: {
        // The type of the rules the card has now: 0 (none) when it has lost them.
        const bool has = g.rules_def(card).script >= 0 && !g.card(card).powerless;
        return make_int(has ? static_cast<int32_t>(g.rules_def(card).ability) : 0);
      }
      default: return {};
    }
  }

  Val field(const Val& base, CName f) const {
    if (base.kind == Val::Kind::kPlayer) return player_field(base.i, f.name);
    if (base.kind == Val::Kind::kCards && f.name == ExprName::kSize) return make_int(static_cast<int32_t>(base.cards.size()));
    if (base.kind == Val::Kind::kCards && f.name == ExprName::kIndex) {
      return f.arg < base.cards.size() ? Val{Val::Kind::kCard, 0, base.cards[f.arg]} : Val{};
    }
    if (base.kind != Val::Kind::kCard || base.card == kernel::kNoEntity) return {};
    return card_field(base.card, f.name);
  }

  const ExprScope& s_;
  const expr::Pool& pool_;
  const std::vector<CName>& names_;

 public:
  kernel::EntityId element_ = kernel::kNoEntity;
};

// The element a predicate uses: its first card/char/action/reaction variable (kUnknown if none).
ExprName element_name(const ExprScope& s, expr::NodeId id) {
  const expr::Node& n = s.rules.pool[id];
  if (n.op == Op::kVar && n.sym < s.script.names.size() && is_element(s.script.names[n.sym].name)) return s.script.names[n.sym].name;
  for (uint32_t k = 0; k < n.kid_count; ++k) {
    const ExprName w = element_name(s, s.rules.pool.kid(n, k));
    if (w != ExprName::kUnknown) return w;
  }
  return ExprName::kUnknown;
}

// The meaning of one name (compile time).
CName resolve_name(std::string_view name, const std::vector<CVar>& vars) {
  ++name_lookups();
  for (const auto& [word, meaning] : kNames) {
    if (word == name) return {meaning, 0};
  }
  if (is_index(name)) return {ExprName::kIndex, static_cast<uint8_t>(std::stoi(std::string(name)))};
  if (name.substr(0, 1) == "_") {
    for (size_t k = 0; k < vars.size() && k < 256; ++k) {
      if (vars[k].name == name) return {ExprName::kVar, static_cast<uint8_t>(k)};
    }
  }
  return {};
}

}  // namespace

std::vector<CName> resolve_expr_names(const Rules& r, const std::vector<CVar>& vars) {
  std::vector<CName> out(r.symbols.size());
  for (expr::Sym s = 0; s < out.size(); ++s) out[s] = resolve_name(r.symbols.name(s), vars);
  return out;
}

std::string unsupported_expr(const Rules& r, expr::NodeId id) {
  if (id == expr::kNoNode) return "an empty expression";
  const expr::Node& n = r.pool[id];
  const std::string_view name = n.sym == expr::kNoSym ? std::string_view() : r.symbols.name(n.sym);
  // Vars are checked against the declared ones by the compiler: any `_name` is one here.
  const CName meaning = resolve_name(name, {});
  switch (n.op) {
    case Op::kNum: return "";
    case Op::kVar:
      if (is_variable(meaning.name) || name.substr(0, 1) == "_") return "";
      return "expression name `" + std::string(name) + "`";
    case Op::kField:
      if (!is_field(meaning.name)) return "expression field `." + std::string(name) + "`";
      return unsupported_expr(r, r.pool.kid(n, 0));
    case Op::kCall:
      if (!is_function(meaning.name) || n.kid_count != 1) return "expression function `" + std::string(name) + "()`";
      return unsupported_expr(r, r.pool.kid(n, 0));
    case Op::kNot: case Op::kNeg: case Op::kAnd: case Op::kOr: case Op::kAll:
    case Op::kAdd: case Op::kSub: case Op::kMul: case Op::kDiv: case Op::kMod:
    case Op::kEq: case Op::kNe: case Op::kLt: case Op::kLe: case Op::kGt: case Op::kGe:
      for (uint32_t k = 0; k < n.kid_count; ++k) {
        std::string m = unsupported_expr(r, r.pool.kid(n, k));
        if (!m.empty()) return m;
      }
      return "";
    default: return "expression `" + std::string(name) + "`";
  }
}

bool eval_truth(const ExprScope& s, expr::NodeId id) { return truth(Eval(s).run(id)); }
int32_t eval_int(const ExprScope& s, expr::NodeId id) { return Eval(s).run(id).i; }
kernel::EntityId eval_card(const ExprScope& s, expr::NodeId id) {
  const Val v = Eval(s).run(id);
  return v.kind == Val::Kind::kCard ? v.card : kernel::kNoEntity;
}
VarValue eval_var(const ExprScope& s, expr::NodeId id) {
  Val v = Eval(s).run(id);
  VarValue out;
  out.value = v.i;
  if (v.kind == Val::Kind::kCard) {
    out.is_card = true;
    out.cards = {v.card};
  } else if (v.kind == Val::Kind::kCards) {
    out.is_cards = true;
    out.cards = std::move(v.cards);
  }
  return out;
}

int eval_player(const ExprScope& s, expr::NodeId id) {
  const Val v = Eval(s).run(id);
  return v.kind == Val::Kind::kPlayer ? v.i : -1;
}

std::vector<kernel::EntityId> eval_cards(const ExprScope& s, expr::NodeId id) {
  Val v = Eval(s).run(id);
  if (v.kind == Val::Kind::kCard && v.card != kernel::kNoEntity) return {v.card};
  return v.kind == Val::Kind::kCards ? std::move(v.cards) : std::vector<kernel::EntityId>{};
}

int32_t count_each(const ExprScope& s, expr::NodeId pred, expr::NodeId list) {
  Eval ev(s);
  const Val items = ev.run(list);
  const ExprName element = element_name(s, pred);
  const expr::Node& p = s.rules.pool[pred];
  const bool bare = p.op == Op::kVar;  // each(action in me.hand => ...): every element of the type
  int32_t n = 0;
  for (kernel::EntityId e : items.cards) {
    const CardType t = s.game.def(e).type;
    if ((element == ExprName::kChar && t != CardType::kCharacter) || (element == ExprName::kAction && t != CardType::kAction) ||
        (element == ExprName::kReaction && t != CardType::kReaction)) {
      continue;
    }
    ev.element_ = e;
    if (bare || truth(ev.run(pred))) ++n;
  }
  return n;
}

}  // namespace rk::cfc
