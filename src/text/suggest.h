// "Did you mean ...?": the known word closest to a misspelt one, for diagnostic hints.
#pragma once

#include <cstddef>
#include <string_view>

namespace rk::text {

// Levenshtein distance between two byte strings.
size_t edit_distance(std::string_view a, std::string_view b);

// The word of words[0..n) closest to `word` within `max_distance` edits, or "" if none.
std::string_view closest(std::string_view word, const std::string_view* words, size_t n, size_t max_distance = 2);

}  // namespace rk::text
