#include "games/vck/runners/coverage.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <string_view>

#include "games/vck/compiler/cards.h"
#include "games/vck/rules/game.h"
#include "kernel/chance.h"
#include "kernel/rng.h"
#include "text/diagnostic.h"

namespace rk::vck {
namespace {

// Where each effect column of the tables lives in the loaded card pool; a table the rules do not
// load would have no entry, so its strings would compile but never run.
struct ColumnProgram {
  std::string_view table, column;
  const Program* (*get)(const CardDb&, int id);
};
constexpr ColumnProgram kColumns[] = {
    {"citizens", "special_payout_on_turn", [](const CardDb& d, int id) { return d.citizen(id) ? &d.citizen(id)->special_on : nullptr; }},
    {"citizens", "special_payout_off_turn", [](const CardDb& d, int id) { return d.citizen(id) ? &d.citizen(id)->special_off : nullptr; }},
    {"starters", "special_payout_on_turn", [](const CardDb& d, int id) { return d.starter(id) ? &d.starter(id)->special_on : nullptr; }},
    {"starters", "special_payout_off_turn", [](const CardDb& d, int id) { return d.starter(id) ? &d.starter(id)->special_off : nullptr; }},
    {"domains", "passive_effect", [](const CardDb& d, int id) { return d.domain(id) ? &d.domain(id)->passive : nullptr; }},
    {"domains", "activation_effect", [](const CardDb& d, int id) { return d.domain(id) ? &d.domain(id)->activation : nullptr; }},
    {"monsters", "special_reward", [](const CardDb& d, int id) { return d.monster(id) ? &d.monster(id)->special_reward : nullptr; }},
    {"monsters", "special_cost", [](const CardDb& d, int id) { return d.monster(id) ? &d.monster(id)->special_cost : nullptr; }},
    {"events", "roll_effect", [](const CardDb& d, int id) { return d.event(id) ? &d.event(id)->roll_effect : nullptr; }},
    {"events", "special_reward", [](const CardDb& d, int id) { return d.event(id) ? &d.event(id)->special_reward : nullptr; }},
    {"events", "activation_effect", [](const CardDb& d, int id) { return d.event(id) ? &d.event(id)->activation : nullptr; }},
    {"events", "passive_effect", [](const CardDb& d, int id) { return d.event(id) ? &d.event(id)->passive : nullptr; }},
    {"agents", "activation_effect", [](const CardDb& d, int id) { return d.agent(id) ? &d.agent(id)->activation : nullptr; }},
    {"relics", "passive_effect", [](const CardDb& d, int id) { return d.relic(id) ? &d.relic(id)->passive : nullptr; }},
    {"nobles", "special_duke_payout", [](const CardDb& d, int id) { return d.noble(id) ? &d.noble(id)->special : nullptr; }},
};

const Program* program_for(const CardDb& db, const CardEffect& c, bool& table_played) {
  for (const ColumnProgram& k : kColumns) {
    if (k.table != c.table) continue;
    table_played = true;
    if (k.column == c.column) return k.get(db, c.id);
  }
  return nullptr;
}

enum class Played { kOk, kEngineError, kNoDeal };

// One random game (a random move at every decision, like `vck sim`).
using CardSet = std::set<std::pair<char, int>>;

// Every card a deal put in the game (board stacks, the exhausted deck, starters), and the cards it
// set aside for an event to place (the King's Guard, the Undead Samurai minions).
void note_dealt(const Setup& s, CardSet& dealt, CardSet& aside) {
  auto add = [](CardSet& to, const std::vector<CardRef>& v) {
    for (const CardRef& c : v) to.insert({c.kind, c.id});
  };
  for (const auto* grid : {&s.citizens, &s.domains, &s.monsters}) {
    for (const auto& st : *grid) add(dealt, st);
  }
  add(dealt, s.exhausted), add(aside, s.kings_guard), add(aside, s.undead_samurai);
  for (int id : s.starters) dealt.insert({'s', id});
  for (int id : s.agents_slots) dealt.insert({'a', id});
  for (int id : s.agents_deck) dealt.insert({'a', id});
  for (const auto& two : s.relics_dealt) {
    for (int id : two) dealt.insert({'r', id});
  }
  for (int id : s.isle.noble_slots) dealt.insert({'n', id});
  for (int id : s.isle.noble_supply) dealt.insert({'n', id});
}

Played play_random(const CardDb& db, const std::string& preset, int players, uint64_t seed, std::vector<uint8_t>& ran,
                   CardSet& dealt, CardSet& aside, std::string& error, const CoverageOptions::Bot& bot = {}) {
  kernel::Chance chance(seed);
  Setup setup;
  if (!deal(db, preset, players, chance, setup, error)) return Played::kNoDeal;
  note_dealt(setup, dealt, aside);
  Game g(db, setup, seed);
  g.set_ran(&ran);
  kernel::Rng pick(seed ^ 0x9E3779B97F4A7C15ull);
  for (size_t n = 0; n < 20000 && !g.terminal() && g.error().empty(); ++n) {
    const std::vector<Action> legal = g.legal_actions();
    if (legal.empty() || !g.apply_listed(legal, bot ? bot(g, legal) : pick.below(static_cast<uint32_t>(legal.size())))) break;
  }
  if (!g.error().empty()) error = g.error();
  return g.terminal() && g.error().empty() ? Played::kOk : Played::kEngineError;
}

}  // namespace

size_t CoverageResult::compiled() const {
  return static_cast<size_t>(std::count_if(cells.begin(), cells.end(), [](const CoverageCell& c) { return c.compiled; }));
}
size_t CoverageResult::dealt_not_executed() const {
  return static_cast<size_t>(std::count_if(cells.begin(), cells.end(), [](const CoverageCell& c) { return c.dealt && !c.executed; }));
}
size_t CoverageResult::executed() const {
  return static_cast<size_t>(std::count_if(cells.begin(), cells.end(), [](const CoverageCell& c) { return c.executed; }));
}

bool measure_coverage(const std::string& dir, const CoverageOptions& o, CoverageResult& out, std::vector<std::string>& problems,
                      const std::function<void(size_t, size_t)>& progress) {
  CardDb db;
  std::vector<CardEffect> effects;
  const bool tables_ok = load_tables(dir, effects, problems);
  if (!load_cards(dir, db, problems) || !tables_ok) return false;
  if (!o.banned.empty() && !load_banned(o.banned, db, problems)) return false;
  std::vector<uint8_t> ran(db.programs, 0);
  CardSet dealt, aside;
  const size_t bots = o.make_bot ? o.bot_games_per_preset : 0;
  const bool bans = !db.banned_dukes.empty() || !db.banned_domains.empty() || !db.banned_relics.empty();
  const size_t lifted = bans ? o.unbanned_games_per_preset : 0;
  const size_t total = o.presets.size() * (o.games_per_preset + bots + lifted);
  auto play = [&](const std::string& preset, size_t i, uint64_t seed, const CoverageOptions::Bot& bot, std::vector<uint8_t>& into) {
    std::string error;
    const Played r = play_random(db, preset, static_cast<int>(2 + i % 4), seed, into, dealt, aside, error, bot);
    if (r == Played::kNoDeal) {
      problems.push_back(fmt::format("error: {}", error));
      return false;
    }
    out.errors += r == Played::kEngineError ? 1 : 0;
    ++out.games;
    if (progress) progress(out.games, total);
    return true;
  };
  for (const std::string& preset : o.presets) {
    for (size_t i = 0; i < o.games_per_preset + bots; ++i) {
      const uint64_t seed = o.seed + i;
      const bool by_bot = i >= o.games_per_preset;
      if (!play(preset, i, seed, by_bot ? o.make_bot(seed) : CoverageOptions::Bot{}, ran)) return false;
      out.bot_games += by_bot ? 1 : 0;
    }
  }
  // The same presets with nothing banned, into a record of their own.
  std::vector<uint8_t> ran_unbanned(db.programs, 0);
  db.banned_dukes.clear(), db.banned_domains.clear(), db.banned_relics.clear();
  for (const std::string& preset : o.presets) {
    for (size_t i = 0; i < lifted; ++i) {
      if (!play(preset, i, o.seed + o.games_per_preset + bots + i, CoverageOptions::Bot{}, ran_unbanned)) return false;
      ++out.unbanned_games;
    }
  }
  EffectSet set;
  for (const CardEffect& c : effects) {
    CoverageCell cell{c};
    text::Diagnostics diags(nullptr);
    Effect e;
    std::string_view t = c.text;
    while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
    // "0" is the tables' legacy sentinel for no effect: it compiles to the empty program.
    cell.compiled = t == "0" || parse_effect(t, set, diags, e);
    bool played = false;
    const Program* prog = program_for(db, c, played);
    if (!played) {
      cell.why = "the rules do not use this table";
    } else if (!prog || prog->empty()) {
      cell.why = t == "0" ? "no effect (the \"0\" sentinel)" : "its has_* flag is off: the original engine never fires it";
    } else {
      const size_t at = static_cast<size_t>(prog->index);
      cell.executed = prog->index >= 0 && (ran[at] || ran_unbanned[at]);
      cell.only_unbanned = cell.executed && !ran[at];
      cell.dealt = dealt.count({c.table[0], c.id}) > 0;  // citizens c, starters s, domains d, monsters m, events e
      const bool set_aside = aside.count({c.table[0], c.id}) > 0;
      if (!cell.executed) {
        cell.why = cell.dealt ? "dealt, but did not run in the games"
                   : set_aside ? "its card was set aside for an event and not placed in these games"
                               : "its card was never dealt in these presets";
      }
    }
    out.cells.push_back(std::move(cell));
  }
  return true;
}

}  // namespace rk::vck
