// The last nine of Wagic's hard-coded cards, written in Lua (issue 31 item 4): each played
// through its effect, and each at the edge of what it does. Scenarios in Wagic's test format run
// with the shipped folder cards/wagic-lua against the 2016 database.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/language/database.h"
#include "games/mtg/lua/card_scripts.h"
#include "games/mtg/runners/harness.h"
#include "games/mtg/rules/game.h"
#include "games/mtg/runners/scenario.h"
#include "support.h"
#include "wagic_db.h"

namespace rk::mtg {
namespace {

class LuaHardCoded : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    db_ = test::wagic_2016_db();
    scripts_ = new CardScripts;
    std::vector<std::string> errors;
    scripts_->load(test::source_dir() + "/cards/wagic-lua", errors);
    for (const std::string& e : errors) ADD_FAILURE() << e;
  }
  static void TearDownTestSuite() {
    delete scripts_;
    scripts_ = nullptr;
  }
  // Plays a scenario; passes when its assertions hold and no script failed.
  void expect_pass(const std::string& scenario) {
    ASSERT_NE(db_, nullptr);
    const std::string path = ::testing::TempDir() + "/lua_hard_coded." + std::to_string(::getpid()) + ".txt";
    std::ofstream(path) << scenario;
    Scenario s;
    std::string err;
    ASSERT_TRUE(read_scenario(path, s, err)) << err;
    Catalog cat(*db_);
    cat.scripts = scripts_;
    const TestOutcome r = run_scenario(s, cat);
    EXPECT_EQ(r.status, TestOutcome::kPass) << r.first_difference << "\n" << r.diff << "\n" << scenario;
    for (const std::string& m : r.missing) ADD_FAILURE() << "not run: " << m;
  }
  static const Database* db_;
  static CardScripts* scripts_;
};
const Database* LuaHardCoded::db_ = nullptr;
CardScripts* LuaHardCoded::scripts_ = nullptr;
// A doom counter in its controller's upkeep, 1 damage to each player in the draw step.
TEST_F(LuaHardCoded, ArmageddonClock_AddsADoomCounterEachUpkeepAndDealsThatMuchInTheDrawStep) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  expect_pass(R"([INIT]
UNTAP
[PLAYER1]
inplay:armageddon clock,mountain,mountain,mountain,mountain
[PLAYER2]
[DO]
next
next
[ASSERT]
DRAW
[PLAYER1]
inplay:armageddon clock,mountain,mountain,mountain,mountain
life:19
[PLAYER2]
life:19
[END]
)");
}

// Its controller pays {4} in their upkeep: no damage. The opponent pays {4} in their own upkeep:
// the next draw step deals 1, not 2. In a main phase the ability is not offered (the pool stays).
TEST_F(LuaHardCoded, ArmageddonClock_AnyPlayerMayRemoveACounterButOnlyDuringAnUpkeep) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  expect_pass(R"([INIT]
UNTAP
[PLAYER1]
inplay:armageddon clock,mountain,swamp,forest,plains
[PLAYER2]
[DO]
next
mountain
swamp
forest
plains
armageddon clock
next
[ASSERT]
DRAW
[PLAYER1]
inplay:armageddon clock,mountain,swamp,forest,plains
life:20
[PLAYER2]
life:20
[END]
)");
  expect_pass(R"([INIT]
UNTAP
[PLAYER1]
inplay:armageddon clock
[PLAYER2]
inplay:mountain,swamp,forest,plains
[DO]
next
next
eot
next
mountain
swamp
forest
plains
armageddon clock
eot
next
next
[ASSERT]
DRAW
[PLAYER1]
inplay:armageddon clock
life:18
[PLAYER2]
inplay:mountain,swamp,forest,plains
life:18
[END]
)");
  expect_pass(R"([INIT]
FIRSTMAIN
[PLAYER1]
inplay:armageddon clock
manapool:{4}
[PLAYER2]
[DO]
armageddon clock
[ASSERT]
FIRSTMAIN
[PLAYER1]
inplay:armageddon clock
manapool:{4}
[PLAYER2]
[END]
)");
}

