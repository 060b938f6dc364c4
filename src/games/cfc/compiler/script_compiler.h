// The RuleScript compiler's inside (script.cc, script_args.cc): a parsed script (rulescript.h)
// turned into what the engine runs (script.h). Only those two files include it.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "games/cfc/language/rulescript.h"
#include "games/cfc/compiler/script.h"

namespace rk::cfc::detail {

struct CommandInfo {
  std::string_view name;
  CEffect::Cmd cmd;
  bool takes_number;  // one optional integer argument
  bool takes_mod;     // bp(+n|xn|=n), sp(+n|=n)
};

// "hand", "myDeck", "oppDiscards", "ctrlHand"... -> pile and whose. A pile without a prefix is the
// player's whose script runs (the plugin's getPileByName falls back to `me`: Rock's "put the
// bottom card of their deck into your hand" is moveTo(hand)); ctrl is the moved card's controller.
bool pile_word(std::string w, Pile& pile, int8_t& whose);

class Compiler {
 public:
  Compiler(const Rules& r, const CardNames* names) : r_(r), names_(names) {}

  CScript run();

 private:
  void miss(std::string what) { out_.missing.push_back(std::move(what)); }

  // The `target` property is the default target of action and auto rules (Q: target = players;
  // ~myEndPhase~ trash(2): each player trashes).
  void default_target(CStatement& st, const std::vector<Filter>* target_prop);

  // Whether an expression of the script reads prevTgt or tgt.
  bool reads_prev_targets() const;

  // Labels, the `target` property's own statement (see run()), default targets and target slots.
  void finish_actions(const std::vector<std::string>& labels, const std::vector<Filter>* target_prop, bool reads_prev);

  void finish_autos(const std::vector<Filter>* target_prop);

  // The one argument of copyAbility() and activate(): an expression naming a card.
  void card_expr_arg(const Effect& e, CEffect& ce);

  // A whole number written in the script: 5, -5.
  bool number(expr::NodeId id, int32_t& out) const;

  // vars = _coin := flipCoin(); _cards := getTargets('"Engokogeki"s@myDiscards'); _char := tgt.0
  void vars(const Property& p);

  // An amount: a number, or an expression the engine evaluates when the effect runs.
  void amount(expr::NodeId id, CEffect& ce);

  void action(const Property& p);

  void auto_rule(const Property& p);

  // ~myHandChanges~ [[if cond]] +ability: the plugin re-checks the condition each time the hand
  // changes; here the ability holds exactly while the condition does.
  bool cond_ability(const Statement& st);

  // ?oppCanBlock:this? [[if cond]] (Guy, Hokutomaru), ?oppCanBlock:any? (Cody (Alpha)).
  bool block_hook(const Statement& st);

  // auto = modRule(play_char_bp_limit, n); ~anyBeforeDamage:action~ modDamage(n): changes that hold
  // while the card is in a ring.
  bool static_mod(const Statement& st);

  // ~anyBeforePayCostAction~ modCost(action, +2): the plugin changes the cost as each card is paid
  // for; here it is a cost change that holds while the card is in the ring.
  bool cost_mod(const Statement& st);

  // `auto = enableRule(x)`: a game rule changed while the card is in the ring.
  bool static_rules(const Statement& st);

  // The branches of a statement: [[if]] ... [[elif]] ... [[else]] become statements of their own,
  // each after the first running only when none before it in the chain did.
  void branches(const Statement& st, std::vector<CStatement>& out);

  CStatement statement(const Branch& b);

  // Effect i of a branch, compiled into cs.effects (its arguments by the groups below).
  void effect(const Branch& b, size_t i, CStatement& cs);

  // Commands on piles and cards moving between them; false: not one of them.
  bool pile_args(const Branch& b, size_t i, CStatement& cs, CEffect& ce);

  // prophecy(), alterCost(), activate(), copyAbility(), steal(); false: not one of them.
  bool choice_args(const Branch& b, size_t i, CStatement& cs, CEffect& ce);

  // Commands without arguments or with a word, discard(), shuffle(), each(); false: none of them.
  bool other_args(const Branch& b, size_t i, CStatement& cs, CEffect& ce);

  // The rest: at most one argument, an amount (number, expression, or +n/-n/=n/xn where it takes one).
  void plain_args(const Effect& e, const CommandInfo& c, CEffect& ce);

  // discard(all), discard(actions), discard(<r2>): cards taken without a choice; discard(), discard(3):
  // cards the player chooses once the rule runs (a question, so only as the rule's last effect);
  // discard(<1>reaction) target(opp): a card of that player's hand, chosen with the rule.
  void discard_args(const Effect& e, const Branch& b, size_t i, CStatement& cs, CEffect& ce);

  // A hand pick: `all`, plural types (actions, !characters), or <rN> at random. False when the
  // filter needs a choice (one card of a type, a number of cards).
  bool hand_pick(const Filter& f, HandPick& out);

  // {D}, {D(2)}, {D(action)}, {D(<**>)}: cards of the hand; {S(^character)}, {S(<**>character@myRing)}:
  // characters of the controller's ring. {D(all)} and {D(<r>)} take cards without a choice.
  void chosen_cost(const Cost& c, CAction& a);

  // each(PRED in LIST => EFFECT) with an expression list; the effect is compiled as a statement's.
  void each_args(const Effect& e, CEffect& ce);

  // moveTo(pile [, position [, reveal]]): the position is top (default) or a number (-1: bottom).
  void move_args(const Effect& e, CEffect& ce);

  CTarget target(const Filter& f);

  // <pick> and <qty>: how many cards, and whether they are offered as sets or taken one at a time.
  void target_amount(const Filter& f, CTarget& t);

  // @zone with its prefix: which pile, and whose.
  void target_zone(const Filter& f, CTarget& t);

  // The types (cards, players, this) and [filters] of a target.
  void target_types(const Filter& f, CTarget& t);

  // A word of a type segment, or a term of a [filter] segment, as the engine compares it.
  CWord type_word(const TypeTerm& tt) const;
  CFilter filter_term(const FilterTerm& ft) const;
  // The number the pool gives a subtype, card name or guid (kNoName: none, or no pool).
  uint16_t pool_name(std::unordered_map<std::string, uint16_t> CardNames::*table, const std::string& key) const;

  const Rules& r_;
  const CardNames* names_;
  CScript out_;
};

}  // namespace rk::cfc::detail
