// Issue 31: the effect forms sacrifice(this) and sacrifice(mytgt), and triggers whose text in the
// database leaves a bracket open (or closes one twice), read where Wagic's parser cuts them.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

// Lingering Death's kin, "@each my endofturn:sacrifice(mytgt)": the creature the aura enchants
// is sacrificed (and the aura, left on nothing, goes too).
TEST(WagicSacrificeForms, MytgtIsTheCreatureTheAuraEnchants) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Leech\nmana={B}\ntype=Enchantment\nsubtype=Aura\ntarget=creature\n"
                            "auto=@each my endofturn:sacrifice(mytgt)\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nSECONDMAIN\n[PLAYER1]\nhand:leech\nmanapool:{B}\n[PLAYER2]\ninplay:bear\n[DO]\n"
                                        "leech\nbear\neot\n[ASSERT]\nUNTAP\n[PLAYER1]\ngraveyard:leech\n[PLAYER2]\ngraveyard:bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Flamespeaker's Will's kin, "sacrifice(this) && ..": the aura itself is sacrificed, the creature
// it enchants stays, and the rest of the line happens.
TEST(WagicSacrificeForms, ThisIsTheAuraItself) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Pledge\nmana={W}\ntype=Enchantment\nsubtype=Aura\ntarget=creature\n"
                            "auto=@each my endofturn:sacrifice(this) && life:3 controller\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nSECONDMAIN\n[PLAYER1]\nhand:pledge\ninplay:bear\nmanapool:{W}\n[PLAYER2]\n[DO]\n"
                                        "pledge\nbear\neot\n[ASSERT]\nUNTAP\n[PLAYER1]\ninplay:bear\ngraveyard:pledge\nlife:23\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Collapsing Borders' lines, "@each my upkeep restriction{type(plains|myBattlefield)~morethan~0:life:1":
// the '}' is missing. Wagic cuts the trigger at the first ':' and, finding no '}' after
// restriction{, reads no restriction: the life comes at every upkeep of its controller, with no
// Plains. The same line closed counts the Plains (none: no life).
TEST(WagicBrokenText, ARestrictionLeftOpenIsNoRestriction) {
  const std::string open = "[card]\nname=Borders\ntype=Artifact\nmana={1}\n"
                           "auto=@each my upkeep restriction{type(plains|myBattlefield)~morethan~0:life:1 controller\n[/card]\n";
  const std::string closed = "[card]\nname=Borders\ntype=Artifact\nmana={1}\n"
                             "auto=@each my upkeep restriction{type(plains|myBattlefield)~morethan~0}:life:1 controller\n[/card]\n";
  const auto game = [](const std::string& life) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:borders\n[PLAYER2]\n[DO]\neot\neot\neot\n[ASSERT]\nUNTAP\n[PLAYER1]\ninplay:borders\nlife:" +
           life + "\n[PLAYER2]\n[END]\n";
  };
  TestOutcome r = test::play_own(open, game("21"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(closed, game("20"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Dega Sanctuary's "restriction{..}}:life:2": a '}' too many. Wagic's restriction ends at the
// first '}', and the trigger at the first ':': with a black permanent the life comes, without
// one it does not.
TEST(WagicBrokenText, ABraceClosedTwiceEndsTheRestrictionAtTheFirst) {
  const std::string cards = test::creature("Rat", "{B}", 1, 1) +
                            "[card]\nname=Sanctuary\ntype=Enchantment\nmana={1}\n"
                            "auto=@each my upkeep restriction{type(*[black]|myBattlefield)~morethan~0}}:life:2\n[/card]\n";
  const auto game = [](const std::string& inplay, const std::string& life) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:" + inplay + "\n[PLAYER2]\n[DO]\neot\neot\neot\n[ASSERT]\nUNTAP\n[PLAYER1]\ninplay:" + inplay +
           "\nlife:" + life + "\n[PLAYER2]\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, game("sanctuary,rat", "22"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, game("sanctuary", "20"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Kavu Lair's "@movedTo(creature[power>=4|myBattlefield):draw:1 controller": the '[' is never
// closed. Wagic takes the zone after the first '|' and the attributes to the end of the type, so a
// creature with power 4 or more entering draws a card; a smaller one does not.
TEST(WagicBrokenText, AnAttributeBracketLeftOpenEndsAtTheZone) {
  const std::string cards = test::creature("Ogre", "{G}", 4, 4) + test::creature("Bear", "{G}", 2, 2) + test::creature("Ant", "{G}", 1, 1) +
                            "[card]\nname=Lair\ntype=Enchantment\nmana={1}\n"
                            "auto=@movedTo(creature[power>=4|myBattlefield):draw:1 controller\n[/card]\n";
  const auto game = [](const std::string& cast, const std::string& after) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:lair\nhand:" + cast + "\nlibrary:ant\nmanapool:{G}\n[PLAYER2]\n[DO]\n" + cast +
           "\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:lair," + cast + "\n" + after + "[PLAYER2]\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, game("ogre", "hand:ant\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, game("bear", "library:ant\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Soldier of the Pantheon's "@movedTo(*[multicolor]|opponentstack:life:1 controller": the ')' is
// missing; Wagic's trigger still ends at the first ':' and names the opponent's stack.
TEST(WagicBrokenText, AParenthesisLeftOpenEndsAtTheColon) {
  const std::string cards = test::creature("Ant", "{G}", 1, 1) +
                            "[card]\nname=Hybrid\nmana={G}{W}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n"
                            "[card]\nname=Soldier\nmana={W}\ntype=Creature\npower=2\ntoughness=1\n"
                            "auto=@movedTo(*[multicolor]|opponentstack:life:1 controller\n[/card]\n";
  const auto game = [](const std::string& cast, const std::string& life) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:" + cast + "\nmanapool:{G}{W}\n[PLAYER2]\ninplay:soldier\n[DO]\n" + cast +
           "\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:" + cast + "\nmanapool:" + (cast == "ant" ? "{W}" : "") + "\n[PLAYER2]\ninplay:soldier\nlife:" + life +
           "\n[END]\n";
  };
  TestOutcome r = test::play_own(cards, game("hybrid", "21"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, game("ant", "20"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Arc Mage's "damage:1 target(creature,player) && activate damage:1 target(creature,player)": the
// later part is an ability activated as the line resolves, with a target of its own chosen then.
// Both at the bear: it dies (two damage); the second at the player: the bear lives, the player
// loses one.
TEST(WagicActivate, ALaterPartIsActivatedWithATargetOfItsOwn) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Mage\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n"
                            "auto={T}:damage:1 target(creature,player) && activate damage:1 target(creature,player)\n[/card]\n";
  const auto game = [](const std::string& second, const std::string& p2) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:mage\n[PLAYER2]\ninplay:bear\n[DO]\nmage\nbear\n" + second +
           "\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:mage\n[PLAYER2]\n" + p2 + "[END]\n";
  };
  TestOutcome r = test::play_own(cards, game("bear", "graveyard:bear\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, game("p2", "inplay:bear\nlife:19\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Legion's Initiative's "all(creature|mybattlefield) moveto(exile) and!(transforms((,newability[
// phaseactionmulti[combatbegins once] moveto(ownerbattlefield) && all(this) haste])) forever)!":
// the exiled creature comes back as combat begins, with haste: it attacks though it just arrived.
TEST(WagicAndParts, PhaseActionMultiBringsTheExiledCreatureBackWithHaste) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Initiative\nmana={R}{W}\ntype=Enchantment\n"
                            "auto={0}:all(creature|mybattlefield) moveto(exile) and!(transforms((,newability[phaseactionmulti[combatbegins once] "
                            "moveto(ownerbattlefield) && all(this) haste])) forever)!\n[/card]\n";
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:initiative,bear\n[PLAYER2]\n[DO]\ninitiative\n"
                                        "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:initiative\nexile:bear\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:initiative,bear\n[PLAYER2]\n[DO]\ninitiative\nnext\nnext\nbear\nnext\nnext\nnext\n"
                            "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:initiative,bear\n[PLAYER2]\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Puppeteer Clique's "moveto(mybattlefield) and!(transforms((,haste,newability[@my next endofturn:
// moveTo(exile)])) forever)! target(creature|opponentgraveyard)": "@my next endofturn" is its
// controller's next end step. The creature taken attacks at once and is exiled as the turn ends.
TEST(WagicAndParts, MyNextEndOfTurnExilesTheCreatureTaken) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Puppeteer\nmana={B}\ntype=Creature\npower=1\ntoughness=1\n"
                            "auto=moveto(mybattlefield) and!(transforms((,haste,newability[@my next endofturn:moveTo(exile)])) forever)! "
                            "target(creature|opponentgraveyard)\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:puppeteer\nmanapool:{B}\n[PLAYER2]\ngraveyard:bear\n[DO]\npuppeteer\nbear\n";
  TestOutcome r = test::play_own(cards, start + "next\nnext\nbear\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:puppeteer,bear\n"
                                                "[PLAYER2]\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + "eot\n[ASSERT]\nUNTAP\n[PLAYER1]\ninplay:puppeteer\n[PLAYER2]\nexile:bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Seance's "moveto(exile) and!(clone with(unearth) addtype(spirit))!": the token copy is a Spirit
// besides its own types (the Counter's life counts one Spirit: 21); a copy without addtype is none
// (20). Written here after a tap of a creature on the battlefield, so that the scenario's names
// (the token's is the card's) stay in one zone.
TEST(WagicAndParts, ACloneWithAddtypeIsOfThatTypeToo) {
  const auto game = [](const std::string& addtype, const std::string& life) {
    const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                              "[card]\nname=Seance\nmana={W}\ntype=Enchantment\n"
                              "auto={0}:target(creature|mybattlefield) tap and!(clone with(unearth)" + addtype + ")!\n[/card]\n"
                              "[card]\nname=Counter\nmana={W}\ntype=Artifact\nauto={0}:life:type:spirit:mybattlefield controller\n[/card]\n";
    return test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:seance,counter,bear\n[PLAYER2]\n[DO]\nseance\nbear\ncounter\n"
                                 "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:seance,counter,bear,bear\nlife:" + life + "\n[PLAYER2]\n[END]\n");
  };
  TestOutcome r = game(" addtype(spirit)", "21");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = game("", "20");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Thada Adel's "notatarget(artifact|opponentlibrary) moveto(myexile) and!( transforms((,newability[
// canplayfromexile],newability[phaseactionmulti[endofturn once] moveto(ownerexile) all(this|exile)]))
// ueot)!": the other player's artifact, exiled in its controller's exile, may be cast by that
// player this turn; as the turn ends it goes to its owner's exile, no longer playable.
TEST(WagicAndParts, ACardGivenCanplayfromexileIsCastFromTheExileItIsIn) {
  const std::string cards = "[card]\nname=Relic\nmana={0}\ntype=Artifact\n[/card]\n"
                            "[card]\nname=Adel\nmana={U}\ntype=Creature\npower=2\ntoughness=2\n"
                            "auto=@combatdamagefoeof(player) from(this):name(exile artifact) notatarget(artifact|opponentlibrary) moveto(myexile) "
                            "and!( transforms((,newability[canplayfromexile],newability[phaseactionmulti[endofturn once] moveto(ownerexile) "
                            "all(this|exile)])) ueot)!\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:adel\n[PLAYER2]\nlibrary:relic\n[DO]\nnext\nnext\nadel\nnext\nnext\nrelic\nnext\n";
  // Exiled in p1's exile, then cast by p1 in the second main phase.
  TestOutcome r = test::play_own(cards, start + "next\nrelic\n[ASSERT]\nSECONDMAIN\n[PLAYER1]\ninplay:adel,relic\n[PLAYER2]\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  // Not cast: at the end of the turn it is in its owner's exile.
  r = test::play_own(cards, start + "eot\n[ASSERT]\nUNTAP\n[PLAYER1]\ninplay:adel\n[PLAYER2]\nexile:relic\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Chameleon Spirit's "choice name(green) activate type:*[green]:opponentBattlefield/type:*[green]:
// opponentBattlefield cdaactive" (one line a colour): as it enters its controller takes a line
// (the engine asks a permanent's choice lines one at a time: green taken, red declined); its power
// and toughness are then the count, as the board changes. Green with two green creatures across:
// 2/2, it lives; they are destroyed: 0/0, it dies. Red: 0/0 at once.
TEST(WagicActivate, AChoiceActivatesAPowerAndToughnessTheCardDefines) {
  const std::string cards = test::creature("Bear", "{G}", 2, 2) +
                            "[card]\nname=Chameleon\nmana={U}\ntype=Creature\npower=*\ntoughness=*\n"
                            "auto=choice name(green) activate type:*[green]:opponentBattlefield/type:*[green]:opponentBattlefield cdaactive\n"
                            "auto=choice name(red) activate type:*[red]:opponentBattlefield/type:*[red]:opponentBattlefield cdaactive\n[/card]\n"
                            "[card]\nname=Blight\nmana={B}\ntype=Sorcery\nauto=destroy all(creature[green]|opponentbattlefield)\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:chameleon,blight\nmanapool:{U}{B}\n[PLAYER2]\ninplay:bear,bear\n[DO]\nchameleon\n";
  TestOutcome r = test::play_own(cards, start + "choice 0\nchoice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:chameleon\nhand:blight\nmanapool:{B}\n"
                                                "[PLAYER2]\ninplay:bear,bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + "choice 0\nchoice 1\nblight\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:chameleon,blight\n"
                                    "[PLAYER2]\ngraveyard:bear,bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + "choice 1\nchoice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:chameleon\nhand:blight\nmanapool:{B}\n"
                                    "[PLAYER2]\ninplay:bear,bear\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

// Chain of Acid's "transforms((,newability[destroy],newability[may .. activate .. castcard(copied
// noevent named!:Chain of Acid:!)]))": the target is destroyed, then its controller may copy the
// spell (a copy of the card of that name) with a new target: p2 copies it at p1's idol, p1
// declines. Declined at once, only the totem goes.
TEST(WagicAndParts, ACopyOfTheSpellNamedIsCastByTheTargetsController) {
  const std::string cards = "[card]\nname=Idol\nmana={1}\ntype=Artifact\n[/card]\n[card]\nname=Totem\nmana={1}\ntype=Artifact\n[/card]\n"
                            "[card]\nname=Acid\nmana={G}\ntype=Sorcery\ntarget=*[-creature]\n"
                            "auto=transforms((,newability[destroy],newability[may name(copy acid) activate name(copy acid) "
                            "castcard(copied noevent named!:Acid:!)])) forever\n[/card]\n";
  const std::string start = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:acid\ninplay:idol\nmanapool:{G}\n[PLAYER2]\ninplay:totem\n[DO]\nacid\ntotem\n";
  TestOutcome r = test::play_own(cards, start + "choice 0\nidol\nchoice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:acid,idol\n"
                                                "[PLAYER2]\ngraveyard:totem\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
  r = test::play_own(cards, start + "choice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:idol\ngraveyard:acid\n[PLAYER2]\ngraveyard:totem\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
