// The result files of the Captive Game Server: the per-episode log (log= / logappend=, formats
// Long and Compact) and the detailed transcript of every move attempt (detailedTranscript=).
#pragma once

#include <chrono>
#include <fstream>
#include <memory>
#include <string>

namespace rk::rulegame {

struct LogSettings {
  std::string log_path;  // empty: no log
  bool append = false;
  bool compact = false;
  std::string nickname, run = "0";
  std::string transcript_path;  // empty: no transcript
  std::string rule_name, trial_list;
  int series = 0;
};

class CaptiveLog {
 public:
  explicit CaptiveLog(LogSettings s);
  void episode_started(int n_pieces);
  // One attempt that reached the engine.
  void attempt(const std::string& object_type, int64_t object_id, int y, int x, int bucket, int code,
               int objects_left);
  void episode_ended(int attempts, int accepted, bool cleared);

 private:
  LogSettings s_;
  std::ofstream log_;
  std::string transcript_lines_;  // the current episode's rows of the detailed transcript
  int episode_ = -1, n_pieces_ = 0, move_no_ = 0;
  std::string episode_id_;
  std::chrono::system_clock::time_point last_;
};

// Java's Double.toString for the ratios in the log (shortest form that reads back exactly).
std::string java_double(double v);

}  // namespace rk::rulegame
