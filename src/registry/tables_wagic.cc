// Magic (Wagic card code) at a table: two of Wagic's prebuilt decks (decks/ai/deckN.txt, by
// number) or a player's own deck file, and a turn limit. The database is loaded once; each table
// has its own Catalog (cards compile into it the first time they are met, so two tables on two
// threads never share one), kept alive by the table's state and its copies.
#include <fmt/format.h>

#include <filesystem>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/language/database.h"
#include "games/mtg/lua/card_scripts.h"
#include "games/mtg/rules/rules_file.h"
#include "games/mtg/runners/match.h"
#include "games/mtg/runners/match_game.h"
#include "games/mtg/runners/narration.h"
#include "games/mtg/runners/view.h"
#include "registry/table_kinds.h"
#include "server/tables/erased_game.h"

namespace rk::registry {
namespace {
using nlohmann::json;
using server::tables::TableGame;

struct Cards {
  mtg::Database db;
  const mtg::Rules* rules = nullptr;
  mtg::CardScripts scripts;
  std::shared_ptr<const mtg::CatalogIndex> index;  // one between every table's catalog
  std::string error;
  std::string decks_dir;
  size_t decks = 0;  // deck1.txt .. deckN.txt
};

const Cards& cards() {
  static const Cards c = [] {
    Cards out;
    const std::string sets = corpora_dir() + "/wagic/2016/sets";
    std::string err;
    out.db.read_trees = false;  // the engine compiles the text; no trees needed (database.h)
    if (!mtg::load(sets, out.db, err)) {
      out.error = "the Wagic card database cannot be loaded: " + err;
      return out;
    }
    out.rules = mtg::rules_beside(sets, "classic.txt");
    out.index = std::make_shared<const mtg::CatalogIndex>(out.db);
    std::vector<std::string> script_errors;
    out.scripts.load(std::string(RULEKIT_SOURCE_DIR) + "/cards/wagic-lua", script_errors);
    out.decks_dir = corpora_dir() + "/wagic/2016/decks/ai";
    out.decks = mtg::deck_files(out.decks_dir).size();
    return out;
  }();
  return c;
}

// A table's catalog with what it compiles from: the state and every copy of it refer to it.
struct Definition {
  mtg::Catalog cat{cards().db, cards().index ? cards().index : std::make_shared<const mtg::CatalogIndex>(cards().db)};
  Definition() {
    cat.game_rules = cards().rules;
    cat.scripts = &cards().scripts;
  }
};

std::string prompt(const mtg::MatchGame& g) { return mtg::prompt_text(g.choice().prompt); }
json card_text(const mtg::MatchGame& g, std::string_view id, int observer) { return mtg::card_text(g, id, observer); }

// A move told as `rulekit wagic play` tells it (games/mtg/runners/narration.h), to each
// observer: a draw is named to its owner only.
bool apply_told(mtg::MatchGame& g, size_t option, server::tables::Told& told) {
  const mtg::MatchGame before = g.copy_for_search();
  if (!g.apply_index(option)) return false;
  told = server::tables::tell_each(2, [&](int o) { return mtg::narrate(before, g, option, o); });
  return true;
}

// The spells the player to move could cast by tapping lands first, offered as the terminal
// offers them: "cast Grizzly Bears (taps Forest, Forest)", the mana paid for them.
std::vector<server::tables::Shortcut<mtg::MatchGame>> shortcuts(const mtg::MatchGame& g) {
  std::vector<server::tables::Shortcut<mtg::MatchGame>> out;
  for (mtg::AutoCast& c : mtg::auto_casts(g)) {
    json view = {{"label", c.label}, {"group", "cast, mana paid"}, {"card", fmt::format("o{}", c.card)}, {"auto", true}};
    out.push_back({std::move(view), std::move(c.steps)});
  }
  return out;
}

// A step where the player to move can only pass (or tap mana for nothing): passed for a person,
// as `wagic play` passes it, so that a turn stops only where they can act.
std::optional<size_t> forced_option(const mtg::MatchGame& g) {
  if (mtg::worth_stopping(g)) return std::nullopt;
  const auto moves = g.legal_actions();
  if (moves.empty() || moves.back().kind != mtg::Move::kNext) return std::nullopt;
  return moves.size() - 1;  // the pass is listed last
}

// The game's own view (games/mtg/runners/view.h): hands and libraries only as their owner may see them.
const server::tables::GameHooks<mtg::MatchGame> kHooks{&mtg::observer_view, &mtg::option_view, &card_text, &prompt,
                                                       &mtg::bot_spec, &apply_told, &shortcuts, &forced_option};

json describe() {
  const Cards& c = cards();
  return {{"name", "wagic"},
          {"title", "Magic (Wagic)"},
          {"bot", "rollout"},  // the bot the lobby seats by default (docs/mtg/MATCH.md)
          {"players", {2}},
          {"options",
           {{"decks", {{"what", "two decks: a prebuilt deck's number (decks/ai/deckN.txt), or {\"name\", \"text\"} with a deck file's text"},
                       {"choices", {{"from", 1}, {"to", c.decks}}},
                       {"default", {1, 2}}}},
            {"turns", {{"what", "the turn limit (a draw when it is reached)"}, {"from", 1}, {"to", 200}, {"default", 60}}}}},
          {"available", c.error.empty()}};
}

// Reads one deck and checks that the database has every card; false with the diagnostics.
bool load(const json& v, size_t seat, mtg::Catalog& cat, mtg::Deck& out, std::string& error) {
  const Cards& c = cards();
  std::string err;
  std::vector<std::string> messages;
  std::string shown;  // the deck as messages name it
  bool ok = false;
  OwnDeck own;
  if (v.is_number_integer()) {
    const int64_t n = v.get<int64_t>();
    if (n < 1 || static_cast<size_t>(n) > c.decks) {
      error = fmt::format("options.decks[{}]: there is no prebuilt deck {} (they are numbered 1 to {})", seat, n, c.decks);
      return false;
    }
    shown = fmt::format("deck{}.txt", n);
    ok = mtg::read_deck(fmt::format("{}/deck{}.txt", c.decks_dir, n), out, err);
  } else if (own_deck(v, own)) {
    shown = own.name;
    ok = with_deck_file(own, ".txt", messages, [&](const std::string& path) {
      const bool r = mtg::read_deck(path, out, err);
      messages.push_back(err);
      return r;
    });
    err = messages.back();
  } else {
    error = fmt::format("options.decks[{}] must be a prebuilt deck's number or {{\"name\", \"text\"}} with a deck file's text", seat);
    return false;
  }
  if (!ok) {
    error = fmt::format("options.decks[{}]: {}:1:1: error[WG0400]: {}", seat, shown, err);
    return false;
  }
  std::string unknown;
  for (int64_t id : out.ids) {
    if (!cat.by_id(id)) unknown += fmt::format("\n{}: error[WG0402]: no card with multiverse id {} in the database", shown, id);
  }
  for (const auto& [name, copies] : out.named) {
    if (!cat.by_name(name)) unknown += fmt::format("\n{}: error[WG0402]: no card named \"{}\" in the database", shown, name);
  }
  if (!unknown.empty()) {
    error = fmt::format("options.decks[{}] is not a deck this game can use:{}", seat, unknown);
    return false;
  }
  return true;
}

bool check_options(const json& options, int seats, json& normalized, std::string& error) {
  if (!cards().error.empty()) {
    error = "Magic is not available on this server: " + cards().error;
    return false;
  }
  if (seats != 2) {
    error = fmt::format("Magic is played by 2 here, not {}: \"seats\" must name two", seats);
    return false;
  }
  const json decks = options.contains("decks") ? options["decks"] : json{1, 2};
  if (!decks.is_array() || decks.size() != 2) {
    error = "options.decks must list two decks, one per seat";
    return false;
  }
  const json turns = options.contains("turns") ? options["turns"] : json(60);
  if (!turns.is_number_integer() || turns.get<int64_t>() < 1 || turns.get<int64_t>() > 200) {
    error = fmt::format("options.turns must be a whole number from 1 to 200, not {}", turns.dump());
    return false;
  }
  Definition def;
  for (size_t s = 0; s < 2; ++s) {
    mtg::Deck d;
    if (!load(decks[s], s, def.cat, d, error)) return false;
  }
  normalized = {{"decks", decks}, {"turns", turns}};
  return true;
}

std::unique_ptr<TableGame> make(const json& normalized, uint64_t seed, std::string& error) {
  if (!cards().error.empty()) {
    error = cards().error;
    return nullptr;
  }
  auto def = std::make_shared<Definition>();
  mtg::Deck decks[2];
  for (size_t s = 0; s < 2; ++s) {
    if (!load(normalized["decks"][s], s, def->cat, decks[s], error)) return nullptr;
  }
  mtg::MatchGame g(def->cat, decks[0], decks[1], seed, normalized["turns"].get<int>());
  return std::make_unique<server::tables::ErasedGame<mtg::MatchGame>>(std::move(g), kHooks, def);
}

}  // namespace

const server::tables::TableKind kWagicTable{"wagic", "mtg", "Magic (Wagic)", &describe, &check_options, &make,
                                            /*copies_share_state=*/true};

}  // namespace rk::registry
