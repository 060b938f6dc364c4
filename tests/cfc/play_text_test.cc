// `rulekit cfc play`'s text for a person: narration of every move (narration.h) and the grouped,
// paged menus, card text and reasons of menu.h, checked over random games of corpus decks.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "agents/random_agent.h"
#include "games/cfc/runners/menu.h"
#include "games/cfc/runners/narration.h"
#include "support.h"

namespace rk::cfc {
namespace {

struct Corpus {
  CardPool pool;
  Deck a, b;
  CardTexts texts;
};

const Corpus& corpus() {
  static const Corpus c = [] {
    Corpus out;
    std::string error;
    std::vector<std::string> problems;
    const std::string dir = test::shared_dir() + "/corpora/cfc";
    load_pool(dir, out.pool, error, problems);
    load_deck(dir + "/o8g/Decks/Aso.o8d", out.pool, out.a, problems);
    load_deck(dir + "/o8g/Decks/Cap.o8d", out.pool, out.b, problems);
    out.texts = load_card_texts(dir);
    return out;
  }();
  return c;
}

bool has_line(const std::vector<std::string>& lines, const std::string& text) {
  for (const std::string& l : lines) {
    if (l.find(text) != std::string::npos) return true;
  }
  return false;
}

// Every HP change is told with its numbers, every character that leaves the ring for the discard
// pile is named, and every turn has narration.
TEST(CfcPlayText, EveryMoveIsToldFromTheStateDifference) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  const Corpus& c = corpus();
  size_t hp_changes = 0, kos = 0, turns = 0;
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    Game g(c.pool, c.a, c.b, seed);
    ScriptStats stats;
    g.set_stats(&stats);
    agents::RandomAgent<Game> bot(seed);
    size_t told_this_turn = 0;
    while (!g.terminal()) {
      const std::vector<Action> legal = g.legal_actions();
      const size_t pick = bot.choose(g, legal);
      const GameSnapshot before = snapshot(g, stats);
      std::vector<EntityId> ring_before;
      for (int p = 0; p < 2; ++p) {
        for (EntityId e : g.player(p).ring) if (e != kNoEntity) ring_before.push_back(e);
      }
      g.apply_index(pick);
      const std::vector<std::string> lines = narrate(before, g, stats, 0);
      EXPECT_FALSE(lines.empty()) << "move `" << g.log().size() << "` of seed " << seed << " is not narrated";
      told_this_turn += lines.size();
      for (int p = 0; p < 2; ++p) {
        const int32_t was = before.hp[static_cast<size_t>(p)], now = g.player(p).hp;
        if (was == now) continue;
        ++hp_changes;
        EXPECT_TRUE(has_line(lines, fmt::format("player {} {} {} HP: {} -> {}", p + 1, now < was ? "loses" : "gains", std::abs(now - was), was, now)));
      }
      for (EntityId e : ring_before) {
        if (!g.player(g.card(e).owner).discards.contains(e)) continue;
        ++kos;
        EXPECT_TRUE(has_line(lines, g.def(e).name + " (slot")) << "no line for " << g.def(e).name;
      }
      if (g.turn() != before.turn) {
        EXPECT_GT(told_this_turn, 0u) << "turn " << before.turn << " of seed " << seed << " was not narrated";
        ++turns;
        told_this_turn = 0;
      }
    }
  }
  EXPECT_GT(hp_changes, 10u);
  EXPECT_GT(kos, 10u);
  EXPECT_GT(turns, 100u);
}

// Driving the menus with "1" (or "n" on a paged menu) always ends on a legal action, and no block
// of options printed at once is longer than a page.
TEST(CfcPlayText, MenusAreGroupedAndPaged) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  const Corpus& c = corpus();
  size_t flat_max = 0, decisions = 0;
  const std::regex option(R"(^\s*\d+\) )");
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    Game g(c.pool, c.a, c.b, seed);
    agents::RandomAgent<Game> bot(seed);
    while (!g.terminal()) {
      const std::vector<Action> legal = g.legal_actions();
      flat_max = std::max(flat_max, legal.size());
      std::istringstream in("n\n1\n1\n1\n1\n1\n1\n");
      std::ostringstream out;
      const size_t pick = ask_action(g, g.current_player(), legal, c.texts, in, out);
      ASSERT_LT(pick, legal.size());
      std::istringstream shown(out.str());
      size_t block = 0;
      for (std::string line; std::getline(shown, line);) {
        block = std::regex_search(line, option) ? block + 1 : 0;
        ASSERT_LE(block, kMenuPage) << out.str();
      }
      ++decisions;
      g.apply_index(bot.choose(g, legal));
    }
  }
  EXPECT_GT(flat_max, kMenuPage);  // the flat lists these games offer would not fit a page
  EXPECT_GT(decisions, 100u);
}

