// The moves the original engine's enumerator never lists but its rules accept: Twilight Palace's
// one-die and Blood Moon Palace's both-dice re-roll while the roll is pending, and New Shilina
// Tower's hire payments with strength. Each is offered with the domain, has its effect, and is not
// offered without it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/vck/compiler/cards.h"
#include "games/vck/rules/game.h"
#include "support.h"
#include "vck/corpus_cards.h"

namespace rk::vck {
namespace {

// A 2-player base game whose dukes are chosen: the first roll is pending.
Game rolled_game(uint64_t seed) {
  kernel::Chance chance(seed);
  vck::Setup s;
  std::string error;
  EXPECT_TRUE(deal(cards(), "base", 2, chance, s, error)) << error;
  Game g(cards(), s, seed);
  while (g.phase() == Phase::kSetup) EXPECT_TRUE(g.apply_index(0));
  return g;
}

// `seat` owns domain `id` since before this turn (past its build-turn cooldown).
void give_domain(Game& g, int seat, int id, const std::string& name) {
  ASSERT_NE(cards().domain(id), nullptr);
  ASSERT_EQ(cards().domain(id)->name, name);
  g.player(seat).dom.push_back(id);
  g.player(seat).dom_turn.push_back(g.turn() - 1);
}

std::vector<std::string> labels_of(const Game& g, Action::Type t) {
  std::vector<std::string> out;
  for (const Action& a : g.legal_actions()) {
    if (a.type == t) out.push_back(g.label(a));
  }
  return out;
}

// The die draws logged since entry `from`.
int die_draws_since(const Game& g, size_t from) {
  int n = 0;
  for (size_t i = from; i < g.log().size(); ++i) {
    const auto& e = g.log().entries()[i];
    n += e.kind == kernel::LogEntry::Kind::kDraw && e.bound == 6 && e.tag != 0;
  }
  return n;
}

bool apply_label(Game& g, const std::string& label) {
  for (const Action& a : g.legal_actions()) {
    if (g.label(a) == label) return g.apply(a);
  }
  return false;
}

TEST(VckUnlistedMoves, TwilightPalaceRerollsOneDieOncePerRoll) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = rolled_game(3);
  ASSERT_EQ(g.phase(), Phase::kRollPending);
  EXPECT_TRUE(labels_of(g, Action::Type::kReroll).empty()) << "no re-roll without the domain";
  give_domain(g, g.active(), 41, "Twilight Palace");
  EXPECT_EQ(labels_of(g, Action::Type::kReroll), (std::vector<std::string>{"reroll_pending_die 1", "reroll_pending_die 2"}));
  const int kept = g.rolled_die(0);
  const size_t before = g.log().size();
  ASSERT_TRUE(apply_label(g, "reroll_pending_die 2"));
  EXPECT_EQ(die_draws_since(g, before), 1) << "one die drawn through the kernel's Chance";
  EXPECT_EQ(static_cast<int>(g.log().entries().back().value) + 1, g.rolled_die(1));
  EXPECT_EQ(g.rolled_die(0), kept);
  EXPECT_EQ(g.phase(), Phase::kRollPending) << "the roll still waits to be finalized";
  EXPECT_TRUE(labels_of(g, Action::Type::kReroll).empty()) << "once per roll phase";
  const int rerolled = g.rolled_die(1);
  ASSERT_TRUE(apply_label(g, "finalize_roll keep"));
  EXPECT_EQ(g.die(0), kept);
  EXPECT_EQ(g.die(1), rerolled) << "the re-rolled die is the one finalized";
}

TEST(VckUnlistedMoves, BloodMoonPalaceRerollsBothDiceForTwoMagic) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = rolled_game(4);
  const int seat = g.active();
  EXPECT_TRUE(labels_of(g, Action::Type::kReroll).empty()) << "no re-roll without the domain";
  give_domain(g, seat, 47, "Blood Moon Palace");
  g.player(seat).m = 1;
  EXPECT_TRUE(labels_of(g, Action::Type::kReroll).empty()) << "2 magic needed";
  g.player(seat).m = 3;
  EXPECT_EQ(labels_of(g, Action::Type::kReroll), std::vector<std::string>{"reroll_both_dice"});
  const size_t before = g.log().size();
  ASSERT_TRUE(apply_label(g, "reroll_both_dice"));
  EXPECT_EQ(g.players()[static_cast<size_t>(seat)].m, 1);
  ASSERT_EQ(die_draws_since(g, before), 2) << "both dice drawn through the kernel's Chance";
  EXPECT_EQ(static_cast<int>(g.log().entries()[before].value) + 1, g.rolled_die(0));
  EXPECT_EQ(static_cast<int>(g.log().entries()[before + 1].value) + 1, g.rolled_die(1));
  g.player(seat).m = 5;
  EXPECT_TRUE(labels_of(g, Action::Type::kReroll).empty()) << "once per roll phase";
  ASSERT_TRUE(apply_label(g, "finalize_roll keep"));
  EXPECT_EQ(g.die(0), g.rolled_die(0));
  EXPECT_EQ(g.die(1), g.rolled_die(1));
}

TEST(VckUnlistedMoves, NewShilinaTowerPaysHiresWithStrength) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g = rolled_game(5);
  while (g.phase() != Phase::kAction || !g.prompts().empty()) ASSERT_TRUE(g.apply_index(0));
  const int seat = g.active();
  Player& p = g.player(seat);
  p.g = 0, p.s = 10, p.m = 0;
  for (const std::string& l : labels_of(g, Action::Type::kHire)) EXPECT_NE(l.find(" g=0 s=0 m=0"), std::string::npos) << "without the domain: " << l;
  give_domain(g, seat, 33, "New Shilina Tower");
  Action strength{};
  for (const Action& a : g.legal_actions()) {
    if (a.type != Action::Type::kHire) continue;
    EXPECT_EQ(a.b + a.c + a.d, cards().citizen(a.a)->cost + (cards().citizen(a.a)->name == "Peasant" || cards().citizen(a.a)->name == "Knight"))
        << "an exact payment: " << g.label(a);
    if (a.c > 0 && strength.c == 0) strength = a;
  }
  ASSERT_GT(strength.c, 0) << "strength pays with New Shilina Tower";
  const size_t owned = p.cit.size();
  ASSERT_TRUE(g.apply(strength));
  EXPECT_EQ(g.players()[static_cast<size_t>(seat)].s, 10 - strength.c);
  EXPECT_EQ(g.players()[static_cast<size_t>(seat)].cit.size(), owned + 1);
  EXPECT_EQ(g.players()[static_cast<size_t>(seat)].cit.back(), strength.a);
}

}  // namespace
}  // namespace rk::vck
