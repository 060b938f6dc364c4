// VCK effect strings: parse, print in the unified grammar, parse again to the same tree.
#include <cstddef>
#include <cstdint>
#include <string>

#include "games/vck/language/effect.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace rk::vck;
  const std::string s(reinterpret_cast<const char*>(data), size);
  EffectSet set;
  rk::text::SourceFile f("fuzz", s);
  rk::text::Diagnostics d(&f);
  Effect e;
  if (!parse_effect(s, set, d, e)) {
    (void)d.render();
    return 0;
  }
  const std::string u = print(set, e);
  rk::text::SourceFile g("unified", u);
  rk::text::Diagnostics d2(&g);
  Effect again;
  if (!parse_effect(u, set, d2, again) || dump(set, again) != dump(set, e)) __builtin_trap();
  return 0;
}
