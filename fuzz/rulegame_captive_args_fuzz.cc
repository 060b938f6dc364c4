// The Captive Game Server's whole invocation: the command line and standard input both come from
// the fuzzer. Whatever they say, the server answers (a usage message, an error status, a board)
// and returns an exit status: no exception escapes, nothing aborts.
//
// Input: one argument per line until the first empty line, then standard input. Arguments name
// files of a scratch folder made here (rules a.txt and b.txt, board board.json, trial list
// trials.csv, modifier mod.csv, condition cond.txt); an argument that reaches outside it (an
// absolute path, "..") is dropped, so files the server writes (log=, detailedTranscript=) stay in
// the scratch folder, which is emptied of them before each run.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "games/rulegame/runners/captive.h"

namespace {

namespace fs = std::filesystem;

const std::set<std::string>& fixed_files() {
  static const std::set<std::string> files = {"a.txt", "b.txt", "board.json", "trials.csv", "mod.csv", "cond.txt"};
  return files;
}

std::string scratch() {
  static const std::string dir = [] {
    const std::string d = (fs::temp_directory_path() / "rulekit-captive-args-fuzz").string();
    fs::create_directories(d);
    std::ofstream(d + "/a.txt") << "Order X=[1,[2,7],3]\n1 (pos:X, bucket:[!p*[0,1,2,3], p+1])\n(color:red, bucket:p) (postpos:T)\n";
    std::ofstream(d + "/b.txt") << "(*,square,*,*,[0,1]) (*,*,red,*,[2])\n(*,*,*,*,[3])\n";
    std::ofstream(d + "/board.json") << R"({"id":0,"value":[{"id":0,"color":"RED","shape":"STAR","x":1,"y":1},)"
                                     << R"({"id":1,"color":"BLUE","shape":"SQUARE","x":2,"y":1},)"
                                     << R"({"id":2,"color":"RED","shape":"CIRCLE","x":6,"y":6}]})";
    std::ofstream(d + "/trials.csv") << "rule_id,max_boards,min_objects,max_objects,min_shapes,max_shapes,min_colors,max_colors,"
                                        "colors,shapes,crowded,condTrain,condTest\n"
                                        "a,3,2,6,1,3,1,3,,,,,\nb,2,4,4,0,0,2,2,RED;BLUE,STAR;SQUARE,TRUE,cond.txt,cond.txt\n";
    std::ofstream(d + "/mod.csv") << "min_objects,max_objects,min_shapes,max_shapes,min_colors,max_colors,colors\n3,5,1,2,1,2,RED;PINK\n";
    std::ofstream(d + "/cond.txt") << "(pos:[1,6,31,36])\n(color:red)\n";
    return d;
  }();
  return dir;
}

void remove_written_files(const std::string& dir) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (!fixed_files().count(e.path().filename().string())) fs::remove_all(e.path(), ec);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string dir = scratch();
  remove_written_files(dir);
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> argv;
  size_t at = 0;
  while (at < text.size()) {
    const size_t end = text.find('\n', at);
    const std::string line = text.substr(at, end == std::string::npos ? std::string::npos : end - at);
    at = end == std::string::npos ? text.size() : end + 1;
    if (line.empty()) break;
    if (line.front() == '/' || line.find("..") != std::string::npos || argv.size() >= 16) continue;
    argv.push_back(line);
  }
  std::istringstream in(text.substr(at));
  std::ostringstream out, err;
  rk::rulegame::CaptiveIO io{in, out, err, dir};
  rk::rulegame::run_captive(argv, io);
  return 0;
}
