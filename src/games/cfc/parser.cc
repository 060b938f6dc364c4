// Parser for RuleScript (see rulescript.h for the grammar). One property per line; a line with
// an error is reported and dropped, the rest of the card loads.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "games/cfc/python_expr.h"
#include "games/cfc/rulescript.h"
#include "games/cfc/tables.h"
#include "text/suggest.h"

namespace rk::cfc {
namespace {

using text::Span;

constexpr size_t kMaxLine = 64 * 1024;
constexpr int kMaxDepth = 32;

struct Fail {};

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

struct KeyName {
  std::string_view text;
  Key key;
};
constexpr KeyName kKeys[] = {{"target?", Key::kTargetOpt}, {"target", Key::kTarget},   {"action", Key::kAction},
                             {"abilities", Key::kAbilities}, {"auto", Key::kAuto},     {"label", Key::kLabel},
                             {"requisite", Key::kRequisite}, {"vars", Key::kVars}};

class Parser {
 public:
  Parser(std::string_view s, text::Diagnostics& diags, Rules& out) : s_(s), diags_(diags), out_(out) {}

  void run() {
    size_t start = 0;
    while (start < s_.size()) {
      size_t nl = s_.find_first_of("\r\n", start);
      if (nl == std::string_view::npos) nl = s_.size();
      line(start, nl);
      start = nl + 1;
      if (nl < s_.size() && s_[nl] == '\r' && start < s_.size() && s_[start] == '\n') ++start;
    }
  }

 private:
  [[noreturn]] void fail(const char* code, std::string msg, size_t b, size_t e, std::string hint = {}) {
    if (e <= b) e = b + 1;
    diags_.error(code, std::move(msg), {static_cast<uint32_t>(b), static_cast<uint32_t>(e)}, std::move(hint));
    throw Fail{};
  }

  size_t skip_ws(size_t i, size_t e) const {
    while (i < e && (s_[i] == ' ' || s_[i] == '\t')) ++i;
    return i;
  }
  size_t trim_end(size_t b, size_t e) const {
    while (e > b && (s_[e - 1] == ' ' || s_[e - 1] == '\t')) --e;
    return e;
  }

  // The end of the group opened at s_[i] ('(' '[' '{' or a quote): the index after its closer.
  size_t close_of(size_t i, size_t e) {
    const size_t open = i;
    std::string stack;
    for (; i < e; ++i) {
      const char c = s_[i];
      if (!stack.empty() && (stack.back() == '"' || stack.back() == '\'')) {
        if (c == stack.back()) stack.pop_back();
      } else if (c == '"' || c == '\'') {
        stack.push_back(c);
      } else if (c == '(') {
        stack.push_back(')');
      } else if (c == '[') {
        stack.push_back(']');
      } else if (c == '{') {
        stack.push_back('}');
      } else if (c == ')' || c == ']' || c == '}') {
        if (stack.empty() || stack.back() != c) {
          fail("RS0014", fmt::format("`{}` does not close anything", c), i, i + 1);
        }
        stack.pop_back();
      }
      if (stack.size() > 64) fail("RS0090", "brackets nested deeper than the limit (64)", i, i + 1);
      if (stack.empty()) return i + 1;
    }
    fail("RS0014", fmt::format("`{}` is never closed", s_[open]), open, open + 1);
  }

  // Splits [b, e) at `sep` where it stands outside brackets and quotes.
  std::vector<std::pair<size_t, size_t>> split_top(size_t b, size_t e, std::string_view sep) {
    std::vector<std::pair<size_t, size_t>> parts;
    size_t start = b, i = b;
    while (i < e) {
      const char c = s_[i];
      if (c == '(' || c == '[' || c == '{' || c == '"' || c == '\'') {
        i = close_of(i, e);
      } else if (s_.substr(i, sep.size()) == sep && i + sep.size() <= e) {
        parts.emplace_back(start, i);
        i += sep.size();
        start = i;
      } else {
        ++i;
      }
    }
    parts.emplace_back(start, e);
    return parts;
  }

  expr::NodeId expression(size_t b, size_t e) {
    b = skip_ws(b, e);
    e = trim_end(b, e);
    expr::NodeId id;
    if (!parse_python_expr(s_, b, e, out_.pool, out_.symbols, diags_, id)) throw Fail{};
    return id;
  }

  // ---- lines and properties ----

  void line(size_t b, size_t e) {
    if (e - b > kMaxLine) {
      diags_.error("RS0091", fmt::format("a line longer than the limit ({} bytes)", kMaxLine),
                   {static_cast<uint32_t>(b), static_cast<uint32_t>(b + 1)});
      return;
    }
    b = skip_ws(b, e);
    if (b >= e || s_[b] == '#') return;
    // A comment runs from a # outside quotes to the end of the line.
    char quote = 0;
    for (size_t i = b; i < e; ++i) {
      if (quote) {
        if (s_[i] == quote) quote = 0;
      } else if (s_[i] == '"' || s_[i] == '\'') {
        quote = s_[i];
      } else if (s_[i] == '#') {
        e = i;
        break;
      }
    }
    e = trim_end(b, e);
    try {
      property(b, e);
    } catch (const Fail&) {
    }
  }

