// `rulekit lsp` (lsp_cmd.cc): the language server on standard input and output.
#pragma once

#include <CLI/CLI.hpp>

namespace rk::cli {

void add_lsp(CLI::App& app, int& exit_code);

}  // namespace rk::cli
