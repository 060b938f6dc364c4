#include "server/ids.h"

#include <fmt/format.h>
#include <sys/random.h>

#include <chrono>
#include <ctime>
#include <stdexcept>

namespace rk::server {
namespace {

void random_bytes(uint8_t* out, size_t n) {
  size_t got = 0;
  while (got < n) {
    const ssize_t r = getrandom(out + got, n - got, 0);
    if (r < 0) throw std::runtime_error("the kernel's random source failed");
    got += static_cast<size_t>(r);
  }
}

std::tm utc(int64_t ms) {
  const std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  return tm;
}

}  // namespace

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string new_episode_id(int64_t ms) {
  static constexpr char kAlphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";  // no I, L, O, U
  uint8_t r[16];
  random_bytes(r, sizeof r);
  const std::tm tm = utc(ms);
  std::string id = fmt::format("{:04}{:02}{:02}-{:02}{:02}{:02}-", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                               tm.tm_hour, tm.tm_min, tm.tm_sec);
  for (uint8_t b : r) id += kAlphabet[b & 31];
  return id;
}

std::string new_token() {
  uint8_t r[16];
  random_bytes(r, sizeof r);
  std::string t;
  for (uint8_t b : r) t += fmt::format("{:02x}", b);
  return t;
}

bool same_secret(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

std::string transcript_time(int64_t ms) {
  const std::tm tm = utc(ms);
  return fmt::format("{:04}{:02}{:02}-{:02}{:02}{:02}.{:03}", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                     tm.tm_hour, tm.tm_min, tm.tm_sec, ms % 1000);
}

}  // namespace rk::server
