#include "games/cfc/runners/coverage.h"

#include <fmt/format.h>

#include <algorithm>

#include "agents/random_agent.h"
#include "games/cfc/runners/match.h"
#include "games/cfc/runners/scenario.h"

namespace rk::cfc {

size_t CoverageReport::compiled() const {
  return static_cast<size_t>(std::count_if(cards.begin(), cards.end(), [](const CardCoverage& c) { return c.compiled; }));
}
size_t CoverageReport::executed() const {
  return static_cast<size_t>(std::count_if(cards.begin(), cards.end(), [](const CardCoverage& c) { return c.executed > 0; }));
}
size_t CoverageReport::covered() const {
  return static_cast<size_t>(std::count_if(cards.begin(), cards.end(), [](const CardCoverage& c) { return c.covered > 0; }));
}

CoverageReport coverage(const CardPool& pool, const std::vector<std::pair<std::string, std::string>>& scenarios,
                        size_t games_per_deck, uint64_t seed) {
  CoverageReport r;
  r.cards.resize(pool.scripts.size());
  std::vector<uint16_t> scripted, vanilla;
  for (size_t i = 0; i < pool.cards.size(); ++i) {
    const CardDef& d = pool.cards[i];
    if (d.type == CardType::kOther) continue;
    if (d.script >= 0) {
      CardCoverage& c = r.cards[static_cast<size_t>(d.script)];
      c.name = d.name;
      c.compiled = pool.compiled[static_cast<size_t>(d.script)].compiled;
      c.missing = pool.compiled[static_cast<size_t>(d.script)].missing;
      for (const std::string& m : c.missing) ++r.missing[m];
      scripted.push_back(static_cast<uint16_t>(i));
    } else if (d.type == CardType::kCharacter && d.sp > 0) {
      vanilla.push_back(static_cast<uint16_t>(i));  // characters that bring SP to pay for the rest
    }
  }
  // Decks of 25 scripted cards and 25 vanilla characters, each against the next. The scripted cards
  // are dealt round the decks (every n-th to the same deck) so that each deck mixes characters,
  // actions and reactions: a card that changes what actions cost needs actions in play.
  const size_t n_decks = (scripted.size() + kDeckSize / 2 - 1) / (kDeckSize / 2);
  std::vector<Deck> decks(n_decks);
  for (size_t k = 0; k < scripted.size(); ++k) decks[k % n_decks].cards.push_back(scripted[k]);
  for (size_t i = 0; i < n_decks; ++i) {
    Deck& d = decks[i];
    d.path = fmt::format("(coverage deck {})", i + 1);
    for (size_t k = 0; d.cards.size() < kDeckSize && !vanilla.empty(); ++k) d.cards.push_back(vanilla[(i * kDeckSize + k) % vanilla.size()]);
  }
  ScriptStats sim;
  sim.runs.assign(pool.scripts.size(), 0);
  for (size_t i = 0; i < decks.size() && decks.size() > 1; ++i) {
    for (size_t g = 0; g < games_per_deck; ++g) {
      const uint64_t s = seed * 1000003 + i * 7919 + g;
      Game game(pool, decks[i], decks[(i + 1) % decks.size()], s);
      game.set_stats(&sim);
      agents::RandomAgent<Game> a(s ^ 0xA11CE), b(s ^ 0xB0B);
      play_out(game, a, b);
      ++r.games;
      for (const std::string& e : check_invariants(game)) {
        ++r.engine_errors;
        r.errors.push_back(fmt::format("{} vs {}, seed {}: {}", decks[i].path, decks[(i + 1) % decks.size()].path, s, e));
      }
    }
  }
  ScriptStats tests;
  tests.runs.assign(pool.scripts.size(), 0);
  for (const auto& [name, text] : scenarios) {
    const ScenarioResult res = run_scenario(pool, name, text, &tests);
    for (const std::string& f : res.failures) r.errors.push_back(f);
  }
  for (size_t i = 0; i < r.cards.size(); ++i) {
    r.cards[i].executed = i < sim.runs.size() ? sim.runs[i] : 0;
    r.cards[i].covered = i < tests.runs.size() ? tests.runs[i] : 0;
  }
  return r;
}

}  // namespace rk::cfc