  void property(size_t b, size_t e) {
    size_t k = b;
    while (k < e && (is_word_char(s_[k]) || s_[k] == '?')) ++k;
    const size_t key_end = k;
    k = skip_ws(k, e);
    if (k >= e || s_[k] != '=') {
      fail("RS0002", "a property line needs `key = value`", b, key_end > b ? key_end : e,
           "keys are target, target?, action, abilities, auto, label, requisite and vars");
    }
    const std::string key = lower(s_.substr(b, key_end - b));
    const KeyName* kn = nullptr;
    for (const KeyName& c : kKeys) {
      if (c.text == key) kn = &c;
    }
    if (!kn) {
      std::string_view names[std::size(kKeys)];
      for (size_t i = 0; i < std::size(kKeys); ++i) names[i] = kKeys[i].text;
      const std::string_view near = text::closest(key, names, std::size(kKeys));
      fail("RS0001", fmt::format("unknown key `{}`", s_.substr(b, key_end - b)), b, key_end,
           near.empty() ? "keys are target, target?, action, abilities, auto, label, requisite and vars"
                        : fmt::format("did you mean `{}`?", near));
    }
    const size_t vb = skip_ws(k + 1, e);
    if (vb >= e) fail("RS0003", fmt::format("`{}` has no value", key), b, k + 1);
    Property p;
    p.key = kn->key;
    p.key_span = {static_cast<uint32_t>(b), static_cast<uint32_t>(key_end)};
    p.value_span = {static_cast<uint32_t>(vb), static_cast<uint32_t>(e)};
    switch (p.key) {
      case Key::kTarget:
      case Key::kTargetOpt:
        for (auto [fb, fe] : split_top(vb, e, ";")) p.filters.push_back(filter(fb, fe));
        break;
      case Key::kRequisite:
        for (auto [fb, fe] : split_top(vb, e, "&&")) p.filters.push_back(filter(fb, fe));
        break;
      case Key::kAction:
      case Key::kAuto:
        for (auto [sb, se] : split_top(vb, e, ";")) p.statements.push_back(statement(sb, se, p.key == Key::kAuto));
        break;
      case Key::kAbilities:
        for (auto [ab, ae] : split_top(vb, e, ",")) {
          ab = skip_ws(ab, ae);
          ae = trim_end(ab, ae);
          const std::string w = lower(s_.substr(ab, ae - ab));
          if (!is_ability(w)) unknown_ability(w, ab, ae);
          p.words.push_back(w);
        }
        break;
      case Key::kLabel:
        if ((s_[vb] == '"' || s_[vb] == '\'') && e - vb >= 2 && s_[e - 1] == s_[vb]) {
          p.label = std::string(s_.substr(vb + 1, e - vb - 2));
          p.label_quoted = true;
        } else {
          p.label = std::string(s_.substr(vb, e - vb));
        }
        break;
      case Key::kVars:
        for (auto [xb, xe] : split_top(vb, e, ";")) {
          const size_t assign = s_.substr(xb, xe - xb).find(":=");
          if (assign == std::string_view::npos) {
            fail("RS0032", "a variable needs `name := value`", xb, xe);
          }
          const size_t nb = skip_ws(xb, xe), ne = trim_end(nb, xb + assign);
          for (size_t i = nb; i < ne; ++i) {
            if (!is_word_char(s_[i])) fail("RS0032", "a variable name is letters, digits and `_`", i, i + 1);
          }
          if (ne == nb) fail("RS0032", "a variable without a name", xb, xb + assign + 2);
          Var v;
          v.name = std::string(s_.substr(nb, ne - nb));
          v.value = expression(xb + assign + 2, xe);
          p.vars.push_back(std::move(v));
        }
        break;
    }
    // Only one of these counts (the original engine ignores the later ones): say so.
    if (p.key != Key::kAction && p.key != Key::kLabel) {
      for (const Property& q : out_.props) {
        if (q.key == p.key || (q.key == Key::kTarget && p.key == Key::kTargetOpt) ||
            (q.key == Key::kTargetOpt && p.key == Key::kTarget)) {
          diags_.warning("RS0051", fmt::format("a second `{}` property is ignored by the engine", key_name(p.key)),
                         p.key_span, "only the first one counts; join statements with `;`");
        }
      }
    }
    out_.props.push_back(std::move(p));
  }

  [[noreturn]] void unknown_ability(const std::string& w, size_t b, size_t e) {
    const std::string_view near = closest_ability(w);
    fail("RS0023", fmt::format("unknown ability `{}`", s_.substr(b, e - b)), b, e,
         near.empty() ? std::string("see the abilities table in docs/cfc/RuleScript.md")
                      : fmt::format("did you mean `{}`?", near));
  }

  // ---- target filters ----

