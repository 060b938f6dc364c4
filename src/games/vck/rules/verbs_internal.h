// Shared by the verb files: the context a leg runs in, resource helpers, and the verbs that open
// prompts (prompt_verbs.cc), so the one verb table in verbs.cc can name them.
#pragma once

#include "games/vck/rules/game.h"

namespace rk::vck::detail {

struct Ctx {
  Game& g;
  int seat;
  CardRef card;
  bool on_turn;
  uint16_t leg;
  size_t legs;
};

Res4 res4(const Amount& a, int times = 1);
int resource(const Player& p, Res r);

void verb_take_from_player(Ctx& c, const Leg& leg);
void verb_random_monster(Ctx& c, const Leg& leg);
void verb_target_citizen(Ctx& c, const Leg& leg);
void verb_flip_gate(Ctx& c, const Leg& leg);
void verb_self_convert(Ctx& c, const Leg& leg);
void verb_return_owned(Ctx& c, const Leg& leg);
void verb_slay(Ctx& c, const Leg& leg);
void verb_add_slay_cost(Ctx& c, const Leg& leg);
void verb_add_self_slay_cost(Ctx& c, const Leg& leg);
void verb_monster_strength(Ctx& c, const Leg& leg);
void verb_banish_center_citizen(Ctx& c, const Leg& leg);
void verb_banish_center(Ctx& c, const Leg& leg);
void verb_build_domain(Ctx& c, const Leg& leg);
void verb_grant_domain(Ctx& c, const Leg& leg);
void verb_gain_per_owned(Ctx& c, const Leg& leg);
void verb_banish_owned_citizen(Ctx& c, const Leg& leg);
void verb_gold_pool(Ctx& c, const Leg& leg);
void verb_sequence(Ctx& c, const Leg& leg);
void verb_gain_action(Ctx& c, const Leg& leg);
void verb_steal_citizen(Ctx& c, const Leg& leg);
void verb_banish_center_domain(Ctx& c, const Leg& leg);
void verb_banish_owned(Ctx& c, const Leg& leg);
void verb_recruit(Ctx& c, const Leg& leg);
void verb_banish_noble(Ctx& c, const Leg& leg);
void verb_flip_opponent_domain(Ctx& c, const Leg& leg);
// exchange wild N wild M: true when the leg is one (it asks which to pay, then which to gain).
bool both_wild_exchange(Ctx& c, const Leg& leg);
// Answers to the prompts those verbs open.
void resolve_owned_prompt(Game& g, const Prompt& p, int option);
void apply_gain_action(Game& g, const Prompt& p, const Leg& leg, int option);
void resolve_domain_prompt(Game& g, const Prompt& p, const Leg& leg, int option);
void resolve_monster_prompt(Game& g, const Prompt& p, const Leg* leg, int option);

}  // namespace rk::vck::detail
