// Running effect programs: every leg of a parsed effect is dispatched through one table of verbs
// (verbs.cc); a leg that needs an answer adds a prompt to the game and resumes from it.
#pragma once

#include <string_view>
#include <vector>

#include "games/vck/rules/game.h"

namespace rk::vck {

// Runs `p` (the effect of card `card`) for `seat`.
void run_program(Game& g, int seat, const Program& p, CardRef card, bool on_turn, size_t from = 0);
// Runs the rest of an effect that waited for a prompt (Game::continuations).
void resume_continuation(Game& g);
// Applies option `option` (1-based; for an exchange 1 confirms, 0 skips) of a prompt.
void resolve_prompt(Game& g, const Prompt& p, int option);
// The program a prompt belongs to (null when the card is unknown).
const Program* prompt_program(const Game& g, const Prompt& p);
// A roll.set_one_die passive of an owned domain: set a die to `target` or move it by `delta`,
// for `gold`.
struct DieChange {
  int domain = 0, target = 0, delta = 0, gold = 0;
  int apply(int die) const;  // the new value, 0 when out of 1..6
};
std::vector<DieChange> die_changes(const Game& g, int seat);
// roll.on_event doubles passives of every player (final dice).
void fire_roll_events(Game& g);
// action.<event> manipulate_resources mode=gain passives of `seat` (start, hire, slay, build).
void fire_action_gains(Game& g, int seat, std::string_view event);
// harvest.on_any_magic_gain passives of `seat` (Opera House).
void fire_magic_gain(Game& g, int seat);
// harvest.gain_per_owned_{citizen,starter}_name passives of the active player at harvest start.
void fire_harvest_counts(Game& g, int seat);
// An effect flag (action.emeraldstronghold, ...) from a granted effect or an owned domain's passive.
bool has_flag(const Game& g, int seat, std::string_view flag);
// An owned domain's passive `roll.<verb>` (a re-roll), past its build-turn cooldown.
bool has_roll_flag(const Game& g, int seat, std::string_view verb);
// The first action.start self-convert passive of `seat`'s domains (a prompt), after the gains.
void run_action_start(Game& g, int seat);
// Offers one domain's action.end passive legs to `seat` (prompts, or applied at once).
void run_action_end(Game& g, int seat, const DomainCard& d);
// Opens the choose_monster_slay prompt of a `slay` payout for `seat` (nothing when no monster).
void offer_slay(Game& g, int seat);
// Events lying on the board with a roll.on_event doubles passive (Curse of the North, Good Omen).
void board_event_passives(Game& g);
// The Northern Wall: after the roll its owner may banish a Minion on top of a monster stack.
void offer_northern_wall(Game& g, int seat);
// A monster's special cost (count owned_monster_name X s 1 ...): what `seat` pays on top of the
// printed cost (player_actions.py slay_cost, game.py _monster_special_cost_deltas).
Res4 special_cost_delta(const Game& g, int seat, const Program& p);
// Verbs the table knows (for coverage).
bool verb_known(const std::string& verb);

}  // namespace rk::vck
