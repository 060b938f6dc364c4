// The hidden-information test of the views (issue 30 item 2), one differential check over the
// three card games: random bots play many games; at many decision points of each, for every seat
// and a spectator, what that observer cannot see is re-dealt (the game's determinize) and the JSON
// view the observer receives must stay byte for byte the same. The control: re-dealing for a
// spectator re-deals what a seat does see (its own hand, its duke), so that seat's view must change
// at some of the points, or the check above could not fail.
//
// Games per game: RK_VIEW_GAMES (200 in the optimised build, fewer under the sanitizers), or the
// environment's RULEKIT_VIEW_GAMES.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <functional>
#include <string>

#include "games/cfc/runners/view.h"
#include "games/mtg/runners/view.h"
#include "games/vck/runners/view.h"
#include "kernel/game.h"
#include "kernel/rng.h"
#include "kernel/view.h"
#include "mtg/match_support.h"
#include "support.h"

#ifndef RK_VIEW_GAMES
#define RK_VIEW_GAMES 200
#endif

namespace rk {
namespace {

using nlohmann::json;

int game_count() {
  const char* env = std::getenv("RULEKIT_VIEW_GAMES");
  const int n = env ? std::atoi(env) : 0;
  return n > 0 ? n : RK_VIEW_GAMES;
}

struct Tally {
  size_t points = 0, views = 0;
  size_t changed = 0;  // control: a seat's view after a spectator's re-deal differed
  size_t control = 0;  // control views looked at
  size_t finished = 0;
  size_t options = 0;  // options compared
};

// Every card id a view shows, with the card.
void each_card(const json& cards, const std::function<void(const json&)>& f) {
  for (const json& c : cards) {
    f(c);
    if (c.contains("backups")) each_card(c["backups"], f);
  }
}
void each_visible(const json& view, const std::function<void(const json&)>& f) {
  for (const json& p : view["players"]) {
    for (const json& z : p["zones"]) {
      if (z.contains("cards")) each_card(z["cards"], f);
    }
  }
  for (const json& z : view["zones"]) {
    if (z.contains("cards")) each_card(z["cards"], f);
  }
}

// The checks at one decision point of `g`.
template <class G, class Views>
void check_point(const G& g, const Views& v, uint64_t seed, size_t step, kernel::Rng& rng, Tally& t) {
  ++t.points;
  const int n = g.num_players();
  for (int o = kernel::kSpectator; o < n; ++o) {
    const json seen = v.view(g, o);
    const std::string before = seen.dump();
    G copy = g.copy_for_search();
    copy.determinize(o, rng);
    const std::string after = v.view(copy, o).dump();
    ++t.views;
    ASSERT_EQ(before, after) << "game " << seed << ", decision " << step << ": observer " << o
                             << " sees a difference when what it cannot see is re-dealt";
    // Every card it is shown it may ask about (hover), and the view reads as text.
    each_visible(seen, [&](const json& c) {
      if (!c.contains("id")) return;
      EXPECT_FALSE(v.text(g, c["id"].template get<std::string>(), o).is_null()) << c.dump() << " for observer " << o;
    });
    EXPECT_NE(kernel::view_text(seen).find(o == kernel::kSpectator ? "you watch" : "(you)"), std::string::npos);
    if (o == kernel::kSpectator) continue;
    // The control: a spectator's re-deal changes what this seat sees, at some points.
    G all = g.copy_for_search();
    all.determinize(kernel::kSpectator, rng);
    ++t.control;
    if (v.view(all, o).dump() != before) ++t.changed;
  }
  // The options, as the deciding seat receives them: a label in words and a group each; a card
  // an option is about is one that seat may look at (an id is not to follow a card where the
  // view hides it, such as another's face-down creature), and re-dealing what the seat cannot see
  // changes none of them.
  const auto legal = g.legal_actions();
  const int mover = g.current_player();
  G redealt = g.copy_for_search();
  redealt.determinize(mover, rng);
  const size_t shown = std::min<size_t>(legal.size(), 6);  // option_view lists the options again: a few
  std::set<std::string> cards, cards_again;  // the ids the options name, when their order may differ (ViewsOf)
  for (size_t i = 0; i < (v.labels_hide_hands ? shown : legal.size()); ++i) {
    const json opt = v.option(g, i);
    ASSERT_TRUE(opt.is_object());
    ASSERT_TRUE(opt["label"].is_string());
    EXPECT_FALSE(opt["label"].template get<std::string>().empty()) << opt.dump();
    EXPECT_TRUE(opt.contains("group"));
    if (opt.contains("card")) {
      EXPECT_FALSE(v.text(g, opt["card"].template get<std::string>(), mover).is_null())
          << "game " << seed << ", decision " << step << ": option " << opt.dump() << " names a card p" << mover + 1 << " may not see";
    }
    ++t.options;
    if (!v.labels_hide_hands) {
      if (opt.contains("card")) cards.insert(opt["card"].template get<std::string>());
      continue;
    }
    EXPECT_EQ(opt.dump(), v.option(redealt, i).dump())
        << "game " << seed << ", decision " << step << ": option " << i << " changes when what p" << mover + 1 << " cannot see is re-dealt";
  }
  if (!v.labels_hide_hands) {
    for (size_t i = 0; i < redealt.legal_actions().size(); ++i) {
      const json again = v.option(redealt, i);
      if (again.contains("card")) cards_again.insert(again["card"].template get<std::string>());
    }
    EXPECT_EQ(cards, cards_again) << "game " << seed << ", decision " << step << ": the cards p" << mover + 1
                                  << "'s options are about change when what it cannot see is re-dealt";
  }
  EXPECT_TRUE(v.option(g, legal.size()).is_null());
}

// Random games from `make(seed)`, checked at about one decision in `every` (and the first).
template <class G, class Make, class Views>
Tally run(Make make, const Views& v, int games, size_t max_steps, uint32_t every) {
  Tally t;
  for (int k = 0; k < games; ++k) {
    const auto seed = static_cast<uint64_t>(k) + 1;
    G g = make(seed);
    kernel::Rng rng(kernel::hash_mix(seed, 0x71e3));
    size_t step = 0;
    for (; step < max_steps && !g.terminal(); ++step) {
      if (g.current_player() == kernel::kChancePlayer) {
        if (!kernel::apply_chance(g)) break;
        continue;
      }
      const auto legal = g.legal_actions();
      if (legal.empty()) break;
      if (step == 0 || rng.below(every) == 0) {
        check_point(g, v, seed, step, rng, t);
        if (::testing::Test::HasFatalFailure()) return t;
      }
      if (!g.apply_index(rng.below(static_cast<uint32_t>(legal.size())))) {
        ADD_FAILURE() << "game " << seed << ": a legal option was refused";
        return t;
      }
    }
    t.finished += g.terminal() ? 1 : 0;
  }
  return t;
}

void report(const char* game, int games, const Tally& t) {
  std::printf("%s: %d games (%zu finished), %zu decision points, %zu views and %zu options compared, control changed %zu of %zu\n",
              game, games, t.finished, t.points, t.views, t.options, t.changed, t.control);
  EXPECT_GT(t.points, static_cast<size_t>(games));
  // The control must be able to fail: a seat's own hidden cards re-dealt show in its view.
  EXPECT_GT(t.changed, t.control / 10) << game << ": re-dealing what a seat sees hardly ever changed its view";
}

template <class G>
struct ViewsOf {
  // Whether the options (their number, order and words) never depend on what the deciding seat
  // cannot see. Not so in Card Fighters' Clash: a card that reads "look at enemy's hand, select a
  // card from it" (Stifler, Cammy's SPY) is offered with its choice made, one option per enemy
  // hand card, before it is played (the engine's actions carry their targets), so the options
  // name the enemy's hand. There the set of card ids the options are about is compared instead.
  bool labels_hide_hands = true;
  json view(const G& g, int o) const { return observer_view(g, o); }
  json option(const G& g, size_t i) const { return option_view(g, i); }
  json text(const G& g, const std::string& id, int o) const { return card_text(g, id, o); }
};

TEST(Views, CardFightersClashHidesDecksAndTheOtherHand) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  static const cfc::CardPool pool = [] {
    cfc::CardPool p;
    std::string error;
    std::vector<std::string> problems;
    cfc::load_pool(test::shared_dir() + "/corpora/cfc", p, error, problems);
    return p;
  }();
  static const std::vector<cfc::Deck> decks = [] {
    std::vector<cfc::Deck> out;
    for (const char* name : {"Aso.o8d", "Cap.o8d", "Comet.o8d"}) {
      cfc::Deck d;
      std::vector<std::string> problems;
      cfc::load_deck(test::shared_dir() + "/corpora/cfc/o8g/Decks/" + name, pool, d, problems);
      out.push_back(d);
    }
    return out;
  }();
  for (const cfc::Deck& d : decks) ASSERT_EQ(d.cards.size(), 50u) << d.path;
  const int games = game_count();
  const Tally t = run<cfc::Game>([](uint64_t seed) { return cfc::Game(pool, decks[seed % 3], decks[(seed + 1) % 3], seed); },
                                 ViewsOf<cfc::Game>{false}, games, 3000, 12);
  report("cfc", games, t);
}

TEST(Views, ValeriaHidesOtherDukesAndFaceDownDomains) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  static const vck::CardDb db = [] {
    vck::CardDb d;
    std::vector<std::string> problems;
    vck::load_cards(test::shared_dir() + "/corpora/vck/tables", d, problems);
    return d;
  }();
  const int games = game_count();
  const Tally t = run<vck::Game>(
      [](uint64_t seed) {
        kernel::Chance chance(seed);
        vck::Setup s;
        std::string error;
        vck::deal(db, "base", 2 + static_cast<int>(seed % 4), chance, s, error);
        return vck::Game(db, s, seed);
      },
      ViewsOf<vck::Game>{}, games, 3000, 30);
  report("vck", games, t);
}

