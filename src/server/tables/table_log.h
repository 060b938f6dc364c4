// The log of a table, as JSON lines (docs/server/API.md, "Table logs"): line 1
// {"rulekit_table_log": 1, "game", "options", "seats", "seed", "engine"}, then one line per applied
// decision {"n", "seat" (-1: chance), "option", "label"}, and once the game is over
// {"over": true, "returns", "hash", "result"}. `rulekit cfc|vck|wagic replay FILE` replays it.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "server/store.h"
#include "server/tables/table_game.h"

namespace rk::server::tables {

std::string log_header(const TableRow& t);
std::string log_decision(const DecisionRow& d);
std::string log_end(const TableGame& g, const std::string& result);

// A table log: its first line is a JSON object with "rulekit_table_log" (how `replay` tells it
// from the games' other logs).
bool is_table_log(std::string_view text);

// A game rebuilt from its table's setup and decisions: each decision taken again, by its index,
// its label checked; chance decisions (seat -1) drawn from the state's own Chance. False with
// `error` (which decision, and why) at the first that does not replay; `g` is then the state
// after the decisions that did.
// `told`, when given, receives what each decision told each observer (TableGame::apply_told).
bool replay_decisions(TableGame& g, const std::vector<DecisionRow>& decisions, std::string& error, size_t* applied = nullptr,
                      std::vector<Told>* told = nullptr);

// `rulekit <game> replay FILE` for a table log: rebuilds the game from its first line through
// `kind`, replays every decision, prints what happened and, when the log is whole, "final state
// hash H matches the log". Exit status: 0, 1 (it does not replay or the hash differs), 2 (not a
// table log of this game).
int replay_log_file(const std::string& path, const std::string& text, const TableKind& kind, std::ostream& out,
                    std::ostream& err);

}  // namespace rk::server::tables
