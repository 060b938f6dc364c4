// rulekit: load the rule and card languages of real games, check them, and play them.
#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "cli/lsp_cmd.h"

#include <string>

#include "registry/registry.h"

int main(int argc, char** argv) {
  // A game's command that takes its arguments as the original program does ("name=value",
  // "R:rules:modifiers", "2:5"...) bypasses the option parser.
  for (const rk::registry::Game& g : rk::registry::games()) {
    if (g.raw.run && argc >= 3 && argv[1] == g.raw.game && argv[2] == g.raw.command) return g.raw.run(argc, argv);
  }
  CLI::App app{"rulekit: runs the rule files and card scripts of real games"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "rulekit " RULEKIT_VERSION);
  int exit_code = 0;
  rk::cli::add_check(app, exit_code);
  rk::cli::add_explain(app, exit_code);
  rk::cli::add_serve(app, exit_code);
  rk::cli::add_lsp(app, exit_code);
  // Each game's own commands, in registry order (src/registry/registry.cc).
  for (const rk::registry::Game& g : rk::registry::games()) {
    if (g.add_commands) g.add_commands(app, exit_code);
  }
  CLI11_PARSE(app, argc, argv);
  return exit_code;
}
