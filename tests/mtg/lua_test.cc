// Cards written in Lua: the sandbox (no I/O, no OS, no loading code, an instruction budget, a
// memory cap), diagnostics with file:line:col, and scripted cards in small games — among them
// the seed's example of what keyword lines cannot say, a later part that uses what an earlier
// part did ("Exile target creature. Its controller gains life equal to its power.").
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/language/database.h"
#include "games/mtg/runners/harness.h"
#include "games/mtg/lua/card_scripts.h"
#include "games/mtg/runners/scenario.h"
#include "script/lua_host.h"
#include "support.h"
#include "wagic_db.h"
#include "text/source.h"

namespace rk::mtg {
namespace {

// Runs `code` as a chunk named `name`; returns the diagnostic ("" when it ran).
std::string run(const std::string& code, script::LuaLimits limits = {}, const std::string& name = "card.lua") {
  script::LuaHost host(limits);
  text::SourceFile file(name, code);
  std::string error;
  host.run_chunk(file, error);
  return error;
}

TEST(LuaSandbox, RejectsIoOsRequireAndLoadingCodeWithADiagnostic) {
  for (const char* name : {"io", "os", "require", "load", "loadfile", "dofile", "package", "debug", "collectgarbage"}) {
    const std::string code = std::string("local ok = true\nlocal f = ") + name + "\nreturn {}\n";
    const std::string e = run(code);
    EXPECT_NE(e.find("card.lua:2:1: error[LU0003]: "), std::string::npos) << name << ": " << e;
    EXPECT_NE(e.find(std::string("'") + name + "' is not available in card scripts"), std::string::npos) << e;
    EXPECT_NE(e.find("    2 | local f = "), std::string::npos) << e;  // the source line, then a caret
  }
  // Calling through a library is stopped as well, and the removed parts of safe libraries are gone.
  EXPECT_NE(run("return io.open('/etc/passwd')").find("error[LU0003]"), std::string::npos);
  EXPECT_NE(run("return os.execute('true')").find("error[LU0003]"), std::string::npos);
  EXPECT_EQ(run("assert(math.random == nil and string.dump == nil and math.floor(2.5) == 2)\nreturn {}"), "");
  // pairs visits keys in a fixed order (Lua seeds string hashes at random per state).
  EXPECT_EQ(run("local t = {zeta = 1, alpha = 2, [2] = 3, [1] = 4, mid = 5}\nlocal s = ''\n"
                "for k in pairs(t) do s = s .. tostring(k) .. ',' end\nassert(s == '1,2,alpha,mid,zeta,', s)\nreturn {}"),
            "");
  // What a card needs is there.
  EXPECT_EQ(run("local t = {} table.insert(t, ('x'):rep(3)) assert(#t[1] == 3) return t"), "");
}

TEST(LuaSandbox, AnEndlessLoopHitsTheInstructionBudgetWithItsLine) {
  script::LuaLimits limits;
  limits.instructions = 100000;
  const std::string e = run("local n = 0\nwhile true do n = n + 1 end\n", limits);
  EXPECT_NE(e.find("card.lua:2:1: error[LU0004]: "), std::string::npos) << e;
  EXPECT_NE(e.find("instruction budget"), std::string::npos) << e;
}

TEST(LuaSandbox, MemoryIsCapped) {
  script::LuaLimits limits;
  limits.memory_bytes = 1u << 20;
  limits.instructions = 1'000'000'000;
  const std::string e = run("local t = {}\nfor i = 1, 1e8 do t[i] = ('x'):rep(64) .. i end\n", limits);
  EXPECT_NE(e.find("error[LU0005]: the script went over its memory cap"), std::string::npos) << e;
}

TEST(LuaSandbox, ASyntaxErrorInACardFileGivesFileLineAndColumn) {
  CardScripts scripts;
  std::string error;
  EXPECT_FALSE(scripts.add("broken", "cards/Broken.lua", "return {\n  resolve = function(me)\n    local x = ) 1\n  end,\n}\n", error));
  // Lua names the line and the token; the column is the token's place on that line.
  EXPECT_NE(error.find("cards/Broken.lua:3:15: error[LU0001]: "), std::string::npos) << error;
  EXPECT_NE(error.find("near ')'"), std::string::npos) << error;
  EXPECT_NE(error.find("    3 |     local x = ) 1\n      |               ^"), std::string::npos) << error;
  EXPECT_FALSE(scripts.add("nothing", "cards/Nothing.lua", "local x = 1\n", error));
  EXPECT_NE(error.find("error[LU0006]"), std::string::npos) << error;
  EXPECT_EQ(scripts.size(), 0u);
}

// Small games: scenario files in Wagic's test format run against the 2016 database.
class LuaCards : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { db_ = test::wagic_2016_db(); }

