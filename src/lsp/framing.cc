#include "lsp/framing.h"

#include <cctype>
#include <charconv>

namespace rk::lsp {
namespace {

// One header line without its CRLF (a lone LF is accepted too). False at the end of input.
bool header_line(std::istream& in, std::string& line) {
  line.clear();
  for (int c; (c = in.get()) != EOF;) {
    if (c == '\n') {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return true;
    }
    if (line.size() < 4096) line.push_back(static_cast<char>(c));  // a runaway header is cut, not stored
  }
  return false;
}

bool starts_with_ignoring_case(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(s[i])) != std::tolower(static_cast<unsigned char>(prefix[i]))) return false;
  }
  return true;
}

}  // namespace

Frame read_frame(std::istream& in, std::string& body, std::string& why) {
  constexpr std::string_view kLength = "content-length:";
  std::string line;
  size_t length = 0;
  bool have_length = false, any = false;
  why.clear();
  for (;;) {
    if (!header_line(in, line)) return Frame::kEnd;
    if (line.empty()) {
      if (!any) continue;  // blank lines between messages
      break;
    }
    any = true;
    if (starts_with_ignoring_case(line, kLength)) {
      std::string_view v = std::string_view(line).substr(kLength.size());
      while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
      while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
      const auto r = std::from_chars(v.data(), v.data() + v.size(), length);
      have_length = r.ec == std::errc() && r.ptr == v.data() + v.size();
      if (!have_length) why = "Content-Length is not a number";
    }
  }
  if (!have_length) {
    if (why.empty()) why = "the header has no Content-Length";
    return Frame::kBadHeader;
  }
  if (length > kMaxMessage) {
    // Too large to hold: skipped unread, so the stream stays in step.
    in.ignore(static_cast<std::streamsize>(length));
    why = "the message is larger than the server reads";
    return in.gcount() == static_cast<std::streamsize>(length) ? Frame::kBadHeader : Frame::kEnd;
  }
  body.resize(length);
  in.read(body.data(), static_cast<std::streamsize>(length));
  if (in.gcount() != static_cast<std::streamsize>(length)) return Frame::kEnd;  // cut off by the end of input
  return Frame::kMessage;
}

std::string frame(std::string_view body) {
  std::string out = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
  out += body;
  return out;
}

}  // namespace rk::lsp
