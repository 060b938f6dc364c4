// Constructs of the guide's list that compiled before any test played them: affinities, evasion
// (landwalks, shadow, protection from green), cantattack/cantblock, hexproof, exiledeath,
// canplayfromgraveyard, the cost symbols {c} {T(spec)} {Q} {L:N}, opponentpoisoned, a keyword
// granted until end of turn and the [enchanted] restriction. Each on small cards of the test's own,
// with the case where the construct does not apply beside it.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

using test::combat;
using test::creature;
using test::play_own;
using test::trace_of;

std::string card(const std::string& name, const std::string& mana, const std::string& type, const std::string& body) {
  return "[card]\nname=" + name + "\nmana=" + mana + "\ntype=" + type + "\n" + body + "[/card]\n";
}

const std::string kLands = card("Isle", "", "Land", "subtype=Island\n") + card("Peak", "", "Land", "subtype=Mountain\n") +
                           card("Field", "", "Land", "subtype=Plains\n") + card("Marsh", "", "Land", "subtype=Swamp\n") +
                           card("Grove", "", "Land", "subtype=Forest\n") + card("Trinket", "{1}", "Artifact", "");

std::string first_main(const std::string& p1, const std::string& p2, const std::string& act, const std::string& assert_p1,
                       const std::string& assert_p2) {
  return "[INIT]\nFIRSTMAIN\n[PLAYER1]\n" + p1 + "[PLAYER2]\n" + p2 + "[DO]\n" + act + "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n" +
         assert_p1 + "[PLAYER2]\n" + assert_p2 + "[END]\n";
}

// Affinity for a kind of permanent (CR 702.41): {1} less to cast per such permanent its caster
// controls. A {4} golem costs {2} with two of them; with one, {2} in the pool is not enough.
TEST(WagicKeywords, AffinityCountsItsKindOfPermanent) {
  struct Case {
    const char *keyword, *permanent;
  };
  for (const Case& c : {Case{"affinityartifacts", "trinket"}, Case{"affinityislands", "isle"}, Case{"affinitymountains", "peak"},
                        Case{"affinityplains", "field"}, Case{"affinityswamps", "marsh"}}) {
    const std::string cards = kLands + card("Golem", "{4}", "Artifact Creature", std::string("power=3\ntoughness=3\nabilities=") + c.keyword + "\n");
    const std::string two = std::string(c.permanent) + "," + c.permanent;
    TestOutcome r = play_own(cards, first_main("manapool:{2}\nhand:golem\ninplay:" + two + "\n", "", "golem\n",
                                               "inplay:" + two + ",golem\n", ""));
    EXPECT_EQ(r.status, TestOutcome::kPass) << c.keyword << trace_of(r);
    r = play_own(cards, first_main("manapool:{2}\nhand:golem\ninplay:" + std::string(c.permanent) + ",grove\n", "", "golem\n",
                                   "manapool:{2}\nhand:golem\ninplay:" + std::string(c.permanent) + ",grove\n", ""));
    EXPECT_EQ(r.status, TestOutcome::kPass) << c.keyword << trace_of(r);
  }
}

