// Gates every player answers (an event's all_may / all_must effect) opened in the middle of the
// active player's action phase: what the engine shows while they are open, who takes part, and
// that the active player's remaining action is still there once every answer is in; and a rule
// found beside them in the recorded games (an added slay cost stays with its card).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "games/vck/compiler/cards.h"
#include "games/vck/rules/game.h"
#include "support.h"
#include "vck/corpus_cards.h"

namespace rk::vck {
namespace {

bool apply_label(Game& g, const std::string& label) {
  for (const Action& a : g.legal_actions()) {
    if (g.label(a) == label) return g.apply(a);
  }
  return false;
}

bool offers(const Game& g, const std::string& label) {
  for (const Action& a : g.legal_actions()) {
    if (g.label(a) == label) return true;
  }
  return false;
}

// A field of the engine's state summary (what replay compares with the original's).
std::string field(const Game& g, const std::string& key) { return nlohmann::json::parse(summary_json(g)).at(key).get<std::string>(); }

// A 2-player base1 deal whose domain stack 0 holds only `domain` and whose exhausted deck gives
// `event` first; the dukes are chosen and the first harvest answered: seat 0's action phase.
Game action_phase_with(int domain, int event, uint64_t seed = 3, bool samurai_reserve = false, int players = 2) {
  kernel::Chance chance(seed);
  vck::Setup s;
  std::string error;
  EXPECT_TRUE(deal(cards(), "base1", players, chance, s, error)) << error;
  s.domains[0] = {{'d', static_cast<int16_t>(domain)}};
  if (samurai_reserve) {  // the Lord event's set-aside Minions, as a base deal holding it sets them
    for (int16_t id : {57, 58, 59, 60, 61}) s.undead_samurai.push_back({'m', id});
    s.monster_areas.push_back("Undead Samurai");
  }
  s.exhausted = {{'x', 0}, {'x', 1}, {'x', 2}, {'e', static_cast<int16_t>(event)}};
  Game g(cards(), s, seed);
  for (int step = 0; step < 50 && !(g.phase() == Phase::kAction && g.prompts().empty()); ++step) EXPECT_TRUE(g.apply_index(0));
  EXPECT_EQ(g.phase(), Phase::kAction);
  EXPECT_EQ(g.active(), 0);
  return g;
}

// Hoarfrost Stockade (d31: choose a Soldier citizen) built from the last card of its stack reveals
// Tax Collection (e14: every player may pay 3 gold for 2 VP), held while the choice is open. The
// answer clears the prompt and the event's gate opens before the standard action is asked again
// (player_actions.py clears action_required after a choose; lifecycle.py advance_tick drains the
// queued event first), so the engine shows no action prompt while the gate is open; once every
// player answered, the builder's second action is still there.
TEST(VckConcurrentGates, DomainChooseAnswerOpensTheQueuedEventGateBeforeTheStandardAction) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = action_phase_with(31, 14);
  ASSERT_EQ(cards().domain(31)->name, "Hoarfrost Stockade");
  ASSERT_EQ(cards().event(14)->name, "Tax Collection");
  for (int seat : {0, 1}) g.player(seat).g = 20;
  g.player(0).cit = {1, 6};  // Cleric (holy) and Knight (soldier): Hoarfrost Stockade's roles
  g.player(0).flip = {0, 0};
  ASSERT_TRUE(apply_label(g, "build_domain 31 g=9 s=0 m=0"));
  ASSERT_EQ(g.actions_left(), 1);
  ASSERT_TRUE(g.legal_actions().size() >= 1);
  ASSERT_TRUE(apply_label(g, "act choose 1"));
  EXPECT_EQ(field(g, "ar"), "");
  const std::string first = g.players()[0].id, second = g.players()[1].id;
  EXPECT_EQ(field(g, "ca"), "event_self_convert:" + first + "," + second);
  ASSERT_TRUE(apply_label(g, "concurrent event_self_convert accept"));
  EXPECT_EQ(field(g, "ar"), "");
  ASSERT_TRUE(apply_label(g, "concurrent event_self_convert skip"));
  EXPECT_EQ(field(g, "ar"), first + ":standard_action");
  EXPECT_EQ(g.actions_left(), 1);
  EXPECT_TRUE(offers(g, "take_resource gold"));
}

// Den of the Ice Witch (d28: 1 VP, banish a citizen from the center stacks) built with the last
// action: banishing the last card of a citizen stack reveals Quell Rebellion (e9: every player may
// pay 3 strength for 2 VP). The banish answer resumes the payout only, so the event's gate opens
// before the builder's action-end passive (Cathedral of St Aquila: may take 1 gold from a player)
// is offered; that choice comes once every player answered.
TEST(VckConcurrentGates, BanishCenterAnswerFiresTheRevealedEventBeforeTheActionEndPassives) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = action_phase_with(28, 9);
  ASSERT_EQ(cards().domain(28)->name, "Den of the Ice Witch");
  ASSERT_EQ(cards().event(9)->name, "Quell Rebellion");
  for (int seat : {0, 1}) g.player(seat).g = 20, g.player(seat).s = 5;
  g.player(0).cit = {3, 7};  // Mercenary and Rogue: the two shadow icons the Den asks
  g.player(0).flip = {0, 0};
  g.player(0).dom = {5};     // Cathedral of St Aquila, owned since an earlier turn
  g.player(0).dom_turn = {0};
  auto& cit = g.citizen_stacks_mut();
  cit[0].resize(1);  // one card left on the first citizen stack
  ASSERT_TRUE(apply_label(g, "take_resource gold"));
  ASSERT_TRUE(apply_label(g, "build_domain 28 g=5 s=0 m=0"));
  ASSERT_EQ(g.actions_left(), 0);
  ASSERT_TRUE(apply_label(g, "act choose_owned_card 1"));
  const std::string first = g.players()[0].id, second = g.players()[1].id;
  EXPECT_EQ(field(g, "ca"), "event_self_convert:" + first + "," + second);
  EXPECT_EQ(field(g, "ar"), "");
  ASSERT_TRUE(apply_label(g, "concurrent event_self_convert skip"));
  ASSERT_TRUE(apply_label(g, "concurrent event_self_convert skip"));
  EXPECT_EQ(field(g, "ar"), first + ":choose_player");
}

