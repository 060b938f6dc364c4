#include "lsp/fd_stream.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <iostream>

namespace rk::lsp {

std::streambuf::int_type FdBuf::overflow(int_type c) {
  if (c == traits_type::eof()) return traits_type::not_eof(c);
  const char ch = traits_type::to_char_type(c);
  return xsputn(&ch, 1) == 1 ? c : traits_type::eof();
}

std::streamsize FdBuf::xsputn(const char* s, std::streamsize n) {
  std::streamsize done = 0;
  while (done < n) {
    const ssize_t w = ::write(fd_, s + done, static_cast<size_t>(n - done));
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) break;  // the client went away: the next read ends the server
    done += w;
  }
  return done;
}

int take_stdout_for_protocol() {
  std::cout.flush();
  std::fflush(stdout);
  const int kept = ::dup(1);
  if (kept < 0) return -1;
  if (::dup2(2, 1) < 0) {
    ::close(kept);
    return -1;
  }
  return kept;
}

}  // namespace rk::lsp
