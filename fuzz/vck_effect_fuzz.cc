// VCK effect strings: parse, compile (the parse and the names the verb table runs: verbs and
// resource letters, as `check` compiles a card), print in the unified grammar, parse again to the
// same tree.
#include <cstddef>
#include <cstdint>
#include <string>

#include "games/vck/language/effect.h"
#include "games/vck/language/vocabulary.h"

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
  check_vocabulary(s, e, d);
  (void)d.render();
  const std::string u = print(set, e);
  rk::text::SourceFile g("unified", u);
  rk::text::Diagnostics d2(&g);
  Effect again;
  if (!parse_effect(u, set, d2, again) || dump(set, again) != dump(set, e)) __builtin_trap();
  return 0;
}
