// An output stream on a file descriptor: `rulekit lsp` answers on its own copy of standard output
// while file descriptor 1 is pointed at standard error, so that nothing a checker prints by
// mistake can break the protocol.
#pragma once

#include <ostream>
#include <streambuf>
#include <string>

namespace rk::lsp {

class FdBuf : public std::streambuf {
 public:
  explicit FdBuf(int fd) : fd_(fd) {}

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override { return 0; }

 private:
  int fd_;
};

// Standard output kept for the protocol: a duplicate of descriptor 1, which then points at
// descriptor 2. Returns the duplicate (-1 when it cannot be made).
int take_stdout_for_protocol();

}  // namespace rk::lsp
