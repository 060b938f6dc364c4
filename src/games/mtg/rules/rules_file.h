// Wagic's rules files (Res/rules/*.txt: mtg.txt, testsuite.txt, classic.txt) read as data, as
// Wagic does, and the basic rules the engine takes from them (issue 21).
//
// The format: `include X` (X relative to the including file's folder), `hidden`, `name=`, sections
// [INIT] [PLAYERS] [PLAYER1] [PLAYER2], `key=value` / `key:value` lines (mode=, life:20,
// offerinterruptonphase=draw) and `auto=` lines (named rule modules, @each triggers, lords).
// Lines the reader does not know are kept as warnings; nothing here throws.
#pragma once

#include <array>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/runners/scenario.h"
#include "games/mtg/compiler/symbols.h"

namespace rk::mtg {

// What the engine consults. The built-in default (default_rules()) is what the engine did before
// it read the files: classic.txt over mtg.txt.
struct Rules {
  int life = 20;            // [PLAYERS] life:N
  int hand_size = 7;        // auto=sethand:N (the cleanup discards down to it)
  int land_plays = 1;       // auto=maxPlay(land)N
  int draws_per_step = 1;   // auto=@each my draw:draw:N
  struct LandMana {         // auto=lord(Plains[land]|MyBattlefield) {T}:Add{W}
    Sym type = kNoSym;
    std::string type_word;  // "plains"
    std::string text;       // "{t}:add{w}" (lower case, as the card compiler expects)
    Ability ability;
  };
  std::vector<LandMana> land_mana;
  std::array<bool, static_cast<size_t>(Phase::kInvalid)> empties_pool{};  // auto=@each <step>:removeMana(*)
  bool reset_damage_at_cleanup = false;  // auto=@each cleanup:all(*|myBattlefield) resetDamage
  std::set<std::string> modules;         // auto=legendrule, auto=persistrule ... (lower case)
  bool shuffle = false;                  // classic.txt [PLAYERS] auto=shuffle
  int opening_draw = 0;                  // classic.txt [PLAYERS] auto=draw:N
  std::string offer_interrupt_on;        // offerinterruptonphase=draw (recognised, not used)

  bool enabled(const std::string& module) const { return modules.count(module) != 0; }
};

// The engine's behaviour before the files were read: mtg.txt's rules with classic.txt's shuffle
// and opening seven.
const Rules& default_rules();

struct RulesFile {
  std::string mode, name;  // [INIT] mode=, name=
  bool hidden = false;
  Rules rules;
  std::vector<std::string> warnings;  // file:line:col: warning[WG0400]: ...
  std::vector<std::string> files;     // every file read, the includes first
};

// Reads `path` (its includes resolved from its folder). False with `err` when the file itself
// cannot be read; a missing include or an unknown line is a warning.
bool load_rules_file(const std::string& path, RulesFile& out, std::string& err);
// Reads rules text already in memory (`name` for messages, `folder` for includes).
void parse_rules_text(const std::string& text, const std::string& name, const std::string& folder, RulesFile& out);

// The rules folder next to a sets folder (<sets>/../rules), and `file` loaded from it; null when
// the folder or the file is absent (the built-in default then applies). The result lives as long
// as the program (one per path). Its warnings go once to `warnings` when given.
const Rules* rules_beside(const std::string& sets_folder, const std::string& file, std::vector<std::string>* warnings = nullptr);

}  // namespace rk::mtg
