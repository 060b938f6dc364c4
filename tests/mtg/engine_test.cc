// The Magic engine's parts that need no card database: mana payment in Wagic's order, cost
// reading, ability compilation, scenario files.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/rules/mana.h"
#include "games/mtg/runners/scenario.h"

namespace rk::mtg {
namespace {

TEST(WagicMana, GenericIsPaidWithColourlessThenGreenFirst) {
  ManaPool p = parse_pool("{1}{G}{U}{W}");
  ASSERT_TRUE(can_pay(p, parse_mana_cost("{2}{W}")));
  pay(p, parse_mana_cost("{2}{W}"));
  EXPECT_EQ(p.text(), "{U}");  // {1} and {G} went to the generic part
}

TEST(WagicMana, HybridTakesItsFirstColourThenTheSecondAndXTakesTheRest) {
  ManaPool p = parse_pool("{B}{R}{R}{R}");
  EXPECT_EQ(pay(p, parse_mana_cost("{X}{BR}")), 3);
  EXPECT_TRUE(p.empty());
  ManaPool q = parse_pool("{W}{W}{W}");
  EXPECT_TRUE(can_pay(q, parse_mana_cost("{2W}{2W}{2W}")));
  EXPECT_FALSE(can_pay(parse_pool("{G}{G}"), parse_mana_cost("{2W}{2W}")));
  EXPECT_EQ(parse_mana_cost("{2W}{2W}{2W}").converted(), 6);
}

TEST(WagicAbility, CompilesCostsTriggersLordsAndUnknownWords) {
  const Ability a = compile_ability("{2}{u}{discard(*|myhand)}:moveto(ownerhand)");
  EXPECT_EQ(a.kind, AbilityKind::kActivated);
  EXPECT_EQ(a.mana.converted(), 3);
  EXPECT_FALSE(a.discard.empty());
  ASSERT_EQ(a.effects.size(), 1u);
  EXPECT_EQ(a.effects[0].kind, Eff::kMoveTo);
  const Ability t = compile_ability("@movedto(this|graveyard) from(battlefield):draw:1 controller");
  EXPECT_EQ(t.kind, AbilityKind::kTriggered);
  EXPECT_EQ(t.trigger.event, "movedto");
  EXPECT_EQ(t.effects[0].kind, Eff::kDraw);
  const Ability l = compile_ability("lord(kithkin|mybattlefield) 1/1 other");
  EXPECT_EQ(l.kind, AbilityKind::kLord);
  EXPECT_TRUE(l.effects[0].other);
  EXPECT_EQ(compile_ability("upcost[{g}{g}] sacrifice").kind, AbilityKind::kUpcost);
  const Ability unknown = compile_ability("{u}{u}:notaword");
  EXPECT_FALSE(unknown.supported());
  EXPECT_EQ(unknown.unsupported_word(), "notaword");
  const Ability phased = compile_ability("phaseaction[my untap] untap");
  ASSERT_EQ(phased.effects.size(), 1u);
  EXPECT_EQ(phased.effects[0].kind, Eff::kPhaseAction);
  EXPECT_EQ(phased.effects[0].word, "my untap");
  EXPECT_EQ(phased.effects[0].inner->effects[0].kind, Eff::kUntap);
  EXPECT_FALSE(compile_ability("phaseaction[endofturn] notaword").supported());
}

TEST(WagicAbility, NewAbilitiesSplitIntoOneShotsAndLastingOnes) {
  const Ability a = compile_ability(
      "target(creature) transforms((,newability[damage:5],newability[@combat(attacking) source(this):treason],"
      "newability[3/3],newcolors[black])) ueot");
  ASSERT_EQ(a.effects.size(), 1u);
  const EffectDef& e = a.effects[0];
  ASSERT_EQ(e.kind, Eff::kTransform);
  ASSERT_EQ(e.becomes->once.size(), 1u);
  EXPECT_EQ(e.becomes->once[0].effects[0].kind, Eff::kDamage);
  ASSERT_EQ(e.becomes->lasting.size(), 2u);
  EXPECT_EQ(e.becomes->lasting[0].kind, AbilityKind::kTriggered);
  EXPECT_EQ(e.becomes->lasting[1].effects[0].kind, Eff::kPump);
  EXPECT_EQ(e.becomes->colors, 1 << 4);
  // A new ability the engine cannot run leaves the whole change not run (and reported).
  EXPECT_FALSE(compile_ability("transforms((,newability[notaword]))").supported());
}

TEST(WagicAbility, SmallKeywordsCompileToTheirEffects) {
  EXPECT_EQ(compile_ability("exiledeath").effects[0].kind, Eff::kExileDeath);
  EXPECT_EQ(compile_ability("bloodthirst:1").effects[0].kind, Eff::kBloodthirst);
  EXPECT_EQ(compile_ability("vanishing:3").effects[0].a.value, 3);
  EXPECT_EQ(compile_ability("countershroud(any)").effects[0].word, "countershroud");
  EXPECT_EQ(compile_ability("cantbeblockerof(creature[power>=2])").effects[0].kind, Eff::kCantBlockOf);
  EXPECT_EQ(compile_ability("{u}:swap").effects[0].kind, Eff::kSwap);
  const Ability slate = compile_ability("{4}{t}:reject all(*|myhand) && foreach(creature|mybattlefield) draw:1");
  ASSERT_EQ(slate.effects.size(), 2u);
  EXPECT_EQ(slate.effects[1].kind, Eff::kForEach);
  EXPECT_EQ(slate.effects[1].inner->effects[0].kind, Eff::kDraw);
  const Ability tap = compile_ability("{t(wizard|mybattlefield)}:draw:1 controller");
  EXPECT_FALSE(tap.tap_other.empty());
  EXPECT_TRUE(compile_ability("this(variable{urzatron} >0) produceextra:{1}").supported());
  EXPECT_FALSE(compile_ability("this(variable{somethingelse}>0) 1/1").supported());
}

TEST(WagicAbility, AbilityForAnotherPlayerAndChoices) {
  const Ability lumber = compile_ability("{t}:name(add mana) ability$! choice add{g} _ choice add{r} !$ controller");
  ASSERT_EQ(lumber.effects.size(), 1u);
  EXPECT_EQ(lumber.effects[0].kind, Eff::kAbilityFor);
  EXPECT_EQ(lumber.effects[0].word, "controller");
  ASSERT_EQ(lumber.effects[0].choices->size(), 2u);
  EXPECT_EQ((*lumber.effects[0].choices)[1].effects[0].kind, Eff::kAddMana);
  const Ability sac = compile_ability("ability$!name(sacrifice) notatarget(creature|mybattlefield) sacrifice!$ opponent");
  ASSERT_EQ(sac.effects[0].choices->size(), 1u);
  EXPECT_TRUE((*sac.effects[0].choices)[0].has_target);
  EXPECT_FALSE(compile_ability("ability$! notaword !$ opponent").supported());
}

TEST(WagicAbility, SemicolonMakesColoursAndTypesAlternativesUnlessNegated) {
  EXPECT_TRUE(parse_spec("*[instant;sorcery]|mystack").alts[0].any);
  EXPECT_TRUE(parse_spec("creature[green;white]").alts[0].any);
  EXPECT_FALSE(parse_spec("creature[-black;-artifact]").alts[0].any);
  EXPECT_FALSE(parse_spec("creature[power<=2]").alts[0].any);
  std::vector<TriggerDef::Count> counts;
  EXPECT_TRUE(read_count_restriction("type(creature|graveyard)~morethan~9", counts));
  ASSERT_EQ(counts.size(), 1u);
  EXPECT_EQ(counts[0].n, 9);
  EXPECT_FALSE(read_count_restriction("prowl", counts));  // not read yet
  const int blockers_mine[2] = {static_cast<int>(Phase::kCombatBlockers), 1};
  EXPECT_TRUE(cast_window("before battle damage", blockers_mine));
  EXPECT_FALSE(cast_window("opponentblockersonly", blockers_mine));
  EXPECT_FALSE(cast_window("casted a spell", nullptr));
}

TEST(WagicAbility, LordsGrantAbilitiesBecomesAndRestrictions) {
  const Ability lord = compile_ability("lord(sliver) {2}:1/0");
  ASSERT_EQ(lord.kind, AbilityKind::kLord);
  ASSERT_EQ(lord.effects[0].kind, Eff::kTransform);
  EXPECT_EQ(lord.effects[0].becomes->lasting[0].kind, AbilityKind::kActivated);
  const Ability bell = compile_ability("lord(swamp) becomes(creature,1/1)");
  ASSERT_EQ(bell.effects[0].kind, Eff::kTransform);
  EXPECT_EQ(bell.effects[0].becomes->types, std::vector<std::string>{"creature"});
  EXPECT_EQ(bell.effects[0].becomes->power, 1);
  EXPECT_FALSE(compile_ability("lord(*) becomes(,chosencolor)").supported());
  const Ability library = compile_ability("{t}:draw:1 restriction{type(*|myhand)~equalto~7}");
  ASSERT_TRUE(library.supported());
  ASSERT_EQ(library.trigger.counts.size(), 1u);
  EXPECT_EQ(library.trigger.counts[0].cmp, '=');
  EXPECT_EQ(library.trigger.counts[0].n, 7);
  const Ability formidable = compile_ability("{4}{g}:4/4 restriction{compare(powertotalinplay)~morethan~7}");
  ASSERT_TRUE(formidable.supported());
  ASSERT_EQ(formidable.trigger.counts.size(), 1u);
  EXPECT_EQ(formidable.trigger.counts[0].var, "powertotalinplay");
  EXPECT_EQ(formidable.trigger.counts[0].n, 7);
  EXPECT_FALSE(compile_ability("{4}{g}:4/4 restriction{compare(nosuchvalue)~morethan~7}").supported());
  const Ability growth = compile_ability("moveto(mybattlefield) and!(tap)! notatarget(land[basic]|mylibrary)");
  ASSERT_TRUE(growth.effects[0].and_then);
  EXPECT_EQ(growth.effects[0].and_then->effects[0].kind, Eff::kTap);
}

TEST(WagicScenario, ReadsSectionsLowerCasedAndIgnoresLinesWithoutSeparator) {
  const std::string path = ::testing::TempDir() + "/wagic_scenario." + std::to_string(::getpid()) + ".txt";
  std::ofstream(path) << "#c\n[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Swamp, 1370\nmanapool{0}\n[PLAYER2]\nlife:7\n"
                         "[DO]\nSwamp\nnext\n[ASSERT]\nCOMBATBEGINS\n[PLAYER1]\ninplay:swamp\n[PLAYER2]\nlife:7\n[END]\n";
  Scenario s;
  std::string err;
  ASSERT_TRUE(read_scenario(path, s, err)) << err;
  EXPECT_EQ(s.init_phase, Phase::kFirstMain);
  EXPECT_EQ(s.assert_phase, Phase::kCombatBegin);
  ASSERT_EQ(s.init[0].zones[kHand].size(), 2u);
  EXPECT_EQ(s.init[0].zones[kHand][1].text, "1370");
  EXPECT_TRUE(s.init[0].manapool.empty());
  EXPECT_EQ(s.init[1].life, 7);
  ASSERT_EQ(s.commands.size(), 2u);
  EXPECT_EQ(s.commands[0].text, "swamp");
  std::remove(path.c_str());
}

}  // namespace
}  // namespace rk::mtg
