// The card compiler on any card file: what `rulekit check` and `rulekit wagic coverage` do with
// it (a warning at each part not run, the coverage count) and what a game compiles of each card
// (Catalog) must end without a crash or a hang, whatever the auto= lines say.
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/compiler/coverage.h"
#include "games/mtg/language/database.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace rk::mtg;
  const std::string s(reinterpret_cast<const char*>(data), size);
  Database db;
  add_macros(s, db);
  add_file("fuzz.txt", s, false, db);
  resolve(db);
  warn_parts_not_run(db);
  (void)db.files[0]->render();
  const Coverage c = measure_coverage(db);
  if (c.complete > c.primitives) __builtin_trap();
  (void)format_coverage(c, 5);
  Catalog cat(db);
  for (const Card& card : db.cards) {
    std::string lower(card.name);
    for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    (void)cat.by_name(lower);
  }
  return 0;
}