// canplayfromgraveyard: a card that has it is cast from its owner's graveyard (given by a lord
// over the graveyard, Yawgmoth's Will's kin); a card without it stays there.
TEST(WagicKeywords, CanPlayFromGraveyardCastsTheCardThere) {
  const std::string cards = creature("Ghoul", "{B}", 2, 2, "canplayfromgraveyard") + creature("Bear", "{1}{G}", 2, 2) +
                            card("Will", "{0}", "Enchantment", "auto=lord(creature|mygraveyard) canplayfromgraveyard\n");
  TestOutcome r = play_own(cards, first_main("manapool:{B}\ngraveyard:ghoul\n", "", "ghoul\n", "inplay:ghoul\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, first_main("manapool:{1}{G}\ngraveyard:bear\n", "", "bear\n", "manapool:{1}{G}\ngraveyard:bear\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, first_main("manapool:{1}{G}\ngraveyard:bear\ninplay:will\n", "", "bear\n", "inplay:will,bear\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// cantattack: the click does not declare it; cantblock: it cannot be declared a blocker.
TEST(WagicKeywords, CantAttackAndCantBlock) {
  const std::string cards = creature("Wall", "{1}{G}", 2, 2, "cantattack") + creature("Coward", "{1}{G}", 1, 4, "cantblock") +
                            creature("Bear", "{1}{G}", 2, 2);
  TestOutcome r = play_own(cards, combat("wall,bear", "", "wall\nbear\n", "", "inplay:wall,bear\n", "life:18\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, combat("bear", "coward", "bear\n", "coward\n", "inplay:bear\n", "inplay:coward\nlife:18\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, combat("bear", "wall", "bear\n", "wall\n", "graveyard:bear\n", "graveyard:wall\n"));  // cantattack blocks
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// exiledeath: put into exile instead of its owner's graveyard when it dies.
TEST(WagicKeywords, ExileDeathExilesInsteadOfTheGraveyard) {
  const std::string cards = creature("Spirit", "{W}", 2, 2, "exiledeath") + creature("Bear", "{1}{G}", 2, 2);
  TestOutcome r = play_own(cards, combat("bear", "spirit", "bear\n", "spirit\n", "graveyard:bear\n", "exile:spirit\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, combat("spirit", "bear", "spirit\n", "bear\n", "exile:spirit\n", "graveyard:bear\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// Islandwalk, plainswalk, swampwalk (CR 702.14): unblockable while the defending player controls
// a land of that type; blocked when the defender has another land.
TEST(WagicKeywords, IslandPlainsAndSwampwalk) {
  struct Case {
    const char *walk, *land;
  };
  for (const Case& c : {Case{"islandwalk", "isle"}, Case{"plainswalk", "field"}, Case{"swampwalk", "marsh"}}) {
    const std::string cards = kLands + creature("Walker", "{1}{U}", 2, 3, c.walk) + creature("Bear", "{1}{G}", 1, 3);
    TestOutcome r = play_own(cards, combat("walker", std::string("bear,") + c.land, "walker\n", "bear\n", "inplay:walker\n",
                                           std::string("inplay:bear,") + c.land + "\nlife:18\n"));
    EXPECT_EQ(r.status, TestOutcome::kPass) << c.walk << trace_of(r);
    r = play_own(cards, combat("walker", "bear,grove", "walker\n", "bear\n", "inplay:walker\n", "inplay:bear,grove\n"));
    EXPECT_EQ(r.status, TestOutcome::kPass) << c.walk << trace_of(r);
  }
}

// Hexproof (CR 702.11): not a legal target of its opponents' spells; its controller's spells
// target it. The bolt clicked on the opponent's hexproof wolf waits, and takes the bear next.
TEST(WagicKeywords, HexproofStopsOnlyOpponentsTargets) {
  const std::string cards = creature("Wolf", "{G}", 2, 2, "hexproof") + creature("Bear", "{1}{G}", 2, 2) +
                            card("Bolt", "{R}", "Instant", "target=creature\nauto=damage:3\n");
  TestOutcome r = play_own(cards, first_main("manapool:{R}\nhand:bolt\n", "inplay:wolf,bear\n", "bolt\nwolf\nbear\n",
                                             "graveyard:bolt\n", "inplay:wolf\ngraveyard:bear\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, first_main("manapool:{R}\nhand:bolt\ninplay:wolf\n", "inplay:bear\n", "bolt\nwolf\n",
                                 "graveyard:bolt,wolf\n", "inplay:bear\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// Protection from green (CR 702.16): green creatures cannot block it, green spells cannot target it.
TEST(WagicKeywords, ProtectionFromGreen) {
  const std::string cards = creature("Knight", "{W}", 2, 2, "protection from green") + creature("Bear", "{1}{G}", 2, 3) +
                            creature("Ox", "{1}{W}", 2, 3) + card("Sting", "{G}", "Instant", "target=creature\nauto=damage:3\n");
  TestOutcome r = play_own(cards, combat("knight", "bear", "knight\n", "bear\n", "inplay:knight\n", "inplay:bear\nlife:18\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, combat("knight", "ox", "knight\n", "ox\n", "graveyard:knight\n", "inplay:ox\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, first_main("manapool:{G}\nhand:sting\n", "inplay:knight,ox\n", "sting\nknight\nox\n", "graveyard:sting\n",
                                 "inplay:knight\ngraveyard:ox\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// Shadow (CR 702.28): blocked only by creatures with shadow, and blocks only them.
TEST(WagicKeywords, ShadowBlocksAndIsBlockedOnlyByShadow) {
  const std::string cards = creature("Shade", "{B}", 2, 2, "shadow") + creature("Wraith", "{B}", 1, 3, "shadow") +
                            creature("Bear", "{1}{G}", 2, 3);
  TestOutcome r = play_own(cards, combat("shade", "bear", "shade\n", "bear\n", "inplay:shade\n", "inplay:bear\nlife:18\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, combat("shade", "wraith", "shade\n", "wraith\n", "inplay:shade\n", "inplay:wraith\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, combat("bear", "wraith", "bear\n", "wraith\n", "inplay:bear\n", "inplay:wraith\nlife:18\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// {c} in a cost (CR 107.4c's {C}): paid with colourless mana only, not with a colour.
TEST(WagicCosts, ColourlessSymbolTakesOnlyColourlessMana) {
  const std::string cards = card("Relic", "{0}", "Artifact", "auto={c}:life:2\n");
  TestOutcome r = play_own(cards, first_main("manapool:{1}\ninplay:relic\n", "", "relic\n", "inplay:relic\nlife:22\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, first_main("manapool:{G}\ninplay:relic\n", "", "relic\n", "inplay:relic\nmanapool:{G}\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// {T(spec)}: tap another untapped permanent of the kind as a cost; none untapped, no activation.
TEST(WagicCosts, TappingAnotherPermanentPaysAnAbility) {
  const std::string cards = card("Totem", "{0}", "Artifact", "auto={T(creature|mybattlefield)}:life:3\n") + creature("Bear", "{1}{G}", 2, 2) +
                            creature("Cub", "{G}", 1, 1);
  TestOutcome r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:totem,bear\n[PLAYER2]\n[DO]\ntotem\nbear\ntotem\nnext\nnext\nbear\n"
                                  "next\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:totem,bear\nlife:23\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);  // the bear, tapped, does not attack; the second activation finds nothing
  r = play_own(cards, first_main("inplay:totem,bear,cub\n", "", "totem\ncub\ntotem\nbear\n", "inplay:totem,bear,cub\nlife:26\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// {Q}: untap the source as a cost: usable only while it is tapped. Untapped, the click takes {T}
// (no menu: {Q} is not offered); tapped, {Q}; then {T} again: 1 + 2 + 1.
TEST(WagicCosts, UntapSymbolNeedsTheSourceTapped) {
  const std::string cards = creature("Fairy", "{W}", 1, 1) + card("Relay", "{0}", "Artifact", "auto={T}:life:1\nauto={Q}:life:2\n");
  TestOutcome r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:relay\n[PLAYER2]\n[DO]\nrelay\nrelay\nrelay\n"
                                  "[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:relay\nlife:24\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// {L:N}: pay N life as a cost; not payable with less life than that (CR 119.4).
TEST(WagicCosts, LifeCostIsPaidInLife) {
  const std::string cards = card("Altar", "{0}", "Artifact", "auto={L:3}:draw:1\n") + creature("Bear", "{1}{G}", 2, 2);
  TestOutcome r = play_own(cards, first_main("inplay:altar\nlibrary:bear\n", "", "altar\n", "inplay:altar\nhand:bear\nlife:17\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, first_main("life:2\ninplay:altar\nlibrary:bear\n", "", "altar\n", "life:2\ninplay:altar\nlibrary:bear\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// opponentpoisoned: the trigger fires only while an opponent has a poison counter.
TEST(WagicTriggers, OpponentPoisonedFiresOnlyWhenAnOpponentHasPoison) {
  const std::string cards = creature("Scorpion", "{B}", 1, 1) +
                            card("Venom", "{0}", "Enchantment", "auto=@combat(attacking) source(creature|mybattlefield) opponentpoisoned:life:2\n");
  TestOutcome r = play_own(cards, combat("scorpion,venom", "\npoisoncount:1", "scorpion\n", "", "inplay:scorpion,venom\nlife:22\n",
                                         "poisoncount:1\nlife:19\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, combat("scorpion,venom", "", "scorpion\n", "", "inplay:scorpion,venom\n", "life:19\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// A keyword granted by an effect lasts until end of turn: the bear given flying is not blocked
// by the ground creature this turn; the next turn it is.
TEST(WagicEffects, AGrantedKeywordLastsUntilEndOfTurn) {
  const std::string cards = creature("Bear", "{1}{G}", 2, 2) + creature("Ox", "{1}{W}", 1, 4) +
                            card("Wings", "{0}", "Instant", "target=creature\nauto=flying\n");
  TestOutcome r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bear\nhand:wings\n[PLAYER2]\ninplay:ox\n[DO]\nwings\nbear\nnext\nnext\nbear\n"
                                  "next\nox\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:bear\ngraveyard:wings\n[PLAYER2]\ninplay:ox\nlife:18\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bear\nhand:wings\nlibrary:cub\n[PLAYER2]\ninplay:ox\nlibrary:cub\n[DO]\nwings\nbear\neot\neot\nnext\nnext\nnext\n"
                      "next\nnext\nbear\nnext\nox\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:bear\nhand:cub\ngraveyard:wings\n[PLAYER2]\ninplay:ox\nhand:cub\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// [enchanted]: a card with an aura on it. The lord pumps only the enchanted bear.
TEST(WagicTargets, EnchantedMatchesCardsWithAnAura) {
  const std::string cards = creature("Bear", "{1}{G}", 2, 2) + creature("Cub", "{G}", 2, 2) +
                            card("Halo", "{0}", "Enchantment", "subtype=Aura\ntarget=creature\n") +
                            card("Banner", "{0}", "Enchantment", "auto=lord(creature[enchanted]|mybattlefield) 1/1\n");
  TestOutcome r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:bear,cub,banner\nhand:halo\n[PLAYER2]\n[DO]\nhalo\nbear\nnext\nnext\nbear\ncub\n"
                                  "next\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:bear,cub,banner,halo\n[PLAYER2]\nlife:15\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
