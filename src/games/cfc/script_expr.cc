#include "games/cfc/script_expr.h"

#include <algorithm>
#include <climits>
#include <string_view>

#include "games/cfc/game.h"

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

constexpr std::string_view kElementNames[] = {"card", "char", "action", "reaction"};
constexpr std::string_view kFields[] = {"hp", "sp", "hand", "ring", "discards", "deck", "size", "bp", "BP", "SP", "lastBP", "lastbp", "ncDamaged", "lostSP",
                                        "ability", "controller"};
// The ability types a card's `.ability` is compared with, by AbilityType value.
constexpr std::string_view kAbilityNames[] = {"", "instant", "triggered", "auto"};
// What the rule has done so far (RuleMemory), by the names RuleScript gives it.
constexpr std::string_view kMemoryNames[] = {"discarded", "destroyed", "sacrificed", "moved", "trashed", "prevTgt", "tgt"};
constexpr std::string_view kOtherNames[] = {"me", "opp", "this", "True", "False", "alone", "soloAttack", "uaBP", "attacker", "blocker", "trigger"};

bool is_index(std::string_view w) { return !w.empty() && w.size() <= 2 && std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; }); }

bool one_of(std::string_view w, const auto& list) {
  for (std::string_view x : list) {
    if (w == x) return true;
  }
  return false;
}

class Eval {
 public:
  Eval(const ExprScope& s) : s_(s), pool_(s.rules.pool), syms_(s.rules.symbols) {}

