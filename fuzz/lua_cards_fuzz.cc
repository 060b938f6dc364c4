// Lua card files: any bytes give a card script or a diagnostic in file:line:col form, within the
// sandbox's budget and memory cap (no crash, no hang, no leak).
#include <cstddef>
#include <cstdint>
#include <string>

#include "games/mtg/lua/card_scripts.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  rk::mtg::CardScripts scripts;
  std::string error;
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (!scripts.add("fuzz card", "fuzz.lua", text, error) && error.rfind("fuzz.lua:", 0) != 0 &&
      error.rfind("error[", 0) != 0) {
    __builtin_trap();  // a diagnostic that is neither placed nor coded
  }
  return 0;
}
