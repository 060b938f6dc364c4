// Tokens of Rule Game rule files. The token classes and the way characters join into tokens
// follow the reference engine exactly, because which mutated files it accepts is part of the
// specification: e.g. "2abc" is a number then a name, "#" ends the line outside a string,
// "==" "<=" ">=" "!=" are comparison operators, ".." is a range dot.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "text/diagnostic.h"

namespace rk::rulegame {

enum class Tok : uint8_t {
  kNumber, kId, kString, kComma, kMulOp, kAddOp, kCmp, kBang, kOpen, kClose, kEqual, kColon,
  kDot, kDotDot,
};

struct Token {
  Tok kind;
  char ch;        // the operator or bracket character ('(' '[' '+' '*' ...); for kCmp: '=' '!' '<' '>' with `two` telling "<=" etc.
  bool two;       // kCmp: a two-character operator (==, !=, <=, >=)
  int32_t num;    // kNumber
  text::Span span;    // for kString: without the quotes
  const char* start;  // first byte of the token's text

  // Source text of the token (kString: the contents).
  std::string_view text() const { return {start, span.size()}; }
};

// Tokens of one line. Keeps its storage from line to line: tokenizing allocates only when a line
// has more tokens than any line before.
class TokenBuffer {
 public:
  // Empties the buffer and makes room for `max` tokens (a line of n bytes has at most n).
  void reset(size_t max) {
    n_ = 0;
    if (v_.size() < max) v_.resize(std::max<size_t>(max, v_.size() * 2));
  }
  void clear() { n_ = 0; }
  Token& push() { return v_[n_++]; }  // within the room made by reset()
  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  const Token& operator[](size_t i) const { return v_[i]; }

 private:
  std::vector<Token> v_;
  size_t n_ = 0;
};

const char* tok_name(Tok t);
// The token as the reference engine prints it in messages, e.g. "CLOSE.)" or "ID.Nearby".
std::string describe(const Token& t);

// Splits one line (already trimmed) starting at byte `base` of the file into tokens.
// Returns false after reporting the first character that cannot start a token, or a number
// that does not fit in 32 bits.
bool tokenize(std::string_view line, uint32_t base, TokenBuffer& out, text::Diagnostics* diags);

}  // namespace rk::rulegame