TEST(Views, MagicHidesLibrariesAndTheOtherHand) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/decks/ai");
  auto* w = test::mtg_world();
  ASSERT_NE(w, nullptr);
  const int games = game_count();
  const Tally t = run<mtg::MatchGame>(
      [w](uint64_t seed) { return mtg::MatchGame(*w->cat, w->decks[seed % 10], w->decks[(seed + 3) % 10], seed, 6); },
      ViewsOf<mtg::MatchGame>{}, games, 600, 16);
  report("wagic", games, t);
}

// The terminal's rendering reads only the shape: hidden zones as counts, backs as "face down",
// the observer's seat marked, card details in a fixed order, flags and counters after.
TEST(Views, TextReadsAnyGamesView) {
  const json v = {{"game", "x"}, {"observer", 1}, {"turn", 3}, {"phase", "main"}, {"active", 0},
                  {"players", json::array({{{"seat", 0}, {"name", "p1"}, {"stats", {{"life", 18}}},
                                            {"zones", json::array({kernel::zone_json("hand", 4), kernel::zone_json("stacked", 2, json::array({kernel::hidden_card(), {{"id", "a"}, {"name", "Top"}}}))})}},
                                           {{"seat", 1}, {"name", "p2"}, {"stats", {{"life", 20}}},
                                            {"zones", json::array({kernel::zone_json("battlefield", 1, json::array({{{"id", "o3"}, {"name", "Grizzly Bears"}, {"cost", "{1}{G}"}, {"pt", "2/2"}, {"tapped", true}, {"counters", {{"+1/+1", 1}}}, {"text", "not shown"}}}))})}}})},
                  {"zones", json::array()}, {"dice", json::array({3, 5})}};
  const std::string t = kernel::view_text(v);
  EXPECT_NE(t.find("== turn 3, main of p1 (you are p2) =="), std::string::npos) << t;
  EXPECT_NE(t.find("p1: life 18\n  hand (4)\n  stacked (2): Top; 1 face down\n"), std::string::npos) << t;
  EXPECT_NE(t.find("p2 (you): life 20\n  battlefield (1): Grizzly Bears [{1}{G}, 2/2] (1 +1/+1) (tapped)\n"), std::string::npos) << t;
  EXPECT_NE(t.find("dice: 3 5"), std::string::npos) << t;
  EXPECT_EQ(t.find("not shown"), std::string::npos) << t;
  EXPECT_EQ(kernel::card_line(kernel::hidden_card()), "?");
  EXPECT_EQ(kernel::seat_name(0), "p1");
  EXPECT_TRUE(kernel::sees(kernel::Seen::kOwner, 1, 1));
  EXPECT_FALSE(kernel::sees(kernel::Seen::kOwner, 1, kernel::kSpectator));
  EXPECT_FALSE(kernel::sees(kernel::Seen::kNobody, 1, 1));
}