  // Plays `scenario` with the card scripts of `scripts`.
  TestOutcome play(const std::string& scenario, CardScripts& scripts) {
    const std::string path = ::testing::TempDir() + "/lua_card_game." + std::to_string(::getpid()) + ".txt";
    std::ofstream(path) << scenario;
    Scenario s;
    std::string err;
    EXPECT_TRUE(read_scenario(path, s, err)) << err;
    Catalog cat(*db_);
    cat.scripts = &scripts;
    return run_scenario(s, cat);
  }
  static const Database* db_;
};
const Database* LuaCards::db_ = nullptr;

// The seed's example: the second sentence uses the controller and power the creature had before
// the first sentence exiled it. Rulekit ships it (cards/wagic-lua/Swords to Plowshares.lua).
TEST_F(LuaCards, ExileTargetCreatureItsControllerGainsLifeEqualToItsPower) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  ASSERT_NE(db_, nullptr);
  CardScripts scripts;
  std::vector<std::string> errors;
  scripts.load(test::source_dir() + "/cards/wagic-lua", errors);
  EXPECT_TRUE(errors.empty()) << errors[0];
  ASSERT_NE(scripts.find("swords to plowshares"), nullptr);
  // Craw Wurm (6/4) under player 2: exiled, and player 2 (its controller) gains 6.
  const TestOutcome r = play(
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:swords to plowshares\nmanapool:{W}\n[PLAYER2]\ninplay:craw wurm\n"
      "[DO]\nswords to plowshares\ncraw wurm\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:swords to plowshares\nmanapool:{0}\nlife:20\n"
      "[PLAYER2]\nexile:craw wurm\nlife:26\n[END]\n",
      scripts);
  EXPECT_EQ(r.status, TestOutcome::kPass) << r.first_difference << "\n" << r.diff;
  EXPECT_TRUE(r.missing.empty());
}

// The same card written with its target chosen while it resolves: the handler suspends on the
// choice (a coroutine), the click answers it, and the rest of the function goes on with it.
TEST_F(LuaCards, AChoiceSuspendsTheCardUntilTheClickAnswersIt) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  ASSERT_NE(db_, nullptr);
  CardScripts scripts;
  std::string error;
  // Divination (a sorcery without targets) rewritten for the test.
  ASSERT_TRUE(scripts.add("divination", "Divination.lua",
                          "return { resolve = function(me)\n"
                          "  local creature = mtg.choose_target('creature')\n"
                          "  local who, power = mtg.controller(creature), mtg.power(creature)\n"
                          "  mtg.move(creature, 'exile')\n"
                          "  mtg.gain_life(who, power)\n"
                          "end }\n",
                          error))
      << error;
  const TestOutcome r = play(
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:divination\nmanapool:{2}{U}\ninplay:grizzly bears\n[PLAYER2]\ninplay:craw wurm\n"
      "[DO]\ndivination\ncraw wurm\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:divination\ninplay:grizzly bears\nmanapool:{0}\nlife:20\n"
      "[PLAYER2]\nexile:craw wurm\nlife:26\n[END]\n",
      scripts);
  EXPECT_EQ(r.status, TestOutcome::kPass) << r.first_difference << "\n" << r.diff;
}

