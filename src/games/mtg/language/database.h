// Wagic card files and whole card databases: primitives files ([card] blocks with name=, auto=
// ...), each set's _cards.dat ([meta] block, entries with primitive=, id=, rarity=), #AUTO_DEFINE
// macros (global, applied to every ability value), primitive= references resolved across files.
//
// Files are read as bytes: CRLF, lone CR, BOMs, UTF-8 and Windows-1252 all occur in the corpus.
// Every value is a view into its file's text; ability values become trees in one shared Ast.
#pragma once

#include <cstdint>
#include <deque>
#include <set>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "games/mtg/language/ability.h"
#include "games/mtg/language/macros.h"
#include "games/mtg/language/name_index.h"
#include "games/mtg/language/tree_cache.h"
#include "games/mtg/language/tables.h"
#include "mem/pod_array.h"
#include "text/diagnostic.h"

namespace rk::mtg {

constexpr uint32_t kNoTree = 0xFFFFFFFFu;

// One key=value line of a card, by offsets into its file's text (20 bytes: a database holds
// 190,000 of them, and every byte of them is memory the loader writes).
struct Field {
  uint32_t key_offset = 0, value_offset = 0;  // in the file
  uint32_t value_size = 0;                    // trimmed, as written (before macro expansion)
  uint32_t tree = kNoTree;                    // ability values: the root in Database::ast
  uint16_t key_size = 0;                      // known keys are short
  KeyId key = KeyId::kUnknown;
  bool expanded = false;                      // the tree was read from the value with its macros applied

  std::string_view key_text(std::string_view file_text) const { return file_text.substr(key_offset, key_size); }
  std::string_view value(std::string_view file_text) const { return file_text.substr(value_offset, value_size); }
};

struct Card {
  uint32_t file = 0;
  uint32_t first_field = 0, field_count = 0;
  uint32_t offset = 0;          // of the [card] line
  std::string_view name;        // name= (or the primitive's name once resolved)
  std::string_view primitive;   // primitive= (set entries)
  int64_t id = 0;
  bool has_id = false;
  std::string_view rarity;
  int32_t resolved = -1;        // set entries: the primitive card they name
};

struct CardFile {
  std::string path;
  std::string_view text;             // the file as read (in `storage`; a CardFile does not move)
  mem::PodArray<char> storage;
  bool is_set = false;              // a set's _cards.dat
  std::string_view grade;           // grade= before the first [card]
  std::vector<std::pair<std::string_view, std::string_view>> meta;  // [meta] block of a set
  std::unique_ptr<text::Diagnostics> diags = std::make_unique<text::Diagnostics>(nullptr, 100000);
  uint32_t first_card = 0, card_count = 0;

  // Diagnostics rendered against the file (text or JSON).
  std::string render() const;
  std::string render_json() const;
};

class Database {
 public:
  std::vector<std::unique_ptr<CardFile>> files;
  std::vector<Card, mem::HugePageAllocator<Card>> cards;
  std::vector<Field, mem::HugePageAllocator<Field>> fields;
  Ast ast;
  std::vector<Macro> macros;
  std::deque<std::string> expansions;  // macro-expanded values (the trees point into them)
  NameIndex by_name;  // primitive name -> card
  TreeCache tree_cache;  // ability texts read so far -> their trees (shared by equal values)
  // Lower-case names of the cards a script plays (cards/wagic-lua, docs/mtg/LUA.md): what Wagic
  // hard-codes in C++ (their alias=) runs for these. Empty until add_scripted_names.
  std::set<std::string> scripted;
  // Ability values are read into trees (and their diagnostics reported) as the files load: what
  // `check`, `explain` and the editor show. The engine's own loads (tests, games, tables) turn it
  // off before load(): the card compiler reads the value text itself (with its macros applied), so
  // the trees, two fifths of a load, would be read for nobody.
  bool read_trees = true;

  size_t primitives() const;
  size_t set_entries() const;
  size_t errors() const;
  size_t warnings() const;
  // The card a set entry stands for (itself when it is a full card).
  const Card& effective(const Card& c) const { return c.resolved >= 0 ? cards[static_cast<size_t>(c.resolved)] : c; }
  const Card* find(std::string_view name) const;
};

// The #AUTO_DEFINE macros of one file's text, for every file added after.
inline void add_macros(std::string_view text, Database& db) { collect_macros(text, db.macros); }
// Adds one file's text (primitives or a set's _cards.dat when `is_set`). Macros must be known
// before: call add_macros on every file first when loading several.
void add_file(std::string path, std::string_view text, bool is_set, Database& db);
void add_file(std::string path, mem::PodArray<char> text, bool is_set, Database& db);
// Resolves primitive= references of every set entry (errors go to the entry's file).
void resolve(Database& db);

// Loads a Wagic folder: a Res/ or sets/ folder (primitives/ plus one folder per set with
// _cards.dat), a primitives folder, or a single card file. False with `error` if nothing loads.
bool load(const std::string& path, Database& db, std::string& error);
// A folder or file that looks like Wagic card code.
bool is_wagic_path(const std::string& path);

// The card a script file is for: its file name's stem, lower case, with '_' read as ':' (a card
// name's ':' and '/' are written '_' in file names: "Circle of Protection_ Black.lua").
std::string scripted_card_name(std::string_view file_stem);
// Notes the cards of the *.lua files of `dir` as played by scripts (a missing folder: none).
void add_scripted_names(const std::string& dir, Database& db);

// One card written back (keys as written, values canonical; a value that calls macros as the
// author wrote it, since macros need not be idempotent), and its explicit tree.
std::string print_card(const Database& db, const Card& c);
std::string dump_card(const Database& db, const Card& c);
// The typed structure (structure.h) of each ability and cost value of a card.
std::string describe_card(const Database& db, const Card& c);

}  // namespace rk::mtg
