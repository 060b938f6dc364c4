// Keyword abilities that act for a player (player_keywords.cc): cantlose, cantlifelose, cantwin,
// nolifegain, nolifegainopponent, controllershroud, playershroud, nomaxhand; and keywords that
// change where a card goes or what a rule does: nolegend, poisontoxic, islandhome, tokenizer,
// auraward, librarydeath, shufflelibrarydeath. Each with the case where it does not apply.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

using test::creature;
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

const std::string kBolt = card("Bolt", "{R}", "Instant", "target=player\nauto=damage:3\n");

// cantlose (Platinum Angel), cantlifelose (Lich's Tomb: at 0 life only, not at ten poison
// counters) and an opponent's cantwin (Abyssal Persecutor) keep a player at 0 life in the game.
TEST(WagicPlayerKeywords, CantLoseCantLifeLoseAndCantWinKeepAPlayerIn) {
  const std::string cards = kBolt + creature("Angel", "{7}", 4, 4, "cantlose") + card("Tomb", "{4}", "Artifact", "abilities=cantlifelose\n") +
                            creature("Persecutor", "{2}{B}{B}", 6, 6, "cantwin") + creature("Bear", "{1}{G}", 2, 2);
  auto bolt_self = [&](const std::string& p1, const std::string& p2, const std::string& inplay1, const std::string& inplay2) {
    return play_own(cards, main_phase("life:2\nmanapool:{R}\nhand:bolt\n" + p1, p2, "bolt\np1\n",
                                      "life:-1\ngraveyard:bolt\n" + inplay1, inplay2));
  };
  for (const char* mine : {"angel", "tomb"}) {
    const std::string in = std::string("inplay:") + mine + "\n";
    const TestOutcome r = bolt_self(in, "", in, "");
    EXPECT_EQ(r.status, TestOutcome::kPass) << mine << trace_of(r);
  }
  TestOutcome r = bolt_self("", "inplay:persecutor\n", "", "inplay:persecutor\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = bolt_self("inplay:bear\n", "inplay:bear\n", "inplay:bear\n", "inplay:bear\n");  // nobody says so: player 1 loses
  EXPECT_EQ(r.status, TestOutcome::kNoVerdict) << trace_of(r);
  EXPECT_NE(r.first_difference.find("player 1 lost"), std::string::npos) << r.first_difference;
  // Ten poison counters: Lich's Tomb does not help, the angel does.
  r = play_own(cards, main_phase("poisoncount:10\ninplay:tomb\n", "", "", "poisoncount:10\ninplay:tomb\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kNoVerdict) << trace_of(r);
  r = play_own(cards, main_phase("poisoncount:10\ninplay:angel\n", "", "", "poisoncount:10\ninplay:angel\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// nolifegain: its controller gains no life; nolifegainopponent (Erebos): its controller's
// opponents gain none, its controller does.
TEST(WagicPlayerKeywords, NoLifeGainStopsTheGainOfWhomItNames) {
  const std::string cards = card("Salve", "{0}", "Sorcery", "auto=life:3\n") + card("Curse", "{0}", "Enchantment", "abilities=nolifegain\n") +
                            creature("Erebos", "{3}{B}", 5, 7, "nolifegainopponent");
  struct Case {
    const char *p1, *p2;
    int life;
  };
  for (const Case& c : {Case{"inplay:curse\n", "", 20}, Case{"", "inplay:erebos\n", 20}, Case{"inplay:erebos\n", "", 23},
                        Case{"", "inplay:curse\n", 23}}) {
    const TestOutcome r = play_own(cards, main_phase(std::string("hand:salve\n") + c.p1, c.p2, "salve\n",
                                                     "graveyard:salve\nlife:" + std::to_string(c.life) + "\n" + c.p1, c.p2));
    EXPECT_EQ(r.status, TestOutcome::kPass) << c.p1 << c.p2 << trace_of(r);
  }
}

// controllershroud (Imperial Mask): its controller is not a legal target of opponents' spells;
// playershroud (Ivory Mask): of anyone's. The bolt clicked on such a player waits for another.
TEST(WagicPlayerKeywords, ControllerShroudAndPlayerShroudStopTargets) {
  const std::string cards = kBolt + card("Mask", "{4}{W}", "Enchantment", "abilities=controllershroud\n") +
                            card("Ivory", "{2}{W}{W}", "Enchantment", "abilities=playershroud\n");
  TestOutcome r = play_own(cards, main_phase("manapool:{R}\nhand:bolt\n", "inplay:mask\n", "bolt\np2\np1\n", "life:17\ngraveyard:bolt\n",
                                             "inplay:mask\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, main_phase("manapool:{R}\nhand:bolt\ninplay:mask\n", "", "bolt\np1\n", "life:17\ngraveyard:bolt\ninplay:mask\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);  // its own controller's spell targets it
  r = play_own(cards, main_phase("manapool:{R}\nhand:bolt\ninplay:ivory\n", "", "bolt\np1\np2\n", "graveyard:bolt\ninplay:ivory\n",
                                 "life:17\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// nomaxhand (Reliquary Tower): no discard down to seven in the cleanup step.
TEST(WagicPlayerKeywords, NoMaxHandKeepsEveryCardInTheCleanup) {
  const std::string cards = card("Tower", "", "Land", "abilities=nomaxhand\n") + card("Field", "", "Land", "") + creature("Bear", "{1}{G}", 2, 2);
  const std::string nine = "bear,bear,bear,bear,bear,bear,bear,bear,bear";
  auto end_turn = [&](const std::string& land, const std::string& after) {
    return "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:" + land + "\nhand:" + nine + "\n[PLAYER2]\nlibrary:field\n[DO]\neot\n[ASSERT]\nUNTAP\n[PLAYER1]\ninplay:" +
           land + "\n" + after + "[PLAYER2]\nlibrary:*\n[END]\n";
  };
  TestOutcome r = play_own(cards, end_turn("tower", "hand:" + nine + "\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, end_turn("field", "hand:bear,bear,bear,bear,bear,bear,bear\ngraveyard:*,*\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// nolegend: the legend rule does not apply to it (Brothers Yamazaki). Without it the second
// copy asks which to keep ("choice 0": the new one).
TEST(WagicPlayerKeywords, NoLegendLetsTwoLegendsOfOneNameStay) {
  const std::string cards = card("Brother", "{2}{R}", "Legendary Creature", "power=2\ntoughness=1\nabilities=nolegend\n") +
                            card("Hero", "{2}{R}", "Legendary Creature", "power=2\ntoughness=1\n");
  TestOutcome r = play_own(cards, main_phase("manapool:{2}{R}\ninplay:brother\nhand:brother\n", "", "brother\nchoice 0\n",
                                             "inplay:brother,brother\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, main_phase("manapool:{2}{R}\ninplay:hero\nhand:hero\n", "", "hero\nchoice 0\n", "inplay:hero\ngraveyard:*\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// poisontoxic (Pit Scorpion): damage it deals to a player also gives a poison counter.
TEST(WagicPlayerKeywords, PoisonToxicGivesAPoisonCounterWithItsDamage) {
  const std::string cards = creature("Scorpion", "{2}{B}", 1, 1, "poisontoxic") + creature("Bear", "{1}{G}", 2, 2);
  TestOutcome r = play_own(cards, test::combat("scorpion", "", "scorpion\n", "", "inplay:scorpion\n", "life:19\npoisoncount:1\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, test::combat("bear", "", "bear\n", "", "inplay:bear\n", "life:18\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// islandhome (Dandan): it attacks only while the defending player controls an Island, and is
// sacrificed when its controller controls none.
TEST(WagicPlayerKeywords, IslandHomeNeedsIslandsOnBothSides) {
  const std::string cards = creature("Dandan", "{U}{U}", 4, 1, "islandhome") + card("Isle", "", "Land", "subtype=Island\n") +
                            card("Reef", "", "Land", "subtype=Island\n") +
                            card("Field", "", "Land", "subtype=Plains\n");
  TestOutcome r = play_own(cards, test::combat("dandan,isle", "reef", "dandan\n", "", "inplay:dandan,isle\n", "inplay:reef\nlife:16\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  // No Island on the defender's side: the click declares nothing, combat ends without damage.
  r = play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:dandan,isle\n[PLAYER2]\ninplay:field\n[DO]\nnext\nnext\ndandan\nnext\n"
                      "[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:dandan,isle\n[PLAYER2]\ninplay:field\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, main_phase("inplay:dandan,field\n", "inplay:reef\n", "", "inplay:field\ngraveyard:dandan\n", "inplay:reef\n"));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// tokenizer (Parallel Lives): each instance doubles the tokens its controller gets; the banner
// gains 1 life per token that enters.
TEST(WagicPlayerKeywords, TokenizerDoublesTokensPerInstance) {
  const std::string cards = card("Lives", "{3}{G}", "Enchantment", "abilities=tokenizer\n") +
                            card("Howl", "{0}", "Sorcery", "auto=token(Wolf,creature wolf,2/2,green)\n") +
                            card("Banner", "{0}", "Enchantment", "auto=@movedto(creature[token]|mybattlefield):life:1\n");
  struct Case {
    const char* lives;
    int life;
  };
  for (const Case& c : {Case{"", 21}, Case{"lives,", 22}, Case{"lives,lives,", 24}}) {
    const std::string in = std::string(c.lives) + "banner";
    std::string wolves;
    for (int i = 20; i < c.life; ++i) wolves += ",*";
    const TestOutcome r = play_own(cards, main_phase("hand:howl\ninplay:" + in + "\n", "", "howl\n",
                                                     "graveyard:howl\ninplay:" + in + wolves + "\nlife:" + std::to_string(c.life) + "\n", ""));
    EXPECT_EQ(r.status, TestOutcome::kPass) << c.lives << trace_of(r);
  }
}

// auraward: the aura stays on a creature that gains protection from its colour; an aura without
// it falls off (CR 704.5m).
TEST(WagicPlayerKeywords, AuraWardKeepsTheAuraOnAProtectedCreature) {
  const std::string cards = creature("Bear", "{1}{G}", 2, 2) + card("Halo", "{B}", "Enchantment", "subtype=Aura\ntarget=creature\nabilities=auraward\n") +
                            card("Gloom", "{B}", "Enchantment", "subtype=Aura\ntarget=creature\n") +
                            card("Cloak", "{0}", "Instant", "target=creature\nauto=protection from black\n");
  TestOutcome r = play_own(cards, main_phase("manapool:{B}\ninplay:bear\nhand:halo,cloak\n", "", "halo\nbear\ncloak\nbear\n",
                                             "inplay:bear,halo\ngraveyard:cloak\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
  r = play_own(cards, main_phase("manapool:{B}\ninplay:bear\nhand:gloom,cloak\n", "", "gloom\nbear\ncloak\nbear\n",
                                 "inplay:bear\ngraveyard:gloom,cloak\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

// librarydeath (Gravebane Zombie): dies into its owner's library; shufflelibrarydeath (Darksteel
// Colossus): the same, from anywhere (a discard too); put on top, not shuffled in yet.
TEST(WagicPlayerKeywords, LibraryDeathPutsTheCardIntoTheLibrary) {
  const std::string cards = creature("Zombie", "{3}{B}", 3, 2, "librarydeath") + creature("Colossus", "{11}", 3, 2, "shufflelibrarydeath") +
                            creature("Bear", "{1}{G}", 2, 2) + card("Shock", "{0}", "Instant", "target=creature\nauto=damage:2\n") +
                            card("Purge", "{0}", "Sorcery", "target=*|myhand\nauto=reject\n");
  for (const char* c : {"zombie", "colossus", "bear"}) {
    const std::string who = c;
    const TestOutcome r = play_own(cards, main_phase("hand:shock\ninplay:" + who + "\n", "", "shock\n" + who + "\n",
                                                     (who == "bear" ? "graveyard:shock,bear\n" : "graveyard:shock\nlibrary:" + who + "\n"), ""));
    EXPECT_EQ(r.status, TestOutcome::kPass) << c << trace_of(r);
  }
  const TestOutcome r = play_own(cards, main_phase("hand:purge,colossus\n", "", "purge\ncolossus\n", "graveyard:purge\nlibrary:colossus\n", ""));
  EXPECT_EQ(r.status, TestOutcome::kPass) << trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
