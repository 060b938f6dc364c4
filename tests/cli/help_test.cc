// `--version` on the top command and `--help` on every subcommand: exit 0, sensible text. The
// subcommands are found by reading the help itself, so a command added later is covered too.
#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "cli/run.h"
#include "support.h"

namespace rk::test {
namespace {

// The subcommands a CLI11 help lists (the lines under "Subcommands:"), each with its description.
std::vector<std::pair<std::string, std::string>> listed_subcommands(const std::string& help) {
  std::vector<std::pair<std::string, std::string>> out;
  std::istringstream in(help);
  std::string line;
  bool in_list = false;
  while (std::getline(in, line)) {
    if (line == "Subcommands:") {
      in_list = true;
      continue;
    }
    if (!in_list) continue;
    if (line.rfind("  ", 0) != 0) break;
    std::istringstream words(line);
    std::string name, description;
    words >> name;
    std::getline(words, description);
    out.emplace_back(name, description.substr(std::min(description.find_first_not_of(' '), description.size())));
  }
  return out;
}

TEST(CliHelp, VersionExitsZero) {
  const RunResult r = run_rulekit("rulekit --version");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("rulekit ", 0), 0u) << r.out;
  EXPECT_NE(r.out.find_first_of("0123456789"), std::string::npos) << r.out;
  EXPECT_TRUE(r.err.empty()) << r.err;
}

TEST(CliHelp, EverySubcommandHasHelpThatExitsZero) {
  std::vector<std::string> todo{""};
  std::set<std::string> seen;
  while (!todo.empty()) {
    const std::string cmd = todo.back();
    todo.pop_back();
    seen.insert(cmd);
    SCOPED_TRACE("rulekit " + cmd + " --help");
    const RunResult r = run_rulekit("rulekit " + cmd + (cmd.empty() ? "" : " ") + "--help");
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    EXPECT_NE(r.out.find("Usage"), std::string::npos) << r.out;
    for (const char* bad : {"Problem", "error:", "No such file", "A subcommand is required"}) {
      EXPECT_EQ(r.out.find(bad), std::string::npos) << bad << " in:\n" << r.out;
    }
    EXPECT_GT(r.out.size(), 80u) << r.out;
    for (const auto& [name, description] : listed_subcommands(r.out)) {
      EXPECT_GE(description.size(), 10u) << name << " has no description";
      todo.push_back(cmd.empty() ? name : cmd + " " + name);
    }
  }
  // The commands the README documents are all among them.
  for (const char* c : {"check", "explain", "serve", "rulegame", "rulegame play", "rulegame replay",
                        "rulegame captive", "rulegame stalemate", "cfc", "cfc play", "cfc sim", "cfc replay",
                        "cfc coverage", "cfc test"}) {
    EXPECT_TRUE(seen.count(c)) << c << " is not listed by any --help";
  }
}

}  // namespace
}  // namespace rk::test
