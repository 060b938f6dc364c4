#include "lsp/incremental.h"

#include <algorithm>

#include "text/unsaved.h"

namespace rk::lsp {
namespace {

int count_lines(std::string_view t, size_t from, size_t to) {
  return static_cast<int>(std::count(t.begin() + static_cast<long>(from), t.begin() + static_cast<long>(to), '\n'));
}

size_t line_begin(std::string_view t, size_t at) {
  const size_t nl = at == 0 ? std::string_view::npos : t.rfind('\n', at - 1);
  return nl == std::string_view::npos ? 0 : nl + 1;
}

// The [card] ... [/card] blocks around [from, to) of `t`: from the [card] line before `from` to
// the end of the [/card] line after `to`. False when `t` has no such lines there.
bool card_span(std::string_view t, size_t from, size_t to, size_t& begin, size_t& end) {
  const size_t open = from >= t.size() ? t.rfind("[card]") : t.rfind("[card]", from);
  if (open == std::string_view::npos) return false;
  // A [/card] between the [card] and the change: the change starts outside a block.
  const size_t close_before = t.find("[/card]", open);
  begin = line_begin(t, close_before != std::string_view::npos && close_before + 7 <= from ? from : open);
  const size_t close = t.find("[/card]", std::max(to, begin));
  if (close == std::string_view::npos) return false;
  const size_t nl = t.find('\n', close);
  end = nl == std::string_view::npos ? t.size() : nl + 1;
  return true;
}

// The file with every line outside [begin, end) blanked, but its #AUTO_DEFINE lines: the same
// line numbers, the macros in effect, and only the changed cards to check.
std::string only_lines(std::string_view t, size_t begin, size_t end) {
  std::string out;
  out.reserve(t.size() / 16 + (end - begin));
  for (size_t at = 0; at < t.size();) {
    size_t nl = t.find('\n', at);
    if (nl == std::string_view::npos) nl = t.size();
    const std::string_view line = t.substr(at, nl - at);
    if ((at >= begin && at < end) || line.rfind("#AUTO_DEFINE", 0) == 0) out += line;
    if (nl < t.size()) out += '\n';
    at = nl + 1;
  }
  return out;
}

}  // namespace

bool recheck_changed_cards(const Document& d, const std::string& old_text, const Checked& before, Checked& after) {
  if (before.format != "wagic") return false;
  const std::string& t = d.text;
  // The changed region: what is between the common start and the common end of both texts.
  const size_t shorter = std::min(t.size(), old_text.size());
  const size_t prefix = static_cast<size_t>(std::mismatch(t.begin(), t.begin() + static_cast<long>(shorter), old_text.begin()).first - t.begin());
  const size_t suffix = static_cast<size_t>(
      std::mismatch(t.rbegin(), t.rbegin() + static_cast<long>(shorter - prefix), old_text.rbegin()).first - t.rbegin());
  size_t begin = 0, end = 0;
  if (!card_span(t, prefix, t.size() - suffix, begin, end)) return false;
  // The same region in the old text, and how many lines the change added.
  const size_t old_end = end + old_text.size() - t.size();
  if (old_end < begin || old_end > old_text.size()) return false;
  const int first_line = count_lines(t, 0, begin);
  const int new_last = first_line + count_lines(t, begin, end);
  const int old_last = first_line + count_lines(old_text, begin, old_end);
  const int delta = new_last - old_last;

  after.dialect = before.dialect;
  after.format = before.format;
  after.findings.clear();
  for (const Finding& f : before.findings) {
    if (f.start.line < first_line) {
      after.findings.push_back(f);
    } else if (f.start.line >= old_last) {
      Finding moved = f;
      moved.start.line += delta;
      moved.end.line += delta;
      after.findings.push_back(std::move(moved));
    }
  }
  // The changed cards alone, read from the document's path as every checker reads it.
  Document part = d;
  part.text = only_lines(t, begin, end);
  text::set_unsaved_text(d.path, part.text);
  Checked fresh = diagnose(part);
  text::set_unsaved_text(d.path, t);
  for (Finding& f : fresh.findings) {
    if (f.start.line >= first_line && f.start.line < new_last) after.findings.push_back(std::move(f));
  }
  std::stable_sort(after.findings.begin(), after.findings.end(),
                   [](const Finding& a, const Finding& b) { return a.start.line < b.start.line; });
  return true;
}

}  // namespace rk::lsp