// What a person needs of a Magic card (issue 30 item 8): cost, type line, P/T and Wagic's text=.
TEST(Views, MagicCardsCarryCostTypeAndText) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/decks/ai");
  auto* w = test::mtg_world();
  ASSERT_NE(w, nullptr);
  const mtg::CardDef* d = w->cat->by_name("hypnotic specter");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->mana_text, "{1}{B}{B}");
  EXPECT_EQ(d->type_line, "Creature \u2014 Specter");
  EXPECT_EQ(d->text, "Flying -- Whenever Hypnotic Specter deals damage to an opponent, that player discards a card at random.");
  // deck1 holds two: a deal that puts one in p1's hand shows it there with these facts, and only to p1.
  bool seen = false;
  for (uint64_t seed = 1; seed < 80 && !seen; ++seed) {
    mtg::MatchGame g(*w->cat, w->decks[0], w->decks[1], seed, 6);
    const json v = mtg::observer_view(g, 0);
    const json& hand = v["players"][0]["zones"][0];
    ASSERT_EQ(hand["name"], "hand");
    EXPECT_EQ(hand["cards"].size(), hand["count"].get<size_t>());
    EXPECT_FALSE(v["players"][1]["zones"][0].contains("cards")) << "p2's hand shown to p1";
    EXPECT_FALSE(v["players"][0]["zones"][1].contains("cards")) << "a library shown";
    for (const json& c : hand["cards"]) {
      EXPECT_TRUE(c.contains("type")) << c.dump();
      if (c["name"] != "Hypnotic Specter") continue;
      seen = true;
      EXPECT_EQ(c["cost"], "{1}{B}{B}");
      EXPECT_EQ(c["pt"], "2/2");
      EXPECT_EQ(c["text"], d->text);
      EXPECT_EQ(mtg::card_text(g, c["id"].get<std::string>(), 0)["type"], d->type_line);
      EXPECT_TRUE(mtg::card_text(g, c["id"].get<std::string>(), 1).is_null()) << "p2 asked about p1's hand card";
      EXPECT_TRUE(mtg::card_text(g, c["id"].get<std::string>(), kernel::kSpectator).is_null());
    }
  }
  EXPECT_TRUE(seen) << "no deal put a Hypnotic Specter in p1's hand";
}

