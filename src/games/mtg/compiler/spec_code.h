// Target specifications and effect words compiled to symbols once, as the card is compiled, so
// that matching a card during play compares numbers: the type or name an alternative asks for,
// each [restriction] as a kind with its operands, the zones as zone numbers (targets.cc reads it).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "games/mtg/compiler/card_def.h"

namespace rk::mtg {

struct SpecCode {
  // One [restriction] word.
  struct Restr {
    enum Kind : uint8_t {
      kWord,        // a type, a name or a keyword
      kAll,         // red&white: every part holds
      kShareName, kToken, kColor, kFresh, kTapped, kDamager, kAttacking, kBlocking, kBlocked, kMulticolor, kLeveler, kEnchanted,
      kDredgeable,  // a card with dredge N in a graveyard whose owner's library holds N cards (Wagic's "dredgeable")
      kCounter,     // counter{kind[.N[.name]]}
      kPower, kToughness, kManaCost,  // compared with a number, or with a count (manacost<=type:*:myhand)
    };
    Kind kind = kWord;
    bool neg = false;          // written with a leading "-"
    bool alternative = false;  // in [a;b] a colour or a type is one of several alternatives
    bool color_word = false;
    char op = '=';             // comparisons: '<' '>' '=' and 'l' (<=), 'g' (>=)
    int value = 0;             // the number compared with; the colour
    std::shared_ptr<const Amount> count;  // compared with a count instead (evaluated when asked)
    Sym type = kNoSym, keyword = kNoSym, name = kNoSym;  // kWord
    char counter = 'n';        // kCounter: 'a' any, '+' +1/+1, '-' -1/-1, 'n' another kind by name
    std::string counter_key;
    int at_least = 1;
    std::vector<Restr> parts;  // kAll
  };
  struct Alt {
    enum Kind : uint8_t { kAny, kPlayer, kThis, kMyTgt, kChildren, kTrigger, kNamed } kind = kAny;
    Sym type = kNoSym, name = kNoSym;  // kNamed: a type or a card name
    bool other = false;
    bool any = false;             // [a;b]: colours and types are alternatives
    bool in_combat = false;       // [attacking;blocking]: a creature in combat either way
    bool trigger_from = false;    // trigger[from]
    std::vector<Restr> restr;
  };
  struct Zone {
    int zone = 0, whose = 2;  // whose: 0 mine, 1 the opponent's, 2 either
  };
  std::vector<Alt> alts;
  std::vector<Zone> zones;
  bool no_zone_words = true;  // none written: the battlefield
  bool any_zone = false;      // "*"
  bool not_battlefield = false;  // nonbattlezone
  bool trigger_only = false;  // the single alternative "trigger": any zone
  size_t shape = 0;           // spec_shape when compiled
};

// How many alternatives, restrictions and zones a spec has: a spec changed after it was compiled
// (a restriction added by the compiler, zones given by the caller) is compiled again.
size_t spec_shape(const Spec& s);
std::shared_ptr<const SpecCode> make_spec_code(const Spec& s);
inline void compile_spec(Spec& s) { s.code = make_spec_code(s); }
// One restriction word compiled (without the spec around it).
SpecCode::Restr compile_restriction(const std::string& word);
// Interns the words an ability's effects give or ask for (keywords granted, types and keywords of
// transforms) and compiles the specs written on it.
void intern_words(Ability& a);

}  // namespace rk::mtg
