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

namespace {

// The edit distance when it is at most `limit`, else some number above `limit`: a row whose every
// cell is past the limit cannot lead back under it, so the table stops there. Card databases ask
// for a hint for each unknown word while they load (Wagic 2016: some 250 words against a thousand
// names), and most names are far from the word: the whole table each time was a fifth of the load.
size_t edit_distance_within(std::string_view a, std::string_view b, size_t limit) {
  const size_t apart = a.size() > b.size() ? a.size() - b.size() : b.size() - a.size();
  if (apart > limit) return limit + 1;
  constexpr size_t kShort = 64;
  if (b.size() > kShort) return edit_distance(a, b);
  size_t rows[2][kShort + 1];
  size_t* prev = rows[0];
  size_t* cur = rows[1];
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    size_t row_min = cur[0];
    for (size_t j = 1; j <= b.size(); ++j) {
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      row_min = std::min(row_min, cur[j]);
    }
    if (row_min > limit) return limit + 1;
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

}  // namespace

std::string_view closest(std::string_view word, const std::string_view* words, size_t n, size_t max_distance) {
  std::string_view best;
  size_t best_d = max_distance + 1;
  for (size_t i = 0; i < n && best_d > 0; ++i) {
    // Only a word strictly closer than the best so far can replace it (the first found wins ties).
    const size_t d = edit_distance_within(word, words[i], best_d - 1);
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