// CFC cards carry the printed text, BP and SP; the other hand is a count.
TEST(Views, CardFightersCardsCarryPrintedText) {
  RK_REQUIRE_CORPUS("corpora/cfc");
  cfc::CardPool pool;
  std::string error;
  std::vector<std::string> problems;
  ASSERT_TRUE(cfc::load_pool(test::shared_dir() + "/corpora/cfc", pool, error, problems)) << error;
  const cfc::CardDef* ryu = pool.find("4f2454d7-2294-47a2-a473-a838c1f7d874");
  ASSERT_NE(ryu, nullptr);
  EXPECT_EQ(ryu->text, "Discard two cards. Deals 500 damage points to a character.");
  cfc::Deck deck;
  cfc::load_deck(test::shared_dir() + "/corpora/cfc/o8g/Decks/Cap.o8d", pool, deck, problems);
  cfc::Game g(pool, deck, deck, 3);
  for (int seat = 0; seat < 2; ++seat) {
    const json v = cfc::observer_view(g, seat);
    const json& mine = v["players"][seat]["zones"][1];
    const json& theirs = v["players"][1 - seat]["zones"][1];
    ASSERT_EQ(mine["name"], "hand");
    EXPECT_EQ(mine["cards"].size(), mine["count"].get<size_t>());
    EXPECT_FALSE(theirs.contains("cards"));
    for (const json& c : mine["cards"]) {
      EXPECT_TRUE(c.contains("sp")) << c.dump();
      if (c["type"] == "character") {
        EXPECT_TRUE(c.contains("bp")) << c.dump();
      }
      EXPECT_TRUE(cfc::card_text(g, c["id"].get<std::string>(), 1 - seat).is_null()) << "the other seat asked about a hand card";
    }
  }
}

