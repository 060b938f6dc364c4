// The vocabulary of RuleScript (seed 000, docs/cfc/RuleScript.md, the card_rules.py docstring):
// commands with their argument shapes, abilities, events, hooks, zones, restrictions, rules.
#pragma once

#include <string_view>
#include <vector>

namespace rk::cfc {

// Argument shapes, one letter per parameter:
//   e expression        m BP/SP modifier (expr, x<int>, =<expr>)   f target filter
//   n an integer or a target filter (discard)   t an expression or a target filter (steal)
//   z zone  p pile  r game rule  h phase  c card type or ua2/ua3  w a word of the command
//   q position: ? or an expression, or a reveal flag true/false   g a "GUID" or an expression
//   E each(... => effect)
struct CommandSig {
  std::string_view name;  // as the reference spells it: moveTo, alterCost
  int min_args;
  std::string_view params;
  std::string_view words;  // for 'w': the accepted words, space separated
};

const CommandSig* find_command(std::string_view lower_name);
bool is_ability(std::string_view lower);
bool is_event(std::string_view lower);
bool is_hook(std::string_view lower);
bool is_event_suffix(std::string_view lower);
bool is_zone(std::string_view lower);
bool is_pile(std::string_view lower);
bool is_zone_prefix(std::string_view lower);
bool is_game_rule(std::string_view lower);
bool is_phase(std::string_view lower);
bool is_card_type(std::string_view lower);  // character action reaction ua2 ua3
bool is_restriction(std::string_view lower);  // ueot unac uynt, with my/opp prefixes
bool is_filter_keyword(std::string_view lower);
// Type keywords that take no plural: me, opp, this, all
bool is_singular_type(std::string_view lower);

// The closest known command, ability or event (edit distance <= 2), for hints; "" if none.
std::string_view closest_command(std::string_view lower);
std::string_view closest_ability(std::string_view lower);
std::string_view closest_event(std::string_view lower);

// The words of RuleScript by kind ("command", "ability", "event", "zone", "card type" ...), from
// the tables above, for editors' completion. Commands as the reference spells them (moveTo).
struct WordList {
  std::string_view kind;
  std::vector<std::string_view> words;
};
std::vector<WordList> vocabulary();

}  // namespace rk::cfc
