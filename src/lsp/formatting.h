// Formatting through the dialects' own printers, only where they keep everything the author wrote:
// - a Wagic card block is printed back by print_card (keys as written, ability values
//   canonical); a block with comments or blank lines inside is left as it is;
// - a RuleScript (each "rules" string of rules.json, each """...""" entry of card_rules.py) is printed canonically (one `key = value` line per property), re-encoded for
//   its string; a script with a comment is left as it is (the printer does not keep comments);
// - VCK effect strings and Rule Game rule files are never rewritten: their printers write another
//   form than the author's (VCK's unified grammar, which vckonline's engine does not read; Rule
//   Game's name:value atoms) and drop comments.
// A file with errors is not formatted. What was left alone, and why, is said in `message`.
#pragma once

#include <string>
#include <vector>

#include "lsp/documents.h"

namespace rk::lsp {

struct Edit {
  size_t begin = 0, end = 0;  // bytes of the document
  std::string text;
};

struct Formatted {
  std::vector<Edit> edits;
  std::string message;  // for the author (window/showMessage) when something was left as written
};

Formatted format_document(const Document& d, const std::string& format);

}  // namespace rk::lsp
