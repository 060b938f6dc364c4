// Wagic card files: any bytes load with diagnostics; every card prints and reads back to the same
// tree; the typed structure of every ability can be read and dumped; a tree shared by equal values
// (tree_cache.h) is the tree the value gives when read alone.
#include <cstddef>
#include <cstdint>
#include <string>

#include "games/mtg/language/database.h"
#include "games/mtg/language/structure.h"
#include "games/mtg/language/tables.h"
#include "text/ascii.h"

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
  for (const Field& f : db.fields) {
    if (f.tree == kNoTree || f.expanded) continue;
    const std::string_view text = db.files[0]->text;
    std::string key(f.key_text(text));
    for (char& ch : key) ch = rk::text::ascii_lower(ch);
    const KeyInfo* info = find_key(key);
    if (!info) continue;  // suspend(N)= and the like: found by the loader's general lookup
    Ast alone;
    rk::text::Diagnostics d(nullptr);
    const uint32_t root = parse_ability(f.value(text), 0, nullptr, info->value, alone, d);
    std::string shared_dump, alone_dump;
    dump_ability(db.ast, f.tree, shared_dump);
    dump_ability(alone, root, alone_dump);
    if (shared_dump != alone_dump) __builtin_trap();
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
