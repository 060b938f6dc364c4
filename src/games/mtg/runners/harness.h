// Wagic's scenario test runner reproduced over the engine (TESTS.md §1): the setup of [init], the
// shared command cursor executed by the acting player, the automatic declines of the offer to
// respond, `next`/`eot`/`goto`, menus and clicks, and the comparison of [assert].
#pragma once

#include <string>
#include <vector>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/runners/scenario.h"

namespace rk::mtg {

struct TestOutcome {
  enum Status { kPass, kFail, kNoVerdict } status = kFail;
  std::string first_difference;   // file:line: what differs
  std::string diff;               // per-zone expected vs actual
  std::vector<std::string> missing;  // engine parts the test met that are not implemented
  std::vector<std::string> trace;    // the event log
  std::string last_commands;
};

TestOutcome run_scenario(const Scenario& s, Catalog& cat);

// The multiverse id a test's card reference stands for (0: unknown, a wildcard, or no card), and
// its card.
int64_t ref_id(Catalog& cat, const std::string& ref, const CardDef** def);

// The class of mechanics a test needs (TESTS.md §3's groups, in their order): the last group any
// of its cards or commands belongs to. "A. Foundation" when none applies.
std::string mechanic_class(const Scenario& s, Catalog& cat);
// The groups in TESTS.md's order.
const std::vector<std::string>& mechanic_classes();

}  // namespace rk::mtg
