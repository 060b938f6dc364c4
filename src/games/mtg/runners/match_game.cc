// MatchGame: the kernel's view of a match (match_game.h), its heuristic score, and the
// determinization a search plays on.
#include "games/mtg/runners/match_game.h"

#include <algorithm>

#include "games/mtg/runners/narration.h"

namespace rk::mtg {

const char* prompt_text(uint16_t prompt) {
  switch (prompt) {
    case kPromptAct: return "your move";
    case kPromptMenu: return "choose one";
    case kPromptTarget: return "choose a target";
    case kPromptRespond: return "respond, or let it resolve";
    case kPromptMulligan: return "keep your hand, or mulligan";
  }
  return "?";
}

MatchGame::MatchGame(Catalog& cat, const Deck& a, const Deck& b, uint64_t seed, int turn_limit, MatchOptions o)
    : match_(std::make_unique<Match>(cat, a, b, seed, turn_limit, std::move(o), &log_)) {}

kernel::Decider MatchGame::decider() const {
  if (match_->over()) return kernel::Decider::over();
  return kernel::Decider::one(match_->actor());
}

kernel::Choice MatchGame::choice() const {
  kernel::Choice c;
  c.player = static_cast<int8_t>(current_player());
  const Game& g = match_->game();
  if (match_->mulligan_open()) {
    c.prompt = kPromptMulligan;
  } else if (!g.menus.empty()) {
    c.prompt = kPromptMenu;
  } else if (!g.choosers.empty()) {
    // A target or a card to pay with: one more part of the cast or activation begun before.
    const Chooser& ch = g.choosers.back();
    c.prompt = kPromptTarget;
    c.continues = true;
    c.about = static_cast<kernel::EntityId>(ch.source);
    if (ch.spec.count > 1 || ch.spec.up_to) {
      c.kind = kernel::Choice::Kind::kSubset;
      c.taken = static_cast<uint16_t>(ch.picked.size());
      c.min = static_cast<uint16_t>(ch.spec.up_to ? 0 : ch.spec.count);
      c.max = static_cast<uint16_t>(std::max(ch.spec.count, 1));
    }
  } else if (match_->offer_open()) {
    c.prompt = kPromptRespond;
  }
  return c;
}

bool MatchGame::apply_index(size_t i) {
  const std::vector<Move>& legal = match_->moves();
  if (i >= legal.size()) return false;
  if (logging_) log_.action(current_player(), static_cast<uint32_t>(i), static_cast<uint32_t>(legal.size()));
  match_->play(legal[i], logging_ ? &log_ : nullptr);
  return true;
}

void MatchGame::apply(const Move& m) {
  if (logging_) {
    const std::vector<Move>& legal = match_->moves();
    const auto at = std::find(legal.begin(), legal.end(), m);
    log_.action(current_player(), static_cast<uint32_t>(at - legal.begin()), static_cast<uint32_t>(legal.size()));
  }
  match_->play(m, logging_ ? &log_ : nullptr);
}

std::vector<double> MatchGame::returns() const {
  const int w = match_->over() ? match_->winner() : -1;
  if (w < 0) return {0.0, 0.0};
  return w == 0 ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
}

std::string MatchGame::error() const {
  if (match_->chance().failed()) return match_->chance().error();
  return match_->error;
}

namespace {

// Weights of the heuristic: a point of life is the unit. A creature counts its power a little
// more than its toughness (it ends games); a card in hand is an option not yet spent. Mana in the
// pool is worth a little only in its owner's main phase (where a one-move lookahead taps lands
// before it casts); elsewhere an untapped land is worth more than the mana that would drain away.
constexpr double kPoison = 2.0, kPower = 1.5, kToughness = 1.0, kCreature = 0.5, kPermanent = 1.0, kLand = 1.0;
constexpr double kHandCard = 0.5, kPoolMana = 0.1, kUntapped = 0.05, kOnStack = 0.8;
constexpr int kQuietMoves = 4;  // offers declined before a position is scored

double creature_worth(const Game& g, int c) {
  return kPower * std::max(0, g.power(c)) + kToughness * std::max(0, g.toughness(c)) + kCreature;
}

bool main_phase(Phase p) { return p == Phase::kFirstMain || p == Phase::kSecondMain; }

// The active player's priority once blockers are declared (Game::blockers_window).
bool in_blockers_window(const Game& g) {
  return g.blockers_window && g.phase == Phase::kCombatBlockers && g.combat_stage == 1;
}

// Whether `p` holds something mana could pay for outside a main phase: an instant or a flash card,
// a card with abilities usable from the hand (ninjutsu), a permanent's activated ability that makes
// no mana. In the blockers window mana in the pool then counts as in a main phase (so a one-move
// lookahead taps lands for a ninjutsu); without any, tapping there would only waste the lands the
// second main phase could use.
bool could_use_mana(const Game& g, int p) {
  const Game::Player& me = g.players[static_cast<size_t>(p)];
  for (int c : me.zones[kHand]) {
    const CardDef& d = *g.objs[static_cast<size_t>(c)].def;
    if (d.is("instant") || d.has("flash") || !d.hand_abilities.empty()) return true;
  }
  bool any = false;
  for (int c : me.zones[kBattlefield]) {
    g.each_ability(c, [&any](const Ability& a) { any = any || (a.kind == AbilityKind::kActivated && !is_mana_ability(a)); });
    if (any) return true;
  }
  return false;
}

double worth(const Game& g, int p) {
  const Game::Player& me = g.players[static_cast<size_t>(p)];
  const bool spends = g.active == p && (main_phase(g.phase) || (in_blockers_window(g) && could_use_mana(g, p)));
  const double pool = spends ? kPoolMana * me.pool.total() : 0.0;
  double w = me.life - kPoison * me.poison + kHandCard * static_cast<double>(me.zones[kHand].size()) + pool;
  for (const Game::Player& pl : g.players) {
    for (int c : pl.zones[kBattlefield]) {
      const Obj& o = g.objs[static_cast<size_t>(c)];
      if (o.controller != p) continue;
      if (g.is_creature(c)) w += creature_worth(g, c);
      else if (g.is_type(c, "land")) w += kLand + (o.tapped ? 0.0 : kUntapped);
      else w += kPermanent;
    }
  }
  // A permanent spell of p's on its way: most of what it will be (it may still be countered).
  for (const StackItem& s : g.stack) {
    if (s.kind != StackItem::kSpell || s.controller != p || s.source < 0) continue;
    const CardDef& d = *g.objs[static_cast<size_t>(s.source)].def;
    if (d.is("creature")) w += kOnStack * (kPower * d.power + kToughness * d.toughness + kCreature);
    else if (!d.is("instant") && !d.is("sorcery")) w += kOnStack * kPermanent;
  }
  return w;
}

// Combat declared but not yet dealt, as the engine will deal it (Wagic's automatic assignment,
// simplified: no first strike, no trample): life lost to unblocked attackers, creatures that take
// lethal damage. Added to each side's worth, so attacking looks like the damage it will do and a
// block like the trade it makes.
void forecast_combat(const Game& g, double w[2]) {
  // (The blockers step's stage 1 is its priority once blocks are declared: still before damage.)
  if ((g.phase != Phase::kCombatAttackers && g.phase != Phase::kCombatBlockers) || g.combat_stage > 1) return;
  const int att_side = g.active, def_side = 1 - g.active;
  for (int a : g.players[static_cast<size_t>(att_side)].zones[kBattlefield]) {
    const Obj& o = g.objs[static_cast<size_t>(a)];
    if (!o.attacking || o.controller != att_side) continue;
    int left = std::max(0, g.power(a));
    if (o.blockers.empty()) {
      w[def_side] -= left;
      continue;
    }
    int against = 0;
    for (int b : o.blockers) {
      against += std::max(0, g.power(b));
      const int lethal = std::max(0, g.toughness(b) - g.objs[static_cast<size_t>(b)].damage);
      if (left >= lethal && left > 0) w[def_side] -= creature_worth(g, b);
      left -= std::min(left, lethal);
    }
    if (against >= g.toughness(a) - o.damage) w[att_side] -= creature_worth(g, a);
  }
}

double score(const Match& m, int player) {
  if (m.over()) {
    const int w = m.winner();
    return w < 0 ? 0 : w == player ? 1e6 : -1e6;
  }
  const Game& g = m.game();
  double w[2] = {worth(g, 0), worth(g, 1)};
  forecast_combat(g, w);
  return w[player] - w[1 - player];
}

}  // namespace

// Scored once the offers to respond now open are declined (a few at most): a spell or ability
// counts for what it did, not for the card and mana it cost. Mana in the pool of the player who is
// offered to respond counts as it would in their main phase (they may still cast an instant with
// it), so a one-move lookahead taps lands before it responds.
double MatchGame::evaluate(int player) const {
  if (!match_->offer_open() || match_->over()) return score(*match_, player);
  const Game& g = match_->game();
  const bool own_main = g.active == player && main_phase(g.phase);
  const double pool = match_->actor() == player && !own_main ? kPoolMana * g.players[static_cast<size_t>(player)].pool.total() : 0.0;
  Match quiet(*match_);
  for (int i = 0; i < kQuietMoves && quiet.offer_open() && !quiet.over(); ++i) quiet.play(Move{});
  return score(quiet, player) + (quiet.over() ? 0.0 : pool);
}

bool MatchGame::worth_searching() const {
  const std::vector<Move>& moves = match_->moves();
  size_t cards = 0;
  for (const Move& m : moves) {
    if (m.kind == Move::kMulligan || m.kind == Move::kNext) continue;
    if (m.kind != Move::kCard) return true;  // a menu's option, a target, a player
    ++cards;
  }
  return cards > mana_moves(*this, moves).size();
}

// What `observer` cannot see: the order of both libraries and which of the opponent's unseen cards
// are in their hand. The opponent's hand and library are pooled, shuffled and dealt back in their
// sizes; the observer's own library is shuffled. (Cards the observer saw go back into the pool too:
// the engine does not record what was revealed.)
void Match::determinize(int observer, kernel::Rng& rng) {
  moves_valid_ = false;
  shuffle_unseen(observer, rng);
  game_.invalidate();  // characteristics that count a hand or a library are computed again
}

void Match::shuffle_unseen(int observer, kernel::Rng& rng) {
  auto shuffle = [&rng](std::vector<int>& v) {
    for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.below(static_cast<uint32_t>(i))]);
  };
  // The observer's own library (a spectator has none), then each other player's hand and library
  // pooled (a spectator sees neither hand).
  if (observer >= 0) shuffle(game_.players[static_cast<size_t>(observer)].zones[kLibrary]);
  for (int p = 0; p < 2; ++p) {
    if (p == observer) continue;
    auto& other = game_.players[static_cast<size_t>(p)];
    std::vector<int> unseen = other.zones[kHand];
    unseen.insert(unseen.end(), other.zones[kLibrary].begin(), other.zones[kLibrary].end());
    shuffle(unseen);
    const size_t in_hand = other.zones[kHand].size();
    other.zones[kHand].assign(unseen.begin(), unseen.begin() + static_cast<long>(in_hand));
    other.zones[kLibrary].assign(unseen.begin() + static_cast<long>(in_hand), unseen.end());
    for (int c : other.zones[kHand]) game_.objs[static_cast<size_t>(c)].zone = kHand;
    for (int c : other.zones[kLibrary]) game_.objs[static_cast<size_t>(c)].zone = kLibrary;
  }
}

}  // namespace rk::mtg
