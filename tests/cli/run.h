// Runs the real `rulekit` binary as a user would, with a deadline, and captures what it prints.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace rk::test {

struct RunResult {
  int exit_code = -1;  // -1: killed by a signal or by the deadline
  std::string out, err;
};

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// `command_line` is a shell command line; "rulekit" at its start is the binary under test. It runs
// in `cwd` (the source folder by default), with standard input from /dev/null, under `timeout`.
inline RunResult run_rulekit(const std::string& command_line, int timeout_s = 120,
                             const std::string& cwd = RULEKIT_SOURCE_DIR) {
  namespace fs = std::filesystem;
  static int serial = 0;
  const fs::path dir = fs::temp_directory_path() / ("rk_cli_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path out = dir / ("out" + std::to_string(serial)), err = dir / ("err" + std::to_string(serial));
  ++serial;
  const std::string line = command_line.rfind("rulekit", 0) == 0
                               ? "'" + std::string(RULEKIT_BINARY) + "'" + command_line.substr(7)
                               : command_line;
  const std::string shell = "cd '" + cwd + "' && timeout -k 5 " + std::to_string(timeout_s) + " bash -c '" +
                            [&] {
                              std::string q;
                              for (char c : line) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
                              return q;
                            }() +
                            "' < /dev/null > '" + out.string() + "' 2> '" + err.string() + "'";
  const int status = std::system(shell.c_str());
  RunResult r;
  if (status != -1 && WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  if (r.exit_code == 124 || r.exit_code == 137) r.exit_code = -1;  // timeout(1) ran out
  r.out = slurp(out);
  r.err = slurp(err);
  fs::remove(out);
  fs::remove(err);
  return r;
}

}  // namespace rk::test