// Laborium (d54: 5 strength, flip an opponent's citizen) built with the last action from the last
// card of its stack reveals Quell Rebellion, held while the flip is asked. The flip's answer
// resumes the payout only (not the domain follow-up that would start the action-end queue), so
// the event's gate opens before Cathedral of St Aquila's action-end choice.
TEST(VckConcurrentGates, LaboriumFlipAnswerFiresTheHeldEventBeforeTheActionEndPassives) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = action_phase_with(54, 9);
  ASSERT_EQ(cards().domain(54)->name, "Laborium");
  for (int seat : {0, 1}) g.player(seat).g = 20, g.player(seat).s = 5;
  g.player(0).cit = {3, 7};  // two shadow icons
  g.player(0).flip = {0, 0};
  g.player(0).dom = {5};  // Cathedral of St Aquila, owned since an earlier turn
  g.player(0).dom_turn = {0};
  g.player(1).cit = {1};
  g.player(1).flip = {0};
  ASSERT_TRUE(apply_label(g, "take_resource gold"));
  ASSERT_TRUE(apply_label(g, "build_domain 54 g=11 s=0 m=0"));
  ASSERT_TRUE(apply_label(g, "act choose_player 1"));
  ASSERT_TRUE(apply_label(g, "act choose_owned_card 1"));
  const std::string first = g.players()[0].id, second = g.players()[1].id;
  EXPECT_EQ(g.players()[1].flip, std::vector<uint8_t>{1});
  EXPECT_EQ(field(g, "ca"), "event_self_convert:" + first + "," + second);
  EXPECT_EQ(field(g, "ar"), "");
  ASSERT_TRUE(apply_label(g, "concurrent event_self_convert skip"));
  ASSERT_TRUE(apply_label(g, "concurrent event_self_convert skip"));
  EXPECT_EQ(field(g, "ar"), first + ":choose_player");
}

