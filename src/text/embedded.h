// Strings embedded in another file's syntax (a JSON string, a Python string literal, an SQL
// string): their decoded value and, for each decoded byte, where it stands in the file. Card
// scripts kept inside such strings are parsed from the decoded value; their diagnostics are
// mapped back through this table so that they point at the line and column an editor shows.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "text/source.h"

namespace rk::text {

struct EmbeddedString {
  std::string value;           // the decoded text
  std::vector<uint32_t> raw;   // raw[i]: file offset of value[i]; raw[value.size()]: the closing quote
  uint32_t begin = 0, end = 0; // the whole literal in the file, quotes included

  // A span of `value` as a span of the file.
  Span to_file(Span s) const;
};

// Each decoder reads the literal whose opening quote is at `at` and returns false when there is
// no complete literal there.
// JSON: "..." with \" \\ \/ \b \f \n \r \t \uXXXX (surrogate pairs included).
bool decode_json_string(std::string_view text, size_t at, EmbeddedString& out);
// Python: '...', "...", '''...''' or """...""" (an r prefix is the caller's to skip), with the
// usual backslash escapes; a backslash before a newline joins the lines.
bool decode_python_string(std::string_view text, size_t at, EmbeddedString& out, bool raw_prefix = false);
// SQL: '...' where '' is one quote; MySQL's backslash escapes (\' \\ \n \t \r \0) too.
bool decode_sql_string(std::string_view text, size_t at, EmbeddedString& out);

// The string fields of each object of a JSON list ([{"k": "v", ...}, ...]) with their places
// in the file; other values are skipped. Stops quietly at JSON that does not parse (the file's
// reader reports that).
struct JsonObjectStrings {
  size_t index = 0;  // the object's position in the list
  std::vector<std::pair<std::string, EmbeddedString>> fields;
  const EmbeddedString* find(std::string_view key) const;
};
std::vector<JsonObjectStrings> json_list_object_strings(std::string_view json);

}  // namespace rk::text