  Filter filter(size_t b, size_t e) {
    b = skip_ws(b, e);
    e = trim_end(b, e);
    Filter f;
    f.span = {static_cast<uint32_t>(b), static_cast<uint32_t>(e)};
    size_t i = b;
    if (i < e && s_[i] == '<') {
      const size_t close = s_.find('>', i);
      if (close == std::string_view::npos || close >= e) fail("RS0010", "`<` without its `>`", i, i + 1);
      f.qty = qty(i + 1, close);
      i = close + 1;
    }
    // Types: terms joined by , and &.
    for (;;) {
      i = skip_ws(i, e);
      if (i >= e || s_[i] == '<' || s_[i] == '[' || s_[i] == '@' || s_[i] == ':') break;
      TypeTerm t;
      while (i < e && (s_[i] == '^' || s_[i] == '!')) {
        (s_[i] == '^' ? t.other : t.negate) = true;
        ++i;
      }
      if (i < e && s_[i] == '"') {
        const size_t close = s_.find('"', i + 1);
        if (close == std::string_view::npos || close >= e) fail("RS0014", "a card name without its closing `\"`", i, e);
        t.quoted = true;
        t.word = std::string(s_.substr(i + 1, close - i - 1));
        i = close + 1;
        if (i < e && (s_[i] == 's' || s_[i] == 'S')) {
          t.plural = true;
          ++i;
        }
      } else {
        const size_t wb = i;
        while (i < e && (is_word_char(s_[i]) || s_[i] == '*' || s_[i] == '-')) ++i;
        if (i == wb) {
          fail("RS0011", fmt::format("`{}` cannot start a target type", s_[i]), i, i + 1,
               "a type is a word (character, opp, a subtype), `*` or a \"card name\"");
        }
        std::string w = lower(s_.substr(wb, i - wb));
        if (w.size() > 1 && w.back() == 's' && !is_singular_type(w)) {
          t.plural = true;
          w.pop_back();
        }
        t.word = std::move(w);
      }
      f.types.terms.push_back(std::move(t));
      i = skip_ws(i, e);
      if (i < e && (s_[i] == ',' || s_[i] == '&')) {
        f.types.and_next.push_back(s_[i] == '&');
        const size_t at = i++;
        // "3 & " or "character," : a joiner needs a type after it (found by rulescript_rules_fuzz).
        const size_t nx = skip_ws(i, e);
        if (nx >= e || s_[nx] == '<' || s_[nx] == '[' || s_[nx] == '@' || s_[nx] == ':') {
          fail("RS0011", fmt::format("`{}` without a target type after it", s_[at]), at, at + 1);
        }
        continue;
      }
      break;
    }
    i = skip_ws(i, e);
    if (i < e && s_[i] == '<') {
      const size_t close = s_.find('>', i);
      if (close == std::string_view::npos || close >= e) fail("RS0010", "`<` without its `>`", i, i + 1);
      f.has_pick = true;
      if (!integer(i + 1, close, f.pick)) fail("RS0010", "a pick `<n>` holds a whole number", i, close + 1);
      i = skip_ws(close + 1, e);
    }
    if (i < e && s_[i] == '[') {
      const size_t close = close_of(i, e);
      f.has_filter = true;
      filter_terms(i + 1, close - 1, f.filters);
      i = skip_ws(close, e);
    }
    if (i < e && s_[i] == '@') {
      const size_t zb = skip_ws(i + 1, e);
      size_t ze = zb;
      while (ze < e && is_word_char(s_[ze])) ++ze;
      zone(zb, ze, true, f.zone_prefix, f.zone);
      i = skip_ws(ze, e);
    }
    while (i + 1 < e && s_[i] == ':' && s_[i + 1] == ':') {
      const size_t nb = i + 2;
      size_t ne = nb;
      while (ne < e && is_word_char(s_[ne])) ++ne;
      Selector sel;
      sel.name = lower(s_.substr(nb, ne - nb));
      if (sel.name != "not") fail("RS0015", fmt::format("unknown selector `{}`", s_.substr(nb, ne - nb)), nb, ne, "the selector is ::not(expr)");
      if (ne >= e || s_[ne] != '(') fail("RS0015", "a selector needs `(expression)`", ne, ne + 1);
      const size_t close = close_of(ne, e);
      sel.arg = expression(ne + 1, close - 1);
      f.selectors.push_back(sel);
      i = skip_ws(close, e);
    }
    if (i < e) {
      fail("RS0011", fmt::format("unexpected `{}` in a target filter", s_.substr(i, e - i)), i, e,
           "the form is <qty> type <pick> [filter] @zone ::selector(expr)");
    }
    return f;
  }

  bool integer(size_t b, size_t e, int32_t& out) const {
    b = skip_ws(b, e);
    e = trim_end(b, e);
    bool neg = false;
    if (b < e && (s_[b] == '-' || s_[b] == '+')) {
      neg = s_[b] == '-';
      ++b;
    }
    if (b >= e || e - b > 9) return false;
    int32_t v = 0;
    for (size_t i = b; i < e; ++i) {
      if (!std::isdigit(static_cast<unsigned char>(s_[i]))) return false;
      v = v * 10 + (s_[i] - '0');
    }
    out = neg ? -v : v;
    return true;
  }