// The Undead Samurai Lord (e16, a monster event) revealed by a build whose domain asks a choice:
// its scatter waits like any event activation while the engine is busy (events.py
// _maybe_fire_monster_event_activation queues it), so no Minion placement is offered before the
// choice is answered; then the scatter asks its placements.
TEST(VckConcurrentGates, SamuraiLordScatterWaitsForTheOpenPrompt) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = action_phase_with(31, 16, 3, true);
  ASSERT_EQ(cards().event(16)->name, "Undead Samurai Lord");
  g.player(0).g = 20;
  g.player(0).cit = {1, 6};
  g.player(0).flip = {0, 0};
  ASSERT_TRUE(apply_label(g, "build_domain 31 g=9 s=0 m=0"));
  auto places = [&] {
    int n = 0;
    for (const Action& a : g.legal_actions()) n += g.label(a).rfind("act place ", 0) == 0;
    return n;
  };
  EXPECT_EQ(places(), 0);
  EXPECT_TRUE(offers(g, "act choose 1"));
  EXPECT_EQ(g.undead_samurai().size(), 5u);
  ASSERT_TRUE(apply_label(g, "act choose 1"));
  EXPECT_GT(places(), 0);
}

// Sunder Bay (d37: banish an opponent's citizen) built with the last action from the last card of
// its stack reveals Quell Rebellion, held while the banish is asked. Its answer resumes through the
// domain follow-up, which runs the action-end queue first: Cathedral of St Aquila has nobody to
// take gold from, so nothing is asked and the phase goes back to action (domain_effects.py
// _start_action_end_domain_sequence); the event's gate then opens in the action phase, and its
// close ends the turn at once (no harness tick): the next player's roll is pending.
TEST(VckConcurrentGates, GateAfterAnUnaskedActionEndQueueEndsTheTurnWhenItCloses) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = action_phase_with(37, 9);
  g.hold_for_tick(true);  // as replay does: a stall would wait for a recorded tick
  ASSERT_EQ(cards().domain(37)->name, "Sunder Bay");
  g.player(0).g = 20, g.player(0).s = 5;
  g.player(1).g = 0, g.player(1).s = 5;
  g.player(0).cit = {3, 2, 5, 2};  // a shadow icon and three worker icons
  g.player(0).flip = {0, 0, 0, 0};
  g.player(0).dom = {5};  // Cathedral of St Aquila, owned since an earlier turn
  g.player(0).dom_turn = {0};
  g.player(1).cit = {1};
  g.player(1).flip = {0};
  ASSERT_TRUE(apply_label(g, "take_resource gold"));
  ASSERT_TRUE(apply_label(g, "build_domain 37 g=8 s=0 m=0"));
  ASSERT_TRUE(apply_label(g, "act choose_player 1"));
  ASSERT_TRUE(apply_label(g, "act choose_owned_card 1"));
  EXPECT_TRUE(g.players()[1].cit.empty());
  const std::string first = g.players()[0].id, second = g.players()[1].id;
  EXPECT_EQ(field(g, "ca"), "event_self_convert:" + first + "," + second);
  EXPECT_EQ(field(g, "ph"), "action");
  ASSERT_TRUE(apply_label(g, "concurrent event_self_convert skip"));
  ASSERT_TRUE(apply_label(g, "concurrent event_self_convert skip"));
  EXPECT_FALSE(g.stalled());
  EXPECT_EQ(g.phase(), Phase::kRollPending);
  EXPECT_EQ(g.active(), 1);
}

