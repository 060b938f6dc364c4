// The canonical RuleScript printer and the tree dump.
#include <fmt/format.h>

#include "games/cfc/language/python_expr.h"
#include "games/cfc/language/rulescript.h"

namespace rk::cfc {
namespace {

std::string qty_text(const Qty& q) {
  switch (q.kind) {
    case Qty::Kind::kNone: return "";
    case Qty::Kind::kAny: return "<**>";
    case Qty::Kind::kRandom: return q.min ? fmt::format("<r{}>", q.min) : "<r>";
    case Qty::Kind::kCount:
      if (q.has_min && q.min == q.max) return fmt::format("<{}>", q.min);
      return q.has_min ? fmt::format("<{},{}>", q.min, q.max) : fmt::format("<,{}>", q.max);
  }
  return "";
}

const char* cmp_text(expr::Op op) { return expr::op_text(op); }

class Printer {
 public:
  explicit Printer(const Rules& r) : r_(r) {}

  void expr(expr::NodeId id, std::string& out) const { print_python_expr(r_.pool, r_.symbols, id, out); }

  void filter(const Filter& f, std::string& out) const {
    out += qty_text(f.qty);
    for (size_t i = 0; i < f.types.terms.size(); ++i) {
      const TypeTerm& t = f.types.terms[i];
      if (i) out += f.types.and_next[i - 1] ? "&" : ",";
      if (t.other) out += '^';
      if (t.negate) out += '!';
      if (t.quoted) {
        out += '"';
        out += t.word;
        out += '"';
      } else {
        out += t.word;
      }
      if (t.plural) out += 's';
    }
    if (f.has_pick) out += fmt::format("<{}>", f.pick);
    if (f.has_filter) {
      out += '[';
      for (size_t i = 0; i < f.filters.terms.size(); ++i) {
        const FilterTerm& t = f.filters.terms[i];
        if (i) out += f.filters.and_next[i - 1] ? " & " : ",";
        if (t.prefix) out += t.prefix;
        out += t.word;
        if (t.kind == FilterTerm::Kind::kCompare) out += fmt::format("{}{}", cmp_text(t.op), t.value);
        if (t.kind == FilterTerm::Kind::kLowest) out += ":lowest";
      }
      out += ']';
    }
    if (!f.zone.empty()) out += "@" + f.zone_prefix + f.zone;
    for (const Selector& s : f.selectors) {
      out += "::" + s.name + "(";
      expr(s.arg, out);
      out += ')';
    }
  }

  void filters(const std::vector<Filter>& fs, const char* sep, std::string& out) const {
    for (size_t i = 0; i < fs.size(); ++i) {
      if (i) out += sep;
      filter(fs[i], out);
    }
  }

  void arg(const Arg& a, std::string& out) const {
    switch (a.kind) {
      case Arg::Kind::kExpr:
        expr(a.expr, out);
        break;
      case Arg::Kind::kMod:
        if (a.mod) out += a.mod;
        expr(a.expr, out);
        break;
      case Arg::Kind::kFilter:
        filter(a.filter[0], out);
        break;
      case Arg::Kind::kWord:
        out += a.word;
        break;
      case Arg::Kind::kQuery:
        out += '?';
        break;
      case Arg::Kind::kString:
        out += '"' + a.word + '"';
        break;
      case Arg::Kind::kEach:
        if (a.list != expr::kNoNode) {
          expr(a.expr, out);
          out += " in ";
          expr(a.list, out);
        } else {
          filter(a.filter[0], out);
        }
        out += " => ";
        effect(a.body[0], out);
        break;
    }
  }

  void effect(const Effect& e, std::string& out) const {
    if (e.kind == Effect::Kind::kAbility) {
      out += e.sign;
      out += e.name;
      return;
    }
    out += e.name;
    if (e.ask) out += '?';
    out += '(';
    for (size_t i = 0; i < e.args.size(); ++i) {
      if (i) out += ", ";
      arg(e.args[i], out);
    }
    out += ')';
  }

  void target(const TargetClause& t, std::string& out) const {
    out += t.verb;
    if (t.optional) out += '?';
    out += '(';
    if (t.is_expr) {
      expr(t.expr, out);
    } else {
      filters(t.filters, "; ", out);
    }
    out += ')';
  }

  void branch(const Branch& b, std::string& out) const {
    std::vector<std::string> parts;
    switch (b.cond.kind) {
      case Cond::Kind::kNone: break;
      case Cond::Kind::kMay:
        parts.push_back(b.cond.question.empty() ? "[[may]]" : fmt::format("[[may '{}']]", b.cond.question));
        break;
      case Cond::Kind::kIf:
      case Cond::Kind::kElif: {
        std::string s = b.cond.kind == Cond::Kind::kIf ? "[[if " : "[[elif ";
        expr(b.cond.expr, s);
        parts.push_back(s + "]]");
        break;
      }
      case Cond::Kind::kElse:
        parts.push_back("[[else]]");
        break;
    }
    // A target clause is written right after the effect before it (or first), ahead of the join.
    auto targets_at = [&](size_t i) {
      for (const TargetClause& t : b.targets) {
        if (t.before_effect == i) {
          std::string s;
          target(t, s);
          parts.push_back(s);
        }
      }
    };
    targets_at(0);
    for (size_t i = 0; i < b.effects.size(); ++i) {
      std::string s;
      effect(b.effects[i], s);
      parts.push_back(s);
      targets_at(i + 1);
      if (i < b.joins.size()) parts.push_back(b.joins[i] == '&' ? "&" : b.joins[i] == 'a' ? "&&" : "||");
    }
    for (const std::string& r : b.restrictions) parts.push_back(r);
    for (size_t i = 0; i < parts.size(); ++i) {
      if (i) out += ' ';
      out += parts[i];
    }
  }