// Craw Wurm comes back tapped as a 7/5; it stays tapped in the untap step; {1}{B} paid in the
// upkeep untaps it, and it attacks for 7.
TEST_F(LuaHardCoded, DanceOfTheDead_ReturnsTheCreatureTappedAndPayingInUpkeepUntapsIt) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  expect_pass(R"([INIT]
FIRSTMAIN
[PLAYER1]
hand:dance of the dead
graveyard:craw wurm
inplay:swamp,mountain
manapool:{1}{B}
[PLAYER2]
[DO]
dance of the dead
craw wurm
eot
eot
next
no
yes
swamp
mountain
endinterruption
choice 0
next
next
next
next
craw wurm
next
next
next
[ASSERT]
COMBATEND
[PLAYER1]
inplay:dance of the dead,craw wurm,swamp,mountain
[PLAYER2]
life:13
[END]
)");
}

// The same upkeep, "don't pay": the creature stays tapped and cannot attack.
TEST_F(LuaHardCoded, DanceOfTheDead_NotPayingLeavesTheCreatureTapped) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  expect_pass(R"([INIT]
FIRSTMAIN
[PLAYER1]
hand:dance of the dead
graveyard:craw wurm
inplay:swamp,mountain
manapool:{1}{B}
[PLAYER2]
[DO]
dance of the dead
craw wurm
eot
eot
next
no
yes
swamp
mountain
endinterruption
choice 1
next
next
next
next
craw wurm
next
next
next
[ASSERT]
ENDOFTURN
[PLAYER1]
inplay:dance of the dead,craw wurm,swamp,mountain
[PLAYER2]
life:20
[END]
)");
}

// Air Elemental takes 2 and loses flying: Plummet (destroy target creature with flying) cannot
// target it and stays in hand; a 2/2 flyer dies.
TEST_F(LuaHardCoded, Earthbind_DealsTwoToAFlyerWhichLosesFlying) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  expect_pass(R"([INIT]
FIRSTMAIN
[PLAYER1]
hand:earthbind,plummet
manapool:{R}{1}{G}
[PLAYER2]
inplay:air elemental
[DO]
earthbind
air elemental
plummet
air elemental
[ASSERT]
FIRSTMAIN
[PLAYER1]
hand:plummet
inplay:earthbind
manapool:{1}{G}
[PLAYER2]
inplay:air elemental
[END]
)");
  expect_pass(R"([INIT]
FIRSTMAIN
[PLAYER1]
hand:earthbind
manapool:{R}
[PLAYER2]
inplay:wind drake
[DO]
earthbind
wind drake
[ASSERT]
FIRSTMAIN
[PLAYER1]
graveyard:earthbind
[PLAYER2]
graveyard:wind drake
[END]
)");
  expect_pass(R"([INIT]
FIRSTMAIN
[PLAYER1]
hand:plummet
manapool:{1}{G}
[PLAYER2]
inplay:air elemental
[DO]
plummet
air elemental
[ASSERT]
FIRSTMAIN
[PLAYER1]
graveyard:plummet
[PLAYER2]
graveyard:air elemental
[END]
)");
}

// On Grizzly Bears: no damage (the trigger's "if").
TEST_F(LuaHardCoded, Earthbind_DoesNothingToACreatureWithoutFlying) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  expect_pass(R"([INIT]
FIRSTMAIN
[PLAYER1]
hand:earthbind
manapool:{R}
[PLAYER2]
inplay:wind drake,grizzly bears
[DO]
earthbind
grizzly bears
[ASSERT]
FIRSTMAIN
[PLAYER1]
inplay:earthbind
[PLAYER2]
inplay:wind drake,grizzly bears
[END]
)");
}

// In the draw step: Grizzly Bears (drawn) is discarded as the cost, Forest is drawn.
TEST_F(LuaHardCoded, JandorsRing_DiscardsTheLastCardDrawnToDrawAnother) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  expect_pass(R"([INIT]
DRAW
[PLAYER1]
inplay:jandor's ring
library:forest,grizzly bears
manapool:{2}
[PLAYER2]
[DO]
jandor's ring
[ASSERT]
DRAW
[PLAYER1]
inplay:jandor's ring
hand:forest
graveyard:grizzly bears
[PLAYER2]
[END]
)");
}

