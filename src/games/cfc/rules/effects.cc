// What the compiled RuleScript of the cards in play (script.h) changes and offers: abilities, game
// rules and costs while a card is in a ring, the cards a filter matches, transformations and rule
// copies, and which ways a script can run (its rules, costs, targets, [[may]]) as legal actions.
// Running one is interpreter.cc; events and what ends with the turn, events.cc.
#include <fmt/format.h>

#include <algorithm>
#include <utility>
#include <climits>

#include "games/cfc/rules/game.h"
#include "games/cfc/rules/script_expr.h"

namespace rk::cfc {
namespace {

// What a card is now, for the words of a filter (CWord).
struct CardState {
  const CardDef& d;   // the card
  const CardDef& rd;  // the card whose rules it has (itself, or the one it copied)
  const Card& c;
  size_t backups = 0;
  bool has_script = false;
  bool attack = false, uattack = false, block = false, blocked = false;  // combat states (in a ring)
};

// One word of a type or [filter] segment against a card: a card type, a state, an ability type
// (abinstant, abtrigger, abauto: a character with a ▲, ■ or ● ability that still has it), a
// combat state, a subtype or the card's name.
bool word_matches(Word w, uint16_t id, const CardState& s) {
  switch (w) {
    case Word::kAny: return true;
    case Word::kCharacter: return s.d.type == CardType::kCharacter;
    case Word::kAction: return s.d.type == CardType::kAction;
    case Word::kReaction: return s.d.type == CardType::kReaction;
    case Word::kFrozen: return s.c.frozen;
    case Word::kFresh: return s.c.fresh;
    case Word::kBackedUp: return s.backups > 0;
    case Word::kPowerful: return s.has_script;
    case Word::kPowerless: return !s.has_script;
    case Word::kAbInstant: return s.has_script && s.rd.ability == AbilityType::kInstant;
    case Word::kAbTrigger: return s.has_script && s.rd.ability == AbilityType::kActivated;
    case Word::kAbAuto: return s.has_script && s.rd.ability == AbilityType::kAuto;
    case Word::kAttack: return s.attack;
    case Word::kUAttack: return s.uattack;
    case Word::kBlock: return s.block;
    case Word::kBlocked: return s.blocked;
    case Word::kSubtype: return s.d.subtype_id == id;
    case Word::kName: return s.d.name_id == id;
  }
  return false;
}

bool compare(expr::Op op, int32_t a, int32_t b) {
  switch (op) {
    case expr::Op::kEq: return a == b;
    case expr::Op::kNe: return a != b;
    case expr::Op::kLt: return a < b;
    case expr::Op::kLe: return a <= b;
    case expr::Op::kGt: return a > b;
    case expr::Op::kGe: return a >= b;
    default: return false;
  }
}

bool types_match(const std::vector<CWord>& types, const CardDef& d, const Card& c) {
  if (types.empty()) return true;
  const CardState s{d, d, c, 0, d.script >= 0};
  for (const CWord& t : types) {
    if (word_matches(t.word, t.id, s) != t.negate) return true;
  }
  return false;
}

}  // namespace

// The cards of `player`'s hand a pick takes (not `exclude`, the card being played): all the
// matching ones, or some of them at random.
size_t Game::hand_matches(int player, const HandPick& pick, EntityId exclude) const {
  size_t n = 0;
  for (EntityId e : players_[player].hand.ids()) n += e != exclude && types_match(pick.types, def(e), cards_[e]);
  return n;
}

std::vector<EntityId> Game::pick_from_hand(int player, const HandPick& pick, EntityId exclude) {
  std::vector<EntityId> matching;
  for (EntityId e : players_[player].hand.ids()) {
    if (e != exclude && types_match(pick.types, def(e), cards_[e])) matching.push_back(e);
  }
  if (pick.random <= 0) return matching;
  std::vector<EntityId> out;
  for (int k = 0; k < pick.random && !matching.empty(); ++k) {
    const size_t i = chance_.below(static_cast<uint32_t>(matching.size()), logging_ ? &log_ : nullptr);
    out.push_back(matching[i]);
    matching.erase(matching.begin() + static_cast<std::ptrdiff_t>(i));
  }
  return out;
}

void Game::discard_cards(int player, const std::vector<EntityId>& cards) {
  for (EntityId e : cards) {
    if (!players_[player].hand.remove(e)) continue;
    put(players_[cards_[e].owner].discards, e);
    memory_.discarded.push_back(e);
  }
}

int32_t Game::play_sp(int p, EntityId card) const {
  const CardDef& d = def(card);
  const int32_t sp = d.sp;
  if (d.type != CardType::kAction && d.type != CardType::kReaction) return sp;
  const CardTypeWord type = d.type == CardType::kAction ? CardTypeWord::kAction : CardTypeWord::kReaction;
  int32_t delta = 0;
  each_ring_script([&](int k, EntityId e, const CScript& s) {
    for (const CScript::CostMod& m : s.cost_mods) {
      if (m.type != type || !(m.whose < 0 || (m.whose == 0) == (k == p))) continue;
      delta += m.delta;
      count_script_run(e);
    }
    return true;
  });
  // A cost made cheaper stays a cost of at least 1 SP (Kyosuke, Vanessa).
  const int32_t changed = sp + delta;
  int32_t out = delta == 0 ? sp : sp < 0 && changed > -1 && delta > 0 ? -1 : changed;
  // alterCost() of the player's cards of this type, in the order they were made (Tessa: =0).
  const uint8_t kind = type == CardTypeWord::kAction ? kCostAction : kCostReaction;
  for (const auto& c : cost_changes_.entries()) {
    if (c.effect.kind == kind && c.effect.player == p) out = c.effect.mod == '=' ? c.effect.value : out + c.effect.value;
  }
  return out;
}

int32_t Game::united_cost(int p, int members) const {
  int32_t sp = -kUnitedAttackCost * (members - 1);
  const uint8_t kind = members == 2 ? kCostUa2 : kCostUa3;
  for (const auto& c : cost_changes_.entries()) {
    if (c.effect.kind == kind && c.effect.player == p) sp = c.effect.mod == '=' ? c.effect.value : sp + c.effect.value;
  }
  return std::max(0, -sp);
}

int32_t Game::ring_mod(int32_t CScript::*field) const {
  int32_t total = 0;
  each_ring_script([&](int, EntityId e, const CScript& s) {
    if (s.*field) {
      total += s.*field;
      count_script_run(e);
    }
    return true;
  });
  return total;
}

bool Game::char_bp_allowed(EntityId card) const {
  return each_ring_script([&](int, EntityId e, const CScript& s) {
    if (s.char_bp_limit <= 0 || def(card).bp < s.char_bp_limit) return true;
    count_script_run(e);
    return false;
  });
}

int32_t Game::lowest_bp() const {
  int32_t low = INT32_MAX;
  for (const PlayerState& ps : players_) {
    for (EntityId e : ps.ring) {
      if (e != kNoEntity) low = std::min(low, cards_[e].bp);
    }
  }
  return low;
}

bool Game::hooks_allow_block(size_t k, int slot) const {
  const Attack& a = attacks_[k];
  const EntityId lead = players_[active_].ring[static_cast<size_t>(a.slots[0])];
  const EntityId blocker = players_[1 - active_].ring[static_cast<size_t>(slot)];
  return each_ring_script([&](int owner, EntityId h, const CScript& s) {
    if (owner != active_ || s.block_hooks.empty()) return true;  // the attacking ring's hooks
    bool member = false;
    for (int m = 0; m < a.size; ++m) member |= players_[active_].ring[static_cast<size_t>(a.slots[static_cast<size_t>(m)])] == h;
    for (const CScript::BlockHook& hook : s.block_hooks) {
      if (!hook.any && !member) continue;
      ExprScope scope = script_scope(rules_def(h).script, 1 - active_, h);
      scope.attacker = lead;
      scope.blocker = blocker;
      count_script_run(h);
      if (!eval_truth(scope, hook.cond)) return false;
    }
    return true;
  });
}

// transform(): the card becomes another card model where it is; in a ring it loses its back-ups
// (Zombie) and takes the new card's BP.
void Game::transform(EntityId c, uint16_t model) {
  int p, slot;
  slot_of(c, p, slot);
  if (cards_[c].printed == kOwnRules) cards_[c].printed = cards_[c].def;
  cards_[c].def = model;
  cards_[c].rules = kOwnRules;  // it has the new card's rules
  if (p < 0) return;
  for (EntityId b : players_[p].backups[static_cast<size_t>(slot)]) put(players_[cards_[b].owner].discards, b);
  players_[p].backups[static_cast<size_t>(slot)].clear();
  cards_[c].bp = def(c).bp;
}

void Game::untransform(EntityId c) {
  Card& card = cards_[c];
  if (card.printed == kOwnRules) return;
  card.def = card.printed;
  card.printed = kOwnRules;
}

void Game::put(kernel::Zone& pile, EntityId c, bool bottom) {
  untransform(c);
  if (bottom) pile.push_bottom(c);
  else pile.push_top(c);
}

void Game::compute_vars(int32_t script, EntityId self, int p) {
  const CScript& s = pool_->compiled[static_cast<size_t>(script)];
  memory_.vars.clear();
  memory_.vars_script = script;
  const ExprScope scope = script_scope(script, p, self);
  for (const CVar& v : s.vars) {
    VarValue out;
    switch (v.kind) {
      case CVar::Kind::kCoin:
        // flipCoin(): the player calls heads or tails; either call wins half the time.
        out.value = chance_.below(2, logging_ ? &log_ : nullptr) == 0 ? 1 : 0;
        break;
      case CVar::Kind::kTargets:
        out.is_cards = true;
        out.cards = card_targets(v.filter, p, self);
        break;
      case CVar::Kind::kExpr: out = eval_var(scope, v.value); break;
    }
    memory_.vars.push_back(std::move(out));  // later vars may read earlier ones
  }
}

// The card model whose rules `e` has now; kOwnRules when it has none (lost, or never had any).
// A copy of a copy is the rules of the card copied first (the plugin's CharsAbilities).
uint16_t Game::rules_model(EntityId e) const {
  const Card& c = cards_[e];
  if (c.powerless || rules_def(e).script < 0) return kOwnRules;
  return c.rules == kOwnRules ? c.def : c.rules;
}

bool Game::give_rules(EntityId to, uint16_t model) {
  int p, slot;
  slot_of(to, p, slot);
  if (model == kOwnRules || p < 0 || def(to).type != CardType::kCharacter) return false;
  Card& t = cards_[to];
  t.rules = model == t.def ? kOwnRules : model;
  t.powerless = false;
  return true;
}

bool Game::copy_rules(EntityId to, EntityId from) { return give_rules(to, rules_model(from)); }

// moveRevealedTo(pile): searching a deck from the top for the target revealed the cards above it;
// they go to the pile (the script player's, or with ctrl the deck owner's), in the order revealed.
bool Game::move_revealed(EntityId c, const CEffect& e, int p) {
  for (int q = 0; q < 2; ++q) {
    std::vector<EntityId>& deck = players_[q].deck.ids();
    const auto at = std::find(deck.begin(), deck.end(), c);
    if (at == deck.end()) continue;
    std::vector<EntityId> above(at + 1, deck.end());
    deck.erase(at + 1, deck.end());
    const int to = e.whose < 0 ? q : e.whose == 0 ? p : 1 - p;
    kernel::Zone* z = pile_of(to, e.pile);
    for (auto it = above.rbegin(); it != above.rend(); ++it) {  // the top card was revealed first
      put(*z, *it, e.value == -1);
      memory_.moved.push_back(*it);
    }
    return !above.empty();
  }
  return false;
}

// unite(): attacking characters are forced into one united attack (Overdoing it), in slot order.
bool Game::unite(const std::vector<EntityId>& cards) {
  std::vector<int8_t> slots;
  for (EntityId c : cards) {
    int p, slot;
    slot_of(c, p, slot);
    if (p == active_ && attacking(slot)) slots.push_back(static_cast<int8_t>(slot));
  }
  if (slots.size() < 2) return false;
  std::sort(slots.begin(), slots.end());
  if (slots.size() > kMaxUnited) slots.resize(kMaxUnited);
  for (int8_t s : slots) remove_from_attack(active_, s);
  Attack a;
  for (int8_t s : slots) a.slots[a.size++] = s;
  a.united = a.size > 1;
  attacks_.push_back(a);
  mark_united();
  return true;
}

void Game::member_leaves(int p, int slot) {
  if (p != active_) return;
  // The others go on attacking together; the attack stays listed even when no member is left (combat
  // code may be walking the list).
  for (Attack& a : attacks_) {
    auto end = std::remove(a.slots.begin(), a.slots.begin() + a.size, static_cast<int8_t>(slot));
    for (auto it = end; it != a.slots.begin() + a.size; ++it) *it = -1;
    a.size = static_cast<uint8_t>(end - a.slots.begin());
  }
}

void Game::mark_united() {
  for (const Attack& a : attacks_) {
    if (a.size < 2) continue;
    for (int k = 0; k < a.size; ++k) {
      const EntityId e = players_[active_].ring[static_cast<size_t>(a.slots[static_cast<size_t>(k)])];
      if (e != kNoEntity) cards_[e].united = true;
    }
  }
}

void Game::swap_slots(int p, int a, int b) {
  PlayerState& ps = players_[p];
  std::swap(ps.ring[static_cast<size_t>(a)], ps.ring[static_cast<size_t>(b)]);
  std::swap(ps.backups[static_cast<size_t>(a)], ps.backups[static_cast<size_t>(b)]);
  auto other = [&](int8_t& s) { s = s == a ? static_cast<int8_t>(b) : s == b ? static_cast<int8_t>(a) : s; };
  for (Attack& at : attacks_) {
    if (p == active_) {
      for (int k = 0; k < at.size; ++k) other(at.slots[static_cast<size_t>(k)]);
    } else if (at.blocker >= 0) {
      other(at.blocker);
    }
  }
}

// removeFromAttack(): the character leaves the attack it is part of; an attack without members ends.
void Game::remove_from_attack(int p, int slot) {
  if (p != active_) return;
  for (Attack& a : attacks_) {
    auto end = std::remove(a.slots.begin(), a.slots.begin() + a.size, static_cast<int8_t>(slot));
    const auto kept = static_cast<uint8_t>(end - a.slots.begin());
    for (auto it = end; it != a.slots.begin() + a.size; ++it) *it = -1;
    a.size = kept;
  }
  std::erase_if(attacks_, [](const Attack& a) { return a.size == 0; });
}

uint16_t Game::abilities(EntityId e) const {
  const Card& c = cards_[e];
  const bool off = nullified(e);  // what its own ● ability gave it is nullified too
  uint16_t bits = off ? static_cast<uint16_t>(c.granted & ~c.own_granted) : c.granted;
  if (const CScript* s = script_of(e); s && (s->abilities || !s->cond_abilities.empty())) {
    bits |= s->abilities;
    if (!s->cond_abilities.empty()) {
      int p, slot;
      slot_of(e, p, slot);
      const ExprScope scope = script_scope(rules_def(e).script, p < 0 ? c.owner : p, e);
      for (const CScript::CondAbility& ca : s->cond_abilities) {
        if (eval_truth(scope, ca.cond)) bits |= ca.bits;
      }
    }
    // A rule consulted its abilities: for coverage, the script ran.
    count_script_run(e);
  }
  for (const auto& g : grants_.entries()) {
    if (g.effect.card == e && g.effect.epoch == c.epoch && !(off && g.effect.own)) bits |= g.effect.bits;
  }
  return static_cast<uint16_t>(bits & ~c.revoked);
}

bool Game::rule_on(uint16_t rule, int p) const {
  bool on = (kRulesOnByDefault & rule) != 0;
  for (const PlayerState& ps : players_) {
    for (EntityId e : ps.ring) {
      const CScript* s = e == kNoEntity ? nullptr : script_of(e);
      if (!s || !((s->rules_on | s->rules_off) & rule)) continue;
      on = (s->rules_on & rule) != 0;
      count_script_run(e);
    }
  }
  for (const auto& c : rule_changes_.entries()) {
    if ((c.effect.bits & rule) && (c.effect.player < 0 || c.effect.player == p)) on = c.effect.on;
  }
  return on;
}

uint16_t Game::player_abilities(int p) const {
  uint16_t bits = players_[p].granted;
  for (const auto& g : grants_.entries()) {
    if (g.effect.card == kNoEntity && g.effect.player == p) bits |= g.effect.bits;
  }
  return bits;
}

// For coverage: the script of `e` ran (or a rule consulted it). `stats_` is not part of the state.
void Game::count_script_run(EntityId e) const { count_script(rules_def(e).script); }

void Game::count_script(int32_t script) const {
  if (!stats_ || script < 0) return;
  const size_t i = static_cast<size_t>(script);
  if (stats_->runs.size() <= i) stats_->runs.resize(pool_->scripts.size());
  ++stats_->runs[i];
}

const CScript* Game::script_of(EntityId e) const {
  const int32_t s = rules_def(e).script;
  if (s < 0 || cards_[e].powerless) return nullptr;
  // A ● ability of a united attack's member is nullified for the rest of the turn: it listens to
  // no event and changes no damage, BP, cost, rule or ability meanwhile.
  if (nullified(e)) return nullptr;
  const CScript& cs = pool_->compiled[static_cast<size_t>(s)];
  return cs.compiled ? &cs : nullptr;
}

void Game::slot_of(EntityId e, int& p, int& slot) const {
  for (p = 0; p < 2; ++p) {
    for (slot = 0; slot < kSlots; ++slot) {
      if (players_[p].ring[static_cast<size_t>(slot)] == e) return;
    }
  }
  p = slot = -1;
}

kernel::Zone* Game::pile_of(int p, Pile pile) {
  PlayerState& ps = players_[p];
  switch (pile) {
    case Pile::kHand: return &ps.hand;
    case Pile::kDeck: return &ps.deck;
    case Pile::kDiscards: return &ps.discards;
    case Pile::kRemoved: return &ps.removed;
    case Pile::kRing: break;
  }
  return nullptr;
}
const kernel::Zone* Game::pile_of(int p, Pile pile) const { return const_cast<Game*>(this)->pile_of(p, pile); }

bool Game::detach(EntityId e) {
  int p, slot;
  slot_of(e, p, slot);
  if (p >= 0) {
    member_leaves(p, slot);
    PlayerState& ps = players_[p];
    ps.ring[static_cast<size_t>(slot)] = kNoEntity;
    for (EntityId b : ps.backups[static_cast<size_t>(slot)]) put(players_[cards_[b].owner].discards, b);
    ps.backups[static_cast<size_t>(slot)].clear();
    untransform(e);
    Card& c = cards_[e];
    c.frozen = c.fresh = false;
    c.last_bp = c.bp;
    c.bp = def(e).bp;
    c.granted = c.revoked = c.own_granted = 0;
    c.powerless = false;
    c.united = false;
    c.rules = kOwnRules;
    ++c.epoch;
    return true;
  }
  for (int q = 0; q < 2; ++q) {
    for (Pile pile : {Pile::kHand, Pile::kDeck, Pile::kDiscards, Pile::kRemoved}) {
      if (pile_of(q, pile)->remove(e)) return true;
    }
  }
  return false;
}

bool Game::target_matches(const CTarget& t, int controller, EntityId self, EntityId e, int8_t entering) const {
  if (t.other && e == self) return false;
  int p = -1, slot = -1;
  size_t backups = 0;
  if (t.pile == Pile::kRing) {
    slot_of(e, p, slot);
    if (p < 0) return false;
    backups = players_[p].backups[static_cast<size_t>(slot)].size();
  } else {
    for (int q = 0; q < 2 && p < 0; ++q) {
      if (pile_of(q, t.pile)->contains(e)) p = q;
    }
    if (p < 0) return false;
  }
  if (t.side == 0 && p != controller) return false;
  if (t.side == 1 && p == controller) return false;
  if (t.infront) {
    // The character facing this one: the same slot of the other ring.
    int sp, sslot;
    slot_of(self, sp, sslot);
    if (sp < 0 && entering >= 0) {
      sp = controller;  // a ▲ ability's targets are chosen as the card enters its slot
      sslot = entering;
    }
    if (sp < 0 || p == sp || slot != sslot) return false;
  }
  const Card& c = cards_[e];
  CardState s{def(e), rules_def(e), c, backups, rules_def(e).script >= 0 && !c.powerless};
  // Combat states: attacking (alone or united), in a united attack, countering, countered.
  if (t.pile == Pile::kRing) {
    for (const Attack& a : attacks_) {
      for (int k = 0; k < a.size; ++k) {
        if (p == active_ && a.slots[static_cast<size_t>(k)] == slot) {
          s.attack = true;
          s.uattack |= a.united;
          s.blocked |= a.blocker >= 0 && k == 0;
        }
      }
      s.block |= p != active_ && a.blocker == slot;
    }
  }
  if (!t.types.empty()) {
    // (A type word is never a combat state: the compiler reads "attack" there as a subtype.)
    bool any = false;
    for (const CWord& tt : t.types) any |= word_matches(tt.word, tt.id, s) != tt.negate;
    if (!any) return false;
  }
  // [filters]: terms joined by & (and_next) and , (or), & binding first.
  const auto& terms = t.filters.terms;
  bool result = false, group = true;
  for (size_t i = 0; i < terms.size(); ++i) {
    const CFilter& ft = terms[i];
    bool v = ft.kind == CFilter::Kind::kCompare ? compare(ft.op, c.bp, ft.value)
             : ft.kind == CFilter::Kind::kLowest ? c.bp == lowest_bp()
                                                  : word_matches(ft.word.word, ft.word.id, s);
    if (ft.word.negate) v = !v;
    group = group && v;
    const bool and_next = i < t.filters.and_next.size() && t.filters.and_next[i];
    if (!and_next) {
      result = result || group;
      group = true;
    }
  }
  return terms.empty() || result;
}

std::vector<EntityId> Game::card_targets(const CTarget& t, int controller, EntityId self, int8_t entering) const {
  std::vector<EntityId> out;
  if (t.each_type) {
    // Each type with its own window, the results together (a Juni and a Juli).
    for (const CWord& tt : t.types) {
      CTarget one = t;
      one.each_type = false;
      one.types = {tt};
      for (EntityId e : card_targets(one, controller, self, entering)) {
        if (std::find(out.begin(), out.end(), e) == out.end()) out.push_back(e);
      }
    }
    return out;
  }
  // The controller's cards first, then the opponent's; a ring by slot, a pile bottom to top.
  // A <pick> keeps the first n matches of a ring, the top (n > 0) or bottom (n < 0) n of a pile.
  // A choice of one offers each distinct card of a pile once.
  const bool distinct = !t.plural && t.random == 0 && t.max <= 1;
  std::vector<EntityId> matches;
  for (int k = 0; k < 2; ++k) {
    const int p = k == 0 ? controller : 1 - controller;
    if ((t.side == 0 && k == 1) || (t.side == 1 && k == 0)) continue;
    matches.clear();
    if (t.pile == Pile::kRing) {
      for (EntityId e : players_[p].ring) {
        if (e != kNoEntity && target_matches(t, controller, self, e, entering)) matches.push_back(e);
      }
      if (t.pick != 0 && matches.size() > static_cast<size_t>(std::abs(t.pick))) matches.resize(static_cast<size_t>(std::abs(t.pick)));
    } else {
      for (EntityId e : pile_of(p, t.pile)->ids()) {
        if (target_matches(t, controller, self, e, entering)) matches.push_back(e);
      }
      const size_t n = static_cast<size_t>(std::abs(t.pick));
      if (t.pick > 0 && matches.size() > n) matches.erase(matches.begin(), matches.end() - static_cast<std::ptrdiff_t>(n));
      if (t.pick < 0 && matches.size() > n) matches.resize(n);
    }
    std::vector<uint16_t> seen;
    for (EntityId e : matches) {
      if (distinct && t.pile != Pile::kRing) {
        if (std::find(seen.begin(), seen.end(), cards_[e].def) != seen.end()) continue;
        seen.push_back(cards_[e].def);
      }
      out.push_back(e);
    }
  }
  return out;
}

std::vector<std::vector<EntityId>> Game::several_choices(const CTarget& t, const std::vector<EntityId>& candidates) const {
  std::vector<std::vector<EntityId>> out;
  const size_t n = std::min<size_t>(candidates.size(), 16);  // the compiler allows only small sets
  // With fewer cards than asked for, all there are is the one choice.
  const size_t lo = std::min<size_t>(t.min, n), hi = std::min<size_t>(t.max, n);
  if (n == 0) return out;
  std::vector<std::vector<uint16_t>> seen;  // one choice per distinct set of cards
  for (uint32_t mask = 1; mask < (1u << n); ++mask) {
    const size_t k = static_cast<size_t>(__builtin_popcount(mask));
    if (k < lo || k > hi) continue;
    std::vector<EntityId> set;
    std::vector<uint16_t> defs;
    for (size_t i = 0; i < n; ++i) {
      if (mask & (1u << i)) {
        set.push_back(candidates[i]);
        defs.push_back(cards_[candidates[i]].def);
      }
    }
    std::sort(defs.begin(), defs.end());
    if (t.same_ring) {
      // @sameRing: every card chosen is in the same ring.
      int p0, s0;
      slot_of(set.front(), p0, s0);
      const bool one_ring = std::all_of(set.begin(), set.end(), [&](EntityId e) {
        int p1, s1;
        slot_of(e, p1, s1);
        return p1 == p0;
      });
      if (!one_ring) continue;
    }
    if (t.pile != Pile::kRing) {
      if (std::find(seen.begin(), seen.end(), defs) != seen.end()) continue;
      seen.push_back(defs);
    }
    out.push_back(std::move(set));
  }
  return out;
}

const CScript* Game::script_or_own(EntityId self, int32_t script) const {
  if (script < 0) return script_of(self);
  const CScript& s = pool_->compiled[static_cast<size_t>(script)];
  return s.compiled ? &s : nullptr;
}

void Game::script_variants(const Action& base, EntityId self, int p, bool in_ring, std::vector<Action>& out, int32_t script) const {
  const CScript* s = script_or_own(self, script);
  if (!s) return;
  const int8_t entering = base.kind == Action::Kind::kPlayCharacter ? base.slot : -1;
  for (const CTarget& r : s->requisites) {
    if (r.who == CTarget::Who::kCards && card_targets(r, p, self, entering).empty()) return;
  }
  for (size_t ri = 0; ri < s->actions.size(); ++ri) {
    const CAction& a = s->actions[ri];
    std::vector<std::vector<EntityId>> pays;
    if (!rule_payments(a, self, p, in_ring, entering, pays)) continue;
    const RuleChoices rc = rule_choices(a, self, p, entering);
    const auto& [combos, several, several_of, may] = rc;
    for (const auto& paid : pays) {
      for (const auto& c : combos) {
        for (const auto& set : several) {
          Action v = base;
          v.rule = static_cast<int8_t>(ri);
          std::copy(paid.begin(), paid.end(), v.paid.begin());
          v.targets = c;
          if (several_of >= 0) {
            v.several_of = several_of;
            std::copy(set.begin(), set.end(), v.several.begin());
          }
          out.push_back(v);
          if (may) {
            v.decline = true;
            out.push_back(v);
          }
        }
      }
    }
  }
}

// Whether rule `a` of `self` can be paid for now, and the sets of cards that can pay for it
// ({D(...)}, {S(...)}; one empty set when it takes none).
bool Game::rule_payments(const CAction& a, EntityId self, int p, bool in_ring, int8_t entering, std::vector<std::vector<EntityId>>& pays) const {
  // Costs that cannot be paid make the rule unusable: {F} needs an unfrozen card in the ring,
  // {S} a card in the ring, {D} another card in the hand.
  if ((a.cost_freeze || a.cost_sacrifice) && !in_ring) return false;
  if (a.cost_freeze && cards_[self].frozen) return false;
  // {D(<r>)}: a card at random, so the hand needs one besides the card being played.
  if (a.cost_discard_pick && a.discard_pick.random > 0 &&
      std::cmp_less(hand_matches(p, a.discard_pick, self), a.discard_pick.random)) {
    return false;
  }
  // Cards chosen to pay: {D(...)} from the hand (not the card being played), {S(...)} from the ring.
  pays = {{}};
  if (a.pay != CAction::Pay::kNone) {
    std::vector<EntityId> can = card_targets(a.pay_from, p, self, entering);
    if (a.pay == CAction::Pay::kDiscard) can.erase(std::remove(can.begin(), can.end(), self), can.end());
    if (can.size() < a.pay_from.min) return false;
    if (a.pay_from.max > 1 || a.pay_from.min != 1) {
      pays = several_choices(a.pay_from, can);
    } else {
      pays.clear();
      for (EntityId e : can) pays.push_back({e});
    }
    if (pays.empty()) return false;
  }
  return true;
}

// The ways to choose the targets of rule `a`: one card per statement that targets one (their
// product), the cards of the one statement that takes several, and whether it may be declined.
Game::RuleChoices Game::rule_choices(const CAction& a, EntityId self, int p, int8_t entering) const {
  // One target choice per statement that targets one card; the ways to run are their product.
  RuleChoices rc;
  auto& combos = rc.combos;
  auto& several = rc.several;
  int8_t& several_of = rc.several_of;
  bool& may = rc.may;
  // Each card to choose multiplies the ways to run; the cards of one statement differ (steal(Y)
  // from(X): not from Y itself).
  auto multiply = [&](size_t slot, const std::vector<EntityId>& choices, const CStatement& st) {
    std::vector<std::array<EntityId, kMaxTargets>> next;
    for (const auto& c : combos) {
      for (EntityId e : choices) {
        bool clash = false;
        for (size_t k = 0; k < st.more.size(); ++k) clash |= c[static_cast<size_t>(st.more_slot) + k] == e;
        if (clash) continue;
        auto x = c;
        x[slot] = e;
        next.push_back(x);
      }
    }
    combos = std::move(next);
  };
  for (size_t si = 0; si < a.statements.size(); ++si) {
    const CStatement& st = a.statements[si];
    may |= st.may;
    for (size_t k = 0; k < st.more.size(); ++k) {
      if (st.more[k].plural) continue;  // every match: nothing to choose
      const std::vector<EntityId> choices = card_targets(st.more[k], p, self, entering);
      if (!choices.empty()) multiply(static_cast<size_t>(st.more_slot) + k, choices, st);
    }
    if (st.target.who != CTarget::Who::kCards || st.target.plural || st.target.random > 0 || st.target.one_at_a_time) continue;
    std::vector<EntityId> choices = card_targets(st.target, p, self, entering);
    // The card being played leaves the hand before its rule runs: not a card of the hand to choose
    // (nor a copy of it: the first copy stands for all of them among the choices).
    if (st.target.pile == Pile::kHand && std::find(choices.begin(), choices.end(), self) != choices.end()) {
      CTarget t = st.target;
      t.other = true;
      choices = card_targets(t, p, self, entering);
    }
    if (st.target.or_enemy) choices.push_back(kEnemyTarget);
    if (choices.empty()) continue;  // the statement does not apply; the rest still runs
    if (st.target.max > 1 || st.target.min != 1) {
      if (several_of >= 0) continue;  // one such statement per rule (as in every card so far)
      several = several_choices(st.target, choices);
      several_of = static_cast<int8_t>(si);
      continue;
    }
    multiply(si, choices, st);
  }
  return rc;
}

}  // namespace rk::cfc
