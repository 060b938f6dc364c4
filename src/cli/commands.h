// Sub-commands of the `rulekit` program; each registers itself on the CLI11 app.
#pragma once

#include <CLI/CLI.hpp>

namespace rk::cli {

void add_check(CLI::App& app, int& exit_code);
void add_rulegame(CLI::App& app, int& exit_code);
void add_serve(CLI::App& app, int& exit_code);
void add_explain(CLI::App& app, int& exit_code);
void add_cfc(CLI::App& app, int& exit_code);
void add_vck(CLI::App& app, int& exit_code);
// `vck coverage` (vck_coverage.cc), added under `vck`; `tables` is the shared --tables value.
void add_vck_coverage(CLI::App& vck, int& exit_code, std::string& tables);
// `vck play` (vck_play.cc), the same way.
void add_vck_play(CLI::App& vck, int& exit_code, std::string& tables);
void add_wagic(CLI::App& app, int& exit_code);

}  // namespace rk::cli
