// The lobby presets beyond the base game: Crimson Seas (island rows, maps, the Exekratys
// offering, sailing, island scoring and end conditions), the rotating set and its alias, Random,
// Draft (the vote as simultaneous ballots), relics (the relic gate, Evermap, Violet Ring).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "games/vck/compiler/cards.h"
#include "games/vck/rules/draft.h"
#include "games/vck/rules/game.h"
#include "kernel/rng.h"
#include "support.h"
#include "vck/corpus_cards.h"

namespace rk::vck {
namespace {

Setup dealt(const std::string& preset, int players, uint64_t seed) {
  kernel::Chance chance(seed);
  vck::Setup s;
  std::string error;
  EXPECT_TRUE(deal(cards(), preset, players, chance, s, error)) << error;
  return s;
}

std::vector<std::string> labels(const Game& g) {
  std::vector<std::string> out;
  for (const Action& a : g.legal_actions()) out.push_back(g.label(a));
  return out;
}

bool offered(const Game& g, const std::string& label) {
  const auto l = labels(g);
  return std::find(l.begin(), l.end(), label) != l.end();
}

bool apply_label(Game& g, const std::string& label) {
  const auto legal = g.legal_actions();
  for (size_t i = 0; i < legal.size(); ++i) {
    if (g.label(legal[i]) == label) return g.apply_index(i);
  }
  return false;
}

// Past the duke (and relic) gates: the first roll is pending.
void choose_gates(Game& g) {
  while (g.phase() == Phase::kSetup) ASSERT_TRUE(g.apply_index(0));
}

TEST(VckModes, CrimsonSeasDealsTheIsland) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  for (int players = 2; players <= 5; ++players) {
    const vck::Setup s = dealt("crimsonseas", players, 7);
    EXPECT_TRUE(s.isle.on);
    EXPECT_EQ(s.isle.goods_slots.size(), 3u);
    EXPECT_EQ(s.isle.goods_supply.size(), 21u);  // 4 types of 6
    EXPECT_EQ(s.isle.tome_supply.size(), 18u);   // 3 types of 7
    EXPECT_EQ(s.isle.noble_slots.size() + s.isle.noble_supply.size(), 16u);
    EXPECT_EQ(s.isle.exekratys, (std::array<int32_t, 3>{2, 2, 2}));
    EXPECT_EQ(s.isle.start_map, 2);
    int sea = 0;  // every Crimson Seas domain is on a stack
    for (const auto& st : s.domains) {
      for (const CardRef& d : st) sea += cards().domain(d.id)->expansion == "crimsonseas";
    }
    EXPECT_EQ(sea, 10);
    EXPECT_EQ(s.starters, (std::vector<int>{1, 2, 5})) << "Coxswain, the Crimson Seas starter";
    for (size_t k = 0; k < 5; ++k) {  // a sixth entry names the Undead Samurai reserve (no stack)
      const std::string& area = s.monster_areas[k];
      EXPECT_NE(std::find_if(cards().monsters.begin(), cards().monsters.end(), [&](const MonsterCard& m) { return m.area == area && m.expansion == "crimsonseas"; }),
                cards().monsters.end());
    }
  }
}

TEST(VckModes, MapsAndTheExekratysOffering) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game h(cards(), dealt("crimsonseas", 2, 3), 3);
  EXPECT_EQ(h.players()[0].map, 2);
  h.chance().feed({{5, 1, 6}, {0, 1, 6}}, false);  // the first roll: 6 and 1 (sum 7): one 6 owed
  choose_gates(h);
  ASSERT_EQ(h.phase(), Phase::kRollPending);
  ASSERT_TRUE(apply_label(h, "finalize_roll keep"));
  const int roller = h.active();
  h.player(roller).s = 0;
  // The owed placement comes before the harvest, one resource the roller has.
  ASSERT_TRUE(offered(h, "act exekratys_offering gold"));
  ASSERT_TRUE(apply_label(h, "act exekratys_offering gold"));
  EXPECT_EQ(h.isle().exekratys, (std::array<int32_t, 3>{3, 2, 2}));
  EXPECT_FALSE(offered(h, "act exekratys_offering gold")) << "one 6, one placement";
}

