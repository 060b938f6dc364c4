// Large Wagic files stay fast to edit: after a change, only the [card] blocks the change touched
// are checked again (with the file's #AUTO_DEFINE macros), and the other findings are kept, moved
// by the lines the change added or removed. A whole check runs when the file is opened or saved.
#pragma once

#include <string>

#include "lsp/diagnose.h"
#include "lsp/documents.h"

namespace rk::lsp {

// Files at least this large are re-checked by card after a change.
constexpr size_t kIncrementalFrom = 256 * 1024;

// `before` was checked on `old_text`; fills `after` for d.text. False when the change cannot be
// narrowed to card blocks (then the caller checks the whole file).
bool recheck_changed_cards(const Document& d, const std::string& old_text, const Checked& before, Checked& after);

}  // namespace rk::lsp
