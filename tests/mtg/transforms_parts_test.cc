// What transforms((..newability[..]..)) gives a card that did not run before (issue 31): each
// ability written the way the corpus's cards write it, on small cards of the test's own, with
// the case where it does not apply.
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

// The steps after the attackers are declared, to the end of combat: with no attacker the game
// goes from the declare attackers step straight to the end of combat.
std::string to_combat_end(bool attacked) { return attacked ? "next\nnext\nnext\n" : "next\n"; }

// A land of each player's that makes one colourless mana (the pools empty as each step begins,
// so the mana to pay a cost in combat is made in that step).
const std::string kLands = card("Well", "", "Land", "auto={T}:Add{1}\n") + card("Spring", "", "Land", "auto={T}:Add{1}\n");

// Ghostly Prison: "lord(creature|opponentbattlefield) transforms((,newability[attackcost:2]))".
// The attacker's first click pays 2 from the pool (Wagic's attack cost rule), the second declares
// it; with too little mana nothing is offered and it does not attack.
TEST(WagicTransformsParts, AnAttackCostIsPaidBeforeTheCreatureAttacks) {
  const std::string cards = kLands + test::creature("Bear", "{G}", 2, 2) +
                            card("Prison", "{2}{W}", "Enchantment", "auto=lord(creature|opponentbattlefield) transforms((,newability[attackcost:2]))\n");
  auto attack = [](const std::string& p1, const std::string& clicks, const std::string& p1_after, int p2_life) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:" + p1 + "\n[PLAYER2]\ninplay:prison\n[DO]\nnext\nnext\n" + clicks +
           to_combat_end(p2_life < 20) + "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:" + p1_after + "\n[PLAYER2]\ninplay:prison\nlife:" +
           std::to_string(p2_life) + "\n[END]\n";
  };
  TestOutcome r = play_own(cards, attack("bear,well,spring", "well\nspring\nbear\nbear\n", "bear,well,spring", 18));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, attack("bear,well,spring", "well\nspring\nbear\n", "bear,well,spring", 20));  // paid, not declared
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, attack("bear,well", "well\nbear\nbear\n", "bear,well", 20));  // one mana: no attack
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  // The prison's own controller attacks for free.
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bear,prison\n[PLAYER2]\n[DO]\nnext\nnext\nbear\nnext\nnext\nnext\n"
                      "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:bear,prison\n[PLAYER2]\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// Collective Restraint: one "aslongas(<basic type>|mybattlefield) lord(..) transforms((,newability
// [attackcost:1]))" line per basic land type; the costs add up (domain). War Tax's
// "thisforeach(X) all(creature) transforms((,newability[attackcost:1])) ueot" adds X until the turn ends.
TEST(WagicTransformsParts, AttackCostsAddUp) {
  const std::string cards = kLands + test::creature("Bear", "{G}", 2, 2) +
                            card("Forest", "", "Land", "subtype=Forest\n") + card("Island", "", "Land", "subtype=Island\n") +
                            card("Restraint", "{3}{U}", "Enchantment",
                                 "auto=aslongas(forest|mybattlefield) lord(creature|opponentbattlefield) transforms((,newability[attackcost:1]))\n"
                                 "auto=aslongas(island|mybattlefield) lord(creature|opponentbattlefield) transforms((,newability[attackcost:1]))\n");
  auto attack = [](const std::string& p2, const std::string& clicks, int p2_life) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bear,well,spring\n[PLAYER2]\ninplay:restraint," + p2 + "\n[DO]\nnext\nnext\n" + clicks +
           to_combat_end(p2_life < 20) + "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:bear,well,spring\n[PLAYER2]\ninplay:restraint," + p2 +
           "\nlife:" + std::to_string(p2_life) + "\n[END]\n";
  };
  TestOutcome r = play_own(cards, attack("forest", "well\nbear\nbear\n", 18));  // one type: 1
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, attack("forest,island", "well\nbear\nbear\n", 20));  // two types: 2, one mana is not enough
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, attack("forest,island", "well\nspring\nbear\nbear\n", 18));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);

  const std::string tax = kLands + test::creature("Bear", "{G}", 2, 2) +
                          card("Tax", "{1}{U}", "Enchantment",
                               "auto={X}{U}:name(Attack X Cost) thisforeach(X) all(creature) transforms((,newability[attackcost:1])) ueot\n");
  // The defender taxes X = 2 in the first main phase of the attacker's turn (an instant-speed
  // ability, activated here by the first player on its own tax to keep the scenario short).
  auto taxed = [](const std::string& clicks, int p2_life) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bear,well,spring,tax\nmanapool:{U}{2}\n[PLAYER2]\n[DO]\ntax\nnext\nnext\n" + clicks +
           to_combat_end(p2_life < 20) + "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:bear,well,spring,tax\n[PLAYER2]\nlife:" +
           std::to_string(p2_life) + "\n[END]\n";
  };
  r = play_own(tax, taxed("well\nbear\nbear\n", 20));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(tax, taxed("well\nspring\nbear\nbear\n", 18));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// Archangel of Tithes' other half, "this(attacking) lord(creature|opponentbattlefield)