// Card text comes from set.xml; a hand card too expensive to play says so.
TEST(CfcPlayText, CardTextLegendAndReasons) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  const Corpus& c = corpus();
  const CardDef* king = nullptr;
  for (const CardDef& d : c.pool.cards) if (d.name == "King" && d.type == CardType::kCharacter) king = &d;
  ASSERT_NE(king, nullptr);
  const std::string help = card_help(*king, c.texts);
  EXPECT_NE(help.find("DEALER"), std::string::npos) << help;
  EXPECT_NE(help.find("text: Discard your hand."), std::string::npos) << help;
  for (const char* sym : {"▲", "■", "●"}) EXPECT_NE(legend().find(sym), std::string::npos);
  size_t too_dear = 0;
  for (uint64_t seed = 1; seed <= 10 && too_dear == 0; ++seed) {
    Game g(c.pool, c.a, c.b, seed);
    agents::RandomAgent<Game> bot(seed);
    while (!g.terminal() && too_dear == 0) {
      const std::vector<Action> legal = g.legal_actions();
      const int p = g.current_player();
      if (g.phase() == Phase::kMain && g.pending().player < 0) {
        const std::vector<std::string> why = unplayable_reasons(g, p, legal);
        for (size_t i = 0; i < why.size(); ++i) {
          const EntityId e = g.player(p).hand[i];
          if (g.def(e).type == CardType::kReaction || g.play_sp(p, e) >= 0 || g.player(p).sp >= -g.play_sp(p, e)) continue;
          EXPECT_NE(why[i].find(fmt::format("costs {} SP and you have {}", -g.play_sp(p, e), g.player(p).sp)), std::string::npos) << why[i];
          ++too_dear;
        }
      }
      g.apply_index(bot.choose(g, legal));
    }
  }
  EXPECT_GT(too_dear, 0u);
}

// Over random games: a new turn's header says a card is drawn exactly when the new active player
// drew one (skip(draw) and an empty deck draw nothing); a move that plays an action or reaction
// card narrates that card as played and no other (a card discarded to pay for it is discarded,
// not played); the counter-attack phase says the defender decides in it.
TEST(CfcPlayText, DrawsPlaysAndTheDefendersPhaseAreToldAsTheyHappen) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  const Corpus& c = corpus();
  size_t headers = 0, plays = 0, counters = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    Game g(c.pool, c.a, c.b, seed);
    ScriptStats stats;
    g.set_stats(&stats);
    agents::RandomAgent<Game> bot(seed);
    while (!g.terminal()) {
      const std::vector<Action> legal = g.legal_actions();
      const size_t pick = bot.choose(g, legal);
      const Action& a = legal[pick];
      const int mover = g.current_player();
      const bool plays_card = a.kind == Action::Kind::kPlayAction || a.kind == Action::Kind::kPlayReaction;
      const std::string played = plays_card ? g.def(g.player(mover).hand[static_cast<size_t>(a.hand)]).name : "";
      const std::string label = g.label(a);
      const GameSnapshot before = snapshot(g, stats, &a);
      const size_t hand_before = g.player(1 - g.active()).hand.size(), deck_before = g.player(1 - g.active()).deck.size();
      g.apply_index(pick);
      const std::vector<std::string> lines = narrate(before, g, stats, 0);
      size_t plays_this_move = 0;
      for (const std::string& l : lines) {
        if (l.rfind("== turn ", 0) == 0 && g.active() != before.active) {
          ++headers;
          const bool drew = g.player(g.active()).deck.size() < deck_before && g.player(g.active()).hand.size() > hand_before;
          EXPECT_EQ(l.find("a card is drawn") != std::string::npos, drew) << l << " (seed " << seed << ")";
        }
        const size_t at = l.find(" plays ");
        if (at != std::string::npos && l.find("(it goes to the discard pile)") != std::string::npos) {
          // A play, or the answer to a question its script asked (the card reaches the discard
          // pile once its script is done).
          EXPECT_TRUE(plays_card || a.kind == Action::Kind::kChoose) << l << " (the move: " << label << ")";
          if (plays_card) {
            EXPECT_NE(l.find(" plays " + played + " ("), std::string::npos) << l << " (the move played " << played << ")";
          }
          ++plays;
          ++plays_this_move;
        }
        if (l.find("counter-attack phase") != std::string::npos) {
          EXPECT_NE(l.find(fmt::format("(player {}", 2 - g.active())), std::string::npos) << l;
          EXPECT_NE(l.find("decides"), std::string::npos) << l;
          ++counters;
        }
      }
      EXPECT_LE(plays_this_move, 1u) << "one card is played a move (seed " << seed << ")";
    }
  }
  EXPECT_GT(headers, 50u);
  EXPECT_GT(plays, 10u);
  EXPECT_GT(counters, 10u);
  EXPECT_NE(legend().find("stays fresh through the enemy's turn"), std::string::npos) << legend();
}

}  // namespace
}  // namespace rk::cfc
