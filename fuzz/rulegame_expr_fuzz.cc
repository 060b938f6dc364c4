// The expression language alone: parse one expression and evaluate it in a live episode.
#include <cstddef>
#include <cstdint>
#include <string>

#include "games/rulegame/rules/episode.h"
#include "games/rulegame/language/rules.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace rk::rulegame;
  const std::string expr(reinterpret_cast<const char*>(data), size);
  if (expr.find('\n') != std::string::npos) return 0;
  // Used as a bucket expression and as a code: condition, so it is evaluated per piece and bucket.
  const std::string text = "(code:" + expr + ") (bucket:" + expr + ")\n(bucket:p+1)";
  rk::text::SourceFile f("expr.txt", text);
  rk::text::Diagnostics d(&f);
  RuleSet rs;
  parse_rules(f, d, rs);
  if (d.has_errors()) return 0;
  Board b;
  for (int i = 0; i < 4; ++i) {
    Piece p;
    p.id = i;
    p.pos = 3 + i * 9;
    p.shape = i % 2 ? "STAR" : "SQUARE";
    p.color = i < 2 ? "RED" : "BLUE";
    b.pieces.push_back(p);
  }
  Episode e(rs, b);
  for (int round = 0; round < 3 && !e.over(); ++round) {
    for (int pos = 1; pos <= 36; ++pos) {
      for (int bucket = 0; bucket < 4; ++bucket) e.move(pos, bucket);
    }
  }
  return 0;
}
