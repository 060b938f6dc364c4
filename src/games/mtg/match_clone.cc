// Match::clone: the same game in a new match. The engine's Game is not yet a plain value (its open
// menus and choosers hold closures over the game they belong to, tokens point into its own
// made_defs, a Lua card's runtime holds per-game state), so a clone copies the state only where
// none of that is present and otherwise rebuilds the game: a new match from the same decks, seed,
// turn limit and options, and every move and determinization replayed in order, each with the
// generator as it was then (a search reseeds its copies from outside). The engine is deterministic,
// so the replay ends in the same position (the tests compare the hashes of both ways).
#include "games/mtg/match.h"

namespace rk::mtg {

Match::Match(const Match& o, CopyTag)
    : game_(o.game_),
      chance_(o.chance_),
      decks_(o.decks_),
      seed_(o.seed_),
      turn_limit_(o.turn_limit_),
      options_(o.options_),
      draw_(o.draw_),
      offer_(o.offer_),
      offer_depth_(o.offer_depth_),
      scripted_(o.scripted_),
      hand_built_(o.hand_built_),
      history_(o.history_),
      moves_(o.moves_),
      moves_valid_(o.moves_valid_) {
  error = o.error;
  unknown = o.unknown;
  moves_played = o.moves_played;
  game_.rng = &chance_.rng();
  game_.lua.reset();  // no card of the decks has a script: the runtime is a cache, made again on first use
}

bool Match::copyable() const { return game_.menus.empty() && game_.choosers.empty() && game_.made_defs.empty() && !scripted_; }

std::unique_ptr<Match> Match::clone() const {
  if (copyable()) return std::unique_ptr<Match>(new Match(*this, CopyTag{}));
  return replayed();
}

std::unique_ptr<Match> Match::replayed() const {
  auto m = std::make_unique<Match>(const_cast<Game&>(game_).catalog(), decks_[0], decks_[1], seed_, turn_limit_, options_);
  if (hand_built_) {
    m->error = "a position built by hand with an open question cannot be cloned";
    return m;
  }
  for (const Step& s : history_) {
    m->chance_.rng().set_words(s.rng);
    if (s.determinize >= 0) {
      kernel::Rng r;
      r.set_words(s.shuffle_rng);
      m->determinize(s.determinize, r);
    } else {
      m->play(s.move);
    }
  }
  m->chance_ = chance_;  // the generator as it is now, and what is left of any fed draws
  return m;
}

}  // namespace rk::mtg
