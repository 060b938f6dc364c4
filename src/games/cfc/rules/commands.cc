// The RuleScript commands: one handler per command, in a table indexed by the command enum
// (CEffect::Cmd). The table is built at compile time and the build fails when a command has no
// handler or two, so a new command cannot be forgotten; no switch over the commands has a
// default arm. A handler runs one effect of a statement on its targets (EffectRun) and says
// whether it raised a choice (the rule then waits for it: pending.cc).
#include <algorithm>
#include <array>
#include <climits>
#include <utility>

#include "games/cfc/rules/game.h"
#include "games/cfc/rules/script_expr.h"

namespace rk::cfc {

struct Game::Commands {
  using Run = EffectRun;

  // An amount: the number written, or the expression's value now (damage(this.bp)).
  static int32_t amount(const Run& r) { return r.e.value_expr != expr::kNoNode ? eval_int(r.scope, r.e.value_expr) : r.e.value; }
  static bool timed_st(const CStatement& st) { return st.until_end_of_turn || st.until_opponent_turn_end || st.until_your_next_turn; }

  // f(card, id, player, slot) on each target card that is in a ring (others are skipped); the
  // effect did something as soon as one is.
  template <class F>
  static void ring_cards(Game& g, Run& r, F f) {
    for (EntityId c : r.tg.cards) {
      int cp, slot;
      g.slot_of(c, cp, slot);
      if (cp < 0) continue;  // not (or no longer) in a ring
      r.ok = true;
      f(g.cards_[c], c, cp, slot);
    }
  }
  // f(player state, player) on each target player; each counts as done.
  template <class F>
  static void players(Game& g, Run& r, F f) {
    for (int t : r.tg.players) {
      r.ok = true;
      f(g.players_[static_cast<size_t>(t)], t);
    }
  }

  // Cards in a ring.
  static bool damage(Game& g, Run& r) {
    if (r.on_players) return lose_life(g, r);
    const int32_t v = amount(r);
    ring_cards(g, r, [&](Card& card, EntityId, int, int) { card.bp = std::max(0, card.bp - v); });
    return false;
  }
  static bool bp(Game& g, Run& r) {
    const int32_t v = amount(r);
    ring_cards(g, r, [&](Card& card, EntityId c, int, int) {
      const int32_t before = card.bp;
      // BP stays within [0, kMaxBp]: repeated doublings must not overflow.
      const int64_t next = r.e.mod == 'x' ? int64_t{card.bp} * v : r.e.mod == '=' ? int64_t{v} : int64_t{card.bp} + v;
      card.bp = static_cast<int32_t>(std::clamp<int64_t>(next, 0, kMaxBp));
      if (r.st.until_end_of_turn) g.bp_changes_.add({c, card.epoch, card.bp - before}, {kernel::Until::kEndOfTurn});
    });
    return false;
  }
  static bool destroy(Game& g, Run& r) {
    ring_cards(g, r, [&](Card&, EntityId, int cp, int slot) { g.ko(cp, slot); });
    return false;
  }
  static bool freeze(Game& g, Run& r) {
    ring_cards(g, r, [&](Card& card, EntityId, int, int) { card.frozen = r.e.mod == 't' ? !card.frozen : true; });
    return false;
  }
  static bool unfreeze(Game& g, Run& r) {
    ring_cards(g, r, [&](Card& card, EntityId, int, int) { card.frozen = false; });
    return false;
  }
  static bool reveal(Game& g, Run& r) {
    ring_cards(g, r, [](Card&, EntityId, int, int) {});
    return false;
  }
  static bool lose_ability(Game& g, Run& r) {
    ring_cards(g, r, [](Card& card, EntityId, int, int) { card.powerless = true; });
    return false;
  }
  static bool remove_from_attack(Game& g, Run& r) {
    ring_cards(g, r, [&](Card&, EntityId, int cp, int slot) { g.remove_from_attack(cp, slot); });
    return false;
  }
  // +ability: to the target cards, else (no card) to the target players.
  static bool grant(Game& g, Run& r) {
    const uint16_t bits = r.e.ability;
    if (r.on_players) {
      players(g, r, [&](PlayerState& tp, int t) {
        if (timed_st(r.st)) g.grants_.add({kNoEntity, static_cast<int8_t>(t), 0, bits}, g.timed(r.st, r.p));
        else tp.granted |= bits;
      });
      return false;
    }
    ring_cards(g, r, [&](Card& card, EntityId c, int cp, int) {
      const bool own = c == r.self && g.rules_def(c).ability == AbilityType::kAuto;
      if (timed_st(r.st)) {
        g.grants_.add({c, static_cast<int8_t>(cp), card.epoch, bits, own}, g.timed(r.st, r.p));
        return;
      }
      card.granted |= bits;
      // Given by something else as well: it stays when the ● ability is nullified.
      card.own_granted = static_cast<uint16_t>(own ? card.own_granted | bits : card.own_granted & ~bits);
      card.revoked = static_cast<uint16_t>(card.revoked & ~bits);
    });
    return false;
  }
  // -ability (a timed one on a player takes nothing: what it would take back is not tracked).
  static bool revoke(Game& g, Run& r) {
    const uint16_t bits = r.e.ability;
    if (r.on_players) {
      players(g, r, [&](PlayerState& tp, int) {
        if (!timed_st(r.st)) tp.granted = static_cast<uint16_t>(tp.granted & ~bits);
      });
      return false;
    }
    ring_cards(g, r, [&](Card& card, EntityId, int, int) {
      card.revoked |= bits;
      card.granted = static_cast<uint16_t>(card.granted & ~bits);
      card.own_granted = static_cast<uint16_t>(card.own_granted & ~bits);
    });
    return false;
  }

