// Mana pools and mana costs as Wagic's test harness pays them: only from the pool, the generic
// part with colourless first and then the colours in Wagic's index order (G, U, R, B, W), a
// hybrid symbol with its first colour when it can, X with everything that is left.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rk::mtg {

// Wagic's colour indexes: 0 colourless (artifact), then green, blue, red, black, white.
enum Color : int { kColorless = 0, kGreen, kBlue, kRed, kBlack, kWhite, kColors };

// The colour of a mana letter (c, g, u, r, b, w); -1 when it is not one.
int color_of_letter(char c);
char letter_of_color(int c);

struct ManaPool {
  std::array<int, kColors> n{};
  // How much of each colour's mana came from a snow source (CR 107.4h: what {S}, Wagic's {i}, may
  // be paid with). Code that lowers `n` directly may leave it higher: it counts only up to `n`
  // (snow_of), so what was spent without a choice is the mana that was not snow.
  std::array<int, kColors> snow{};
  int total() const;
  int snow_of(int color) const;
  int snow_total() const;
  bool empty() const { return total() == 0; }
  void clear() {
    n.fill(0);
    snow.fill(0);
  }
  void add(const ManaPool& o);
  void add_snow(const ManaPool& o);  // mana made by a snow source: added, and counted as snow
  bool operator==(const ManaPool& o) const { return n == o.n && snow == o.snow; }
  std::string text() const;  // {2}{R} style; {0} when empty
};

struct ManaCost {
  std::array<int, kColors> fixed{};          // coloured symbols; [0] is the generic amount
  std::vector<std::pair<int, int>> hybrid;   // {W/B}-style symbols: either colour
  int x = 0;                                 // how many {X}
  int x_color = -1;                          // {X:black}: X is paid with that colour only (-1: any)
  int colorless_only = 0;                    // {c}: colourless mana and nothing else (Wagic's "waste" mana, CR 107.4c)
  std::array<int, kColors> phyrexian{};      // {p(B)}: that colour or 2 life (counted; not asked for in payment yet)
  int snow = 0;                              // {i} (CR 107.4h's {S}): one mana, of any colour, that a snow source made
  bool present = false;                      // a cost was written (even {0})
  int converted() const;                     // mana value (X counts 0)
  bool is_free() const { return converted() == 0 && x == 0; }
};

// Reads a cost like {2}{U}{U}, {X}{R}, {W/B}, {0}; letters outside braces are ignored. Unknown
// symbols set `unknown`.
ManaCost parse_mana_cost(std::string_view text, bool* unknown = nullptr);
// Reads an [INIT] manapool value: a cost whose generic part means that much colourless mana.
ManaPool parse_pool(std::string_view text);

// Whether the pool covers the cost (its fixed and hybrid parts; X may be 0).
bool can_pay(const ManaPool& pool, const ManaCost& cost);
// Pays the cost from the pool in Wagic's order and returns X (what was left, when the cost has X).
// The caller checks can_pay first.
int pay(ManaPool& pool, const ManaCost& cost);

}  // namespace rk::mtg