TEST(VckModes, TakeAMapOnlyInCrimsonSeas) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  for (const char* preset : {"crimsonseas", "base"}) {
    Game g(cards(), dealt(preset, 3, 11), 11);
    choose_gates(g);
    for (size_t n = 0; n < 200 && g.phase() != Phase::kAction; ++n) ASSERT_TRUE(g.apply_index(0));
    ASSERT_EQ(g.phase(), Phase::kAction);
    if (!g.prompts().empty()) continue;
    const bool crimson = std::string(preset) == "crimsonseas";
    EXPECT_EQ(offered(g, "take_resource map"), crimson) << preset;
    if (!crimson) continue;
    const int seat = g.active(), maps = g.players()[static_cast<size_t>(seat)].map;
    ASSERT_TRUE(apply_label(g, "take_resource map"));
    EXPECT_EQ(g.players()[static_cast<size_t>(seat)].map, maps + 1);
  }
}

TEST(VckModes, SailingBuysPacksAndScores) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  vck::Setup s = dealt("crimsonseas", 2, 5);
  s.isle.goods_slots = {"jewels", "spices", "jewels"};
  s.isle.goods_supply = {"fabrics", "artifacts"};
  Game g(cards(), s, 5);
  choose_gates(g);
  for (size_t n = 0; n < 200 && (g.phase() != Phase::kAction || !g.prompts().empty()); ++n) ASSERT_TRUE(g.apply_index(0));
  ASSERT_EQ(g.phase(), Phase::kAction);
  const int seat = g.active();
  g.player(seat).g = 20, g.player(seat).m = 0, g.player(seat).s = 8;
  // Slots 0 and 2 (6 + 2 gold), 1 map; the unbought spices pack to the bottom, the top redraws.
  ASSERT_TRUE(offered(g, "sail goods 0,2 g=8 m=0"));
  EXPECT_FALSE(offered(g, "sail noble 0 strength")) << "a noble costs 9 of one resource";
  ASSERT_TRUE(apply_label(g, "sail goods 0,2 g=8 m=0"));
  const Player& p = g.players()[static_cast<size_t>(seat)];
  EXPECT_EQ(p.goods, (std::vector<std::string>{"jewels", "jewels"}));
  EXPECT_EQ(p.map, 1);
  EXPECT_EQ(p.g, 12);
  EXPECT_EQ(g.isle().goods_slots, (std::vector<std::string>{"artifacts", "fabrics", "spices"}));
  EXPECT_EQ(g.island_vp(seat), 4) << "two of one goods type score 4";
  // Exekratys: all of one resource for 1 map.
  ASSERT_TRUE(offered(g, "sail exekratys strength"));
  const int pool = g.isle().exekratys[1];
  ASSERT_TRUE(apply_label(g, "sail exekratys strength"));
  EXPECT_EQ(g.players()[static_cast<size_t>(seat)].s, 8 + pool);
  EXPECT_EQ(g.players()[static_cast<size_t>(seat)].map, 0);
  EXPECT_EQ(g.isle().exekratys[1], 0);
}

TEST(VckModes, TheIslandEndsTheGameWhenARowCannotRefill) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  vck::Setup s = dealt("crimsonseas", 2, 9);
  s.isle.tome_supply.clear();
  Game g(cards(), s, 9);
  choose_gates(g);
  for (size_t n = 0; n < 200 && (g.phase() != Phase::kAction || !g.prompts().empty()); ++n) ASSERT_TRUE(g.apply_index(0));
  const int seat = g.active();
  g.player(seat).g = 20, g.player(seat).m = 0;
  ASSERT_TRUE(apply_label(g, "sail tomes 2 g=3 m=0"));
  EXPECT_EQ(std::string(g.island_end_reason() ? g.island_end_reason() : ""), "tome supply exhausted");
}