  // Cards anywhere.
  static bool move_to(Game& g, Run& r) {
    const int32_t where = amount(r);
    if (where == kAskPosition) return move_asked(g, r);
    for (EntityId c : r.tg.cards) {
      // To the card's owner's pile (ctrl), the script's player's (no prefix, my) or the opponent's (opp).
      const int to = r.e.whose < 0 ? g.cards_[c].owner : r.e.whose == 0 ? r.p : 1 - r.p;
      if (!g.detach(c)) continue;
      g.put(*g.pile_of(to, r.e.pile), c, where == -1);
      g.memory_.moved.push_back(c);
      r.ok = true;
    }
    return false;
  }
  // moveTo(oppDeck, ?): the cards are set aside, then put back one at a time (Question kArrange).
  static bool move_asked(Game& g, Run& r) {
    const std::vector<EntityId>& cards = r.tg.cards;
    const int to = r.e.whose < 0 ? (cards.empty() ? r.p : g.cards_[cards.front()].owner) : r.e.whose == 0 ? r.p : 1 - r.p;
    std::vector<EntityId> aside;
    for (EntityId c : cards) {
      if (!g.detach(c)) return false;
      aside.push_back(c);
      g.memory_.moved.push_back(c);
    }
    if (aside.empty()) return false;
    Question& pd = g.raise(Question::Mode::kArrange, r.at, r.script, r.p);
    pd.deck = static_cast<int8_t>(to);
    pd.aside = std::move(aside);
    return true;
  }
  static bool move_revealed(Game& g, Run& r) {
    for (EntityId c : r.tg.cards) r.ok |= g.move_revealed(c, r.e, r.p);
    return false;
  }
  // transform("guid") or transform(expr): the cards become that card model.
  static bool transform(Game& g, Run& r) {
    uint16_t becomes = kNoName;
    if (!r.e.guid.empty()) {
      becomes = r.e.model;  // kNoName when no card has that guid
    } else if (const EntityId model = eval_card(r.scope, r.e.value_expr); model != kNoEntity) {
      becomes = g.cards_[model].def;
    }
    if (becomes == kNoName) return false;
    for (EntityId c : r.tg.cards) {
      g.transform(c, becomes);
      r.ok = true;
    }
    return false;
  }
  static bool unite(Game& g, Run& r) {
    r.ok = g.unite(r.tg.cards);
    return false;
  }
  // swapChars(): two characters of one ring exchange their slots.
  static bool swap_chars(Game& g, Run& r) {
    const std::vector<EntityId>& cards = r.tg.cards;
    int pa, sa, pb, sb;
    if (cards.size() != 2) return false;
    g.slot_of(cards[0], pa, sa);
    g.slot_of(cards[1], pb, sb);
    if (pa < 0 || pa != pb) return false;
    g.swap_slots(pa, sa, sb);
    r.ok = true;
    return false;
  }
  // moveToSlot(): the player chooses an empty slot of the card's ring (Question kSlot).
  static bool move_to_slot(Game& g, Run& r) {
    int cp, slot;
    if (r.tg.cards.empty()) return false;
    g.slot_of(r.tg.cards.front(), cp, slot);
    if (cp < 0 || std::count(g.players_[cp].ring.begin(), g.players_[cp].ring.end(), kNoEntity) == 0) return false;
    Question& pd = g.raise(Question::Mode::kSlot, r.at, r.script, r.p);
    pd.deck = static_cast<int8_t>(cp);
    pd.aside = {r.tg.cards.front()};
    return true;
  }
  // activate(card): that card's rules run as this card's; how (which rule, targets) is chosen now
  // that the card is known (Question kActivate).
  static bool activate(Game& g, Run& r) {
    const std::vector<EntityId> named = eval_cards(r.scope, r.e.value_expr);
    if (named.empty()) return false;
    const int32_t script = g.rules_def(named.front()).script;
    if (script < 0) return false;
    Question& q = g.raise(Question::Mode::kActivate, r.at, script, r.p);
    q.aside = {named.front()};  // whose rules they are (for the label)
    if (g.pending_actions().empty()) {
      g.frames_.pop();
      return false;
    }
    return true;
  }