// Durations: Act of Treason's control ends with the turn; Control Magic's while the aura stays
// (Disenchant on it gives the creature back).
TEST_F(LuaCards, ControlLastsUntilEndOfTurnOrWhileTheAuraStays) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  ASSERT_NE(db_, nullptr);
  CardScripts scripts;
  std::vector<std::string> errors;
  scripts.load(test::source_dir() + "/cards/wagic-lua", errors);
  ASSERT_TRUE(errors.empty()) << errors[0];
  const TestOutcome treason = play(
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:act of treason\nmanapool:{2}{R}\n[PLAYER2]\ninplay:craw wurm\n"
      "[DO]\nact of treason\ncraw wurm\neot\n"
      "[ASSERT]\nUNTAP\n[PLAYER1]\ngraveyard:act of treason\n[PLAYER2]\ninplay:craw wurm\n[END]\n",
      scripts);
  EXPECT_EQ(treason.status, TestOutcome::kPass) << treason.first_difference << "\n" << treason.diff;
  const TestOutcome during = play(
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:act of treason\nmanapool:{2}{R}\n[PLAYER2]\ninplay:craw wurm\n"
      "[DO]\nact of treason\ncraw wurm\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:act of treason\ninplay:craw wurm\nmanapool:{0}\n[PLAYER2]\n[END]\n",
      scripts);
  EXPECT_EQ(during.status, TestOutcome::kPass) << during.first_difference << "\n" << during.diff;
  const TestOutcome taken = play(
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:control magic,disenchant\nmanapool:{2}{U}{U}{W}{1}\n[PLAYER2]\ninplay:craw wurm\n"
      "[DO]\ncontrol magic\ncraw wurm\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:control magic,craw wurm\nhand:disenchant\nmanapool:{W}{1}\n[PLAYER2]\n[END]\n",
      scripts);
  EXPECT_EQ(taken.status, TestOutcome::kPass) << taken.first_difference << "\n" << taken.diff;
  const TestOutcome back = play(
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:control magic,disenchant\nmanapool:{2}{U}{U}{W}{1}\n[PLAYER2]\ninplay:craw wurm\n"
      "[DO]\ncontrol magic\ncraw wurm\ndisenchant\ncontrol magic\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:control magic,disenchant\nmanapool:{0}\n[PLAYER2]\ninplay:craw wurm\n[END]\n",
      scripts);
  EXPECT_EQ(back.status, TestOutcome::kPass) << back.first_difference << "\n" << back.diff;
}

// A choice of several (Treachery: up to five lands, confirmed by clicking the card) comes back
// as a list; the two lands chosen are untapped and tap again for mana.
TEST_F(LuaCards, AChoiceOfSeveralReturnsTheList) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  ASSERT_NE(db_, nullptr);
  CardScripts scripts;
  std::vector<std::string> errors;
  scripts.load(test::source_dir() + "/cards/wagic-lua", errors);
  ASSERT_TRUE(errors.empty()) << errors[0];
  const TestOutcome r = play(
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:treachery\ninplay:island,swamp,mountain,forest\nmanapool:{U}\n"
      "[PLAYER2]\ninplay:craw wurm\n"
      "[DO]\nisland\nswamp\nmountain\nforest\ntreachery\ncraw wurm\nswamp\nmountain\ntreachery\nswamp\nmountain\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:island,swamp,mountain,forest,treachery,craw wurm\nmanapool:{B}{R}\n"
      "[PLAYER2]\n[END]\n",
      scripts);
  EXPECT_EQ(r.status, TestOutcome::kPass) << r.first_difference << "\n" << r.diff;
}

// One script's action sets off another's handler while it runs: a Lua sorcery destroys Animate
// Dead, whose `leaves` handler (a nested coroutine) sacrifices the creature it brought back.
TEST_F(LuaCards, AHandlerSetOffByAnotherScriptRunsInsideIt) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  ASSERT_NE(db_, nullptr);
  CardScripts scripts;
  std::vector<std::string> errors;
  scripts.load(test::source_dir() + "/cards/wagic-lua", errors);
  ASSERT_TRUE(errors.empty()) << errors[0];
  std::string error;
  ASSERT_TRUE(scripts.add("divination", "Divination.lua",
                          "return { resolve = function(me)\n"
                          "  local aura = mtg.choose_target('enchantment')\n"
                          "  mtg.destroy(aura)\n"
                          "  mtg.gain_life(mtg.controller(me), mtg.zone(aura) == 'graveyard' and 1 or 0)\n"
                          "end }\n",
                          error))
      << error;
  const TestOutcome r = play(
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:animate dead,divination\nmanapool:{1}{B}{2}{U}\n[PLAYER2]\ngraveyard:craw wurm\n"
      "[DO]\nanimate dead\ncraw wurm\ndivination\nanimate dead\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:animate dead,divination\nmanapool:{0}\nlife:21\n"
      "[PLAYER2]\ngraveyard:craw wurm\n[END]\n",
      scripts);
  EXPECT_EQ(r.status, TestOutcome::kPass) << r.first_difference << "\n" << r.diff;
  EXPECT_TRUE(r.missing.empty());
}

