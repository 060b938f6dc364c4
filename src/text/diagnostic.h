// Diagnostics: the one way every parser and engine reports a problem in its input.
//
//   file:line:col: error[CODE]: message
//      3 | (*,*,*,,*)
//        |        ^
//   hint: ...
#pragma once

#include <string>
#include <vector>

#include "text/source.h"

namespace rk::text {

enum class Severity { kError, kWarning, kNote };

struct Diagnostic {
  Severity severity = Severity::kError;
  std::string code;     // stable, e.g. "RG0102"; documented in docs/DIAGNOSTICS.md
  std::string message;  // one sentence, no trailing period
  Span span;
  std::string hint;  // optional
};

// Collects diagnostics for one source file. Stops recording (but keeps counting) after `limit`
// so a pathological input cannot produce unbounded output.
class Diagnostics {
 public:
  explicit Diagnostics(const SourceFile* file, size_t limit = 200) : file_(file), limit_(limit) {}

  void add(Diagnostic d);
  void error(std::string code, std::string message, Span span, std::string hint = {});
  void warning(std::string code, std::string message, Span span, std::string hint = {});

  const std::vector<Diagnostic>& items() const { return items_; }
  size_t error_count() const { return errors_; }
  size_t warning_count() const { return warnings_; }
  bool has_errors() const { return errors_ > 0; }
  const SourceFile* file() const { return file_; }

  // Human-readable rendering, one block per diagnostic.
  std::string render() const;
  // One JSON object per diagnostic, as a JSON array text.
  std::string render_json() const;

 private:
  const SourceFile* file_;
  size_t limit_;
  size_t errors_ = 0;
  size_t warnings_ = 0;
  std::vector<Diagnostic> items_;
};

// Renders one diagnostic against its file (file may be null: then no position is printed).
std::string render(const SourceFile* file, const Diagnostic& d);
// One error at byte `offset` of `text` (a data file read whole, e.g. JSON a library rejected),
// rendered with file:line:col, the line and a caret; no trailing newline.
std::string render_error_at(const std::string& path, std::string_view text, size_t offset, std::string code,
                            std::string message);

const char* severity_name(Severity s);

}  // namespace rk::text
