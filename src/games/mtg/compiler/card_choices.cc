// Compiling the parts of auto= lines that choose: `if COND then A else B` conditions, ability$!..!$
// (another player does an ability, or chooses one), pay[[cost]] A?B and pay(cost) A.
#include <cstdlib>
#include <set>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/compiler/compile_text.h"

namespace rk::mtg {

// One side of an if condition: type(spec) (a count), compare(lifetotal), a number, or a word
// (morbid, paid(alternative), paid(kicker), casted(this): it was cast, spent(mana): that mana was
// spent to cast it) that is 1 when it holds.
bool read_if_side(std::string w, Amount& out) {
  w = trim(w);
  static const std::set<std::string> words = {"morbid", "raid", "restriction{assorcery}", "restriction{myturnonly}",
                                              "restriction{opponentturnonly}", "compare(phandcount)", "compare(ohandcount)", "paid(alternative)", "paid(kicker)", "casted(this)", "compare(lifetotal)",
                                              "compare(opponentlifetotal)"};
  if (w.rfind("cantargetcard(", 0) == 0) {  // the target is such a card (1) or not (0)
    out.var = "cantargetcard";
    out.count = parse_spec(inside(w, 13));
    return true;
  }
  if (w.rfind("spent(", 0) == 0) {  // spent({W}),spent({U}): that mana was spent to cast it (1) or not (0)
    out.var = "spent(";
    for (const std::string& part : split_top(w, ",")) {
      if (trim(part).rfind("spent(", 0) != 0) return false;
      out.var += inside(trim(part), 5);
    }
    out.var += ")";
    bool unknown = false;
    parse_mana_cost(out.var, &unknown);
    return !unknown;
  }
  if (w.rfind("type(", 0) == 0) {
    if (inside(w, 4).size() + 6 != w.size()) return false;  // type(..)+1: a restriction's count (read_count_restriction)
    out.var = "type";
    out.count = parse_spec(inside(w, 4));
    return true;
  }
  if (words.count(w)) {
    out.var = w.rfind("compare(", 0) == 0 ? inside(w, 7) : w;
    return true;
  }
  if (w.empty() || w.find_first_not_of("0123456789") != std::string::npos) return false;
  out.value = std::atoi(w.c_str());
  return true;
}

// COND as `side~morethan|lessthan|equalto~side` or one side alone (it holds when > 0).
static bool read_if_sides(const std::string& cond, Ability& a) {
  const size_t t1 = cond.find('~');
  if (t1 == std::string::npos) return read_if_side(cond, a.if_left);
  const size_t t2 = cond.find('~', t1 + 1);
  if (t2 == std::string::npos) return false;
  const std::string word = cond.substr(t1 + 1, t2 - t1 - 1);
  if (word != "morethan" && word != "lessthan" && word != "equalto") return false;
  a.if_cmp = word == "morethan" ? '>' : word == "lessthan" ? '<' : '=';
  return read_if_side(cond.substr(0, t1), a.if_left) && read_if_side(cond.substr(t2 + 1), a.if_right);
}

// if COND then ..: the sides above, or a restriction's parts.
bool read_if(const std::string& cond0, Ability& a) {
  a.has_if = true;
  std::string cond = trim(cond0);
  // a menu label after the condition (if type(..)~morethan~0 name(..) then): only a label
  if (const size_t label = cond.rfind(" name("); label != std::string::npos && cond.back() == ')' &&
      label + 6 + inside(cond, label + 5).size() + 1 == cond.size()) {
    cond = trim(cond.substr(0, label));
  }
  // compare(restriction{assorcery}~morethan~0): the comparison written inside compare( (Wagic reads
  // restriction{..} as 1 when the timing holds for the controller now, as it resolves)
  if (cond.rfind("compare(restriction{", 0) == 0 && cond.back() == ')' && inside(cond, 7).size() + 9 == cond.size()) {
    return read_if(cond.substr(8, cond.size() - 9), a);
  }
  if (read_if_sides(cond, a)) return true;
  // Otherwise as a restriction: several parts (a,b: both), thisturn(..), casted(..), counts compared
  // with counts (read_count_restriction, spec.cc).
  a.if_left = a.if_right = Amount();
  a.if_cmp = '>';
  std::vector<TriggerDef::Count> counts;
  if (!read_count_restriction(cond, counts) || counts.empty()) return false;
  a.if_counts = std::move(counts);
  return true;
}

// ability$! A _ B !$ who: an ability another player (or its controller) performs, or a choice
// between abilities that player makes. False when `part` is not written so.
bool read_ability_for(const std::string& part0, Ability& a) {
  std::string part = part0;
  // Before it: a menu label, and the target (a player, or a card) whose player `targetedplayer` or
  // `targetcontroller` names: target(player) ability$!..!$ targetedplayer.
  Spec target;
  bool has_target = false, not_a_target = false, on_trigger = false;
  while (part.rfind("name(", 0) == 0 || part.rfind("target(", 0) == 0 || part.rfind("notatarget(", 0) == 0 ||
         part.rfind("all(trigger", 0) == 0) {
    const size_t open = part.find('(');
    const std::string in = inside(part, open);
    if (part[0] == 'a') {
      on_trigger = true;  // all(trigger[to]): the trigger's card; the player is named after !$ (checked below)
    } else if (part[0] != 'n' || part[1] == 'o') {
      if (has_target) return false;
      target = parse_spec(in);
      has_target = true;
      not_a_target = part[0] == 'n';
    }
    part = trim(tail(part, open + in.size() + 2));
  }
  if (part.rfind("ability$!", 0) != 0) return false;
  const size_t close = part.rfind("!$");
  if (close == std::string::npos || close < 9) return false;
  EffectDef e;
  e.kind = Eff::kAbilityFor;
  // After it: who does it, then the activation's restrictions (asSorcery, myTurnOnly, limit:N).
  std::vector<std::string> after = words_top(trim(tail(part, close + 2)));
  e.word = after.empty() ? "" : after[0];
  for (size_t i = 1; i < after.size(); ++i) {
    const std::string& r = after[i];
    if (r == e.word) continue;  // the player written twice (!$ opponent opponent): the same player
    if (r.rfind("limit:", 0) == 0 && a.kind == AbilityKind::kActivated) {
      a.limit = std::atoi(r.c_str() + 6);
    } else if (r == "myturnonly") {
      a.my_turn_only = true;
    } else if (r == "myupkeeponly") {
      a.my_upkeep_only = true;
    } else if (r == "assorcery") {
      a.sorcery_speed = true;
    } else {
      a.effects.push_back(unsupported_effect("ability$!..!$ " + trim(tail(part, close + 2))));
      return true;
    }
  }
  if (on_trigger && e.word != "opponent" && e.word != "controller") {  // a player read from the trigger's card: not run yet
    a.effects.push_back(unsupported_effect("ability$!..!$ all(trigger) " + e.word));
    return true;
  }
  if (has_target && a.has_target) {
    a.effects.push_back(unsupported_effect("ability$!..!$ (a second target)"));
    return true;
  }
  if (has_target) {
    a.target = target;
    a.has_target = true;
    a.not_a_target = not_a_target;
  }
  e.choices = std::make_shared<std::vector<Ability>>();
  std::string inner = part.substr(9, close - 9);
  for (std::string option : split_top(inner, " _ ")) {
    option = trim(option);
    if (option.rfind("name(", 0) == 0) option = trim(tail(option, inside(option, 4).size() + 6));  // a menu label
    if (option.rfind("choice ", 0) == 0) option = trim(option.substr(7));
    e.choices->push_back(compile_ability(option));
    if (!e.choices->back().supported()) {
      a.effects.push_back(unsupported_effect(e.choices->back().unsupported_word()));
      return true;
    }
  }
  static const std::set<std::string> who = {"controller", "opponent", "targetedplayer", "targetcontroller", ""};
  if (!who.count(e.word)) {
    a.effects.push_back(unsupported_effect("ability$!..!$ " + e.word));
    return true;
  }
  a.effects.push_back(std::move(e));
  return true;
}

// The effects of `option` act on `subject` (the trigger's card); false when one has a target or a
// range of its own, which this does not combine with.
static bool on_subject(Ability& option, const Spec& subject) {
  if (option.has_target || !option.range.empty()) return false;
  for (EffectDef& e : option.effects) {
    if (e.has_all || !e.target.empty() || e.kind == Eff::kAbilityFor) return false;
    e.all = subject;
    e.has_all = true;
  }
  return true;
}

// pay[[cost]] A?B (the source's controller pays the cost for A, or B happens) and pay(cost) A (may
// pay for A): Wagic's GenericPaidAbility. The whole rest of the body is the paid part. False when
// `body` is not written so.
//
// all(trigger[..]) or target(trigger[..]<1>) before it (Parallel Thoughts' kin: "you may pay {3};
// if you do, copy that spell"; Mimic Vat's kin: pay for a copy of the creature that entered): the
// paid part acts on the trigger's card, which Wagic's chooser offers as the only candidate; here
// it is that card without asking (rules/effect_apply.cc carries the trigger's card to the answer).
static bool take_trigger_subject(std::string& body, Spec& subject) {
  for (const char* kw : {"all(trigger", "target(trigger"}) {
    if (body.rfind(kw, 0) != 0) continue;
    const size_t open = body.find('(');
    std::string in = inside(body, open);
    const std::string rest = trim(tail(body, open + in.size() + 2));
    if (rest.rfind("pay[[", 0) != 0 && rest.rfind("pay(", 0) != 0) return false;
    if (const size_t lt = in.find('<'); lt != std::string::npos && kw[0] == 't' && in.back() == '>') in.resize(lt);  // <1>: up to one
    if (in != "trigger" && in != "trigger[to]" && in != "trigger[from]") return false;
    subject = parse_spec(in);
    body = rest;
    return true;
  }
  return false;
}

bool read_pay(const std::string& text, Ability& a) {
  std::string body = text;
  Spec subject;
  const bool on_trigger = take_trigger_subject(body, subject);
  if (body.rfind("name(", 0) == 0) {  // a menu label before it (Aerie Worshippers' name(pay 2U for 2/2 Bird) pay[[..]])
    const std::string rest = trim(tail(body, inside(body, 4).size() + 6));
    if (rest.rfind("pay[[", 0) == 0 || rest.rfind("pay(", 0) == 0) body = rest;
  }
  const bool brackets = body.rfind("pay[[", 0) == 0;
  if (!brackets && body.rfind("pay(", 0) != 0) return false;
  const size_t end = brackets ? body.find("]]") : 4 + inside(body, 3).size();
  if (end == std::string::npos) return false;
  const std::string cost = brackets ? body.substr(5, end - 5) : inside(body, 3);
  EffectDef e;
  e.kind = Eff::kAbilityFor;
  e.pay_first = true;
  e.choices = std::make_shared<std::vector<Ability>>();
  // An unclosed pay( or pay[[ leaves nothing after the cost.
  for (std::string option : split_top(trim(tail(body, end + (brackets ? 2 : 1))), "?")) {
    option = trim(option);
    std::string label = option;
    if (option.rfind("name(", 0) == 0) {
      // The menu shows the label (Wagic's "Miracle", "copy spell"), the text when it is empty.
      if (!trim(inside(option, 4)).empty()) label = trim(inside(option, 4));
      option = trim(tail(option, inside(option, 4).size() + 6));
    }
    e.choices->push_back(option == "donothing" ? Ability{} : compile_ability(option));
    e.choices->back().text = label;
    if (!e.choices->back().supported()) {
      a.effects.push_back(unsupported_effect(e.choices->back().unsupported_word()));
      return true;
    }
    if (on_trigger && !on_subject(e.choices->back(), subject)) {
      a.effects.push_back(unsupported_effect("pay[[..]] after " + text.substr(0, text.find(')') + 1)));
      return true;
    }
  }
  bool unknown = false;
  if (cost.rfind("{value:", 0) == 0 && cost.back() == '}') {
    e.a = parse_amount(cost.substr(7, cost.size() - 8));
  } else {
    // {L:N} (or {L}: 1) is life paid beside the mana (the shock lands' pay({L:2}) untap).
    std::string mana = cost;
    for (size_t at; (at = mana.find("{l")) != std::string::npos;) {
      const size_t close = mana.find('}', at);
      if (close == std::string::npos) break;
      const std::string sym = mana.substr(at + 2, close - at - 2);  // "" or ":N"
      if (!sym.empty() && (sym[0] != ':' || sym.size() < 2 || sym.find_first_not_of("0123456789", 1) != std::string::npos)) break;
      e.choices->front().life_cost += sym.empty() ? 1 : std::atoi(sym.c_str() + 1);
      mana.erase(at, close - at + 1);
    }
    e.choices->front().mana = parse_mana_cost(mana, &unknown);
    e.choices->front().mana.present = true;
  }
  if (unknown || e.choices->size() > 2) {
    a.effects.push_back(unsupported_effect("pay " + cost));
    return true;
  }
  a.effects.push_back(std::move(e));
  return true;
}

}  // namespace rk::mtg
