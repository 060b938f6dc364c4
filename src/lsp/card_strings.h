// Card text kept inside strings of another file: RuleScript in rules.json and in card_rules.py,
// VCK effect strings in JSON tables and SQL seeds. Hover and completion read the word at the
// cursor in the decoded string (a `\n` or `\"` before a word is not part of it) and map it back
// to the file's bytes.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "lsp/completion.h"
#include "lsp/documents.h"
#include "text/embedded.h"

namespace rk::lsp {

struct CardString {
  std::string card;             // what `explain` finds the card by (a CFC guid, a VCK card name)
  size_t begin = 0, end = 0;    // the card's whole entry in the file (an SQL row, a JSON object, a RulesDict line)
  text::EmbeddedString string;  // the card text itself
};

// True for the formats whose card text stands in strings (then only those strings hold it).
bool holds_card_strings(const Document& d, const std::string& format);
std::vector<CardString> card_strings(const Document& d, const std::string& format);

// The cursor inside one of those strings: the decoded text and the cursor's index in it.
struct InString {
  std::string card;
  const text::EmbeddedString* string = nullptr;
  size_t index = 0;
};
std::optional<InString> in_card_string(const std::vector<CardString>& all, size_t offset);

// The word at the cursor in the decoded string, its range given in the file's bytes.
WordAt word_in_string(const InString& at);

}  // namespace rk::lsp
