// A Magic position's hash (kernel::Game::hash): everything that decides the future of the game, so
// two states with equal hashes play on alike. Cards and abilities are folded by what they are
// (names, texts), never by address, so the hash is the same in every process and in a clone.
// Not folded: the engine's event log (words for people) and the Lua runtime's state (its effects
// show in the characteristics they give; its suspended handlers show as the menus and choosers
// they opened).
#include "games/mtg/runners/match.h"

namespace rk::mtg {
namespace {

using kernel::hash_mix;

uint64_t mix_str(uint64_t h, const std::string& s) {
  for (char c : s) {
    h ^= static_cast<uint8_t>(c);
    h *= 0x100000001B3ull;
  }
  return hash_mix(h, s.size());
}

uint64_t mix_def(uint64_t h, const CardDef* d) { return d ? mix_str(hash_mix(h, static_cast<uint64_t>(d->id)), d->name) : hash_mix(h, 0); }
uint64_t mix_ability(uint64_t h, const Ability* a) { return a ? mix_str(hash_mix(h, static_cast<uint64_t>(a->kind) + 1), a->text) : hash_mix(h, 0); }
uint64_t mix_effect(uint64_t h, const EffectDef* e) {
  return e ? mix_str(hash_mix(h, static_cast<uint64_t>(e->kind) + 1), e->word + "|" + e->token_spec) : hash_mix(h, 0);
}
uint64_t mix_int(uint64_t h, int64_t v) { return hash_mix(h, static_cast<uint64_t>(v)); }

uint64_t mix_spec(uint64_t h, const Spec& s) {
  h = mix_int(h, s.count * 2 + (s.up_to ? 1 : 0));
  for (const Spec::Alt& a : s.alts) {
    h = mix_str(h, a.type);
    for (const std::string& r : a.restr) h = mix_str(h, r);
    h = mix_int(h, (a.other ? 1 : 0) | (a.any ? 2 : 0));
  }
  for (const std::string& z : s.zones) h = mix_str(h, z);
  return h;
}

uint64_t mix_obj(uint64_t h, const Obj& o) {
  h = mix_def(mix_def(h, o.def), o.printed);
  if (o.flashed) h = mix_int(h, 0x666c6173);  // cast with flashback (alt_casts.cc); mixed only when set
  for (int64_t v : {o.mtg_id, int64_t{o.owner}, int64_t{o.controller}, int64_t{o.zone}, int64_t{o.damage}, int64_t{o.plus_counters},
                    int64_t{o.minus_counters}, int64_t{o.pump_p}, int64_t{o.pump_t}, o.stamp,
                    int64_t{o.blocking}, int64_t{o.regen}, int64_t{o.prevent_next}, int64_t{o.attached}, int64_t{o.sunburst},
                    int64_t{o.lki_power}, int64_t{o.lki_toughness}}) {
    h = mix_int(h, v);
  }
  const bool flags[] = {o.tapped, o.sick, o.token, o.switched, o.attacking, o.blocked, o.deathtouched, o.prevent_to, o.prevent_from, o.dealt_damage, o.fresh};
  uint64_t bits = 0;
  for (bool f : flags) bits = bits * 2 + (f ? 1 : 0);
  h = hash_mix(h, bits);
  if (o.phased_out) h = mix_str(h, "phased out");
  if (o.paired >= 0) h = mix_int(mix_str(h, "paired"), o.paired);  // soulbond; only when set, as phased out
  if (o.echo_armed) h = mix_str(h, "echo armed");  // only when set, as frozen
  if (o.cost_paid_step >= 0) h = mix_str(h, "cost paid " + std::to_string(o.cost_paid_step));  // only when set
  if (o.chosen_cda) h = mix_effect(mix_str(h, "chosen p/t"), o.chosen_cda);  // only when set, as frozen
  if (o.exile_player >= 0) h = mix_int(mix_str(h, "exiled for"), o.exile_player);  // only when set
  if (o.frozen) h = mix_str(h, "frozen");  // only when set, as phased out  // only when set: other hashes stay as they were
  for (const auto& [name, n] : o.counters) h = mix_int(mix_str(h, name), n);
  for (const auto& [e, src] : o.counted_pumps) h = mix_int(mix_effect(h, e), src);
  // Keywords by their text (a symbol's number depends on the order cards were interned in).
  for (const Obj::Grant& k : o.granted) h = mix_int(mix_str(h, Symbols::text(SymKind::kKeyword, k.keyword)), k.stamp * 2 + k.lose);
  for (int d : o.damaged_by) h = mix_int(h, d);
  for (int b : o.blockers) h = mix_int(h, b);
  for (const auto& [a, n] : o.uses) h = mix_int(mix_ability(h, a), n);
  for (const Ability* a : o.upkeep_due) h = mix_ability(h, a);
  for (const Obj::Change& c : o.changes) h = mix_int(mix_effect(h, c.def), c.stamp * 2 + c.ueot);
  for (const EffectDef* e : o.lord_changes) h = mix_effect(h, e);
  for (const EffectDef* e : o.left_changes) h = mix_effect(h, e);
  for (const auto* list : {&o.unblockable_by, &o.cant_block_of, &o.protections}) {
    h = mix_int(h, static_cast<int64_t>(list->size()));
    for (const Spec* s : *list) h = s ? mix_spec(h, *s) : h;
  }
  return h;
}

uint64_t mix_player(uint64_t h, const Game::Player& p) {
  for (int64_t v : {int64_t{p.life}, int64_t{p.poison}, int64_t{p.lands_played}, int64_t{p.damaged}, int64_t{p.damage_taken}, int64_t{p.prevent_next},
                    int64_t{p.skip_turns}, int64_t{p.extra_lands}, int64_t{p.casts}, int64_t{p.cast_limit},
                    int64_t{p.life_lost}, int64_t{p.drawn}}) {
    h = mix_int(h, v);
  }
  if (p.epic) h = mix_int(h, 1);  // mixed only when set: games without epic keep their hashes
  for (int n : p.pool.n) h = mix_int(h, n);
  if (p.pool.snow_total() > 0) {  // only when some is snow, as later state
    h = mix_str(h, "snow");
    for (int c = 0; c < kColors; ++c) h = mix_int(h, p.pool.snow_of(c));
  }
  if (p.last_drawn >= 0) h = mix_int(mix_str(h, "last drawn"), p.last_drawn);  // only when set, as later state
  for (const auto& zone : p.zones) {  // in order: a library's order decides the draws to come
    h = mix_int(h, static_cast<int64_t>(zone.size()));
    for (int c : zone) h = mix_int(h, c);
  }
  return h;
}

uint64_t mix_item(uint64_t h, const StackItem& s) {
  for (int64_t v : {int64_t{s.kind}, int64_t{s.source}, int64_t{s.controller}, int64_t{s.x}, int64_t{s.storm}, int64_t{s.trigger_card},
                    int64_t{s.trigger_from}, int64_t{s.trigger_amount}, int64_t{s.asked}}) {
    h = mix_int(h, v);
  }
  h = mix_int(h, (s.kicked ? 1 : 0) | (s.alternative ? 2 : 0) | (s.buyback ? 4 : 0) | (s.ask_other_only ? 8 : 0));
  h = mix_ability(mix_ability(h, s.ability), s.mode);
  for (const Target& t : s.targets) h = mix_int(mix_int(mix_int(h, t.card), t.player), t.stack);
  return h;
}

}  // namespace

uint64_t state_hash(const Game& g) {
  uint64_t h = kernel::kHashSeed;
  h = mix_int(h, static_cast<int64_t>(g.objs.size()));
  for (const Obj& o : g.objs) h = mix_obj(h, o);
  for (const Game::Player& p : g.players) h = mix_player(h, p);
  h = mix_int(h, static_cast<int64_t>(g.stack.size()));
  for (const StackItem& s : g.stack) h = mix_item(h, s);
  for (int64_t v : {int64_t{static_cast<int>(g.phase)}, int64_t{g.active}, int64_t{g.turn}, int64_t{g.interrupter}, int64_t{g.loser},
                    int64_t{g.prevent_combat}, int64_t{g.spells_this_turn}, int64_t{g.spells_last_turn}, int64_t{g.creatures_died}, int64_t{g.attacked}, int64_t{g.combat_stage},
                    int64_t{g.combat_pending}, int64_t{g.current_trigger}, int64_t{g.current_trigger_from}}) {
    h = mix_int(h, v);
  }
  for (uint32_t skip : g.skip_next) h = mix_int(h, skip);  // nextphasealter
  for (const auto* log : {&g.cast_this_turn, &g.cast_last_turn}) {  // the spells cast (restriction{thisturn(..)})
    h = mix_int(h, static_cast<int64_t>(log->size()));
    for (const Game::Cast& c : *log) h = mix_int(mix_int(h, c.card), c.player);
  }
  for (const auto& [from, to] : g.added_phases) h = mix_int(mix_int(h, static_cast<int>(from)), static_cast<int>(to));
  // The open questions: their options' words (what each does is a Resume record, which the
  // position before it decided).
  h = mix_int(h, static_cast<int64_t>(g.menus.size()));
  for (const Menu& m : g.menus) {
    h = mix_int(h, m.cancel);
    if (m.player >= 0) h = mix_int(mix_str(h, "answered by"), m.player);  // only when set
    for (const Menu::Option& o : m.options) h = mix_str(h, o.label);
  }
  h = mix_int(h, static_cast<int64_t>(g.choosers.size()));
  for (const Chooser& c : g.choosers) {
    h = mix_spec(mix_int(mix_int(h, c.player), c.source), c.spec);
    h = mix_int(h, (c.optional ? 1 : 0) | (c.is_cost ? 2 : 0));
    for (const Target& t : c.picked) h = mix_int(mix_int(mix_int(h, t.card), t.player), t.stack);
  }
  for (const Game::Delayed& d : g.delayed) h = mix_int(mix_int(mix_ability(h, d.ability), d.source), d.controller);
  for (const Game::PhaseAction& a : g.phase_actions) {
    h = mix_effect(h, a.def);
    for (int64_t v : {int64_t{a.card}, int64_t{a.controller}, int64_t{a.zone}, int64_t{static_cast<int>(a.phase)}, int64_t{a.skip}}) h = mix_int(h, v);
    h = mix_int(h, (a.mine ? 1 : 0) | (a.theirs ? 2 : 0) | (a.once ? 4 : 0) | (a.source_in_play ? 8 : 0));
  }
  for (const auto& [e, src] : g.shields) h = mix_int(mix_effect(h, e), src);
  // Later state, folded only when present so the hashes of games without it stay as they were.
  for (const auto& [card, src] : g.held) h = mix_int(mix_int(mix_str(h, "held"), card), src);
  for (int card : g.held_to_hand) h = mix_int(mix_str(h, "held to hand"), card);
  for (const Game::Emblem& e : g.emblems) h = mix_int(mix_int(mix_int(mix_effect(mix_str(h, "emblem"), e.def), e.source), e.controller), e.stamp);
  for (const Resume& r : g.pending_pay) h = mix_int(mix_int(mix_str(h, "pending pay"), static_cast<int>(r.kind)), r.card);
  if (g.momir) h = mix_int(mix_str(h, "momir"), g.momir_used);
  for (int p : g.extra_turns) h = mix_int(mix_str(h, "extra turn"), p);
  // Tokens' characteristics are shared with copies and only ever added to (game.h): the tokens
  // themselves, in objs, say what this game made.
  return h;
}

uint64_t Match::hash() const {
  uint64_t h = state_hash(game_);
  for (uint64_t w : chance_.rng().words()) h = hash_mix(h, w);  // the random numbers to come
  h = hash_mix(h, static_cast<uint64_t>(offer_ + 1));
  h = hash_mix(h, static_cast<uint64_t>(mulligan_ + 1));
  h = hash_mix(h, offer_depth_);
  if (declared_.turn == game_.turn && declared_.phase == game_.phase) {
    for (const auto& [card, times] : declared_.clicks) h = hash_mix(hash_mix(h, static_cast<uint64_t>(card)), static_cast<uint64_t>(times));
  }
  h = hash_mix(h, (draw_ ? 1u : 0u) | (error.empty() ? 0u : 2u));
  if (!begun_) h = hash_mix(h, leylines_asked_ ? 0x6c6579u : 0x707265u);  // before the first turn only
  return hash_mix(h, static_cast<uint64_t>(turn_limit_));
}

}  // namespace rk::mtg
