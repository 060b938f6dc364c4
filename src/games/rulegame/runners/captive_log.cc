#include "games/rulegame/runners/captive_log.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <random>

namespace rk::rulegame {

std::string java_double(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  // Shortest round-trip digits, then Java's layout: at least one digit after the point, plain
  // notation between 1e-3 and 1e7, otherwise d.dddE±n.
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string sci(buf, r.ptr);  // d.ddde±XX
  const size_t e = sci.find('e');
  std::string digits = sci.substr(0, e);
  const int exp = std::stoi(sci.substr(e + 1));
  std::string sign;
  if (digits[0] == '-') {
    sign = "-";
    digits = digits.substr(1);
  }
  digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
  const double a = std::fabs(v);
  if (a != 0 && (a < 1e-3 || a >= 1e7)) {
    std::string m = digits.substr(0, 1) + "." + (digits.size() > 1 ? digits.substr(1) : "0");
    return sign + m + "E" + std::to_string(exp);
  }
  std::string out;
  if (exp >= 0) {
    if (digits.size() <= static_cast<size_t>(exp) + 1) digits.append(static_cast<size_t>(exp) + 1 - digits.size(), '0');
    out = digits.substr(0, static_cast<size_t>(exp) + 1) + "." +
          (digits.size() > static_cast<size_t>(exp) + 1 ? digits.substr(static_cast<size_t>(exp) + 1) : "0");
  } else {
    out = "0." + std::string(static_cast<size_t>(-exp - 1), '0') + digits;
  }
  return sign + out;
}

CaptiveLog::CaptiveLog(LogSettings s) : s_(std::move(s)) {
  if (!s_.log_path.empty()) {
    log_.open(s_.log_path, s_.append ? std::ios::app : std::ios::trunc);
    log_.seekp(0, std::ios::end);
    if (log_.tellp() <= 0) {  // a header only at the start of an empty file, as the original
      log_ << (s_.compact ? "#.nickname,rule_name,trial_id\n#number_of_moves,number_of_errors,if_clear\n"
                          : "#nickname,rule_name,trial_id,board_id,number_of_pieces,number_of_moves,move_acc,if_clear\n");
    }
    if (s_.compact) log_ << "." << s_.nickname << "," << s_.rule_name << "," << s_.run << "\n";
    log_.flush();
  }
}

void CaptiveLog::episode_started(int n_pieces) {
  ++episode_;
  n_pieces_ = n_pieces;
  move_no_ = 0;
  last_ = std::chrono::system_clock::now();
  // Like the original: start time plus six random letters or digits (not reproducible on purpose).
  static std::mt19937 rng(std::random_device{}());
  std::string word;
  for (int i = 0; i < 6; ++i) {
    const int k = static_cast<int>(rng() % 36);
    word += static_cast<char>(k < 10 ? '0' + k : 'A' + k - 10);
  }
  episode_id_ = fmt::format("{:%Y%m%d-%H%M%S}-{}", fmt::localtime(std::chrono::system_clock::to_time_t(last_)), word);
}

void CaptiveLog::attempt(const std::string& object_type, int64_t object_id, int y, int x, int bucket,
                         int code, int objects_left) {
  if (s_.transcript_path.empty()) return;
  const auto now = std::chrono::system_clock::now();
  const double reaction = std::chrono::duration<double>(now - last_).count();
  last_ = now;
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  static const int kBy[4] = {7, 7, 0, 0}, kBx[4] = {0, 7, 7, 0};
  transcript_lines_ += fmt::format("{},{},{},{},{},{},{},{:%Y%m%d-%H%M%S}.{:03},0,{},{},{},{},{},{},{},{},{},{}\n",
                             s_.nickname, s_.trial_list, s_.series, s_.rule_name, episode_, episode_id_,
                             move_no_++, fmt::localtime(std::chrono::system_clock::to_time_t(now)), ms,
                             java_double(std::round(reaction * 1000) / 1000), object_type, object_id, y,
                             x, bucket, kBy[bucket], kBx[bucket], code, objects_left);
}

void CaptiveLog::episode_ended(int attempts, int accepted, bool cleared) {
  if (!s_.transcript_path.empty()) {
    // Each episode's moves are appended when it ends; the header goes into an empty file only.
    std::ofstream t(s_.transcript_path, std::ios::app);
    t.seekp(0, std::ios::end);
    if (t.tellp() <= 0) {
      t << "#playerId,trialListId,seriesNo,ruleId,episodeNo,episodeId,moveNo,timestamp,mover,"
           "reactionTime,objectType,objectId,y,x,bucketId,by,bx,code,objectCnt\n";
    }
    t << transcript_lines_;
    transcript_lines_.clear();
  }
  if (!log_.is_open()) return;
  if (s_.compact) {
    log_ << attempts << "," << attempts - accepted << "," << (cleared ? 1 : 0) << "\n";
  } else {
    const double acc = attempts == 0 ? 0.0 : static_cast<double>(accepted) / attempts;
    log_ << s_.nickname << "," << s_.rule_name << "," << s_.run << "," << episode_ << ","
         << n_pieces_ << "," << attempts << "," << java_double(acc) << "," << (cleared ? 1 : 0) << "\n";
  }
  log_.flush();
}

}  // namespace rk::rulegame
