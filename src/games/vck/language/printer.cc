// Printing VCK effects in the unified grammar, and an explicit dump for comparing trees.
#include <fmt/format.h>

#include <algorithm>

#include "games/vck/language/effect.h"

namespace rk::vck {

#define RK_OUT_OF_LINE_MEMBERS(T)                 \
  T::T() = default;                               \
  T::~T() = default;                              \
  T::T(const T&) = default;                       \
  T::T(T&&) noexcept = default;                   \
  T& T::operator=(const T&) = default;            \
  T& T::operator=(T&&) noexcept = default;
RK_OUT_OF_LINE_MEMBERS(Bracket)
RK_OUT_OF_LINE_MEMBERS(Value)
RK_OUT_OF_LINE_MEMBERS(Leg)
#undef RK_OUT_OF_LINE_MEMBERS

namespace {

using expr::Node;
using expr::NodeId;
using expr::Op;

std::string condition(const EffectSet& set, NodeId id) {
  const Node& n = set.pool[id];
  switch (n.op) {
    case Op::kVar:
      return std::string(set.symbols.name(n.sym));
    case Op::kNum:
      return std::to_string(n.value);
    case Op::kStr: {
      const std::string_view s = set.symbols.name(n.sym);
      const bool plain = !s.empty() && s.find_first_not_of(
          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == std::string_view::npos;
      return plain ? std::string(s) : fmt::format("\"{}\"", s);
    }
    case Op::kAnd:
    case Op::kOr:
      return condition(set, set.pool.kid(n, 0)) + (n.op == Op::kAnd ? " and " : " or ") +
             condition(set, set.pool.kid(n, 1));
    default:
      return condition(set, set.pool.kid(n, 0)) + expr::op_text(n.op) + condition(set, set.pool.kid(n, 1));
  }
}

std::string amounts_kv(const std::vector<Amount>& a) {
  std::string s;
  for (size_t k = 0; k < a.size(); ++k) s += fmt::format("{}{}:{}", k ? "," : "", res_letter(a[k].res), a[k].n);
  return s;
}

bool is_trade(const std::string& verb) {
  return verb == "self_convert" || verb == "pay_to_player" || verb == "take_from_player" || verb == "gain";
}

class Printer {
 public:
  explicit Printer(const EffectSet& set) : set_(set) {}

  std::string effect(const Effect& e) {
    std::string s;
    for (size_t k = 0; k < e.legs.size(); ++k) {
      if (k) s += " + ";
      s += leg(e.legs[k]);
    }
    return s;
  }

  std::string bracket(const Bracket& b) {
    if (b.entity == "count" && !b.extra.empty()) return "<" + effect(b.extra[0]) + ">";
    std::string s = "<" + b.entity;
    if (b.n) s += fmt::format(" {}", b.n);
    if (b.where != expr::kNoNode) s += " where " + condition(set_, b.where);
    if (!b.extra.empty()) s += " + " + effect(b.extra[0]);
    return s + ">";
  }

  std::string value(const Value& v, bool in_kv) {
    switch (v.kind) {
      case Value::Kind::kWord:
        return v.text;
      case Value::Kind::kInt:
        return std::to_string(v.n);
      case Value::Kind::kString:
        return fmt::format("\"{}\"", v.text);
      case Value::Kind::kAmounts: {
        if (in_kv) return amounts_kv(v.amounts);
        std::string s;
        for (size_t k = 0; k < v.amounts.size(); ++k) {
          s += fmt::format("{}{} {}", k ? " " : "", res_letter(v.amounts[k].res), v.amounts[k].n);
        }
        return s;
      }
      case Value::Kind::kBracket:
        return bracket(v.bracket[0]);
      case Value::Kind::kCondition:
        return condition(set_, v.cond);
    }
    return "";
  }

  std::string leg(const Leg& l) {
    std::vector<std::string> parts;
    if (!l.audience.empty()) parts.push_back(l.audience);
    if (l.audience == "active_choose") {
      std::string opts;
      for (size_t k = 0; k < l.sub.size(); ++k) opts += (k ? " | " : "") + effect(l.sub[k]);
      parts.push_back(opts);
      return join(parts);
    }
    const bool dotted = l.phase == "harvest" || l.phase == "roll";
    if (!l.phase.empty() && !dotted) parts.push_back(l.phase);
    switch (l.kind) {
      case Leg::Kind::kGain:
        parts.push_back(fmt::format("{} {}", res_letter(l.gain.res), l.gain.n));
        break;
      case Leg::Kind::kBracket:
        parts.push_back(bracket(l.bracket));
        break;
      case Leg::Kind::kVerb: {
        parts.push_back(dotted ? l.phase + "." + l.verb : l.verb);
        // Trades print their amounts positionally when each side is one amount.
        // Positional only when reading it back assigns the same sides: one amount per side, and
        // the sides present are the first ones of the verb's order (pay before gain).
        bool positional = is_trade(l.verb);
        std::vector<std::string> sides;  // the trade sides present, in the order of the tree
        for (const auto& [k, v] : l.kv) {
          if (k != "pay" && k != "take" && k != "gain") continue;
          sides.push_back(k);
          if (v.kind != Value::Kind::kAmounts || v.amounts.size() != 1) positional = false;
        }
        const std::vector<std::string> order =
            l.verb == "take_from_player" ? std::vector<std::string>{"take"}
            : l.verb == "gain"           ? std::vector<std::string>{"gain"}
                                         : std::vector<std::string>{"pay", "gain"};
        if (sides.size() > order.size() || !std::equal(sides.begin(), sides.end(), order.begin())) {
          positional = false;
        }
        for (const Value& v : l.args) {
          if (v.kind == Value::Kind::kAmounts) positional = false;  // would be read as a side
        }
        for (const Value& v : l.args) parts.push_back(value(v, false));
        for (const auto& [k, v] : l.kv) {
          if (positional && (k == "pay" || k == "take" || k == "gain")) {
            parts.push_back(value(v, false));
          } else {
            parts.push_back(k + "=" + value(v, true));
          }
        }
        for (const std::string& f : l.flags) parts.push_back(f);
        for (const Effect& s : l.sub) parts.push_back(effect(s));
        // roll.on_event fires several legs: " + " between them
        if (l.sub.size() > 1) {
          for (size_t k = 0; k < l.sub.size(); ++k) parts.pop_back();
          std::string fired;
          for (size_t k = 0; k < l.sub.size(); ++k) fired += (k ? " + " : "") + effect(l.sub[k]);
          parts.push_back(fired);
        }
        break;
      }
    }
    return join(parts);
  }

  static std::string join(const std::vector<std::string>& parts) {
    std::string s;
    for (size_t k = 0; k < parts.size(); ++k) {
      if (k) s += ' ';
      s += parts[k];
    }
    return s;
  }

  // ---- dump: every field named, nothing left to the printer's conventions ------------------
  std::string dump_effect(const Effect& e) {
    std::string s = "[";
    for (const Leg& l : e.legs) s += dump_leg(l);
    return s + "]";
  }
  std::string dump_value(const Value& v) {
    switch (v.kind) {
      case Value::Kind::kWord: return "word:" + v.text;
      case Value::Kind::kInt: return fmt::format("int:{}", v.n);
      case Value::Kind::kString: return "str:" + v.text;
      case Value::Kind::kAmounts: return "amt:" + amounts_kv(v.amounts);
      case Value::Kind::kBracket: return "pick:" + dump_bracket(v.bracket[0]);
      case Value::Kind::kCondition: return "cond:" + condition(set_, v.cond);
    }
    return "";
  }
  std::string dump_bracket(const Bracket& b) {
    return fmt::format("{{entity={} n={} where={} extra={}}}", b.entity, b.n,
                       b.where == expr::kNoNode ? "-" : condition(set_, b.where),
                       b.extra.empty() ? "-" : dump_effect(b.extra[0]));
  }
  std::string dump_leg(const Leg& l) {
    std::string s = fmt::format("{{aud={} phase={} ", l.audience, l.phase);
    switch (l.kind) {
      case Leg::Kind::kGain:
        s += fmt::format("gain={}:{}", res_letter(l.gain.res), l.gain.n);
        break;
      case Leg::Kind::kBracket:
        s += "pick=" + dump_bracket(l.bracket);
        break;
      case Leg::Kind::kVerb:
        s += "verb=" + l.verb + " args=(";
        for (const Value& v : l.args) s += dump_value(v) + ";";
        s += ") kv=(";
        for (const auto& [k, v] : l.kv) s += k + "=" + dump_value(v) + ";";
        s += ") flags=(";
        for (const std::string& f : l.flags) s += f + ";";
        s += ") sub=(";
        for (const Effect& e : l.sub) s += dump_effect(e);
        s += ")";
        break;
    }
    return s + "}";
  }

 private:
  const EffectSet& set_;
};

void verbs_of(const Effect& e, std::vector<std::string>& out);

void verbs_of_bracket(const Bracket& b, std::vector<std::string>& out) {
  out.push_back("<" + b.entity + ">");
  for (const Effect& x : b.extra) verbs_of(x, out);
}

void verbs_of(const Effect& e, std::vector<std::string>& out) {
  for (const Leg& l : e.legs) {
    if (!l.audience.empty()) out.push_back(l.audience);
    if (l.kind == Leg::Kind::kVerb && !l.verb.empty()) {
      out.push_back(l.phase.empty() ? l.verb : l.phase + "." + l.verb);
    }
    if (l.kind == Leg::Kind::kBracket) verbs_of_bracket(l.bracket, out);
    for (const Value& v : l.args) {
      if (v.kind == Value::Kind::kBracket) verbs_of_bracket(v.bracket[0], out);
    }
    for (const Effect& s : l.sub) verbs_of(s, out);
  }
}

}  // namespace

std::string print(const EffectSet& set, const Effect& e) { return Printer(set).effect(e); }
std::string dump(const EffectSet& set, const Effect& e) { return Printer(set).dump_effect(e); }
void collect_verbs(const Effect& e, std::vector<std::string>& out) { verbs_of(e, out); }

}  // namespace rk::vck
