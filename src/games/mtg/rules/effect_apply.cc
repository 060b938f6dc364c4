// One-shot effects applied to their recipients (cards or players).
#include <bit>
#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "games/mtg/rules/game.h"

namespace rk::mtg {
namespace {

int zone_of_word(const std::string& w) {
  if (w.find("hand") != std::string::npos) return kHand;
  if (w.find("graveyard") != std::string::npos) return kGraveyard;
  if (w.find("library") != std::string::npos) return kLibrary;
  if (w.find("exile") != std::string::npos || w.find("removedfromgame") != std::string::npos) return kExile;
  if (w.find("battlefield") != std::string::npos || w.find("inplay") != std::string::npos) return kBattlefield;
  return -1;
}

// What the effect being applied refers to, for amounts that count or read a card.
struct Context {
  const Game* g = nullptr;
  int source = -1, controller = 0;
  const Target* target = nullptr;
};
Context ctx;

// While an effect happens to several cards in one resolution (several targets, all(..), a
// lord(..) line): true until the last of them. A may in and!(..)! is asked once, after the last
// (apply_card). Set for the span of one card's application; nested effects set their own.
bool more_cards_follow = false;
struct MoreCards {
  explicit MoreCards(bool more) : saved(more_cards_follow) { more_cards_follow = more; }
  ~MoreCards() { more_cards_follow = saved; }
  MoreCards(const MoreCards&) = delete;
  MoreCards& operator=(const MoreCards&) = delete;
  bool saved;
};

int amount_abs(const Amount& a, int x);

// The symbols of one colour in a mana cost: plain, hybrid (either half) and phyrexian.
int mana_symbols(const ManaCost& cost, int color) {
  int n = cost.fixed[static_cast<size_t>(color)] + cost.phyrexian[static_cast<size_t>(color)];
  for (auto [a, b] : cost.hybrid) n += a == color || b == color;
  return n;
}

int amount(const Amount& a, int x) { return a.modified(a.negative ? -amount_abs(a, x) : amount_abs(a, x)); }

int amount_abs(const Amount& a, int x) {
  if (a.is_x) return a.value < 0 ? -x : x;
  if (a.var.empty() || !ctx.g) return a.value;
  const Game& g = *ctx.g;
  if (a.var == "type" || a.var == "devotion") {
    int n = 0;
    for (size_t c = 0; c < g.objs.size(); ++c) {
      if (!g.matches(a.count, static_cast<int>(c), ctx.source, ctx.controller)) continue;
      n += a.var == "type" ? 1 : mana_symbols(g.objs[c].def->cost, a.value);
    }
    return n;
  }
  int card = ctx.source;
  if (ctx.target && ctx.target->card >= 0) {
    card = ctx.target->card;
  } else if (g.current_trigger >= 0) {
    card = g.current_trigger;  // "that creature": what the trigger was about
  } else if (card >= 0 && g.objs[static_cast<size_t>(card)].attached >= 0) {
    card = g.objs[static_cast<size_t>(card)].attached;
  }
  if (a.var == "highestpower") {  // power:highest:spec: the greatest power among such cards
    int best = 0;
    for (size_t c = 0; c < g.objs.size(); ++c) {
      if (g.matches(a.count, static_cast<int>(c), ctx.source, ctx.controller)) best = std::max(best, g.power(static_cast<int>(c)));
    }
    return best;
  }
  if ((a.var == "pdauntless" || a.var == "pbasiclandtypes" || a.var == "gravecardtypes") && ctx.source >= 0) return g.eval_amount(a, ctx.source);
  if (a.var == "manacostsum") {  // pancientooze: the mana values of such cards, summed
    int n = 0;
    for (size_t c = 0; c < g.objs.size(); ++c) {
      if (g.matches(a.count, static_cast<int>(c), ctx.source, ctx.controller)) n += g.objs[c].def->cost.converted();
    }
    return n;
  }
  if (a.var == "highestmanacost" || a.var == "lowestmanacost" || a.var == "lowestpower" || a.var == "highesttoughness" ||
      a.var == "lowesttoughness") {  // convertedcost:highest:spec and its kin (none such: 0)
    const bool high = a.var[0] == 'h';
    const char what = a.var[high ? 7 : 6];  // m, p or t
    int best = high ? 0 : -1;
    for (size_t c = 0; c < g.objs.size(); ++c) {
      const int obj = static_cast<int>(c);
      if (!g.matches(a.count, obj, ctx.source, ctx.controller)) continue;
      const int v = what == 'm' ? g.objs[c].def->cost.converted() : what == 'p' ? g.power(obj) : g.toughness(obj);
      best = best < 0 ? v : high ? std::max(best, v) : std::min(best, v);
    }
    return std::max(best, 0);
  }
  if (a.var == "thatmuch") return g.current_amount;
  if (a.var == "kicked") return g.resolving_kicks;  // times the kicker was paid
  if (a.var.rfind("stored", 0) == 0) {  // the card paid as the cost, as it last was on the battlefield
    if (g.current_stored < 0) return 0;
    const Obj& s = g.objs[static_cast<size_t>(g.current_stored)];
    const bool there = s.zone == kBattlefield;
    if (a.var == "storedmanacost") return s.def->cost.converted();
    if (a.var == "storedpower") return there ? g.power(g.current_stored) : s.lki_power;
    return there ? g.toughness(g.current_stored) : s.lki_toughness;
  }
  if (a.var == "pdcount" || a.var == "odcount") {  // damage dealt this turn to its controller / the opponent
    return g.players[static_cast<size_t>(a.var[0] == 'p' ? ctx.controller : 1 - ctx.controller)].damage_taken;
  }
  if (a.var == "lifelost" || a.var == "oplifelost") {  // life its controller / the opponent lost this turn
    return g.players[static_cast<size_t>(a.var[0] == 'l' ? ctx.controller : 1 - ctx.controller)].life_lost;
  }
  if (a.var.rfind("counter{", 0) == 0) return ctx.source >= 0 ? g.this_count(a.var, ctx.source) : 0;
  const auto& me = g.players[static_cast<size_t>(ctx.controller)];
  const auto& them = g.players[static_cast<size_t>(1 - ctx.controller)];
  if (a.var == "lifetotal") return me.life;
  if (a.var == "opponentlifetotal") return them.life;
  if (a.var == "highestlifetotal") return std::max(me.life, them.life);
  if (a.var == "lowestlifetotal") return std::min(me.life, them.life);
  if (a.var == "mypoisoncount") return me.poison;
  if (a.var == "opponentpoisoncount") return them.poison;
  if (a.var == "phandcount") return static_cast<int>(me.zones[kHand].size());
  if (a.var == "ohandcount") return static_cast<int>(them.zones[kHand].size());
  // Black Vise: the cards over four in the chosen player's hand (none chosen: the opponent's).
  if (a.var == "morethanfourcards") {
    const int chosen = ctx.source >= 0 ? g.objs[static_cast<size_t>(ctx.source)].player_target : -1;
    const auto& whose = chosen >= 0 ? g.players[static_cast<size_t>(chosen)] : them;
    return std::max(0, static_cast<int>(whose.zones[kHand].size()) - 4);
  }
  if (a.var == "sunburst") return ctx.source >= 0 ? g.objs[static_cast<size_t>(ctx.source)].sunburst : 0;
  if (card < 0) return 0;
  const Obj& o = g.objs[static_cast<size_t>(card)];
  const bool gone = o.zone != kBattlefield;
  if (a.var == "manacost") return o.def->cost.converted();
  if (a.var == "colors") return std::popcount(static_cast<unsigned>(g.colors(card) & ~1));
  if (a.var == "p") return gone ? o.lki_power : g.power(card);
  return gone ? o.lki_toughness : g.toughness(card);
}

}  // namespace

// Who an effect without a card recipient applies to.
static int player_for(const Game& g, const EffectDef& e, int source, int controller, const Target* t) {
  if (e.who == "opponent") return 1 - controller;
  if (e.who == "controller") return controller;
  if (e.who == "targetcontroller" && !t && g.current_trigger >= 0) {
    return g.objs[static_cast<size_t>(g.current_trigger)].controller;
  }
  if (e.who == "targetcontroller" && t && t->card >= 0) return g.objs[static_cast<size_t>(t->card)].controller;
  if (e.who == "targetcontroller" && !t && source >= 0 && g.objs[static_cast<size_t>(source)].attached >= 0) {
    return g.objs[static_cast<size_t>(g.objs[static_cast<size_t>(source)].attached)].controller;
  }
  if (t && t->player >= 0) return t->player;
  if (e.who == "targetedplayer" && source >= 0 && g.objs[static_cast<size_t>(source)].player_target >= 0) {
    return g.objs[static_cast<size_t>(source)].player_target;  // the player chosen for the card earlier
  }
  if ((e.who == "targetcontroller" || e.who == "owner") && t && t->card >= 0) return g.objs[static_cast<size_t>(t->card)].owner;
  return controller;
}

static bool player_effect(Eff k) {
  return k == Eff::kPreventN || k == Eff::kTurns || k == Eff::kLife || k == Eff::kLoseLife || k == Eff::kLifeSet || k == Eff::kMaxPlayLand || k == Eff::kShuffle || k == Eff::kMaxCast || k == Eff::kDraw || k == Eff::kDiscard || k == Eff::kDeplete ||
         k == Eff::kAddMana || k == Eff::kToken || k == Eff::kPlayerRule || k == Eff::kWinGame || k == Eff::kNextPhaseAlter;
}

void make_token(Game& g, const EffectDef& e, int source, int controller, int x);

// The amount a dynamicability word reads from a card (its first word: power, toughness, ...).
static int dynamic_amount(const Game& g, const std::string& w, int from, bool gone) {
  const Obj& o = g.objs[static_cast<size_t>(from)];
  if (w.rfind("power", 0) == 0) return gone ? o.lki_power : g.power(from);
  if (w.rfind("toughness", 0) == 0) return gone ? o.lki_toughness : g.toughness(from);
  if (w.rfind("oneonecounters", 0) == 0) return o.plus_counters;
  if (w.rfind("thatmuch", 0) == 0) return g.current_amount;  // what the trigger's event amounted to
  if (w.rfind("charge", 0) == 0) return o.counters.count("charge") ? o.counters.at("charge") : 0;
  if (w.rfind("age", 0) == 0) return o.counters.count("age") ? o.counters.at("age") : 0;
  if (w.rfind("colors", 0) == 0) return std::popcount(static_cast<unsigned>(g.colors(from)) & 0x3E);  // WUBRG bits 1..5
  return o.def->cost.converted();
}

// dynamicability: the amount from a card's power, toughness or mana value, given as life, damage
// or a pump to the recipient (the ability written after `!>` runs here once the amount is counted:
// Devour Flesh's life is the toughness of the creature it sacrifices).
static void apply_dynamic(Game& g, const EffectDef& e, int source, int controller, const Target* t) {
  const int from = e.token_spec == "mytgt" && t && t->card >= 0 ? t->card : source;
  if (from < 0) return;
  const std::string& w = e.word;
  const bool gone = g.objs[static_cast<size_t>(from)].zone != kBattlefield;
  const int n = std::max(0, dynamic_amount(g, w, from, gone));
  // Wagic's stored ability (dynamicability<!..!> A): A happens to the target (the source, without
  // one) once the amount is counted, before the amount's own effect (AADynamic::activateMainAbility).
  if (e.and_then) g.run_effects(*e.and_then, source, controller, {t ? *t : Target{source}}, 0);
  int player = controller;
  if (e.who == "targetcontroller" && t && t->card >= 0) player = g.objs[static_cast<size_t>(t->card)].controller;
  if (e.who == "targetcontroller" && t && t->player >= 0) player = t->player;
  if (e.who == "opponent" || e.who == "srcopponent") player = 1 - controller;
  if (e.who == "targetopponent") {  // the opponent of the target's controller (of the source's, without a target card)
    player = 1 - (t && t->card >= 0 ? g.objs[static_cast<size_t>(t->card)].controller : controller);
    if (t && t->player >= 0) player = 1 - t->player;
  }
  if (e.who == "eachother") {  // a fight: each deals damage equal to its amount to the other, at once
    if (!t || t->card < 0 || from < 0 || g.objs[static_cast<size_t>(t->card)].zone != kBattlefield) return;
    const int back = std::max(0, dynamic_amount(g, w, t->card, false));
    g.damage_card(t->card, n, from, false);
    if (g.objs[static_cast<size_t>(from)].zone == kBattlefield) g.damage_card(from, back, t->card, false);
    return;
  }
  if (w.find("draw") != std::string::npos) return g.draw(player, n, true, source);
  if (w.find("deplete") != std::string::npos) {
    auto& lib = g.players[static_cast<size_t>(player)].zones[kLibrary];
    for (int i = 0; i < n && !lib.empty(); ++i) g.mill_one(player, kGraveyard);
    return;
  }
  if (w.find("pumpboth") != std::string::npos) {
    const int to = e.who == "tosrc" || !t || t->card < 0 ? source : t->card;
    if (to >= 0) {
      g.objs[static_cast<size_t>(to)].pump_p += n;
      g.objs[static_cast<size_t>(to)].pump_t += n;
    }
    return;
  }
  if (w.find("countersoneone") != std::string::npos) {  // +1/+1 counters: on the source (tosrc) or the target
    const int to = e.who == "tosrc" || !t || t->card < 0 ? source : t->card;
    if (!g.has(to, "countershroud")) g.objs[static_cast<size_t>(to)].plus_counters += n;
  } else if (w.find("lifegain") != std::string::npos) {
    g.change_life(player, n);
  } else if (w.find("lifeloss") != std::string::npos) {
    g.change_life(player, -n);
  } else if (w.find("strike") != std::string::npos) {
    if (e.who == "tosrc" && source >= 0) {  // the amount's card deals it to the source (Goblin Tinkerer)
      if (g.objs[static_cast<size_t>(source)].zone == kBattlefield) g.damage_card(source, n, from, false);
    } else if (!e.who.empty() || !t) {
      g.damage_player(player, n, from, false);
    } else if (t->card >= 0) {
      g.damage_card(t->card, n, from, false);
    } else if (t->player >= 0) {
      g.damage_player(t->player, n, from, false);
    }
  } else if (const int to = e.who == "tosrc" ? source : t && t->card >= 0 ? t->card : -1; to >= 0) {
    Obj& o = g.objs[static_cast<size_t>(to)];  // on the source with tosrc (Hoard-Smelter Dragon), else the target
    (w.find("pumppow") != std::string::npos ? o.pump_p : o.pump_t) += n;
  }
}

static void apply_player(Game& g, const EffectDef& e, int p, int source, int controller, int x) {
  auto& pl = g.players[static_cast<size_t>(p)];
  const int n = amount(e.a, x);
  switch (e.kind) {
    case Eff::kLife: g.change_life(p, n); break;
    case Eff::kLoseLife: g.change_life(p, -n); break;
    case Eff::kLifeSet: pl.life = n; break;
    case Eff::kWinGame: g.win_game(p); break;
    case Eff::kNextPhaseAlter: g.alter_next_phase(e, p); break;
    case Eff::kPreventN: pl.prevent_next += n; break;  // the next N damage to the player this turn
    case Eff::kTurns:  // turns:+N: N extra turns after this one; turns:-N: the player skips the next N turns
      for (int i = 0; i < n; ++i) g.extra_turns.push_back(p);
      if (n < 0) pl.skip_turns -= n;
      break;
    case Eff::kShuffle:  // without a random source (the test runner) the order stays: assertions ignore it
      if (g.rng) {
        auto& lib = pl.zones[kLibrary];
        for (size_t i = lib.size(); i > 1; --i) std::swap(lib[i - 1], lib[g.rng->below(static_cast<uint32_t>(i))]);
      }
      break;
    case Eff::kMaxCast:
      if (source >= 0 && g.objs[static_cast<size_t>(source)].zone == kBattlefield) return g.unsupported("static maxcast");
      pl.cast_limit = n;
      break;
    case Eff::kMaxPlayLand:
      // From a spell: this turn only (a permanent's is a static line: Game::static_change).
      pl.extra_lands += n;
      break;
    case Eff::kDraw: g.draw(p, n, e.word != "noreplace", source); break;
    case Eff::kDamage: g.damage_player(p, n, source, false); break;
    case Eff::kDiscard:
      for (int i = 0; i < n && !pl.zones[kHand].empty(); ++i) {
        const int card = pl.zones[kHand].front();
        g.discard(card, p, source);
      }
      break;
    case Eff::kDeplete:  // deplete:N mills, ingest:N exiles
      for (int i = 0; i < n && !pl.zones[kLibrary].empty(); ++i) g.mill_one(p, e.word == "exile" ? kExile : kGraveyard);
      break;
    case Eff::kAddMana:
      // Mana a snow permanent makes is snow mana (CR 107.4h: what {i} is paid with).
      if (source >= 0 && g.is_type(source, ty::kSnow)) {
        pl.pool.add_snow(parse_pool(e.word));
      } else {
        pl.pool.add(parse_pool(e.word));
      }
      if (e.word.find("doesntempty") != std::string::npos) pl.kept.add(parse_pool(e.word));
      break;
    case Eff::kToken:
      for (int i = 0, k = e.b2.is_x ? x : !e.b2.var.empty() ? amount(e.b2, x) : e.times; i < k; ++i) make_token(g, e, source, p, x);
      break;
    case Eff::kPlayerRule: g.player_rule(e, p, controller, n); break;
    // "If a creature dealt damage this way would die, exile it instead" (Pillar of Flame) asks
    // nothing of a player the spell's damage went to.
    case Eff::kExileDeath: break;
    default: g.unsupported(std::string("player effect ") + e.word); break;
  }
  (void)controller;
}

// counter(p/t,N[,name]): +1/+1 and -1/-1 counters by count, any other kind by name; N < 0 removes.
static int amount_times(const EffectDef& e, int x) { return e.b2.is_x || !e.b2.var.empty() ? amount(e.b2, x) : e.times; }

static void add_counters(Obj& o, const EffectDef& e, int times) {
  // counter(..,max): counters put stop at the limit (ones already past it stay).
  auto put = [&e, times](int& count) {
    const int to = std::max(0, count + times);
    count = e.counter_max > 0 && times > 0 ? std::min(to, std::max(count, e.counter_max)) : to;
  };
  if (!e.word.empty() || e.a.value * e.b.value != 1) {
    put(o.counters[!e.word.empty() ? e.word : std::to_string(e.a.value) + "/" + std::to_string(e.b.value)]);
    return;
  }
  put(e.a.value == 1 ? o.plus_counters : o.minus_counters);
}

static void apply_card_once(Game& g, const EffectDef& e, int c, int source, int controller, int x);

static bool spec_is(const Spec& s, const char* type) { return s.alts.size() == 1 && s.alts[0].type == type; }

// clone: a token that copies the card (its copiable values: the card as printed, or what it copies).
static void clone_token(Game& g, const EffectDef& e, int c, int source, int controller) {
  const int64_t src_id = source >= 0 ? g.objs[static_cast<size_t>(source)].mtg_id : 0;
  const int t = g.create(g.objs[static_cast<size_t>(c)].def, -src_id, controller);
  g.objs[static_cast<size_t>(t)].token = true;
  g.move(t, controller, kBattlefield);
  g.objs[static_cast<size_t>(t)].sick = true;
  // with(unearth,haste): keywords the copy has (until it goes: unearth and treason see to that)
  if (e.becomes) {
    for (const std::string& k : e.becomes->keywords) g.grant(g.objs[static_cast<size_t>(t)], k);
  }
  // addtype(..): types besides its own (the compiler made them a transforms((..)) forever)
  if (e.inner) {
    for (const EffectDef& change : e.inner->effects) g.add_change(t, change, false);
  }
  g.note("token copy of " + g.name(c));
  g.run_one_shots(t, controller, {}, 0);
  g.fire_zone_triggers(t, kLibrary, kBattlefield);
}

// Effects that mark a card until end of turn or as it enters: pumps, keywords, switched P/T,
// regeneration shields, counters it enters with.
static void mark_card(Game& g, const EffectDef& e, Obj& o, int source, int x) {
  const int n = amount(e.a, x);
  switch (e.kind) {
    case Eff::kPump:
      if (e.ueot && (e.a.var == "type" || e.b.var == "type")) {
        o.counted_pumps.emplace_back(&e, source);  // a count that follows the board until end of turn (Angry Mob)
        break;
      }
      o.pump_p += n;
      o.pump_t += amount(e.b, x);
      break;
    case Eff::kGrant: g.grant(o, e.word); break;
    case Eff::kSwap: o.switched = !o.switched; break;  // until end of turn
    case Eff::kExileDeath: g.grant(o, "exiledeath"); break;  // this turn, dying exiles it
    case Eff::kBloodthirst:  // enters with N +1/+1 counters if an opponent was dealt damage this turn
      if (g.players[static_cast<size_t>(1 - o.controller)].damaged) o.plus_counters += n;
      break;
    case Eff::kVanishing: o.counters["time"] += n; break;  // enters with N time counters (turn.cc removes them)
    case Eff::kFading: o.counters["fade"] += n; break;     // enters with N fade counters (turn.cc)
    case Eff::kRegenerate: ++o.regen; break;
    case Eff::kPreventN: o.prevent_next += n; break;  // the next N damage this turn
    default: break;
  }
}

static void apply_card(Game& g, const EffectDef& e, int c, int source, int controller, int x) {
  if (e.kind == Eff::kCastCard) {
    c = g.cast_card(e, c, controller);  // cast_card.cc: its and!(..)! follows the copy
  } else {
    apply_card_once(g, e, c, source, controller, x);
  }
  g.invalidate();  // characteristics are computed again (layers.h)
  if (e.and_then && e.and_then->may) {
    // and!(may ..)!: once, of the player whose effect it follows, after the effect has happened to
    // every card it reaches (Chain of Smog: the copy is offered once for the two cards discarded).
    // The compiler runs only such abilities as do not act on those cards (card_compile.cc).
    if (!more_cards_follow) g.run_as(*e.and_then, source, controller, x);
  } else if (e.and_then && e.and_then->has_target) {  // and!(.. target(..))!: its own choice, by the controller
    if (!g.any_target(e.and_then->target, source, controller)) return;
    Chooser ch;
    ch.spec = e.and_then->target;
    ch.player = controller;
    ch.source = source;
    ch.is_cost = e.and_then->not_a_target;
    ch.done = {Resume{.kind = Resume::Kind::kRunEffects, .card = source, .actor = controller, .x = x, .ability = e.and_then.get()}};
    g.choosers.push_back(std::move(ch));
  } else if (e.and_then) {
    g.run_effects(*e.and_then, source, controller, {Target{c}}, x);  // and!(..)!: to the same card
  }
}

static void apply_card_once(Game& g, const EffectDef& e, int c, int source, int controller, int x) {
  Obj& o = g.objs[static_cast<size_t>(c)];
  const int n = amount(e.a, x);
  if (e.kind == Eff::kPump && e.word == "cdaactive") {  // its own P/T formula while it stays (layers.cc apply_cdas)
    if (o.zone == kBattlefield) o.chosen_cda = &e;
    g.invalidate();
    return;
  }
  switch (e.kind) {
    case Eff::kDamage: g.damage_card(c, n, source, false); break;
    case Eff::kDestroy: g.destroy(c, true); break;
    case Eff::kBury: g.destroy(c, false); break;
    case Eff::kSacrifice: g.sacrifice(c); break;
    case Eff::kReject:  // a chosen discard: the card goes to its owner's graveyard as discarded
      if (o.zone != kHand) break;
      g.discard(c, o.owner, source);
      break;
    case Eff::kTap:
    case Eff::kUntap:
      if (o.tapped != (e.kind == Eff::kTap)) {
        o.tapped = e.kind == Eff::kTap;
        g.fire_event(o.tapped ? "tapped" : "untapped", c, -1, source, false);
      }
      break;
    case Eff::kFrozen:
      if (o.zone == kBattlefield) o.frozen = true;
      break;
    case Eff::kResetCost:  // its cost changes are gone; those of effects still in force come back as layers recompute
      o.cost_change.fill(0);
      g.invalidate();
      break;
    case Eff::kResetDamage:  // the damage marked on it this turn is gone (deathtouch's mark with it)
      o.damage = 0;
      o.deathtouched = false;
      break;
    case Eff::kPump:
    case Eff::kGrant:
    case Eff::kSwap:
    case Eff::kExileDeath:
    case Eff::kBloodthirst:
    case Eff::kVanishing:
    case Eff::kFading:
    case Eff::kPreventN:
    case Eff::kRegenerate: mark_card(g, e, o, source, x); break;
    case Eff::kCopy:
      // The source becomes a copy of the chosen card (its copiable values: the card itself).
      if (source >= 0 && source != c) g.objs[static_cast<size_t>(source)].def = o.def;
      break;
    case Eff::kTransform:  // an instant's lord( lasts until end of turn
      g.add_change(c, e, e.ueot || g.lord_once != nullptr);
      if (e.uynt) g.objs[static_cast<size_t>(c)].changes.back().until = controller;
      g.apply_new_abilities(e, c, x);
      break;
    case Eff::kLoseAbilities:
    case Eff::kLoseSubtypes: g.add_change(c, e, e.ueot); break;
    case Eff::kPhaseAction: g.add_phase_action(e, c, controller); break;
    case Eff::kFlip: g.flip_card(c, e.word); break;
    case Eff::kEquip:
      if (e.word == "newtarget") {  // Academy Researchers: the aura enters attached to the source, as if it resolved (Wagic's AANewTarget)
        const int from = o.zone;
        g.move(c, controller, kBattlefield);
        g.objs[static_cast<size_t>(c)].sick = true;
        if ((g.is_type(c, "aura") || g.is_type(c, "equipment")) && source >= 0 && c != source) g.attach(c, source);
        g.run_one_shots(c, controller, {}, 0);
        g.fire_zone_triggers(c, from, kBattlefield);
      } else if (e.word == "newhook") {
        g.attach(c, source);  // the named equipment onto the source
      } else if (c != source) {
        g.attach(source, c);
      }
      break;
    case Eff::kClone: clone_token(g, e, c, source, controller); break;
    case Eff::kPreventCombat:
    case Eff::kPreventAll:
      if (e.word.empty()) g.prevent_combat = true;  // a fog: this turn's combat damage
      if (e.word == "spec" && e.kind == Eff::kPreventCombat && (spec_is(e.prevent_to, "mytgt") || spec_is(e.prevent_from, "mytgt"))) {
        // fog to(mytgt) / from(mytgt) (Maze of Ith): combat damage to or by the target, this turn
        if (spec_is(e.prevent_to, "mytgt")) g.grant(o, "preventcombatto");
        if (spec_is(e.prevent_from, "mytgt")) g.grant(o, "preventcombatfrom");
      } else if (e.word == "spec") {
        g.turn_shields.push_back({&e, source, c});  // Tanglesap: until the turn ends (Game::shielded)
      }
      break;
    case Eff::kCounter:
      if (!g.has(c, "countershroud")) {
        const std::string key = !e.word.empty() ? e.word : std::to_string(e.a.value) + "/" + std::to_string(e.b.value);
        auto count = [&o, &key] { return key == "1/1" ? o.plus_counters : key == "-1/-1" ? o.minus_counters : o.counters[key]; };
        const int before = count();
        add_counters(o, e, amount_times(e, x));
        const int changed = count() - before;
        for (int i = 0; i < (changed < 0 ? -changed : changed); ++i) {  // once per counter (@counteradded, @counterremoved)
          g.fire_event((changed > 0 ? "counteradded:" : "counterremoved:") + key, c, -1, source, false);
        }
        if (changed < 0 && key == "time") g.last_time_counter(c);
        if (key == "time" && changed < 0) g.cast_suspended(c);  // an effect took a suspended card's last one
      }
      break;
    case Eff::kMoveTo: {
      const int z = zone_of_word(e.word);
      if (z < 0) return g.unsupported("moveto(" + e.word + ")");
      const int from = o.zone;
      // An aura put onto the battlefield needs something to enchant; with nothing it stays (CR 303.4g).
      if (z == kBattlefield && from != kBattlefield && o.def->is("aura") && o.def->has_spell_target &&
          !g.any_target(o.def->spell_target, c, o.owner))
        break;
      const int to_player = e.word.rfind("my", 0) == 0         ? controller
                            : e.word.rfind("opponent", 0) == 0 ? 1 - controller
                                                               : o.owner;
      g.move(c, to_player, z);
      if (z == kBattlefield) g.objs[static_cast<size_t>(c)].sick = true;
      // Exile goes to the owner's (as every zone but the battlefield and the stack here); Wagic has
      // the card in the named player's exile, whose player may play it (canplayfromexile).
      if (z == kExile && g.objs[static_cast<size_t>(c)].zone == kExile) g.objs[static_cast<size_t>(c)].exile_player = to_player;
      // Its own comes-into-play lines run however it arrives (Wagic: X is 0 then).
      if (z == kBattlefield && from != kBattlefield && g.objs[static_cast<size_t>(c)].zone == kBattlefield) g.run_one_shots(c, to_player, {}, 0);
      g.fire_zone_triggers(c, from, z);
      break;
    }
    case Eff::kProliferate:  // one more counter of each kind already there
      if (o.plus_counters > 0) ++o.plus_counters;
      if (o.minus_counters > 0) ++o.minus_counters;
      for (auto& [kind, count] : o.counters) count += count > 0;
      break;
    case Eff::kRemoveFromCombat:
      if (o.zone == kBattlefield) g.remove_from_combat(c);
      break;
    case Eff::kNinjutsu:  // combat.cc
      // The card's own ninjutsu ({N}:ninjutsu, CR 702.49a) puts it "from your hand": discarded or
      // exiled meanwhile, it stays where it went. A target (Alesha's graveyard card) comes from its zone.
      if (c == source && o.zone != kHand) break;
      g.put_attacking(c, controller);
      break;
    case Eff::kBottom:  // to the bottom of its owner's library
      if (o.zone != kLibrary) g.move(c, o.owner, kLibrary, false);
      break;
    case Eff::kRemoveCounters:
      if (e.word == "all" || e.word == "1/1") o.plus_counters = 0;
      if (e.word == "all" || e.word == "-1/-1") o.minus_counters = 0;
      if (e.word == "all") {
        o.counters.clear();
      } else {
        o.counters.erase(e.word);
      }
      break;
    case Eff::kPhaseOut:  // until its controller's next untap step (turn.cc)
      if (o.zone == kBattlefield) {
        o.phased_out = true;
        o.attacking = false;
        g.note(o.def->lname + " phases out");
      }
      break;
    case Eff::kBlink: {
      if (e.to_hand) {  // hand(blink)..: from whatever zone it is in (not the stack)
        if (o.zone == kExile || o.zone == kStack) break;
        const int from = o.zone;
        g.move(c, o.owner, kExile);
        if (from == kBattlefield) g.fire_zone_triggers(c, kBattlefield, kExile);
        g.held.emplace_back(c, e.word == "forsrc" ? source : -1);
        g.held_to_hand.push_back(c);
        break;
      }
      if (o.zone != kBattlefield) break;
      g.move(c, o.owner, kExile);
      g.fire_zone_triggers(c, kBattlefield, kExile);
      if (e.word.empty() && !e.ueot) {
        g.bring_back(c);
      } else {
        g.held.emplace_back(c, e.word == "forsrc" ? source : -1);
      }
      break;
    }
    case Eff::kFizzle:
      if (o.zone == kStack && !g.has(c, "nofizzle")) {
        for (size_t i = 0; i < g.stack.size(); ++i) {
          if (g.stack[i].source == c && g.stack[i].kind == StackItem::kSpell) {
            g.stack.erase(g.stack.begin() + static_cast<long>(i));
            break;
          }
        }
        g.fizzle_spell(c, e.word);
      }
      break;
    default:
      if ((e.kind == Eff::kPreventCombat || e.kind == Eff::kPreventAll) && e.word.empty()) {
        g.prevent_combat = true;
      } else if (player_effect(e.kind)) {
        apply_player(g, e, o.controller, source, controller, x);
      } else {
        g.unsupported("effect on a card: " + e.word);
      }
  }
}

// all(spec) written on an effect: every such card (and player) now.
static void apply_all(Game& g, const EffectDef& e, int source, int controller, int x) {
  std::vector<int> all;
  for (size_t c = 0; c < g.objs.size(); ++c) {
    if (g.matches(e.all, static_cast<int>(c), source, controller)) all.push_back(static_cast<int>(c));
  }
  if (e.random_one && all.size() > 1) {  // moverandom: one of them; without a random source (the test runner) the first
    const int one = all[g.rng ? g.rng->below(static_cast<uint32_t>(all.size())) : 0];
    all = {one};
  }
  if (all.empty() && e.kind == Eff::kDynamic && e.all.alts.size() == 1 && e.all.alts[0].type == "trigger" && g.current_trigger < 0) {
    apply_dynamic(g, e, source, controller, nullptr);  // all(trigger[to]) of a player's event (life gained)
    return;
  }
  for (int c : all) {
    const Target tc{c};
    const MoreCards more(c != all.back());
    if (e.kind == Eff::kDynamic) {
      apply_dynamic(g, e, source, controller, &tc);  // all(trigger[to]) dynamicability<!mytgt ..!>
    } else {
      apply_card(g, e, c, source, controller, x);
    }
  }
  if (e.all.allows_player()) {
    for (int p = 0; p < 2; ++p) apply_player(g, e, p, source, controller, x);
  }
}

void Game::run_effects(const Ability& a, int source, int controller, const std::vector<Target>& targets, int x) {
  const Context saved = ctx;
  if (targets.size() > 1) {
    // Several targets: the effects happen to each of them.
    for (const Target& t : targets) {
      ctx = Context{this, source, controller, &t};
      const MoreCards more(&t != &targets.back());
      run_effects_in(a, source, controller, {t}, x);
    }
  } else {
    ctx = Context{this, source, controller, targets.empty() ? nullptr : &targets[0]};
    const MoreCards more(false);
    run_effects_in(a, source, controller, targets, x);
  }
  ctx = saved;
}

void Game::run_effects_in(const Ability& a, int source, int controller, const std::vector<Target>& targets, int x) {
  if ((a.kicker_only && !resolving_kicked) || (a.alternative_only && !resolving_alt) || (a.paidmana_only && resolving_alt)) return;
  // "flashback A": the spell was cast from the graveyard with flashback (Game::cast marks it)
  if (a.flashback_only && (source < 0 || static_cast<size_t>(source) >= objs.size() || !objs[static_cast<size_t>(source)].flashed)) return;
  if (a.kind == AbilityKind::kSpell && !a.trigger.counts.empty() && !counts_hold(a.trigger.counts, source, controller)) return;  // restriction{..}
  if (a.has_cond) {
    const int saved = condition_x;
    condition_x = x;
    const bool holds = condition_holds(a, source);
    condition_x = saved;
    if (!holds) return;
  }
  if (a.has_if && !if_holds(a, source, controller)) {
    if (a.if_else) run_effects_in(*a.if_else, source, controller, targets, x);
    return;
  }
  // teach(spec) on a spell's line (Rending Vines): only for a target of that kind.
  if (a.teach && a.kind == AbilityKind::kSpell && !targets.empty() && targets[0].card >= 0 &&
      objs[static_cast<size_t>(targets[0].card)].zone == kBattlefield && !matches(a.taught, targets[0].card, source, controller))
    return;
  if (a.has_foreach && foreach_running != &a) {
    // The effects once per matching card: amounts scale (pumps, damage, life, counters).
    int n = 0;
    for (size_t c = 0; c < objs.size() && a.this_count.empty(); ++c) {
      if (matches(a.foreach, static_cast<int>(c), source, controller)) ++n;
    }
    if (!a.this_count.empty()) n = this_foreach(a.this_count, source, x);
    if (a.foreach_over > 0) n = std::max(0, n - a.foreach_over);  // >N: the cards beyond the Nth
    if (a.foreach_under > 0) n = std::min(n, a.foreach_under - 1);  // <N: fewer than N
    const Ability* saved = foreach_running;
    foreach_running = &a;
    for (int i = 0; i < n; ++i) run_effects(a, source, controller, targets, x);
    foreach_running = saved;
    return;
  }
  for (const EffectDef& e : a.effects) {
    if (e.kind == Eff::kAbilityFor) {
      if (e.pay_first) {
        pay_or(e, source, controller, x);
      } else {
        ability_for(e, source, controller, targets, x);
      }
      continue;
    }
    if (e.emblem) {
      emblems.push_back({&e, source, controller, next_stamp()});
      update_continuous();
      for (const Ability& once : e.becomes->once) run_effects(once, source, controller, {}, x);  // compile_effect
      continue;
    }
    if (e.kind == Eff::kCascade) {  // cast_card.cc
      if (source >= 0) cascade(source, controller);
      continue;
    }
    if (e.kind == Eff::kUpkeepCost) {  // a trigger's upcost[..]: due in this upkeep of its controller (turn.cc)
      if (source >= 0 && objs[static_cast<size_t>(source)].zone == kBattlefield && phase == Phase::kUpkeep &&
          objs[static_cast<size_t>(source)].controller == active)
        arm_upkeep_cost(source, *e.inner);
      continue;
    }
    if (e.kind == Eff::kPair) {  // soulbond.cc
      offer_pairing(source, current_trigger, controller);
      continue;
    }
    if (e.kind == Eff::kChoose) {  // choose.cc
      choose_value(e, source, controller, x);
      continue;
    }
    if (e.kind == Eff::kFlipCoin) {  // chance_and_faces.cc
      flip_coin(e, source, controller, targets, x);
      continue;
    }
    if (e.kind == Eff::kForEach) {
      int n = e.each.empty();  // no spec: the part once, as an ability of its own (compiler/if_parts.cc)
      for (size_t c = 0; c < objs.size() && !e.each.empty(); ++c) n += matches(e.each, static_cast<int>(c), source, controller);
      for (int i = 0; i < n; ++i) run_effects(*e.inner, source, controller, targets, x);
      continue;
    }
    if (e.has_all) {
      apply_all(*this, e, source, controller, x);
      continue;
    }
    if (e.kind == Eff::kNothing) continue;
    if (e.kind == Eff::kUnsupported) {
      unsupported(e.word + " (" + a.text + ")");
      continue;
    }
    if (!a.range.empty() && (a.kind != AbilityKind::kLord || lord_once == &a) && !a.has_target) {
      std::vector<int> all;
      for (size_t c = 0; c < objs.size(); ++c) {
        if (matches(a.range, static_cast<int>(c), source, controller)) all.push_back(static_cast<int>(c));
      }
      for (int c : all) {
        const MoreCards more(c != all.back());
        apply_card(*this, e, c, source, controller, x);
      }
      if (a.range.allows_player()) {
        for (int p = 0; p < 2; ++p) apply_player(*this, e, p, source, controller, x);
      }
      continue;
    }
    const Target* t = targets.empty() ? nullptr : &targets[0];
    if (e.kind == Eff::kDynamic) {
      apply_dynamic(*this, e, source, controller, t);
    } else if (player_effect(e.kind) || (e.kind == Eff::kDamage && !e.who.empty())) {
      if (t && t->card >= 0 && e.who.empty() && e.kind != Eff::kToken) {
        apply_card(*this, e, t->card, source, controller, x);
      } else {
        apply_player(*this, e, player_for(*this, e, source, controller, t), source, controller, x);
      }
    } else if (t && t->player >= 0) {
      apply_player(*this, e, t->player, source, controller, x);
    } else if (t && t->card >= 0) {
      apply_card(*this, e, t->card, source, controller, x);
    } else if (source >= 0) {
      // An aura's or equipment's own abilities act on the creature it is attached to.
      const int att = objs[static_cast<size_t>(source)].attached;
      const bool on_attached = att >= 0 && e.kind != Eff::kSacrifice && e.kind != Eff::kMoveTo && e.kind != Eff::kEquip;
      apply_card(*this, e, on_attached ? att : source, source, controller, x);
    }
  }
}

// pay[[cost]] A?B: a menu for the source's controller, A (paying the cost; offered when the pool
// covers it) or B. pay(cost) A: A paying the cost, or nothing.
void Game::pay_or(const EffectDef& e, int source, int controller, int x) {
  const std::vector<Ability>& options = *e.choices;
  ManaCost cost = options.front().mana;
  const int extra = amount(e.a, x);  // {value:..}: that much generic mana
  cost.fixed[0] += extra;
  Menu m;
  m.player = controller;  // a miracle or a trigger's payment off its controller's turn: still theirs
  // pay(cost) A is offered without the mana too: the player then makes it (pending_pay).
  // Life can be paid only up to the life total (CR 119.4).
  const bool life_ok = options.front().life_cost <= players[static_cast<size_t>(controller)].life;
  // The trigger's card goes with the answer (all(trigger[to]) pay[[..]] clone: the card that
  // entered), as the trigger has resolved by the time the player answers (resume.cc, run_as).
  std::vector<StackItem> trigger;
  if (current_trigger >= 0 || current_trigger_from >= 0) {
    trigger.emplace_back();
    trigger.back().trigger_card = current_trigger;
    trigger.back().trigger_from = current_trigger_from;
  }
  if (life_ok && (options.size() == 1 || can_pay(players[static_cast<size_t>(controller)].pool, cost))) {
    m.options.push_back({options.front().text, Resume{.kind = Resume::Kind::kRunAs, .card = source, .actor = controller,
                                                      .x = x, .index = extra, .flag = true, .ability = &options.front(), .item = trigger}});
  }
  if (options.size() == 1) {
    if (m.options.empty()) return;
    m.options.push_back({"cancel", Resume{}});
  } else if (m.options.empty()) {
    return run_as(options.back(), source, controller, x);  // nothing to pay with
  } else {
    m.cancel = false;
    m.options.push_back({options.back().text, Resume{.kind = Resume::Kind::kRunAs, .card = source, .actor = controller, .x = x,
                                                     .ability = &options.back(), .item = trigger}});
  }
  menus.push_back(std::move(m));
}

void Game::release_held(int card) {
  const auto it = std::find(held_to_hand.begin(), held_to_hand.end(), card);
  if (it == held_to_hand.end()) return bring_back(card);
  held_to_hand.erase(it);
  if (objs[static_cast<size_t>(card)].zone == kExile) move(card, objs[static_cast<size_t>(card)].owner, kHand);
}

void Game::bring_back(int card) {
  if (objs[static_cast<size_t>(card)].zone != kExile) return;  // it went elsewhere meanwhile
  const int owner = objs[static_cast<size_t>(card)].owner;
  move(card, owner, kBattlefield);
  objs[static_cast<size_t>(card)].sick = true;
  run_one_shots(card, owner, {}, 0);
  fire_zone_triggers(card, kExile, kBattlefield);
}

// The value of one side of an if condition.
int Game::if_value(const Amount& v, int source, int controller) const {
  if (v.var == "type") {
    int n = 0;
    for (size_t c = 0; c < objs.size(); ++c) n += matches(v.count, static_cast<int>(c), source, controller);
    return n;
  }
  if (v.var == "cantargetcard") {
    if (ctx.target && ctx.target->card >= 0) return matches(v.count, ctx.target->card, source, controller);
    // No target: an aura's or equipment's line is about the creature it is attached to, as its
    // effects are (Blade of the Bloodchief: two counters if that creature is a Vampire).
    const int att = !ctx.target && source >= 0 ? objs[static_cast<size_t>(source)].attached : -1;
    return att >= 0 && matches(v.count, att, source, controller);
  }
  if (v.var == "lifetotal") return players[static_cast<size_t>(controller)].life;
  if (v.var == "opponentlifetotal") return players[static_cast<size_t>(1 - controller)].life;
  if (v.var == "morbid") return creatures_died > 0;
  if (v.var == "raid") return controller == active && attacked > 0;  // its controller attacked this turn
  if (v.var == "restriction{myturnonly}") return controller == active;
  if (v.var == "restriction{opponentturnonly}") return controller != active;
  if (v.var == "restriction{assorcery}") return controller == active && (phase == Phase::kFirstMain || phase == Phase::kSecondMain);
  if (v.var == "phandcount" || v.var == "ohandcount") {  // cards in its controller's / the opponent's hand
    return static_cast<int>(players[static_cast<size_t>(v.var[0] == 'p' ? controller : 1 - controller)].zones[kHand].size());
  }
  if (v.var == "paid(alternative)") return resolving_alt;
  if (v.var == "paid(kicker)") return resolving_kicked;
  if (v.var == "casted(this)") return source >= 0 && objs[static_cast<size_t>(source)].was_cast;
  if (v.var.rfind("spent(", 0) == 0) return source >= 0 && can_pay(objs[static_cast<size_t>(source)].spent, parse_mana_cost(v.var));
  return v.value;
}

bool Game::if_holds(const Ability& a, int source, int controller) const {
  if (!a.if_counts.empty()) return counts_hold(a.if_counts, source, controller) != a.if_negate;  // a restriction's parts
  const int l = if_value(a.if_left, source, controller), r = if_value(a.if_right, source, controller);
  const bool holds = a.if_cmp == '>' ? l > r : a.if_cmp == '<' ? l < r : l == r;
  return holds != a.if_negate;
}

// token(Name,types,p/t,colours and abilities)*N, or token(Name) for a token card of the database.
void make_token(Game& g, const EffectDef& e, int source, int controller, int x) {
  std::vector<std::string> parts;
  std::string cur;
  for (char ch : e.token_spec + ",") {
    if (ch == ',') {
      size_t a = cur.find_first_not_of(' '), b = cur.find_last_not_of(' ');
      parts.push_back(a == std::string::npos ? "" : cur.substr(a, b - a + 1));
      cur.clear();
    } else {
      cur += ch;
    }
  }
  CardDef d;
  if (parts.size() < 3) {
    // token(Name) or token(-id): a token card of the database (sets list them by negative ids);
    // token(id), a set card's own id, makes a token that copies that card (Spawnwrithe).
    const size_t digits = parts[0].size() > 1 && parts[0][0] == '-' ? 1 : 0;
    const bool by_id = parts[0].size() > digits && parts[0].size() < 19 + digits &&
                       std::all_of(parts[0].begin() + static_cast<std::ptrdiff_t>(digits), parts[0].end(),
                                   [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)) != 0; });
    const CardDef* named = by_id ? g.catalog().by_id(std::atoll(parts[0].c_str())) : g.catalog().by_name(parts[0]);
    if (!named) return g.unsupported("token(" + e.token_spec + ")");
    d = *named;
  } else {
    d.name = d.lname = parts[0];
    std::string types = parts[1];
    size_t sp = 0;
    while ((sp = types.find(' ')) != std::string::npos || !types.empty()) {
      const std::string w = types.substr(0, sp);
      if (!w.empty()) d.types.insert(w);
      if (sp == std::string::npos) break;
      types = types.substr(sp + 1);
    }
    // X/X (or XX/XX for {X}{X} costs): the X paid.
    const std::string pw = parts[2].substr(0, parts[2].find('/')), tg = parts[2].substr(parts[2].find('/') + 1);
    d.power = pw.find('x') != std::string::npos ? x : std::atoi(pw.c_str());
    d.toughness = tg.find('x') != std::string::npos ? x : std::atoi(tg.c_str());
    static const char* cols[] = {"", "green", "blue", "red", "black", "white"};
    for (size_t i = 3; i < parts.size(); ++i) {
      bool color = false;
      for (int c = 1; c < kColors; ++c) {
        if (parts[i] == cols[c]) {
          d.colors |= 1 << c;
          color = true;
        }
      }
      if (!color && !parts[i].empty()) d.keywords.insert(parts[i]);
    }
  }
  const int64_t src_id = source >= 0 ? g.objs[static_cast<size_t>(source)].mtg_id : 0;
  const CardDef* made = g.made_defs.add(d);
  const int copies = g.token_copies(controller);  // tokenizer
  for (int copy = 0; copy < copies; ++copy) {
    const int t = g.create(made, -src_id, controller);
    g.objs[static_cast<size_t>(t)].token = true;
    g.move(t, controller, kBattlefield);
    g.objs[static_cast<size_t>(t)].sick = true;
    g.note("token " + d.name);
    if (e.word == "livingweapon" && source >= 0 && copy == 0) g.attach(source, t);  // the germ carries it
    if (parts.size() < 3) g.run_one_shots(t, controller, {}, 0);  // a database token's comes-into-play lines (Kaldra)
    g.fire_zone_triggers(t, kLibrary, kBattlefield);
  }
}

}  // namespace rk::mtg