TEST(VckModes, TheRotatingSetAndItsAlias) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  const vck::Setup a = dealt("june2026", 3, 21), b = dealt("current", 3, 21);
  EXPECT_EQ(a.monster_areas, b.monster_areas);
  EXPECT_EQ(a.monster_areas, (std::vector<std::string>{"Barrens", "Forest", "Skerry", "Kaharian", "Fire Temple"}).size() == a.monster_areas.size()
                                 ? a.monster_areas : std::vector<std::string>{});
  std::vector<int> cit;
  for (const auto& st : a.citizens) cit.push_back(st.back().id);
  EXPECT_EQ(cit, (std::vector<int>{19, 2, 41, 14, 33, 34, 35, 36, 9, 48}));
  EXPECT_EQ(a.starters, (std::vector<int>{1, 2, 4})) << "Margrave";
  EXPECT_TRUE(a.agents);
  EXPECT_EQ(a.agents_slots.size(), 4u);
  ASSERT_EQ(a.relics_dealt.size(), 3u);
  for (const auto& two : a.relics_dealt) {
    EXPECT_EQ(two.size(), 2u);
    for (int r : two) EXPECT_TRUE(r != 7 && r != 9 && r != 11) << "banned relics stay out";
  }
}

TEST(VckModes, TheRelicGateFollowsTheDukeGate) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g(cards(), dealt("june2026", 2, 4), 4);
  ASSERT_TRUE(g.duke_gate());
  while (g.duke_gate()) ASSERT_TRUE(g.apply_index(0));
  ASSERT_TRUE(g.relic_gate());
  EXPECT_EQ(g.decider().kind, kernel::Decider::Kind::kSimultaneous) << "every seat keeps one at once";
  const int seat = g.current_player();
  const std::vector<int> two = g.players()[static_cast<size_t>(seat)].relics;
  ASSERT_EQ(two.size(), 2u);
  ASSERT_TRUE(apply_label(g, "concurrent choose_relic " + std::to_string(two[1])));
  EXPECT_EQ(g.players()[static_cast<size_t>(seat)].relics, std::vector<int>{two[1]});
  while (g.relic_gate()) ASSERT_TRUE(g.apply_index(0));
  EXPECT_EQ(g.phase(), Phase::kRollPending);
}

TEST(VckModes, EvermapAndVioletRingAtABuild) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  ASSERT_EQ(cards().relic(3)->name, "Evermap");
  ASSERT_EQ(cards().relic(13)->name, "Violet Ring");
  vck::Setup s = dealt("june2026", 2, 8);
  s.relics_dealt = {{3, 13}, {13, 3}};
  Game g(cards(), s, 8);
  while (g.duke_gate()) ASSERT_TRUE(g.apply_index(0));
  ASSERT_TRUE(apply_label(g, "concurrent choose_relic 3"));   // first seat: Evermap
  ASSERT_TRUE(apply_label(g, "concurrent choose_relic 13"));  // second seat: Violet Ring
  for (size_t n = 0; n < 200 && (g.phase() != Phase::kAction || !g.prompts().empty()); ++n) ASSERT_TRUE(g.apply_index(0));
  const int seat = g.active();
  const bool evermap = g.players()[static_cast<size_t>(seat)].relics[0] == 3;
  g.player(seat).g = 30;
  // A domain whose requirement the seat misses by exactly one icon is offered only with Evermap.
  for (const auto& st : g.stacks('d')) {
    const DomainCard* d = cards().domain(st.back().id);
    int need = 0;
    for (int r : d->roles) need += r;
    const std::string build = "build_domain " + std::to_string(d->id) + " g=" + std::to_string(d->cost) + " s=0 m=0";
    if (need == 1) {
      EXPECT_EQ(offered(g, build), evermap) << d->name;
    }
  }
  // A build with no requirement: Evermap gives 1 magic (its ignore not needed), Violet Ring 2 VP.
  for (const auto& st : g.stacks('d')) {
    const DomainCard* d = cards().domain(st.back().id);
    if (d->roles != std::array<int, 4>{}) continue;
    const Player before = g.players()[static_cast<size_t>(seat)];
    ASSERT_TRUE(apply_label(g, "build_domain " + std::to_string(d->id) + " g=" + std::to_string(d->cost) + " s=0 m=0"));
    const Player& after = g.players()[static_cast<size_t>(seat)];
    if (evermap) EXPECT_GE(after.m, before.m + 1);
    else EXPECT_GE(after.vp, before.vp + d->vp + 2);
    break;
  }
}

