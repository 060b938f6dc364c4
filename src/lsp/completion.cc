#include "lsp/completion.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "games/cfc/language/expr_names.h"
#include "games/mtg/language/vocabulary.h"
#include "games/rulegame/language/features_check.h"
#include "games/vck/language/vocabulary.h"
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

void wagic(const Document& d, const std::string& before, std::vector<Completion>& out) {
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
               macro = before.rfind('_'), paren = before.rfind('(');
  if (bar != std::string::npos && (paren == std::string::npos || bar > paren) &&
      before.find(')', bar) == std::string::npos) {
    words_of("zone");
    return;
  }
  if (at != std::string::npos && (colon == std::string::npos || colon < at)) {
    words_of("trigger");
    return;
  }
  if (macro != std::string::npos && (macro == 0 || !word_char(before[macro - 1]))) {
    for (const std::string& m : defined(d.text, "#AUTO_DEFINE", " \t(\r\n")) add(out, m, "macro", 15);
  }
  for (std::string_view kind : {"effect", "ability", "condition", "restriction", "duration", "player", "phase"}) words_of(kind);
}

void rulescript(const std::string& before, std::vector<Completion>& out) {
  if (!before.empty() && before.back() == '.') {
    for (std::string_view w : cfc::expression_fields()) add(out, w, "attribute", 5);
    return;
  }
  for (std::string_view w : cfc::expression_variables()) add(out, w, "variable", 6);
  for (std::string_view w : cfc::expression_functions()) add(out, w, "function", 3);
}

void vck(std::vector<Completion>& out) {
  for (std::string_view w : vck::known_verbs()) add(out, w, "verb", 3);
  for (std::string_view w : vck::resource_words()) add(out, w, "resource", 12);
}

void rulegame(const Document& d, std::vector<Completion>& out) {
  for (const std::string& n : defined(d.text, "Order", "=\r\n")) add(out, n, "order", 7);
  for (std::string_view n : {"L1", "L2", "L3", "L4", "T", "B", "R", "L"}) add(out, n, "built-in order", 7);
  const rulegame::Features f = rulegame::features_for(d.path);
  for (const std::string& c : f.colors) add(out, c, "colour", 12);
  for (const std::string& s : f.shapes) add(out, s, "shape", 12);
  for (std::string_view p : {"color:", "shape:", "pos:", "postpos:", "bucket:", "count:", "code:"}) add(out, p, "clause");
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

std::vector<Completion> complete(const Document& d, const std::string& dialect, size_t offset) {
  std::vector<Completion> out;
  std::string before = line_before(d.text, offset);
  const WordAt w = word_at(d.text, offset);
  before.resize(before.size() - std::min(before.size(), offset - w.begin));  // the word being typed
  if (dialect == "wagic") {
    wagic(d, before, out);
  } else if (dialect == "rulescript") {
    rulescript(before, out);
  } else if (dialect == "vck") {
    vck(out);
  } else if (dialect == "rulegame") {
    rulegame(d, out);
  }
  // What was typed so far narrows the list (clients filter too; this keeps answers small).
  const std::string typed = d.text.substr(w.begin, offset - w.begin);
  std::set<std::string> seen;
  std::vector<Completion> kept;
  for (Completion& c : out) {
    if (!typed.empty() && c.label.size() >= typed.size()) {
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
