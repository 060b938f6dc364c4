// Card Fighters' Clash at a table: two decks (the pool's prebuilt decks by name, or a player's own
// .o8d file, checked as `rulekit check` and `cfc play --deck` check it), the card pool loaded once.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <mutex>

#include "games/cfc/compiler/deck.h"
#include "games/cfc/rules/game.h"
#include "games/cfc/runners/narration.h"
#include "games/cfc/compiler/pool.h"
#include "games/cfc/runners/view.h"
#include "registry/table_kinds.h"
#include "server/tables/erased_game.h"

namespace rk::registry {
namespace {
namespace fs = std::filesystem;
using nlohmann::json;
using server::tables::TableGame;

struct Pool {
  cfc::CardPool pool;
  std::string error;  // why it could not be loaded
  std::vector<std::string> decks;  // the prebuilt decks' names (file stems), sorted
  std::string dir;
};

const Pool& pool() {
  static const Pool p = [] {
    Pool out;
    out.dir = corpora_dir() + "/cfc";
    std::vector<std::string> problems;
    if (!cfc::load_pool(out.dir, out.pool, out.error, problems)) {
      if (out.error.empty()) out.error = "the CFC card pool cannot be loaded";
      return out;
    }
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(out.dir + "/o8g/Decks", ec)) {
      if (e.path().extension() == ".o8d") out.decks.push_back(e.path().stem().string());
    }
    std::sort(out.decks.begin(), out.decks.end());
    return out;
  }();
  return p;
}

json card_text(const cfc::Game& g, std::string_view id, int observer) { return cfc::card_text(g, id, observer); }

// The printed texts the narration quotes abilities from (as `rulekit cfc play` loads them).
const cfc::CardTexts& texts() {
  static const cfc::CardTexts t = cfc::load_card_texts(pool().dir);
  return t;
}

// A move told as `rulekit cfc play` tells it (games/cfc/runners/narration.h), to each observer: the
// other seat's drawn cards stay hidden. The scripts it runs are counted meanwhile, to name the
// abilities at work.
bool apply_told(cfc::Game& g, size_t option, server::tables::Told& told) {
  const std::vector<cfc::Action> legal = g.legal_actions();
  if (option >= legal.size()) return false;
  cfc::ScriptStats stats;
  g.set_stats(&stats);
  const cfc::GameSnapshot before = cfc::snapshot(g, stats, &legal[option]);
  const bool ok = g.apply_index(option);
  g.set_stats(nullptr);  // the state outlives `stats`
  if (!ok) return false;
  told = server::tables::tell_each(2, [&](int o) { return cfc::narrate(before, g, stats, o, &texts()); });
  return true;
}

// The game's own view (games/cfc/runners/view.h): what each seat and a spectator may see.
const server::tables::GameHooks<cfc::Game> kHooks{&cfc::observer_view, &cfc::option_view, &card_text, nullptr, nullptr,
                                                  &apply_told};

json describe() {
  const Pool& p = pool();
  return {{"name", "cfc"},
          {"title", "Card Fighters' Clash"},
          {"players", {2}},
          {"options",
           {{"decks", {{"what", "two decks: a prebuilt deck's name, or {\"name\", \"text\"} with an .o8d file's text"},
                       {"choices", p.decks},
                       {"default", p.decks.size() >= 2 ? json{p.decks[0], p.decks[1]} : json::array()}}}}},
          {"available", p.error.empty()}};
}

// Loads one deck as the options name it; false with the diagnostics.
bool load(const json& v, size_t seat, cfc::Deck& out, std::string& error) {
  const Pool& p = pool();
  std::vector<std::string> problems;
  bool ok = false;
  OwnDeck own;
  if (v.is_string()) {
    const std::string name = v.get<std::string>();
    if (std::find(p.decks.begin(), p.decks.end(), name) == p.decks.end()) {
      error = fmt::format("options.decks[{}]: there is no prebuilt deck named \"{}\" (GET /api/games lists them)", seat, name);
      return false;
    }
    ok = cfc::load_deck(p.dir + "/o8g/Decks/" + name + ".o8d", p.pool, out, problems);
  } else if (own_deck(v, own)) {
    ok = with_deck_file(own, ".o8d", problems, [&](const std::string& path) { return cfc::load_deck(path, p.pool, out, problems); });
  } else {
    error = fmt::format("options.decks[{}] must be a prebuilt deck's name or {{\"name\", \"text\"}} with a deck file's text", seat);
    return false;
  }
  if (!ok) {
    error = fmt::format("options.decks[{}] is not a deck this game can use:\n", seat);
    for (const std::string& m : problems) error += m + "\n";
    if (problems.empty()) error += "the deck cannot be read\n";
  }
  return ok;
}

bool check_options(const json& options, int seats, json& normalized, std::string& error) {
  const Pool& p = pool();
  if (!p.error.empty()) {
    error = "Card Fighters' Clash is not available on this server: " + p.error;
    return false;
  }
  if (seats != 2) {
    error = fmt::format("Card Fighters' Clash is played by 2, not {}: \"seats\" must name two", seats);
    return false;
  }
  json decks = options.contains("decks") ? options["decks"] : json(nullptr);
  if (decks.is_null()) {
    if (p.decks.size() < 2) {
      error = "options.decks: the server has no prebuilt decks; give two";
      return false;
    }
    decks = {p.decks[0], p.decks[1]};
  }
  if (!decks.is_array() || decks.size() != 2) {
    error = "options.decks must list two decks, one per seat";
    return false;
  }
  for (size_t s = 0; s < 2; ++s) {
    cfc::Deck d;
    if (!load(decks[s], s, d, error)) return false;
  }
  normalized = {{"decks", decks}};
  return true;
}

// The game's state owns nothing but refers to the pool; the decks are copied in by the deal.
std::unique_ptr<TableGame> make(const json& normalized, uint64_t seed, std::string& error) {
  const Pool& p = pool();
  if (!p.error.empty()) {
    error = p.error;
    return nullptr;
  }
  cfc::Deck decks[2];
  for (size_t s = 0; s < 2; ++s) {
    if (!load(normalized["decks"][s], s, decks[s], error)) return nullptr;
  }
  return std::make_unique<server::tables::ErasedGame<cfc::Game>>(cfc::Game(p.pool, decks[0], decks[1], seed), kHooks);
}

}  // namespace

const server::tables::TableKind kCfcTable{"cfc", "", "Card Fighters' Clash", &describe, &check_options, &make};

}  // namespace rk::registry