// Up to the first action phase with no prompt open, the relic gate answered with `keep` per seat.
void to_action(Game& g, const std::vector<int>& keep) {
  while (g.duke_gate()) ASSERT_TRUE(g.apply_index(0));
  while (g.relic_gate()) {
    const int seat = g.current_player();
    ASSERT_TRUE(apply_label(g, "concurrent choose_relic " + std::to_string(keep[static_cast<size_t>(seat)])));
  }
  for (size_t n = 0; n < 300 && (g.phase() != Phase::kAction || !g.prompts().empty()); ++n) ASSERT_TRUE(g.apply_index(0));
  ASSERT_EQ(g.phase(), Phase::kAction);
}

TEST(VckModes, AnAgentIsEngagedForItsCostAndGoesUnderTheDeck) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  ASSERT_EQ(cards().agent(6)->name, "Captain");  // s -10 + v 5
  vck::Setup s = dealt("june2026", 2, 12);
  s.agents_slots = {6, 1, 2, 3};
  s.agents_deck = {15, 14};
  Game g(cards(), s, 12);
  to_action(g, {s.relics_dealt[0][0], s.relics_dealt[1][0]});
  const int seat = g.active();
  g.player(seat).s = 9;
  EXPECT_FALSE(offered(g, "engage_agent 6")) << "10 strength to pay";
  g.player(seat).s = 10;
  const int vp = g.players()[static_cast<size_t>(seat)].vp, acts = g.actions_left();
  ASSERT_TRUE(apply_label(g, "engage_agent 6"));
  EXPECT_EQ(g.players()[static_cast<size_t>(seat)].s, 0);
  EXPECT_EQ(g.players()[static_cast<size_t>(seat)].vp, vp + 5);
  EXPECT_EQ(g.actions_left(), acts - 1) << "an engagement is an action";
  EXPECT_EQ(g.agent_slots(), (std::vector<int>{14, 1, 2, 3})) << "the slot takes the deck's top";
}

TEST(VckModes, ARelicIsUsedOnceATurn) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  ASSERT_EQ(cards().relic(5)->name, "Gold Bastion");   // s 1 + g 1
  ASSERT_EQ(cards().relic(12)->name, "Treant Chest");  // exchange wild 3 wild 5
  vck::Setup s = dealt("june2026", 2, 13);
  s.relics_dealt = {{5, 12}, {12, 5}};
  Game g(cards(), s, 13);
  to_action(g, {5, 12});
  const int seat = g.active();
  g.player(seat).g = 5, g.player(seat).s = 0, g.player(seat).m = 0;
  const Player before = g.players()[static_cast<size_t>(seat)];
  const std::string use = "use_relic " + std::to_string(before.relics[0]);
  ASSERT_TRUE(offered(g, use));
  ASSERT_TRUE(apply_label(g, use));
  if (before.relics[0] == 5) {
    EXPECT_EQ(g.players()[static_cast<size_t>(seat)].s, before.s + 1);
    EXPECT_EQ(g.players()[static_cast<size_t>(seat)].g, before.g + 1);
  } else {  // Treant Chest: pay 3 of one resource, then gain 5 of one
    EXPECT_FALSE(offered(g, "act relic_pay s")) << "no 3 strength to pay";
    ASSERT_TRUE(apply_label(g, "act relic_pay g"));
    ASSERT_TRUE(apply_label(g, "act relic_gain m"));
    EXPECT_EQ(g.players()[static_cast<size_t>(seat)].g, 2);
    EXPECT_EQ(g.players()[static_cast<size_t>(seat)].m, 5);
  }
  EXPECT_FALSE(offered(g, use)) << "once a turn";
}

