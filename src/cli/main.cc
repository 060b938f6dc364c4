// rulekit: load the rule and card languages of real games, check them, and play them.
#include <CLI/CLI.hpp>

#include "cli/commands.h"

#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "games/rulegame/captive.h"

int main(int argc, char** argv) {
  // The Captive Game Server takes its arguments exactly as the original does ("name=value",
  // "R:rules:modifiers", "2:5"...), so they bypass the option parser.
  if (argc >= 3 && std::string(argv[1]) == "rulegame" && std::string(argv[2]) == "captive") {
    std::vector<std::string> args(argv + 3, argv + argc);
    std::ios::sync_with_stdio(false);
    rk::rulegame::CaptiveIO io{std::cin, std::cout, std::cerr, "", isatty(0) && isatty(1)};
    return rk::rulegame::run_captive(args, io);
  }
  CLI::App app{"rulekit: runs the rule files and card scripts of real games"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "rulekit " RULEKIT_VERSION);
  int exit_code = 0;
  rk::cli::add_check(app, exit_code);
  rk::cli::add_rulegame(app, exit_code);
  rk::cli::add_serve(app, exit_code);
  rk::cli::add_explain(app, exit_code);
  rk::cli::add_cfc(app, exit_code);
  rk::cli::add_vck(app, exit_code);
  rk::cli::add_wagic(app, exit_code);
  CLI11_PARSE(app, argc, argv);
  return exit_code;
}