// VCK: the tables' *_text fields reach the cards, and another seat's duke is hidden.
TEST(Views, ValeriaCardsCarryTheirTextAndDukesStayHidden) {
  RK_REQUIRE_CORPUS("corpora/vck/tables");
  vck::CardDb db;
  std::vector<std::string> problems;
  ASSERT_TRUE(vck::load_cards(test::shared_dir() + "/corpora/vck/tables", db, problems));
  const vck::CitizenCard* hydromancer = db.citizen(39);
  ASSERT_NE(hydromancer, nullptr);
  EXPECT_EQ(hydromancer->text, "On-turn, choose between 2 Magic and 1 Map. Off-turn, exchange 1 Magic for 2 Strength.");
  kernel::Chance chance(5);
  vck::Setup s;
  std::string error;
  ASSERT_TRUE(vck::deal(db, "base", 3, chance, s, error)) << error;
  vck::Game g(db, s, 5);
  for (int seat = 0; seat < 3; ++seat) {
    const json v = vck::observer_view(g, seat);
    for (int other = 0; other < 3; ++other) {
      const json& dukes = v["players"][other]["zones"][4];
      ASSERT_EQ(dukes["name"], "dukes");
      EXPECT_EQ(dukes.contains("cards"), other == seat) << "seat " << seat << " looking at seat " << other << "'s dukes";
    }
  }
  const json spectator = vck::observer_view(g, kernel::kSpectator);
  for (const json& p : spectator["players"]) EXPECT_FALSE(p["zones"][4].contains("cards"));
  // A citizen stack's top says what it costs the seat looking (a spectator hires nothing).
  size_t citizen_tops = 0;
  const json seat0 = vck::observer_view(g, 0);
  for (size_t z = 0; z < seat0["zones"].size(); ++z) {
    const json& zone = seat0["zones"][z];
    if (zone["name"].get<std::string>().rfind("citizen stack", 0) != 0 || zone["cards"].empty()) continue;
    ++citizen_tops;
    const json& top = zone["cards"].back();
    const vck::CitizenCard* c = db.citizen(std::atoi(top["id"].get<std::string>().c_str() + 1));
    ASSERT_NE(c, nullptr) << top.dump();
    EXPECT_EQ(top["your cost"], std::to_string(g.hire_cost(0, *c)) + " gold");
    EXPECT_FALSE(spectator["zones"][z]["cards"].back().contains("your cost"));
  }
  EXPECT_GT(citizen_tops, 0u);
  EXPECT_EQ(vck::card_text(g, "c39")["text"], hydromancer->text);
  EXPECT_TRUE(vck::card_text(g, "c999999").is_null());
  EXPECT_TRUE(vck::card_text(g, "q1").is_null());
}

}  // namespace
}  // namespace rk