  Val run(expr::NodeId id) {
    const expr::Node& n = pool_[id];
    switch (n.op) {
      case Op::kNum: return make_int(n.value);
      case Op::kVar: return var(syms_.name(n.sym));
      case Op::kField: return field(run(pool_.kid(n, 0)), syms_.name(n.sym));
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
      case Op::kAdd: case Op::kSub: case Op::kMul: case Op::kDiv: case Op::kMod: {
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
      case Op::kEq: case Op::kNe: case Op::kLt: case Op::kLe: case Op::kGt: case Op::kGe: {
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
      case Op::kAll: {
        const Val list = run(pool_.kid(n, 1));
        for (kernel::EntityId e : list.cards) {
          element_ = e;
          if (!truth(run(pool_.kid(n, 0)))) return make_bool(false);
        }
        return make_bool(true);
      }
      case Op::kCall: {
        // isChar(card), abs(n)
        const Val a = n.kid_count ? run(pool_.kid(n, 0)) : Val{};
        if (syms_.name(n.sym) == "abs") return make_int(a.i == INT32_MIN ? INT32_MAX : std::abs(a.i));
        if (syms_.name(n.sym) == "inUAttack") return make_bool(a.kind == Val::Kind::kCard && in_united(a.card));
        return make_bool(a.kind == Val::Kind::kCard && a.card != kernel::kNoEntity && s_.game.def(a.card).type == CardType::kCharacter);
      }
      default: return {};
    }
  }

 private:
  Val var(std::string_view name) {
    if (name == "me") return {Val::Kind::kPlayer, s_.controller};
    if (name == "opp") return {Val::Kind::kPlayer, 1 - s_.controller};
    if (name == "this") return {Val::Kind::kCard, 0, s_.self};
    if (one_of(name, kElementNames)) return {Val::Kind::kCard, 0, element_};
    if (name == "attacker") return {Val::Kind::kCard, 0, s_.attacker};
    if (name == "blocker") return {Val::Kind::kCard, 0, s_.blocker};
    if (name == "trigger") return {Val::Kind::kCard, 0, s_.trigger};
    for (size_t k = 1; k < std::size(kAbilityNames); ++k) {
      if (name == kAbilityNames[k]) return make_int(static_cast<int32_t>(k));
    }
    if (name == "True") return make_bool(true);
    if (name == "False") return make_bool(false);
    if (name == "alone") {
      // The card is the only one in its controller's ring.
      const Game& g = s_.game;
      for (int p = 0; p < 2; ++p) {
        const auto& ring = g.player(p).ring;
        if (std::find(ring.begin(), ring.end(), s_.self) == ring.end()) continue;
        return make_bool(std::count(ring.begin(), ring.end(), kernel::kNoEntity) == kSlots - 1);
      }
      return make_bool(false);
    }
    if (name == "soloAttack" || name == "uaBP") return combat(name == "uaBP");
    if (name.substr(0, 1) == "_") {
      // A var of the running rule (vars = _card := tgt.1), computed once its targets were chosen.
      const RuleMemory& m = s_.game.memory();
      if (m.vars_script < 0) return {};
      const std::vector<CVar>& decl = s_.game.pool().compiled[static_cast<size_t>(m.vars_script)].vars;
      for (size_t k = 0; k < decl.size() && k < m.vars.size(); ++k) {
        if (decl[k].name != name) continue;
        const VarValue& v = m.vars[k];
        if (v.is_card) return {Val::Kind::kCard, 0, v.cards.empty() ? kernel::kNoEntity : v.cards.front()};
        if (v.is_cards) return {Val::Kind::kCards, 0, kernel::kNoEntity, v.cards};
        return make_int(v.value);
      }
      return {};
    }
    const RuleMemory& m = s_.game.memory();
    const std::vector<kernel::EntityId>* lists[] = {&m.discarded, &m.destroyed, &m.sacrificed, &m.moved, &m.trashed, &m.prev_targets, &m.targets};
    for (size_t k = 0; k < std::size(kMemoryNames); ++k) {
      if (name == kMemoryNames[k]) return {Val::Kind::kCards, 0, kernel::kNoEntity, *lists[k]};
    }
    return {};
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
      if (in) return total ? make_int(bp) : make_bool(a.size == 1);
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

  Val field(const Val& base, std::string_view name) {
    const Game& g = s_.game;
    if (base.kind == Val::Kind::kPlayer) {
      const PlayerState& ps = g.player(base.i);
      if (name == "hp") return make_int(ps.hp);
      if (name == "sp") return make_int(ps.sp);
      if (name == "ncDamaged") return make_bool(ps.nc_damaged);
      if (name == "lostSP") return make_int(ps.lost_sp);
      Val list{Val::Kind::kCards};
      if (name == "hand") list.cards = ps.hand.ids();
      else if (name == "discards") list.cards = ps.discards.ids();
      else if (name == "deck") list.cards = ps.deck.ids();
      else if (name == "ring") {
        for (kernel::EntityId e : ps.ring) {
          if (e != kernel::kNoEntity) list.cards.push_back(e);
        }
      } else {
        return {};
      }
      return list;
    }
    if (base.kind == Val::Kind::kCards && name == "size") return make_int(static_cast<int32_t>(base.cards.size()));
    if (base.kind == Val::Kind::kCards && is_index(name)) {
      const size_t i = static_cast<size_t>(std::stoi(std::string(name)));
      return i < base.cards.size() ? Val{Val::Kind::kCard, 0, base.cards[i]} : Val{};
    }
    if (base.kind != Val::Kind::kCard || base.card == kernel::kNoEntity) return {};
    // bp: now (a card out of the ring has its printed BP); BP, SP: printed; lastBP: on leaving the ring.
    // Only characters have BP: "characters with BP 300 or less" never counts an action or reaction.
    const bool char_field = name == "bp" || name == "BP" || name == "lastBP" || name == "lastbp";
    if (char_field && g.def(base.card).type != CardType::kCharacter) return {};
    if (name == "bp") return make_int(g.card(base.card).bp);
    if (name == "BP") return make_int(g.def(base.card).bp);
    if (name == "SP" || name == "sp") return make_int(g.def(base.card).sp);
    if (name == "lastBP" || name == "lastbp") return make_int(g.card(base.card).last_bp);
    if (name == "controller") {
      // The player whose ring the card is in; else its owner.
      for (int p = 0; p < 2; ++p) {
        const auto& ring = g.player(p).ring;
        if (std::find(ring.begin(), ring.end(), base.card) != ring.end()) return {Val::Kind::kPlayer, p};
      }
      return {Val::Kind::kPlayer, g.card(base.card).owner};
    }
    if (name == "ability") {
      // The type of the rules the card has now: 0 (none) when it has lost them.
      const bool has = g.rules_def(base.card).script >= 0 && !g.card(base.card).powerless;
      return make_int(has ? static_cast<int32_t>(g.rules_def(base.card).ability) : 0);
    }
    return {};
  }

  const ExprScope& s_;
  const expr::Pool& pool_;
  const expr::SymbolTable& syms_;

 public:
  kernel::EntityId element_ = kernel::kNoEntity;
};

// The element name a predicate uses: its first card/char/action/reaction variable ("" if none).
std::string_view element_name(const Rules& r, expr::NodeId id) {
  const expr::Node& n = r.pool[id];
  if (n.op == Op::kVar && one_of(r.symbols.name(n.sym), kElementNames)) return r.symbols.name(n.sym);
  for (uint32_t k = 0; k < n.kid_count; ++k) {
    const std::string_view w = element_name(r, r.pool.kid(n, k));
    if (!w.empty()) return w;
  }
  return {};
}

}  // namespace

std::string unsupported_expr(const Rules& r, expr::NodeId id) {
  if (id == expr::kNoNode) return "an empty expression";
  const expr::Node& n = r.pool[id];
  const std::string_view name = n.sym == expr::kNoSym ? std::string_view() : r.symbols.name(n.sym);
  switch (n.op) {
    case Op::kNum: return "";
    case Op::kVar:
      // `_name`: a var, which the compiler checks is declared.
      if (one_of(name, kOtherNames) || one_of(name, kMemoryNames) || one_of(name, kElementNames) ||
          (!name.empty() && one_of(name, kAbilityNames)) || name.substr(0, 1) == "_") {
        return "";
      }
      return "expression name `" + std::string(name) + "`";
    case Op::kField:
      if (!one_of(name, kFields) && !is_index(name)) return "expression field `." + std::string(name) + "`";
      return unsupported_expr(r, r.pool.kid(n, 0));
    case Op::kCall:
      if ((name != "isChar" && name != "abs" && name != "inUAttack") || n.kid_count != 1) return "expression function `" + std::string(name) + "()`";
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
  const std::string_view name = element_name(s.rules, pred);
  const expr::Node& p = s.rules.pool[pred];
  const bool bare = p.op == Op::kVar;  // each(action in me.hand => ...): every element of the type
  int32_t n = 0;
  for (kernel::EntityId e : items.cards) {
    const CardType t = s.game.def(e).type;
    if ((name == "char" && t != CardType::kCharacter) || (name == "action" && t != CardType::kAction) ||
        (name == "reaction" && t != CardType::kReaction)) {
      continue;
    }
    ev.element_ = e;
    if (bare || truth(ev.run(pred))) ++n;
  }
  return n;
}

}  // namespace rk::cfc