// transforms((,newability[blockcost:1]))": the blocker pays 1 in the declare blockers step to
// block; without the mana it cannot.
TEST(WagicTransformsParts, ABlockCostIsPaidBeforeTheCreatureBlocks) {
  const std::string cards = kLands + test::creature("Bear", "{G}", 2, 2) + test::creature("Wall", "{W}", 0, 4) +
                            card("Angel", "{1}{W}{W}", "Creature",
                                 "power=3\ntoughness=5\nauto=this(attacking) lord(creature|opponentbattlefield) transforms((,newability[blockcost:1]))\n");
  auto block = [](const std::string& p2, const std::string& clicks, int p2_life) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:angel\n[PLAYER2]\ninplay:" + p2 + "\n[DO]\nnext\nnext\nangel\nnext\n" + clicks +
           "next\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:angel\n[PLAYER2]\ninplay:" + p2 + "\nlife:" + std::to_string(p2_life) +
           "\n[END]\n";
  };
  TestOutcome r = play_own(cards, block("wall,well", "well\nwall\nwall\n", 20));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, block("wall", "wall\nwall\n", 17));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  // Not attacking, the angel taxes no block: the bear attacks into the wall, which blocks freely.
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:angel,bear\n[PLAYER2]\ninplay:wall\n[DO]\nnext\nnext\nbear\nnext\nwall\nnext\nnext\n"
                      "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:angel,bear\n[PLAYER2]\ninplay:wall\nlife:20\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// Ali from Cairo: "this(controllerlife >= 1) transforms((,newability[reduceto:1]))"; Elderscale
