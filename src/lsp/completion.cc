#include "lsp/completion.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "games/cfc/language/card_data.h"
#include "games/cfc/language/expr_names.h"
#include "games/cfc/language/tables.h"
#include "games/mtg/compiler/symbols.h"
#include "games/mtg/language/vocabulary.h"
#include "games/rulegame/language/features_check.h"
#include "games/vck/language/vocabulary.h"
#include "lsp/card_strings.h"
#include "lsp/navigation.h"
#include "lsp/positions.h"
#include "text/source.h"

namespace rk::lsp {
namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string line_before(const std::string& text, size_t offset) {
  const size_t nl = offset == 0 ? std::string::npos : text.rfind('\n', offset - 1);
  const size_t b = nl == std::string::npos ? 0 : nl + 1;
  return text.substr(b, offset - b);
}

void add(std::vector<Completion>& out, std::string_view w, std::string_view detail, int kind = 14) {
  out.push_back({std::string(w), std::string(detail), kind});
}

std::string trim_copy(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.pop_back();
  size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  return s.substr(i);
}

// Names defined in the text by lines "PREFIX NAME..." (Wagic name=, #AUTO_DEFINE, Order NAME=).
std::vector<std::string> defined(const std::string& text, std::string_view prefix, std::string_view stop) {
  std::vector<std::string> out;
  for (std::string_view l : text::split_lines(text)) {
    const size_t at = l.find_first_not_of(" \t");
    if (at == std::string_view::npos || l.substr(at, prefix.size()) != prefix) continue;
    std::string_view rest = l.substr(at + prefix.size());
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    const size_t end = rest.find_first_of(stop);
    std::string name(rest.substr(0, end));
    while (!name.empty() && (name.back() == ' ' || name.back() == '\r')) name.pop_back();
    if (!name.empty()) out.push_back(std::move(name));
  }
  return out;
}

void wagic(const Document& d, const std::string& before, const std::string& typed, std::vector<Completion>& out) {
  const std::vector<mtg::WordList> vocab = mtg::vocabulary();
  const auto words_of = [&](std::string_view kind) {
    for (const mtg::WordList& l : vocab) {
      if (l.kind == kind) {
        for (std::string_view w : l.words) add(out, w, kind);
      }
    }
  };
  const size_t eq = before.find('=');
  if (eq == std::string::npos) {  // a key at the start of a line
    words_of("key");
    return;
  }
  const std::string key = before.substr(0, eq);
  if (key == "primitive" || key == "name") {  // card names of this file and of its database
    for (const std::string& n : defined(d.text, "name=", "\r\n")) add(out, n, "card", 7);
    if (key == "primitive") {
      for (const std::string& f : wagic_database_files(d)) {
        std::string t;
        if (!text::read_file(f, t)) continue;
        for (const std::string& n : defined(t, "name=", "\r\n")) add(out, n, "card", 7);
      }
    }
    return;
  }
  const size_t bar = before.rfind('|'), at = before.rfind('@'), colon = before.rfind(':'),
               paren = before.rfind('(');
  if (bar != std::string::npos && (paren == std::string::npos || bar > paren) &&
      before.find(')', bar) == std::string::npos) {
    words_of("zone");
    return;
  }
  // A target's type: the value of target=, or the first word inside target( (its zone after |).
  const bool open_paren = paren != std::string::npos && before.find(')', paren) == std::string::npos;
  if (key == "target" || (open_paren && paren >= 6 && before.compare(paren - 6, 6, "target") == 0)) {
    for (const char* t : mtg::kTypeWords) add(out, t, "target type");
    for (std::string_view t : {"player", "*", "this", "other"}) add(out, t, "target type");
    return;
  }
  if (at != std::string::npos && (colon == std::string::npos || colon < at)) {
    words_of("trigger");
    return;
  }
  // A macro call starts with _ (the word being typed; word_at keeps the underscores).
  if (!typed.empty() && typed.front() == '_') {
    for (const std::string& m : defined(d.text, "#AUTO_DEFINE", " \t(\r\n")) add(out, m, "macro", 15);
  }
  for (std::string_view kind : {"effect", "ability", "condition", "restriction", "duration", "player", "phase"}) words_of(kind);
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// How many of `c` stand in `s` after `from` (an odd count of ~ means the cursor is inside ~...~).
size_t count_after(const std::string& s, char c, size_t from) {
  size_t n = 0;
  for (size_t i = from; i < s.size(); ++i) n += s[i] == c;
  return n;
}

// An open bracket: `open` written after the last `close` (npos when none is open).
size_t open_since(const std::string& s, std::string_view open, std::string_view close) {
  const size_t o = s.rfind(open);
  if (o == std::string::npos) return o;
  const size_t c = s.rfind(close);
  return c != std::string::npos && c > o ? std::string::npos : o;
}

// RuleScript (RuleScript.md): a key before `=`, then by what stands before the cursor: a zone
// after @, an event inside ~...~ (its suffix after :), a hook inside ?...?, an ability after + or
// - and in `abilities =`, names inside [[ ]] (attributes after .), filter words inside [ ], card
// types where a target filter starts, card names inside "...", else commands and restrictions.
void rulescript(const Document& d, const std::string& before, const std::string& word, std::vector<Completion>& out) {
  const std::vector<cfc::WordList> vocab = cfc::vocabulary();
  const auto words_of = [&](std::string_view kind, int item_kind = 14) {
    for (const cfc::WordList& l : vocab) {
      if (l.kind == kind) {
        for (std::string_view w : l.words) add(out, w, kind, item_kind);
      }
    }
  };
  const auto prefixed = [&](std::string_view kind, std::string_view detail) {  // myRing, oppEndphase ...
    for (const cfc::WordList& l : vocab) {
      if (l.kind != kind) continue;
      for (std::string_view w : l.words) {
        add(out, w, detail);
        for (std::string_view p : {"my", "opp", "any"}) {
          std::string x = std::string(p) + std::string(w);
          x[p.size()] = static_cast<char>(std::toupper(static_cast<unsigned char>(x[p.size()])));
          add(out, x, detail);
        }
      }
    }
  };
  const size_t eq = before.find('=');
  if (eq == std::string::npos) {
    for (cfc::Key k : {cfc::Key::kTarget, cfc::Key::kTargetOpt, cfc::Key::kAction, cfc::Key::kAbilities, cfc::Key::kAuto,
                       cfc::Key::kLabel, cfc::Key::kRequisite, cfc::Key::kVars}) {
      add(out, cfc::key_name(k), "key");
    }
    return;
  }
  const std::string key = lower(trim_copy(before.substr(0, eq)));
  const std::string value = before.substr(eq + 1);
  const char last = value.empty() ? ' ' : value.back();
  // Inside "...": a card's name (a type term such as "Juni"), from the plugin's set.xml files;
  // matched on all that was typed since the quote, blanks included.
  if (key != "label" && count_after(value, '"', 0) % 2 == 1) {
    const std::string typed = lower(value.substr(value.rfind('"') + 1) + word);
    std::set<std::string> names;
    for (const cfc::CardData& c : cfc::printed_cards_above(d.path)) {
      if (c.type != "Character" && c.type != "Action" && c.type != "Reaction") continue;
      if (lower(c.name).rfind(typed, 0) == 0 && names.insert(c.name).second) out.push_back({c.name, "card", 7, true});
    }
    return;
  }
  if (const size_t expr = open_since(value, "[[", "]]"); expr != std::string::npos) {
    if (last == '.') {
      for (std::string_view w : cfc::expression_fields()) add(out, w, "attribute", 5);
      return;
    }
    if (trim_copy(value.substr(expr + 2)).empty()) {
      for (std::string_view w : {"may", "if", "elif", "else"}) add(out, w, "condition");
    }
    for (std::string_view w : cfc::expression_variables()) add(out, w, "variable", 6);
    for (std::string_view w : cfc::expression_functions()) add(out, w, "function", 3);
    return;
  }
  if (last == '@') {
    prefixed("zone", "zone");
    return;
  }
  if (key == "auto" && count_after(value, '~', 0) % 2 == 1) {
    if (last == ':') {
      words_of("event suffix");
    } else {
      prefixed("event", "event");
    }
    return;
  }
  if (key == "auto" && last == '?' && count_after(value, '?', 0) % 2 == 1) {
    words_of("hook");
    return;
  }
  if (key == "abilities" || last == '+' || last == '-') {
    words_of("ability");
    return;
  }
  if (open_since(value, "[", "]") != std::string::npos) {
    words_of("filter");
    return;
  }
  // Where a target filter starts: the value of target/requisite, or the first argument of
  // to(), target(), from().
  const size_t paren = value.rfind('(');
  const bool target_call = paren != std::string::npos && value.find(')', paren) == std::string::npos &&
                           [&] {
                             size_t b = paren;
                             while (b > 0 && word_char(value[b - 1])) --b;
                             const std::string verb = lower(value.substr(b, paren - b));
                             return verb == "to" || verb == "target" || verb == "from";
                           }();
  if (key == "target" || key == "target?" || key == "requisite" || target_call) {
    for (const cfc::WordList& l : vocab) {
      if (l.kind != "card type" && l.kind != "singular type") continue;
      for (std::string_view w : l.words) {
        add(out, w, "target type");
        if (l.kind == "card type") add(out, std::string(w) + "s", "target type");
      }
    }
    return;
  }
  words_of("command", 3);
  words_of("restriction");
}

// VCK effect strings: a verb or a resource where a leg starts (at the start, after +, after <),
// a resource after it.
void vck(const std::string& before, std::vector<Completion>& out) {
  const std::string b = trim_copy(before);
  const bool leg_start = b.empty() || b.back() == '+' || b.back() == '<';
  if (leg_start) {
    for (std::string_view w : vck::known_verbs()) add(out, w, "verb", 3);
  }
  for (std::string_view w : vck::resource_words()) add(out, w, "resource", 12);
}

// Rule Game (syntax.md): a rule line's atoms are (count, shape, colour, position, buckets); what
// is offered depends on the field the cursor is in. Outside an atom: the clauses and `Order`.
void rulegame(const Document& d, const std::string& before, std::vector<Completion>& out) {
  const size_t open = open_since(before, "(", ")");
  const rulegame::Features f = rulegame::features_for(d.path);
  const auto orders = [&] {
    for (const std::string& n : defined(d.text, "Order", "=\r\n")) add(out, n, "order", 7);
    for (std::string_view n : {"L1", "L2", "L3", "L4", "T", "B", "R", "L"}) add(out, n, "built-in order", 7);
  };
  if (open == std::string::npos) {
    if (trim_copy(before).empty()) add(out, "Order", "keyword");
    for (std::string_view p : {"color:", "shape:", "pos:", "postpos:", "bucket:", "count:", "code:"}) add(out, p, "clause");
    return;
  }
  size_t field = 0, field_begin = open + 1;  // commas inside a [list] part a field's own items
  int depth = 0;
  for (size_t i = open + 1; i < before.size(); ++i) {
    depth += before[i] == '[' ? 1 : before[i] == ']' ? -1 : 0;
    if (before[i] == ',' && depth <= 0) {
      ++field;
      field_begin = i + 1;
    }
  }
  // The name:value form, (shape:square, color:red): the clause's name says what its value is.
  const std::string here = trim_copy(before.substr(field_begin));
  if (const size_t colon = here.find(':'); colon != std::string::npos) {
    const std::string name = here.substr(0, colon);
    if (name == "shape") {
      for (const std::string& x : f.shapes) add(out, x, "shape", 12);
    } else if (name == "color") {
      for (const std::string& c : f.colors) add(out, c, "colour", 12);
    } else if (name == "pos" || name == "postpos" || name == "bucket") {
      orders();
    }
    return;
  }
  if (before.find(':', open) != std::string::npos) {
    for (std::string_view p : {"color:", "shape:", "pos:", "postpos:", "bucket:", "count:", "code:"}) add(out, p, "clause");
    return;
  }
  switch (field) {
    case 1:
      for (const std::string& s : f.shapes) add(out, s, "shape", 12);
      break;
    case 2:
      for (const std::string& c : f.colors) add(out, c, "colour", 12);
      break;
    case 3:
      orders();
      break;
    default:
      if (field >= 4) orders();  // buckets: a list, or an expression of the orders' positions
      break;
  }
}

}  // namespace

WordAt word_at(const std::string& text, size_t offset) {
  WordAt w;
  offset = std::min(offset, text.size());
  size_t b = offset, e = offset;
  while (b > 0 && word_char(text[b - 1])) --b;
  while (e < text.size() && word_char(text[e])) ++e;
  w.begin = b;
  w.end = e;
  w.text = text.substr(b, e - b);
  return w;
}

std::vector<Completion> complete(const Document& d, const std::string& dialect, const std::string& format,
                                 size_t offset) {
  std::vector<Completion> out;
  // The text the cursor is in: the file, or the decoded card string holding it.
  const std::string* text = &d.text;
  std::vector<CardString> strings;
  if (holds_card_strings(d, format)) {
    strings = card_strings(d, format);
    const std::optional<InString> at = in_card_string(strings, offset);
    if (!at) return out;  // a key, a column, a number: no card text
    text = &at->string->value;
    offset = at->index;
  }
  std::string before = line_before(*text, offset);
  const WordAt w = word_at(*text, offset);
  before.resize(before.size() - std::min(before.size(), offset - w.begin));  // the word being typed
  if (dialect == "wagic") {
    wagic(d, before, text->substr(w.begin, offset - w.begin), out);
  } else if (dialect == "rulescript") {
    rulescript(d, before, text->substr(w.begin, offset - w.begin), out);
  } else if (dialect == "vck") {
    vck(before, out);
  } else if (dialect == "rulegame") {
    rulegame(d, before, out);
  }
  // What was typed so far narrows the list (clients filter too; this keeps answers small).
  const std::string typed = text->substr(w.begin, offset - w.begin);
  std::set<std::string> seen;
  std::vector<Completion> kept;
  for (Completion& c : out) {
    if (c.matched) {
      // kept as it is
    } else if (!typed.empty() && c.label.size() >= typed.size()) {
      bool match = true;
      for (size_t i = 0; i < typed.size() && match; ++i) {
        match = std::tolower(static_cast<unsigned char>(c.label[i])) == std::tolower(static_cast<unsigned char>(typed[i]));
      }
      if (!match) continue;
    } else if (!typed.empty()) {
      continue;
    }
    if (seen.insert(c.label).second) kept.push_back(std::move(c));
  }
  return kept;
}

}  // namespace rk::lsp
