// The Language Server Protocol's base layer: messages framed by a Content-Length header. A frame
// with a bad header is reported and skipped; a frame cut off by the end of input ends the stream.
#pragma once

#include <cstddef>
#include <istream>
#include <string>
#include <string_view>

namespace rk::lsp {

enum class Frame { kMessage, kEnd, kBadHeader };

// The largest message read (a whole card database sent as one didOpen is under 10 MB).
constexpr size_t kMaxMessage = 64u << 20;

// Reads one message body. kBadHeader: the header block had no usable Content-Length (`why` says
// what was wrong) and was skipped up to its blank line; the caller answers with an error and goes on.
Frame read_frame(std::istream& in, std::string& body, std::string& why);
// The frame of one message body.
std::string frame(std::string_view body);

}  // namespace rk::lsp