  Qty qty(size_t b, size_t e) {
    Qty q;
    const std::string t = lower(s_.substr(b, e - b));
    if (t == "**") {
      q.kind = Qty::Kind::kAny;
      return q;
    }
    if (!t.empty() && t[0] == 'r') {
      q.kind = Qty::Kind::kRandom;
      if (t.size() > 1 && !integer(b + 1, e, q.min)) fail("RS0010", "a random quantity is `<r>` or `<rN>`", b - 1, e + 1);
      if (q.min < 0) fail("RS0010", "a quantity cannot be negative", b, e);
      return q;
    }
    q.kind = Qty::Kind::kCount;
    const size_t comma = t.find(',');
    if (comma == std::string::npos) {
      if (!integer(b, e, q.min)) fail("RS0010", "a quantity is `<n>`, `<min,max>`, `<,max>`, `<r>`, `<rN>` or `<**>`", b - 1, e + 1);
      q.max = q.min;
      q.has_min = true;
    } else {
      q.has_min = t.find_first_not_of(" \t") != comma;
      q.min = 1;
      if (q.has_min && !integer(b, b + comma, q.min)) fail("RS0010", "the minimum of a quantity is a whole number", b, b + comma);
      if (!integer(b + comma + 1, e, q.max)) fail("RS0010", "the maximum of a quantity is a whole number", b + comma + 1, e);
    }
    if (q.min < 0 || q.max < q.min) fail("RS0010", "a quantity needs 0 <= min <= max", b - 1, e + 1);
    return q;
  }

  void filter_terms(size_t b, size_t e, Joined<FilterTerm>& out) {
    size_t i = b;
    for (;;) {
      i = skip_ws(i, e);
      FilterTerm t;
      if (i < e && (s_[i] == '-' || s_[i] == '^' || s_[i] == '+')) t.prefix = s_[i++];
      i = skip_ws(i, e);
      const size_t wb = i;
      while (i < e && (is_word_char(s_[i]) || s_[i] == '-')) ++i;
      if (i == wb) fail("RS0013", "a filter term (a keyword, a type or bp<=N) was expected", i, i + 1);
      t.word = lower(s_.substr(wb, i - wb));
      i = skip_ws(i, e);
      static constexpr std::pair<std::string_view, expr::Op> kCmp[] = {
          {"==", expr::Op::kEq}, {"!=", expr::Op::kNe}, {"<=", expr::Op::kLe},
          {">=", expr::Op::kGe}, {"<", expr::Op::kLt},  {">", expr::Op::kGt}};
      for (const auto& [op, code] : kCmp) {
        if (s_.substr(i, op.size()) == op) {
          t.kind = FilterTerm::Kind::kCompare;
          t.op = code;
          const size_t nb = i + op.size();
          size_t ne = skip_ws(nb, e);
          if (ne < e && (s_[ne] == '-' || s_[ne] == '+')) ++ne;
          while (ne < e && std::isdigit(static_cast<unsigned char>(s_[ne]))) ++ne;
          if (!integer(nb, ne, t.value)) fail("RS0013", fmt::format("`{}{}` needs a whole number", t.word, op), nb, ne);
          i = ne;
          break;
        }
      }
      if (t.kind == FilterTerm::Kind::kWord && i < e && s_[i] == ':') {
        const size_t lb = i + 1;
        size_t le = lb;
        while (le < e && is_word_char(s_[le])) ++le;
        if (lower(s_.substr(lb, le - lb)) != "lowest") fail("RS0013", "the only `:` filter is `bp:lowest`", i, le);
        t.kind = FilterTerm::Kind::kLowest;
        i = le;
      }
      if (t.kind != FilterTerm::Kind::kWord && t.word != "bp" && t.word != "sp") {
        fail("RS0013", fmt::format("`{}` cannot be compared; only bp and sp can", t.word), wb, wb + t.word.size());
      }
      out.terms.push_back(std::move(t));
      i = skip_ws(i, e);
      if (i >= e) return;
      if (s_[i] != ',' && s_[i] != '&') {
        fail("RS0013", fmt::format("unexpected `{}` in a [filter]; join terms with `,` (or) and `&` (and)", s_[i]), i, i + 1);
      }
      out.and_next.push_back(s_[i] == '&');
      ++i;
    }
  }

