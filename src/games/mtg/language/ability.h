// Wagic ability text (auto=, autohand=, other=, kicker=, mana=, target=, restriction= ...):
// a tree of tokens and bracket groups, with every word given a role from the keyword table.
//
// Wagic's own parser finds keywords by searching the text; there is no formal grammar. rulekit
// reads the same text into a lossless tree instead (whitespace is kept as one "space before"
// flag per token), so nothing the author wrote is lost and every position can be reported:
//
//   items   := { item }
//   item    := WORD | NUMBER | PUNCT | group | nested
//   group   := "(" items ")" | "[" items "]" | "{" items "}"
//   nested  := "$!" items "!$" | "<!" items "!>"          (an ability inside an ability)
//   PUNCT   := one of  : , | & && @ ~ = / + - ; ^ < > ! $ .
//
// Roles come from tables.cc: effects, triggers (after @), conditions, restrictions, durations,
// players, zones (after |), keyword abilities, comparators (between ~). A word that stands where an
// ability starts and that Wagic does not know is reported: Wagic itself ignores it silently.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "mem/pod_array.h"
#include "text/diagnostic.h"

namespace rk::mtg {

enum class Tok : uint8_t { kWord, kNumber, kPunct, kGroup, kNested };

enum class Role : uint8_t {
  kNone,        // punctuation, groups, words inside free text
  kText,        // a word of a name, a type or a value (open vocabulary)
  kEffect,      // damage, draw, moveto, token, lord, transforms ...
  kTrigger,     // the event after @: movedto, damaged, each, next ...
  kCondition,   // may, choice, if, ifnot, then, else, aslongas, paid, kicker ...
  kRestriction, // limit, myturnonly, assorcery, restriction, once, turnlimited ...
  kDuration,    // ueot, oneshot, nonstatic, cdaactive, forever ...
  kPlayer,      // controller, opponent, targetcontroller, mytgt ...
  kZone,        // after |: mybattlefield, opponenthand, graveyard, stack ...
  kPhase,       // upkeep, endofturn, combatbegins ...
  kAbility,     // keyword abilities: flying, haste, trample ...
  kComparator,  // ~morethan~, ~lessthan~, ~equalto~ ...
  kCost,        // a {...} group of a cost: {T}, {2}{R}, {S(creature|mybattlefield)}
  kUnknown,     // a word where an ability starts that no table knows
};
const char* role_name(Role r);

// 16 bytes: a token has text and no children, a group children and no text, so the two share
// their fields. A whole database has some 380,000 nodes, and every byte of them is fresh memory
// the loader has the kernel clear and then writes (at 40 bytes a node that was a fifth of the load).
// A token's place in the file is where its text is (Field::value_offset and the value's view);
// a value read with its macros applied is reported at the value.
struct Node {
  Tok kind = Tok::kWord;
  Role role = Role::kNone;
  bool space_before : 1 = false;
  bool space_before_close : 1 = false;  // groups: white space before the closing bracket
  bool unclosed : 1 = false;            // groups: the text ended (or an outer bracket closed) first
  char open = 0;                        // groups and nested abilities ('$' for $!..!$, '<' for <!..!>)

  bool is_group() const { return kind == Tok::kGroup || kind == Tok::kNested; }
  // Words, numbers and punctuation; empty for groups.
  std::string_view text() const { return is_group() ? std::string_view() : std::string_view(text_, size_); }
  uint32_t kid_count() const { return is_group() ? size_ : 0; }
  uint32_t first_kid() const { return is_group() ? first_kid_ : 0; }
  // The bracket that closes a group opened by `open`.
  char close() const { return open == '(' ? ')' : open == '[' ? ']' : open == '{' ? '}' : open == '<' ? '>' : open; }

  void set_text(std::string_view t) {
    text_ = t.data();
    size_ = static_cast<uint32_t>(t.size());
  }
  void set_kids(uint32_t first, uint32_t count) {
    first_kid_ = first;
    size_ = count;
  }

 private:
  uint32_t size_ = 0;  // bytes of text, or children
  union {
    const char* text_ = nullptr;
    uint32_t first_kid_;
  };
};
static_assert(sizeof(Node) == 16);

// Nodes of many ability texts (a whole card file), children by index as in expr::Pool.
class Ast {
 public:
  uint32_t add(const Node& n) {
    nodes_.push_back(n);
    return static_cast<uint32_t>(nodes_.size() - 1);
  }
  // A new node filled in place (see PodArray::emplace_back); valid until the next node is added.
  Node& add(uint32_t& id) {
    id = static_cast<uint32_t>(nodes_.size());
    return nodes_.emplace_back();
  }
  uint32_t add_kids(const uint32_t* kids, uint32_t n) {
    const uint32_t first = static_cast<uint32_t>(kids_.size());
    kids_.append(kids, n);
    return first;
  }
  const Node& operator[](uint32_t id) const { return nodes_[id]; }
  Node& operator[](uint32_t id) { return nodes_[id]; }
  uint32_t kid(const Node& n, uint32_t i) const { return kids_[n.first_kid() + i]; }
  uint32_t kid_at(uint32_t k) const { return kids_[k]; }
  size_t size() const { return nodes_.size(); }
  size_t bytes() const { return nodes_.capacity() * sizeof(Node) + kids_.capacity() * sizeof(uint32_t); }
  // Room for about `nodes` nodes (a whole database: from its byte count), so loading does not
  // copy the arena while it grows.
  void reserve(size_t nodes) {
    nodes_.reserve(nodes);
    kids_.reserve(nodes);
  }
  // The parser's stack of children not yet placed (empty between parses).
  mem::PodArray<uint32_t>& scratch() { return scratch_; }

 private:
  mem::PodArray<Node> nodes_;
  mem::PodArray<uint32_t> kids_;
  mem::PodArray<uint32_t> scratch_;
};

// How the value of a key is read.
enum class ValueKind : uint8_t { kAbility, kCost, kTargetSpec, kRestriction, kAbilityList, kPlain };

// Maps offsets of macro-expanded text back to the author's text: a position inside a macro body
// is reported at the macro call.
struct SourceMap {
  struct Piece {
    uint32_t from, to;      // in the expanded text
    uint32_t orig, orig_end;  // in the author's text
    bool copied;            // true: a verbatim copy (offsets map one to one)
  };
  std::vector<Piece> pieces;
  text::Span map(text::Span s) const;
};

// Parses `text` (which starts at offset `base` of the author's file, or is an expansion mapped by
// `map`) into a root group node (open == 0). Problems go to `diags`. Returns the root id.
// `readable_end`, when given, is where the memory around `text` ends (its file's end): the
// tokenizer then reads sixteen bytes at a time up to it, past the end of the value.
uint32_t parse_ability(std::string_view text, uint32_t base, const SourceMap* map, ValueKind kind, Ast& ast,
                       text::Diagnostics& diags, const char* readable_end = nullptr);

// Writes an ability back: tokens as written, white space as single spaces.
void print_ability(const Ast& ast, uint32_t root, std::string& out);
// Writes one token, or one group with its brackets, as written.
void print_node(const Ast& ast, uint32_t id, std::string& out);
// One line per node with kind, role and text, for tests and `rulekit explain`.
void dump_ability(const Ast& ast, uint32_t root, std::string& out, int depth = 0);
// Words with a known role other than text, for the "not yet executable" summary.
void collect_ability_keywords(const Ast& ast, uint32_t root, std::vector<std::string_view>& out);

}  // namespace rk::mtg
