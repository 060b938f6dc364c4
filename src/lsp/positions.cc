#include "lsp/positions.h"

#include <algorithm>

namespace rk::lsp {
namespace {

// The length of the UTF-8 sequence led by `c` (1 for a byte that leads none: it counts alone).
size_t sequence_length(unsigned char c) {
  if (c >= 0xF0 && c < 0xF8) return 4;
  if (c >= 0xE0) return c < 0xF0 ? 3 : 1;
  if (c >= 0xC0) return 2;
  return 1;
}

}  // namespace

size_t line_start(std::string_view text, int line) {
  size_t at = 0;
  for (int l = 0; l < line; ++l) {
    const size_t nl = text.find('\n', at);
    if (nl == std::string_view::npos) return text.size();
    at = nl + 1;
  }
  return at;
}

size_t offset_of(std::string_view text, Position p) {
  size_t at = line_start(text, p.line < 0 ? 0 : p.line);
  int units = 0;
  while (at < text.size() && text[at] != '\n' && text[at] != '\r' && units < p.character) {
    const size_t n = sequence_length(static_cast<unsigned char>(text[at]));
    units += n == 4 ? 2 : 1;
    at += std::min(n, text.size() - at);
  }
  return at;
}

Position position_of(std::string_view text, size_t offset) {
  Position p;
  if (offset > text.size()) offset = text.size();
  size_t at = 0;
  for (size_t nl; (nl = text.find('\n', at)) != std::string_view::npos && nl < offset;) {
    ++p.line;
    at = nl + 1;
  }
  while (at < offset) {
    const size_t n = sequence_length(static_cast<unsigned char>(text[at]));
    p.character += n == 4 ? 2 : 1;
    at += n;
  }
  return p;
}

namespace {

// Counts `col` - 1 code points from byte `at` of a line, in UTF-16 units.
Position walk_columns(std::string_view text, Position p, size_t at, int col) {
  for (int c = 1; c < col && at < text.size() && text[at] != '\n'; ++c) {
    const size_t n = sequence_length(static_cast<unsigned char>(text[at]));
    p.character += n == 4 ? 2 : 1;
    at += n;
  }
  return p;
}

}  // namespace

Position from_line_col(std::string_view text, int line, int col) {
  const Position p{line > 0 ? line - 1 : 0, 0};
  return walk_columns(text, p, line_start(text, p.line), col);
}

LineIndex::LineIndex(std::string_view text) : text_(text) {
  starts_.push_back(0);
  for (size_t nl = text.find('\n'); nl != std::string_view::npos; nl = text.find('\n', nl + 1)) starts_.push_back(nl + 1);
}

Position LineIndex::from_line_col(int line, int col) const {
  const Position p{line > 0 ? line - 1 : 0, 0};
  const size_t at = static_cast<size_t>(p.line) < starts_.size() ? starts_[static_cast<size_t>(p.line)] : text_.size();
  return walk_columns(text_, p, at, col);
}

nlohmann::json to_json(Position p) { return {{"line", p.line}, {"character", p.character}}; }
nlohmann::json range_json(Position a, Position b) { return {{"start", to_json(a)}, {"end", to_json(b)}}; }

Position position_from_json(const nlohmann::json& j) {
  Position p;
  if (j.is_object()) {
    if (j.contains("line") && j["line"].is_number_integer()) p.line = j["line"].get<int>();
    if (j.contains("character") && j["character"].is_number_integer()) p.character = j["character"].get<int>();
  }
  if (p.line < 0) p.line = 0;
  if (p.character < 0) p.character = 0;
  return p;
}

}  // namespace rk::lsp
