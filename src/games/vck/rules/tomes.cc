// Crimson Seas tomes as payment (the original's player_actions.py: redeem_tomes_to_score,
// _spend_tomes; lifecycle.py _refresh_finishing_player_tomes; payouts.py refresh_tomes).
// A face-up tome of Nae Aerie pays 1 of the resource it shows toward any action's cost (hire,
// build, slay, sail). Paying with it turns it face down; the owner's tomes turn face up again
// when their turn ends, or at once with Solo's Haven. A tome counts 1 VP at the end either way.
// The original redeems the tome part into the treasury first and lets the ordinary payment
// spend it, refusing a tome part larger than the payment of its type (the credit would be free
// resources); the moves listed here are exactly the splits it accepts.
#include <algorithm>

#include "games/vck/rules/game.h"

namespace rk::vck {
namespace {

constexpr const char* kTomeType[] = {"gold", "strength", "magic"};

int part_of(uint16_t packed, int type) { return (packed >> (5 * type)) & 31; }

// The payment of a listed action, as (gold, strength, magic); false for a move that pays nothing.
bool payment_of(const Game& g, int seat, const Action& a, std::array<int, 3>& pay) {
  pay = {0, 0, 0};
  switch (a.type) {
    case Action::Type::kHire:
    case Action::Type::kBuild:
    case Action::Type::kSlay:
    case Action::Type::kSlayEvent: pay = {a.b, a.c, a.d}; return true;
    case Action::Type::kSail:
      if (a.a == 0 || a.a == 1) return pay = {a.c, 0, a.d}, true;  // goods, tomes: gold with magic wild
      if (a.a == 2) return pay[static_cast<size_t>(a.c)] = g.noble_price(seat), true;  // a noble: one resource
      return false;  // Exekratys pays nothing
    default: return false;
  }
}

}  // namespace

int Game::face_up_tomes(int seat, int type) const {
  const Player& p = players_[static_cast<size_t>(seat)];
  const auto n = std::count(p.tomes.begin(), p.tomes.end(), kTomeType[type]);
  return std::max(0, static_cast<int>(n) - p.tomes_spent[static_cast<size_t>(type)]);
}

std::array<int, 3> Game::purse(int seat) const {
  const Player& p = players_[static_cast<size_t>(seat)];
  if (p.tomes.empty()) return {p.g, p.s, p.m};
  return {p.g + face_up_tomes(seat, 0), p.s + face_up_tomes(seat, 1), p.m + face_up_tomes(seat, 2)};
}

// Each payment listed against the purse becomes one move per split the original accepts: of
// each type, at most the payment and the face-up tomes, and the rest within the treasury.
void Game::split_tome_payments(int seat, std::vector<Action>& out, size_t from) const {
  const Player& p = players_[static_cast<size_t>(seat)];
  if (p.tomes.empty() || from >= out.size()) return;
  const std::array<int, 3> up = {face_up_tomes(seat, 0), face_up_tomes(seat, 1), face_up_tomes(seat, 2)};
  if (up == std::array<int, 3>{0, 0, 0}) return;
  const std::array<int, 3> treasury = {p.g, p.s, p.m};
  std::vector<Action> split(out.begin(), out.begin() + static_cast<long>(from));
  for (size_t k = from; k < out.size(); ++k) {
    std::array<int, 3> pay{};
    if (!payment_of(*this, seat, out[k], pay)) {
      split.push_back(out[k]);
      continue;
    }
    std::array<int, 3> low{}, high{};
    bool ok = true;
    for (size_t t = 0; t < 3; ++t) {
      low[t] = std::max(0, pay[t] - treasury[t]);
      high[t] = std::min({pay[t], up[t], 31});
      ok = ok && low[t] <= high[t];
    }
    if (!ok) continue;
    for (int tg = low[0]; tg <= high[0]; ++tg) {
      for (int ts = low[1]; ts <= high[1]; ++ts) {
        for (int tm = low[2]; tm <= high[2]; ++tm) {
          split.push_back(out[k]);
          split.back().tomes = static_cast<uint16_t>(tg | ts << 5 | tm << 10);
        }
      }
    }
  }
  out = std::move(split);
}

void Game::redeem_tomes(int seat, uint16_t part) {
  Player& p = player(seat);
  for (int t = 0; t < 3; ++t) {
    const int n = part_of(part, t);
    p.tomes_spent[static_cast<size_t>(t)] = static_cast<int8_t>(p.tomes_spent[static_cast<size_t>(t)] + n);
    (t == 0 ? p.g : t == 1 ? p.s : p.m) += n;
  }
}

void Game::refresh_tomes(int seat) { player(seat).tomes_spent = {0, 0, 0}; }

}  // namespace rk::vck
