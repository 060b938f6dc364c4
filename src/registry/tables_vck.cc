// Valeria: Card Kingdoms at a table: a preset of the card tables and 2 to 5 players, dealt from
// the table's seed as `rulekit vck sim` deals.
#include <fmt/format.h>

#include "games/vck/compiler/cards.h"
#include "games/vck/rules/game.h"
#include "games/vck/runners/narration.h"
#include "games/vck/runners/view.h"
#include "kernel/chance.h"
#include "registry/table_kinds.h"
#include "server/tables/erased_game.h"

namespace rk::registry {
namespace {
using nlohmann::json;
using server::tables::TableGame;

constexpr const char* kPresets[] = {"base", "base1", "base2", "flamesandfrost", "shadowvale"};

struct Db {
  vck::CardDb db;
  std::string error;
};

const Db& db() {
  static const Db d = [] {
    Db out;
    std::vector<std::string> problems;
    if (!vck::load_cards(corpora_dir() + "/vck/tables", out.db, problems)) {
      out.error = problems.empty() ? "the VCK card tables cannot be loaded" : problems.front();
    }
    return out;
  }();
  return d;
}

json card_text(const vck::Game& g, std::string_view id, int observer) { return vck::card_text(g, id, observer); }

// A move told as `rulekit vck play` tells it (games/vck/runners/narration.h), to each observer: another
// seat's duke stays hidden.
bool apply_told(vck::Game& g, size_t option, server::tables::Told& told) {
  const vck::Game before = g;
  if (!g.apply_index(option)) return false;
  told = server::tables::tell_each(g.num_players(), [&](int o) { return vck::narrate(before, g, option, o); });
  return true;
}

// The game's own view (games/vck/runners/view.h): dukes and the other hidden cards only to their owner.
const server::tables::GameHooks<vck::Game> kHooks{&vck::observer_view, &vck::option_view, &card_text, nullptr, nullptr,
                                                  &apply_told};

json describe() {
  return {{"name", "vck"},
          {"title", "Valeria: Card Kingdoms"},
          {"players", {2, 3, 4, 5}},
          {"options", {{"preset", {{"what", "which cards are dealt"}, {"choices", kPresets}, {"default", "base"}}}}},
          {"available", db().error.empty()}};
}

bool check_options(const json& options, int seats, json& normalized, std::string& error) {
  if (!db().error.empty()) {
    error = "Valeria: Card Kingdoms is not available on this server: " + db().error;
    return false;
  }
  const json preset = options.contains("preset") ? options["preset"] : json("base");
  bool known = false;
  for (const char* p : kPresets) known |= preset.is_string() && preset.get<std::string>() == p;
  if (!known) {
    error = fmt::format("options.preset must be one of base, base1, base2, flamesandfrost, shadowvale, not {}", preset.dump());
    return false;
  }
  if (seats < 2 || seats > 5) {
    error = fmt::format("Valeria: Card Kingdoms is played by 2 to 5, not {}: \"seats\" must name 2 to 5", seats);
    return false;
  }
  if (options.contains("players") && options["players"] != seats) {
    error = fmt::format("options.players is {} but \"seats\" names {}", options["players"].dump(), seats);
    return false;
  }
  normalized = {{"preset", preset}, {"players", seats}};
  return true;
}

std::unique_ptr<TableGame> make(const json& normalized, uint64_t seed, std::string& error) {
  if (!db().error.empty()) {
    error = db().error;
    return nullptr;
  }
  kernel::Chance chance(seed);
  vck::Setup setup;
  if (!vck::deal(db().db, normalized["preset"].get<std::string>(), normalized["players"].get<int>(), chance, setup, error)) {
    return nullptr;
  }
  return std::make_unique<server::tables::ErasedGame<vck::Game>>(vck::Game(db().db, setup, seed), kHooks);
}

}  // namespace

const server::tables::TableKind kVckTable{"vck", "", "Valeria: Card Kingdoms", &describe, &check_options, &make};

}  // namespace rk::registry