  // A zone word: [my|opp|ctrl|same|any] zone. `pile_only` restricts to piles for pile arguments.
  void zone(size_t b, size_t e, bool any_zone, std::string& prefix, std::string& name) {
    const std::string w = lower(s_.substr(b, e - b));
    for (std::string_view p : {"", "my", "opp", "ctrl", "same", "any"}) {
      if (w.size() > p.size() && w.compare(0, p.size(), p) == 0) {
        const std::string rest = w.substr(p.size());
        if (any_zone ? is_zone(rest) : is_pile(rest)) {
          prefix = std::string(p);
          name = rest;
          return;
        }
      }
    }
    // "Did you mean": every prefix with every zone, written as scripts write them (myRing).
    std::vector<std::string> names;
    for (std::string_view p : {"", "my", "opp", "ctrl", "same", "any"}) {
      for (std::string_view z : {"arena", "ring", "infront", "hand", "deck", "discards", "removed"}) {
        if (!(any_zone ? is_zone(z) : is_pile(z))) continue;
        std::string n = std::string(p) + std::string(z);
        if (!p.empty()) n[p.size()] = static_cast<char>(std::toupper(static_cast<unsigned char>(n[p.size()])));
        names.push_back(std::move(n));
      }
    }
    const std::vector<std::string_view> views(names.begin(), names.end());
    const std::string_view near = text::closest_ignoring_case(s_.substr(b, e - b), views.data(), views.size());
    fail("RS0012", fmt::format("unknown {} `{}`", any_zone ? "zone" : "pile", s_.substr(b, e - b)), b, e,
         !near.empty() ? fmt::format("did you mean `{}`?", near)
         : any_zone    ? "zones are arena, ring, infront, hand, deck, discards, removed, with my, opp, ctrl, same or any before"
                       : "piles are hand, deck, discards, removed, with my, opp, ctrl or any before");
  }

  // ---- action and auto statements ----

  Statement statement(size_t b, size_t e, bool is_auto) {
    b = skip_ws(b, e);
    e = trim_end(b, e);
    Statement st;
    st.span = {static_cast<uint32_t>(b), static_cast<uint32_t>(e)};
    if (b >= e) fail("RS0031", "an empty statement (two `;` in a row, or one at the end)", b, b + 1);
    size_t i = b;
    if (is_auto && i < e && (s_[i] == '~' || s_[i] == '?')) {
      const char delim = s_[i];
      const size_t close = s_.find(delim, i + 1);
      if (close == std::string_view::npos || close >= e) {
        fail("RS0024", fmt::format("`{}` opens an {} list that is never closed", delim, delim == '~' ? "event" : "hook"), i, i + 1);
      }
      st.hook = delim == '?';
      for (auto [eb, ee] : split_top(i + 1, close, ",")) st.events.push_back(event(eb, ee, st.hook));
      i = close + 1;
    }
    i = skip_ws(i, e);
    // Costs: {F}{D(action)}: ...
    while (i < e && s_[i] == '{') {
      const size_t close = close_of(i, e);
      st.costs.push_back(cost(i + 1, close - 1));
      i = close;
      if (i < e && s_[i] == ':') {
        ++i;
        break;
      }
    }
    if (!st.costs.empty() && (i == 0 || s_[i - 1] != ':')) {
      fail("RS0026", "costs end with `:` before the effects", i, i + 1, "write {F}: effect");
    }
    Branch cur;
    bool open = false;
    for (;;) {
      i = skip_ws(i, e);
      if (i >= e) break;
      if (s_.substr(i, 2) == "[[") {
        const size_t close = s_.find("]]", i + 2);
        if (close == std::string_view::npos || close >= e) fail("RS0027", "`[[` without its `]]`", i, i + 2);
        if (open) st.branches.push_back(std::move(cur));
        cur = Branch{};
        open = true;
        cur.cond = cond(i + 2, close);
        i = close + 2;
        continue;
      }
      open = true;
      i = item(i, e, cur);
    }
    if (open) st.branches.push_back(std::move(cur));
    // Every branch does something, except a hook or an auto condition, which only allows or cancels.
    for (const Branch& br : st.branches) {
      if (br.effects.empty() && !(is_auto && br.cond.kind == Cond::Kind::kIf && st.branches.size() == 1)) {
        fail("RS0031", "a statement without an effect", b, e, "an effect is a command such as draw() or an ability such as +rush");
      }
    }
    if (st.branches.empty()) fail("RS0031", "a statement without an effect", b, e);
    if (st.hook && (st.branches.size() != 1 || !st.branches[0].effects.empty())) {
      fail("RS0024", "a ?hook? is followed by one [[if expression]] and nothing else", b, e);
    }
    return st;
  }

