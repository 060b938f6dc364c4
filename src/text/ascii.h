// ASCII case folding for the card languages: their keywords are ASCII and case-insensitive, while
// names and text may hold UTF-8 or Windows-1252 bytes, which are left as they are. Unlike
// std::tolower this does not consult the C locale, so it is the same everywhere and inlines.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace rk::text {

// A table: one load per byte where the comparison costs a branch (a whole card database is folded
// byte by byte, keys and keywords).
inline constexpr std::array<char, 256> kAsciiLower = [] {
  std::array<char, 256> t{};
  for (int i = 0; i < 256; ++i) t[static_cast<size_t>(i)] = static_cast<char>(i >= 'A' && i <= 'Z' ? i + ('a' - 'A') : i);
  return t;
}();
constexpr char ascii_lower(char c) { return kAsciiLower[static_cast<unsigned char>(c)]; }

// Eight bytes folded at once (SWAR): 0x20 is added to each byte in 'A'..'Z'; bytes of 0x80 and
// above are left alone, as by ascii_lower(char).
constexpr uint64_t ascii_lower8(uint64_t x) {
  constexpr uint64_t kOnes = 0x0101010101010101ull;
  const uint64_t low7 = x & (0x7F * kOnes);
  const uint64_t ge_a = low7 + (0x80 - 'A') * kOnes;      // high bit: >= 'A'
  const uint64_t gt_z = low7 + (0x80 - 'Z' - 1) * kOnes;  // high bit: > 'Z'
  const uint64_t upper = (ge_a ^ gt_z) & ~x & (0x80 * kOnes);
  return x | (upper >> 2);
}

inline std::string ascii_lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = ascii_lower(c);
  return r;
}

// `s` equals `lower` (already lower case) ignoring ASCII case.
constexpr bool iequals(std::string_view s, std::string_view lower) {
  if (s.size() != lower.size()) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    if (ascii_lower(s[i]) != lower[i]) return false;
  }
  return true;
}

// `s` starts with `lower` (already lower case) ignoring ASCII case.
constexpr bool istarts_with(std::string_view s, std::string_view lower) {
  return s.size() >= lower.size() && iequals(s.substr(0, lower.size()), lower);
}

}  // namespace rk::text
