// Constructs the prebuilt AI decks use that no other family covers, each on small cards of the
// test's own written the way the deck's card writes it.
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "games/mtg/compiler/coverage.h"
#include "own_cards.h"

namespace rk::mtg {
namespace {

std::string attack_with(const std::string& inplay, const std::string& attacker, int defender_life) {
  return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:" + inplay + "\n[PLAYER2]\n[DO]\nnext\nnext\n" + attacker +
         "\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:" + inplay + "\n[PLAYER2]\nlife:" +
         std::to_string(defender_life) + "\n[END]\n";
}

// The Cohorts: "aslongas(other creature[blue]|myBattlefield) 1/1 != 0". The trailing "!= 0" is
// the default comparison (Wagic reads only " >N" and " <N"): +1/+1 while another blue creature
// is there, not otherwise, and the Cohort itself does not count.
TEST(WagicDeckCards, ACohortIsStrongerWhileAnotherOfItsColourIsThere) {
  const std::string cards = test::creature("Drake", "{U}", 0, 1) + test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Cohort\nmana={1}{U}\ntype=Creature\npower=1\ntoughness=1\n"
                            "auto=aslongas(other creature[blue]|myBattlefield) 1/1 != 0\n[/card]\n";
  TestOutcome r = test::play_own(cards, attack_with("cohort,drake", "cohort", 18));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, attack_with("cohort,bear", "cohort", 19));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, attack_with("cohort", "cohort", 19));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Urborg: "{T}:-first strike target(creature)". A keyword of two words is lost like one of one:
// the blocker without first strike deals its damage at the same time as the attacker, and both die.
TEST(WagicDeckCards, AKeywordOfTwoWordsIsLost) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) + test::creature("Lancer", "{W}", 2, 1, "first strike") +
                            "[card]\nname=Bog\ntype=Land\nauto={T}:-first strike target(creature)\n[/card]\n";
  auto combat = [](const std::string& first, const std::string& p1_after, const std::string& p2_after) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bear,bog\n[PLAYER2]\ninplay:lancer\n[DO]\n" + first +
           "next\nnext\nbear\nnext\nlancer\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\n" + p1_after + "[PLAYER2]\n" +
           p2_after + "[END]\n";
  };
  TestOutcome r = test::play_own(cards, combat("bog\nlancer\n", "inplay:bog\ngraveyard:bear\n", "graveyard:lancer\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, combat("", "inplay:bog\ngraveyard:bear\n", "inplay:lancer\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Drain Life and Consume Spirit: "{1}{B}{X:black}". The X is paid with black mana only; the
// green left in the pool pays the {1} (generic mana goes first from colourless, then green) and
// stays out of X, where a plain {X} would take it too.
TEST(WagicDeckCards, AnXOfOneColourIsPaidWithThatColourOnly) {
  const std::string cards = "[card]\nname=Sap\nmana={1}{B}{X:black}\ntype=Sorcery\ntarget=creature,player\nauto=damage:X\n[/card]\n"
                            "[card]\nname=Zap\nmana={1}{B}{X}\ntype=Sorcery\ntarget=creature,player\nauto=damage:X\n[/card]\n";
  auto cast = [](const std::string& spell, const std::string& after) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:" + spell + "\nmanapool:{B}{B}{B}{G}{G}\n[PLAYER2]\n[DO]\n" + spell +
           "\np2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:" + spell + "\n" + after + "[PLAYER2]\nlife:";
  };
  TestOutcome r = test::play_own(cards, cast("sap", "manapool:{G}\n") + "18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, cast("zap", "manapool:{0}\n") + "17\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// The shock lands: "auto=tap" and "auto=pay({L:2}) untap". As it enters, its controller may pay
// 2 life to have it untapped (it then makes mana at once), or leave it tapped.
TEST(WagicDeckCards, AShockLandIsUntappedForTwoLife) {
  const std::string cards = "[card]\nname=Shrine\ntype=Land\nauto=tap\nauto=pay({L:2}) untap\nauto={T}:Add{W}\n[/card]\n";
  auto play = [](const std::string& answer, const std::string& after) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:shrine\n[PLAYER2]\n[DO]\nshrine\n" + answer +
           "shrine\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:shrine\n" + after + "[PLAYER2]\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, play("choice 0\n", "life:18\nmanapool:{W}\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, play("choice 1\n", "life:20\nmanapool:{0}\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Goblin Sledder: "{S(goblin|mybattlefield)}:1/1 target(creature)". Sacrificing itself when it is
// the only creature leaves the ability no target: it does nothing and the game goes on (it was an
// engine error). With another creature there the sacrifice pays for that one's +1/+1.
TEST(WagicDeckCards, ACostThatTakesTheOnlyTargetLeavesTheAbilityWithNothingToDo) {
  const std::string cards = "[card]\nname=Sledder\nmana={R}\ntype=Creature\nsubtype=Goblin\npower=1\ntoughness=1\n"
                            "auto={S(goblin|mybattlefield)}:1/1 target(creature)\n[/card]\n" +
                            test::creature("Bear", "{G}", 2, 2);
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:sledder\n[PLAYER2]\n[DO]\nsledder\nsledder\n"
                                        "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:sledder\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // The bear, pumped, attacks for 3.
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:sledder,bear\n[PLAYER2]\n[DO]\nsledder\nsledder\nbear\n"
                            "next\nnext\nbear\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:bear\ngraveyard:sledder\n"
                            "[PLAYER2]\nlife:17\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Clockwork Beast: "counter(1/0,1,,7)", counters put up to a limit; and counter(1/1,p), as many as
// the creature's power.
TEST(WagicDeckCards, CountersUpToALimitAndCountedByPower) {
  const std::string cards = "[card]\nname=Grow\nmana={0}\ntype=Sorcery\ntarget=creature\nauto=counter(1/0,3,,2)\n[/card]\n"
                            "[card]\nname=Swell\nmana={0}\ntype=Sorcery\ntarget=creature\nauto=counter(1/0,3)\n[/card]\n"
                            "[card]\nname=Double\nmana={0}\ntype=Sorcery\ntarget=creature\nauto=counter(1/1,p)\n[/card]\n" +
                            test::creature("Bear", "{G}", 2, 2);
  auto cast_then_attack = [](const std::string& spell, int life) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:" + spell + "\ninplay:bear\n[PLAYER2]\n[DO]\n" + spell +
           "\nbear\nnext\nnext\nbear\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:bear\ngraveyard:" + spell +
           "\n[PLAYER2]\nlife:" + std::to_string(life) + "\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, cast_then_attack("grow", 16));  // three asked, two put: 4 power
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, cast_then_attack("swell", 15));  // no limit: 5 power
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, cast_then_attack("double", 16));  // two +1/+1 for its 2 power
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// "counter{0%0.1.charge}/counter{0%0.1.charge} nonstatic": +1/+1 for each charge counter on it.
TEST(WagicDeckCards, APowerOfOnePerCounter) {
  const std::string cards = "[card]\nname=Golem\nmana={0}\ntype=Creature\npower=1\ntoughness=1\n"
                            "auto=counter{0%0.1.charge}/counter{0%0.1.charge} nonstatic\n[/card]\n"
                            "[card]\nname=Charge\nmana={0}\ntype=Sorcery\ntarget=creature\nauto=counter(0/0,2,charge)\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:charge\ninplay:golem\n[PLAYER2]\n[DO]\ncharge\ngolem\n"
                                        "next\nnext\ngolem\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:golem\n"
                                        "graveyard:charge\n[PLAYER2]\nlife:17\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, attack_with("golem", "golem", 19));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Umezawa's Jitte: "autoskill={..}:2/2", an equipment's ability usable only while it is attached,
// and acting on the equipped creature.
TEST(WagicDeckCards, AnEquipmentsSkillWorksWhileItIsAttached) {
  const std::string cards = "[card]\nname=Blade\nmana={0}\ntype=Artifact\nsubtype=Equipment\nauto={1}:equip\n"
                            "autoskill={0}:2/2\n[/card]\n"
                            "[card]\nname=Charm\nmana={0}\ntype=Artifact\nsubtype=Equipment\nauto={1}:equip\n"
                            "autoskill={0}:life:3 controller\n[/card]\n" + test::creature("Bear", "{G}", 2, 2);
  // Unattached: clicking it offers nothing it can pay for (equip needs {1}); attached, it gains 3.
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:charm,bear\n[PLAYER2]\n[DO]\ncharm\n"
                                        "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:charm,bear\nlife:20\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:charm,bear\nmanapool:{1}\n[PLAYER2]\n[DO]\ncharm\nbear\ncharm\n"
                            "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:charm,bear\nlife:23\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Equipped, then the skill: the bear attacks for 4.
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:blade,bear\nmanapool:{1}\n[PLAYER2]\n[DO]\nblade\nbear\nblade\n"
                            "next\nnext\nbear\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:blade,bear\n"
                            "[PLAYER2]\nlife:16\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Mortivore and Magnivore: "alias=1111" beside their own lines. Wagic plays in C++ only the aliases
// of its switch (1194 ...); any other alias names a card whose text is read only by a card without
// text of its own, so beside auto= or anyzone= lines it changes nothing and is not a part left out.
TEST(WagicDeckCards, AnAliasWagicDoesNotHardCodeChangesNothing) {
  Database db;
  add_file("primitives.txt",
           "[card]\nname=Own\nalias=1111\nauto=flying\ntype=Creature\n[/card]\n"
           "[card]\nname=Bare\nalias=1111\ntype=Creature\n[/card]\n"
           "[card]\nname=Coded\nalias=1194\nauto=flying\ntype=Creature\n[/card]\n",
           false, db);
  auto parts = [&db](size_t i) {
    std::vector<PartNotRun> out;
    parts_not_run(db, db.cards[i], out);
    std::string keys;
    for (const PartNotRun& p : out) keys += p.keyword + ";";
    return keys;
  };
  EXPECT_EQ(parts(0), "");
  EXPECT_EQ(parts(1), "alias= (another card's text);");
  EXPECT_EQ(parts(2), "alias= (coded in Wagic's C++);");
}

// Followed Footsteps: "auto=@each my upkeep:clone(mytgt)", a token copy of the enchanted creature
// at each of its controller's upkeeps.
TEST(WagicDeckCards, AnAuraClonesTheCreatureItEnchants) {
  const std::string cards = "[card]\nname=Steps\nmana={0}\ntype=Enchantment\nsubtype=Aura\ntarget=creature\n"
                            "auto=@each my upkeep:clone(mytgt)\n[/card]\n" + test::creature("Bear", "{G}", 2, 2);
  const TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:steps\ninplay:bear\n[PLAYER2]\n[DO]\nsteps\nbear\n"
                                              "eot\neot\nnext\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:bear,steps,bear\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Emrakul: "abilities=protectionfromcoloredspells". A coloured spell's damage is prevented (CR
// 702.16e); a colourless one's is not; the bear beside it dies either way.
TEST(WagicDeckCards, ProtectionFromColouredSpells) {
  const std::string cards = test::creature("Titan", "{5}", 2, 2, "protectionfromcoloredspells") + test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Quake\nmana={R}\ntype=Sorcery\nauto=damage:3 all(creature)\n[/card]\n"
                            "[card]\nname=Rumble\nmana={1}\ntype=Sorcery\nauto=damage:3 all(creature)\n[/card]\n";
  auto cast = [](const std::string& spell, const std::string& pool, const std::string& p1_after) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:" + spell + "\ninplay:titan,bear\nmanapool:" + pool + "\n[PLAYER2]\n[DO]\n" + spell +
           "\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n" + p1_after + "[PLAYER2]\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, cast("quake", "{R}", "inplay:titan\ngraveyard:quake,bear\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, cast("rumble", "{1}", "graveyard:rumble,titan,bear\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Idyllic Tutor: "moveTo(myhand) notatarget(enchantment|mylibrary)". Offered only while the
// library holds such a card (it was cast with nothing to find: an engine error in whole games).
TEST(WagicDeckCards, ASearchIsCastOnlyWhileThereIsACardToFind) {
  const std::string cards = "[card]\nname=Seek\nmana={0}\ntype=Sorcery\nauto=moveTo(myhand) notatarget(enchantment|mylibrary)\n[/card]\n"
                            "[card]\nname=Glory\nmana={0}\ntype=Enchantment\n[/card]\n" + test::creature("Bear", "{G}", 2, 2);
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:seek\nlibrary:bear\n[PLAYER2]\n[DO]\nseek\n"
                                        "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:seek\nlibrary:bear\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:seek\nlibrary:bear,glory\n[PLAYER2]\n[DO]\nseek\nglory\n"
                            "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:glory\ngraveyard:seek\nlibrary:bear\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Ivory Tower: "foreach(*|myhand)life:1 controller >4", once per card beyond the fourth; "<3"
// stops short of three.
TEST(WagicDeckCards, AForeachCountsBeyondOrBelowABound) {
  const std::string cards = "[card]\nname=Over\nmana={0}\ntype=Sorcery\nauto=foreach(*|myhand)life:1 controller >4\n[/card]\n"
                            "[card]\nname=Under\nmana={0}\ntype=Sorcery\nauto=foreach(*|myhand)life:1 controller <3\n[/card]\n" +
                            test::creature("Bear", "{G}", 2, 2);
  auto cast = [](const std::string& spell, int bears, int life) {
    std::string hand = spell;
    for (int i = 0; i < bears; ++i) hand += ",bear";
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:" + hand + "\n[PLAYER2]\n[DO]\n" + spell + "\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:" +
           hand.substr(spell.size() + (bears ? 1 : 0)) + "\ngraveyard:" + spell + "\nlife:" + std::to_string(life) + "\n[PLAYER2]\n[END]\n";
  };
  for (const auto& [spell, bears, life] : {std::tuple{"over", 6, 22}, {"over", 3, 20}, {"under", 6, 22}, {"under", 1, 21}}) {
    const TestOutcome r = test::play_own(cards, cast(spell, bears, life));
    EXPECT_EQ(r.status, TestOutcome::kPass) << spell << " with " << bears << "\n" << test::trace_of(r);
  }
}

// Devour Flesh and Tribute to Hunger: "notatarget(creature|mybattlefield) dynamicability<!mytgt
// toughnesslifegain WHO!> sacrifice" inside ability$! for the targeted player. The amount is the
// chosen creature's toughness, taken before the ability written after `!>` sacrifices it; the life
// goes to the creature's controller (targetcontroller) or to that player's opponent (targetopponent).
TEST(WagicDeckCards, AnAmountIsTakenFromACreatureBeforeTheStoredAbilitySacrificesIt) {
  const std::string cards =
      test::creature("Wall", "{W}", 0, 5) + test::creature("Bear", "{G}", 2, 2) +
      "[card]\nname=Feast\nmana={B}\ntype=Instant\ntarget=player\nauto=ability$!name(sacrifice) notatarget(creature|mybattlefield) "
      "dynamicability<!mytgt toughnesslifegain targetcontroller!> sacrifice!$ targetedplayer\n[/card]\n"
      "[card]\nname=Tithe\nmana={B}\ntype=Instant\ntarget=opponent\nauto=ability$!name(sacrifice) notatarget(creature|mybattlefield) "
      "dynamicability<!mytgt toughnesslifegain targetopponent!> sacrifice!$ targetedplayer\n[/card]\n";
  auto cast = [](const std::string& spell, const std::string& p1_life, const std::string& p2_life) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{B}\nhand:" + spell + "\n[PLAYER2]\ninplay:wall,bear\n[DO]\n" + spell +
           "\np2\nwall\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:" + spell + "\nlife:" + p1_life +
           "\n[PLAYER2]\ninplay:bear\ngraveyard:wall\nlife:" + p2_life + "\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, cast("feast", "20", "25"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, cast("tithe", "25", "20"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// "{1}:target(artifact) dynamicability<!mytgt manacoststrike targetcontroller!> destroy": the
// artifact's mana value is dealt to its controller, then the artifact is destroyed.
TEST(WagicDeckCards, TheAbilityAfterADynamicAmountActsOnTheSameTarget) {
  const std::string cards =
      "[card]\nname=Idol\nmana={4}\ntype=Artifact\n[/card]\n"
      "[card]\nname=Smelter\ntype=Land\nauto={T}:target(artifact) dynamicability<!mytgt manacoststrike targetcontroller!> destroy\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:smelter\n[PLAYER2]\ninplay:idol\n[DO]\nsmelter\nidol\n"
                                        "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:smelter\n[PLAYER2]\ngraveyard:idol\nlife:16\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // A duration after `!>` belongs to the stored ability; an ability the engine does not run keeps
  // the whole part not run.
  const Ability a = compile_ability("target(artifact) dynamicability<!mytgt manacostpumpboth!> transforms((creature,setpower=0,settoughness=0)) ueot");
  EXPECT_TRUE(a.supported()) << a.unsupported_word();
  EXPECT_FALSE(compile_ability("target(artifact) dynamicability<!mytgt manacoststrike!> frobnicate").supported());
}

}  // namespace
}  // namespace rk::mtg