// Alms for the Poor (e23: in turn order each player must pay 2 of one resource to another player)
// revealed by the first action at three players: the builder pays the third player; the second
// holds no resource that covers 2, so they are passed over (events.py _seq_player_can_act) and
// the third answers next.
TEST(VckConcurrentGates, SequencePassesOverAPlayerWhoCannotCoverThePayment) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = action_phase_with(1, 23, 3, false, 3);
  ASSERT_EQ(cards().event(23)->name, "Alms for the Poor");
  g.player(0).g = 20;
  g.player(0).cit = {3, 6};  // Foxgrove Palisade's shadow and soldier icons
  g.player(0).flip = {0, 0};
  g.player(1).g = 1, g.player(1).s = 1, g.player(1).m = 1;
  g.player(2).g = 0, g.player(2).s = 0, g.player(2).m = 0;
  ASSERT_TRUE(apply_label(g, "build_domain 1 g=9 s=0 m=0"));
  const std::string third = g.players()[2].id;
  ASSERT_TRUE(apply_label(g, "act pay g " + third));
  EXPECT_EQ(field(g, "ar"), third + ":event_sequence");
  ASSERT_TRUE(apply_label(g, "act pay g " + g.players()[0].id));
  EXPECT_TRUE(g.prompts().empty());
  EXPECT_EQ(field(g, "ar"), g.players()[0].id + ":standard_action");
  EXPECT_EQ(g.actions_left(), 1);
}

// A stack emptied during the harvest reveals an event while the harvest runs: it waits for the
// harvest. When the end-of-harvest bonus gate (the Herald's) closes, the engine's next tick fires
// it before the action phase begins (player_actions.py submit_concurrent_action ticks on,
// lifecycle.py advance_tick drains the held events first): here the Dragoon's on-turn slay empties
// a monster stack onto Tax Collection, and the opponent, with nothing harvested, takes the
// Herald's bonus.
TEST(VckConcurrentGates, EventHeldDuringTheHarvestFiresWhenTheBonusGateCloses) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  kernel::Chance chance(5);
  vck::Setup s;
  std::string error;
  ASSERT_TRUE(deal(cards(), "shadowvale", 2, chance, s, error)) << error;
  s.monsters[0].resize(1);
  s.exhausted = {{'x', 0}, {'x', 1}, {'x', 2}, {'e', 14}};
  Game g(cards(), s, 5);
  ASSERT_EQ(cards().citizen(37)->name, "Dragoon");
  g.player(0).cit = {37};  // slays on its owner's turn on a 9
  g.player(0).flip = {0};
  g.player(0).s = 30, g.player(0).m = 30, g.player(0).g = 10;
  g.player(1).starters = {3};  // the Herald only: nothing activates on this roll
  g.player(1).g = 5;
  g.chance().feed({{2, 0, 6}, {5, 0, 6}});  // 3 and 6: 9
  while (g.phase() == Phase::kSetup) ASSERT_TRUE(g.apply_index(0));
  ASSERT_TRUE(apply_label(g, "finalize_roll keep"));
  bool slain = false;
  for (int step = 0; step < 20 && g.phase() == Phase::kHarvest; ++step) {
    std::string pick;
    for (const Action& a : g.legal_actions()) {
      const std::string l = g.label(a);
      if (pick.empty() && (l.rfind("act choose_monster_slay 1", 0) == 0 || l.rfind("act slay_pay", 0) == 0)) pick = l;
    }
    if (pick.empty()) pick = g.label(g.legal_actions().front());
    slain = slain || pick.rfind("act slay_pay", 0) == 0;
    ASSERT_TRUE(apply_label(g, pick)) << pick;
    if (field(g, "ca").rfind("event_self_convert", 0) == 0) break;
  }
  ASSERT_TRUE(slain);
  EXPECT_EQ(g.stacks('m')[0].back().text(), "e14");
  EXPECT_EQ(field(g, "ph"), "harvest");
  EXPECT_EQ(field(g, "ca"), "event_self_convert:" + g.players()[0].id + "," + g.players()[1].id);
}