  Event event(size_t b, size_t e, bool hook) {
    b = skip_ws(b, e);
    e = trim_end(b, e);
    Event ev;
    size_t colon = s_.substr(b, e - b).find(':');
    const size_t ne = colon == std::string_view::npos ? e : b + colon;
    const std::string w = lower(s_.substr(b, ne - b));
    bool found = false;
    for (std::string_view p : {"", "my", "opp", "any"}) {
      if (w.size() > p.size() && w.compare(0, p.size(), p) == 0) {
        const std::string rest = w.substr(p.size());
        if (hook ? is_hook(rest) : is_event(rest)) {
          ev.prefix = std::string(p);
          ev.name = rest;
          found = true;
          break;
        }
      }
    }
    if (!found) {
      const std::string_view near = hook ? std::string_view{} : closest_event(w);
      fail("RS0024", fmt::format("unknown {} `{}`", hook ? "hook" : "event", s_.substr(b, ne - b)), b, ne,
           !near.empty() ? fmt::format("did you mean `{}`?", near)
                         : hook ? std::string("the hook is canBlock, with my, opp or any before")
                                : std::string("see the event table in docs/cfc/RuleScript.md"));
    }
    size_t i = ne;
    while (i < e && s_[i] == ':') {
      const size_t sb = i + 1;
      size_t se = sb;
      while (se < e && is_word_char(s_[se])) ++se;
      const std::string suf = lower(s_.substr(sb, se - sb));
      if (!is_event_suffix(suf)) {
        fail("RS0024", fmt::format("unknown event suffix `:{}`", s_.substr(sb, se - sb)), i, se,
             "suffixes are :this :fromThis :any :once :action :reaction :char");
      }
      ev.suffixes.push_back(suf);
      i = se;
    }
    if (i < e) fail("RS0024", fmt::format("unexpected `{}` in an event", s_.substr(i, e - i)), i, e);
    return ev;
  }

  Cost cost(size_t b, size_t e) {
    b = skip_ws(b, e);
    e = trim_end(b, e);
    Cost c;
    if (b >= e) fail("RS0026", "an empty cost `{}`", b - 1, e + 1);
    c.letter = static_cast<char>(std::toupper(static_cast<unsigned char>(s_[b])));
    if (std::string_view("FSDE").find(c.letter) == std::string_view::npos || (b + 1 < e && s_[b + 1] != '(')) {
      fail("RS0026", fmt::format("unknown cost `{{{}}}`", s_.substr(b, e - b)), b, e,
           "costs are {F} freeze, {S} or {S(target)} sacrifice, {D}, {D(n)} or {D(target)} discard, {E} or {E(target)}");
    }
    if (b + 1 < e) {
      const size_t close = close_of(b + 1, e);
      if (close != e) fail("RS0026", "unexpected text after the cost", close, e);
      c.has_arg = true;
      int32_t n;
      if (c.letter == 'D' && integer(b + 2, e - 1, n)) {
        c.arg.kind = Arg::Kind::kExpr;
        c.arg.expr = expression(b + 2, e - 1);
      } else {
        c.arg.kind = Arg::Kind::kFilter;
        c.arg.filter.push_back(filter(b + 2, e - 1));
      }
    }
    return c;
  }

  Cond cond(size_t b, size_t e) {
    b = skip_ws(b, e);
    e = trim_end(b, e);
    Cond c;
    size_t we = b;
    while (we < e && is_word_char(s_[we])) ++we;
    const std::string w = lower(s_.substr(b, we - b));
    if (w == "may") {
      c.kind = Cond::Kind::kMay;
      const size_t q = skip_ws(we, e);
      if (q < e) {
        if ((s_[q] != '\'' && s_[q] != '"') || e - q < 2 || s_[e - 1] != s_[q]) {
          fail("RS0027", "`may` takes an optional question in quotes", q, e, "[[may 'Draw a card?']]");
        }
        c.question = std::string(s_.substr(q + 1, e - q - 2));
      }
    } else if (w == "if" || w == "elif") {
      c.kind = w == "if" ? Cond::Kind::kIf : Cond::Kind::kElif;
      c.expr = expression(we, e);
    } else if (w == "else") {
      c.kind = Cond::Kind::kElse;
      if (skip_ws(we, e) < e) fail("RS0027", "`[[else]]` takes nothing more", we, e);
    } else {
      fail("RS0027", fmt::format("unknown condition `{}`", s_.substr(b, e - b)), b, e,
           "conditions are [[may]], [[may 'Question']], [[if expr]], [[elif expr]] and [[else]]");
    }
    return c;
  }

