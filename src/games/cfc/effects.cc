// Running the compiled RuleScript of a card (script.h): which ways a script can run (its rules,
// costs, targets, [[may]]) as legal actions, and applying one.
#include <fmt/format.h>

#include <algorithm>

#include "games/cfc/game.h"

namespace rk::cfc {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  return s;
}

// One word of a type or [filter] segment against a card: a card type, a subtype, or a state.
bool word_matches(const std::string& w, const CardDef& d, const Card& c, size_t backups, bool has_script) {
  if (w == "*" || w == "all") return true;
  if (w == "character") return d.type == CardType::kCharacter;
  if (w == "action") return d.type == CardType::kAction;
  if (w == "reaction") return d.type == CardType::kReaction;
  if (w == "frozen") return c.frozen;
  if (w == "fresh") return c.fresh;
  if (w == "backedup") return backups > 0;
  if (w == "powerful") return has_script;
  if (w == "powerless") return !has_script;
  return lower(d.subtype) == w;
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

}  // namespace

const CScript* Game::script_of(EntityId e) const {
  const int32_t s = def(e).script;
  if (s < 0) return nullptr;
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

bool Game::target_matches(const CTarget& t, int controller, EntityId self, EntityId e) const {
  if (t.other && e == self) return false;
  int p, slot;
  slot_of(e, p, slot);
  if (p < 0) return false;
  if (t.side == 0 && p != controller) return false;
  if (t.side == 1 && p == controller) return false;
  const CardDef& d = def(e);
  const Card& c = cards_[e];
  const size_t backups = players_[p].backups[static_cast<size_t>(slot)].size();
  const bool has_script = d.script >= 0;
  if (!t.types.empty()) {
    bool any = false;
    for (const TypeTerm& tt : t.types) any |= word_matches(tt.word, d, c, backups, has_script) != tt.negate;
    if (!any) return false;
  }
  // [filters]: terms joined by & (and_next) and , (or), & binding first.
  const auto& terms = t.filters.terms;
  bool result = false, group = true;
  for (size_t i = 0; i < terms.size(); ++i) {
    const FilterTerm& ft = terms[i];
    bool v = ft.kind == FilterTerm::Kind::kCompare ? compare(ft.op, c.bp, ft.value)
                                                   : word_matches(ft.word, d, c, backups, has_script);
    if (ft.prefix == '-' || ft.prefix == '^') v = !v;
    group = group && v;
    const bool and_next = i < t.filters.and_next.size() && t.filters.and_next[i];
    if (!and_next) {
      result = result || group;
      group = true;
    }
  }
  return terms.empty() || result;
}

std::vector<EntityId> Game::card_targets(const CTarget& t, int controller, EntityId self) const {
  std::vector<EntityId> out;
  // The controller's ring first, then the opponent's, each by slot.
  for (int k = 0; k < 2; ++k) {
    const int p = k == 0 ? controller : 1 - controller;
    for (EntityId e : players_[p].ring) {
      if (e != kNoEntity && target_matches(t, controller, self, e)) out.push_back(e);
    }
  }
  return out;
}

void Game::script_variants(const Action& base, EntityId self, int p, bool in_ring, std::vector<Action>& out) const {
  const CScript* s = script_of(self);
  if (!s) return;
  for (const CTarget& r : s->requisites) {
    if (r.who == CTarget::Who::kCards && card_targets(r, p, self).empty()) return;
  }
  const PlayerState& ps = players_[p];
  for (size_t ri = 0; ri < s->actions.size(); ++ri) {
    const CAction& a = s->actions[ri];
    // Costs that cannot be paid make the rule unusable: {F} needs an unfrozen card in the ring,
    // {S} a card in the ring, {D} another card in the hand.
    if ((a.cost_freeze || a.cost_sacrifice) && !in_ring) continue;
    if (a.cost_freeze && cards_[self].frozen) continue;
    std::vector<EntityId> discards = {kNoEntity};
    if (a.cost_discard) {
      discards.clear();
      std::vector<uint16_t> seen;  // one choice per distinct card
      for (EntityId h : ps.hand.ids()) {
        if (h == self || std::find(seen.begin(), seen.end(), cards_[h].def) != seen.end()) continue;
        seen.push_back(cards_[h].def);
        discards.push_back(h);
      }
      if (discards.empty()) continue;
    }
    std::vector<std::pair<EntityId, int8_t>> targets = {{kNoEntity, -1}};
    if (a.target.who == CTarget::Who::kCards && !a.target.plural) {
      targets.clear();
      for (EntityId e : card_targets(a.target, p, self)) targets.push_back({e, -1});
      if (targets.empty()) targets.push_back({kNoEntity, -1});  // the rule does not apply; the cost is still paid
    }
    for (EntityId d : discards) {
      for (const auto& [te, tp] : targets) {
        Action v = base;
        v.rule = static_cast<int8_t>(ri);
        v.discard = d;
        v.target = te;
        v.target_player = tp;
        out.push_back(v);
        if (a.may) {
          v.decline = true;
          out.push_back(v);
        }
      }
    }
  }
}

void Game::run_script(const Action& act, EntityId self, int p) {
  const CScript* s = script_of(self);
  if (!s || act.rule < 0 || static_cast<size_t>(act.rule) >= s->actions.size()) return;
  const CAction& a = s->actions[static_cast<size_t>(act.rule)];
  PlayerState& ps = players_[p];
  // Costs.
  if (act.discard != kNoEntity && ps.hand.remove(act.discard)) players_[cards_[act.discard].owner].discards.push_top(act.discard);
  if (a.cost_freeze) cards_[self].frozen = true;
  if (a.cost_sacrifice) {
    int sp, slot;
    slot_of(self, sp, slot);
    if (sp >= 0) ko(sp, slot);
  }
  if (act.decline) return;
  // Targets: the chosen card, every match, a player, or by default this card / the controller.
  std::vector<EntityId> cards;
  std::vector<int> players;
  switch (a.target.who) {
    case CTarget::Who::kDefault:
      cards.push_back(self);
      players.push_back(p);
      break;
    case CTarget::Who::kThis: cards.push_back(self); break;
    case CTarget::Who::kMe: players.push_back(p); break;
    case CTarget::Who::kOpp: players.push_back(1 - p); break;
    case CTarget::Who::kPlayers:
      players.push_back(p);
      players.push_back(1 - p);
      break;
    case CTarget::Who::kCards:
      if (a.target.plural) {
        cards = card_targets(a.target, p, self);
      } else if (act.target != kNoEntity && target_matches(a.target, p, self, act.target)) {
        cards.push_back(act.target);
      }
      break;
  }
  bool ok = true;
  for (const CEffect& e : a.effects) {
    if (e.stop_on_fail && !ok) break;
    ok = false;
    if (phase_ == Phase::kOver) return;
    if (is_player_command(e.cmd) || (e.cmd == CEffect::Cmd::kDamage && cards.empty())) {
      for (int t : players) {
        PlayerState& tp = players_[t];
        switch (e.cmd) {
          case CEffect::Cmd::kDraw:
            for (int32_t i = 0; i < e.value; ++i) {
              if (tp.deck.empty()) break;
              draw_card(t);
              ok = true;
            }
            break;
          case CEffect::Cmd::kSp:
            tp.sp = std::max(0, e.mod == '=' ? e.value : tp.sp + e.value);
            ok = true;
            break;
          case CEffect::Cmd::kHp:
            tp.hp += e.value;
            ok = true;
            if (tp.hp <= 0) lose(t);
            break;
          case CEffect::Cmd::kLoseLife:
          case CEffect::Cmd::kDamage:
            deal_player_damage(t, e.value);
            ok = true;
            break;
          case CEffect::Cmd::kShuffle:
            chance_.shuffle(tp.deck.ids().begin(), tp.deck.ids().end(), logging_ ? &log_ : nullptr);
            ok = true;
            break;
          case CEffect::Cmd::kTrash:
            for (int32_t i = 0; i < e.value; ++i) {
              const auto top = tp.deck.take_top();
              if (!top) break;
              players_[cards_[*top].owner].discards.push_top(*top);
              ok = true;
            }
            break;
          default: break;
        }
      }
      continue;
    }
    for (EntityId c : cards) {
      int cp, slot;
      slot_of(c, cp, slot);
      if (cp < 0) continue;  // it left the ring meanwhile
      Card& card = cards_[c];
      ok = true;
      switch (e.cmd) {
        case CEffect::Cmd::kDamage: card.bp = std::max(0, card.bp - e.value); break;
        case CEffect::Cmd::kBp: {
          const int32_t before = card.bp;
          card.bp = std::max(0, e.mod == 'x' ? card.bp * e.value : e.mod == '=' ? e.value : card.bp + e.value);
          if (a.until_end_of_turn) bp_changes_.add({c, card.epoch, card.bp - before}, {kernel::Until::kEndOfTurn});
          break;
        }
        case CEffect::Cmd::kDestroy: ko(cp, slot); break;
        case CEffect::Cmd::kFreeze: card.frozen = true; break;
        case CEffect::Cmd::kUnfreeze: card.frozen = false; break;
        case CEffect::Cmd::kReveal: break;
        default: ok = false; break;
      }
    }
  }
  ko_zero_bp();
}

// "Until the end of the turn" ends: BP changes are taken back from characters still in the ring.
void Game::end_of_turn_effects() {
  for (const auto& entry : bp_changes_.entries()) {
    const BpChange& b = entry.effect;
    int p, slot;
    slot_of(b.card, p, slot);
    if (p >= 0 && cards_[b.card].epoch == b.epoch) cards_[b.card].bp = std::max(0, cards_[b.card].bp - b.delta);
  }
  bp_changes_.expire({kernel::Moment::Kind::kTurnEnds, static_cast<int8_t>(active_)});
}

}  // namespace rk::cfc