// Eye of Asteraten (d11: 5 strength, then the player may slay a monster) built with the first
// action from the last card of its stack reveals Tax Collection, held while the slay is asked.
// An action-phase slay's answer resumes through the domain follow-up (slay.py
// _resume_after_immediate_slay), which asks the standard action again before the held event's
// gate opens: the gate is shown beside the builder's standard action.
TEST(VckConcurrentGates, ActionPhaseSlayAnswerRestoresTheStandardActionBeforeTheHeldEvent) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = action_phase_with(11, 14);
  ASSERT_EQ(cards().domain(11)->name, "Eye of Asteraten");
  for (int seat : {0, 1}) g.player(seat).g = 20;
  g.player(0).s = 30, g.player(0).m = 30;
  g.player(0).cit = {1, 6};  // holy and soldier icons
  g.player(0).flip = {0, 0};
  ASSERT_TRUE(apply_label(g, "build_domain 11 g=8 s=0 m=0"));
  ASSERT_TRUE(apply_label(g, "act choose_monster_slay 1"));
  std::string pay;
  for (const Action& a : g.legal_actions()) {
    if (pay.empty() && g.label(a).rfind("act slay_pay ", 0) == 0) pay = g.label(a);
  }
  ASSERT_FALSE(pay.empty());
  ASSERT_TRUE(apply_label(g, pay));
  const std::string first = g.players()[0].id, second = g.players()[1].id;
  EXPECT_EQ(field(g, "ca"), "event_self_convert:" + first + "," + second);
  EXPECT_EQ(field(g, "ar"), first + ":standard_action");
  EXPECT_EQ(g.actions_left(), 1);
}

// An added slay cost belongs to the card it was put on: a monster returned on top of that card
// (Watcher on the Water, d16) is slain at its printed cost, and the covered card gets its added
// cost back once the returned one leaves (the original keeps extra_*_cost on the card).
TEST(VckConcurrentGates, AddedSlayCostStaysWithTheCoveredCard) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = action_phase_with(16, 14);
  ASSERT_EQ(cards().domain(16)->name, "Watcher on the Water");
  g.player(0).g = 20, g.player(0).s = 30, g.player(0).m = 30;
  g.player(0).cit = {4, 6};  // two soldier icons
  g.player(0).flip = {0, 0};
  const CardRef covered = g.stacks('m')[0].back();
  const CardRef returned = g.stacks('m')[0].front();  // a monster of the same area
  g.player(0).mon = {returned};
  g.add_boost(0, 2, 0);  // 2 more gold on the top card (an event's add_slay_cost)
  ASSERT_TRUE(apply_label(g, "build_domain 16 g=6 s=0 m=0"));
  ASSERT_TRUE(apply_label(g, "act choose_owned_card 1"));
  ASSERT_EQ(g.stacks('m')[0].back(), returned);
  EXPECT_EQ(g.boost(0, 0), 0);
  while (offers(g, "concurrent event_self_convert skip")) ASSERT_TRUE(apply_label(g, "concurrent event_self_convert skip"));
  std::string slay;
  for (const Action& a : g.legal_actions()) {
    if (slay.empty() && g.label(a).rfind("slay_monster " + std::to_string(returned.id) + " ", 0) == 0) slay = g.label(a);
  }
  ASSERT_FALSE(slay.empty());
  EXPECT_NE(slay.find(" g=0 "), std::string::npos) << slay;
  ASSERT_TRUE(apply_label(g, slay));
  EXPECT_EQ(g.stacks('m')[0].back(), covered);
  EXPECT_EQ(g.boost(0, 0), 2);
}

// Watcher on the Water's return asks for any owned monster, but one with no stack to go back on
// (an Undead Samurai Minion of the Lord event's reserve: its area has no stack) is not offered;
// the others keep their numbers.
TEST(VckConcurrentGates, ReturnOwnedSkipsAMonsterWithNoStack) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = action_phase_with(16, 14, 3, true);
  g.player(0).g = 20;
  g.player(0).cit = {4, 6};
  g.player(0).flip = {0, 0};
  g.player(0).mon = {g.stacks('m')[0].front(), {'m', 60}, g.stacks('m')[1].front()};
  ASSERT_TRUE(apply_label(g, "build_domain 16 g=6 s=0 m=0"));
  EXPECT_TRUE(offers(g, "act choose_owned_card 1"));
  EXPECT_FALSE(offers(g, "act choose_owned_card 2"));
  EXPECT_TRUE(offers(g, "act choose_owned_card 3"));
}