  // Rules of cards. copyAbility(expr): the targets get the rules of the card the expression names.
  // steal(): the receiver (this card, or the card chosen for steal's argument) gets the target's
  // rules and the target loses them. swapAbilities(): two characters exchange rules. A character
  // keeps what it got for as long as it stays in the ring.
  static bool copy_ability(Game& g, Run& r) {
    const EntityId from = eval_card(r.scope, r.e.value_expr);
    if (from == kNoEntity) return false;
    for (EntityId c : r.tg.cards) r.ok |= g.copy_rules(c, from);
    return false;
  }
  static bool steal(Game& g, Run& r) {
    const std::vector<EntityId>& cards = r.tg.cards;
    const EntityId to = r.e.to_more ? (r.tg.more.empty() ? kNoEntity : r.tg.more.front()) : r.self;
    if (to == kNoEntity || cards.empty() || cards.front() == to || !g.copy_rules(to, cards.front())) return false;
    g.cards_[cards.front()].powerless = true;
    r.ok = true;
    return false;
  }
  static bool swap_abilities(Game& g, Run& r) {
    if (r.tg.cards.size() != 2) return false;
    const uint16_t a = g.rules_model(r.tg.cards[0]), b = g.rules_model(r.tg.cards[1]);
    g.give_rules(r.tg.cards[0], b);
    g.give_rules(r.tg.cards[1], a);
    r.ok = true;
    return false;
  }

