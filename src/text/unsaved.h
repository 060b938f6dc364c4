// Text an editor holds for a path but has not saved (`rulekit lsp`): while it is set, every
// text::read_file of that path gives it instead of what is on disk, so each dialect's checker
// (which reads its files by path, a database several of them) sees what the author is typing.
#pragma once

#include <string>

namespace rk::text {

void set_unsaved_text(const std::string& path, std::string text);
void forget_unsaved_text(const std::string& path);

}  // namespace rk::text
