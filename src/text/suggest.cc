#include "text/suggest.h"

#include <algorithm>
#include <vector>

namespace rk::text {

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
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

}  // namespace rk::text