  void statement(const Statement& st, std::string& out) const {
    if (!st.events.empty()) {
      const char d = st.hook ? '?' : '~';
      out += d;
      for (size_t i = 0; i < st.events.size(); ++i) {
        if (i) out += ',';
        out += st.events[i].prefix + st.events[i].name;
        for (const std::string& s : st.events[i].suffixes) out += ":" + s;
      }
      out += d;
      out += ' ';
    }
    for (const Cost& c : st.costs) {
      out += '{';
      out += c.letter;
      if (c.has_arg) {
        out += '(';
        arg(c.arg, out);
        out += ')';
      }
      out += '}';
    }
    if (!st.costs.empty()) out += ": ";
    for (size_t i = 0; i < st.branches.size(); ++i) {
      if (i) out += ' ';
      branch(st.branches[i], out);
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
  }

  std::string print() const {
    std::string out;
    for (const Property& p : r_.props) {
      out += key_name(p.key);
      out += " = ";
      switch (p.key) {
        case Key::kTarget:
        case Key::kTargetOpt:
          filters(p.filters, "; ", out);
          break;
        case Key::kRequisite:
          filters(p.filters, " && ", out);
          break;
        case Key::kAction:
        case Key::kAuto:
          for (size_t i = 0; i < p.statements.size(); ++i) {
            if (i) out += "; ";
            statement(p.statements[i], out);
          }
          break;
        case Key::kAbilities:
          for (size_t i = 0; i < p.words.size(); ++i) out += (i ? ", " : "") + p.words[i];
          break;
        case Key::kLabel:
          out += p.label_quoted ? '"' + p.label + '"' : p.label;
          break;
        case Key::kVars:
          for (size_t i = 0; i < p.vars.size(); ++i) {
            if (i) out += "; ";
            out += p.vars[i].name + " := ";
            expr(p.vars[i].value, out);
          }
          break;
      }
      out += '\n';
    }
    return out;
  }

 private:
  const Rules& r_;
};

// The dump writes every field with its name, one node per line, indented.
class Dumper {
 public:
  explicit Dumper(const Rules& r) : r_(r), p_(r) {}

  void line(int depth, const std::string& s) {
    out_.append(static_cast<size_t>(depth) * 2, ' ');
    out_ += s;
    out_ += '\n';
  }
  std::string ex(expr::NodeId id) const {
    std::string s;
    p_.expr(id, s);
    return s;
  }

  void filter(int d, const Filter& f) {
    line(d, "filter");
    if (f.qty.kind != Qty::Kind::kNone) {
      static const char* kinds[] = {"none", "count", "random", "any"};
      line(d + 1, fmt::format("qty {} min={} max={} has_min={}", kinds[static_cast<int>(f.qty.kind)], f.qty.min,
                              f.qty.max, f.qty.has_min));
    }
    for (size_t i = 0; i < f.types.terms.size(); ++i) {
      const TypeTerm& t = f.types.terms[i];
      line(d + 1, fmt::format("type {}{}{}{}{}{}", i ? (f.types.and_next[i - 1] ? "& " : ", ") : "",
                              t.other ? "other " : "", t.negate ? "not " : "", t.quoted ? "name " : "", t.word,
                              t.plural ? " plural" : ""));
    }
    if (f.has_pick) line(d + 1, fmt::format("pick {}", f.pick));
    for (size_t i = 0; i < f.filters.terms.size(); ++i) {
      const FilterTerm& t = f.filters.terms[i];
      std::string s = fmt::format("filter {}{}{}", i ? (f.filters.and_next[i - 1] ? "& " : ", ") : "",
                                  t.prefix ? std::string(1, t.prefix) + " " : "", t.word);
      if (t.kind == FilterTerm::Kind::kCompare) s += fmt::format(" {} {}", cmp_text(t.op), t.value);
      if (t.kind == FilterTerm::Kind::kLowest) s += " lowest";
      line(d + 1, s);
    }
    if (f.has_filter && f.filters.terms.empty()) line(d + 1, "filter (empty)");
    if (!f.zone.empty()) line(d + 1, fmt::format("zone {}{}", f.zone_prefix.empty() ? "" : f.zone_prefix + " ", f.zone));
    for (const Selector& s : f.selectors) line(d + 1, fmt::format("selector {} {}", s.name, ex(s.arg)));
  }

