// The RuleScript parser (parser_inside.h): target filters and command arguments.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "games/cfc/language/parser_inside.h"
#include "games/cfc/language/python_expr.h"
#include "text/suggest.h"

namespace rk::cfc::detail {

Filter Parser::filter(size_t b, size_t e) {
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
  i = type_terms(i, e, f);
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
  i = selectors(i, e, f);
  if (i < e) {
    fail("RS0011", fmt::format("unexpected `{}` in a target filter", s_.substr(i, e - i)), i, e,
         "the form is <qty> type <pick> [filter] @zone ::selector(expr)");
  }
  return f;
}

// Types: terms joined by , and &; returns where they end.
size_t Parser::type_terms(size_t i, size_t e, Filter& f) {
  for (;;) {
    i = skip_ws(i, e);
    if (i >= e || s_[i] == '<' || s_[i] == '[' || s_[i] == '@' || s_[i] == ':') break;
    TypeTerm t = type_term(i, e);
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
  return i;
}

// One target type: ^ (other) and ! (not), then a word, `*` or a "card name" (s: plural).
TypeTerm Parser::type_term(size_t& i, size_t e) {
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
  return t;
}

// ::not(expr) selectors; returns where they end.
size_t Parser::selectors(size_t i, size_t e, Filter& f) {
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
  return i;
}

bool Parser::integer(size_t b, size_t e, int32_t& out) const {
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

Qty Parser::qty(size_t b, size_t e) {
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

void Parser::filter_terms(size_t b, size_t e, Joined<FilterTerm>& out) {
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
void Parser::zone(size_t b, size_t e, bool any_zone, std::string& prefix, std::string& name) {
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

Effect Parser::command(size_t nb, size_t ne, bool ask, size_t ab, size_t ae) {
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

Arg Parser::arg(const CommandSig& sig, char shape, size_t b, size_t e) {
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
      mod_arg(b, e, w, a);
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
    case 'w':
      word_in(takes_word(sig, w), fmt::format("word {}() takes here ({})", sig.name, sig.words).c_str());
      break;
    case 'q':
      query_arg(b, e, w, a);
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

// xN, =N or an amount (bp(x2), sp(=0), damage(300)).
void Parser::mod_arg(size_t b, size_t e, const std::string& w, Arg& a) {
  int32_t n;
  a.kind = Arg::Kind::kMod;
  if (w[0] == 'x' && integer(b + 1, e, n)) {
    a.mod = 'x';
    a.expr = expression(b + 1, e);
  } else if (s_[b] == '=') {
    a.mod = '=';
    a.expr = expression(b + 1, e);
  } else {
    a.expr = expression(b, e);
  }
}

// Whether `w` is one of the words the command takes (CommandSig::words, space-separated).
bool Parser::takes_word(const CommandSig& sig, const std::string& w) {
  bool ok = false;
  for (size_t p = 0; p <= sig.words.size();) {
    size_t q = sig.words.find(' ', p);
    if (q == std::string_view::npos) q = sig.words.size();
    if (sig.words.substr(p, q - p) == w) ok = true;
    p = q + 1;
  }
  return ok;
}

// `?`, true, false or an expression (moveTo(deck, ?), moveTo(hand, true)).
void Parser::query_arg(size_t b, size_t e, const std::string& w, Arg& a) {
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
}

// each(card.bp <= 300 in me.hand => bp(+200)) or each(characters[attack] => draw(2))
void Parser::each(size_t b, size_t e, Arg& a) {
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

}  // namespace rk::cfc::detail
