// Harvest (engines/harvest.py): every player's matching starters and citizens pay, the active
// player first; choices are collected into one simultaneous gate of prompts p1, p2, ...; then
// the end-of-harvest bonus gate for players whose no_payout starter fired alone.
#include <algorithm>

#include "games/vck/rules/game.h"
#include "games/vck/rules/verbs.h"

namespace rk::vck {
namespace {

// How many times a card with these roll matches activates on the dice (0: not at all).
int matches(int rm1, int rm2, int d1, int d2) {
  const int sum = d1 + d2;
  if (rm1 < 0 && rm2 < 0) return 0;
  if (rm1 == d1 || rm1 == d2 || rm1 == sum || rm2 == sum) return rm1 == d1 && d1 == d2 ? 2 : 1;
  return 0;
}

bool is_thief(const CitizenCard& c, bool on) {
  const Program& p = on ? c.special_on : c.special_off;
  return p.parsed && !p.effect.legs.empty() && p.effect.legs[0].kind == Leg::Kind::kVerb && p.effect.legs[0].verb == "steal";
}

// The answers whose handler resumes through the engine's domain follow-up (player_actions.py
// _resume_after_domain_activation_follow_up): of a built domain's own prompts, choose_player (3)
// and choose_owned_card (4) of Sunder Bay's banish and of return_owned, the self-convert (5), the
// build (12, 13) and the grant (25); Laborium's flip of an opponent's citizen asks the same two
// words but its handler (the monster_flip_citizen_targeted branch) resumes the payout only, like a
// banish_center pick (11, the banish_center_card branch) and a choose (0). An action-phase slay
// (choose_monster_slay 6, slay_pay 7) resumes so whatever card granted it (slay.py
// _resume_after_immediate_slay: the domain follow-up unless the slay was a harvest one).
struct FollowUp {
  uint8_t word;
  const char* other_verb;  // a verb asking the same word whose answer does not resume so
  bool any_card;           // not only a domain's prompt
};
constexpr FollowUp kFollowUps[] = {{3, "flip_opponent_citizen", false}, {4, "flip_opponent_citizen", false}, {5, "", false},
                                   {6, "", true}, {7, "", true}, {12, "", false}, {13, "", false}, {25, "", false}};

bool resumes_domain_follow_up(const Game& g, const Prompt& p) {
  if (!p.act) return false;
  for (const FollowUp& f : kFollowUps) {
    if (f.word != p.word) continue;
    if (f.any_card) return g.in_action();
    if (p.card != 'd') return false;
    const Program* prog = prompt_program(g, p);
    return !(prog && p.leg < prog->effect.legs.size() && prog->effect.legs[p.leg].verb == f.other_verb);
  }
  return false;
}

}  // namespace

void Game::start_harvest() {
  phase_ = Phase::kHarvest;
  harvest_started_ = true;
  prompts_.clear();
  prompt_seq_ = 0;
  bonus_gate_ = false;
  activated_ = 0;
  steal_phase_ = true;
  thief_used_.assign(players_.size(), 0);
  harvest_m0_.clear();
  for (const Player& p : players_) harvest_m0_.push_back(p.m);
  magic_bonus_done_ = 0;
  gate_answered_ = 0;
  fire_harvest_counts(*this, active_);
  continue_harvest();
}

// The steal pre-phase: one steal at a time, the scan restarting from the active player after
// each (harvest.py _harvest_run_automation_until_blocked). True when a steal prompt opened.
bool Game::steal_step() {
  const int rest = resting_seat();
  for (int k = 0; k < num_players(); ++k) {
    const int seat = (active_ + k) % num_players();
    if (seat == rest) continue;
    const bool on = seat == active_;
    const Player& pl = players_[static_cast<size_t>(seat)];
    int seen = 0;
    for (size_t c = 0; c < pl.cit.size(); ++c) {
      const CitizenCard* card = db_->citizen(pl.cit[c]);
      if (pl.flip[c] || !card || !is_thief(*card, on)) continue;
      const int n = matches(card->rm1, card->rm2, dice_[0], dice_[1]);
      if (seen + n <= thief_used_[static_cast<size_t>(seat)]) {
        seen += n;
        continue;
      }
      ++thief_used_[static_cast<size_t>(seat)];
      activated_ |= 1u << seat;
      gain(seat, on ? card->on : card->off);
      run_special(seat, on ? card->special_on : card->special_off, 'c', card->id, on);
      return true;
    }
  }
  return false;
}

void Game::continue_harvest() {
  while (steal_phase_) {
    if (!steal_step()) {
      steal_phase_ = false;
      break;
    }
    if (!prompts_.empty()) return;
  }
  harvest_scan();
}

void Game::harvest_scan() {
  const int rest = resting_seat();
  const bool doubles = dice_[0] == dice_[1] && dice_[0] != 0;
  for (int k = 0; k < num_players(); ++k) {
    const int seat = (active_ + k) % num_players();
    if (seat == rest) continue;
    const bool on = seat == active_;
    // Starters first, in owned order; a -1/-1 starter fires once on doubles.
    const std::vector<int> starters = players_[static_cast<size_t>(seat)].starters;
    for (int id : starters) {
      const StarterCard* s = db_->starter(id);
      if (!s) continue;
      int n = matches(s->rm1, s->rm2, dice_[0], dice_[1]);
      bool own_doubles = false;
      if (n == 0 && doubles && s->trigger.find("doubles") != std::string::npos) n = 1, own_doubles = true;
      for (int i = 0; i < n; ++i) {
        // The Herald's own doubles leg does not stop its no_payout leg ("twice").
        if (!(own_doubles && s->trigger.find("twice") != std::string::npos)) activated_ |= 1u << seat;
        gain(seat, on ? s->on : s->off);
        run_special(seat, on ? s->special_on : s->special_off, 's', id, on);
      }
    }
    const std::vector<int> cit = players_[static_cast<size_t>(seat)].cit;
    for (size_t c = 0; c < cit.size(); ++c) {
      if (players_[static_cast<size_t>(seat)].flip[c]) continue;
      const CitizenCard* card = db_->citizen(cit[c]);
      if (!card || is_thief(*card, on)) continue;  // steals ran in the pre-phase
      const int n = matches(card->rm1, card->rm2, dice_[0], dice_[1]);
      for (int i = 0; i < n; ++i) {
        activated_ |= 1u << seat;
        gain(seat, on ? card->on : card->off);
        run_special(seat, on ? card->special_on : card->special_off, 'c', card->id, on);
      }
    }
    magic_gain_bonus(seat);
  }
  after_scan();
}

// After every payout: the deferred harvest slays, one prompt at a time, then the finalize step
// (harvest.py _drain_pending_harvest_slays).
void Game::after_scan() {
  if (!prompts_.empty()) return;
  while (!pending_slays_.empty()) {
    const int seat = pending_slays_.front();
    pending_slays_.erase(pending_slays_.begin());
    offer_slay(*this, seat);
    if (!prompts_.empty()) return;
  }
  harvest_finalize();
}

// Opera House: once a player's harvest is through (no prompt left), a magic gain pays a bonus.
void Game::magic_gain_bonus(int seat) {
  if (magic_bonus_done_ & (1u << seat)) return;
  for (const Prompt& p : prompts_) {
    if (p.seat == seat && !p.act) return;
  }
  magic_bonus_done_ |= 1u << seat;
  if (static_cast<size_t>(seat) >= harvest_m0_.size() || players_[static_cast<size_t>(seat)].m <= harvest_m0_[static_cast<size_t>(seat)]) return;
  fire_magic_gain(*this, seat);
}

// When the last answer closes the harvest gate, the engine drains every player who answered
// nothing once more (harvest.py _open_or_resume_harvest_concurrent), and each such drain fires
// the Opera House bonus again: a player with no decisions can be paid twice.
void Game::magic_bonus_on_reopen() {
  const int rest = resting_seat();
  for (int k = 0; k < num_players(); ++k) {
    const int seat = (active_ + k) % num_players();
    if (seat == rest || (gate_answered_ & (1u << seat))) continue;
    if (static_cast<size_t>(seat) < harvest_m0_.size() && players_[static_cast<size_t>(seat)].m > harvest_m0_[static_cast<size_t>(seat)]) fire_magic_gain(*this, seat);
  }
}

void Game::harvest_finalize() {
  bonus_gate_ = true;
  prompt_seq_ = 0;
  const int rest = resting_seat();
  for (int seat = 0; seat < num_players(); ++seat) {
    if (seat == rest || (activated_ & (1u << seat))) continue;
    for (int id : players_[static_cast<size_t>(seat)].starters) {
      const StarterCard* s = db_->starter(id);
      if (!s || s->trigger.find("no_payout") == std::string::npos) continue;
      const bool on = seat == active_;
      gain(seat, on ? s->on : s->off);  // Margrave's fixed 1/1/1 on turn
      run_special(seat, on ? s->special_on : s->special_off, 's', id, on);
      break;
    }
  }
  mark("harvest");
  if (prompts_.empty()) fire_deferred_events();
  if (prompts_.empty()) after_harvest();
}

void Game::after_harvest() {
  phase_ = Phase::kAction;
  actions_ = 2;
  fire_action_gains(*this, active_, "start");
  run_action_start(*this, active_);
}

void Game::add_prompt(Prompt p) {
  p.act = p.word != 9 && p.word != 10 && p.word != 16 && p.word != 20 && p.word != 22 && (p.act || phase_ == Phase::kAction);
  p.id = p.act ? 0 : ++prompt_seq_;
  prompts_.push_back(p);
}

bool Game::apply_harvest(const Action& a) {
  const int seat = decider().player;
  for (size_t i = 0; i < prompts_.size(); ++i) {
    const Prompt p = prompts_[i];
    if (p.seat != seat || p.id != a.a) continue;
    prompts_.erase(prompts_.begin() + static_cast<long>(i));
    // The engine still holds the answered choice while applying it: an event revealed meanwhile
    // waits like one revealed under an open prompt (events.py _engine_busy).
    resolving_ = true;
    resolve_prompt(*this, p, a.b);
    resolving_ = false;
    if (phase_ == Phase::kHarvest && !bonus_gate_ && !p.act) magic_gain_bonus(p.seat), gate_answered_ |= 1u << p.seat;
    if (prompts_.empty()) resume_continuation(*this);
    // The answer's own effect opened a gate (Cursed Cavern's flip) as the last action ended: the
    // action-end passives are offered beside it (player_actions.py finishes the action at once).
    const bool gate_from_answer = p.act && phase_ == Phase::kAction && actions_ == 0 && !prompts_.empty() &&
                                  std::none_of(prompts_.begin(), prompts_.end(), [](const Prompt& q) { return q.act; });
    if (gate_from_answer) end_action(true);
    // In a started harvest, answering a prompt finishes the harvest within the same engine step; the
    // queued events fire on the next tick, after the harvest is through (harvest_finalize).
    // Answers to a built domain's own prompts (resumes_domain_follow_up) resume through the
    // engine's domain follow-up, which starts the action-end queue at once when no action is left;
    // that queue keeps the engine busy, so queued events wait until it is through (end_action).
    // Other answers let them fire first (events.py _engine_busy).
    // A slay answer whose slain card's reward asked more stashes its resume until those prompts
    // are answered (player_actions.py pending_post_slay_resume): the last of them resumes so.
    if (p.act && (p.word == 6 || p.word == 7) && in_action() && !prompts_.empty()) post_slay_resume_ = true;
    const bool follow_up = resumes_domain_follow_up(*this, p) || (post_slay_resume_ && prompts_.empty());
    if (prompts_.empty()) post_slay_resume_ = false;
    // A gate closing with no action left also starts the action-end queue before held events
    // fire (player_actions.py submit_concurrent_action -> finish_turn_if_no_actions_remaining).
    const bool end_queue = phase_ == Phase::kAction && actions_ == 0 && (end_pending_ || ((follow_up || !p.act) && action_end_queued()));
    if (prompts_.empty() && (phase_ != Phase::kHarvest || !harvest_started_) && !end_queue) fire_deferred_events();
    // A gate opened as a sequential prompt closed leaves no action prompt, except after a built
    // domain's follow-up prompts with actions left, whose resume restores the standard action
    // before queued events fire (player_actions.py _resume_after_domain_activation_follow_up). A
    // domain's `choose` answer clears the prompt instead, and the harness's tick fires the queued
    // events before the action phase re-asserts the standard action (lifecycle.py advance_tick).
    const bool standard_restored = follow_up && actions_ > 0;
    // The action prompt shown while this answer was pending was cleared: a sequential prompt, or
    // a gate opened as one was answered (its `ar` is empty).
    const bool ar_cleared = p.act || gate_after_prompt_;
    if (p.act && !standard_restored && !prompts_.empty() && !prompts_.front().act) gate_after_prompt_ = true;
    if (prompts_.empty()) gate_after_prompt_ = false;
    if (!prompts_.empty()) return true;
    if (phase_ == Phase::kAction) {
      // A closing gate leaves the last action_required as it was (player_actions.py
      // submit_concurrent_action sets none; lifecycle.py advance_tick finalizes the game without
      // touching it): the game-over summary keeps the standard action only when it was shown.
      in_prompt_ = ar_cleared;
      end_action();
      in_prompt_ = false;
    } else if (!harvest_started_) {
      // A roll prompt answered: the engine's pump asks an owed Exekratys placement first, except
      // after the event slay-cost choice, whose answer runs the harvest at once
      // (harvest.py _resume_after_roll_effect_prompt).
      if (p.word == 14 || !open_exekratys_offering()) start_harvest();
    } else if (steal_phase_) {
      continue_harvest();
    } else if (!bonus_gate_) {
      if (!p.act) magic_bonus_on_reopen();
      after_scan();
    } else {
      // The end-of-harvest bonus gate closed: the engine's next tick fires the events held
      // during the harvest before the action phase begins (player_actions.py
      // submit_concurrent_action ticks on; lifecycle.py advance_tick drains them first).
      fire_deferred_events();
      if (prompts_.empty()) after_harvest();
    }
    return true;
  }
  return false;
}

void Game::fire_deferred_events() {
  while (!deferred_events_.empty() && prompts_.empty()) {
    const int id = deferred_events_.front();
    deferred_events_.erase(deferred_events_.begin());
    for (auto* grid : {&monsters_, &citizens_, &domains_}) {
      for (auto& st : *grid) {
        if (!st.empty() && st.back() == CardRef{'e', static_cast<int16_t>(id)}) fire_event(*db_->event(id), st);
      }
    }
  }
}

void Game::run_special(int seat, const Program& p, char card, int card_id, bool on_turn) {
  if (p.empty()) return;
  run_program(*this, seat, p, {card, static_cast<int16_t>(card_id)}, on_turn);
}

}  // namespace rk::vck