TEST(VckModes, TheDraftVoteIsSimultaneousBallots) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  const DraftPool pool = draft_pool(cards());
  EXPECT_EQ(pool.areas.size(), 27u);
  EXPECT_EQ(pool.starters, (std::vector<int>{3, 4})) << "Crimson Seas' Coxswain is excluded";
  EXPECT_EQ(pool.citizens.size(), 10u);
  Draft d(pool, 3);
  size_t tallies = 0;
  const DraftChance first{[&](size_t n) {
                            ++tallies;
                            std::vector<size_t> perm(n);
                            for (size_t i = 0; i < n; ++i) perm[i] = i;
                            return perm;
                          },
                          [&](size_t) { return ++tallies, size_t{0}; }};
  // Agents: 2 yes, 1 no -> in; relics: 1 yes, 2 no -> out.
  for (int seat : {0, 1, 2}) {
    EXPECT_EQ(d.decider().kind, kernel::Decider::Kind::kSimultaneous);
    ASSERT_TRUE(d.vote(d.decider().next(), seat == 2 ? 1 : 0, first));
  }
  for (int seat : {0, 1, 2}) ASSERT_TRUE(d.vote(d.decider().next(), seat == 0 ? 0 : 1, first));
  // Five monster rounds: a seat cannot name an area twice.
  for (int round = 0; round < 5; ++round) {
    for (int k = 0; k < 3; ++k) {
      const int seat = d.decider().next();
      const auto opts = d.options(seat);
      EXPECT_EQ(opts.size(), 27u - static_cast<size_t>(round));
      ASSERT_TRUE(d.vote(seat, 0, first));
    }
  }
  while (!d.done()) ASSERT_TRUE(d.vote(d.decider().next(), 0, first));
  const DraftResult& r = d.result();
  EXPECT_TRUE(r.agents);
  EXPECT_FALSE(r.relics);
  EXPECT_EQ(r.monster_areas, (std::vector<std::string>{pool.areas[0], pool.areas[1], pool.areas[2], pool.areas[3], pool.areas[4]}));
  EXPECT_EQ(r.starter, 3);
  EXPECT_EQ(r.citizens.size(), 10u);
  EXPECT_EQ(tallies, 1u + 1u + 10u) << "one monster shuffle, a starter pick, a pick per roll value";
  // The deal follows the vote.
  kernel::Chance chance(1);
  vck::Setup s;
  std::string error;
  ASSERT_TRUE(deal(cards(), "draft", 3, chance, s, error, &r)) << error;
  EXPECT_TRUE(s.agents);
  EXPECT_TRUE(s.relics_dealt.empty());
  EXPECT_EQ(s.starters.back(), 3);
}

TEST(VckModes, EveryLobbyPresetPlaysToAnEndDeterministically) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  for (const char* preset : {"crimsonseas", "june2026", "current", "random", "draft"}) {
    for (int players = 2; players <= 5; ++players) {
      uint64_t hashes[2] = {0, 0};
      for (uint64_t& h : hashes) {
        for (uint64_t seed = 1; seed <= 4; ++seed) {
          Game g(cards(), dealt(preset, players, seed), seed);
          kernel::Rng pick(seed);
          for (size_t n = 0; n < 20000 && !g.terminal() && g.error().empty(); ++n) {
            const size_t count = g.legal_actions().size();
            ASSERT_GT(count, 0u) << preset << " " << players;
            ASSERT_TRUE(g.apply_index(pick.below(static_cast<uint32_t>(count))));
          }
          ASSERT_EQ(g.error(), "") << preset << " " << players;
          ASSERT_TRUE(g.terminal()) << preset << " " << players;
          h = h * 31 + g.hash();
        }
      }
      EXPECT_EQ(hashes[0], hashes[1]) << preset << " " << players;
    }
  }
}

}  // namespace
}  // namespace rk::vck

