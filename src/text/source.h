// Source files and byte spans. Everything that reports a position into text uses these.
#pragma once

#include "mem/pod_array.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rk::text {

// A half-open byte range [begin, end) inside one SourceFile.
struct Span {
  uint32_t begin = 0;
  uint32_t end = 0;
  uint32_t size() const { return end - begin; }
};

// 1-based line and column. The column counts UTF-8 code points, so a caret lines up with what an
// editor shows; bytes that are not valid UTF-8 count as one column each.
struct LineCol {
  uint32_t line = 1;
  uint32_t col = 1;
};

class SourceFile {
 public:
  SourceFile(std::string name, std::string text);

  const std::string& name() const { return name_; }
  std::string_view text() const { return text_; }

  LineCol line_col(uint32_t offset) const;
  // The text of the 1-based line, without its line terminator (\n, \r\n or a lone \r).
  std::string_view line_text(uint32_t line) const;
  uint32_t line_count() const { return static_cast<uint32_t>(line_starts_.size()); }
  uint32_t line_start(uint32_t line) const { return line_starts_[line - 1]; }

 private:
  std::string name_;
  std::string text_;
  std::vector<uint32_t> line_starts_;
};

// The lines of a text, without their terminators (\n or \r\n); a last line without a final
// newline counts, an empty text has none. The views point into `text`.
std::vector<std::string_view> split_lines(std::string_view text);

// Reads a whole file as bytes. Returns false (and leaves `out` empty) when it cannot be read.
bool read_file(const std::string& path, std::string& out);
// Why `path` cannot be read as a file, in words for "cannot read the file (...)": "no such file or
// folder", "it is a folder", "permission denied"..., from the system's answer at the time of asking.
std::string read_failure(const std::string& path);
// The same into huge-page memory that is not cleared first: for whole card databases, where
// clearing and faulting in 4 KiB pages cost as much as reading.
bool read_file(const std::string& path, mem::PodArray<char>& out);

}  // namespace rk::text
