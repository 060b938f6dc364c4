// Where things are in a document and its workspace: the card at the cursor (for hover), the
// cards and orders of a file (document symbols), and where a name is defined (a Wagic
// primitive= reference or macro, a card's Lua file, a Rule Game order).
#pragma once

#include <string>
#include <vector>

#include "lsp/documents.h"
#include "lsp/positions.h"

namespace rk::lsp {

// The name `explain` finds the card at `offset` by ("" when the cursor is on no card).
std::string card_at(const Document& d, const std::string& format, size_t offset);
// `rulekit explain NAME PATH` for the card, as text ("" when the format explains no cards).
std::string explain_card(const Document& d, const std::string& name);

struct Symbol {
  std::string name, detail;
  int kind = 5;  // the protocol's SymbolKind: 5 class (a card), 12 function (an order), 13 variable
  size_t begin = 0, end = 0, name_begin = 0, name_end = 0;  // bytes
};
std::vector<Symbol> symbols(const Document& d, const std::string& format);

// The Wagic files of the database a document belongs to: the primitives of the nearest sets/
// folder above it (sorted; empty when there is none).
std::vector<std::string> wagic_database_files(const Document& d);

struct Location {
  std::string path;
  size_t begin = 0, end = 0;  // bytes in that file
  std::string text;           // the file's text (to turn offsets into positions)
};
// Where the word at `offset` is defined; empty when nowhere known.
std::vector<Location> definition(const Document& d, const std::string& dialect, size_t offset);

}  // namespace rk::lsp
