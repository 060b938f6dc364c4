#include "registry/registry.h"

#include <cstdlib>

#include "cli/commands.h"
#include "games/cfc/language/dialect.h"
#include "games/mtg/language/dialect.h"
#include "games/rulegame/language/dialect.h"
#include "games/vck/language/dialect.h"
#include "registry/table_kinds.h"
#include "server/rulegame/service.h"

namespace rk::registry {
namespace {

// Adding a game: one line here (see "Adding a game" in docs/ARCHITECTURE.md).
const Game kGames[] = {
    {&rulegame::kDialect, &cli::add_rulegame, {"rulegame", "captive", &cli::run_rulegame_captive},
     &server::rulegame::make_service},
    {&cfc::kDialect, &cli::add_cfc, {}, nullptr, &kCfcTable},
    {&vck::kDialect, &cli::add_vck, {}, nullptr, &kVckTable},
    {&mtg::kDialect, &cli::add_wagic, {}, nullptr, &kWagicTable},
};

}  // namespace

std::span<const Game> games() { return kGames; }

const Dialect* find_dialect(std::string_view name) {
  for (const Game& g : kGames) {
    if (g.dialect->name == name) return g.dialect;
    for (std::string_view a : g.dialect->aliases) {
      if (a == name) return g.dialect;
    }
  }
  return nullptr;
}

const Dialect& fallback_dialect() {
  for (const Game& g : kGames) {
    if (g.dialect->fallback) return *g.dialect;
  }
  std::abort();  // registry_test checks that exactly one dialect is the fallback
}

std::string dialect_names() {
  std::string out;
  const size_t n = std::size(kGames);
  for (size_t i = 0; i < n; ++i) {
    out += (i == 0 ? "" : i + 1 == n ? " or " : ", ") + std::string(kGames[i].dialect->name);
  }
  return out;
}

}  // namespace rk::registry
