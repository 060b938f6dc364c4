// RuleScript: any text gives diagnostics or a tree; a tree prints and reads back to the same tree,
// and compiles for the engine (or says what is missing) without crashing.
#include <cstddef>
#include <cstdint>
#include <string>

#include "games/cfc/language/rulescript.h"
#include "games/cfc/compiler/script.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace rk::cfc;
  const std::string s(reinterpret_cast<const char*>(data), size);
  rk::text::SourceFile f("fuzz", s);
  rk::text::Diagnostics d(&f);
  Rules r;
  parse_rules(s, d, r);
  (void)d.render();
  // Lines with errors are dropped; what loaded must survive printing.
  const std::string printed = print(r);
  rk::text::SourceFile g("printed", printed);
  rk::text::Diagnostics d2(&g);
  Rules again;
  if (!parse_rules(printed, d2, again) || dump(again) != dump(r)) __builtin_trap();
  const CScript c = compile_script(r);
  if (c.compiled != c.missing.empty()) __builtin_trap();
  return 0;
}
