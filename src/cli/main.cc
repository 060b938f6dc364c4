// rulekit: load the rule and card languages of real games, check them, and play them.
#include <CLI/CLI.hpp>

#include "cli/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"rulekit: runs the rule files and card scripts of real games"};
  app.require_subcommand(1);
  int exit_code = 0;
  rk::cli::add_check(app, exit_code);
  rk::cli::add_rulegame(app, exit_code);
  CLI11_PARSE(app, argc, argv);
  return exit_code;
}
