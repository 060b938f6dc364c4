// "Did you mean ...?": the known word closest to a misspelt one, for diagnostic hints.
#pragma once

#include <cstddef>
#include <string_view>

namespace rk::text {

// Levenshtein distance between two byte strings.
size_t edit_distance(std::string_view a, std::string_view b);

// The word of words[0..n) closest to `word` within `max_distance` edits, or "" if none.
std::string_view closest(std::string_view word, const std::string_view* words, size_t n, size_t max_distance = 2);

// The same, comparing ASCII letters without case (card names: "butcher" finds "Butcher"); the
// allowed distance grows with the word: 2, or a quarter of its length for long names.
std::string_view closest_ignoring_case(std::string_view word, const std::string_view* words, size_t n);

}  // namespace rk::text