// A menu (mtg.choose) answered by "choice N": Voice of All takes protection from red, so
// Lightning Bolt cannot target it and goes to the opponent instead.
TEST_F(LuaCards, AMenuAnswerShapesTheRestOfTheFunction) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  ASSERT_NE(db_, nullptr);
  CardScripts scripts;
  std::vector<std::string> errors;
  scripts.load(test::source_dir() + "/cards/wagic-lua", errors);
  ASSERT_TRUE(errors.empty()) << errors[0];
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:voice of all,lightning bolt\nmanapool:{2}{W}{W}{R}\n[PLAYER2]\n";
  const TestOutcome red = play(start +
                                   "[DO]\nvoice of all\nchoice 2\nlightning bolt\nvoice of all\np2\n"
                                   "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:voice of all\ngraveyard:lightning bolt\n"
                                   "manapool:{0}\n[PLAYER2]\nlife:17\n[END]\n",
                               scripts);
  EXPECT_EQ(red.status, TestOutcome::kPass) << red.first_difference << "\n" << red.diff;
  // Green instead: the bolt may target it, and a 2/2 dies.
  const TestOutcome green = play(start +
                                     "[DO]\nvoice of all\nchoice 0\nlightning bolt\nvoice of all\n"
                                     "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:voice of all,lightning bolt\n"
                                     "manapool:{0}\n[PLAYER2]\nlife:20\n[END]\n",
                                 scripts);
  EXPECT_EQ(green.status, TestOutcome::kPass) << green.first_difference << "\n" << green.diff;
}

// A rule query (may_cast) answered by a Lua card on the battlefield: Iona (id 190407), naming red,
// stops the opponent's Lightning Bolt but not their Giant Growth.
TEST_F(LuaCards, ARuleQueryForbidsWhatItNames) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  ASSERT_NE(db_, nullptr);
  CardScripts scripts;
  std::vector<std::string> errors;
  scripts.load(test::source_dir() + "/cards/wagic-lua", errors);
  ASSERT_TRUE(errors.empty()) << errors[0];
  const TestOutcome r = play("[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:190407\nmanapool:{6}{W}{W}{W}\n[PLAYER2]\nhand:lightning bolt,giant growth\ninplay:grizzly bears,mountain,forest\n[DO]\n190407\nchoice 2\neot\nnext\nnext\nnext\nmountain\nforest\nlightning bolt\np1\ngiant growth\ngrizzly bears\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:190407\nlife:20\n[PLAYER2]\nhand:lightning bolt\ngraveyard:giant growth\ninplay:grizzly bears,mountain,forest\nmanapool:{R}\n[END]\n", scripts);
  EXPECT_EQ(r.status, TestOutcome::kPass) << r.first_difference << "\n" << r.diff;
}

// An event handler (spell_cast) puts a triggered ability on the stack (mtg.trigger): Curse of
// Wizardry naming red makes the player who casts Lightning Bolt lose 1 life.
TEST_F(LuaCards, AnEventHandlerPutsATriggerOnTheStack) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  ASSERT_NE(db_, nullptr);
  CardScripts scripts;
  std::vector<std::string> errors;
  scripts.load(test::source_dir() + "/cards/wagic-lua", errors);
  ASSERT_TRUE(errors.empty()) << errors[0];
  const TestOutcome r = play("[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:curse of wizardry,lightning bolt,eye for an eye\nmanapool:{2}{B}{B}{R}{W}{W}\ninplay:craw wurm\n[PLAYER2]\n[DO]\ncurse of wizardry\nchoice 2\nlightning bolt\np2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:craw wurm,curse of wizardry\ngraveyard:lightning bolt\nhand:eye for an eye\nmanapool:{W}{W}\nlife:19\n[PLAYER2]\nlife:17\n[END]\n", scripts);
  EXPECT_EQ(r.status, TestOutcome::kPass) << r.first_difference << "\n" << r.diff;
  bool on_stack = false;
  for (const std::string& line : r.trace) on_stack = on_stack || line == "stack: curse of wizardry";
  EXPECT_TRUE(on_stack);
}

