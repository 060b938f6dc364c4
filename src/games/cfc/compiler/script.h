// RuleScript compiled for the game: the subset of a card's rules the engine executes, checked once
// at load. A script runs only when every part of it is supported; otherwise `missing` names the
// parts that are not yet (commands, costs, conditions, filters...), the card plays without its
// effect, and `rulekit cfc coverage` counts it as not compiled.
//
// What is supported is listed in docs/ARCHITECTURE.md ("Scripts", "Expressions", "Choices");
// `rulekit cfc coverage` lists, per card, what is missing.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "games/cfc/language/rulescript.h"

namespace rk::cfc {

enum class Pile : uint8_t { kRing, kHand, kDeck, kDiscards, kRemoved };
// What alterCost() changes: the SP of action or reaction cards, or of double or triple united attacks.
enum CostKind : uint8_t { kCostAction, kCostReaction, kCostUa2, kCostUa3 };
enum class CardTypeWord : uint8_t { kAction, kReaction, kCharacter };

// Abilities (RuleScript.md "Abilities Statement"): bits of a character or a player.
enum Ability : uint16_t {
  kUnblockable = 1 << 0, kCantAttack = 1 << 1, kCantBlock = 1 << 2, kUnlimitedBackup = 1 << 3, kUnfreezable = 1 << 4,
  kPierce = 1 << 5, kPreventPierce = 1 << 6, kRush = 1 << 7, kFrosted = 1 << 8,
  kCantPlayAction = 1 << 9, kCantPlayReaction = 1 << 10,  // players
};
// The bit of an ability word, 0 when unknown.
uint16_t ability_bit(std::string_view word);

// Game rules that cards turn on or off (RuleScript.md "Game rule" keywords).
enum GameRule : uint16_t {
  kRuleTriggerFresh = 1 << 0,   // ab_trigger_fresh: ■ abilities of fresh characters (off by default)
  kRuleTriggerAct = 1 << 1,     // ab_trigger_act: ■ abilities can be activated
  kRuleInstantAct = 1 << 2,     // ab_instant_act: ▲ abilities run
  kRulePiercing = 1 << 3,       // piercing damage of united attacks
  kRuleBackupFresh = 1 << 4,    // back-ups on fresh characters (off by default)
  kRuleBackupLimit = 1 << 5,    // one back-up a turn
  kRuleAttack = 1 << 6,         // characters can attack
  kRuleAttackFreeze = 1 << 7,   // attackers freeze
  kRuleCombatDamage = 1 << 8,   // dmg_combat_deal: combat damage is dealt
  kRulePlayRemoved = 1 << 9,    // play_removed: cards of the removed pile can be played (off by default)
};
inline constexpr uint16_t kRulesOnByDefault = kRuleTriggerAct | kRuleInstantAct | kRulePiercing | kRuleBackupLimit | kRuleAttack |
                                              kRuleAttackFreeze | kRuleCombatDamage;
uint16_t game_rule_bit(std::string_view word);

// A word of a type or [filter] segment, resolved when the script is compiled so that nothing
// compares words while a game is played: a card type, a state, an ability type, a combat state
// (filters only), a subtype, or a card's name ("Juni"). Subtypes and names are numbered by the
// card pool (CardNames, CardDef::subtype_id and name_id).
enum class Word : uint8_t { kAny, kCharacter, kAction, kReaction, kFrozen, kFresh, kBackedUp, kPowerful, kPowerless,
                            kAbInstant, kAbTrigger, kAbAuto, kAttack, kUAttack, kBlock, kBlocked, kSubtype, kName };
inline constexpr uint16_t kNoName = 0xFFFF;  // a subtype or card name that no card of the pool has
struct CWord {
  Word word = Word::kAny;
  bool negate = false;    // !word (types), -word or ^word (filters)
  uint16_t id = kNoName;  // kSubtype, kName
};
// One term of a [filter] segment: a word, bp compared with a number, or bp:lowest.
struct CFilter {
  enum class Kind : uint8_t { kWord, kCompare, kLowest } kind = Kind::kWord;
  CWord word;                   // kWord; word.negate: the term is negated (-, ^), whatever its kind
  expr::Op op = expr::Op::kEq;  // kCompare
  int32_t value = 0;            // kCompare
};

// The subtypes (lower case), card names and guids of a card pool, numbered for compiled scripts.
struct CardNames {
  std::unordered_map<std::string, uint16_t> subtypes, names, guids;
  // kNoName when no card has it.
  uint16_t find(const std::unordered_map<std::string, uint16_t>& in, const std::string& key) const;
};

// How many names (words, commands, expression names, symbols) this thread resolved. Only
// compiling a script resolves names; a test checks that playing never does.
uint64_t& name_lookups();

// A name an expression uses (a variable, a field, a function), resolved when the script is
// compiled: CScript::names holds one per symbol of the script, so the evaluator never reads the
// text of a name.
enum class ExprName : uint8_t {
  kUnknown,
  // variables
  kMe, kOpp, kThis, kCard, kChar, kAction, kReaction, kAttacker, kBlocker, kTrigger,
  kInstant, kTriggered, kAuto,  // ability types, compared with a card's .ability (AbilityType values)
  kTrue, kFalse, kAlone, kSoloAttack, kUaBp,
  kDiscarded, kDestroyed, kSacrificed, kMoved, kTrashed, kPrevTgt, kTgt,  // RuleMemory, in this order
  kVar,  // `_name`: a var of the script, CName::arg its index in CScript::vars
  // fields
  kHp, kSp, kHand, kRing, kDiscards, kDeck, kSize, kBp, kPrintedBp, kPrintedSp, kLastBp, kNcDamaged, kLostSp,
  kAbility, kController,
  kIndex,  // .0, .12: CName::arg is the index
  // functions
  kAbs, kInUAttack, kIsChar,
};
struct CName {
  ExprName name = ExprName::kUnknown;
  uint8_t arg = 0;
};

// Cards of a hand picked without a choice: all of them, all of some types, or some at random.
struct HandPick {
  std::vector<CWord> types;  // empty: any card
  int8_t random = 0;            // > 0: that many at random among the matching ones; 0: all of them
};

// How many cards a target takes: one chosen (the default), every match (plural, or the window
// of a <pick>), some at random (<r>, <r3>), or several chosen (<2>, <,3>, <2,3>, <**>).
inline constexpr int kMaxSeveral = 8;  // cards one choice of several can hold
// Cards chosen with a rule: one per statement, then the further targets some statements take
// (`target = character; character@oppRing`, steal(character@ring) from(...)).
inline constexpr size_t kMaxTargets = 6;
// moveTo(deck, ?): CEffect::value when the player chooses top or bottom as the rule runs.
inline constexpr int32_t kAskPosition = 2;
struct CTarget {
  enum class Who : uint8_t { kDefault, kThis, kMe, kOpp, kPlayers, kCards };
  Who who = Who::kDefault;
  bool plural = false;   // every match, no choice
  int16_t pick = 0;      // <pick>: only the top (> 0) or bottom (< 0) n matches of each pile or ring
  int8_t random = 0;     // <rN>: N matches at random, no choice
  uint8_t min = 1, max = 1;  // cards the player chooses (max > 1: several, see Action::several)
  bool other = false;    // ^: not the card whose rule runs
  bool or_enemy = false; // to(opp,character@oppRing): the enemy player is one more choice
  bool infront = false;  // @infront: the opponent's character in the slot facing the card's
  bool one_at_a_time = false;  // several cards of a pile: chosen one by one once the rule runs (Pending)
  int8_t side = -1;      // -1 both players', 0 the controller's, 1 the opponent's
  Pile pile = Pile::kRing;
  std::vector<CWord> types;      // or-joined; empty: any card
  Joined<CFilter> filters;
  expr::NodeId exclude = expr::kNoNode;  // ::not(expr): not the cards the expression names
  expr::NodeId cards_expr = expr::kNoNode;  // to(_card), target(tgt.0): the cards an expression names
  bool same_ring = false;  // @sameRing: the cards chosen are in one ring
  bool each_type = false;  // "Juni"&"Juli"<1>: the matches of each type (its own <pick>), together
};

// vars = _coin := flipCoin(); _cards := getTargets('...'); _char := tgt.0: values a rule computes
// once its targets are chosen, before its first statement with effects.
struct CVar {
  std::string name;
  enum class Kind : uint8_t { kExpr, kCoin, kTargets } kind = Kind::kExpr;
  expr::NodeId value = expr::kNoNode;  // kExpr
  CTarget filter;                      // kTargets: every card the filter matches
};

struct CEffect {
  enum class Cmd : uint8_t { kDamage, kDraw, kBp, kDestroy, kFreeze, kUnfreeze, kSp, kHp, kLoseLife, kShuffle, kTrash, kReveal, kMoveTo,
                             kDiscard, kGrant, kRevoke, kRuleOn, kRuleOff, kLoseAbility, kEach,
                             kMovePile, kSwapPiles, kExtraChar, kExtraTurn, kSkipDraw, kRemoveFromAttack,
                             kTransform, kMoveRevealed, kUnite, kCopyAbility, kSteal, kSwapAbilities, kAlterCost, kProphecy, kSwapChars, kMoveToSlot, kActivate,
                             kCount  // not a command: how many there are (commands.cc has a handler for each)
  };
  Cmd cmd = Cmd::kReveal;
  char mod = 0;          // bp, sp: 0 add, 'x' multiply, '=' set
  int32_t value = 1;     // amounts; moveTo: the position (0 top, -1 bottom)
  expr::NodeId value_expr = expr::kNoNode;  // an amount given by an expression (damage(this.bp))
  Pile pile = Pile::kHand;  // moveTo; movePile, swapPiles: the first pile
  Pile pile2 = Pile::kDeck; // movePile, swapPiles: the second pile
  int8_t whose = 0;         // moveTo: 0 the script's player (no prefix, my), 1 the opponent (opp), -1 the card's owner (ctrl);
                            // shuffle: 0 the target's deck, 1 the script player's, 2 the opponent's
  HandPick pick;            // discard: which cards of the hand (no choice)
  bool chosen = false;      // discard(n), discard(): `value` cards the player chooses (a question); discard(<1>x): the target
  uint16_t ability = 0;     // grant (+x), revoke (-x); the GameRule bit of kRuleOn, kRuleOff
  // each(PRED in LIST => EFFECT): the effects run once per element of LIST for which PRED holds.
  expr::NodeId each_pred = expr::kNoNode, each_list = expr::kNoNode;
  std::vector<CTarget> each_target;  // each(characters[backedup] => ...): once per matching card
  std::string guid;                  // transform("card model"): the card it becomes (else value_expr's card)
  uint16_t model = kNoName;          // the CardPool::cards index of `guid` (kNoName: no such card)
  // copyAbility(expr): value_expr names the card whose rules the targets get. steal(filter): the
  // card that gets the stolen rules is the statement's first further target (else the rule's card).
  bool to_more = false;
  bool ask = false;  // command?(): the player is asked whether to do it (after a prophecy())
  // alterCost(what, n|=n): the cost changed (CostKind), with `mod` and `value` as for sp().
  uint8_t cost_kind = 0;
  std::vector<CEffect> body;
  bool stop_on_fail = false;  // joined to the one before by &&
};

// One statement of an `action` (statements are joined by ';' and run left to right).
struct CStatement {
  expr::NodeId cond = expr::kNoNode;  // [[if expr]]: the statement runs when it holds
  bool is_else = false;  // [[else]]: runs when the [[if]] of the statement before it did not hold
  bool or_else = false;  // a || b: b runs when every effect of the statement before it failed
  bool pending = false;  // ends with a choice raised once it runs (discard(n), several cards of a pile)
  bool hand_choice = false;  // discard(<1>x): its target is a card of a hand, chosen with the rule
  bool may = false;
  bool until_end_of_turn = false;  // ueot
  bool until_opponent_turn_end = false;  // oppueot: until the end of the opponent's (next) turn
  bool until_your_next_turn = false;     // uynt: until the controller's next turn begins
  bool until_next_action = false;        // unac: until the next action card is played
  CTarget target;
  // Further targets chosen with the rule, one card each, in Action::targets from `more_slot` on:
  // the second and later filters of `target = a; b`, the argument of steal(filter).
  std::vector<CTarget> more;
  int8_t more_slot = -1;
  std::vector<CEffect> effects;
};

struct CAction {
  bool cost_freeze = false, cost_sacrifice = false;  // {F}; {S}: this card is KO'ed
  // The statement before which the script's vars are computed: 1 when the first one only chooses
  // the `target` property's cards (tgt), else 0.
  uint8_t vars_at = 0;
  // {D}, {D(action)}, {D(2)}, {S(^character)}, {S(<**>character@myRing)}: cards the player chooses
  // to discard from the hand or to KO from the ring (Action::paid).
  enum class Pay : uint8_t { kNone, kDiscard, kSacrifice } pay = Pay::kNone;
  CTarget pay_from;
  // {D(all)}, {D(<r>)}: cards of the hand taken without a choice.
  bool cost_discard_pick = false;
  HandPick discard_pick;
  std::vector<CStatement> statements;
  std::string label;
};

// Game events an auto (●) rule listens to (~event~), and how.
enum class EventKind : uint8_t { kActivatePhase, kDrawPhase, kBlockPhase, kEndPhase, kCleanupPhase, kAttacks, kBlocks, kBlocked,
                                 kPlayerCombatDamaged, kBackedUp, kCancelCombatDamage };
struct CEvent {
  EventKind kind = EventKind::kEndPhase;
  int8_t whose = 0;       // 0 my (default), 1 opp, -1 any: whose event, seen from the card's controller
  enum class Scope : uint8_t { kThis, kFromThis, kAny } scope = Scope::kThis;
  bool once = false;
};

struct CAuto {
  std::vector<CEvent> events;
  std::vector<CStatement> statements;
};

struct CScript {
  std::vector<CAction> actions;
  std::vector<CVar> vars;
  std::vector<CAuto> autos;
  std::vector<CTarget> requisites;
  uint16_t abilities = 0;  // the `abilities` property: the character's own while in the ring
  uint16_t rules_on = 0, rules_off = 0;  // `auto = enableRule(x)` / `disableRule(x)`: while in the ring
  // ~anyBeforePayCostAction~ modCost(action, +2): while in the ring, the cost of a card type changes
  // (positive: cheaper; a cost never drops below 1 SP).
  struct CostMod {
    CardTypeWord type = CardTypeWord::kAction;
    int8_t whose = -1;  // -1 any player's cards, 0 the controller's, 1 the opponent's
    int16_t delta = 0;
  };
  std::vector<CostMod> cost_mods;
  // ?oppCanBlock:this? [[if cond]]: while the card is in the ring, an enemy may counter its attack
  // (any attack: `any`) only when cond holds, read with `attacker`, `blocker`, and me = the defender.
  struct BlockHook {
    expr::NodeId cond = expr::kNoNode;
    bool any = false;
  };
  std::vector<BlockHook> block_hooks;
  // While in the ring: auto = modRule(play_char_bp_limit, 800) (Yuki: no character of 800 BP or more
  // can be played; 0: no limit) and ~anyBeforeDamage:action~ modDamage(+100) (Kain: damage that
  // action cards deal to players grows).
  int32_t char_bp_limit = 0;
  int32_t action_damage_mod = 0;
  // ~myHandChanges~ [[if me.hand.size == 0]] +unblockable (Nina): abilities the character has while
  // the condition holds, read with me = its controller.
  struct CondAbility {
    expr::NodeId cond = expr::kNoNode;
    uint16_t bits = 0;
  };
  std::vector<CondAbility> cond_abilities;
  // The meaning of each symbol of the script's expressions (Rules::symbols, by Sym).
  std::vector<CName> names;
  bool compiled = false;
  std::vector<std::string> missing;  // what is not executable yet, one entry per kind
};

// `names`: the pool's subtypes, card names and guids that filters and transform() name; without
// them (a script checked alone) such words match no card.
CScript compile_script(const Rules& r, const CardNames* names = nullptr);

}  // namespace rk::cfc