namespace rk::vck {
namespace {

// Crimson Seas tomes pay 1 of their type toward any payment (player_actions.py
// redeem_tomes_to_score): spent ones lie face down until the owner's turn ends.
TEST(VckModes, FaceUpTomesPayAndTurnFaceUpAtTheTurnsEnd) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g(cards(), dealt("crimsonseas", 2, 5), 5);
  choose_gates(g);
  for (size_t n = 0; n < 200 && (g.phase() != Phase::kAction || !g.prompts().empty()); ++n) ASSERT_TRUE(g.apply_index(0));
  ASSERT_EQ(g.phase(), Phase::kAction);
  const int seat = g.active();
  Player& p = g.player(seat);
  p.g = 1, p.s = 0, p.m = 0;
  p.tomes = {"gold", "gold", "magic", "gold", "strength", "gold", "gold", "gold", "gold", "gold"};  // 8 gold
  // Every hire is paid from the treasury's 1 gold and the gold tomes; the tome part never exceeds
  // the payment of its type, and the treasury pays the rest.
  const Action* hire = nullptr;
  const auto legal = g.legal_actions();
  for (const Action& a : legal) {
    if (a.type != Action::Type::kHire) continue;
    const int tg = a.tomes & 31, ts = a.tomes >> 5 & 31, tm = a.tomes >> 10 & 31;
    EXPECT_LE(tg, a.b) << g.label(a);
    EXPECT_LE(a.b - tg, 1) << g.label(a) << ": the treasury holds 1 gold";
    EXPECT_LE(tm, a.d) << g.label(a);
    EXPECT_LE(a.d - tm, 0) << g.label(a);
    EXPECT_EQ(ts, 0) << g.label(a);
    if (a.b >= 3 && tg == a.b - 1 && a.d == 0) hire = &a;
  }
  ASSERT_NE(hire, nullptr) << "a hire of 3 gold or more, 1 from the treasury";
  const Action chosen = *hire;
  EXPECT_NE(g.label(chosen).find(" tomes " + std::to_string(chosen.b - 1) + " 0 0"), std::string::npos) << g.label(chosen);
  ASSERT_TRUE(g.apply(chosen));
  const Player& after = g.players()[static_cast<size_t>(seat)];
  EXPECT_EQ(after.g, 0);
  EXPECT_EQ(after.tomes.size(), 10u) << "a spent tome is kept";
  EXPECT_EQ(g.face_up_tomes(seat, 0), 8 - (chosen.b - 1));
  EXPECT_EQ(g.face_up_tomes(seat, 2), 1);
  EXPECT_EQ(g.island_vp(seat), 10) << "1 VP a tome, face up or not";
  // Past this turn's end: the spent tomes are face up again.
  for (size_t n = 0; n < 400 && g.active() == seat && !g.terminal(); ++n) ASSERT_TRUE(g.apply_index(0));
  ASSERT_NE(g.active(), seat);
  EXPECT_EQ(g.face_up_tomes(seat, 0), 8);
}

TEST(VckModes, SolosHavenTurnsTheTomesThatPaidForItFaceUp) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  ASSERT_EQ(cards().domain(75)->name, "Solo's Haven");  // 6 gold, one of each role: refresh_tomes
  vck::Setup s = dealt("crimsonseas", 2, 9);
  s.domains[0].push_back({'d', 75});
  Game g(cards(), s, 9);
  choose_gates(g);
  for (size_t n = 0; n < 200 && (g.phase() != Phase::kAction || !g.prompts().empty()); ++n) ASSERT_TRUE(g.apply_index(0));
  ASSERT_EQ(g.phase(), Phase::kAction);
  const int seat = g.active();
  Player& p = g.player(seat);
  for (int r = 0; r < 4; ++r) {  // a citizen of each role
    const auto c = std::find_if(cards().citizens.begin(), cards().citizens.end(), [&](const CitizenCard& x) { return x.id && x.roles[static_cast<size_t>(r)] > 0; });
    ASSERT_NE(c, cards().citizens.end());
    p.cit.push_back(c->id), p.flip.push_back(0);
  }
  p.g = 0, p.m = 0;
  p.tomes = std::vector<std::string>(6, "gold");
  ASSERT_FALSE(offered(g, "build_domain 75 g=6 s=0 m=0")) << "no gold in the treasury";
  ASSERT_TRUE(apply_label(g, "build_domain 75 g=6 s=0 m=0 tomes 6 0 0"));
  EXPECT_EQ(g.players()[static_cast<size_t>(seat)].dom.back(), 75);
  EXPECT_EQ(g.players()[static_cast<size_t>(seat)].g, 0);
  EXPECT_EQ(g.face_up_tomes(seat, 0), 6) << "Solo's Haven flips the spent tomes face up at once";
}

}  // namespace
}  // namespace rk::vck

