#include "games/cfc/language/script_sources.h"

#include <cctype>

namespace rk::cfc {
namespace {

// Python: blanks and comments between tokens, but not a newline when `lines` is false.
void skip_py_space(std::string_view t, size_t& i) {
  while (i < t.size() && (t[i] == ' ' || t[i] == '\t' || t[i] == '\r')) ++i;
}

// A Python string literal at i, with an optional r/u/b prefix.
bool py_literal(std::string_view t, size_t& i, text::EmbeddedString& out) {
  bool raw = false;
  size_t j = i;
  while (j < t.size() && j < i + 2 && std::string_view("rRuUbB").find(t[j]) != std::string_view::npos) {
    raw |= t[j] == 'r' || t[j] == 'R';
    ++j;
  }
  if (!text::decode_python_string(t, j, out, raw)) return false;
  i = out.end;
  return true;
}

}  // namespace

std::vector<EmbeddedScript> rules_json_scripts(std::string_view t) {
  std::vector<EmbeddedScript> out;
  for (text::JsonObjectStrings& o : text::json_list_object_strings(t)) {
    const text::EmbeddedString* rules = o.find("rules");
    if (rules == nullptr) continue;
    EmbeddedScript s;
    s.index = o.index;
    s.rules = *rules;
    if (const text::EmbeddedString* n = o.find("name")) s.name = n->value;
    if (const text::EmbeddedString* g = o.find("guid")) s.guid = g->value;
    out.push_back(std::move(s));
  }
  return out;
}

bool looks_like_card_rules_py(std::string_view text) { return text.find("RulesDict[") != std::string_view::npos; }

std::vector<EmbeddedScript> card_rules_py_scripts(std::string_view t) {
  std::vector<EmbeddedScript> out;
  std::string comment;  // the last comment line: the plugin names each card's script there
  for (size_t line = 0; line < t.size();) {
    size_t eol = t.find('\n', line);
    if (eol == std::string_view::npos) eol = t.size();
    size_t i = line;
    skip_py_space(t, i);
    if (i < eol && t[i] == '#') {
      size_t b = i + 1;
      skip_py_space(t, b);
      comment = std::string(t.substr(b, eol - b));
      if (!comment.empty() && comment.back() == '\r') comment.pop_back();
      line = eol + 1;
      continue;
    }
    constexpr std::string_view kDict = "RulesDict[";
    if (t.substr(i, kDict.size()) != kDict) {
      if (i < eol) comment.clear();
      line = eol + 1;
      continue;
    }
    i += kDict.size();
    EmbeddedScript s;
    text::EmbeddedString key;
    bool ok = py_literal(t, i, key);
    skip_py_space(t, i);
    ok = ok && i < t.size() && t[i] == ']';
    if (ok) {
      ++i;
      skip_py_space(t, i);
      ok = i < t.size() && t[i] == '=';
    }
    if (ok) {
      ++i;
      skip_py_space(t, i);
      ok = py_literal(t, i, s.rules);
    }
    if (ok) {
      s.guid = key.value;
      s.name = comment;
      s.index = out.size();
      out.push_back(std::move(s));
      const size_t next = t.find('\n', i);
      line = next == std::string_view::npos ? t.size() : next + 1;
    } else {
      line = eol + 1;
    }
    comment.clear();
  }
  return out;
}

}  // namespace rk::cfc
