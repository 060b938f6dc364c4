// Held-back families (issue 31), second set: a card remembering the player chosen for it, phase
// triggers' source words, a spell's hand choice made as it resolves, Wagic's hybrid payment, a
// permanent's extra land plays, summoning sickness of a land made a creature, a modal spell's
// chosen target, vanishing by any removal, a leave trigger's last controller, a chooser's second
// click, the untap-step click on a card that does not untap, an equipment's condition, and a
// permanent's ETB lines asked one at a time. Each on small cards of its own.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kLands = "[card]\nname=Dune\ntype=Land\n[/card]\n[card]\nname=Marsh\ntype=Land\n[/card]\n"
                           "[card]\nname=Moor\ntype=Land\n[/card]\n";

// name(..) notatarget(player) .. then @each targetedplayer upkeep:damage:morethanfourcards
// targetedplayer: the card remembers the player chosen as it entered. Chosen itself, its
// controller is hurt at its own upkeep (6 cards in hand: 2) and not at the opponent's.
TEST(WagicHeldback2, ACardRemembersThePlayerChosenForIt) {
  const std::string cards = kLands +
                            "[card]\nname=Vice\nmana={1}\ntype=Artifact\n"
                            "auto=name(choose a player) notatarget(player) deplete:0\n"
                            "auto=@each targetedplayer upkeep:damage:morethanfourcards targetedplayer\n[/card]\n";
  auto play = [&](const std::string& who, const std::string& p1_life, const std::string& p2_life) {
    return "[INIT]\nSECONDMAIN\n[PLAYER1]\nhand:vice,dune,dune,dune,marsh,marsh,marsh\nmanapool:{1}\n[PLAYER2]\n"
           "hand:moor,moor,moor,moor,moor,moor\n[DO]\nvice\n" + who + "\neot\nnext\n[ASSERT]\nUPKEEP\n[PLAYER1]\n"
           "inplay:vice\nhand:dune,dune,dune,marsh,marsh,marsh\nlife:" + p1_life + "\n[PLAYER2]\n"
           "hand:moor,moor,moor,moor,moor,moor\nlife:" + p2_life + "\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, play("p2", "20", "18"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, play("p1", "20", "20"));  // p2's upkeep: not the chosen player's
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// @each my draw sourcenottap:draw:1: the word beside the phase is the source's state, not the
// phase. Untapped, one more card at the draw step; tapped, none.
TEST(WagicHeldback2, APhaseTriggerFiresOnlyWhileItsSourceIsUntapped) {
  const std::string cards = kLands +
                            "[card]\nname=Well\nmana={2}\ntype=Artifact\nauto={T}:life:1\n"
                            "auto=@each my draw sourcenottap:draw:1 controller\n[/card]\n";
  auto play = [&](const std::string& first, const std::string& after) {
    return "[INIT]\nUPKEEP\n[PLAYER1]\ninplay:well\nlibrary:dune,marsh,moor\n[PLAYER2]\n[DO]\n" + first +
           "next\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:well\n" + after + "[PLAYER2]\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, play("", "hand:moor,marsh\nlibrary:dune\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, play("well\n", "hand:moor\nlibrary:dune,marsh\nlife:21\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// An instant's "target(<2>*|myhand)" line after its draw: the two cards are chosen from the hand
// as the line runs (the cards just drawn can be put back), not as the spell is cast.
TEST(WagicHeldback2, ASpellsHandChoiceIsMadeAsItResolves) {
  const std::string cards = kLands +
                            "[card]\nname=Ponder\nmana={U}\ntype=Instant\nauto=draw:3\n"
                            "auto=moveTo(myLibrary) target(<2>*|myhand)\n[/card]\n";
  const std::string scenario =
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:ponder\nlibrary:dune,marsh,moor\nmanapool:{U}\n[PLAYER2]\n[DO]\nponder\n"
      "dune\nmarsh\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:moor\nlibrary:dune,marsh\ngraveyard:ponder\n[PLAYER2]\n[END]\n";
  const TestOutcome r = test::play_own(cards, scenario);
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// {2W} three times from {R}{R}{G}{G}{W}{W}: Wagic finds no way with each symbol's first half
// paid from colourless and its second from white, and then pays every symbol's first half,
// two generic, out of the whole pool: nothing is left.
TEST(WagicHeldback2, HybridSymbolsWithNoWayPayTheirFirstHalf) {
  const std::string cards = "[card]\nname=Parade\nmana={2W}{2W}{2W}\ntype=Sorcery\nauto=life:3\n[/card]\n";
  const std::string scenario =
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:parade\nmanapool:{R}{R}{G}{G}{W}{W}\n[PLAYER2]\n[DO]\nparade\n[ASSERT]\n"
      "FIRSTMAIN\n[PLAYER1]\ngraveyard:parade\nlife:23\nmanapool:{0}\n[PLAYER2]\n[END]\n";
  const TestOutcome r = test::play_own(cards, scenario);
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// A permanent's maxPlay(land)+1: a second land each turn while it is on the battlefield.
TEST(WagicHeldback2, APermanentGivesAnExtraLandPlay) {
  const std::string cards = kLands + "[card]\nname=Survey\nmana={G}\ntype=Enchantment\nauto=maxPlay(land)+1\n[/card]\n";
  auto play = [](const std::string& inplay, const std::string& after) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:dune,marsh\ninplay:" + inplay + "\n[PLAYER2]\n[DO]\ndune\nmarsh\n[ASSERT]\n"
           "FIRSTMAIN\n[PLAYER1]\n" + after + "[PLAYER2]\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, play("survey", "inplay:survey,dune,marsh\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, play("moor", "inplay:moor,dune\nhand:marsh\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// A land played this turn that is a creature (a lord makes forests 1/1 creatures) is summoning
// sick: its {T} mana ability cannot be used. Without the lord it makes mana at once.
TEST(WagicHeldback2, ALandMadeACreatureIsSummoningSick) {
  const std::string cards = "[card]\nname=Grove\ntype=Land\nsubtype=Forest\n[/card]\n"
                            "[card]\nname=Wakening\nmana={3}{G}\ntype=Enchantment\nauto=lord(forest) becomes(Creature,1/1)\n[/card]\n"
                            "[card]\nname=Idol\nmana={3}\ntype=Artifact\n[/card]\n";
  auto play = [](const std::string& inplay, const std::string& pool) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:grove\ninplay:" + inplay + "\n[PLAYER2]\n[DO]\ngrove\ngrove\n[ASSERT]\n"
           "FIRSTMAIN\n[PLAYER1]\ninplay:" + inplay + ",grove\nmanapool:" + pool + "\n[PLAYER2]\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, play("wakening", "{0}"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, play("idol", "{G}"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// A spell of several targeted may lines: the line chosen as it was cast decides whether its
// target is still legal, not the first line (a creature is no artifact: the charm does not fizzle).
TEST(WagicHeldback2, AModalSpellChecksTheChosenLinesTarget) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Charm\nmana={R}\ntype=Instant\nauto=may destroy target(artifact)\n"
                            "auto=may damage:2 target(creature)\n[/card]\n";
  const std::string scenario =
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:charm\nmanapool:{R}\n[PLAYER2]\ninplay:bear\n[DO]\ncharm\nchoice 1\nbear\n"
      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:charm\n[PLAYER2]\ngraveyard:bear\n[END]\n";
  const TestOutcome r = test::play_own(cards, scenario);
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Vanishing: the permanent is sacrificed when its last time counter is removed, whatever removes
// it (a spell here), not only at its controller's upkeep. One counter left: it stays.
TEST(WagicHeldback2, VanishingSacrificesWhenASpellRemovesTheLastTimeCounter) {
  const std::string cards = "[card]\nname=Wisp\nmana={G}\ntype=Creature\npower=4\ntoughness=4\nauto=vanishing:2\n[/card]\n"
                            "[card]\nname=Age\nmana={R}\ntype=Instant\ntarget=creature\nauto=counter(0/0,-2,Time)\n[/card]\n"
                            "[card]\nname=Tick\nmana={R}\ntype=Instant\ntarget=creature\nauto=counter(0/0,-1,Time)\n[/card]\n";
  auto play = [](const std::string& spell, const std::string& after) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:wisp," + spell + "\nmanapool:{G}{R}\n[PLAYER2]\n[DO]\nwisp\n" + spell +
           "\nwisp\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n" + after + "[PLAYER2]\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, play("age", "graveyard:wisp,age\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, play("tick", "inplay:wisp\ngraveyard:tick\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// A permanent's own leave trigger is controlled by the player who controlled it as it left: given
// away and then returned to its owner's hand, the new controller loses the life.
TEST(WagicHeldback2, ALeaveTriggerBelongsToItsLastController) {
  const std::string cards = "[card]\nname=Boon\nmana={U}\ntype=Enchantment\nauto=life:10\n"
                            "auto=@movedTo(this|nonbattlezone) from(battlefield):life:-10 controller\n[/card]\n"
                            "[card]\nname=Gift\nmana={U}\ntype=Sorcery\ntarget=*|myBattlefield\nauto=moveTo(opponentBattlefield)\n[/card]\n"
                            "[card]\nname=Bounce\nmana={U}\ntype=Instant\ntarget=*|battlefield\nauto=moveTo(ownerhand)\n[/card]\n";
  const std::string scenario =
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:boon,gift,bounce\nmanapool:{U}{U}{U}\n[PLAYER2]\n[DO]\nboon\ngift\nboon\n"
      "bounce\nboon\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:boon\ngraveyard:gift,bounce\nlife:30\n[PLAYER2]\nlife:10\n[END]\n";
  const TestOutcome r = test::play_own(cards, scenario);
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// A card clicked a second time in an open chooser is chosen no more (Wagic's chooser toggles):
// of three creatures clicked, the one clicked twice is not hit.
TEST(WagicHeldback2, ASecondClickUnchoosesATarget) {
  const std::string cards = test::creature("Elf", "{G}", 1, 1) + test::creature("Imp", "{B}", 1, 1) +
                            test::creature("Orc", "{R}", 1, 1) +
                            "[card]\nname=Hail\nmana={R}\ntype=Sorcery\ntarget=<anyamount>creature\nauto=damage:1\n[/card]\n";
  const std::string scenario =
      "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:hail\nmanapool:{R}\n[PLAYER2]\ninplay:elf,imp,orc\n[DO]\nhail\nelf\nimp\norc\n"
      "imp\nhail\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:hail\n[PLAYER2]\ninplay:imp\ngraveyard:elf,orc\n[END]\n";
  const TestOutcome r = test::play_own(cards, scenario);
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// The untap-step click untaps what the step would untap, never a card that does not untap: the
// attacker stays tapped and a spell for tapped creatures still finds it.
TEST(WagicHeldback2, TheUntapClickLeavesACardThatDoesNotUntap) {
  const std::string cards = test::creature("Golem", "{9}", 9, 9, "doesnotuntap") +
                            "[card]\nname=Bog\ntype=Land\nauto={T}:Add{B}\n[/card]\n"
                            "[card]\nname=Snipe\nmana={B}\ntype=Sorcery\ntarget=creature[tapped]\nauto=destroy\n[/card]\n";
  auto play = [](const std::string& untap_step) {
    return "[INIT]\ncombatattackers\n[PLAYER1]\ninplay:golem,bog\nhand:snipe\n[PLAYER2]\n[DO]\ngolem\neot\neot\n" +
           untap_step + "next\nnext\nnext\nbog\nsnipe\ngolem\n[ASSERT]\nfirstmain\n[PLAYER1]\ninplay:bog\n"
           "graveyard:golem,snipe\n[PLAYER2]\nlife:11\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, play("golem\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, play(""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// An equipment's "if cantargetcard(spec) then" with no target of its own asks about the creature
// it is attached to, as its effects act on it: a Vampire gets two counters, another creature one.
TEST(WagicHeldback2, AnEquipmentsConditionIsAboutTheEquippedCreature) {
  const std::string cards = "[card]\nname=Fang\nmana={B}\ntype=Creature\nsubtype=Vampire\npower=1\ntoughness=1\n[/card]\n"
                            "[card]\nname=Wolf\nmana={G}\ntype=Creature\nsubtype=Wolf\npower=1\ntoughness=1\n[/card]\n"
                            "[card]\nname=Spike\nmana={1}\ntype=Artifact\nsubtype=Equipment\nauto={1}:equip\n"
                            "auto={T}:counter(1/1,1) && if cantargetcard(vampire) then counter(1/1,1)\n[/card]\n";
  auto play = [](const std::string& creature, const std::string& p2_life) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:spike," + creature + "\nmanapool:{1}\n[PLAYER2]\n[DO]\nspike\nchoice 0\n" +
           creature + "\nspike\nnext\nnext\n" + creature + "\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\n"
           "inplay:spike," + creature + "\n[PLAYER2]\nlife:" + p2_life + "\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, play("fang", "17"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, play("wolf", "18"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// A permanent's targeted ETB lines are asked one at a time in text order (Wagic's may menus): the
// first line's card is chosen and its ability resolves before the second line asks. The land
// returned, the lair is still there while its second line waits; answered, it goes too.
TEST(WagicHeldback2, ETBLinesAreAskedOneAtATimeInTextOrder) {
  const std::string cards = kLands +
                            "[card]\nname=Den\ntype=Land\nsubtype=Lair\n"
                            "auto=moveto(myhand) notatarget(land[-lair]|mybattlefield)\n"
                            "auto=moveto(mygraveyard) notatarget(this|mybattlefield)\n[/card]\n";
  auto play = [](const std::string& more, const std::string& after) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:dune\nhand:den\n[PLAYER2]\n[DO]\nden\ndune\n" + more +
           "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:dune\n" + after + "[PLAYER2]\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, play("", "inplay:den\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, play("den\n", "graveyard:den\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