// Nothing drawn this turn, or the card drawn was played since (the Forest): the ring's ability
// is not offered (the pool stays).
TEST_F(LuaHardCoded, JandorsRing_IsNotOfferedWithoutACardDrawnThisTurn) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  expect_pass(R"([INIT]
FIRSTMAIN
[PLAYER1]
inplay:jandor's ring
hand:grizzly bears
library:forest
manapool:{2}
[PLAYER2]
[DO]
jandor's ring
[ASSERT]
FIRSTMAIN
[PLAYER1]
inplay:jandor's ring
hand:grizzly bears
library:forest
manapool:{2}
[PLAYER2]
[END]
)");
  expect_pass(R"([INIT]
DRAW
[PLAYER1]
inplay:jandor's ring,swamp,island
library:forest
[PLAYER2]
[DO]
next
forest
swamp
island
jandor's ring
[ASSERT]
FIRSTMAIN
[PLAYER1]
inplay:jandor's ring,forest,swamp,island
manapool:{B}{U}
[PLAYER2]
[END]
)");
}

// Black chosen, the opponent has Scathe Zombies: White Knight (2/2) is 4/3 and survives Shock.
TEST_F(LuaHardCoded, Jihad_WhiteCreaturesGetPlusTwoPlusOneWhileTheOpponentHasTheColor) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  expect_pass(R"([INIT]
FIRSTMAIN
[PLAYER1]
hand:jihad,shock
inplay:white knight
manapool:{W}{W}{W}{R}
[PLAYER2]
inplay:scathe zombies
[DO]
jihad
choice 3
shock
white knight
[ASSERT]
FIRSTMAIN
[PLAYER1]
inplay:jihad,white knight
graveyard:shock
[PLAYER2]
inplay:scathe zombies
[END]
)");
}

// The zombies die: the +2/+1 ends, Jihad is sacrificed, and Shock kills the knight.
TEST_F(LuaHardCoded, Jihad_EndsAndIsSacrificedWhenTheColorIsGone) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  expect_pass(R"([INIT]
FIRSTMAIN
[PLAYER1]
hand:jihad,shock,lightning bolt
inplay:white knight
manapool:{W}{W}{W}{R}{R}
[PLAYER2]
inplay:scathe zombies
[DO]
jihad
choice 3
lightning bolt
scathe zombies
shock
white knight
[ASSERT]
FIRSTMAIN
[PLAYER1]
graveyard:jihad,white knight,shock,lightning bolt
[PLAYER2]
graveyard:scathe zombies
[END]
)");
}

// Green chosen: it stays while Grizzly Bears does, and is sacrificed when the bears die.
TEST_F(LuaHardCoded, LureboundScarecrow_IsSacrificedWhenTheLastPermanentOfItsColorGoes) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  expect_pass(R"([INIT]
FIRSTMAIN
[PLAYER1]
hand:lurebound scarecrow
inplay:grizzly bears
manapool:{3}
[PLAYER2]
[DO]
lurebound scarecrow
choice 0
[ASSERT]
FIRSTMAIN
[PLAYER1]
inplay:grizzly bears,lurebound scarecrow
[PLAYER2]
[END]
)");
  expect_pass(R"([INIT]
FIRSTMAIN
[PLAYER1]
hand:lurebound scarecrow,lightning bolt
inplay:grizzly bears
manapool:{3}{R}
[PLAYER2]
[DO]
lurebound scarecrow
choice 0
lightning bolt
grizzly bears
[ASSERT]
FIRSTMAIN
[PLAYER1]
graveyard:lurebound scarecrow,lightning bolt,grizzly bears
[PLAYER2]
[END]
)");
}

// Red chosen with no red permanent (the opponent's Shivan Dragon does not count).
TEST_F(LuaHardCoded, LureboundScarecrow_AColorYouDoNotControlSacrificesItAtOnce) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  expect_pass(R"([INIT]
FIRSTMAIN
[PLAYER1]
hand:lurebound scarecrow
inplay:grizzly bears
manapool:{3}
[PLAYER2]
inplay:shivan dragon
[DO]
lurebound scarecrow
choice 2
[ASSERT]
FIRSTMAIN
[PLAYER1]
inplay:grizzly bears
graveyard:lurebound scarecrow
[PLAYER2]
inplay:shivan dragon
[END]
)");
}