// A Minion placed on a monster stack covers its top's added cost; banished with the Lord, it gives
// that card its added cost back (the original kept it on the card all along).
TEST(VckConcurrentGates, BanishedMinionsGiveTheCoveredCardItsAddedCostBack) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = action_phase_with(16, 14, 3, true);
  g.add_boost(0, 3, 1);
  g.bury_boost(0);
  g.monster_stacks_mut()[0].push_back({'m', 57});
  EXPECT_EQ(g.boost(0, 1), 0);
  g.banish_undead_minions();
  EXPECT_EQ(g.boost(0, 1), 3);
}

// The slay Eye of Asteraten grants takes a Warg (m78), whose reward asks a choice (3 magic or a
// Peasant): the slay's resume waits for that answer (player_actions.py pending_post_slay_resume)
// and then runs the domain follow-up, so the standard action is asked again beside the held
// event's gate.
TEST(VckConcurrentGates, SlayWhoseRewardAsksMoreResumesAfterThatAnswer) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = action_phase_with(11, 14);
  ASSERT_EQ(cards().monster(78)->name, "Warg");
  for (int seat : {0, 1}) g.player(seat).g = 20;
  g.player(0).s = 30, g.player(0).m = 30;
  g.player(0).cit = {1, 6};
  g.player(0).flip = {0, 0};
  g.monster_stacks_mut()[0].push_back({'m', 78});
  ASSERT_TRUE(apply_label(g, "build_domain 11 g=8 s=0 m=0"));
  ASSERT_TRUE(apply_label(g, "act choose_monster_slay 1"));
  ASSERT_TRUE(apply_label(g, "act slay_pay 0 3 2"));
  ASSERT_TRUE(apply_label(g, "act choose 1"));
  const std::string first = g.players()[0].id;
  EXPECT_EQ(field(g, "ca").rfind("event_self_convert:", 0), 0u);
  EXPECT_EQ(field(g, "ar"), first + ":standard_action");
}

// Cursed Cavern (d49: 4 magic, every player flips a citizen) built with the last action from the
// last card of its stack: Tax Collection, revealed under the flip gate, waits. When the gate
// closes with no action left, the engine starts the action-end queue first (Cathedral of St
// Aquila's choice), the held event after it.
TEST(VckConcurrentGates, GateClosingWithNoActionLeftOffersTheActionEndPassivesFirst) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = action_phase_with(49, 14);
  ASSERT_EQ(cards().domain(49)->name, "Cursed Cavern");
  for (int seat : {0, 1}) g.player(seat).g = 20;
  g.player(0).cit = {3, 1, 5};  // shadow, holy and worker icons
  g.player(0).flip = {0, 0, 0};
  g.player(0).dom = {5};  // Cathedral of St Aquila, owned since an earlier turn
  g.player(0).dom_turn = {0};
  g.player(1).cit = {1};
  g.player(1).flip = {0};
  ASSERT_TRUE(apply_label(g, "take_resource gold"));
  ASSERT_TRUE(apply_label(g, "build_domain 49 g=10 s=0 m=0"));
  ASSERT_TRUE(apply_label(g, "concurrent flip_one_citizen 0"));
  ASSERT_TRUE(apply_label(g, "concurrent flip_one_citizen 0"));
  const std::string first = g.players()[0].id;
  EXPECT_EQ(field(g, "ar"), first + ":choose_player");
  EXPECT_EQ(field(g, "ph"), "action_end_pending");
  EXPECT_EQ(field(g, "ca"), "");
}

