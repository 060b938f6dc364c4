#include "games/mtg/rules/mana.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <string_view>
#include <utility>

namespace rk::mtg {

int color_of_letter(char c) {
  switch (std::tolower(static_cast<unsigned char>(c))) {
    case 'c': return kColorless;
    case 'g': return kGreen;
    case 'u': return kBlue;
    case 'r': return kRed;
    case 'b': return kBlack;
    case 'w': return kWhite;
    default: return -1;
  }
}

char letter_of_color(int c) { return "CGURBW"[c]; }

int ManaPool::total() const {
  int t = 0;
  for (int v : n) t += v;
  return t;
}

int ManaPool::snow_of(int color) const {
  const size_t c = static_cast<size_t>(color);
  return std::max(0, std::min(snow[c], n[c]));
}

int ManaPool::snow_total() const {
  int t = 0;
  for (int c = 0; c < kColors; ++c) t += snow_of(c);
  return t;
}

// The snow count is brought down to what is left first: mana spent by code that lowered `n`
// alone must not come back as snow when other mana is added.
void ManaPool::add(const ManaPool& o) {
  for (int i = 0; i < kColors; ++i) {
    const size_t c = static_cast<size_t>(i);
    snow[c] = snow_of(i) + o.snow_of(i);
    n[c] += o.n[c];
  }
}

void ManaPool::add_snow(const ManaPool& o) {
  add(o);
  for (int i = 0; i < kColors; ++i) snow[static_cast<size_t>(i)] += o.n[static_cast<size_t>(i)] - o.snow_of(i);
}

std::string ManaPool::text() const {
  std::string s;
  if (n[0]) s += "{" + std::to_string(n[0]) + "}";
  for (int c = 1; c < kColors; ++c) {
    for (int i = 0; i < n[static_cast<size_t>(c)]; ++i) s += std::string("{") + letter_of_color(c) + "}";
  }
  return s.empty() ? "{0}" : s;
}

int ManaCost::converted() const {
  int t = 0;
  for (int v : fixed) t += v;
  for (auto [a, b] : hybrid) t += b < 0 ? -b : 1;
  for (int v : phyrexian) t += v;
  return t + colorless_only + snow;
}

// One symbol's text between braces.
static void add_symbol(std::string_view sym, ManaCost& c, bool* unknown) {
  if (sym.empty()) return;
  if (sym.find_first_not_of("0123456789") == std::string_view::npos) {
    c.fixed[0] += std::atoi(std::string(sym).c_str());
    return;
  }
  if (sym == "x" || sym == "X") {
    ++c.x;
    return;
  }
  // {X:black}: an X paid with mana of one colour (Drain Life, Consume Spirit).
  static constexpr std::pair<std::string_view, int> kXColors[] = {{"x:green", kGreen}, {"x:blue", kBlue}, {"x:red", kRed},
                                                                  {"x:black", kBlack}, {"x:white", kWhite}};
  for (const auto& [word, color] : kXColors) {
    if (sym.size() == word.size() && std::equal(sym.begin(), sym.end(), word.begin(), [](char a, char b) {
          return std::tolower(static_cast<unsigned char>(a)) == b;
        })) {
      ++c.x;
      c.x_color = color;
      return;
    }
  }
  if (sym.size() == 4 && (sym[0] == 'p' || sym[0] == 'P') && sym[1] == '(' && sym[3] == ')' && color_of_letter(sym[2]) > 0) {
    ++c.phyrexian[static_cast<size_t>(color_of_letter(sym[2]))];
    return;
  }
  std::string letters;
  for (char ch : sym) {
    if (ch != '/' && ch != ' ') letters += ch;
  }
  if (letters == "c" || letters == "C") {
    ++c.colorless_only;
    return;
  }
  if (letters == "i" || letters == "I") {  // Wagic's snow symbol (CR 107.4h's {S})
    ++c.snow;
    return;
  }
  if (letters.size() == 1 && color_of_letter(letters[0]) >= 0) {
    ++c.fixed[static_cast<size_t>(color_of_letter(letters[0]))];
    return;
  }
  if (letters.size() == 2 && color_of_letter(letters[0]) > 0 && color_of_letter(letters[1]) > 0) {
    c.hybrid.emplace_back(color_of_letter(letters[0]), color_of_letter(letters[1]));
    return;
  }
  // {2W}: W, or two generic (kept as a negative second half).
  if (letters.size() == 2 && std::isdigit(static_cast<unsigned char>(letters[0])) && color_of_letter(letters[1]) > 0) {
    c.hybrid.emplace_back(color_of_letter(letters[1]), -(letters[0] - '0'));
    return;
  }
  if (unknown) *unknown = true;
}

ManaCost parse_mana_cost(std::string_view text, bool* unknown) {
  ManaCost c;
  size_t i = 0;
  while ((i = text.find('{', i)) != std::string_view::npos) {
    const size_t e = text.find('}', i);
    if (e == std::string_view::npos) break;
    c.present = true;
    add_symbol(text.substr(i + 1, e - i - 1), c, unknown);
    i = e + 1;
  }
  return c;
}

ManaPool parse_pool(std::string_view text) {
  const ManaCost c = parse_mana_cost(text);
  ManaPool p;
  p.n = c.fixed;
  p.n[kColorless] += c.colorless_only;  // {C}: colourless mana too
  for (const auto& h : c.hybrid) ++p.n[static_cast<size_t>(h.first)];
  return p;
}

// Generic mana: colourless first, then G, U, R, B, W (Wagic's ManaCost::Diff order).
static bool pay_generic(ManaPool& p, int amount) {
  for (int col = 0; col < kColors && amount > 0; ++col) {
    int& have = p.n[static_cast<size_t>(col)];
    const int take = have < amount ? have : amount;
    have -= take;
    amount -= take;
  }
  return amount == 0;
}

// A hybrid symbol's two halves in the order written: {R/G} is R then G, {2W} two generic then W
// (kept as the pair (W, -2)); colour 0 is generic.
struct Half {
  int color = 0, n = 1;
};
static std::array<Half, 2> halves(std::pair<int, int> h) {
  if (h.second < 0) return {Half{0, -h.second}, Half{h.first, 1}};
  return {Half{h.first, 1}, Half{h.second, 1}};
}

// Wagic's way (ManaCost::Diff): from the last hybrid symbol back to the first, each takes its first
// half if the pool has it, else its second, going back when a symbol before it then finds nothing.
// A generic half is taken here only from colourless mana.
static bool solve_hybrids(ManaPool& p, const std::vector<std::pair<int, int>>& hy, size_t n) {
  if (n == 0) return true;
  for (const Half h : halves(hy[n - 1])) {
    int& have = p.n[static_cast<size_t>(h.color)];
    if (have < h.n) continue;
    have -= h.n;
    if (solve_hybrids(p, hy, n - 1)) return true;
    have += h.n;
  }
  return false;
}

// Pays `c`'s coloured symbols and hybrids; false when the pool runs out.
static bool pay_colored(ManaPool& p, const ManaCost& c) {
  if (p.n[kColorless] < c.colorless_only) return false;
  p.n[kColorless] -= c.colorless_only;
  for (int col = 1; col < kColors; ++col) {
    int& have = p.n[static_cast<size_t>(col)];
    if (have < c.fixed[static_cast<size_t>(col)]) return false;
    have -= c.fixed[static_cast<size_t>(col)];
  }
  if (c.hybrid.empty()) return true;
  // The generic cost has the colourless mana first (pay_generic runs after): the hybrids see the rest.
  const int reserved = std::min(p.n[kColorless], c.fixed[0]);
  p.n[kColorless] -= reserved;
  const bool solved = solve_hybrids(p, c.hybrid, c.hybrid.size());
  p.n[kColorless] += reserved;
  if (solved) return true;
  // No way found: each symbol takes its first half, a generic one out of any mana (Wagic does
  // so, Spectral Procession's {2W} three times from {R}{R}{G}{G}{W}{W}).
  for (const auto& h : c.hybrid) {
    const Half first = halves(h)[0];
    if (first.color == 0) {
      if (!pay_generic(p, first.n)) return false;
      continue;
    }
    int& have = p.n[static_cast<size_t>(first.color)];
    if (have < first.n) return false;
    have -= first.n;
  }
  return true;
}

// {i}: each symbol one mana a snow source made, of any colour (colourless first, as generic mana
// is paid). The coloured symbols were paid before, each from its colour's other mana first
// (snow_of counts what is left), so the snow mana they leave is here for these.
static bool pay_snow(ManaPool& p, int amount) {
  for (int col = 0; col < kColors && amount > 0; ++col) {
    const int have = p.snow_of(col), take = std::min(have, amount);
    p.n[static_cast<size_t>(col)] -= take;
    p.snow[static_cast<size_t>(col)] = have - take;
    amount -= take;
  }
  return amount == 0;
}

bool can_pay(const ManaPool& pool, const ManaCost& cost) {
  ManaPool p = pool;
  return pay_colored(p, cost) && pay_snow(p, cost.snow) && pay_generic(p, cost.fixed[0]);
}

int pay(ManaPool& pool, const ManaCost& cost) {
  pay_colored(pool, cost);
  pay_snow(pool, cost.snow);
  pay_generic(pool, cost.fixed[0]);
  if (cost.x == 0) return 0;
  if (cost.x_color >= 0) {  // X from that colour's mana alone
    int& have = pool.n[static_cast<size_t>(cost.x_color)];
    const int x = have / cost.x;
    have -= x * cost.x;
    return x;
  }
  const int x = pool.total() / cost.x;
  pay_generic(pool, x * cost.x);
  return x;
}

}  // namespace rk::mtg
