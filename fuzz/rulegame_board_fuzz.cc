// Board JSON files.
#include <cstddef>
#include <cstdint>
#include <string>

#include "games/rulegame/rules/board.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  rk::rulegame::Board b;
  std::string err;
  rk::rulegame::parse_board_json(std::string_view(reinterpret_cast<const char*>(data), size), b, err);
  return 0;
}
