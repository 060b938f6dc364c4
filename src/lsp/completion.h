// Completion: the words that may stand at the cursor, by dialect and by what comes before it on
// the line (a Wagic zone after `|`, a trigger after `@`, a RuleScript attribute after `.`, ...).
#pragma once

#include <string>
#include <vector>

#include "lsp/documents.h"

namespace rk::lsp {

struct Completion {
  std::string label;
  std::string detail;  // what kind of word: "zone", "verb", "order" ...
  int kind = 14;       // the protocol's CompletionItemKind (14 keyword, 7 class, 12 value, 15 snippet)
  bool matched = false;  // already matched against what was typed (a card name with blanks in it)
};

// `format`: the format's id; in a file whose card text stands in strings (rules.json,
// card_rules.py, a VCK table or seed) only those strings are completed, read decoded.
std::vector<Completion> complete(const Document& d, const std::string& dialect, const std::string& format,
                                 size_t offset);

// The word at (or just before) `offset`: letters, digits, _ . and for Wagic card names blanks
// are not included. [begin, end) in bytes.
struct WordAt {
  size_t begin = 0, end = 0;
  std::string text;
};
WordAt word_at(const std::string& text, size_t offset);

}  // namespace rk::lsp
