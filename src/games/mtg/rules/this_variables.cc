#include "games/mtg/rules/this_variables.h"

#include <algorithm>
#include <map>

#include "games/mtg/compiler/compile_text.h"
#include "games/mtg/compiler/spec_code.h"
#include "games/mtg/rules/game.h"

namespace rk::mtg {

namespace {

// Devotion: the symbols of one colour in a mana cost, plain, hybrid (either half) and phyrexian.
int symbols_of(const ManaCost& cost, int color) {
  int n = cost.fixed[static_cast<size_t>(color)] + cost.phyrexian[static_cast<size_t>(color)];
  for (auto [a, b] : cost.hybrid) n += a == color || b == color;
  return n;
}

// Devotion to two colours (CR 700.5a): the symbols that are either colour, a hybrid of both once.
int symbols_of_either(const ManaCost& cost, int c1, int c2) {
  int n = symbols_of(cost, c1) + symbols_of(cost, c2);
  for (auto [a, b] : cost.hybrid) n -= (a == c1 && b == c2) || (a == c2 && b == c1);
  return n;
}

// Wagic's guild words: devotion to the guild's two colours on the controller's battlefield.
const std::map<std::string, std::pair<int, int>, std::less<>>& guild_colors() {
  static const std::map<std::string, std::pair<int, int>, std::less<>> k = {
      {"azorius", {kWhite, kBlue}}, {"dimir", {kBlue, kBlack}},   {"rakdos", {kBlack, kRed}}, {"gruul", {kRed, kGreen}},
      {"selesnya", {kGreen, kWhite}}, {"orzhov", {kWhite, kBlack}}, {"izzet", {kBlue, kRed}},  {"golgari", {kBlack, kGreen}},
      {"boros", {kRed, kWhite}},    {"simic", {kGreen, kBlue}}};
  return k;
}

}  // namespace

int this_variable(const Game& g, const std::string& what, int card) {
  const std::string w = what.substr(9, what.size() - 10);
  const int owner = g.objs[static_cast<size_t>(card)].controller;
  if (w == "manacost") return g.objs[static_cast<size_t>(card)].def->cost.converted();  // its own mana value
  if (w == "mypoisoncount" || w == "opponentpoisoncount") return g.players[static_cast<size_t>(w[0] == 'm' ? owner : 1 - owner)].poison;
  if (w.rfind("common", 0) == 0) {  // commonX: 1 when X is the most common colour among all permanents, or tied
    static const std::map<std::string, int, std::less<>> colour = {
        {"commonwhite", kWhite}, {"commonblue", kBlue}, {"commonblack", kBlack}, {"commonred", kRed}, {"commongreen", kGreen}};
    const auto it = colour.find(w);
    if (it == colour.end()) return 0;
    int count[kColors] = {};
    for (size_t c = 0; c < g.objs.size(); ++c) {
      if (g.objs[c].zone != kBattlefield || g.objs[c].phased_out) continue;
      const int bits = g.colors(static_cast<int>(c));
      for (int k = 1; k < kColors; ++k) count[k] += (bits >> k) & 1;
    }
    int most = 0;
    for (int k = 1; k < kColors; ++k) most = std::max(most, count[k]);
    return most > 0 && count[it->second] >= most;
  }
  if (auto guild = guild_colors().find(w); guild != guild_colors().end()) {
    int n = 0;
    for (int c : g.players[static_cast<size_t>(owner)].zones[kBattlefield]) {
      n += symbols_of_either(g.objs[static_cast<size_t>(c)].def->cost, guild->second.first, guild->second.second);
    }
    return n;
  }
  // Parsed once per thread (games are copied across threads; each reads its own table).
  static thread_local std::map<std::string, Amount> parsed;
  auto it = parsed.find(w);
  if (it == parsed.end()) {
    Amount a = parse_amount(w);
    compile_spec(a.count);
    it = parsed.emplace(w, std::move(a)).first;
  }
  const Amount& a = it->second;
  const int controller = g.objs[static_cast<size_t>(card)].controller;
  if (a.var == "lifetotal") return g.players[static_cast<size_t>(controller)].life;
  if (a.var == "opponentlifetotal") return g.players[static_cast<size_t>(1 - controller)].life;
  if (a.var != "type" && a.var != "devotion") return 0;
  int n = 0;
  for (size_t c = 0; c < g.objs.size(); ++c) {
    if (!g.matches(a.count, static_cast<int>(c), card, controller)) continue;
    n += a.var == "type" ? 1 : symbols_of(g.objs[c].def->cost, a.value);
  }
  return n;
}

}  // namespace rk::mtg
