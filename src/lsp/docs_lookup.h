// Hover text for a keyword: the lines of the dialect's own documentation that define it (seed
// 001 for Wagic card code, RuleScript.md, the VCK effect-string docs, the Rule Game syntax pages,
// docs/mtg/LUA.md for the Lua card API), read at run time from the shared docs and this
// repository's docs.
#pragma once

#include <string>
#include <vector>

namespace rk::lsp {

// Folders searched for documentation: $RULEKIT_SHARED_DIR (else the one the build names) and
// this repository's root.
struct DocRoots {
  std::string shared, source;
};
DocRoots doc_roots();

// The files that document `dialect` ("wagic", "rulescript", "vck", "rulegame", "lua").
std::vector<std::string> doc_files(const std::string& dialect);
// Up to three lines defining `word`, as Markdown; "" when the docs do not name it.
std::string keyword_doc(const std::string& dialect, const std::string& word);

}  // namespace rk::lsp
