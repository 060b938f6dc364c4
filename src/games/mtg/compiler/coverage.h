// How much of a Wagic database the engine runs: each primitive card compiled as play compiles it,
// and the parts it would not run listed by keyword (`rulekit wagic coverage`, and warnings from
// `rulekit check` on a Wagic file).
#pragma once

#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "games/mtg/language/database.h"

namespace rk::mtg {

// One part of a card the engine does not run: the field it is written in and its keyword
// (normalised: `transforms` for every transforms((..)), `{e(..)}` for every such cost).
struct PartNotRun {
  uint32_t field = 0;    // index into Database::fields
  std::string keyword;
  std::string detail;    // the word as the compiler reported it
};

// The parts of one card (a primitive or a full set entry) the engine does not run.
// The alias= ids Wagic 2016 plays in C++: the cases of MTGAbility's switch on the alias, and the two
// ids other code compares with (Draining Whelk's 111057, Szadek's 89092). Any other alias names a
// card whose text Wagic reads only when the card has none of its own (auto= or anyzone= lines).
bool hard_coded_alias(std::string_view id);

void parts_not_run(const Database& db, const Card& card, std::vector<PartNotRun>& out);

struct Coverage {
  size_t primitives = 0, complete = 0;
  size_t wagic_unsupported = 0;      // cards of unsupported.txt (Wagic's own list of cards it does not play)
  // keyword -> cards with it, most frequent first; and a card that has it.
  std::vector<std::pair<std::string, size_t>> by_keyword;
  std::vector<std::string> example;  // parallel to by_keyword
  size_t parts = 0;                  // every part not run, over all cards
  std::vector<std::tuple<std::string, size_t, size_t>> files;  // primitive file, its cards, run completely
};

// Every primitive card of the database (cards of primitive files, not set entries) but those of
// unsupported.txt, which Wagic keeps as names and text only.
Coverage measure_coverage(const Database& db);

// The report: totals, the top `top` keywords, and a last line with the figures.
std::string format_coverage(const Coverage& c, size_t top);

// Adds a warning (WG0300) at each part not run, to the diagnostics of the card's file.
void warn_parts_not_run(Database& db);

}  // namespace rk::mtg
