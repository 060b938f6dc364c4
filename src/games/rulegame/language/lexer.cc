#include "games/rulegame/language/lexer.h"

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
  if (t.kind == Tok::kString) return fmt::format("\"{}\"", t.text());
  if (t.kind == Tok::kNumber) return std::to_string(t.num);
  return std::string(t.text());
}

namespace {

// Character classes of ASCII for the fast path of the tokenizer.
enum Cls : uint8_t { kSp, kDig, kIdS, kIdP, kPun, kQuo, kHash, kBad, kHigh };

struct ClassTable {
  Cls c[256];
  constexpr ClassTable() : c() {
    for (int i = 0; i < 256; ++i) c[i] = i >= 0x80 ? kHigh : kBad;
    for (int i = 0x09; i <= 0x0D; ++i) c[i] = kSp;
    for (int i = 0x1C; i <= 0x20; ++i) c[i] = kSp;
    for (int i = 0x00; i <= 0x08; ++i) c[i] = kIdP;  // "ignorable" controls: inside names only
    for (int i = 0x0E; i <= 0x1B; ++i) c[i] = kIdP;
    c[0x7F] = kIdP;
    for (int i = '0'; i <= '9'; ++i) c[i] = kDig;
    for (int i = 'a'; i <= 'z'; ++i) c[i] = kIdS;
    for (int i = 'A'; i <= 'Z'; ++i) c[i] = kIdS;
    c[static_cast<int>('_')] = kIdS;
    c[static_cast<int>('$')] = kIdS;
    for (const char* p = ",:.+-*/%!<>()[]="; *p; ++p) c[static_cast<unsigned char>(*p)] = kPun;
    c[static_cast<int>('"')] = kQuo;
    c[static_cast<int>('#')] = kHash;
  }
};
constexpr ClassTable kClass;

Tok punct_kind(char c) {
  switch (c) {
    case ',': return Tok::kComma;
    case ':': return Tok::kColon;
    case '.': return Tok::kDot;
    case '+': case '-': return Tok::kAddOp;
    case '(': case '[': return Tok::kOpen;
    case ')': case ']': return Tok::kClose;
    default: return Tok::kMulOp;  // * / %
  }
}

}  // namespace

bool tokenize(std::string_view line, uint32_t base, TokenBuffer& out, text::Diagnostics* diags) {
  out.reset(line.size() + 1);
  const size_t n = line.size();
  auto push = [&](Tok kind, char ch, size_t b, size_t e) {
    out.push() = Token{kind, ch, false, 0,
                       {base + static_cast<uint32_t>(b), base + static_cast<uint32_t>(e)},
                       line.data() + b};
  };
  auto illegal = [&](size_t i, size_t len, uint32_t cp) {
    if (diags) {
      const auto span = text::Span{base + static_cast<uint32_t>(i), base + static_cast<uint32_t>(i + len)};
      std::string shown = cp == 0xFFFD ? std::string("an invalid UTF-8 byte")
                                       : fmt::format("'{}'", line.substr(i, len));
      diags->error("RG0001", fmt::format("{} cannot start a token here", shown), span,
                   "rule lines use numbers, names, \"strings\", ( ) [ ] , : . * + - / % ! = < >");
    }
    return false;
  };
  // Extends a name from `i` over identifier characters, ASCII or not.
  auto scan_name = [&](size_t i) {
    while (i < n) {
      const Cls k = kClass.c[static_cast<unsigned char>(line[i])];
      if (k == kIdS || k == kDig || k == kIdP) {
        ++i;
        continue;
      }
      if (k != kHigh) break;
      size_t len;
      const uint32_t cp = decode(line, i, len);
      if (!is_id_part(cp)) break;
      i += len;
    }
    return i;
  };

  size_t i = 0;
  while (i < n) {
    const char ch = line[i];
    switch (kClass.c[static_cast<unsigned char>(ch)]) {
      case kSp:
        while (++i < n && kClass.c[static_cast<unsigned char>(line[i])] == kSp) {
        }
        break;
      case kHash:
        return true;  // a comment ends the line
      case kDig: {
        size_t e = i + 1;
        while (e < n && kClass.c[static_cast<unsigned char>(line[e])] == kDig) ++e;
        Token& t = out.push();
        t = Token{Tok::kNumber, 0, false, 0, {}, line.data() + i};
        t.span = {base + static_cast<uint32_t>(i), base + static_cast<uint32_t>(e)};
        if (e - i <= 9) {  // always fits; the common case
          int32_t v = 0;
          for (size_t k = i; k < e; ++k) v = v * 10 + (line[k] - '0');
          t.num = v;
        } else if (!expr::parse_java_int(t.text(), t.num)) {
          if (diags) {
            diags->error("RG0002", fmt::format("number {} does not fit in a 32-bit integer", t.text()),
                         t.span, "the largest allowed number is 2147483647");
          }
          return false;
        }
        i = e;
        break;
      }
      case kIdS: {
        const size_t e = scan_name(i + 1);
        push(Tok::kId, 0, i, e);
        i = e;
        break;
      }
      case kQuo: {
        size_t e = line.find('"', i + 1);
        const size_t close = e == std::string_view::npos ? n : e;
        push(Tok::kString, 0, i + 1, close);
        i = e == std::string_view::npos ? n : e + 1;
        break;
      }
      case kPun: {
        switch (ch) {
          case '=':
          case '<':
          case '>':
          case '!':
            if (i + 1 < n && line[i + 1] == '=') {  // "==", "<=", ">=", "!=" are single comparison tokens
              push(Tok::kCmp, ch, i, i + 2);
              const_cast<Token&>(out[out.size() - 1]).two = true;
              i += 2;
              continue;
            }
            push(ch == '=' ? Tok::kEqual : ch == '!' ? Tok::kBang : Tok::kCmp, ch, i, i + 1);
            ++i;
            continue;
          case '.':
            if (i + 1 < n && line[i + 1] == '.') {
              push(Tok::kDotDot, ch, i, i + 2);
              i += 2;
              continue;
            }
            break;
          default:
            break;
        }
        push(punct_kind(ch), ch, i, i + 1);
        ++i;
        break;
      }
      case kIdP:
      case kBad:
        return illegal(i, 1, static_cast<unsigned char>(ch));
      case kHigh: {
        size_t len;
        const uint32_t cp = decode(line, i, len);
        if (is_space(cp)) {
          i += len;
        } else if (is_id_start(cp)) {
          const size_t e = scan_name(i + len);
          push(Tok::kId, 0, i, e);
          i = e;
        } else {
          return illegal(i, len, cp);
        }
        break;
      }
    }
  }
  return true;
}

}  // namespace rk::rulegame
