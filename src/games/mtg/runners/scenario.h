// Wagic's scenario test files (test/*.txt) and their list (_tests.txt), read the way Wagic's
// TestSuite reads them: lines lower-cased, # comments only at a line's start, a state machine over
// [init] [player1] [player2] [do] [assert] [player1] [player2] [end], keys split at = or :.
#pragma once

#include <array>
#include <string>
#include <vector>

namespace rk::mtg {

enum class Phase : int {
  kUntap, kUpkeep, kDraw, kFirstMain, kCombatBegin, kCombatAttackers, kCombatBlockers, kCombatDamage,
  kCombatEnd, kSecondMain, kEndOfTurn, kCleanup, kInvalid
};
const char* phase_name(Phase p);
Phase phase_from_name(const std::string& s);  // test files' names (firstmain, mainphase, combatends ...)

enum ZoneId : int { kLibrary, kHand, kBattlefield, kGraveyard, kExile, kStack, kZoneCount };
const char* zone_name(int z);

// One item of a zone list: a multiverse id, a name, "*" or a token of a card (-id).
struct CardRef {
  std::string text;  // as written (lower case)
  int line = 0;
};

struct PlayerSetup {
  int life = 20, poison = 0;
  std::string manapool;  // empty: none written
  std::array<std::vector<CardRef>, kZoneCount> zones;
};

struct Command {
  std::string text;
  int line = 0;
};

struct Scenario {
  std::string path;
  Phase init_phase = Phase::kInvalid, assert_phase = Phase::kInvalid;
  int init_phase_line = 0, assert_line = 0;
  std::array<PlayerSetup, 2> init, expect;
  std::vector<Command> commands;
  bool summoning_sickness = false;
  bool momir = false, uses_ai = false;
};

// Reads a test file; false (with `error`) when it cannot be read.
bool read_scenario(const std::string& path, Scenario& out, std::string& error);
// The paths a _tests.txt lists (relative entries resolved against its folder).
std::vector<std::string> read_test_list(const std::string& path);

}  // namespace rk::mtg