// The opponent's Crusade enchanted: in their upkeep they pay 1 (1 damage) or 2 (none).
TEST_F(LuaHardCoded, PowerLeak_PreventsAsMuchOfTheTwoDamageAsIsPaid) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  expect_pass(R"([INIT]
FIRSTMAIN
[PLAYER1]
hand:power leak
manapool:{1}{U}
[PLAYER2]
inplay:crusade,mountain,forest
[DO]
power leak
crusade
eot
next
no
no
yes
mountain
endinterruption
choice 1
[ASSERT]
UPKEEP
[PLAYER1]
inplay:power leak
[PLAYER2]
inplay:crusade,mountain,forest
life:19
[END]
)");
  expect_pass(R"([INIT]
FIRSTMAIN
[PLAYER1]
hand:power leak
manapool:{1}{U}
[PLAYER2]
inplay:crusade,mountain,forest
[DO]
power leak
crusade
eot
next
no
no
yes
mountain
forest
endinterruption
choice 2
[ASSERT]
UPKEEP
[PLAYER1]
inplay:power leak
[PLAYER2]
inplay:crusade,mountain,forest
life:20
[END]
)");
}

// Paying 0 (the mana stays in the pool): 2 damage.
TEST_F(LuaHardCoded, PowerLeak_PayingNothingTakesAllTwo) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  expect_pass(R"([INIT]
FIRSTMAIN
[PLAYER1]
hand:power leak
manapool:{1}{U}
[PLAYER2]
inplay:crusade,mountain,forest
[DO]
power leak
crusade
eot
next
no
no
yes
mountain
endinterruption
choice 0
[ASSERT]
UPKEEP
[PLAYER1]
inplay:power leak
[PLAYER2]
inplay:crusade,mountain,forest
life:18
manapool:{R}
[END]
)");
}

// Black chosen: 1 damage to the opponent for Scathe Zombies (their Swamp is colourless); in its
// controller's upkeep two Islands (Island, Underground Sea) are sacrificed and it stays.
TEST_F(LuaHardCoded, PsychicAllergy_DamagesPerPermanentOfTheColorAndCostsTwoIslands) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  expect_pass(R"([INIT]
FIRSTMAIN
[PLAYER1]
hand:psychic allergy
inplay:island,underground sea
manapool:{3}{U}{U}
[PLAYER2]
inplay:scathe zombies,swamp
[DO]
psychic allergy
choice 3
eot
next
eot
next
choice 0
island
underground sea
next
[ASSERT]
DRAW
[PLAYER1]
inplay:psychic allergy
graveyard:island,underground sea
[PLAYER2]
inplay:scathe zombies,swamp
life:19
[END]
)");
}

// One Island: destroyed in its controller's upkeep; no black permanent: no damage.
TEST_F(LuaHardCoded, PsychicAllergy_IsDestroyedWithoutTwoIslands) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  expect_pass(R"([INIT]
FIRSTMAIN
[PLAYER1]
hand:psychic allergy
inplay:island
manapool:{3}{U}{U}
[PLAYER2]
inplay:grizzly bears
[DO]
psychic allergy
choice 3
eot
next
eot
next
[ASSERT]
UPKEEP
[PLAYER1]
inplay:island
graveyard:psychic allergy
[PLAYER2]
inplay:grizzly bears
[END]
)");
}

// Unblocked, Szadek (id 89092) mills 5 and gets five +1/+1 counters: Swords to Plowshares on
// it then gives 10 life.
TEST_F(LuaHardCoded, Szadek_CombatDamageToAPlayerBecomesCountersAndMilling) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  expect_pass(R"([INIT]
COMBATATTACKERS
[PLAYER1]
inplay:89092,plains
hand:swords to plowshares
[PLAYER2]
library:underground sea,island,swamp,mountain,forest,grizzly bears
[DO]
89092
next
next
next
next
plains
swords to plowshares
89092
[ASSERT]
SECONDMAIN
[PLAYER1]
inplay:plains
exile:89092
graveyard:swords to plowshares
life:30
[PLAYER2]
library:underground sea
graveyard:island,swamp,mountain,forest,grizzly bears
[END]
)");
}

