// The parts of one Wagic ability, typed: seed 001's general form
//
//   [cost: | @trigger:] [conditions] effect [&& further effects] [target | player] [restrictions]
//
// read from the token tree of ability.h. The tree stays the lossless record of the text; this is
// the typed view the engines compile: cost items by kind, the trigger with its event, arguments,
// phase and restrictions, each effect of an && chain with its keyword, arguments, target
// specification (type[restrictions]|zones), players, durations and restrictions. It is built on
// demand from a tree (loading a database does not pay for it) and refers to tree nodes by id.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/mtg/language/ability.h"
#include "games/mtg/language/tables.h"

namespace rk::mtg {

constexpr uint32_t kNoNode = 0xFFFFFFFFu;

const char* cost_kind_name(CostKind k);

struct CostItem {
  CostKind kind = CostKind::kOther;
  uint32_t node = kNoNode;  // the {..} group
  uint32_t spec = kNoNode;  // the (target|zone) group of targeted costs
  int amount = 1;           // {L:3} -> 3, {3} -> 3
};

// type[restrictions],type|zone,zone  (a target, a trigger's subject, lord/all/foreach's cards).
struct TargetSpec {
  struct Type {
    std::string_view word;             // creature, *, this, player, ... (may be empty: [..] alone)
    uint32_t restrictions = kNoNode;   // the [..] group after it
  };
  std::vector<Type> types;
  std::vector<std::string_view> zones;
  uint32_t node = kNoNode;  // the (..) group it was read from
};

struct Trigger {
  std::string_view event;          // movedto, damaged, each, next, ...
  uint32_t args = kNoNode;         // (..) right after the event
  TargetSpec subject;              // read from args when they are a target spec
  std::vector<std::pair<std::string_view, uint32_t>> clauses;  // from(..), to(..) ...
  std::string_view phase;          // each/next triggers: upkeep, endofturn, ...
  std::string_view whose;          // my, opponent, targetcontroller
  std::vector<std::string_view> restrictions;  // once, turnlimited, sourcenottap, ...
};

struct Condition {
  std::string_view word;      // may, kicker, if, ifnot, aslongas, foreach, lord, all, choice, ...
  uint32_t arg = kNoNode;     // its (..) group, if any
  TargetSpec spec;            // aslongas/foreach/lord/all: the cards it ranges over
  std::string_view compare;   // aslongas(..) ... >6: "<" or ">" (count criterion), else empty
  int count = 0;
};

struct Structure;

struct Effect {
  std::string_view keyword;   // damage, draw, moveto, token, ... "pt" for +1/+1 style, a keyword ability
  Role role = Role::kEffect;  // kEffect or kAbility (flying, haste granted)
  std::vector<uint32_t> args;  // tokens written against the keyword: :1, (..), /..
  bool has_target = false;
  bool target_optional = false;  // notatarget(..)
  TargetSpec target;
  std::vector<std::string_view> players, durations;
  struct Restriction {
    std::string_view word;    // limit, myturnonly, restriction, ...
    uint32_t arg = kNoNode;   // {..} of restriction{..}, or the value of limit:1
  };
  std::vector<Restriction> restrictions;
  std::vector<uint32_t> rest;  // anything else at this level (free words)
  std::vector<Structure> nested;  // the abilities inside $!..!$ (a choice) and and!(..)! arguments
};

struct Structure {
  std::vector<CostItem> costs;
  bool has_trigger = false;
  Trigger trigger;
  std::vector<Condition> conditions;
  std::vector<Effect> effects;  // one per && segment
};

// Reads the structure of an ability value (auto=, autohand=, ...: ValueKind::kAbility) or of a
// cost value (mana=, kicker=, other=, ...: only costs are filled).
Structure read_structure(const Ast& ast, uint32_t root);
// A target specification from the items of a (..) group: target(...), aslongas(...), @movedto(...).
TargetSpec read_target_spec(const Ast& ast, uint32_t group);
// One line per part, for `rulekit explain` and tests.
std::string dump_structure(const Ast& ast, const Structure& s);

}  // namespace rk::mtg