  // Players.
  static bool draw(Game& g, Run& r) {
    const int32_t v = amount(r);
    for (int t : r.tg.players) {
      for (int32_t i = 0; i < v && !g.players_[t].deck.empty(); ++i) {
        g.draw_card(t);
        r.ok = true;
      }
    }
    return false;
  }
  static bool sp(Game& g, Run& r) {
    const int32_t v = amount(r);
    players(g, r, [&](PlayerState& tp, int) {
      const int32_t before = tp.sp;
      tp.sp = static_cast<int32_t>(std::clamp<int64_t>(r.e.mod == '=' ? int64_t{v} : int64_t{tp.sp} + v, 0, kMaxBp));
      if (tp.sp < before) tp.lost_sp += before - tp.sp;
    });
    return false;
  }
  static bool hp(Game& g, Run& r) {
    const int32_t v = amount(r);
    players(g, r, [&](PlayerState& tp, int t) {
      tp.hp = static_cast<int32_t>(std::clamp<int64_t>(int64_t{tp.hp} + v, INT32_MIN / 2, kMaxBp));
      if (tp.hp <= 0) g.lose(t);
    });
    return false;
  }
  // loseLife(n), and damage(n) to a player: damage of an action card grows by modDamage.
  static bool lose_life(Game& g, Run& r) {
    const int32_t v = amount(r);
    const bool action_damage = r.e.cmd == CEffect::Cmd::kDamage && g.def(r.self).type == CardType::kAction && v > 0;
    players(g, r, [&](PlayerState& tp, int t) {
      const int32_t dealt = action_damage ? v + g.ring_mod(&CScript::action_damage_mod) : v;
      if (dealt > 0) tp.nc_damaged = true;  // non-combat damage (ncDamaged)
      g.deal_player_damage(t, dealt);
    });
    return false;
  }
  // shuffle(myDeck), shuffle(oppDeck), shuffle(ctrlDeck): ctrl is the deck prophecy() looked at;
  // shuffle() alone: each target player's deck.
  static bool shuffle(Game& g, Run& r) {
    kernel::Log* log = g.logging_ ? &g.log_ : nullptr;
    if (r.e.whose > 0) {
      const int q = r.e.whose == 1 ? r.p : r.e.whose == 2 ? 1 - r.p : g.memory_.looked_deck >= 0 ? g.memory_.looked_deck : r.p;
      kernel::Zone& deck = g.players_[q].deck;
      g.chance_.shuffle(deck.ids().begin(), deck.ids().end(), log);
      r.ok = true;
      return false;
    }
    players(g, r, [&](PlayerState& tp, int) { g.chance_.shuffle(tp.deck.ids().begin(), tp.deck.ids().end(), log); });
    return false;
  }
  static bool trash(Game& g, Run& r) {
    const int32_t v = amount(r);
    for (int t : r.tg.players) {
      for (int32_t i = 0; i < v; ++i) {
        const auto top = g.players_[t].deck.take_top();
        if (!top) break;
        g.put(g.players_[g.cards_[*top].owner].discards, *top);
        g.memory_.trashed.push_back(*top);
        r.ok = true;
      }
    }
    return false;
  }
  // discard(<1>x): the chosen card of a hand; discard(n): the player (the statement's, else the
  // rule's) chooses n cards of their hand once it runs; discard(all), discard(<r2>): no choice.
  static bool discard(Game& g, Run& r) {
    if (r.hand_card) {
      for (EntityId c : r.tg.cards) {
        for (int q = 0; q < 2; ++q) {
          if (g.players_[q].hand.contains(c)) g.discard_cards(q, {c});
        }
        r.ok = true;
      }
      return false;
    }
    if (r.e.chosen) {
      const int chooser = r.st.target.who == CTarget::Who::kOpp ? 1 - r.p : r.p;
      Question& pd = g.raise(Question::Mode::kDiscard, r.at, r.script, chooser);
      pd.left = pd.need = static_cast<uint8_t>(std::clamp(amount(r), 1, 60));
      if (g.pending_choices().empty()) g.end_pending();
      return true;
    }
    for (int t : r.tg.players) {
      const std::vector<EntityId> picked = g.pick_from_hand(t, r.e.pick, kNoEntity);
      g.discard_cards(t, picked);
      r.ok = !picked.empty();
    }
    return false;
  }
  // enableRule(x), disableRule(x): without a target everyone's, to(opp) that player's.
  static bool rule_change(Game& g, Run& r) {
    const bool on = r.e.cmd == CEffect::Cmd::kRuleOn;
    players(g, r, [&](PlayerState&, int t) {
      const RuleChange rc{r.e.ability, on, static_cast<int8_t>(r.st.target.who == CTarget::Who::kDefault ? -1 : t)};
      g.rule_changes_.add(rc, timed_st(r.st) ? g.timed(r.st, r.p) : kernel::Duration{});
    });
    return false;
  }
  // movePile(discards, deck): every card, the first pile's top ending on top.
  static bool move_pile(Game& g, Run& r) {
    players(g, r, [&](PlayerState&, int t) {
      kernel::Zone& a = *g.pile_of(t, r.e.pile);
      kernel::Zone& b = *g.pile_of(t, r.e.pile2);
      for (EntityId x : a.ids()) g.put(b, x);
      a.ids().clear();
    });
    return false;
  }
  static bool swap_piles(Game& g, Run& r) {
    players(g, r, [&](PlayerState&, int t) {
      kernel::Zone& a = *g.pile_of(t, r.e.pile);
      kernel::Zone& b = *g.pile_of(t, r.e.pile2);
      std::swap(a.ids(), b.ids());
      for (kernel::Zone* z : {&a, &b}) {
        for (EntityId x : z->ids()) g.untransform(x);
      }
    });
    return false;
  }
  static bool extra_char(Game& g, Run& r) {
    players(g, r, [](PlayerState& tp, int) { ++tp.extra_chars; });
    return false;
  }
  static bool extra_turn(Game& g, Run& r) {
    const int32_t v = amount(r);
    players(g, r, [&](PlayerState& tp, int) { tp.extra_turns = static_cast<uint8_t>(std::clamp(tp.extra_turns + v, 0, 3)); });
    return false;
  }
  static bool skip_draw(Game& g, Run& r) {
    players(g, r, [](PlayerState& tp, int) { tp.skip_draw = true; });
    return false;
  }
  static bool alter_cost(Game& g, Run& r) {
    const int32_t v = amount(r);
    players(g, r, [&](PlayerState&, int t) {
      g.cost_changes_.add({r.e.cost_kind, static_cast<int8_t>(t), r.e.mod, v},
                          timed_st(r.st) || r.st.until_next_action ? g.timed(r.st, r.p) : kernel::Duration{});
    });
    return false;
  }