  // One item of a branch: an effect, a join operator, a to()/target()/from() or a restriction.
  size_t item(size_t i, size_t e, Branch& br) {
    const char c = s_[i];
    auto join = [&](uint8_t j, size_t len) {
      if (br.effects.empty() || br.joins.size() == br.effects.size()) {
        fail("RS0030", fmt::format("`{}` needs an effect on each side", s_.substr(i, len)), i, i + len);
      }
      br.joins.push_back(j);
      return i + len;
    };
    if (s_.substr(i, 2) == "&&") return join('a', 2);
    if (s_.substr(i, 2) == "||") return join('o', 2);
    if (c == '&') return join('&', 1);
    auto need_join = [&](size_t at) {
      if (!br.effects.empty() && br.joins.size() != br.effects.size()) {
        fail("RS0030", "two effects need `&`, `&&` or `||` between them", at, at + 1,
             "or separate statements with `;`");
      }
    };
    if ((c == '+' || c == '-') && i + 1 < e && std::isalpha(static_cast<unsigned char>(s_[i + 1]))) {
      size_t we = i + 1;
      while (we < e && is_word_char(s_[we])) ++we;
      const std::string w = lower(s_.substr(i + 1, we - i - 1));
      if (!is_ability(w)) unknown_ability(w, i + 1, we);
      need_join(i);
      Effect ef;
      ef.kind = Effect::Kind::kAbility;
      ef.sign = c;
      ef.name = w;
      ef.span = {static_cast<uint32_t>(i), static_cast<uint32_t>(we)};
      br.effects.push_back(std::move(ef));
      return we;
    }
    if (!std::isalpha(static_cast<unsigned char>(c)) && c != '_') {
      fail("RS0030", fmt::format("unexpected `{}`", c), i, i + 1,
           "an effect is a command such as draw() or an ability such as +rush");
    }
    size_t we = i;
    while (we < e && is_word_char(s_[we])) ++we;
    const std::string w = lower(s_.substr(i, we - i));
    size_t j = we;
    bool ask = false;
    if (j < e && s_[j] == '?') {
      ask = true;
      ++j;
    }
    if (j >= e || s_[j] != '(') {
      if (!ask && is_restriction(w)) {
        br.restrictions.push_back(w);
        return we;
      }
      if (find_command(w)) fail("RS0029", fmt::format("`{}` needs parentheses: {}()", s_.substr(i, we - i), w), i, we);
      if (is_ability(w)) fail("RS0030", fmt::format("an ability needs `+` or `-`: +{}", w), i, we);
      fail("RS0030", fmt::format("unexpected `{}`", s_.substr(i, we - i)), i, we,
           "restrictions are ueot, unac and uynt (with my or opp before)");
    }
    const size_t close = close_of(j, e);
    const size_t ab = j + 1, ae = close - 1;
    if (w == "to" || w == "target" || w == "from") {
      TargetClause tc;
      tc.verb = w;
      tc.optional = ask;
      tc.before_effect = static_cast<uint32_t>(br.effects.size());
      if (looks_like_expression(ab, ae)) {
        tc.is_expr = true;
        tc.expr = expression(ab, ae);
      } else {
        for (auto [fb, fe] : split_top(ab, ae, ";")) tc.filters.push_back(filter(fb, fe));
      }
      br.targets.push_back(std::move(tc));
      return close;
    }
    need_join(i);
    br.effects.push_back(command(i, we, ask, ab, ae));
    return close;
  }

  // to(_card), target(tgt.0), to(trigger.controller): an expression, not a filter.
  bool looks_like_expression(size_t b, size_t e) const {
    b = skip_ws(b, e);
    e = trim_end(b, e);
    if (b >= e) return false;
    if (s_[b] == '_') return true;
    bool dot = false;
    for (size_t i = b; i < e; ++i) {
      if (s_[i] == '.') {
        dot = true;
      } else if (!is_word_char(s_[i])) {
        return false;
      }
    }
    const std::string w = lower(s_.substr(b, e - b));
    return dot || w == "tgt" || w == "prevtgt";
  }

  Effect command(size_t nb, size_t ne, bool ask, size_t ab, size_t ae) {
    const std::string name = lower(s_.substr(nb, ne - nb));
    const CommandSig* sig = find_command(name);
    if (!sig) {
      const std::string_view near = closest_command(name);
      fail("RS0020", fmt::format("unknown command `{}`", s_.substr(nb, ne - nb)), nb, ne,
           near.empty() ? std::string("see the command table in docs/cfc/RuleScript.md")
                        : fmt::format("did you mean `{}()`?", near));
    }
    if (++depth_ > kMaxDepth) fail("RS0090", fmt::format("effects nested deeper than the limit ({})", kMaxDepth), nb, ne);
    Effect ef;
    ef.name = std::string(sig->name);
    ef.ask = ask;
    ef.span = {static_cast<uint32_t>(nb), static_cast<uint32_t>(ae + 1)};
    std::vector<std::pair<size_t, size_t>> parts;
    if (skip_ws(ab, ae) < ae) {
      // A lone filter argument may hold commas of its own (to(opp,character)): it is not split.
      const bool whole = sig->params.size() == 1 && std::string_view("fntE").find(sig->params[0]) != std::string_view::npos;
      parts = whole ? std::vector<std::pair<size_t, size_t>>{{ab, ae}} : split_top(ab, ae, ",");
    }
    if (parts.size() < static_cast<size_t>(sig->min_args) || parts.size() > sig->params.size()) {
      const size_t opt = sig->params.size() - static_cast<size_t>(sig->min_args);
      fail("RS0021",
           fmt::format("`{}()` takes {} argument{}, not {}", sig->name,
                       opt == 0 ? fmt::format("{}", sig->min_args) : fmt::format("{} to {}", sig->min_args, sig->params.size()),
                       sig->params.size() == 1 ? "" : "s", parts.size()),
           nb, ae + 1);
    }
    for (size_t k = 0; k < parts.size(); ++k) ef.args.push_back(arg(*sig, sig->params[k], parts[k].first, parts[k].second));
    --depth_;
    return ef;
  }

