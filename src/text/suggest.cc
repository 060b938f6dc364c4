#include "text/suggest.h"

#include <algorithm>
#include <string>
#include <vector>

namespace rk::text {

size_t edit_distance(std::string_view a, std::string_view b) {
  // Two rows of the classic table; on the stack for the short names parsers compare (this runs
  // while parsing, where an allocation per call showed in the profile).
  constexpr size_t kShort = 64;
  size_t short_rows[2][kShort + 1];
  std::vector<size_t> long_rows;
  size_t* prev = short_rows[0];
  size_t* cur = short_rows[1];
  if (b.size() > kShort) {
    long_rows.resize(2 * (b.size() + 1));
    prev = long_rows.data();
    cur = prev + b.size() + 1;
  }
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string_view closest(std::string_view word, const std::string_view* words, size_t n, size_t max_distance) {
  std::string_view best;
  size_t best_d = max_distance + 1;
  for (size_t i = 0; i < n; ++i) {
    const size_t d = edit_distance(word, words[i]);
    if (d < best_d) {
      best_d = d;
      best = words[i];
    }
  }
  return best;
}

std::string_view closest_ignoring_case(std::string_view word, const std::string_view* words, size_t n) {
  auto lower = [](std::string_view w) {
    std::string l(w);
    for (char& c : l) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    return l;
  };
  const std::string w = lower(word);
  const size_t max_distance = std::max<size_t>(2, w.size() / 4);
  std::string_view best;
  size_t best_d = max_distance + 1;
  for (size_t i = 0; i < n; ++i) {
    // Names much longer or shorter than the word cannot be within reach: skip the edit distance.
    const size_t len = words[i].size();
    if ((len > w.size() ? len - w.size() : w.size() - len) > max_distance) continue;
    const size_t d = edit_distance(w, lower(words[i]));
    if (d < best_d) {
      best_d = d;
      best = words[i];
    }
  }
  return best;
}

}  // namespace rk::text