  void arg(int d, const Arg& a) {
    switch (a.kind) {
      case Arg::Kind::kExpr: line(d, "expr " + ex(a.expr)); break;
      case Arg::Kind::kMod: line(d, fmt::format("modifier {} {}", a.mod ? std::string(1, a.mod) : "+", ex(a.expr))); break;
      case Arg::Kind::kFilter: filter(d, a.filter[0]); break;
      case Arg::Kind::kWord: line(d, "word " + a.word); break;
      case Arg::Kind::kQuery: line(d, "ask"); break;
      case Arg::Kind::kString: line(d, "string \"" + a.word + "\""); break;
      case Arg::Kind::kEach:
        if (a.list != expr::kNoNode) {
          line(d, fmt::format("each {} in {}", ex(a.expr), ex(a.list)));
        } else {
          line(d, "each");
          filter(d + 1, a.filter[0]);
        }
        effect(d + 1, a.body[0]);
        break;
    }
  }

  void effect(int d, const Effect& e) {
    if (e.kind == Effect::Kind::kAbility) {
      line(d, fmt::format("ability {} {}", e.sign == '+' ? "add" : "remove", e.name));
      return;
    }
    line(d, fmt::format("command {}{}", e.name, e.ask ? " (ask first)" : ""));
    for (const Arg& a : e.args) arg(d + 1, a);
  }

  void statement(int d, const Statement& st) {
    line(d, "statement");
    for (const Event& ev : st.events) {
      std::string s = fmt::format("{} {}{}", st.hook ? "hook" : "event", ev.prefix.empty() ? "" : ev.prefix + " ", ev.name);
      for (const std::string& x : ev.suffixes) s += " :" + x;
      line(d + 1, s);
    }
    for (const Cost& c : st.costs) {
      line(d + 1, fmt::format("cost {}", c.letter));
      if (c.has_arg) arg(d + 2, c.arg);
    }
    for (const Branch& b : st.branches) {
      static const char* conds[] = {"always", "may", "if", "elif", "else"};
      std::string s = fmt::format("branch {}", conds[static_cast<int>(b.cond.kind)]);
      if (!b.cond.question.empty()) s += " '" + b.cond.question + "'";
      if (b.cond.expr != expr::kNoNode) s += " " + ex(b.cond.expr);
      line(d + 1, s);
      for (size_t i = 0; i < b.effects.size(); ++i) {
        effect(d + 2, b.effects[i]);
        if (i < b.joins.size()) line(d + 2, b.joins[i] == '&' ? "then" : b.joins[i] == 'a' ? "and then" : "or else");
      }
      for (const TargetClause& t : b.targets) {
        line(d + 2, fmt::format("{}{} (before effect {})", t.verb, t.optional ? "?" : "", t.before_effect));
        if (t.is_expr) {
          line(d + 3, "expr " + ex(t.expr));
        } else {
          for (const Filter& f : t.filters) filter(d + 3, f);
        }
      }
      for (const std::string& r : b.restrictions) line(d + 2, "until " + r);
    }
  }

  std::string run() {
    for (const Property& p : r_.props) {
      line(0, key_name(p.key));
      for (const Filter& f : p.filters) filter(1, f);
      for (const Statement& st : p.statements) statement(1, st);
      for (const std::string& w : p.words) line(1, "ability " + w);
      if (p.key == Key::kLabel) line(1, fmt::format("label {}\"{}\"", p.label_quoted ? "quoted " : "", p.label));
      for (const Var& v : p.vars) line(1, fmt::format("var {} := {}", v.name, ex(v.value)));
    }
    return out_;
  }

 private:
  const Rules& r_;
  Printer p_;
  std::string out_;
};

void effect_keywords(const Effect& e, std::vector<std::string>& out) {
  out.push_back(e.kind == Effect::Kind::kAbility ? std::string(1, e.sign) + e.name : e.name + "()");
  for (const Arg& a : e.args) {
    for (const Effect& b : a.body) effect_keywords(b, out);
  }
}

}  // namespace

std::string print(const Rules& r) { return Printer(r).print(); }
std::string dump(const Rules& r) { return Dumper(r).run(); }

std::string print_expr(const Rules& r, expr::NodeId id) {
  std::string s;
  print_python_expr(r.pool, r.symbols, id, s);
  return s;
}

void collect_keywords(const Rules& r, std::vector<std::string>& out) {
  for (const Property& p : r.props) {
    for (const std::string& w : p.words) out.push_back("ability " + w);
    for (const Statement& st : p.statements) {
      for (const Event& ev : st.events) out.push_back((st.hook ? "?" : "~") + ev.name + (st.hook ? "?" : "~"));
      for (const Cost& c : st.costs) out.push_back(std::string("{") + c.letter + "}");
      for (const Branch& b : st.branches) {
        for (const Effect& e : b.effects) effect_keywords(e, out);
        for (const std::string& x : b.restrictions) out.push_back(x);
      }
    }
  }
}

}  // namespace rk::cfc