// A card whose script never ends: the budget stops it with a diagnostic, the spell still leaves
// the stack, and the game goes on (the next command plays a land).
TEST_F(LuaCards, ARunawayScriptIsStoppedAndTheGameGoesOn) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  ASSERT_NE(db_, nullptr);
  CardScripts scripts;
  std::string error;
  ASSERT_TRUE(scripts.add("divination", "Divination.lua", "return { resolve = function(me)\n  while true do end\nend }\n", error));
  const TestOutcome r = play(
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:divination,forest\nmanapool:{2}{U}\n[PLAYER2]\n"
      "[DO]\ndivination\nforest\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:divination\ninplay:forest\nmanapool:{0}\n[PLAYER2]\n[END]\n",
      scripts);
  EXPECT_EQ(r.status, TestOutcome::kPass) << r.first_difference << "\n" << r.diff;
  ASSERT_EQ(r.missing.size(), 1u);
  EXPECT_NE(r.missing[0].find("Divination.lua:2:1: error[LU0004]"), std::string::npos) << r.missing[0];
}

// Hostile files: a handler table whose metatable raises, a script that fills its memory cap. Each
// is stopped with a diagnostic (or simply has no handlers) and the game goes on.
TEST_F(LuaCards, HostileScriptsDoNotStopTheGame) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  ASSERT_NE(db_, nullptr);
  CardScripts scripts;
  std::string error;
  ASSERT_TRUE(scripts.add("divination", "Divination.lua",
                          "return setmetatable({}, { __index = function() error('no') end })\n", error));
  ASSERT_TRUE(scripts.add("grizzly bears", "Grizzly Bears.lua",
                          "local keep = {}\nreturn { resolve = function(me)\n"
                          "  for i = 1, 1e9 do keep[i] = ('x'):rep(100) .. i end\nend }\n",
                          error));
  const TestOutcome r = play(
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:divination,grizzly bears\nmanapool:{2}{U}{1}{G}\n[PLAYER2]\n"
      "[DO]\ndivination\ngrizzly bears\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:divination\ninplay:grizzly bears\nmanapool:{0}\n[PLAYER2]\n[END]\n",
      scripts);
  EXPECT_EQ(r.status, TestOutcome::kPass) << r.first_difference << "\n" << r.diff;
  // The bears' entering handler is stopped by the memory cap or the budget, whichever comes first.
  ASSERT_EQ(r.missing.size(), 1u);
  EXPECT_NE(r.missing[0].find("Grizzly Bears.lua:3:1: error[LU000"), std::string::npos) << r.missing[0];
}

// A script error names its line; the game goes on without the card's effect.
TEST_F(LuaCards, AScriptErrorIsADiagnosticAtItsLine) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  ASSERT_NE(db_, nullptr);
  CardScripts scripts;
  std::string error;
  ASSERT_TRUE(scripts.add("divination", "Divination.lua",
                          "return { resolve = function(me)\n  mtg.gain_life(3, 1)\nend }\n", error));
  const TestOutcome r = play(
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:divination\nmanapool:{2}{U}\n[PLAYER2]\n"
      "[DO]\ndivination\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:divination\nmanapool:{0}\n[PLAYER2]\n[END]\n",
      scripts);
  EXPECT_EQ(r.status, TestOutcome::kPass) << r.first_difference << "\n" << r.diff;
  ASSERT_EQ(r.missing.size(), 1u);
  EXPECT_NE(r.missing[0].find("Divination.lua:2:1: error[LU0002]: bad argument #1 to 'gain_life' (a player is 1 or 2)"),
            std::string::npos)
      << r.missing[0];
}

}  // namespace
}  // namespace rk::mtg