  Arg arg(const CommandSig& sig, char shape, size_t b, size_t e) {
    b = skip_ws(b, e);
    e = trim_end(b, e);
    if (b >= e) fail("RS0021", "an empty argument", b, b + 1);
    Arg a;
    const std::string w = lower(s_.substr(b, e - b));
    auto word_in = [&](bool ok, const char* what) {
      if (!ok) fail("RS0022", fmt::format("`{}` is not a {}", s_.substr(b, e - b), what), b, e);
      a.kind = Arg::Kind::kWord;
      a.word = w;
    };
    int32_t n;
    switch (shape) {
      case 'e':
        a.expr = expression(b, e);
        break;
      case 'm':
        if (w[0] == 'x' && integer(b + 1, e, n)) {
          a.kind = Arg::Kind::kMod;
          a.mod = 'x';
          a.expr = expression(b + 1, e);
        } else if (s_[b] == '=') {
          a.kind = Arg::Kind::kMod;
          a.mod = '=';
          a.expr = expression(b + 1, e);
        } else {
          a.kind = Arg::Kind::kMod;
          a.expr = expression(b, e);
        }
        break;
      case 'n':
        if (integer(b, e, n)) {
          a.expr = expression(b, e);
          break;
        }
        [[fallthrough]];
      case 'f':
      case 't':
        a.kind = Arg::Kind::kFilter;
        a.filter.push_back(filter(b, e));
        break;
      case 'z':
      case 'p': {
        std::string prefix, zn;
        zone(b, e, shape == 'z', prefix, zn);
        a.kind = Arg::Kind::kWord;
        a.word = w;
        break;
      }
      case 'r':
        word_in(is_game_rule(w), "game rule (ab_trigger_fresh, piercing, backup_limit, ...)");
        break;
      case 'h':
        word_in(is_phase(w), "phase (activate, draw, main, attack, counter-attack)");
        break;
      case 'c':
        word_in(is_card_type(w), "card type (character, action, reaction, ua2, ua3)");
        break;
      case 'w': {
        bool ok = false;
        for (size_t p = 0; p <= sig.words.size();) {
          size_t q = sig.words.find(' ', p);
          if (q == std::string_view::npos) q = sig.words.size();
          if (sig.words.substr(p, q - p) == w) ok = true;
          p = q + 1;
        }
        word_in(ok, fmt::format("word {}() takes here ({})", sig.name, sig.words).c_str());
        break;
      }
      case 'q':
        if (w == "?") {
          a.kind = Arg::Kind::kQuery;
        } else if (w == "true" || w == "false") {
          a.kind = Arg::Kind::kWord;
          a.word = w;
        } else {
          a.expr = expression(b, e);
          // "+ true" or "(true)" prints as true, which reads back as the word: read it as the word
          // now (found by rulescript_rules_fuzz).
          const std::string printed = lower(print_expr(out_, a.expr));
          if (printed == "true" || printed == "false") {
            a.kind = Arg::Kind::kWord;
            a.word = printed;
          }
        }
        break;
      case 'g':
        if (s_[b] == '"' && e - b >= 2 && s_[e - 1] == '"') {
          a.kind = Arg::Kind::kString;
          a.word = std::string(s_.substr(b + 1, e - b - 2));
        } else {
          a.expr = expression(b, e);
        }
        break;
      case 'E':
        each(b, e, a);
        break;
      default:
        fail("RS0021", "internal: unknown argument shape", b, e);
    }
    return a;
  }

  // each(card.bp <= 300 in me.hand => bp(+200)) or each(characters[attack] => draw(2))
  void each(size_t b, size_t e, Arg& a) {
    a.kind = Arg::Kind::kEach;
    const auto parts = split_top(b, e, "=>");
    if (parts.size() != 2) fail("RS0028", "each() needs `cards => effect`", b, e, "each(card in me.hand => bp(+200))");
    const auto [lb, le] = parts[0];
    // The last " in " outside brackets splits a predicate from its list.
    size_t in_at = std::string_view::npos;
    for (auto [pb, pe] : split_top(lb, le, " in ")) {
      if (pb != lb) in_at = pb - 4;
      (void)pe;
    }
    if (in_at != std::string_view::npos) {
      a.expr = expression(lb, in_at);
      a.list = expression(in_at + 4, le);
    } else {
      a.filter.push_back(filter(lb, le));
    }
    const auto [rb, re] = parts[1];
    Branch body;
    size_t i = skip_ws(rb, re);
    while (i < re) {
      i = item(i, re, body);
      i = skip_ws(i, re);
    }
    if (body.effects.size() != 1 || !body.targets.empty() || !body.restrictions.empty()) {
      fail("RS0028", "each() applies exactly one effect", rb, re);
    }
    a.body = std::move(body.effects);
  }

  std::string_view s_;
  text::Diagnostics& diags_;
  Rules& out_;
  int depth_ = 0;
};

}  // namespace

const char* key_name(Key k) {
  for (const KeyName& c : kKeys) {
    if (c.key == k) return c.text.data();
  }
  return "?";
}

bool parse_rules(std::string_view text, text::Diagnostics& diags, Rules& out) {
  const size_t before = diags.error_count();
  Parser p(text, diags, out);
  p.run();
  return diags.error_count() == before;
}

}  // namespace rk::cfc
