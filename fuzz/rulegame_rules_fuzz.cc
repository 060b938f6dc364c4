// Rule files: parse, print, parse the printout again, and play a short episode on each result.
#include <cstddef>
#include <cstdint>
#include <string>

#include "games/rulegame/rules/episode.h"
#include "games/rulegame/language/rules.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace rk::rulegame;
  rk::text::SourceFile f("fuzz.txt", std::string(reinterpret_cast<const char*>(data), size));
  rk::text::Diagnostics d(&f);
  RuleSet rs;
  parse_rules(f, d, rs);
  (void)d.render();
  (void)d.render_json();
  if (d.has_errors()) return 0;
  // The canonical printout must parse again, to the same printout.
  const std::string printed = to_source(rs);
  rk::text::SourceFile g("printed.txt", printed);
  rk::text::Diagnostics d2(&g);
  RuleSet again;
  parse_rules(g, d2, again);
  if (d2.has_errors() || to_source(again) != printed) __builtin_trap();
  // A fixed board, every cell and bucket tried once.
  Board b;
  const char* shapes[] = {"SQUARE", "STAR", "CIRCLE", "TRIANGLE"};
  const char* colors[] = {"RED", "BLACK", "BLUE", "YELLOW"};
  for (int i = 0; i < 6; ++i) {
    Piece p;
    p.id = i;
    p.pos = 1 + i * 7 % 36;
    p.shape = shapes[i % 4];
    p.color = colors[(i / 2) % 4];
    b.pieces.push_back(p);
  }
  Episode e(rs, b);
  for (int pos = 1; pos <= 36 && !e.over(); ++pos) {
    for (int bucket = 0; bucket < 4; ++bucket) e.move(pos, bucket);
  }
  return 0;
}