  // Commands with a body or a choice of their own.
  // each(): the body runs once per matching element, on the statement's targets.
  static bool each(Game& g, Run& r) {
    const int32_t times = r.e.each_target.empty() ? count_each(r.scope, r.e.each_pred, r.e.each_list)
                                                  : static_cast<int32_t>(g.card_targets(r.e.each_target.front(), r.p, r.self).size());
    CStatement inner = r.st;
    inner.cond = expr::kNoNode;
    inner.target.one_at_a_time = false;
    inner.effects = r.e.body;
    RuleAt in_each = r.at;
    in_each.remember_targets = false;
    for (int32_t k = 0; k < times && g.phase_ != Phase::kOver; ++k) g.run_statement(in_each, inner, r.chosen, r.more);
    r.ok = times > 0;
    return false;
  }
  // prophecy(): the cards go back one choice at a time; the statement's other effects run after.
  static bool prophecy(Game& g, Run& r) {
    g.start_prophecy(r.at, r.st, r.e);
    return true;
  }
};

namespace {

using Cmd = CEffect::Cmd;
inline constexpr size_t kCommandCount = static_cast<size_t>(Cmd::kCount);

}  // namespace

// Every command with its handler and what it works on.
struct Game::CommandTable {
  using Handler = bool (*)(Game&, EffectRun&);
  struct Entry {
    Cmd cmd;
    Handler run;
    CommandOn on;
  };
  static constexpr Entry kEntries[] = {
      {Cmd::kDamage, &Commands::damage, CommandOn::kCardsElsePlayers},
      {Cmd::kDraw, &Commands::draw, CommandOn::kPlayers},
      {Cmd::kBp, &Commands::bp, CommandOn::kCards},
      {Cmd::kDestroy, &Commands::destroy, CommandOn::kCards},
      {Cmd::kFreeze, &Commands::freeze, CommandOn::kCards},
      {Cmd::kUnfreeze, &Commands::unfreeze, CommandOn::kCards},
      {Cmd::kSp, &Commands::sp, CommandOn::kPlayers},
      {Cmd::kHp, &Commands::hp, CommandOn::kPlayers},
      {Cmd::kLoseLife, &Commands::lose_life, CommandOn::kPlayers},
      {Cmd::kShuffle, &Commands::shuffle, CommandOn::kPlayers},
      {Cmd::kTrash, &Commands::trash, CommandOn::kPlayers},
      {Cmd::kReveal, &Commands::reveal, CommandOn::kCards},
      {Cmd::kMoveTo, &Commands::move_to, CommandOn::kCards},
      {Cmd::kDiscard, &Commands::discard, CommandOn::kPlayers},
      {Cmd::kGrant, &Commands::grant, CommandOn::kCardsElsePlayers},
      {Cmd::kRevoke, &Commands::revoke, CommandOn::kCardsElsePlayers},
      {Cmd::kRuleOn, &Commands::rule_change, CommandOn::kPlayers},
      {Cmd::kRuleOff, &Commands::rule_change, CommandOn::kPlayers},
      {Cmd::kLoseAbility, &Commands::lose_ability, CommandOn::kCards},
      {Cmd::kEach, &Commands::each, CommandOn::kCards},
      {Cmd::kMovePile, &Commands::move_pile, CommandOn::kPlayers},
      {Cmd::kSwapPiles, &Commands::swap_piles, CommandOn::kPlayers},
      {Cmd::kExtraChar, &Commands::extra_char, CommandOn::kPlayers},
      {Cmd::kExtraTurn, &Commands::extra_turn, CommandOn::kPlayers},
      {Cmd::kSkipDraw, &Commands::skip_draw, CommandOn::kPlayers},
      {Cmd::kRemoveFromAttack, &Commands::remove_from_attack, CommandOn::kCards},
      {Cmd::kTransform, &Commands::transform, CommandOn::kCards},
      {Cmd::kMoveRevealed, &Commands::move_revealed, CommandOn::kCards},
      {Cmd::kUnite, &Commands::unite, CommandOn::kCards},
      {Cmd::kCopyAbility, &Commands::copy_ability, CommandOn::kCards},
      {Cmd::kSteal, &Commands::steal, CommandOn::kCards},
      {Cmd::kSwapAbilities, &Commands::swap_abilities, CommandOn::kCards},
      {Cmd::kAlterCost, &Commands::alter_cost, CommandOn::kPlayers},
      {Cmd::kProphecy, &Commands::prophecy, CommandOn::kCards},
      {Cmd::kSwapChars, &Commands::swap_chars, CommandOn::kCards},
      {Cmd::kMoveToSlot, &Commands::move_to_slot, CommandOn::kCards},
      {Cmd::kActivate, &Commands::activate, CommandOn::kCards},
  };

