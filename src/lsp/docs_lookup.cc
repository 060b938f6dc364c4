#include "lsp/docs_lookup.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>

#include "text/source.h"

#ifndef RULEKIT_SHARED_DIR
#define RULEKIT_SHARED_DIR "../shared"
#endif
#ifndef RULEKIT_SOURCE_DIR
#define RULEKIT_SOURCE_DIR "."
#endif

namespace rk::lsp {
namespace {

struct DocFile {
  const char* dialect;
  bool shared;  // in the shared folder, else in this repository
  const char* path;
};
constexpr DocFile kDocs[] = {
    {"wagic", true, "seeds/001_ba49407669468897.txt"},
    {"rulescript", true, "docs/cfc/RuleScript.md"},
    {"rulescript", true, "docs/cfc/card_rules-docstring.txt"},
    {"vck", true, "docs/vck/effect-strings.md"},
    {"vck", false, "docs/vck/EFFECTS.md"},
    {"rulegame", true, "docs/rulegame/syntax.md"},
    {"rulegame", true, "docs/rulegame/syntax-gs5.md"},
    {"lua", false, "docs/mtg/LUA.md"},
};

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `word` standing alone in `line` (not inside a longer word).
bool names(std::string_view line, std::string_view word) {
  for (size_t at = line.find(word); at != std::string_view::npos; at = line.find(word, at + 1)) {
    const bool left = at == 0 || !word_char(line[at - 1]);
    const bool right = at + word.size() >= line.size() || !word_char(line[at + word.size()]);
    if (left && right) return true;
  }
  return false;
}

// How well a line defines the word: a table row or list item that starts with it is best.
int score(std::string_view line, std::string_view word) {
  const std::string tick = "`" + std::string(word);
  if (line.rfind("| " + tick, 0) == 0 || line.rfind("|" + tick, 0) == 0) return 3;
  const size_t bullet = line.find("\xE2\x80\xA2 ");  // seed 001's "• [cost:] word ..."
  if (bullet != std::string_view::npos && names(line.substr(bullet, 40 + word.size()), word)) return 3;
  if (line.find(tick + "`") != std::string_view::npos || line.find(tick + "(") != std::string_view::npos) return 2;
  return 0;
}

const std::string& cached(const std::string& path) {
  static std::map<std::string, std::string> texts;
  auto it = texts.find(path);
  if (it == texts.end()) {
    std::string t;
    text::read_file(path, t);
    it = texts.emplace(path, std::move(t)).first;
  }
  return it->second;
}

}  // namespace

DocRoots doc_roots() {
  const char* env = std::getenv("RULEKIT_SHARED_DIR");
  return {env && *env ? env : RULEKIT_SHARED_DIR, RULEKIT_SOURCE_DIR};
}

std::vector<std::string> doc_files(const std::string& dialect) {
  const DocRoots roots = doc_roots();
  std::vector<std::string> out;
  for (const DocFile& d : kDocs) {
    if (dialect == d.dialect) out.push_back((d.shared ? roots.shared : roots.source) + "/" + d.path);
  }
  return out;
}

std::string keyword_doc(const std::string& dialect, const std::string& word) {
  if (word.empty()) return "";
  std::vector<std::pair<int, std::string>> found;
  for (const std::string& f : doc_files(dialect)) {
    for (std::string_view l : text::split_lines(cached(f))) {
      if (l.size() > 1000 || !names(l, word)) continue;
      const int s = score(l, word);
      if (s > 0) found.emplace_back(s, std::string(l));
    }
  }
  std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string out;
  for (size_t i = 0; i < found.size() && i < 3; ++i) {
    std::string l = found[i].second;
    while (!l.empty() && (l.front() == ' ' || l.front() == '|')) l.erase(l.begin());
    while (!l.empty() && (l.back() == ' ' || l.back() == '|')) l.pop_back();
    out += (out.empty() ? "" : "\n\n") + l;
  }
  return out;
}

}  // namespace rk::lsp
