// Diagnostics of one open document: what `rulekit check` says of it (the same dialect found by
// content, the same checker), as protocol diagnostics with exact ranges. A "did you mean" hint
// carries its replacement, for the quick fix.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lsp/documents.h"
#include "lsp/positions.h"

namespace rk::lsp {

struct Finding {
  Position start, end;
  int severity = 1;  // 1 error, 2 warning, 3 information
  std::string code, message, hint;
  std::string replacement;  // from "did you mean X?"; "" when there is none
  // The protocol JSON of everything but the range, made once: a large file keeps thousands of
  // findings across changes, and only their lines move.
  std::string json_tail;
};

struct Checked {
  std::string dialect;  // the dialect's name ("wagic", "rulegame" ...), "" when nothing reads it
  std::string format;   // the format's id ("rulescript", "vck-sql" ...)
  std::vector<Finding> findings;
};

Checked diagnose(const Document& d);
nlohmann::json to_json(const Finding& f);
// The same, written as text: {"range":...,<json_tail>}.
void append_json(const Finding& f, std::string& out);
// "did you mean `X`?" / 'X' / X -> X
std::string suggestion_of(const std::string& hint);

}  // namespace rk::lsp