// Wurm the same with 7. Damage that would leave its controller below N leaves N; below N already
// (the condition false), damage counts in full; loss of life is not damage.
TEST(WagicTransformsParts, ReduceToKeepsTheControllersLifeAtItsFloor) {
  const std::string cards = card("Ali", "{2}{R}{R}", "Creature", "power=0\ntoughness=1\nauto=this(controllerlife >= 1) transforms((,newability[reduceto:1]))\n") +
                            card("Wurm", "{4}{G}{G}{G}", "Creature", "power=7\ntoughness=7\nauto=this(controllerlife >= 7) transforms((,newability[reduceto:7]))\n") +
                            card("Blast", "{R}", "Sorcery", "target=player\nauto=damage:5\n") +
                            card("Drain", "{B}", "Sorcery", "target=player\nauto=loselife:5\n");
  auto hit = [](const std::string& p2, int life, const std::string& spell, int after) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}{B}\nhand:" + spell + "\n[PLAYER2]\nlife:" + std::to_string(life) + "\ninplay:" + p2 +
           "\n[DO]\n" + spell + "\np2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:" + (spell == "blast" ? "{B}" : "{R}") +
           "\ngraveyard:" + spell + "\n[PLAYER2]\nlife:" + std::to_string(after) + "\ninplay:" + p2 + "\n[END]\n";
  };
  TestOutcome r = play_own(cards, hit("ali", 3, "blast", 1));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, hit("wurm", 10, "blast", 7));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, hit("wurm", 12, "blast", 7));  // 12 - 5 = 7: at the floor, as it is
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, hit("wurm", 6, "blast", 1));  // below 7 already: the wurm does nothing
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, hit("wurm", 10, "drain", 5));  // life lost, not damage
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// Fertile Ground: "all(this) transforms((,newability[produceextra:selectmana])) forever" on an
// aura. The land it enchants, tapped for mana, makes one more of a colour its controller picks
// from a menu (white, blue, black, red, green); the land beside it makes only its own.
TEST(WagicTransformsParts, AnAurasSelectManaAddsAColourChosenFromAMenu) {
  const std::string cards = kLands + card("Ground", "{1}{G}", "Enchantment",
                                          "subtype=Aura\ntarget=land\nauto=all(this) transforms((,newability[produceextra:selectmana])) forever\n");
  TestOutcome r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}{G}\nhand:ground\ninplay:well,spring\n[PLAYER2]\n[DO]\n"
                                  "ground\nwell\nwell\nchoice 3\nspring\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{2}{R}\n"
                                  "inplay:well,spring,ground\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// An aura's one-shot lines run as it enters (they did not before): Claustrophobia's "tap" taps
// the creature it enchants, whose {T} ability then cannot be activated.
TEST(WagicTransformsParts, AnAurasOneShotLineRunsAsItEnters) {
  const std::string cards = card("Monk", "{W}", "Creature", "power=1\ntoughness=1\nauto={T}:life:1\n") +
                            card("Claus", "{U}", "Enchantment", "subtype=Aura\ntarget=creature\nauto=tap\nauto=doesnotuntap\n");
  auto tap_monk = [](const std::string& first, const std::string& inplay, int life) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{U}\nhand:claus\ninplay:monk\n[PLAYER2]\n[DO]\n" + first +
           "monk\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:" + inplay + "\nlife:" + std::to_string(life) + "\n" +
           (first.empty() ? "hand:claus\nmanapool:{U}\n" : "") + "[PLAYER2]\n[END]\n";
  };
  TestOutcome r = play_own(cards, tap_monk("claus\nmonk\n", "claus,monk", 20));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, tap_monk("", "monk", 21));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// dynamicability<!..!> A: Wagic's stored ability A happens to the target once the amount is
