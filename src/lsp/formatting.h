// Formatting through the dialects' own printers, where they keep everything the author wrote:
// a Wagic card block is printed back by print_card (keys as written, ability values canonical);
// a block with comments inside, or a file with errors, is left as it is.
#pragma once

#include <string>
#include <vector>

#include "lsp/documents.h"

namespace rk::lsp {

struct Edit {
  size_t begin = 0, end = 0;  // bytes of the document
  std::string text;
};

std::vector<Edit> format_document(const Document& d, const std::string& format);

}  // namespace rk::lsp
