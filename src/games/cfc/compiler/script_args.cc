// The RuleScript compiler (script_compiler.h): the arguments of commands, and targets.
#include <algorithm>
#include <string_view>

#include "games/cfc/compiler/script_compiler.h"
#include "games/cfc/rules/script_expr.h"

namespace rk::cfc::detail {

// The one argument of copyAbility() and activate(): an expression naming a card.
void Compiler::card_expr_arg(const Effect& e, CEffect& ce) {
  const std::string m = e.args.size() == 1 && e.args[0].kind == Arg::Kind::kExpr ? unsupported_expr(r_, e.args[0].expr)
                                                                                  : e.name + "() of this argument";
  if (m.empty()) ce.value_expr = e.args[0].expr;
  else miss(m);
}

// A whole number written in the script: 5, -5.
bool Compiler::number(expr::NodeId id, int32_t& out) const {
  if (id == expr::kNoNode) return false;
  const expr::Node& n = r_.pool[id];
  if (n.op == expr::Op::kNum) {
    out = n.value;
    return true;
  }
  if (n.op == expr::Op::kNeg && n.kid_count == 1 && number(r_.pool.kid(n, 0), out)) {
    out = -out;
    return true;
  }
  return false;
}

// An amount: a number, or an expression the engine evaluates when the effect runs.
void Compiler::amount(expr::NodeId id, CEffect& ce) {
  if (id != expr::kNoNode && r_.pool[id].op == expr::Op::kNum) {
    ce.value = r_.pool[id].value;
    return;
  }
  const std::string m = unsupported_expr(r_, id);
  if (m.empty()) ce.value_expr = id;
  else miss(m);
}

// Commands on piles and cards moving between them; false: not one of them.
bool Compiler::pile_args(const Branch& b, size_t i, CStatement& cs, CEffect& ce) {
  const Effect& e = b.effects[i];
  if (ce.cmd == CEffect::Cmd::kMoveTo) {
    move_args(e, ce);
    if (ce.value == kAskPosition) {
      // moveTo(oppDeck, ?): the player puts the cards on top or at the bottom once the rule runs.
      if (ce.pile != Pile::kDeck) miss("moveTo(pile, ?) of a pile other than a deck");
      if (i + 1 != b.effects.size()) miss("moveTo(pile, ?) before other effects");
      cs.pending = true;
    }
    return true;
  }
  if (e.name == "rndDiscard") {
    // rndDiscard(n): discard(<rn>), n cards of the hand at random.
    ce.pick.random = 1;
    if (e.args.size() == 1 && e.args[0].kind == Arg::Kind::kExpr && r_.pool[e.args[0].expr].op == expr::Op::kNum) {
      ce.pick.random = static_cast<int8_t>(std::clamp(r_.pool[e.args[0].expr].value, 1, 60));
    } else if (!e.args.empty()) {
      miss("rndDiscard() with this argument");
    }
    return true;
  }
  if (ce.cmd == CEffect::Cmd::kMovePile || ce.cmd == CEffect::Cmd::kSwapPiles) {
    int8_t w1 = 0, w2 = 0;
    if (e.args.size() != 2 || e.args[0].kind != Arg::Kind::kWord || e.args[1].kind != Arg::Kind::kWord ||
        !pile_word(e.args[0].word, ce.pile, w1) || !pile_word(e.args[1].word, ce.pile2, w2) || w1 != 0 || w2 != 0) {
      miss(e.name + "() of these piles");
    }
    return true;
  }
  if (ce.cmd == CEffect::Cmd::kSkipDraw) {
    if (e.args.size() != 1 || e.args[0].kind != Arg::Kind::kWord || e.args[0].word != "draw") miss("skip() of this phase");
    return true;
  }
  if (ce.cmd == CEffect::Cmd::kTransform) {
    // transform("GUID"): that card model; transform(discarded.0): the card the expression names.
    if (e.args.size() == 1 && e.args[0].kind == Arg::Kind::kString) {
      ce.guid = e.args[0].word;
      ce.model = pool_name(&CardNames::guids, ce.guid);
    } else if (e.args.size() == 1 && e.args[0].kind == Arg::Kind::kExpr) {
      const std::string m = unsupported_expr(r_, e.args[0].expr);
      if (m.empty()) ce.value_expr = e.args[0].expr;
      else miss(m);
    } else {
      miss("transform() of this argument");
    }
    return true;
  }
  if (ce.cmd == CEffect::Cmd::kMoveRevealed) {
    // moveRevealedTo(pile[, position]): the cards above the target in its deck, as revealed.
    ce.value = 0;
    if (e.args.empty() || e.args[0].kind != Arg::Kind::kWord || !pile_word(e.args[0].word, ce.pile, ce.whose)) {
      miss("moveRevealedTo() to this zone");
    } else if (e.args.size() > 1) {
      const Arg& pos = e.args[1];
      if (pos.kind == Arg::Kind::kExpr && r_.pool[pos.expr].op == expr::Op::kNum && (r_.pool[pos.expr].value == 0 || r_.pool[pos.expr].value == -1)) {
        ce.value = r_.pool[pos.expr].value;
      } else {
        miss("moveRevealedTo() to this position");
      }
    }
    return true;
  }
  return false;
}

// prophecy(), alterCost(), activate(), copyAbility(), steal(); false: not one of them.
bool Compiler::choice_args(const Branch& b, size_t i, CStatement& cs, CEffect& ce) {
  const Effect& e = b.effects[i];
  if (ce.cmd == CEffect::Cmd::kProphecy) {
    // prophecy([n [, top|bottom]]): look at the top n cards of a deck and put them back in any
    // order, on top or at the bottom as the player likes unless the position is given. Its
    // choices come once the rule runs, so it starts its statement, which ends the rule.
    ce.value = 1;
    ce.mod = 0;
    int32_t n = 1;
    if (!e.args.empty() && (e.args[0].kind != Arg::Kind::kExpr || !number(e.args[0].expr, n) || n < 1 || n > 60)) {
      miss("prophecy() of this number");
    }
    ce.value = n;
    if (e.args.size() > 1) {
      if (e.args[1].kind == Arg::Kind::kWord && e.args[1].word == "top") ce.mod = 't';
      else if (e.args[1].kind == Arg::Kind::kWord && e.args[1].word == "bottom") ce.mod = 'b';
      else miss("prophecy() to this position");
    }
    if (i != 0) miss("prophecy() after other effects");
    cs.pending = true;
    return true;
  }
  if (ce.cmd == CEffect::Cmd::kAlterCost) {
    // alterCost(action, =0), alterCost(ua3, =-5): SP as printed on cards (negative: a cost).
    static constexpr std::pair<std::string_view, CostKind> kKinds[] = {
        {"action", kCostAction}, {"reaction", kCostReaction}, {"ua2", kCostUa2}, {"ua3", kCostUa3}};
    bool known = false;
    if (e.args.size() == 2 && e.args[0].kind == Arg::Kind::kWord) {
      for (const auto& [w, k] : kKinds) {
        if (e.args[0].word == w) {
          ce.cost_kind = k;
          known = true;
        }
      }
    }
    const Arg* amt = e.args.size() == 2 ? &e.args[1] : nullptr;
    if (!known || !amt || (amt->kind != Arg::Kind::kMod && amt->kind != Arg::Kind::kExpr) || amt->mod == 'x' ||
        !number(amt->expr, ce.value)) {
      miss("alterCost() of these arguments");
    } else {
      ce.mod = amt->kind == Arg::Kind::kMod ? amt->mod : 0;
    }
    return true;
  }
  if (ce.cmd == CEffect::Cmd::kActivate) {
    // activate(discarded.0), activate(tgt): the named card's rules run as this card's; the way
    // to run them is chosen once the rule runs, so it ends the rule.
    card_expr_arg(e, ce);
    if (i + 1 != b.effects.size()) miss("activate() before other effects");
    cs.pending = true;
    return true;
  }
  if (ce.cmd == CEffect::Cmd::kCopyAbility) {
    // copyAbility(discarded.0), copyAbility(this): the card whose rules the targets get.
    card_expr_arg(e, ce);
    return true;
  }
  if (ce.cmd == CEffect::Cmd::kSteal) {
    // steal() target(X): this card takes X's rules; steal(Y) from(X): a card Y, chosen with the
    // rule, takes them.
    if (e.args.size() == 1 && e.args[0].kind == Arg::Kind::kFilter && e.args[0].filter.size() == 1) {
      cs.more.push_back(target(e.args[0].filter.front()));
      const CTarget& m = cs.more.back();
      if (m.who != CTarget::Who::kCards || m.plural || m.random > 0 || m.max != 1 || m.min != 1 || m.pile != Pile::kRing) {
        miss("steal() to this target");
      }
      ce.to_more = true;
    } else if (!e.args.empty()) {
      miss("steal() of this argument");
    }
    return true;
  }
  return false;
}

// Commands without arguments or with a word, discard(), shuffle(), each(); false: none of them.
bool Compiler::other_args(const Branch& b, size_t i, CStatement& cs, CEffect& ce) {
  const Effect& e = b.effects[i];
  if (ce.cmd == CEffect::Cmd::kMoveToSlot) {
    // moveToSlot(): the player chooses an empty slot of the card's ring once the rule runs.
    if (i + 1 != b.effects.size()) miss("moveToSlot() before other effects");
    cs.pending = true;
  }
  if (ce.cmd == CEffect::Cmd::kExtraChar || ce.cmd == CEffect::Cmd::kRemoveFromAttack || ce.cmd == CEffect::Cmd::kUnite ||
      ce.cmd == CEffect::Cmd::kSwapAbilities || ce.cmd == CEffect::Cmd::kSwapChars || ce.cmd == CEffect::Cmd::kMoveToSlot) {
    return true;
  }
  if (ce.cmd == CEffect::Cmd::kFreeze && e.args.size() == 1 && e.args[0].kind == Arg::Kind::kWord) {
    // freeze(toggle), freeze(true): a frozen card unfreezes, an unfrozen one freezes.
    if (e.args[0].word == "toggle" || e.args[0].word == "true") ce.mod = 't';
    return true;
  }
  if (ce.cmd == CEffect::Cmd::kDiscard) {
    discard_args(e, b, i, cs, ce);
    return true;
  }
  if (ce.cmd == CEffect::Cmd::kShuffle && !e.args.empty()) {
    // shuffle(myDeck), shuffle(oppDeck): that player's deck (the statement's target otherwise).
    Pile pile;
    int8_t whose = 0;
    if (e.args.size() != 1 || e.args[0].kind != Arg::Kind::kWord || !pile_word(e.args[0].word, pile, whose) ||
        pile != Pile::kDeck) {
      miss("shuffle() of this pile");
    }
    ce.whose = static_cast<int8_t>(whose < 0 ? 3 : whose + 1);  // 1 mine, 2 the opponent's, 3 ctrlDeck
    return true;
  }
  if (ce.cmd == CEffect::Cmd::kEach) {
    each_args(e, ce);
    return true;
  }
  if (ce.cmd == CEffect::Cmd::kRuleOn || ce.cmd == CEffect::Cmd::kRuleOff) {
    if (e.args.size() == 1 && e.args[0].kind == Arg::Kind::kWord) ce.ability = game_rule_bit(e.args[0].word);
    if (!ce.ability) miss(e.name + "() of this rule");
    return true;
  }
  if (ce.cmd == CEffect::Cmd::kReveal) {
    return true;  // what is shown to whom does not change the game
  }
  return false;
}

// The rest: at most one argument, an amount (number, expression, or +n/-n/=n/xn where it takes one).
void Compiler::plain_args(const Effect& e, const CommandInfo& c, CEffect& ce) {
  if (e.args.size() > 1) miss(e.name + "() with several arguments");
  if (!e.args.empty()) {
    const Arg& arg = e.args.front();
    if (c.takes_mod && (arg.kind == Arg::Kind::kMod || arg.kind == Arg::Kind::kExpr)) {
      ce.mod = arg.kind == Arg::Kind::kMod ? arg.mod : 0;
      amount(arg.expr, ce);
      if (ce.cmd == CEffect::Cmd::kSp && ce.mod == 'x') miss("sp(x...)");
    } else if (c.takes_number && arg.kind == Arg::Kind::kExpr) {
      amount(arg.expr, ce);
    } else {
      miss(e.name + "() with this argument");
    }
  } else if (c.takes_mod || ce.cmd == CEffect::Cmd::kDamage || ce.cmd == CEffect::Cmd::kHp || ce.cmd == CEffect::Cmd::kLoseLife) {
    miss(e.name + "() without its amount");
  }
}

// discard(all), discard(actions), discard(<r2>): cards taken without a choice; discard(), discard(3):
// cards the player chooses once the rule runs (a question, so only as the rule's last effect);
// discard(<1>reaction) target(opp): a card of that player's hand, chosen with the rule.
void Compiler::discard_args(const Effect& e, const Branch& b, size_t i, CStatement& cs, CEffect& ce) {
  const bool last = i + 1 == b.effects.size();
  if (e.args.empty() || (e.args.size() == 1 && e.args[0].kind == Arg::Kind::kExpr && r_.pool[e.args[0].expr].op == expr::Op::kNum)) {
    ce.chosen = true;
    ce.value = e.args.empty() ? 1 : std::clamp(r_.pool[e.args[0].expr].value, 1, 60);
    cs.pending = true;
    if (!last) miss("discard() of cards the player chooses before other effects");
    return;
  }
  if (e.args.size() != 1 || e.args[0].kind != Arg::Kind::kFilter || e.args[0].filter.size() != 1) {
    miss("discard() of this argument");
    return;
  }
  const Filter& f = e.args[0].filter.front();
  if (hand_pick(f, ce.pick)) return;
  if (b.effects.size() != 1 || !f.zone.empty() || f.has_pick) {
    miss("discard() of cards the player chooses");
    return;
  }
  const int8_t side = cs.target.who == CTarget::Who::kOpp ? 1 : 0;
  if (cs.target.who != CTarget::Who::kOpp && cs.target.who != CTarget::Who::kMe && cs.target.who != CTarget::Who::kDefault) {
    miss("discard() of a chosen card with this target");
  }
  cs.target = target(f);
  cs.target.who = CTarget::Who::kCards;
  cs.target.pile = Pile::kHand;
  cs.target.side = side;
  cs.hand_choice = true;
  ce.chosen = true;
}

// A hand pick: `all`, plural types (actions, !characters), or <rN> at random. False when the
// filter needs a choice (one card of a type, a number of cards).
bool Compiler::hand_pick(const Filter& f, HandPick& out) {
  if (f.has_pick || f.has_filter || !f.selectors.empty() || !f.zone.empty()) return false;
  bool plural = false, all = false;
  for (const TypeTerm& t : f.types.terms) {
    if (t.quoted || t.other) return false;
    if (t.word == "all") {
      all = true;
      continue;
    }
    plural |= t.plural;
    out.types.push_back(type_word(t));
  }
  if (f.qty.kind == Qty::Kind::kRandom) {
    out.random = static_cast<int8_t>(std::max(1, f.qty.min));
    return true;
  }
  return f.qty.kind == Qty::Kind::kNone && (all || plural);
}

// {D}, {D(2)}, {D(action)}, {D(<**>)}: cards of the hand; {S(^character)}, {S(<**>character@myRing)}:
// characters of the controller's ring. {D(all)} and {D(<r>)} take cards without a choice.
void Compiler::chosen_cost(const Cost& c, CAction& a) {
  if (a.pay != CAction::Pay::kNone) miss("two costs with a choice");
  CTarget t;
  t.who = CTarget::Who::kCards;
  if (c.has_arg && c.arg.kind == Arg::Kind::kExpr && r_.pool[c.arg.expr].op == expr::Op::kNum) {
    t.min = t.max = static_cast<uint8_t>(std::clamp(r_.pool[c.arg.expr].value, 1, kMaxSeveral));  // {D(2)}
  } else if (c.has_arg && c.arg.kind == Arg::Kind::kFilter && c.arg.filter.size() == 1) {
    const Filter& f = c.arg.filter.front();
    if (c.letter == 'D' && hand_pick(f, a.discard_pick)) {
      a.cost_discard_pick = true;
      return;
    }
    t = target(f);
    if (t.who != CTarget::Who::kCards || t.plural || t.random > 0 || t.one_at_a_time) miss(std::string("{") + c.letter + "(...)} of this filter");
    if (c.letter == 'D' && !(f.zone.empty() || f.zone == "hand")) miss("{D(...)} outside the hand");
    if (c.letter == 'S' && !(f.zone.empty() || f.zone == "ring")) miss("{S(...)} outside the ring");
  } else if (c.has_arg) {
    miss(std::string("{") + c.letter + "(...)} of this argument");
  }
  t.pile = c.letter == 'D' ? Pile::kHand : Pile::kRing;
  t.side = 0;
  a.pay = c.letter == 'D' ? CAction::Pay::kDiscard : CAction::Pay::kSacrifice;
  a.pay_from = std::move(t);
}

// each(PRED in LIST => EFFECT) with an expression list; the effect is compiled as a statement's.
void Compiler::each_args(const Effect& e, CEffect& ce) {
  if (e.args.size() != 1 || e.args[0].kind != Arg::Kind::kEach) {
    miss("each() of this argument");
    return;
  }
  const Arg& a = e.args[0];
  if (a.list == expr::kNoNode) {
    // each(characters[attack] => draw(2)): once per card the filter matches.
    if (a.filter.size() != 1) {
      miss("each() over several filters");
      return;
    }
    CTarget t = target(a.filter.front());
    t.plural = true;
    if (t.who != CTarget::Who::kCards || t.one_at_a_time) miss("each() over this filter");
    ce.each_target.push_back(std::move(t));
  } else {
    for (expr::NodeId id : {a.expr, a.list}) {
      const std::string m = unsupported_expr(r_, id);
      if (!m.empty()) miss(m);
    }
    ce.each_pred = a.expr;
    ce.each_list = a.list;
  }
  Branch b;
  b.effects = a.body;
  for (size_t i = 1; i < b.effects.size(); ++i) b.joins.push_back('&');
  CStatement inner = statement(b);
  ce.body = std::move(inner.effects);
  for (const CEffect& x : ce.body) {
    if (x.cmd == CEffect::Cmd::kEach) miss("each() inside each()");
  }
}

// moveTo(pile [, position [, reveal]]): the position is top (default) or a number (-1: bottom).
void Compiler::move_args(const Effect& e, CEffect& ce) {
  ce.value = 0;
  if (e.args.empty() || e.args[0].kind != Arg::Kind::kWord || !pile_word(e.args[0].word, ce.pile, ce.whose)) {
    miss("moveTo() to this zone");
    return;
  }
  for (size_t k = 1; k < e.args.size(); ++k) {
    const Arg& arg = e.args[k];
    if (arg.kind == Arg::Kind::kExpr && r_.pool[arg.expr].op == expr::Op::kNum && k == 1) {
      ce.value = r_.pool[arg.expr].value;
    } else if (arg.kind == Arg::Kind::kQuery && k == 1) {
      ce.value = kAskPosition;
    }
    // Anything else is the reveal flag: who sees the card does not change the game state.
  }
  if (ce.value != 0 && ce.value != -1 && ce.value != kAskPosition) miss("moveTo() to a position other than top or bottom");
}

CTarget Compiler::target(const Filter& f) {
  CTarget t;
  for (const Selector& s : f.selectors) {
    // ::not(tgt): all the matches but the cards the expression names.
    const std::string m = s.name != "not" || t.exclude != expr::kNoNode ? "::" + s.name + "()" : unsupported_expr(r_, s.arg);
    if (m.empty()) t.exclude = s.arg;
    else miss(m);
  }
  target_amount(f, t);
  target_zone(f, t);
  target_types(f, t);
  if (t.exclude != expr::kNoNode && !t.plural) miss("::not() on a target to choose");
  if (t.each_type && (!t.plural || t.who != CTarget::Who::kCards)) miss("type & type on a target to choose");
  return t;
}

// <pick> and <qty>: how many cards, and whether they are offered as sets or taken one at a time.
void Compiler::target_amount(const Filter& f, CTarget& t) {
  if (f.has_pick) {
    if (f.pick == 0 || f.pick > 60 || f.pick < -60) miss("<pick> of 0 or more than 60 cards");
    t.pick = static_cast<int16_t>(std::clamp(f.pick, -60, 60));
  }
  switch (f.qty.kind) {
    case Qty::Kind::kNone:
      // The whole window: character<1>@oppRing is the first one, *<4>@deck the top four. In any
      // deck (character<1>[powerful]@anyDeck: "look through the top of any deck") the player
      // chooses the deck, that is one of the windows' cards.
      t.plural = f.has_pick && !(f.zone_prefix == "any" && f.zone == "deck" && std::abs(f.pick) == 1 &&
                                 std::none_of(f.types.terms.begin(), f.types.terms.end(), [](const TypeTerm& tt) { return tt.plural; }));
      break;
    case Qty::Kind::kRandom: t.random = static_cast<int8_t>(std::clamp(f.qty.min, 1, 60)); break;
    case Qty::Kind::kCount:
      t.min = static_cast<uint8_t>(std::clamp(f.qty.min, 0, 255));
      t.max = static_cast<uint8_t>(std::clamp(f.qty.max, 0, 255));
      break;
    case Qty::Kind::kAny:
      t.min = 1;
      t.max = kMaxSeveral;
      break;
  }
  if (t.max > 1 || t.min != 1) {
    // Sets of cards are offered as choices where the cards to choose among are few (a ring, a
    // hand, a <pick> window); from a whole deck or discard pile they are taken one at a time
    // once the rule runs (<,3>*@discards: up to three, <0,n>: none at all is fine).
    const bool few = f.zone.empty() || f.zone == "ring" || f.zone == "arena" || f.zone == "hand" ||
                     (f.has_pick && std::abs(f.pick) <= kMaxSeveral);
    t.one_at_a_time = !few;
    if (few && (t.max > kMaxSeveral || t.min > t.max || t.min == 0)) miss("<qty> of more than eight cards");
    if (!few && t.min > t.max) miss("<qty> with more than its maximum");
  }
}

// @zone with its prefix: which pile, and whose.
void Compiler::target_zone(const Filter& f, CTarget& t) {
  if (f.zone == "infront") {
    t.infront = true;
    t.side = 1;
  }
  if (f.zone == "hand") t.pile = Pile::kHand;
  else if (f.zone == "deck") t.pile = Pile::kDeck;
  else if (f.zone == "discards") t.pile = Pile::kDiscards;
  else if (f.zone == "removed") t.pile = Pile::kRemoved;
  else if (!(f.zone == "ring" || f.zone == "arena" || f.zone == "infront" || f.zone.empty())) miss("@" + f.zone);
  // No zone is the arena, both rings; a zone without a prefix is the controller's (RuleScript.md:
  // `my` is the default prefix; Kyoko's `characters[frozen]@ring` is "all characters in your ring").
  const bool arena = f.zone.empty() || f.zone == "arena";
  if (f.zone_prefix == "my") t.side = 0;
  else if (f.zone_prefix == "opp") t.side = 1;
  else if (f.zone_prefix.empty()) t.side = t.infront ? 1 : arena ? -1 : 0;
  else if (f.zone_prefix == "same" && t.pile == Pile::kRing && !t.infront) t.same_ring = true;  // either ring, one of them
  else if (f.zone_prefix != "any") miss(f.zone_prefix + " zone");
}

// The types (cards, players, this) and [filters] of a target.
void Compiler::target_types(const Filter& f, CTarget& t) {
  // "Juni"&"Juli"<1>@myDeck (M. Bison): a card named Juni and a card named Juli.
  const bool and_joined = std::any_of(f.types.and_next.begin(), f.types.and_next.end(), [](bool x) { return x; });
  const bool all_and = std::all_of(f.types.and_next.begin(), f.types.and_next.end(), [](bool x) { return x; });
  if (and_joined && !all_and) miss("type & type , type");
  t.each_type = and_joined;
  for (const TypeTerm& tt : f.types.terms) {
    if (tt.word == "opp" && f.types.terms.size() > 1) {
      t.or_enemy = true;  // to(opp,character@oppRing): the enemy or one of their characters
      continue;
    }
    if (tt.word == "me" || tt.word == "opp" || tt.word == "player" || tt.word == "this") {
      if (f.types.terms.size() != 1) miss("players and cards in one filter");
      t.who = tt.word == "me" ? CTarget::Who::kMe : tt.word == "opp" ? CTarget::Who::kOpp
            : tt.word == "this" ? CTarget::Who::kThis : CTarget::Who::kPlayers;
      if (tt.word == "player" && !tt.plural) miss("player (one to choose)");
      continue;
    }
    t.who = CTarget::Who::kCards;
    t.plural |= tt.plural || tt.word == "all";
    t.other |= tt.other;
    t.types.push_back(type_word(tt));
  }
  if (f.types.terms.empty()) t.who = CTarget::Who::kCards;
  if (t.or_enemy && (t.plural || t.random > 0 || t.max != 1 || t.who != CTarget::Who::kCards)) miss("players and cards in one filter");
  if (f.has_filter) {
    for (const FilterTerm& ft : f.filters.terms) {
      if (ft.kind == FilterTerm::Kind::kLowest && ft.word != "bp") miss(ft.word + ":lowest");
      if (ft.kind == FilterTerm::Kind::kCompare && ft.word != "bp") miss(ft.word + " comparison");
      t.filters.terms.push_back(filter_term(ft));
    }
    t.filters.and_next = f.filters.and_next;
  }
}

uint16_t Compiler::pool_name(std::unordered_map<std::string, uint16_t> CardNames::*table, const std::string& key) const {
  return names_ ? names_->find(names_->*table, key) : kNoName;
}

namespace {

// The words of a type or [filter] segment that are not subtypes (filters also know the combat
// states: attack, uattack, block, blocked).
constexpr std::pair<std::string_view, Word> kTypeWords[] = {
    {"*", Word::kAny}, {"all", Word::kAny}, {"character", Word::kCharacter}, {"action", Word::kAction},
    {"reaction", Word::kReaction}, {"frozen", Word::kFrozen}, {"fresh", Word::kFresh}, {"backedup", Word::kBackedUp},
    {"powerful", Word::kPowerful}, {"powerless", Word::kPowerless}, {"abinstant", Word::kAbInstant},
    {"abtrigger", Word::kAbTrigger}, {"abauto", Word::kAbAuto}};
constexpr std::pair<std::string_view, Word> kCombatWords[] = {
    {"attack", Word::kAttack}, {"uattack", Word::kUAttack}, {"block", Word::kBlock}, {"blocked", Word::kBlocked}};

bool word_in(std::string_view w, const auto& table, Word& out) {
  ++name_lookups();
  for (const auto& [word, meaning] : table) {
    if (w == word) {
      out = meaning;
      return true;
    }
  }
  return false;
}

}  // namespace

CWord Compiler::type_word(const TypeTerm& tt) const {
  CWord w;
  w.negate = tt.negate;
  if (tt.quoted) {
    w.word = Word::kName;
    w.id = pool_name(&CardNames::names, tt.word);
  } else if (!word_in(tt.word, kTypeWords, w.word)) {
    w.word = Word::kSubtype;  // type words are lower case, as the pool numbers subtypes
    w.id = pool_name(&CardNames::subtypes, tt.word);
  }
  return w;
}

CFilter Compiler::filter_term(const FilterTerm& ft) const {
  CFilter out;
  out.kind = ft.kind == FilterTerm::Kind::kCompare ? CFilter::Kind::kCompare
             : ft.kind == FilterTerm::Kind::kLowest ? CFilter::Kind::kLowest
                                                     : CFilter::Kind::kWord;
  out.op = ft.op;
  out.value = ft.value;
  if (out.kind == CFilter::Kind::kWord && !word_in(ft.word, kCombatWords, out.word.word)) {
    TypeTerm tt;
    tt.word = ft.word;
    out.word = type_word(tt);
  }
  out.word.negate = ft.prefix == '-' || ft.prefix == '^';
  return out;
}

}  // namespace rk::cfc::detail