// counted, then the amount's effect. Karn's Touch: "dynamicability<!mytgt manacostpumpboth!>
// transforms((creature,setpower=0,settoughness=0)) ueot": a 0/0 creature pumped by its mana value
// (4/4 here, attacking for 4). Goblin Tinkerer: "target(artifact) dynamicability<!mytgt
// manacoststrike tosrc!> destroy": the artifact is destroyed and deals damage equal to its mana
// value to the Tinkerer. Hoard-Smelter Dragon's tosrc pump: the dragon gets +X/+0.
TEST(WagicTransformsParts, ADynamicAbilitysStoredAbilityHappensToItsTarget) {
  const std::string cards =
      card("Idol", "{4}", "Artifact", "") +
      card("Touch", "{U}", "Instant", "target=artifact[-creature]\nauto=dynamicability<!mytgt manacostpumpboth!> transforms((creature,setpower=0,settoughness=0)) ueot\n") +
      card("Tinkerer", "{2}{R}", "Creature", "power=2\ntoughness=2\nauto={R}{T}:target(artifact) dynamicability<!mytgt manacoststrike tosrc!> destroy\n") +
      card("Smelter", "{4}{R}{R}", "Creature", "power=5\ntoughness=5\nauto={3}{R}:target(artifact) dynamicability<!mytgt manacostpumppow tosrc!> destroy\n");
  TestOutcome r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{U}\nhand:touch\ninplay:idol\n[PLAYER2]\n[DO]\ntouch\nidol\n"
                                  "next\nnext\nidol\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:idol\n"
                                  "graveyard:touch\n[PLAYER2]\nlife:16\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}\ninplay:tinkerer\n[PLAYER2]\ninplay:idol\n[DO]\ntinkerer\nidol\n"
                      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:tinkerer\n[PLAYER2]\ngraveyard:idol\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{3}{R}\ninplay:smelter\n[PLAYER2]\ninplay:idol\n[DO]\nsmelter\nidol\n"
                      "next\nnext\nsmelter\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:smelter\n"
                      "[PLAYER2]\ngraveyard:idol\nlife:11\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// Keywords a transforms((,newability[..])) gives that did not run: combatspiritlink (Noble
// Purpose: combat damage gains its controller that much life, other damage does not) and
// librarydeath (Pulmonic Sliver: a sliver that dies goes into its owner's library).
TEST(WagicTransformsParts, CombatSpiritLinkAndLibraryDeathAreGiven) {
  const std::string cards =
      card("Pinger", "{R}", "Creature", "power=2\ntoughness=2\nauto={T}:damage:1 target(player)\n") +
      card("Purpose", "{3}{W}{W}", "Enchantment", "auto=lord(creature|mybattlefield) transforms((,newability[combatspiritlink]))\n") +
      card("Sliver", "{3}{W}{W}", "Creature", "subtype=Sliver\npower=3\ntoughness=3\nauto=lord(sliver) transforms((,newability[librarydeath]))\n") +
      card("Blast", "{R}", "Instant", "target=creature\nauto=damage:5\n");
  TestOutcome r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:pinger,purpose\n[PLAYER2]\n[DO]\nnext\nnext\npinger\nchoice 0\nnext\nnext\nnext\n"
                                  "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:pinger,purpose\nlife:22\n[PLAYER2]\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:pinger,purpose\n[PLAYER2]\n[DO]\npinger\np2\n"
                      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:pinger,purpose\nlife:20\n[PLAYER2]\nlife:19\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}\nhand:blast\n[PLAYER2]\ninplay:sliver\n[DO]\nblast\nsliver\n"
                      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:blast\n[PLAYER2]\nlibrary:sliver\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// Emblems with triggered abilities (CR 114): "emblem transforms((,newability[@..:..]))". The
// trigger works with its maker in the graveyard (Glimpse of Nature: each creature spell its
// controller casts draws a card; Death Frenzy: each creature that dies gains its controller 1 life).
TEST(WagicTransformsParts, AnEmblemsTriggersWorkWithoutItsMaker) {
  const std::string cards =
      test::creature("Bear", "{G}", 2, 2) + test::creature("Cub", "{G}", 1, 1) +
      card("Glimpse", "{G}", "Sorcery", "auto=emblem transforms((,newability[@movedTo(creature|mystack):draw:1 controller])) ueot\n") +
      card("Frenzy", "{B}", "Sorcery", "auto=emblem transforms((,newability[@movedto(creature|graveyard) from(battlefield):life:1 controller])) ueot\n") +
      card("Blast", "{R}", "Instant", "target=creature\nauto=damage:5\n");
  TestOutcome r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}{G}\nhand:glimpse,bear\nlibrary:cub\n[PLAYER2]\n"
                                  "[DO]\nglimpse\nbear\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:glimpse\ninplay:bear\nhand:cub\n"
                                  "[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{B}{R}{R}\nhand:frenzy,blast\n[PLAYER2]\ninplay:bear\n"
                      "[DO]\nfrenzy\nblast\nbear\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:frenzy,blast\nmanapool:{R}\nlife:21\n"
                      "[PLAYER2]\ngraveyard:bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// Later parts Wagic splits off first: "aslongas(A) X && aslongas(B) Y .." (Bloom Tender: a mana
// of each colour among its controller's permanents; the first aslongas gates only its own part),
// "token(..) && aslongas(thrull|mybattlefield) sacrifice >6" (Endrek Sahr: sacrificed once there
// are seven thrulls); and "{T}: Add {W}", a space after add (Azorius Cluestone).
TEST(WagicTransformsParts, EachAslongasPartHasItsOwnCondition) {
  const std::string cards =
      card("Tender", "{1}{G}", "Creature",
           "power=1\ntoughness=1\nauto={T}:aslongas(*[white]|myBattlefield) add{W} && aslongas(*[blue]|myBattlefield) add{U} && "
           "aslongas(*[black]|myBattlefield) add{B} && aslongas(*[red]|myBattlefield) add{R} && aslongas(*[green]|myBattlefield) add{G}\n") +
      card("Monk", "{U}", "Creature", "power=1\ntoughness=1\n") +
      card("Stone", "{3}", "Artifact", "auto={T}: Add {W}\nauto={T}: Add {U}\n") +
      card("Sahr", "{3}{B}{B}", "Creature", "power=2\ntoughness=2\nauto=@movedTo(creature|mystack):token(Thrull,Creature Thrull,1/1,black)*3 && "
                                             "aslongas(thrull|mybattlefield) sacrifice >6\n") +
      test::creature("Bear", "{G}", 2, 2) + test::creature("Cub", "{G}", 1, 1) + test::creature("Elk", "{G}", 2, 3);
  TestOutcome r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:tender,monk\n[PLAYER2]\n[DO]\ntender\n[ASSERT]\nFIRSTMAIN\n"
                                  "[PLAYER1]\ninplay:tender,monk\nmanapool:{G}{U}\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:stone\n[PLAYER2]\n[DO]\nstone\nchoice 1\n[ASSERT]\nFIRSTMAIN\n"
                      "[PLAYER1]\ninplay:stone\nmanapool:{U}\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  // Three thrulls, then six: Sahr stays; a third creature spell makes nine: Sahr is sacrificed (tokens: *).
  const std::string thrulls = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}{G}{G}\nhand:bear,cub,elk\ninplay:sahr\n[PLAYER2]\n[DO]\n";
  r = play_own(cards, thrulls + "bear\ncub\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}\nhand:elk\n"
                                "inplay:sahr,bear,cub,*,*,*,*,*,*\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, thrulls + "bear\ncub\nelk\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:sahr\n"
                                "inplay:bear,cub,elk,*,*,*,*,*,*,*,*,*\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// this(X>=5) on a spell: the X it was cast with (Martial Coup: "this(X>=5) destroy all(creature)",
// then "token(Soldier,..) *X", the multiplier a word of its own as Wagic finds it).
TEST(WagicTransformsParts, AConditionOnTheXPaid) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                            card("Coup", "{X}{W}{W}", "Sorcery",
                                 "auto=this(X>=5) destroy all(creature)\nauto=token(Soldier,creature soldier,1/1,white) *X\n");
  auto coup = [](const std::string& pool, const std::string& p1_inplay, const std::string& p2_zone) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:" + pool + "\nhand:coup\n[PLAYER2]\ninplay:bear\n[DO]\ncoup\n[ASSERT]\nFIRSTMAIN\n"
           "[PLAYER1]\ngraveyard:coup\ninplay:" + p1_inplay + "\n[PLAYER2]\n" + p2_zone + "\n[END]\n";
  };
  TestOutcome r = play_own(cards, coup("{W}{W}{2}", "*,*", "inplay:bear"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, coup("{W}{W}{5}", "*,*,*,*,*", "graveyard:bear"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// Unearth (Wagic's unearth rule): a permanent with it is exiled as the end step ends, and is
// exiled instead of going to a graveyard, a hand or a library. Given by transforms((,unearth,haste))
// (the unearth cost, as the corpus's cards write it) or with a copy: "clone with(unearth,haste)"
// (Heat Shimmer). Before, "unearth" inside transforms((..)) was read as a creature type.
TEST(WagicTransformsParts, UnearthExilesAndCloneWithGivesKeywords) {
  const std::string cards =
      test::creature("Bear", "{G}", 2, 2) +
      card("Hellspark", "{1}{R}", "Creature", "power=3\ntoughness=1\nautograveyard={R}:moveto(mybattlefield) && transforms((,unearth,haste)) asSorcery forever\n") +
      card("Blast", "{R}", "Instant", "target=creature\nauto=damage:5\n") +
      card("Shimmer", "{2}{R}", "Instant", "target=creature\nauto=clone with(unearth,haste)\n");
  TestOutcome r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}{R}\ngraveyard:hellspark\nhand:blast\n[PLAYER2]\n[DO]\n"
                                  "hellspark\nblast\nhellspark\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nexile:hellspark\ngraveyard:blast\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{2}{R}\nhand:shimmer\ninplay:bear\n[PLAYER2]\n[DO]\nshimmer\nbear\n"
                      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bear,*\ngraveyard:shimmer\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  // The copy is exiled as the turn ends; the bear stays.
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{2}{R}\nhand:shimmer\ninplay:bear\n[PLAYER2]\n[DO]\nshimmer\nbear\n"
                      "next\nnext\nbear\nnext\nnext\nnext\neot\n[ASSERT]\nUNTAP\n[PLAYER1]\ninplay:bear\ngraveyard:shimmer\n"
                      "[PLAYER2]\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// newtarget (Academy Researchers: "may name(attach an aura) target(aura|myhand) newtarget"): the
// aura chosen from the hand enters attached to the source (whose {0} ability works while an aura
// is on it), its one-shot lines running (this one gains 3 life).
TEST(WagicTransformsParts, NewTargetPutsAnAuraOntoTheSource) {
  const std::string cards =
      card("Researchers", "{U}", "Creature", "power=2\ntoughness=2\nauto=may name(attach an aura) target(aura|myhand) newtarget\n"
                                              "auto=this(auras>=1) {0}:life:1\n") +
      card("Boon", "{3}{W}", "Enchantment", "subtype=Aura\ntarget=creature\nauto=life:3 controller\n");
  auto play = [](const std::string& answer, const std::string& p1_after) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{U}\nhand:researchers,boon\n[PLAYER2]\n[DO]\nresearchers\n" + answer +
           "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n" + p1_after + "[PLAYER2]\n[END]\n";
  };
  TestOutcome r = play_own(cards, play("choice 0\nboon\nresearchers\n", "inplay:researchers,boon\nlife:24\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, play("choice 1\nresearchers\n", "inplay:researchers\nhand:boon\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// Pumps by an amount a transforms((,newability[..])) gives: Knight of New Alara's lord gives each
// other multicoloured creature colors/colors (+1/+1 per colour; [multicolored] read as Wagic reads it); Death's Approach's aura
// -X/-X where X counts the creature cards in the enchanted creature's controller's graveyard;
// Xenagos' power/power, counted once (+X/+X, X its power as the change begins).
TEST(WagicTransformsParts, PumpsByTheCardsOwnAmounts) {
  const std::string cards =
      card("Knight", "{2}{G}{W}", "Creature", "power=2\ntoughness=2\nauto=lord(other creature[multicolored]|mybattlefield) transforms((,newability[colors/colors nonstatic]))\n") +
      card("Charm", "{G}{U}{R}", "Creature", "power=1\ntoughness=1\n") +
      card("Approach", "{B}{B}", "Enchantment", "subtype=Aura\ntarget=creature\nauto=teach(creature) transforms((,newability[-type:creature:mygraveyard/-type:creature:mygraveyard nonstatic]))\n") +
      card("Xenagos", "{2}{R}{G}", "Instant", "target=creature\nauto=transforms((,newability[haste],newability[power/power])) ueot\n") +
      test::creature("Bear", "{G}", 2, 2) + test::creature("Elk", "{G}", 2, 3) + test::creature("Cub", "{G}", 1, 1);
  auto attack = [](const std::string& setup, const std::string& first, const std::string& attacker, int p2_life) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\n" + setup + "[PLAYER2]\n[DO]\n" + first + "next\nnext\n" + attacker + "\nnext\nnext\nnext\n"
           "[ASSERT]\nCOMBATEND\n[PLAYER1]\n" + setup.substr(setup.find("inplay:")) + "[PLAYER2]\nlife:" + std::to_string(p2_life) + "\n[END]\n";
  };
  TestOutcome r = play_own(cards, attack("inplay:knight,charm\n", "", "charm", 16));  // 1/1 + 3 colours
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, attack("inplay:knight,charm\n", "", "knight", 18));  // not itself
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  // Xenagos on the bear: 4/4 this turn.
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{2}{R}{G}\nhand:xenagos\ninplay:bear\n[PLAYER2]\n[DO]\nxenagos\nbear\n"
                      "next\nnext\nbear\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:bear\ngraveyard:xenagos\n[PLAYER2]\nlife:16\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  // Death's Approach on the elk (2/3) with two creature cards in its controller's graveyard: 0/1.
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{B}{B}\nhand:approach\n[PLAYER2]\ninplay:elk\ngraveyard:bear,cub\n[DO]\n"
                      "approach\nelk\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:approach\n[PLAYER2]\ninplay:elk\ngraveyard:bear,cub\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{B}{B}\nhand:approach\n[PLAYER2]\ninplay:cub\ngraveyard:bear\n[DO]\n"
                      "approach\ncub\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:approach\n[PLAYER2]\ngraveyard:bear,cub\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// xx (halfpaid): with {X}{X} in the cost, the mana paid for the Xs halved, as Wagic's WParsedInt
// reads it, which is the value of one X: a 0/0 with "counter(1/1,XX)" cast with four mana for
// {X}{X} gets two counters and survives; damage:XX with six mana for the Xs deals 3.
TEST(WagicTransformsParts, XXIsHalfTheManaPaidForTheXs) {
  const std::string cards = card("Hydra", "{X}{X}{G}", "Creature", "power=0\ntoughness=0\nauto=counter(1/1,XX)\n") +
                            card("Spasm", "{X}{X}{R}", "Sorcery", "target=creature\nauto=damage:XX\n") +
                            test::creature("Elk", "{G}", 2, 3);
  TestOutcome r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{G}{4}\nhand:hydra\n[PLAYER2]\n[DO]\nhydra\n"
                                  "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:hydra\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  // Six for the Xs: 3 damage kills the 2/3 elk; four: 2 damage does not.
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}{6}\nhand:spasm\n[PLAYER2]\ninplay:elk\n[DO]\nspasm\nelk\n"
                      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:spasm\n[PLAYER2]\ngraveyard:elk\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}{4}\nhand:spasm\n[PLAYER2]\ninplay:elk\n[DO]\nspasm\nelk\n"
                      "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:spasm\n[PLAYER2]\ninplay:elk\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// dynamicability<!powercountersoneone!>: +1/+1 counters as many as the source's power (as it last
// was, for a creature that died): Death's Presence gives each creature of its controller's a leave
// trigger; the bear (2/2) dies and the elk (2/3) gets two counters, attacking for 4.
TEST(WagicTransformsParts, CountersAsManyAsThePowerOfACreatureThatDied) {
  const std::string cards =
      card("Presence", "{5}{G}", "Enchantment",
           "auto=lord(creature|mybattlefield) transforms((,newability[@movedTo(this|graveyard) from(mybattlefield) once:dynamicability<!powercountersoneone!> target(creature|mybattlefield)]))\n") +
      card("Blast", "{R}", "Instant", "target=creature\nauto=damage:5\n") + test::creature("Bear", "{G}", 2, 2) + test::creature("Elk", "{G}", 2, 3);
  TestOutcome r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\nmanapool:{R}\nhand:blast\ninplay:presence,bear,elk\n[PLAYER2]\n[DO]\n"
                                  "blast\nbear\nelk\nnext\nnext\nelk\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\n"
                                  "inplay:presence,elk\ngraveyard:blast,bear\n[PLAYER2]\nlife:16\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