// Blocked by Giant Spider (reach): the spider dies, the library is untouched.
TEST_F(LuaHardCoded, Szadek_DamageToABlockerIsDealtAsUsual) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  expect_pass(R"([INIT]
COMBATATTACKERS
[PLAYER1]
inplay:89092
[PLAYER2]
inplay:giant spider
library:plains,island
[DO]
89092
next
giant spider
next
next
next
[ASSERT]
SECONDMAIN
[PLAYER1]
inplay:89092
[PLAYER2]
graveyard:giant spider
library:plains,island
[END]
)");
}
// A game copied while Power Leak's payment menu waits: the copy rebuilds the waiting function
// in its own Lua state (the menu asked again at the journal's end, with its continuation), and
// answering the same there pays and damages the same; the original's answer is its own.
TEST_F(LuaHardCoded, PowerLeak_APaymentWaitingInACopyIsPaidTheSameThere) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  ASSERT_NE(db_, nullptr);
  Catalog cat(*db_);
  cat.scripts = scripts_;
  const CardDef* leak_def = nullptr;
  const CardDef* crusade_def = nullptr;
  const int64_t leak_id = ref_id(cat, "power leak", &leak_def), crusade_id = ref_id(cat, "crusade", &crusade_def);
  ASSERT_NE(leak_def, nullptr);
  ASSERT_NE(crusade_def, nullptr);
  Game g(cat);
  const int leak = g.create(leak_def, leak_id, 0), crusade = g.create(crusade_def, crusade_id, 1);
  g.move(crusade, 1, kBattlefield);
  g.move(leak, 0, kBattlefield);
  g.attach(leak, crusade);
  g.active = 1;
  g.phase = Phase::kUpkeep;
  g.players[1].pool = parse_pool("{R}{G}{B}");
  script_phase(g);  // the upkeep of the enchanted Crusade's controller: the trigger
  ASSERT_EQ(g.stack.size(), 1u);
  g.resolve_top();
  ASSERT_EQ(g.menus.size(), 1u);
  ASSERT_EQ(g.menus.back().options.size(), 3u);  // pay 0, 1, 2
  Game copy = g;
  auto answer = [](Game& x, size_t option) {
    const Menu m = x.menus.back();
    x.menus.pop_back();
    x.resume(m.options[option].act);
  };
  answer(copy, 1);
  answer(g, 2);
  EXPECT_EQ(copy.players[1].life, 19);
  EXPECT_EQ(copy.players[1].pool.total(), 2);
  EXPECT_EQ(g.players[1].life, 20);
  EXPECT_EQ(g.players[1].pool.total(), 1);
  EXPECT_TRUE(copy.missing.empty()) << copy.missing[0];
  EXPECT_TRUE(g.missing.empty()) << g.missing[0];
}

// mtg.pay's menu waiting in a copy: the cost waits in the call (copied), the copy asks again with
// it, and paying there takes the mana and goes on (the original declines and keeps its pool).
TEST_F(LuaHardCoded, APaymentOfACostWaitingInACopyIsPaidThere) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  ASSERT_NE(db_, nullptr);
  CardScripts scripts;
  std::string error;
  ASSERT_TRUE(scripts.add("grizzly bears", "Grizzly Bears.lua",
                          "return { phase = function(me)\n"
                          "  if mtg.phase() ~= 'upkeep' then return end\n"
                          "  mtg.trigger(function() if mtg.pay(1, '{1}{B}') then mtg.gain_life(1, 5) end end)\n"
                          "end }\n",
                          error))
      << error;
  Catalog cat(*db_);
  cat.scripts = &scripts;
  const CardDef* bears_def = nullptr;
  const int64_t bears_id = ref_id(cat, "grizzly bears", &bears_def);
  ASSERT_NE(bears_def, nullptr);
  Game g(cat);
  const int bears = g.create(bears_def, bears_id, 0);
  g.move(bears, 0, kBattlefield);
  g.phase = Phase::kUpkeep;
  g.players[0].pool = parse_pool("{B}{B}{G}");
  script_phase(g);
  ASSERT_EQ(g.stack.size(), 1u);
  g.resolve_top();
  ASSERT_EQ(g.menus.size(), 1u);
  EXPECT_EQ(g.menus.back().options[0].label, "pay {1}{B}");
  Game copy = g;
  auto answer = [](Game& x, size_t option) {
    const Menu m = x.menus.back();
    x.menus.pop_back();
    x.resume(m.options[option].act);
  };
  answer(copy, 0);
  answer(g, 1);
  EXPECT_EQ(copy.players[0].life, 25);
  EXPECT_EQ(copy.players[0].pool.total(), 1);
  EXPECT_EQ(g.players[0].life, 20);
  EXPECT_EQ(g.players[0].pool.total(), 3);
  EXPECT_TRUE(copy.missing.empty()) << copy.missing[0];
}

}  // namespace
}  // namespace rk::mtg
