// `rulekit lsp`: the language server on standard input and output (docs/LSP.md).
#include <csignal>
#include <iostream>

#include "cli/lsp_cmd.h"
#include "lsp/fd_stream.h"
#include "lsp/server.h"

namespace rk::cli {

void add_lsp(CLI::App& app, int& exit_code) {
  CLI::App* cmd = app.add_subcommand(
      "lsp", "Language server for editors on standard input and output (diagnostics, hover, completion, ...)");
  cmd->callback([&exit_code] {
    std::signal(SIGPIPE, SIG_IGN);  // a client that went away ends the read loop, not the process
    const int out_fd = lsp::take_stdout_for_protocol();
    if (out_fd < 0) {
      std::cerr << "rulekit lsp: cannot keep standard output for the protocol\n";
      exit_code = 2;
      return;
    }
    lsp::FdBuf buf(out_fd);
    std::ostream out(&buf);
    std::ios::sync_with_stdio(false);
    exit_code = lsp::Server(out).run(std::cin);
  });
}

}  // namespace rk::cli
