// Parser for RuleScript (see rulescript.h for the grammar). One property per line; a line with
// an error is reported and dropped, the rest of the card loads. Filters and command arguments are
// parser_args.cc.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "games/cfc/language/parser_inside.h"
#include "games/cfc/language/python_expr.h"
#include "games/cfc/language/rulescript.h"
#include "games/cfc/language/tables.h"
#include "text/suggest.h"

namespace rk::cfc {
namespace detail {
namespace {

struct Fail {};

}  // namespace

void Parser::run() {
  size_t start = 0;
  while (start < s_.size()) {
    size_t nl = s_.find_first_of("\r\n", start);
    if (nl == std::string_view::npos) nl = s_.size();
    line(start, nl);
    start = nl + 1;
    if (nl < s_.size() && s_[nl] == '\r' && start < s_.size() && s_[start] == '\n') ++start;
  }
}

[[noreturn]] void Parser::fail(const char* code, std::string msg, size_t b, size_t e, std::string hint) {
  if (e <= b) e = b + 1;
  diags_.error(code, std::move(msg), {static_cast<uint32_t>(b), static_cast<uint32_t>(e)}, std::move(hint));
  throw Fail{};
}

// The end of the group opened at s_[i] ('(' '[' '{' or a quote): the index after its closer.
size_t Parser::close_of(size_t i, size_t e) {
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
std::vector<std::pair<size_t, size_t>> Parser::split_top(size_t b, size_t e, std::string_view sep) {
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

expr::NodeId Parser::expression(size_t b, size_t e) {
  b = skip_ws(b, e);
  e = trim_end(b, e);
  expr::NodeId id;
  if (!parse_python_expr(s_, b, e, out_.pool, out_.symbols, diags_, id)) throw Fail{};
  return id;
}

void Parser::line(size_t b, size_t e) {
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

void Parser::property(size_t b, size_t e) {
  size_t k = b;
  while (k < e && (is_word_char(s_[k]) || s_[k] == '?')) ++k;
  const size_t key_end = k;
  k = skip_ws(k, e);
  if (k >= e || s_[k] != '=') {
    fail("RS0002", "a property line needs `key = value`", b, key_end > b ? key_end : e,
         "keys are target, target?, action, abilities, auto, label, requisite and vars");
  }
  const std::string key = lower(s_.substr(b, key_end - b));
  const KeyName* kn = &property_key(key, b, key_end);
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
      vars_value(p, vb, e);
      break;
  }
  warn_repeated(p);
  out_.props.push_back(std::move(p));
}

// The property key written at [b, key_end): one of kKeys, or an error naming the nearest.
const KeyName& Parser::property_key(const std::string& key, size_t b, size_t key_end) {
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
  return *kn;
}

// vars = _coin := flipCoin(); _char := tgt.0
void Parser::vars_value(Property& p, size_t vb, size_t e) {
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
}

// Only one of these counts (the original engine ignores the later ones): say so.
void Parser::warn_repeated(const Property& p) {
  if (p.key != Key::kAction && p.key != Key::kLabel) {
    for (const Property& q : out_.props) {
      if (q.key == p.key || (q.key == Key::kTarget && p.key == Key::kTargetOpt) ||
          (q.key == Key::kTargetOpt && p.key == Key::kTarget)) {
        diags_.warning("RS0051", fmt::format("a second `{}` property is ignored by the engine", key_name(p.key)),
                       p.key_span, "only the first one counts; join statements with `;`");
      }
    }
  }
}

[[noreturn]] void Parser::unknown_ability(const std::string& w, size_t b, size_t e) {
  const std::string_view near = closest_ability(w);
  fail("RS0023", fmt::format("unknown ability `{}`", s_.substr(b, e - b)), b, e,
       near.empty() ? std::string("see the abilities table in docs/cfc/RuleScript.md")
                    : fmt::format("did you mean `{}`?", near));
}

Statement Parser::statement(size_t b, size_t e, bool is_auto) {
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

Event Parser::event(size_t b, size_t e, bool hook) {
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

Cost Parser::cost(size_t b, size_t e) {
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

Cond Parser::cond(size_t b, size_t e) {
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
size_t Parser::item(size_t i, size_t e, Branch& br) {
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
bool Parser::looks_like_expression(size_t b, size_t e) const {
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

}  // namespace detail


const char* key_name(Key k) {
  for (const detail::KeyName& c : detail::kKeys) {
    if (c.key == k) return c.text.data();
  }
  return "?";
}

bool parse_rules(std::string_view text, text::Diagnostics& diags, Rules& out) {
  const size_t before = diags.error_count();
  detail::Parser p(text, diags, out);
  p.run();
  return diags.error_count() == before;
}

}  // namespace rk::cfc
