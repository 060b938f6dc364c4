// `rulekit lsp`: a stream of bytes as the client's side of the protocol (frames, broken frames,
// any JSON). The server answers and goes on, or stops at the end of input; it never crashes.
// Document URIs are kept under a folder that does not exist, so only the texts sent are read.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "lsp/server.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string in(reinterpret_cast<const char*>(data), size);
  // Any file:// URI the input names is moved under a folder that does not exist.
  for (size_t at = in.find("file://"); at != std::string::npos; at = in.find("file://", at + 1)) {
    in.insert(at + 7, "/nonexistent-rk-fuzz");
  }
  std::istringstream input(in);
  std::ostringstream output;
  rk::lsp::Server(output).run(input);
  return 0;
}
