// The decisions of a Card Fighters' Clash turn: what is legal, applying it, and its label.
#include <fmt/format.h>

#include <algorithm>

#include "games/cfc/rules/game.h"
#include "kernel/game.h"

namespace rk::cfc {
namespace {

using Kind = Action::Kind;

// Hand positions worth offering: one per distinct card (two copies of a card are the same choice).
// `removed`: positions in the removed pile instead (play_removed).
std::vector<int8_t> distinct_hand(const Game& g, int p, CardType type, bool removed = false) {
  std::vector<int8_t> out;
  std::vector<uint16_t> seen;
  const kernel::Zone& hand = removed ? g.player(p).removed : g.player(p).hand;
  for (size_t i = 0; i < hand.size(); ++i) {
    const Card& c = g.card(hand[i]);
    if (g.pool().cards[c.def].type != type || std::find(seen.begin(), seen.end(), c.def) != seen.end()) continue;
    seen.push_back(c.def);
    out.push_back(static_cast<int8_t>(i));
  }
  return out;
}

}  // namespace

bool Game::attacking(int slot) const {
  for (const Attack& a : attacks_) {
    for (int k = 0; k < a.size; ++k) {
      if (a.slots[static_cast<size_t>(k)] == slot) return true;
    }
  }
  return false;
}

// Rulebook "Attack": unfrozen, and in the ring since the turn began.
bool Game::can_attack(int slot) const {
  const EntityId e = players_[active_].ring[static_cast<size_t>(slot)];
  if (e == kNoEntity || cards_[e].frozen || attacking(slot)) return false;
  const uint16_t ab = abilities(e);
  return !(ab & kCantAttack) && (!cards_[e].fresh || (ab & kRush)) && rule_on(kRuleAttack, active_);
}

// Rulebook "Back-ups": a character card whose subtype has a free icon among the target's back-ups.
bool Game::backup_fits(int p, int slot, EntityId card) const {
  const EntityId target = players_[p].ring[static_cast<size_t>(slot)];
  if (target == kNoEntity || cards_[target].frozen) return false;
  if (cards_[target].fresh && !rule_on(kRuleBackupFresh, p)) return false;
  const CardDef& b = def(card);
  if (b.type != CardType::kCharacter) return false;
  const auto& accepts = def(target).backups;
  long free = std::count(accepts.begin(), accepts.end(), b.subtype);
  if (free > 0 && (abilities(target) & kUnlimitedBackup)) return true;  // any number of back-ups
  for (EntityId under : players_[p].backups[static_cast<size_t>(slot)]) free -= def(under).subtype == b.subtype;
  return free > 0;
}

void Game::playable_from_hand(int p, CardType type, Action::Kind kind, uint16_t forbidden, std::vector<Action>& out) const {
  if (player_abilities(p) & forbidden) return;  // cantplayac, cantplayre
  const int sources = play_sources(p);
  for (int k = 0; k < sources; ++k) {
    const bool removed = k == 1;
    const kernel::Zone& from = removed ? players_[p].removed : players_[p].hand;
    for (int8_t h : distinct_hand(*this, p, type, removed)) {
      const EntityId e = from[static_cast<size_t>(h)];
      if (!can_pay(p, play_sp(p, e))) continue;
      Action base{kind, h};
      base.removed = removed;
      // A card whose script runs is played one way per way to run it (none: its requisite is not
      // met); a card whose script does not run yet is played for its cost alone.
      if (script_of(e)) script_variants(base, e, p, false, out);
      else out.push_back(base);
    }
  }
}

int Game::play_sources(int p) const {
  return !players_[p].removed.empty() && rule_on(kRulePlayRemoved, p) ? 2 : 1;
}

std::vector<Action> Game::legal_actions() const {
  std::vector<Action> out;
  if (phase_ == Phase::kOver) return out;
  if (!frames_.empty()) return pending_actions();  // a choice raised by a rule
  out.push_back({Kind::kPass});
  const int p = current_player();
  const PlayerState& ps = players_[p];
  if (phase_ == Phase::kMain) {
    const int sources = play_sources(p);
    if (ps.chars_played <= ps.extra_chars && std::count(ps.ring.begin(), ps.ring.end(), kNoEntity) > 0) {
      for (int k = 0; k < sources; ++k) {
        const bool removed = k == 1;
        for (int8_t h : distinct_hand(*this, p, CardType::kCharacter, removed)) {
          const EntityId e = (removed ? ps.removed : ps.hand)[static_cast<size_t>(h)];
          if (!can_pay(p, def(e).sp) || !char_bp_allowed(e)) continue;
          for (int s = 0; s < kSlots; ++s) {
            if (ps.ring[static_cast<size_t>(s)] != kNoEntity) continue;
            Action play{Kind::kPlayCharacter, h, static_cast<int8_t>(s)};
            play.removed = removed;
            // A ▲ ability runs as the character enters the ring: each way to run it is a choice.
            const size_t before = out.size();
            if (def(e).ability == AbilityType::kInstant && rule_on(kRuleInstantAct, p)) script_variants(play, e, p, true, out);
            if (out.size() == before) out.push_back(play);
          }
        }
      }
    }
    if (ps.backups_played == 0 || !rule_on(kRuleBackupLimit, p)) {
      for (int k = 0; k < sources; ++k) {
        const bool removed = k == 1;
        for (int8_t h : distinct_hand(*this, p, CardType::kCharacter, removed)) {
          for (int s = 0; s < kSlots; ++s) {
            if (!backup_fits(p, s, (removed ? ps.removed : ps.hand)[static_cast<size_t>(h)])) continue;
            Action backup{Kind::kBackup, h, static_cast<int8_t>(s)};
            backup.removed = removed;
            out.push_back(backup);
          }
        }
      }
    }
    playable_from_hand(p, CardType::kAction, Kind::kPlayAction, kCantPlayAction, out);
    for (int s = 0; s < kSlots; ++s) {
      const EntityId e = ps.ring[static_cast<size_t>(s)];
      if (e != kNoEntity && rules_def(e).ability == AbilityType::kActivated && script_of(e) && !cards_[e].frozen &&
          (!cards_[e].fresh || rule_on(kRuleTriggerFresh, p)) && rule_on(kRuleTriggerAct, p)) {
        script_variants({Kind::kActivate, -1, static_cast<int8_t>(s)}, e, p, true, out);
      }
    }
  } else if (phase_ == Phase::kAttack) {
    const int united = united_members();
    for (int s = 0; s < kSlots; ++s) {
      if (!can_attack(s)) continue;
      out.push_back({Kind::kAttack, -1, static_cast<int8_t>(s)});
      // One united attack a turn, of two or three characters, paid 5 SP per joining character.
      for (size_t k = 0; k < attacks_.size(); ++k) {
        const Attack& a = attacks_[k];
        if (a.size == 0 || a.size >= kMaxUnited || (united > 1 && a.size == 1)) continue;
        if (ps.sp < united_cost(p, a.size + 1)) continue;
        out.push_back({Kind::kUnite, -1, static_cast<int8_t>(s), static_cast<int8_t>(k)});
      }
    }
  } else if (phase_ == Phase::kCounter) {
    playable_from_hand(p, CardType::kReaction, Kind::kPlayReaction, kCantPlayReaction, out);
    // One counter per attack, one attack per counter, by an unfrozen character; unblockable
    // attackers and characters that cannot block are left out.
    for (size_t k = 0; k < attacks_.size(); ++k) {
      if (attacks_[k].blocker >= 0 || attacks_[k].size == 0) continue;
      const EntityId lead = players_[active_].ring[static_cast<size_t>(attacks_[k].slots[0])];
      if (lead != kNoEntity && (abilities(lead) & kUnblockable)) continue;
      for (int s = 0; s < kSlots; ++s) {
        const EntityId e = ps.ring[static_cast<size_t>(s)];
        if (e == kNoEntity || cards_[e].frozen || (abilities(e) & kCantBlock)) continue;
        if (std::any_of(attacks_.begin(), attacks_.end(), [&](const Attack& a) { return a.blocker == s; })) continue;
        if (!hooks_allow_block(k, s)) continue;
        out.push_back({Kind::kBlock, -1, static_cast<int8_t>(s), static_cast<int8_t>(k)});
      }
    }
  }
  return out;
}

bool Game::apply_index(size_t index) {
  const std::vector<Action> legal = legal_actions();
  if (index >= legal.size()) return false;
  if (logging_) log_.action(current_player(), static_cast<uint32_t>(index), static_cast<uint32_t>(legal.size()));
  apply_action(legal[index]);
  return true;
}

void Game::apply_action(const Action& a) {
  const int p = current_player();
  if (p == kernel::kTerminal) return;
  PlayerState& ps = players_[p];
  auto take_from_hand = [&](int8_t h) { return (a.removed ? ps.removed : ps.hand).remove_at(static_cast<size_t>(h)); };
  auto pay = [&](int32_t sp) { ps.sp = std::max(0, ps.sp + sp); };  // positive SP is gained
  if (!frames_.empty()) {
    answer_pending(a);
    return;
  }
  switch (a.kind) {
    case Kind::kChoose: break;  // only while a choice is pending
    case Kind::kPass:
      if (phase_ == Phase::kMain) {
        enter_attack_phase();
      } else if (phase_ == Phase::kAttack) {
        if (attacks_.empty()) {
          end_phase();
        } else {
          enter_counter_phase();
        }
      } else if (phase_ == Phase::kCounter) {
        end_phase();
      }
      break;
    case Kind::kPlayCharacter: {
      const EntityId e = take_from_hand(a.hand);
      pay(def(e).sp);
      ps.ring[static_cast<size_t>(a.slot)] = e;
      cards_[e].bp = def(e).bp;
      cards_[e].fresh = true;
      cards_[e].frozen = false;
      ++ps.chars_played;
      if (a.rule >= 0) run_script(a, e, p);
      break;
    }
    case Kind::kBackup: {
      const EntityId e = take_from_hand(a.hand);
      ps.backups[static_cast<size_t>(a.slot)].push_back(e);
      cards_[ps.ring[static_cast<size_t>(a.slot)]].bp += kBackupBp;
      ++ps.backups_played;
      fire(EventKind::kBackedUp, p, ps.ring[static_cast<size_t>(a.slot)], e);
      break;
    }
    case Kind::kPlayAction:
    case Kind::kPlayReaction: {
      const EntityId e = source(p, a)[static_cast<size_t>(a.hand)];
      pay(play_sp(p, e));
      take_from_hand(a.hand);
      // Effects that last until the next action card (Tessa's free action) end once it is paid for.
      if (a.kind == Kind::kPlayAction) cost_changes_.expire({kernel::Moment::Kind::kEvent, -1, kEventActionPlayed});
      if (a.rule >= 0) run_script(a, e, p);
      put(players_[cards_[e].owner].discards, e);
      if (const CScript* s = script_of(e); s && !s->autos.empty()) played_autos_.push_back({e, static_cast<int8_t>(p)});
      break;
    }
    case Kind::kActivate: {
      // Rulebook "■ Ability": activating it freezes the character (its {F} cost says the same).
      const EntityId e = ps.ring[static_cast<size_t>(a.slot)];
      cards_[e].frozen = true;
      run_script(a, e, p);
      break;
    }
    case Kind::kAttack: {
      Attack at;
      at.slots[0] = a.slot;
      at.size = 1;
      attacks_.push_back(at);
      break;
    }
    case Kind::kUnite: {
      Attack& at = attacks_[static_cast<size_t>(a.attack)];
      at.slots[at.size++] = a.slot;
      at.united = true;
      mark_united();
      break;
    }
    case Kind::kBlock: attacks_[static_cast<size_t>(a.attack)].blocker = a.slot; break;
  }
}

// What a script choice adds to a label: ", discarding X", ", targeting Y (player 2 slot 3)",
// ", declining", and which rule when the card has several.
// A card and where it is: "Guile (player 2 slot 3)", "Rush (enemy's deck)".
std::string Game::where(EntityId t) const {
  int p, slot;
  slot_of(t, p, slot);
  if (p >= 0) return fmt::format("{} (player {} slot {})", def(t).name, p + 1, slot + 1);
  static constexpr std::pair<Pile, const char*> kPiles[] = {
      {Pile::kHand, "hand"}, {Pile::kDeck, "deck"}, {Pile::kDiscards, "discards"}, {Pile::kRemoved, "removed"}};
  std::string at = "?";
  for (int q = 0; q < 2; ++q) {
    for (const auto& [pile, name] : kPiles) {
      if (pile_of(q, pile)->contains(t)) at = fmt::format("{} {}", q == current_player() ? "your" : "enemy's", name);
    }
  }
  return fmt::format("{} ({})", def(t).name, at);
}

std::string Game::script_label(const Action& a, EntityId self, int32_t script) const {
  if (a.rule < 0) return "";
  std::string out;
  const CScript* s = script_or_own(self, script);
  if (s && s->actions.size() > 1) {
    const std::string& l = s->actions[static_cast<size_t>(a.rule)].label;
    out += l.empty() ? fmt::format(" (rule {})", a.rule + 1) : fmt::format(" ({})", l);
  }
  for (EntityId t : a.paid) {
    if (t == kNoEntity) continue;
    const bool in_hand = players_[0].hand.contains(t) || players_[1].hand.contains(t);
    out += fmt::format(", {} {}", in_hand ? "discarding" : "sacrificing", in_hand ? def(t).name : where(t));
  }
  std::vector<EntityId> shown(a.targets.begin(), a.targets.end());
  shown.insert(shown.end(), a.several.begin(), a.several.end());
  for (EntityId t : shown) {
    if (t == kEnemyTarget) out += ", targeting the enemy";
    else if (t != kNoEntity) out += fmt::format(", targeting {}", where(t));
  }
  if (a.decline) out += ", declining";
  return out;
}

std::string Game::label(const Action& a) const {
  const int p = current_player() == kernel::kTerminal ? active_ : current_player();
  const PlayerState& ps = players_[p];
  const kernel::Zone& from = source(p, a);
  auto hand_name = [&](int8_t h) {
    return def(from[static_cast<size_t>(h)]).name + (a.removed ? std::string(" from the removed pile") : std::string());
  };
  auto ring_name = [&](int owner, int slot) {
    const EntityId e = players_[owner].ring[static_cast<size_t>(slot)];
    return fmt::format("{} (slot {})", e == kNoEntity ? std::string("?") : def(e).name, slot + 1);
  };
  if (!frames_.empty()) return pending_label(a);
  switch (a.kind) {
    case Kind::kChoose: return fmt::format("choose {}", where(a.targets[0]));
    case Kind::kPass: return "pass";
    case Kind::kPlayCharacter:
      return fmt::format("play {} in slot {}{}", hand_name(a.hand), a.slot + 1, script_label(a, from[static_cast<size_t>(a.hand)]));
    case Kind::kBackup: return fmt::format("backup {} with {}", ring_name(p, a.slot), hand_name(a.hand));
    case Kind::kPlayAction: return fmt::format("action {}{}", hand_name(a.hand), script_label(a, from[static_cast<size_t>(a.hand)]));
    case Kind::kActivate:
      return fmt::format("activate {}{}", ring_name(p, a.slot), script_label(a, ps.ring[static_cast<size_t>(a.slot)]));
    case Kind::kAttack: return fmt::format("attack with {}", ring_name(p, a.slot));
    case Kind::kUnite:
      return fmt::format("unite {} with {}", ring_name(p, a.slot), ring_name(p, attacks_[static_cast<size_t>(a.attack)].slots[0]));
    case Kind::kPlayReaction: return fmt::format("reaction {}{}", hand_name(a.hand), script_label(a, from[static_cast<size_t>(a.hand)]));
    case Kind::kBlock:
      return fmt::format("counter {} with {}", ring_name(active_, attacks_[static_cast<size_t>(a.attack)].slots[0]), ring_name(p, a.slot));
  }
  return "?";
}

}  // namespace rk::cfc
