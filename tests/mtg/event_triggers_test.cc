// Triggers on events (rules/triggers.cc): @noncombatdamaged, @drawn, @counteradded and
// @counterremoved, @lifed and @lifeloss; each with an event of another kind that does not fire it.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

using test::play_own;
using test::trace_of;

std::string card(const std::string& name, const std::string& mana, const std::string& type, const std::string& body) {
  return "[card]\nname=" + name + "\nmana=" + mana + "\ntype=" + type + "\n" + body + "[/card]\n";
}

std::string main_phase(const std::string& p1, const std::string& p2, const std::string& act, const std::string& assert_p1,
                       const std::string& assert_p2) {
  return "[INIT]\nFIRSTMAIN\n[PLAYER1]\n" + p1 + "[PLAYER2]\n" + p2 + "[DO]\n" + act + "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n" +
         assert_p1 + "[PLAYER2]\n" + assert_p2 + "[END]\n";
}

const std::string kBear = card("Bear", "{1}{G}", "Creature", "power=2\ntoughness=2\n");

// @noncombatdamaged(creature): a creature dealt damage by a spell fires it; combat damage does not.
TEST(WagicTriggers, NonCombatDamagedIgnoresCombatDamage) {
  const std::string cards = kBear + card("Ogre", "{2}{R}", "Creature", "power=3\ntoughness=3\n") +
                            card("Watcher", "{0}", "Enchantment", "auto=@noncombatdamaged(creature):life:1\n") +
                            card("Shock", "{0}", "Instant", "target=creature\nauto=damage:1\n");
  TestOutcome r = play_own(cards, main_phase("hand:shock\ninplay:watcher\n", "inplay:ogre\n", "shock\nogre\n",
                                             "inplay:watcher\ngraveyard:shock\nlife:21\n", "inplay:ogre\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, test::combat("ogre,watcher", "bear", "ogre\n", "bear\n", "inplay:ogre,watcher\n", "graveyard:bear\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// @drawn(player): once per card drawn, by either player.
TEST(WagicTriggers, DrawnFiresForEachCardDrawn) {
  const std::string cards = kBear + card("Scribe", "{0}", "Enchantment", "auto=@drawn(player):life:1\n") +
                            card("Study", "{0}", "Sorcery", "auto=draw:2\n");
  const TestOutcome r = play_own(cards, main_phase("hand:study\ninplay:scribe\nlibrary:bear,bear\n", "", "study\n",
                                                   "inplay:scribe\ngraveyard:study\nhand:bear,bear\nlife:22\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// @counteradded(1/1) from(this): once per +1/+1 counter put on the card itself; not for another
// card, not for -1/-1 counters. @counterremoved(1/1) from(this): once per counter taken off.
TEST(WagicTriggers, CounterAddedAndRemovedCountTheKindAndTheCard) {
  const std::string cards = kBear +
                            card("Hoplite", "{1}{G}", "Creature", "power=3\ntoughness=3\nauto=@counteradded(1/1) from(this):life:1\n"
                                                                  "auto=@counterremoved(1/1) from(this):life:-3\n") +
                            card("Feed", "{0}", "Sorcery", "target=creature\nauto=counter(1/1,2)\n") +
                            card("Wilt", "{0}", "Sorcery", "target=creature\nauto=counter(-1/-1,1)\n") +
                            card("Drain", "{0}", "Sorcery", "target=creature\nauto=counter(1/1,-1)\n");
  struct Case {
    const char *cast, *on;
    int life;
  };
  for (const Case& c : {Case{"feed", "hoplite", 22}, Case{"feed", "bear", 20}, Case{"wilt", "hoplite", 20}}) {
    const std::string spell = c.cast, on = c.on;
    const TestOutcome r = play_own(cards, main_phase("hand:" + spell + "\ninplay:hoplite,bear\n", "", spell + "\n" + on + "\n",
                                                     "graveyard:" + spell + "\ninplay:hoplite,bear\nlife:" + std::to_string(c.life) + "\n", ""));
    EXPECT_EQ(r.status, TestOutcome::kPass) << spell << " " << on << trace_of(r);
  }
  const TestOutcome r = play_own(cards, main_phase("hand:feed,drain\ninplay:hoplite\n", "", "feed\nhoplite\ndrain\nhoplite\n",
                                                   "graveyard:feed,drain\ninplay:hoplite\nlife:19\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// @lifed(player): a player gains life; @lifeloss(player): a player loses life (Wagic 2016 parses both).
TEST(WagicTriggers, LifedAndLifelossFireOnGainAndLoss) {
  const std::string cards = kBear + card("Ledger", "{0}", "Enchantment", "auto=@lifed(player):draw:1\nauto=@lifeloss(player):deplete:1\n") +
                            card("Salve", "{0}", "Sorcery", "auto=life:3\n") + card("Bolt", "{0}", "Instant", "target=player\nauto=damage:3\n");
  TestOutcome r = play_own(cards, main_phase("hand:salve\ninplay:ledger\nlibrary:bear,bear\n", "", "salve\n",
                                             "inplay:ledger\ngraveyard:salve\nhand:*\nlibrary:*\nlife:23\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, main_phase("hand:bolt\ninplay:ledger\nlibrary:bear,bear\n", "", "bolt\np2\n",
                                 "inplay:ledger\ngraveyard:bolt,*\nlibrary:*\n", "life:17\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

}  // namespace
}  // namespace rk::mtg

namespace rk::mtg {
namespace {

// @attacking(spec), @blocking(spec), @blocked(spec), @notblocked(spec), @attackedalone(spec): the
// guide's combat triggers, which Wagic's parser ignores (its cards write @combat(..) source(..));
// read as that form. The knight attacks alone: +1 (attacking), +10 (alone), then +5 unblocked or
// +2 blocked; the sentry that blocks gives its controller 4.
TEST(WagicTriggers, TheGuidesCombatTriggersReadAsCombat) {
  const std::string cards =
      "[card]\nname=Knight\nmana={W}\ntype=Creature\npower=2\ntoughness=2\nauto=@attacking(creature|mybattlefield):life:1\n"
      "auto=@attackedalone(this):life:10\nauto=@notblocked(this):life:5\nauto=@blocked(this):life:2\n[/card]\n"
      "[card]\nname=Sentry\nmana={W}\ntype=Creature\npower=0\ntoughness=4\nauto=@blocking(this):life:4\n[/card]\n" +
      test::creature("Squire", "{W}", 1, 1);
  TestOutcome r = play_own(cards, test::combat("knight", "", "knight\n", "", "inplay:knight\nlife:36\n", "life:18\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, test::combat("knight", "sentry", "knight\n", "sentry\n", "inplay:knight\nlife:33\n", "inplay:sentry\nlife:24\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  // With the squire beside it the knight does not attack alone; both attacking fire @attacking.
  r = play_own(cards, test::combat("knight,squire", "", "knight\nsquire\n", "", "inplay:knight,squire\nlife:27\n", "life:17\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