  struct Row {
    Handler run = nullptr;
    CommandOn on = CommandOn::kCards;
  };
  // Indexed by the command. Evaluated by the compiler: a command missing from kEntries, or listed
  // twice, is not a constant expression and the build stops here. Presence is kept in its own
  // array because g++ 12 with -fsanitize=null cannot compare a function's address with null in a
  // constant expression (the asan preset).
  static consteval std::array<Row, kCommandCount> build() {
    std::array<Row, kCommandCount> rows{};
    std::array<bool, kCommandCount> listed{};
    for (const Entry& e : kEntries) {
      const auto i = static_cast<size_t>(e.cmd);
      if (i >= kCommandCount || listed[i]) throw "a command listed twice";
      listed[i] = true;
      rows[i] = {e.run, e.on};
    }
    for (bool seen : listed) {
      if (!seen) throw "a command without a handler";
    }
    return rows;
  }
};

// One effect of a statement; true when it raised a choice and the rule waits.
bool Game::run_effect(const RuleAt& at, const CStatement& st, const CEffect& fx, const ExprScope& scope, const Targets& tg,
                      const std::vector<EntityId>& chosen, const std::vector<EntityId>& more, bool& ok) {
  static constexpr std::array<CommandTable::Row, kCommandCount> kRows = CommandTable::build();
  const CommandTable::Row& row = kRows[static_cast<size_t>(fx.cmd)];
  EffectRun r{at, at.script, st, fx, scope, tg, chosen, more, at.self, at.p, ok};
  r.hand_card = fx.cmd == Cmd::kDiscard && st.hand_choice;  // discard(<1>x): the chosen card
  r.on_players = !r.hand_card && (row.on == CommandOn::kPlayers || (row.on == CommandOn::kCardsElsePlayers && tg.cards.empty()));
  return row.run(*this, r);
}

}  // namespace rk::cfc