namespace rk::vck {
namespace {

// Thunder Axe (a relic the shipped ban list keeps out of every deal; relics.py
// relic_slay_discount): a slay may ignore 1 of the card's printed magic or 1 of its printed
// strength, never more than printed; the plain payment stays offered.
TEST(VckModes, ThunderAxeIgnoresOneOfTheCardsPrintedCost) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  ASSERT_EQ(cards().relic(11)->name, "Thunder Axe");
  vck::Setup s = dealt("june2026", 2, 21);
  s.relics_dealt = {{11, 5}, {11, 5}};
  Game g(cards(), s, 21);
  to_action(g, {11, 11});
  const int seat = g.active();
  Player& p = g.player(seat);
  p.g = 0, p.s = 30, p.m = 0;
  // A monster on top with printed strength and no magic: only the strength discount applies.
  const Action* plain = nullptr;
  const auto legal = g.legal_actions();
  for (const Action& a : legal) {
    if (a.type == Action::Type::kSlay && !a.axe && a.d == 0 && cards().monster(a.a)->magic == 0 && cards().monster(a.a)->strength > 0) plain = &a;
  }
  ASSERT_NE(plain, nullptr) << "a strength-only monster on top";
  const MonsterCard* m = cards().monster(plain->a);
  const std::string head = "slay_monster " + std::to_string(m->id) + " g=0 s=";
  EXPECT_TRUE(offered(g, head + std::to_string(plain->c) + " m=0"));
  EXPECT_TRUE(offered(g, head + std::to_string(plain->c - 1) + " m=0 thunder_axe strength"));
  EXPECT_FALSE(offered(g, head + std::to_string(plain->c) + " m=0 thunder_axe magic")) << "no printed magic to ignore";
  ASSERT_TRUE(apply_label(g, head + std::to_string(plain->c - 1) + " m=0 thunder_axe strength"));
  EXPECT_EQ(g.players()[static_cast<size_t>(seat)].s, 30 - (plain->c - 1));
  EXPECT_EQ(g.players()[static_cast<size_t>(seat)].mon.back(), (CardRef{'m', static_cast<int16_t>(m->id)}));
}

}  // namespace
}  // namespace rk::vck

namespace rk::vck {
namespace {

// Rescuing a noble of Amarynth: 9 of one resource and a map, 1 more for each noble owned.
TEST(VckModes, ANobleIsRescuedForNineOfOneResourceAndAMap) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  Game g(cards(), dealt("crimsonseas", 2, 5), 5);
  choose_gates(g);
  for (size_t n = 0; n < 200 && (g.phase() != Phase::kAction || !g.prompts().empty()); ++n) ASSERT_TRUE(g.apply_index(0));
  ASSERT_EQ(g.phase(), Phase::kAction);
  const int seat = g.active();
  g.player(seat).g = 0, g.player(seat).s = 8, g.player(seat).m = 19, g.player(seat).map = 2;
  EXPECT_FALSE(offered(g, "sail noble 0 strength")) << "8 strength";
  ASSERT_TRUE(offered(g, "sail noble 0 magic"));
  const int noble = g.isle().noble_slots[0];
  ASSERT_TRUE(apply_label(g, "sail noble 0 magic"));
  const Player& p = g.players()[static_cast<size_t>(seat)];
  EXPECT_EQ(p.nobles, std::vector<int>{noble});
  EXPECT_EQ(p.m, 10);
  EXPECT_EQ(p.map, 1);
  EXPECT_NE(g.isle().noble_slots[0], noble) << "the slot refills from the deck";
  EXPECT_EQ(g.noble_price(seat), 10) << "one more per noble owned";
}

// The moves the original's headless enumerator never lists are offered to bots like any other:
// random players choose each kind in a few games of the presets that have them.
TEST(VckModes, BotsChooseTheMovesTheOriginalNeverEnumerates) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  std::map<std::string, int> chosen;
  for (const char* preset : {"crimsonseas", "june2026"}) {
    for (uint64_t seed = 1; seed <= 40; ++seed) {
      Game g(cards(), dealt(preset, 2 + static_cast<int>(seed % 4), seed), seed);
      kernel::Rng pick(seed);
      for (size_t n = 0; n < 20000 && !g.terminal(); ++n) {
        const auto legal = g.legal_actions();
        ASSERT_FALSE(legal.empty()) << g.error();
        const Action a = legal[pick.below(static_cast<uint32_t>(legal.size()))];
        if (a.type == Action::Type::kSail) ++chosen[a.a == 0 ? "goods" : a.a == 1 ? "tomes" : a.a == 2 ? "noble" : "exekratys"];
        if (a.type == Action::Type::kAgent) ++chosen["agent"];
        if (a.type == Action::Type::kRelic) ++chosen["relic"];
        if (a.tomes) ++chosen["paid with tomes"];
        ASSERT_TRUE(g.apply(a));
      }
    }
  }
  for (const char* kind : {"goods", "tomes", "noble", "exekratys", "agent", "relic", "paid with tomes"}) {
    EXPECT_GT(chosen[kind], 0) << kind;
  }
}

}  // namespace
}  // namespace rk::vck

