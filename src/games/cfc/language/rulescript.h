// RuleScript, the card language of Card Fighters' Clash for OCTGN (seed 000, docs/cfc/RuleScript.md):
// syntax trees for one card's rules, the parser, a canonical printer and a tree dump.
//
//   rules     := { line }                      line := key "=" value ["#" comment] | "#" comment
//   key       := target | target? | action | abilities | auto | label | requisite | vars
//   target    := filter { ";" filter }         requisite := filter { "&&" filter }
//   filter    := ["<" qty ">"] types ["<" pick ">"] ["[" filters "]"] ["@" zone] { "::" name "(" expr ")" }
//   action    := statement { ";" statement }
//   statement := { "{" cost "}" } [":"] branch { branch }     (a branch starts with [[cond]])
//   branch    := ["[[" cond "]]"] items                        items: effects joined by & && ||,
//                                                              one to()/target()/from(), restrictions
//   effect    := ("+" | "-") ability | command ["?"] "(" args ")"
//   auto      := ["~" events "~" | "?" hooks "?"] branch { branch }
//
// Keys, commands and keywords are case-insensitive; expressions (Python in the original) are
// case-sensitive and compile to the shared expression language (expr/).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "expr/ast.h"
#include "text/diagnostic.h"

namespace rk::cfc {

enum class Key : uint8_t { kTarget, kTargetOpt, kAction, kAbilities, kAuto, kLabel, kRequisite, kVars };
const char* key_name(Key k);

// <qty>: how many targets the player chooses.
struct Qty {
  enum class Kind : uint8_t { kNone, kCount, kRandom, kAny } kind = Kind::kNone;
  int32_t min = 0, max = 0;  // kCount: <n> is min=max=n, <,n> min=1, <a,b>; kRandom: min = n (0: not written)
  bool has_min = false;      // <,5> vs <1,5>: kept so the printer writes what was meant
};

// One term of the type segment: character, "Juni", ^character, !characters, *, opp...
struct TypeTerm {
  bool other = false;   // ^
  bool negate = false;  // !
  bool quoted = false;  // a card name in double quotes
  bool plural = false;  // a trailing s
  std::string word;     // lower case unless quoted; without the plural s
};

// One term of the [filter] segment.
struct FilterTerm {
  enum class Kind : uint8_t { kWord, kCompare, kLowest } kind = Kind::kWord;
  char prefix = 0;      // 0, '-', '^' or '+'
  std::string word;     // keyword or subtype (kWord); the compared property (kCompare, kLowest)
  expr::Op op = expr::Op::kEq;  // kCompare
  int32_t value = 0;            // kCompare
};

// Terms joined by "," (or) and "&" (and); `and_next[i]` joins term i and i+1.
template <class T>
struct Joined {
  std::vector<T> terms;
  std::vector<bool> and_next;
};

struct Selector {
  std::string name;  // not
  expr::NodeId arg = expr::kNoNode;
};

struct Filter {
  Qty qty;
  Joined<TypeTerm> types;  // empty: the default *
  bool has_pick = false;
  int32_t pick = 0;
  bool has_filter = false;
  Joined<FilterTerm> filters;
  std::string zone_prefix;  // my, opp, ctrl, same, any or ""
  std::string zone;         // arena, ring, infront, hand, deck, discards, removed or ""
  std::vector<Selector> selectors;
  text::Span span;
};

struct Effect;

// One argument of a command, typed by the command's signature (see tables.cc).
struct Arg {
  enum class Kind : uint8_t {
    kExpr,     // an expression (numbers included)
    kMod,      // a BP/SP modifier: expression, x<int> (multiply) or =<expr> (set)
    kFilter,   // a target filter
    kWord,     // a keyword: zone, pile, rule, phase, card type, state...
    kQuery,    // ? (ask the player)
    kString,   // a quoted string (a card model GUID)
    kEach,     // each(): filter or predicate-in-list, then "=>" effect
  };
  Kind kind = Kind::kExpr;
  char mod = 0;  // kMod: 0 (add), 'x' or '='
  expr::NodeId expr = expr::kNoNode;
  std::vector<Filter> filter;  // kFilter, kEach (by filter): exactly one
  std::string word;            // kWord (lower case), kString
  expr::NodeId list = expr::kNoNode;  // kEach by predicate: the list
  std::vector<Effect> body;           // kEach: the effect applied to each
};

struct Effect {
  enum class Kind : uint8_t { kCommand, kAbility } kind = Kind::kCommand;
  char sign = 0;       // kAbility: '+' or '-'
  std::string name;    // commands as the reference spells them (moveTo), abilities in lower case
  bool ask = false;    // command?(...)
  std::vector<Arg> args;
  text::Span span;
};

// "{F}", "{D(action)}", "{S(<**>character@myRing)}".
struct Cost {
  char letter = 'F';  // F S D E
  bool has_arg = false;
  Arg arg;            // kExpr (an integer) or kFilter
};

struct Cond {
  enum class Kind : uint8_t { kNone, kMay, kIf, kElif, kElse } kind = Kind::kNone;
  std::string question;  // may 'Question'
  expr::NodeId expr = expr::kNoNode;
};

// Where a to()/target()/from() stands among the effects, so printing keeps the order written.
struct TargetClause {
  std::string verb;     // to, target, from
  bool optional = false;  // to?() ...
  bool is_expr = false;   // to(_card), target(tgt.0)
  std::vector<Filter> filters;
  expr::NodeId expr = expr::kNoNode;
  uint32_t before_effect = 0;  // index of the effect it precedes (== effects.size(): after all)
};

struct Branch {
  Cond cond;
  std::vector<Effect> effects;
  std::vector<uint8_t> joins;  // between effects: '&' (&), 'a' (&&), 'o' (||)
  std::vector<TargetClause> targets;  // at most one in the corpus; more are kept as written
  std::vector<std::string> restrictions;  // ueot, oppueot, unac, uynt...
};

struct Event {
  std::string prefix;  // my, opp, any or ""
  std::string name;    // lower case
  std::vector<std::string> suffixes;  // this, fromthis, any, once, action, reaction, char
};

struct Statement {
  std::vector<Cost> costs;
  bool hook = false;          // ?hook? instead of ~event~
  std::vector<Event> events;  // auto only
  std::vector<Branch> branches;
  text::Span span;
};

struct Var {
  std::string name;
  expr::NodeId value = expr::kNoNode;
};

struct Property {
  Key key = Key::kAction;
  text::Span key_span, value_span;
  std::vector<Filter> filters;        // target, target?, requisite
  std::vector<Statement> statements;  // action, auto
  std::vector<std::string> words;     // abilities
  std::string label;                  // label (as written, quotes removed)
  bool label_quoted = false;
  std::vector<Var> vars;
};

// The rules of one card. Expressions live in `pool`, names in `symbols`.
struct Rules {
  std::vector<Property> props;
  expr::Pool pool;
  expr::SymbolTable symbols;
};

// Parses one card's RuleScript text (several lines). Spans are offsets into `text`. A bad line
// is reported and skipped; the others load. Returns false when an error was reported.
bool parse_rules(std::string_view text, text::Diagnostics& diags, Rules& out);

// The canonical form: one "key = value" line per property, keywords in lower case, single
// spaces. Parsing it gives the same tree.
std::string print(const Rules& r);
// An explicit dump of the tree (every field), for tests comparing trees and for `rulekit explain`.
std::string dump(const Rules& r);
// Every command, ability, event and hook used, for the "not yet executable" summary.
void collect_keywords(const Rules& r, std::vector<std::string>& out);

// Prints one expression of `r` as Python-subset text (the form the parser reads).
std::string print_expr(const Rules& r, expr::NodeId id);

}  // namespace rk::cfc
