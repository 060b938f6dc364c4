// The README's command lines, run as shown. Every line of its ```sh blocks is taken:
//  - `rulekit ...` lines run (from a scratch copy of the repository root made of symbolic links,
//    so files they write stay out of the source tree), and must exit as their comment says:
//    0, or N when the comment says "exit N:"; when the comment quotes a `last line "..."`, the last
//    line of the output must read so, each lone capital letter (N, E, W...) standing for a value.
//    A line whose comment says "runs until stopped" must still run after 3 seconds and stop
//    cleanly on SIGINT; its --port is replaced by 0 (any free port) so it never collides.
//    Interactive lines run with standard input at its end.
//  - the scripts and build commands of the other blocks cannot run inside a test (they install
//    packages and build): the script must exist and be executable and know each --option the line
//    gives, a --preset must exist in CMakePresets.json, a built program must be a CMake target.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "cli/run.h"
#include "support.h"

namespace rk::test {
namespace {

namespace fs = std::filesystem;

struct Line {
  std::string command, comment;
};

std::string trim(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

// The lines of the ```sh blocks, each split into its command and its comment (after " #").
std::vector<Line> readme_lines() {
  std::ifstream in(source_dir() + "/README.md");
  std::vector<Line> out;
  std::string l;
  bool in_sh = false;
  while (std::getline(in, l)) {
    if (l.rfind("```", 0) == 0) {
      in_sh = !in_sh && l == "```sh";
      continue;
    }
    if (!in_sh || trim(l).empty() || trim(l)[0] == '#') continue;
    const size_t hash = l.find(" #");
    out.push_back({trim(l.substr(0, hash)), hash == std::string::npos ? "" : trim(l.substr(hash + 2))});
  }
  return out;
}

// A scratch folder whose entries link to the repository root's, with ../shared beside it.
fs::path scratch_root() {
  const fs::path base = fs::path(RULEKIT_BINARY).parent_path().parent_path() / "readme_test";
  fs::remove_all(base);
  const fs::path root = base / "repo";
  fs::create_directories(root);
  for (const auto& e : fs::directory_iterator(source_dir())) {
    if (e.path().filename() != "build") fs::create_directory_symlink(e.path(), root / e.path().filename());
  }
  if (fs::exists(shared_dir())) fs::create_directory_symlink(fs::canonical(shared_dir()), base / "shared");
  return root;
}

std::string last_line(const std::string& out) {
  std::string t = out;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  const size_t nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

// `last line "checked N files: E errors"` -> a pattern where each lone capital is a value.
std::string last_line_pattern(const std::string& comment) {
  static const std::regex quoted("last line \"([^\"]*)\"");
  std::smatch m;
  if (!std::regex_search(comment, m, quoted)) return "";
  std::string pattern = "^";
  const std::string q = m[1];
  for (size_t i = 0; i < q.size(); ++i) {
    const bool lone = q[i] >= 'A' && q[i] <= 'Z' && (i == 0 || !std::isalnum(static_cast<unsigned char>(q[i - 1]))) &&
                      (i + 1 == q.size() || !std::isalnum(static_cast<unsigned char>(q[i + 1])));
    if (lone) {
      pattern += "[^ ,;:]+";
    } else if (std::string("\\^$.|?*+()[]{}").find(q[i]) != std::string::npos) {
      pattern += std::string("\\") + q[i];
    } else {
      pattern += q[i];
    }
  }
  return pattern;
}

int documented_exit(const std::string& comment) {
  static const std::regex exit_n("exit ([0-9]+):");
  std::smatch m;
  return std::regex_search(comment, m, exit_n) ? std::stoi(m[1]) : 0;
}

void run_rulekit_line(const Line& l, const fs::path& root) {
  SCOPED_TRACE(l.command);
  if ((l.command.find("../shared") != std::string::npos || l.command.rfind("rulekit cfc", 0) == 0) &&
      !fs::exists(shared_dir() + "/corpora")) {
    fprintf(stderr, "\n*** SKIPPED: %s (corpus folder %s/corpora is absent) ***\n", l.command.c_str(), shared_dir().c_str());
    return;
  }
  if (l.comment.find("runs until stopped") != std::string::npos) {
    const std::string cmd = std::regex_replace(l.command, std::regex("--port [0-9]+"), "--port 0");
    const RunResult r = run_rulekit("timeout -s INT 3 " + std::string(RULEKIT_BINARY) + cmd.substr(7), 30, root.string());
    EXPECT_EQ(r.exit_code, -1) << "it stopped by itself:\n" << r.out << r.err;  // the 3 s ran out
    EXPECT_NE(r.out.find("rulekit serve: http://"), std::string::npos) << r.out << r.err;
    EXPECT_NE(r.out.find("rulekit serve: stopped"), std::string::npos) << r.out << r.err;
    return;
  }
  const RunResult r = run_rulekit(l.command, 300, root.string());
  EXPECT_EQ(r.exit_code, documented_exit(l.comment)) << last_line(r.out) << "\n" << r.err.substr(0, 2000);
  if (const std::string p = last_line_pattern(l.comment); !p.empty()) {
    EXPECT_TRUE(std::regex_search(last_line(r.out), std::regex(p))) << "last line: " << last_line(r.out) << "\nwanted: " << p;
  }
}

void check_build_line(const std::string& command) {
  SCOPED_TRACE(command);
  std::istringstream words(command);
  std::vector<std::string> w;
  for (std::string x; words >> x;) w.push_back(x);
  ASSERT_FALSE(w.empty());
  const std::string presets = slurp(source_dir() + "/CMakePresets.json");
  for (size_t i = 0; i + 1 < w.size(); ++i) {
    if (w[i] == "--preset") {
      EXPECT_NE(presets.find("\"name\": \"" + w[i + 1] + "\""), std::string::npos);
    }
  }
  if (w[0] == "cmake" || w[0] == "ctest") return;
  if (w[0].rfind("build/", 0) == 0) {  // a program the build makes: a target of some CMakeLists.txt
    const std::string target = fs::path(w[0]).filename().string();
    const std::string lists = slurp(source_dir() + "/" + fs::path(w[0]).parent_path().lexically_relative("build/release").string() + "/CMakeLists.txt");
    EXPECT_NE(lists.find("add_executable(" + target), std::string::npos) << target;
    return;
  }
  const fs::path script = fs::path(source_dir()) / w[0];
  ASSERT_TRUE(fs::is_regular_file(script)) << script;
  EXPECT_NE(fs::status(script).permissions() & fs::perms::owner_exec, fs::perms::none) << script << " is not executable";
  const std::string text = slurp(script);
  for (size_t i = 1; i < w.size(); ++i) {
    if (w[i].rfind("--", 0) == 0) {
      EXPECT_NE(text.find(w[i]), std::string::npos) << w[0] << " does not know " << w[i];
    }
  }
}

TEST(Readme, EveryCommandLineRunsAsShown) {
  const std::vector<Line> lines = readme_lines();
  const fs::path root = scratch_root();
  size_t rulekit_lines = 0;
  for (const Line& l : lines) {
    // A line may chain commands: "cmake --preset asan && cmake --build --preset asan".
    if (l.command.rfind("rulekit", 0) == 0) {
      ++rulekit_lines;
      run_rulekit_line(l, root);
      continue;
    }
    size_t start = 0;
    while (start < l.command.size()) {
      const size_t amp = l.command.find("&&", start);
      check_build_line(trim(l.command.substr(start, amp == std::string::npos ? std::string::npos : amp - start)));
      start = amp == std::string::npos ? l.command.size() : amp + 2;
    }
  }
  EXPECT_GE(rulekit_lines, 20u) << "the README's rulekit lines were not found";
}

}  // namespace
}  // namespace rk::test
