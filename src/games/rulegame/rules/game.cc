#include "games/rulegame/rules/game.h"

#include <fmt/format.h>

#include "kernel/game.h"

namespace rk::rulegame {

Game::Game(const RuleSet& rules, const Board& board, int max_attempts) : episode_(rules, board), max_attempts_(max_attempts) {}

kernel::Choice Game::choice() const {
  kernel::Choice c;
  c.player = terminal() ? int8_t{-1} : int8_t{0};
  return c;
}

std::vector<Game::Action> Game::legal_actions() const {
  std::vector<Action> out;
  if (terminal()) return out;
  out.reserve(episode_.pieces().size() * 4);
  for (const Piece& p : episode_.pieces()) {
    for (int8_t b = 0; b < 4; ++b) out.push_back({p.id, b});
  }
  return out;
}

bool Game::apply_index(size_t index) {
  if (terminal()) return false;
  const size_t n = episode_.pieces().size() * 4;
  if (index >= n) return false;
  log_.action(0, static_cast<uint32_t>(index), static_cast<uint32_t>(n));
  const Piece& p = episode_.pieces()[index / 4];
  last_code_ = episode_.move_piece(p.id, static_cast<int>(index % 4));
  return true;
}

std::vector<double> Game::returns() const {
  if (episode_.finish() != kCleared) return {-1.0};
  const int attempts = episode_.attempts();
  const double failed = attempts == 0 ? 0.0 : static_cast<double>(attempts - episode_.done_moves()) / attempts;
  return {1.0 - 2.0 * failed};
}

uint64_t Game::hash() const {
  uint64_t h = kernel::kHashSeed;
  for (char ch : episode_.state_key()) h = kernel::hash_mix(h, static_cast<uint8_t>(ch));
  h = kernel::hash_mix(h, static_cast<uint64_t>(episode_.attempts()));
  return kernel::hash_mix(h, static_cast<uint64_t>(episode_.finish()));
}

std::string Game::label(const Action& a) const {
  for (const Piece& p : episode_.pieces()) {
    if (p.id != a.piece) continue;
    const std::string what = p.is_image() ? p.image : fmt::format("{} {}", p.color, p.shape);
    return fmt::format("move the {} at row {} column {} to bucket {}", what, p.y(), p.x(), a.bucket);
  }
  return fmt::format("move piece {} to bucket {}", a.piece, a.bucket);
}

Game Game::copy_for_search() const {
  Game g = *this;
  g.log_.clear();
  return g;
}

double Game::evaluate(int) const {
  return static_cast<double>(episode_.done_moves()) - 0.1 * (episode_.attempts() - episode_.done_moves());
}

static_assert(kernel::Game<Game>);
static_assert(kernel::Searchable<Game> && kernel::Evaluable<Game>);

}  // namespace rk::rulegame