// action_phase_with, then the first seat spends its turn taking gold: the second (last) seat's
// action phase, where a turn that meets an end condition ends the game.
Game last_seat_action_phase_with(int domain, int event) {
  Game g = action_phase_with(domain, event);
  EXPECT_TRUE(apply_label(g, "take_resource gold"));
  EXPECT_TRUE(apply_label(g, "take_resource gold"));
  for (int step = 0; step < 50 && !(g.phase() == Phase::kAction && g.prompts().empty()); ++step) EXPECT_TRUE(g.apply_index(0));
  EXPECT_EQ(g.phase(), Phase::kAction);
  EXPECT_EQ(g.active(), 1);
  for (auto& st : g.monster_stacks_mut()) st.clear();  // every monster slain: the game ends with this turn
  return g;
}

// The other side of the rule below: a plain last action that ends the game leaves the standard
// action it was asked as (lifecycle.py advance_tick finalizes the game without clearing it).
TEST(VckConcurrentGates, PlainLastActionOnTheGamesLastTurnKeepsTheStandardAction) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = last_seat_action_phase_with(37, 9);
  ASSERT_TRUE(apply_label(g, "take_resource gold"));
  ASSERT_TRUE(apply_label(g, "take_resource gold"));
  EXPECT_EQ(g.phase(), Phase::kGameOver);
  EXPECT_EQ(field(g, "ar"), g.players()[1].id + ":standard_action");
}

// Sunder Bay built with the last action of the last seat's turn, every monster slain, reveals
// Quell Rebellion under the banish prompt; nothing is asked by the action-end queue, so the event's
// gate opens in the action phase with no action prompt shown (the banish answer cleared it), and
// its close ends the turn and the game at once (player_actions.py submit_concurrent_action ->
// lifecycle.py finish_turn_if_no_actions_remaining -> advance_tick -> endgame _finalize_game).
// Nothing sets action_required on the way: the game-over summary shows none either, not the
// standard action a plain last action leaves.
TEST(VckConcurrentGates, GateClosingOnTheGamesLastTurnLeavesNoActionPrompt) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = last_seat_action_phase_with(37, 9);
  g.hold_for_tick(true);
  g.player(1).g = 20, g.player(1).s = 5;
  g.player(0).g = 0, g.player(0).s = 5;
  g.player(1).cit = {3, 2, 5, 2};  // a shadow icon and three worker icons
  g.player(1).flip = {0, 0, 0, 0};
  g.player(1).dom = {5};  // Cathedral of St Aquila, owned since an earlier turn
  g.player(1).dom_turn = {0};
  g.player(0).cit = {1};
  g.player(0).flip = {0};
  ASSERT_TRUE(apply_label(g, "take_resource gold"));
  ASSERT_TRUE(apply_label(g, "build_domain 37 g=8 s=0 m=0"));
  ASSERT_TRUE(apply_label(g, "act choose_player 1"));
  ASSERT_TRUE(apply_label(g, "act choose_owned_card 1"));
  const std::string first = g.players()[0].id, second = g.players()[1].id;
  ASSERT_EQ(field(g, "ca"), "event_self_convert:" + first + "," + second);
  EXPECT_EQ(field(g, "ph"), "action");
  EXPECT_EQ(field(g, "ar"), "");
  ASSERT_TRUE(apply_label(g, "concurrent event_self_convert skip"));
  ASSERT_TRUE(apply_label(g, "concurrent event_self_convert skip"));
  EXPECT_FALSE(g.stalled());
  EXPECT_EQ(g.phase(), Phase::kGameOver);
  EXPECT_EQ(field(g, "ar"), "");
}

