#include "text/diagnostic.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

namespace rk::text {
namespace {

// Longest piece of a source line we print; very long lines are shown as a window around the caret.
constexpr uint32_t kMaxShown = 120;

// Makes a line printable: invalid UTF-8 and control characters become '?' so that a diagnostic
// never writes raw garbage to a terminal. Tabs are kept (the caret line copies them).
std::string printable(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      out.push_back((c < 0x20 && c != '\t') || c == 0x7F ? '?' : static_cast<char>(c));
      ++i;
      continue;
    }
    size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
    bool ok = len > 0 && i + len <= s.size();
    for (size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
    if (ok) {
      out.append(s.substr(i, len));
      i += len;
    } else {
      out.push_back('?');
      ++i;
    }
  }
  return out;
}

}  // namespace

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::kError:
      return "error";
    case Severity::kWarning:
      return "warning";
    case Severity::kNote:
      return "note";
  }
  return "error";
}

void Diagnostics::add(Diagnostic d) {
  if (d.severity == Severity::kError) ++errors_;
  if (d.severity == Severity::kWarning) ++warnings_;
  if (items_.size() < limit_) items_.push_back(std::move(d));
}

void Diagnostics::error(std::string code, std::string message, Span span, std::string hint) {
  add({Severity::kError, std::move(code), std::move(message), span, std::move(hint)});
}

void Diagnostics::warning(std::string code, std::string message, Span span, std::string hint) {
  add({Severity::kWarning, std::move(code), std::move(message), span, std::move(hint)});
}

std::string render(const SourceFile* file, const Diagnostic& d) {
  std::string out;
  if (file == nullptr) {
    out = fmt::format("{}[{}]: {}\n", severity_name(d.severity), d.code, d.message);
  } else {
    const LineCol lc = file->line_col(d.span.begin);
    out = fmt::format("{}:{}:{}: {}[{}]: {}\n", file->name(), lc.line, lc.col,
                      severity_name(d.severity), d.code, d.message);
    std::string_view line = file->line_text(lc.line);
    const uint32_t line_begin = file->line_start(lc.line);
    uint32_t caret_at = d.span.begin - line_begin;  // byte offset inside the line
    if (caret_at > line.size()) caret_at = static_cast<uint32_t>(line.size());
    uint32_t width = std::max<uint32_t>(1, std::min<uint32_t>(d.span.size(), kMaxShown / 2));
    // Window for long lines.
    uint32_t from = 0;
    std::string prefix;
    if (line.size() > kMaxShown) {
      from = caret_at > kMaxShown / 2 ? caret_at - kMaxShown / 2 : 0;
      while (from > 0 && (static_cast<unsigned char>(line[from]) & 0xC0) == 0x80) --from;
      if (from > 0) prefix = "...";
      line = line.substr(from, kMaxShown);
    }
    std::string shown = prefix + printable(line);
    const std::string gutter = fmt::format("{:>5} | ", lc.line);
    out += gutter + shown + "\n";
    std::string caret(gutter.size() - 2, ' ');
    caret += "| ";
    caret += std::string(prefix.size(), ' ');
    // Copy tabs so the caret lines up under tab-indented text; count code points otherwise.
    for (uint32_t i = from; i < caret_at && i - from < line.size(); ++i) {
      const auto c = static_cast<unsigned char>(line[i - from]);
      if ((c & 0xC0) == 0x80) continue;
      caret.push_back(c == '\t' ? '\t' : ' ');
    }
    caret += std::string(width, '^');
    out += caret + "\n";
  }
  if (!d.hint.empty()) out += fmt::format("  hint: {}\n", d.hint);
  return out;
}

std::string Diagnostics::render() const {
  std::string out;
  for (const Diagnostic& d : items_) out += text::render(file_, d);
  if (items_.size() < errors_ + warnings_) {
    out += fmt::format("note: {} more diagnostics not shown\n", errors_ + warnings_ - items_.size());
  }
  return out;
}

std::string Diagnostics::render_json() const {
  nlohmann::json arr = nlohmann::json::array();
  for (const Diagnostic& d : items_) {
    nlohmann::json j;
    j["severity"] = severity_name(d.severity);
    j["code"] = d.code;
    j["message"] = d.message;
    if (file_ != nullptr) {
      const LineCol a = file_->line_col(d.span.begin);
      const LineCol b = file_->line_col(d.span.end);
      j["file"] = file_->name();
      j["line"] = a.line;
      j["column"] = a.col;
      j["end_line"] = b.line;
      j["end_column"] = b.col;
    }
    if (!d.hint.empty()) j["hint"] = d.hint;
    arr.push_back(std::move(j));
  }
  return arr.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string render_error_at(const std::string& path, std::string_view text, size_t offset, std::string code,
                            std::string message) {
  const SourceFile sf(path, std::string(text));
  Diagnostic d;
  d.code = std::move(code);
  d.message = std::move(message);
  const uint32_t at = static_cast<uint32_t>(std::min(offset, text.size()));
  d.span = {at, at + 1};
  std::string out = render(&sf, d);
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

}  // namespace rk::text
