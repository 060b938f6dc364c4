// Positions as the protocol counts them (0-based lines, UTF-16 code units within a line) and as
// rulekit does (byte offsets; 1-based lines and code-point columns in diagnostics).
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace rk::lsp {

struct Position {
  int line = 0, character = 0;
};

// The byte offset of a protocol position (clamped to the line's end and the text's end).
size_t offset_of(std::string_view text, Position p);
// The protocol position of a byte offset.
Position position_of(std::string_view text, size_t offset);
// A diagnostic's 1-based line and code-point column as a protocol position.
Position from_line_col(std::string_view text, int line, int col);

// The start of every line of a text, for many such conversions in one text (a large file has
// thousands of diagnostics: finding each line from the start would be quadratic).
class LineIndex {
 public:
  explicit LineIndex(std::string_view text);
  Position from_line_col(int line, int col) const;

 private:
  std::string_view text_;
  std::vector<size_t> starts_;
};

nlohmann::json to_json(Position p);
nlohmann::json range_json(Position a, Position b);
Position position_from_json(const nlohmann::json& j);

// The byte offset where 0-based line `line` starts (the text's end past the last line).
size_t line_start(std::string_view text, int line);

}  // namespace rk::lsp