namespace rk::vck {
namespace {

// Ararmartin Ridge's extra build is paid like any build: its payment prompt lists every split
// with face-up gold and magic tomes (available_actions.py: build_pay g m tg 0 tm).
TEST(VckModes, ArarmartinsExtraBuildListsTheTomeSplits) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  ASSERT_EQ(cards().domain(25)->name, "Ararmartin Ridge");  // 5 gold, 2 workers: g 3 + build_domain
  vck::Setup s = dealt("crimsonseas", 2, 9);
  s.domains[0].push_back({'d', 25});
  s.domains[1].push_back({'d', 75});  // Solo's Haven: 6 gold, one of each role
  Game g(cards(), s, 9);
  choose_gates(g);
  for (size_t n = 0; n < 200 && (g.phase() != Phase::kAction || !g.prompts().empty()); ++n) ASSERT_TRUE(g.apply_index(0));
  ASSERT_EQ(g.phase(), Phase::kAction);
  const int seat = g.active();
  Player& p = g.player(seat);
  for (int r : {0, 1, 2, 3, 3}) {  // one citizen of each role and a second worker
    const auto c = std::find_if(cards().citizens.begin(), cards().citizens.end(), [&](const CitizenCard& x) { return x.id && x.roles[static_cast<size_t>(r)] > 0; });
    ASSERT_NE(c, cards().citizens.end());
    p.cit.push_back(c->id), p.flip.push_back(0);
  }
  p.g = 5, p.m = 0;
  p.tomes = {"gold", "gold", "gold", "magic"};
  ASSERT_TRUE(apply_label(g, "build_domain 25 g=5 s=0 m=0"));  // 3 gold back: 3 in the treasury
  ASSERT_FALSE(g.prompts().empty());
  const Prompt pick = g.prompts().front();
  const auto at = std::find(pick.opts.begin(), pick.opts.end(), 1);
  ASSERT_NE(at, pick.opts.end()) << "Solo's Haven's stack offered";
  ASSERT_TRUE(apply_label(g, "act build_domain_pick " + std::to_string(at - pick.opts.begin() + 1)));
  EXPECT_TRUE(offered(g, "act build_pay 6 0 3 0 0"));
  EXPECT_TRUE(offered(g, "act build_pay 5 1 2 0 1"));
  EXPECT_FALSE(offered(g, "act build_pay 6 0 2 0 0")) << "4 gold from a treasury of 3";
  EXPECT_FALSE(offered(g, "act build_pay 6 0 0 0 0"));
  ASSERT_TRUE(apply_label(g, "act build_pay 5 1 2 0 1"));
  const Player& after = g.players()[static_cast<size_t>(seat)];
  EXPECT_EQ(after.dom.back(), 75);
  EXPECT_EQ(after.g, 0);
  EXPECT_EQ(g.face_up_tomes(seat, 0), 3) << "Solo's Haven turned the spent tomes face up";
}

}  // namespace
}  // namespace rk::vck
