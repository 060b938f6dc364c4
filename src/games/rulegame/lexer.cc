#include "games/rulegame/lexer.h"

#include <fmt/format.h>

#include "expr/value.h"

namespace rk::rulegame {
namespace {

// Decodes one UTF-8 code point at s[i]; invalid bytes decode as U+FFFD with length 1.
uint32_t decode(std::string_view s, size_t i, size_t& len) {
  const auto c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) {
    len = 1;
    return c;
  }
  size_t n = c >= 0xF0 && c < 0xF8 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
  if (n == 0 || i + n > s.size()) {
    len = 1;
    return 0xFFFD;
  }
  uint32_t cp = c & (0x7F >> n);
  for (size_t k = 1; k < n; ++k) {
    const auto b = static_cast<unsigned char>(s[i + k]);
    if ((b & 0xC0) != 0x80) {
      len = 1;
      return 0xFFFD;
    }
    cp = (cp << 6) | (b & 0x3F);
  }
  len = n;
  return cp;
}

// Java's Character.isWhitespace.
bool is_space(uint32_t c) {
  if (c == ' ' || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F)) return true;
  if (c == 0xA0 || c == 0x2007 || c == 0x202F) return false;
  return c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
         c == 0x205F || c == 0x3000;
}

bool is_digit(uint32_t c) { return c >= '0' && c <= '9'; }

// Java's Character.isJavaIdentifierStart, exact for ASCII and Latin-1, approximate beyond
// (letters of other scripts count; punctuation blocks and specials do not).
bool is_id_start(uint32_t c) {
  if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
  if (c < 0x100) {
    return (c >= 0xA2 && c <= 0xA5) || c == 0xAA || c == 0xB5 || c == 0xBA ||
           (c >= 0xC0 && c != 0xD7 && c != 0xF7);
  }
  if (c >= 0x2000 && c <= 0x206F) return c == 0x203F || c == 0x2040 || c == 0x2054;
  if (c >= 0x3000 && c <= 0x303F) return false;
  if (c >= 0xD800 && c <= 0xDFFF) return false;
  if (c >= 0xFFF0) return false;
  return true;
}

// Java's Character.isJavaIdentifierPart: identifier starts, digits, and the "ignorable" controls.
bool is_id_part(uint32_t c) {
  return is_id_start(c) || is_digit(c) || c <= 0x08 || (c >= 0x0E && c <= 0x1B) ||
         (c >= 0x7F && c <= 0x9F);
}

bool start_kind(uint32_t c, Tok& kind) {
  if (is_digit(c)) {
    kind = Tok::kNumber;
  } else if (is_id_start(c)) {
    kind = Tok::kId;
  } else {
    switch (c) {
      case ',': kind = Tok::kComma; break;
      case ':': kind = Tok::kColon; break;
      case '.': kind = Tok::kDot; break;
      case '+': case '-': kind = Tok::kAddOp; break;
      case '*': case '/': case '%': kind = Tok::kMulOp; break;
      case '!': kind = Tok::kBang; break;
      case '<': case '>': kind = Tok::kCmp; break;
      case '(': case '[': kind = Tok::kOpen; break;
      case ')': case ']': kind = Tok::kClose; break;
      case '"': kind = Tok::kString; break;
      case '=': kind = Tok::kEqual; break;
      default: return false;
    }
  }
  return true;
}

}  // namespace

const char* tok_name(Tok t) {
  switch (t) {
    case Tok::kNumber: return "NUMBER";
    case Tok::kId: return "ID";
    case Tok::kString: return "STRING";
    case Tok::kComma: return "COMMA";
    case Tok::kMulOp: return "MULT_OP";
    case Tok::kAddOp: return "ADD_OP";
    case Tok::kCmp: return "CMP";
    case Tok::kBang: return "UNARY_OP";
    case Tok::kOpen: return "OPEN";
    case Tok::kClose: return "CLOSE";
    case Tok::kEqual: return "EQUAL";
    case Tok::kColon: return "COLON";
    case Tok::kDot: return "DOT";
    case Tok::kDotDot: return "DOTDOT";
  }
  return "?";
}

std::string describe(const Token& t) {
  if (t.kind == Tok::kString) return fmt::format("\"{}\"", t.text);
  if (t.kind == Tok::kNumber) return std::to_string(t.num);
  return std::string(t.text);
}

bool tokenize(std::string_view line, uint32_t base, std::vector<Token>& out,
              text::Diagnostics* diags) {
  out.clear();
  bool open = false;  // a token is being built
  Token cur{};
  size_t cur_start = 0;

  auto flush = [&](size_t end) -> bool {
    if (!open) return true;
    open = false;
    if (cur.kind == Tok::kString) {
      cur.text = line.substr(cur_start + 1, end - cur_start - 1);
      cur.span = {base + static_cast<uint32_t>(cur_start + 1), base + static_cast<uint32_t>(end)};
    } else {
      cur.text = line.substr(cur_start, end - cur_start);
      cur.span = {base + static_cast<uint32_t>(cur_start), base + static_cast<uint32_t>(end)};
    }
    if (cur.kind == Tok::kNumber && !expr::parse_java_int(cur.text, cur.num)) {
      if (diags) {
        diags->error("RG0002", fmt::format("number {} does not fit in a 32-bit integer", cur.text),
                     cur.span, "the largest allowed number is 2147483647");
      }
      return false;
    }
    out.push_back(cur);
    return true;
  };

  size_t i = 0;
  while (i < line.size()) {
    size_t len;
    const uint32_t c = decode(line, i, len);
    if (open) {
      if ((cur.kind == Tok::kNumber && is_digit(c)) || (cur.kind == Tok::kId && is_id_part(c))) {
        i += len;
        continue;
      }
      if (cur.kind == Tok::kString) {
        i += len;
        if (c == '"') {
          if (!flush(i - 1)) return false;
        }
        continue;
      }
      if (c == '=' && (cur.kind == Tok::kEqual || cur.kind == Tok::kCmp || cur.kind == Tok::kBang) &&
          !cur.two) {
        // "==", "<=", ">=", "!=" are single comparison tokens.
        cur.kind = Tok::kCmp;
        cur.two = true;
        i += len;
        if (!flush(i)) return false;
        continue;
      }
      if (c == '.' && cur.kind == Tok::kDot) {
        cur.kind = Tok::kDotDot;
        i += len;
        if (!flush(i)) return false;
        continue;
      }
      if (!flush(i)) return false;
    }
    if (is_space(c)) {
      i += len;
      continue;
    }
    if (c == '#') break;  // a comment ends the line
    Tok kind;
    if (!start_kind(c, kind)) {
      if (diags) {
        const auto span = text::Span{base + static_cast<uint32_t>(i),
                                     base + static_cast<uint32_t>(i + len)};
        std::string shown = c == 0xFFFD ? std::string("an invalid UTF-8 byte")
                                        : fmt::format("'{}'", line.substr(i, len));
        diags->error("RG0001", fmt::format("{} cannot start a token here", shown), span,
                     "rule lines use numbers, names, \"strings\", ( ) [ ] , : . * + - / % ! = < >");
      }
      return false;
    }
    cur = Token{};
    cur.kind = kind;
    cur.ch = static_cast<char>(c < 0x80 ? c : 0);
    open = true;
    cur_start = i;
    i += len;
  }
  return flush(line.size());
}

}  // namespace rk::rulegame