// The same with an opponent Cathedral of St Aquila can take gold from: the action-end queue asks
// first, so the gate opens in action_end_pending and its close waits for the harness's tick
// (lifecycle.py advance_tick, action_end_pending). That tick ends the turn and the game without
// setting action_required: the game-over summary shows no action prompt.
TEST(VckConcurrentGates, TickAfterTheGateOnTheGamesLastTurnLeavesNoActionPrompt) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = last_seat_action_phase_with(37, 9);
  g.hold_for_tick(true);
  g.player(1).g = 20, g.player(1).s = 5;
  g.player(0).g = 3, g.player(0).s = 5;
  g.player(1).cit = {3, 2, 5, 2};
  g.player(1).flip = {0, 0, 0, 0};
  g.player(1).dom = {5};
  g.player(1).dom_turn = {0};
  g.player(0).cit = {1};
  g.player(0).flip = {0};
  ASSERT_TRUE(apply_label(g, "take_resource gold"));
  ASSERT_TRUE(apply_label(g, "build_domain 37 g=8 s=0 m=0"));
  ASSERT_TRUE(apply_label(g, "act choose_player 1"));
  ASSERT_TRUE(apply_label(g, "act choose_owned_card 1"));
  const std::string first = g.players()[0].id, second = g.players()[1].id;
  ASSERT_EQ(field(g, "ar"), second + ":choose_player");
  ASSERT_TRUE(apply_label(g, "act choose_player 1"));
  ASSERT_EQ(field(g, "ca"), "event_self_convert:" + first + "," + second);
  EXPECT_EQ(field(g, "ph"), "action_end_pending");
  ASSERT_TRUE(apply_label(g, "concurrent event_self_convert skip"));
  ASSERT_TRUE(apply_label(g, "concurrent event_self_convert skip"));
  ASSERT_TRUE(g.stalled());
  EXPECT_EQ(field(g, "ar"), "");
  ASSERT_TRUE(g.tick());
  EXPECT_EQ(g.phase(), Phase::kGameOver);
  EXPECT_EQ(field(g, "ar"), "");
}

// Giants of Ostendaar (e33, a monster event: its reward takes a domain) slain; the domain taken,
// Ararmartin Ridge (d25: 3 gold and one more build), is the last card of its stack, which reveals
// Alms for the Poor (e23: in turn order each player must pay 2 of one resource to a player). The
// grant's answer clears the action prompt first (player_actions.py choose_domain_reward), so the
// event fires at once and asks the active player; Ararmartin's activation then asks for its build
// and overwrites that question: the sequence is never asked, and it stays running, so a later
// sequence cannot start (events.py _begin_sequence).
TEST(VckConcurrentGates, GrantedDomainsQuestionOverwritesTheRevealedEventsSequence) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = action_phase_with(25, 23);
  ASSERT_EQ(cards().domain(25)->name, "Ararmartin Ridge");
  ASSERT_EQ(cards().event(23)->name, "Alms for the Poor");
  ASSERT_EQ(cards().event(33)->name, "Giants of Ostendaar");
  for (int seat : {0, 1}) g.player(seat).g = 20, g.player(seat).s = 20, g.player(seat).m = 5;
  g.player(0).cit = {1, 2, 3, 5, 6, 7, 1, 2, 3, 5, 6, 7};  // every role, so some domain qualifies
  g.player(0).flip = std::vector<uint8_t>(12, 0);
  g.monster_stacks_mut()[0].push_back({'e', 33});
  std::string slay;
  for (const Action& a : g.legal_actions()) {
    if (g.label(a).rfind("slay_event 33 ", 0) == 0) slay = g.label(a);
  }
  ASSERT_FALSE(slay.empty());
  ASSERT_TRUE(apply_label(g, slay));
  const std::string first = g.players()[0].id;
  ASSERT_EQ(field(g, "ar"), first + ":choose_domain_reward");
  ASSERT_TRUE(apply_label(g, "act grant_domain 1"));
  EXPECT_EQ(g.players()[0].dom, std::vector<int>{25});
  EXPECT_EQ(field(g, "ar"), first + ":choose_domain_to_build");
  EXPECT_TRUE(g.sequence_stuck);
  ASSERT_TRUE(apply_label(g, "act skip"));
  EXPECT_EQ(field(g, "ar"), first + ":standard_action");
  EXPECT_EQ(field(g, "ca"), "");
  EXPECT_EQ(g.actions_left(), 1);
}

}  // namespace
}  // namespace rk::vck
