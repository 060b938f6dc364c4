// Damaging real inputs for the mutation tests of every dialect: truncation, flipped bytes,
// deleted or doubled brackets and separators, huge numbers, very long lines, deep nesting,
// invalid UTF-8 and stray characters of the language. Each dialect says which characters are
// its brackets, how it nests and which characters its text uses.
#pragma once

#include <cctype>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace rk::test {

struct Dialect {
  const char* brackets;   // deleted or doubled: brackets, quotes, separators
  const char* open_nest;  // repeated for deep nesting...
  const char* close_nest; // ...and closed as many times ("" leaves it open)
  const char* alphabet;   // stray characters inserted
  size_t long_line = 1 << 20;  // runs of one character inserted reach up to twice this
};

class Mutator {
 public:
  Mutator(Dialect d, uint64_t seed) : d_(d), rng_(seed) {}

  std::string operator()(const std::string& src) {
    std::string s = src;
    switch (rng_() % 9) {
      case 0: s.resize(pick(s.size() + 1)); break;                                   // truncated
      case 1: if (!s.empty()) s[pick(s.size())] = static_cast<char>(rng_()); break;  // a byte flipped
      case 2: edit_bracket(s, false); break;
      case 3: edit_bracket(s, true); break;
      case 4: s.insert(pick(s.size() + 1), std::string(5 + pick(40), '9')); break;   // a huge number
      case 5: {  // a long line: 1 KiB to long_line, lengths spread evenly over the powers of two
        const char c = d_.alphabet[pick(std::strlen(d_.alphabet))];
        size_t len = 1024;
        while (len < d_.long_line && rng_() % 2) len *= 2;
        s.insert(pick(s.size() + 1), std::string(len + pick(len), c == '\n' ? 'x' : c));
        break;
      }
      case 6: {                                                                      // deep nesting
        const size_t depth = 10 + pick(3000);
        std::string nest;
        for (size_t k = 0; k < depth; ++k) nest += d_.open_nest;
        nest += "1";
        for (size_t k = 0; k < depth; ++k) nest += d_.close_nest;
        s.insert(pick(s.size() + 1), nest);
        break;
      }
      case 7: s.insert(pick(s.size() + 1), std::string("\xC3\x28\xFF\xE2\x82\x80\x93", 1 + pick(7))); break;
      default: s.insert(pick(s.size() + 1), 1, d_.alphabet[pick(std::strlen(d_.alphabet))]); break;
    }
    return s;
  }

  size_t pick(size_t n) { return n == 0 ? 0 : static_cast<size_t>(rng_() % n); }

 private:
  void edit_bracket(std::string& s, bool twice) {
    for (int tries = 0; tries < 20 && !s.empty(); ++tries) {
      const size_t i = pick(s.size());
      if (s[i] != 0 && std::strchr(d_.brackets, s[i])) {
        if (twice) {
          s.insert(i, 1, s[i]);
        } else {
          s.erase(i, 1);
        }
        return;
      }
    }
  }

  Dialect d_;
  std::mt19937_64 rng_;
};

}  // namespace rk::test

namespace rk::test {

// Small damage to one line of card code at the level of its words: a token (a run of letters,
// digits and `_`, or one other character) deleted, doubled, or swapped with the next one. What a
// card author's slip does, unlike the byte-level Mutator above.
inline std::string mutate_tokens(const std::string& line, std::mt19937_64& rng) {
  std::vector<std::string> toks;
  for (size_t i = 0; i < line.size();) {
    size_t j = i + 1;
    auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    if (word(line[i])) {
      while (j < line.size() && word(line[j])) ++j;
    }
    toks.push_back(line.substr(i, j - i));
    i = j;
  }
  if (toks.empty()) return line;
  const size_t at = static_cast<size_t>(rng() % toks.size());
  switch (rng() % 3) {
    case 0: toks.erase(toks.begin() + static_cast<std::ptrdiff_t>(at)); break;
    case 1: toks.insert(toks.begin() + static_cast<std::ptrdiff_t>(at), toks[at]); break;
    default:
      if (at + 1 < toks.size()) std::swap(toks[at], toks[at + 1]);
      break;
  }
  std::string out;
  for (const std::string& t : toks) out += t;
  return out;
}

}  // namespace rk::test
