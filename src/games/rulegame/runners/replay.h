// Checking rulekit against recorded behaviour of the reference engine
// (the JSONL files of corpora/rulegame/reference).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rk::rulegame {

struct ReplayReport {
  int64_t cases = 0, agree = 0, disagree = 0;
  std::vector<std::string> details;  // the first disagreements, explained
  std::vector<std::string> errors;   // files that could not be read
};

struct ReplayOptions {
  size_t max_details = 5;
  // Folder that `rules_file` paths are relative to; empty = the parent of the JSONL file's folder.
  std::string root;
};

// Replays every record of one JSONL file: episode cases, parse results, parse mutants and
// stalemate-tester results are recognised by their fields.
void replay_file(const std::string& path, const ReplayOptions& opt, ReplayReport& report);

}  // namespace rk::rulegame
