// Wagic card files: any bytes load with diagnostics; every card prints and reads back to the same
// tree; the typed structure of every ability can be read and dumped.
#include <cstddef>
#include <cstdint>
#include <string>

#include "games/mtg/database.h"
#include "games/mtg/structure.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace rk::mtg;
  const std::string s(reinterpret_cast<const char*>(data), size);
  Database db;
  add_macros(s, db);
  add_file("fuzz.txt", s, false, db);
  resolve(db);
  (void)db.files[0]->render();
  std::string printed;
  for (const Card& c : db.cards) {
    printed += print_card(db, c);
    (void)describe_card(db, c);
  }
  Database again;
  again.macros = db.macros;
  add_file("printed", printed, false, again);
  if (again.cards.size() != db.cards.size()) __builtin_trap();
  for (size_t i = 0; i < db.cards.size(); ++i) {
    if (dump_card(db, db.cards[i]) != dump_card(again, again.cards[i])) __builtin_trap();
  }
  return 0;
}
