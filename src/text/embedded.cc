#include "text/embedded.h"

#include <algorithm>

namespace rk::text {

Span EmbeddedString::to_file(Span s) const {
  if (raw.empty()) return {begin, begin};
  const auto at = [&](uint32_t i) { return raw[std::min<size_t>(i, raw.size() - 1)]; };
  const uint32_t b = at(s.begin);
  // The end is where the byte after the span starts in the file, so an escape (\n) is covered whole.
  const uint32_t e = s.end > s.begin ? at(s.end) : b;
  return {b, std::max(b, e)};
}

namespace {

int hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Appends code point `cp` as UTF-8, every byte mapped to `from`.
void put_utf8(uint32_t cp, uint32_t from, EmbeddedString& out) {
  char buf[4];
  size_t n = 0;
  if (cp < 0x80) {
    buf[n++] = static_cast<char>(cp);
  } else if (cp < 0x800) {
    buf[n++] = static_cast<char>(0xC0 | (cp >> 6));
    buf[n++] = static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    buf[n++] = static_cast<char>(0xE0 | (cp >> 12));
    buf[n++] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    buf[n++] = static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    buf[n++] = static_cast<char>(0xF0 | (cp >> 18));
    buf[n++] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    buf[n++] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    buf[n++] = static_cast<char>(0x80 | (cp & 0x3F));
  }
  for (size_t i = 0; i < n; ++i) {
    out.value.push_back(buf[i]);
    out.raw.push_back(from);
  }
}

void put(char c, size_t from, EmbeddedString& out) {
  out.value.push_back(c);
  out.raw.push_back(static_cast<uint32_t>(from));
}

uint32_t read_hex4(std::string_view t, size_t i, bool& ok) {
  uint32_t v = 0;
  ok = i + 4 <= t.size();
  for (size_t k = 0; ok && k < 4; ++k) {
    const int h = hex(t[i + k]);
    ok = h >= 0;
    v = v * 16 + static_cast<uint32_t>(h < 0 ? 0 : h);
  }
  return v;
}

void start(size_t at, EmbeddedString& out) {
  out.value.clear();
  out.raw.clear();
  out.begin = static_cast<uint32_t>(at);
}

bool finish(size_t close, size_t past, EmbeddedString& out) {
  out.raw.push_back(static_cast<uint32_t>(close));
  out.end = static_cast<uint32_t>(past);
  return true;
}

// The one-letter escapes of JSON and Python.
char simple_escape(char c) {
  switch (c) {
    case 'n': return '\n';
    case 't': return '\t';
    case 'r': return '\r';
    case 'b': return '\b';
    case 'f': return '\f';
    case '"': return '"';
    case '\'': return '\'';
    case '\\': return '\\';
    case '/': return '/';
    default: return 0;
  }
}

}  // namespace

bool decode_json_string(std::string_view t, size_t at, EmbeddedString& out) {
  if (at >= t.size() || t[at] != '"') return false;
  start(at, out);
  for (size_t i = at + 1; i < t.size();) {
    const char c = t[i];
    if (c == '"') return finish(i, i + 1, out);
    if (c != '\\') {
      put(c, i++, out);
      continue;
    }
    if (i + 1 >= t.size()) return false;
    if (t[i + 1] == 'u') {
      bool ok = false;
      uint32_t cp = read_hex4(t, i + 2, ok);
      if (!ok) return false;
      size_t len = 6;
      if (cp >= 0xD800 && cp < 0xDC00 && i + 12 <= t.size() && t[i + 6] == '\\' && t[i + 7] == 'u') {
        const uint32_t lo = read_hex4(t, i + 8, ok);
        if (ok && lo >= 0xDC00 && lo < 0xE000) {
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          len = 12;
        }
      }
      put_utf8(cp, static_cast<uint32_t>(i), out);
      i += len;
      continue;
    }
    const char e = simple_escape(t[i + 1]);
    if (e == 0 || t[i + 1] == '\'') return false;
    put(e, i, out);
    i += 2;
  }
  return false;
}

bool decode_python_string(std::string_view t, size_t at, EmbeddedString& out, bool raw_prefix) {
  if (at >= t.size() || (t[at] != '"' && t[at] != '\'')) return false;
  const char q = t[at];
  const bool triple = at + 2 < t.size() && t[at + 1] == q && t[at + 2] == q;
  const size_t qlen = triple ? 3 : 1;
  start(at, out);
  for (size_t i = at + qlen; i < t.size();) {
    const char c = t[i];
    if (c == q && (!triple || (i + 2 < t.size() && t[i + 1] == q && t[i + 2] == q))) return finish(i, i + qlen, out);
    if (c == '\n' && !triple) return false;
    if (c != '\\' || raw_prefix) {
      put(c, i++, out);
      continue;
    }
    if (i + 1 >= t.size()) return false;
    const char n = t[i + 1];
    if (n == '\n') {  // a line continuation: nothing in the value
      i += 2;
      continue;
    }
    if (n == 'x' && i + 3 < t.size() && hex(t[i + 2]) >= 0 && hex(t[i + 3]) >= 0) {
      put_utf8(static_cast<uint32_t>(hex(t[i + 2]) * 16 + hex(t[i + 3])), static_cast<uint32_t>(i), out);
      i += 4;
      continue;
    }
    if (n == 'u') {
      bool ok = false;
      const uint32_t cp = read_hex4(t, i + 2, ok);
      if (ok) {
        put_utf8(cp, static_cast<uint32_t>(i), out);
        i += 6;
        continue;
      }
    }
    if (const char e = simple_escape(n); e != 0 && n != '/') {
      put(e, i, out);
      i += 2;
      continue;
    }
    // An unknown escape keeps its backslash, as Python does.
    put(c, i++, out);
  }
  return false;
}

bool decode_sql_string(std::string_view t, size_t at, EmbeddedString& out) {
  if (at >= t.size() || t[at] != '\'') return false;
  start(at, out);
  for (size_t i = at + 1; i < t.size();) {
    const char c = t[i];
    if (c == '\'') {
      if (i + 1 < t.size() && t[i + 1] == '\'') {
        put('\'', i, out);
        i += 2;
        continue;
      }
      return finish(i, i + 1, out);
    }
    if (c == '\\' && i + 1 < t.size()) {
      const char n = t[i + 1];
      const char e = n == '0' ? '\0' : n == 'n' ? '\n' : n == 't' ? '\t' : n == 'r' ? '\r' : n;
      put(e, i, out);
      i += 2;
      continue;
    }
    put(c, i++, out);
  }
  return false;
}

const EmbeddedString* JsonObjectStrings::find(std::string_view key) const {
  for (const auto& [k, v] : fields) {
    if (k == key) return &v;
  }
  return nullptr;
}

std::vector<JsonObjectStrings> json_list_object_strings(std::string_view t) {
  std::vector<JsonObjectStrings> out;
  const auto skip_space = [&](size_t& i) {
    while (i < t.size() && (t[i] == ' ' || t[i] == '\t' || t[i] == '\r' || t[i] == '\n')) ++i;
  };
  int depth = 0;
  size_t objects = 0;
  bool in_object = false;
  for (size_t i = 0; i < t.size();) {
    const char c = t[i];
    if (c == '"') {
      EmbeddedString key;
      if (!decode_json_string(t, i, key)) break;
      i = key.end;
      size_t j = i;
      skip_space(j);
      if (depth != 2 || !in_object || j >= t.size() || t[j] != ':') continue;  // a value, or deeper
      ++j;
      skip_space(j);
      EmbeddedString value;
      if (j >= t.size() || t[j] != '"' || !decode_json_string(t, j, value)) {
        i = j;
        continue;
      }
      i = value.end;
      out.back().fields.emplace_back(std::move(key.value), std::move(value));
      continue;
    }
    if (c == '[' || c == '{') {
      ++depth;
      if (c == '{' && depth == 2) {
        out.emplace_back().index = objects++;
        in_object = true;
      }
    } else if (c == ']' || c == '}') {
      if (c == '}' && depth == 2) in_object = false;
      --depth;
    }
    ++i;
  }
  return out;
}

}  // namespace rk::text
