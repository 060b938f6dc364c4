// Sub-commands of the `rulekit` program; each registers itself on the CLI11 app. check, explain
// and serve are the program's own; the games' commands are reached through the registry
// (src/registry/registry.cc), which names these hooks.
#pragma once

#include <CLI/CLI.hpp>

namespace rk::cli {

void add_check(CLI::App& app, int& exit_code);
void add_serve(CLI::App& app, int& exit_code);
void add_explain(CLI::App& app, int& exit_code);

void add_rulegame(CLI::App& app, int& exit_code);
// `rulekit rulegame captive ARGS...`: the Captive Game Server, with the original's arguments.
int run_rulegame_captive(int argc, char** argv);
void add_cfc(CLI::App& app, int& exit_code);
void add_vck(CLI::App& app, int& exit_code);
// `vck coverage` (vck_coverage.cc), added under `vck`; `tables` is the shared --tables value.
void add_vck_coverage(CLI::App& vck, int& exit_code, std::string& tables);
// `vck play` (vck_play.cc), the same way.
void add_vck_play(CLI::App& vck, int& exit_code, std::string& tables);
void add_wagic(CLI::App& app, int& exit_code);
// `wagic sim` (wagic_sim.cc), added under `wagic`.
void add_wagic_sim(CLI::App& wagic, int& exit_code);
void add_wagic_play(CLI::App& wagic, int& exit_code);  // wagic_play.cc

}  // namespace rk::cli
