#include "text/source.h"
#include "text/unsaved.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>

namespace rk::text {

SourceFile::SourceFile(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)) {
  line_starts_.push_back(0);
  const size_t n = text_.size();
  for (size_t i = 0; i < n; ++i) {
    const char c = text_[i];
    if (c == '\n') {
      line_starts_.push_back(static_cast<uint32_t>(i + 1));
    } else if (c == '\r' && (i + 1 >= n || text_[i + 1] != '\n')) {
      line_starts_.push_back(static_cast<uint32_t>(i + 1));  // old Mac line end
    }
  }
}

LineCol SourceFile::line_col(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  const uint32_t line = static_cast<uint32_t>(it - line_starts_.begin());
  const uint32_t start = line_starts_[line - 1];
  uint32_t col = 1;
  for (uint32_t i = start; i < offset; ++i) {
    // Continuation bytes (10xxxxxx) do not start a new column.
    if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++col;
  }
  return {line, col};
}

std::string_view SourceFile::line_text(uint32_t line) const {
  if (line == 0 || line > line_starts_.size()) return {};
  uint32_t start = line_starts_[line - 1];
  uint32_t end = line < line_starts_.size() ? line_starts_[line] : static_cast<uint32_t>(text_.size());
  while (end > start && (text_[end - 1] == '\n' || text_[end - 1] == '\r')) --end;
  return std::string_view(text_).substr(start, end - start);
}

std::string read_failure(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return "no such file or folder";
    if (errno == ENOTDIR) return "a part of the path is not a folder";
    if (errno == EACCES) return "permission denied on a folder of the path";
    return std::strerror(errno);
  }
  if (S_ISDIR(st.st_mode)) return "it is a folder, not a file";
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno == EACCES ? "permission denied (no read permission)" : std::strerror(errno);
  ::close(fd);
  if (!S_ISREG(st.st_mode)) return "not a regular file";
  return "a read error";
}

namespace {

std::map<std::string, std::string>& unsaved() {
  static std::map<std::string, std::string> texts;
  return texts;
}

std::string unsaved_key(const std::string& path) { return std::filesystem::path(path).lexically_normal().string(); }

const std::string* unsaved_text(const std::string& path) {
  if (unsaved().empty()) return nullptr;  // the common case: no editor
  const auto it = unsaved().find(unsaved_key(path));
  return it == unsaved().end() ? nullptr : &it->second;
}

}  // namespace

void set_unsaved_text(const std::string& path, std::string text) { unsaved()[unsaved_key(path)] = std::move(text); }
void forget_unsaved_text(const std::string& path) { unsaved().erase(unsaved_key(path)); }

bool read_file(const std::string& path, std::string& out) {
  out.clear();
  if (const std::string* t = unsaved_text(path)) {
    out = *t;
    return true;
  }
  // A folder opens as a stream on Linux and then reports a size no file has.
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) return false;
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return false;
  // One read of the whole size (a byte-by-byte iterator costs more than parsing a card file).
  const std::streamoff size = in.tellg();
  if (size > 0) {
    out.resize(static_cast<size_t>(size));
    in.seekg(0);
    in.read(out.data(), size);
    out.resize(static_cast<size_t>(in.gcount()));
  }
  // A file that grew while it was read, or a pipe without a size, is read on to its end.
  if (in || size <= 0) {
    in.clear();
    out.append(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  return !in.bad();
}

bool read_file(const std::string& path, mem::PodArray<char>& out) {
  out.truncate(0);
  if (const std::string* t = unsaved_text(path)) {
    if (!t->empty()) std::memcpy(out.append_uninitialized(t->size()), t->data(), t->size());
    return true;
  }
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat st {};
  const size_t size = ::fstat(fd, &st) == 0 && st.st_size > 0 ? static_cast<size_t>(st.st_size) : 0;
  out.reserve(size);
  bool ok = true;
  for (;;) {
    // Into the room fstat promised, then through a small buffer: a file that grew while it was
    // read, or has no size (a pipe), is read on to its end without doubling a full buffer.
    char block[4096];
    const bool room = out.size() < size;
    char* at = room ? out.append_uninitialized(size - out.size()) : block;
    const size_t want = room ? static_cast<size_t>(out.end() - at) : sizeof block;
    const ssize_t got = ::read(fd, at, want);
    if (room) out.truncate(out.size() - want + (got > 0 ? static_cast<size_t>(got) : 0));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      ok = got == 0;
      break;
    }
    if (!room) out.append(block, static_cast<size_t>(got));
  }
  ::close(fd);
  return ok;
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) nl = text.size();
    std::string_view line = text.substr(start, nl - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back(line);
    start = nl + 1;
  }
  return out;
}

}  // namespace rk::text
