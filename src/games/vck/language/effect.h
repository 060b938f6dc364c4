// Effect strings of Valeria: Card Kingdoms (the vckonline engine): the legacy forms found in
// the card tables and the unified grammar proposed for them (seed 002, docs/vck/effect-strings.md)
// parse to the same tree; print() writes the unified form.
//
//   effect  := leg { "+" leg }
//   leg     := [audience] [phase] body
//   body    := RES INT                       gain (or loss, when negative)
//            | "<" bracket ">"               an entity pick: <citizens 3 where role==holy + v 1>
//            | VERB { arg }                  args: amounts, numbers, words, "strings", key=value,
//                                            brackets, flags such as optional
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "expr/ast.h"
#include "text/diagnostic.h"

namespace rk::vck {

// Resources: gold, strength, magic, victory points, maps, tomes, and "any one of g/s/m".
enum class Res : uint8_t { kGold, kStrength, kMagic, kVictory, kMap, kTome, kWild };
const char* res_letter(Res r);

struct Amount {
  Res res = Res::kGold;
  int32_t n = 0;
};

struct Effect;

// <entity [N] [where COND] [+ EFFECT]>, or <count ...> (a count leg as a pick option).
struct Bracket {
  // Special members are defined out of line: Bracket, Value, Leg and Effect contain each other.
  Bracket();
  ~Bracket();
  Bracket(const Bracket&);
  Bracket(Bracket&&) noexcept;
  Bracket& operator=(const Bracket&);
  Bracket& operator=(Bracket&&) noexcept;

  std::string entity;  // citizens, domains, noble, goods, count
  int32_t n = 0;       // 0: not given
  expr::NodeId where = expr::kNoNode;
  std::vector<Effect> extra;  // at most one: what comes after " + " inside the brackets
};

struct Value {
  Value();
  ~Value();
  Value(const Value&);
  Value(Value&&) noexcept;
  Value& operator=(const Value&);
  Value& operator=(Value&&) noexcept;

  enum class Kind : uint8_t { kWord, kInt, kString, kAmounts, kBracket, kCondition };
  Kind kind = Kind::kWord;
  std::string text;              // kWord, kString
  int32_t n = 0;                 // kInt
  std::vector<Amount> amounts;   // kAmounts (an amount "g 2" as an argument is one amount)
  std::vector<Bracket> bracket;  // kBracket: exactly one
  expr::NodeId cond = expr::kNoNode;  // kCondition: e.g. gold_cost<=2
};

struct Leg {
  Leg();
  ~Leg();
  Leg(const Leg&);
  Leg(Leg&&) noexcept;
  Leg& operator=(const Leg&);
  Leg& operator=(Leg&&) noexcept;

  enum class Kind : uint8_t { kGain, kBracket, kVerb };
  Kind kind = Kind::kVerb;
  std::string audience;  // "", active_may, all_may, all_must, seq all_must, active_choose, ...
  std::string phase;     // "", harvest, roll, action.end, action.slay, ...
  Amount gain;           // kGain
  Bracket bracket;       // kBracket
  std::string verb;      // kVerb
  std::vector<Value> args;
  std::vector<std::pair<std::string, Value>> kv;  // key=value, in the order written
  std::vector<std::string> flags;                  // optional, targeted, ...
  std::vector<Effect> sub;  // roll.on_event: the legs it fires; active_choose: the options
  text::Span span;
};

struct Effect {
  std::vector<Leg> legs;
};

// Names and where-clauses of one table (or file) of effects.
struct EffectSet {
  expr::Pool pool;
  expr::SymbolTable symbols;
};

// Parses one effect string. Problems are reported to `diags` (spans are offsets in `text`).
bool parse_effect(std::string_view text, EffectSet& set, text::Diagnostics& diags, Effect& out);

// The unified form (seed 002): resources positional, the manipulate_resources wrapper and
// legacy namespaces removed, optional=true as a flag.
std::string print(const EffectSet& set, const Effect& e);
// An explicit dump of the tree, for tests comparing trees.
std::string dump(const EffectSet& set, const Effect& e);
// Every verb used, for the "keywords parsed but not yet executable" summary.
void collect_verbs(const Effect& e, std::vector<std::string>& out);

}  // namespace rk::vck
