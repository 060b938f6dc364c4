// The layer model (layers.h): the continuous effects on the board gathered, put in timestamp
// order, and applied layer by layer to every object's characteristics; the characteristics'
// questions (power, has, is_type, colors) read the result.
#include "games/mtg/rules/layers.h"

#include <algorithm>
#include <span>

#include "games/mtg/rules/game.h"
#include "games/mtg/lua/card_scripts.h"

namespace rk::mtg {

const char* layer_name(Layer l) {
  static const char* names[] = {"1 copy",    "2 control", "3 text",       "4 type",         "5 colour", "6 abilities",
                                "7a CDA P/T", "7b set P/T", "7c modify P/T", "7d switch P/T", "rules (prevention)"};
  return names[static_cast<int>(l)];
}

const CardSyms* LazyCardSyms::set(std::unique_ptr<CardSyms> made) const {
  CardSyms* expected = nullptr;
  if (p_.compare_exchange_strong(expected, made.get(), std::memory_order_acq_rel)) return made.release();
  return expected;  // another thread made it first (the same content)
}

const CardSyms& CardDef::syms() const {
  if (const CardSyms* p = lazy_syms.get()) return *p;
  auto p = std::make_unique<CardSyms>();
  for (const std::string& t : types) p->types.set(Symbols::intern(SymKind::kType, t));
  for (const std::string& k : keywords) p->keywords.set(Symbols::intern(SymKind::kKeyword, k));
  p->name = Symbols::intern(SymKind::kName, lname);
  for (const Ability& a : abilities) {
    if (a.kind != AbilityKind::kLord && !is_static_line(a)) continue;
    p->continuous.push_back(&a);
    for (const EffectDef& e : a.effects) p->sets_land_types |= e.kind == Eff::kLoseSubtypes;
  }
  return *lazy_syms.set(std::move(p));
}

namespace {

// One continuous effect while the layers are applied.
struct Applied {
  enum Origin : uint8_t { kAbility, kChange, kGrant, kCountedPump } origin = kAbility;
  enum State : uint8_t { kWaiting, kOn, kOff } state = kWaiting;
  bool printed = false;               // an ability printed on the source: lost with its abilities
  const Ability* ability = nullptr;   // kAbility: a lord or a static line of `source`
  const EffectDef* effect = nullptr;  // kChange, kCountedPump
  const Obj::Grant* grant = nullptr;  // kGrant
  int source = -1;
  int object = -1;                    // what a change, grant or pump is on
  int64_t stamp = 0;
  int times = 1;                      // foreach(..) static lines: the effect once per such card
  uint32_t layers = 0;                // a bit per layer it has a part in
  bool type_loss = false;             // its loseabilities is part of setting a land's subtypes (layer 4)
  uint32_t first = 0, count = 0;      // its objects in the scratch list, once it started
};

struct Ctx {
  Game& g;
  const Applied& x;
  int nth;   // which of the effect's objects this is
  int card;  // and its index
};

using Becomes = EffectDef::Becomes;

// Layer 4: the types a transform gives (after what it removes, as Wagic's transformer does).
void apply_types(Ctx&, Obj& o, const EffectDef& e) {
  const Becomes& b = *e.becomes;
  Chars& ch = o.chars;
  if (b.remove & Becomes::kRemoveAllTypes) ch.types.clear();
  if (b.remove & Becomes::kRemoveCardTypes) ch.types.keep_if([](Sym t) { return t > ty::kLastCardType; });
  if (b.remove & Becomes::kRemoveSubtypes) {
    ch.types.keep_if([](Sym t) { return !is_subtype(t); });
    ch.every_creature_type = false;
  }
  for (Sym t : b.type_syms) ch.types.set(t);
}
void lose_land_types(Ctx&, Obj& o, const EffectDef&) {  // losesubtypesof(land)
  for (Sym t = ty::kPlains; t <= ty::kForest; ++t) o.chars.types.reset(t);
}
void set_colors(Ctx&, Obj& o, const EffectDef& e) { o.chars.colors = e.becomes->colors; }
void add_keywords(Ctx&, Obj& o, const EffectDef& e) {
  for (Sym k : e.becomes->keyword_syms) o.chars.keywords.set(k);
}
void lose_all(Ctx&, Obj& o, const EffectDef&) {
  if (o.chars.cda_deferred) {  // the CDA is lost with the rest: the printed numbers
    o.chars.power += o.def->power;
    o.chars.toughness += o.def->toughness;
    o.chars.cda_deferred = false;
  }
  o.chars.keywords.clear();
  o.chars.lost_all = true;
  o.unblockable_by.clear();
  o.cant_block_of.clear();
  o.protections.clear();
  o.untargetable_by.clear();
}
// A layer may be applied again in one pass (a lord whose spec its own change affects): a giver
// counts once.
void add_flanker(Obj& o, const void* giver) {
  if (std::find(o.flankers.begin(), o.flankers.end(), giver) == o.flankers.end()) o.flankers.push_back(giver);
}
void grant_keyword(Ctx&, Obj& o, const EffectDef& e) {
  if (!e.word.empty() && e.word[0] == '-') {
    o.chars.keywords.reset(e.sym);  // lord(creature) -islandwalk: lost, whatever gave it
  } else {
    o.chars.keywords.set(e.sym);
    if (e.word == "flanker") add_flanker(o, &e);  // each instance counts (flanking stacks: combat.cc)
  }
}
void unblockable(Ctx&, Obj& o, const EffectDef& e) { o.unblockable_by.push_back(&e.all); }
void protection(Ctx&, Obj& o, const EffectDef& e) { o.protections.push_back(&e.all); }
void untargetable(Ctx&, Obj& o, const EffectDef& e) { o.untargetable_by.push_back(&e.all); }
void cant_block(Ctx&, Obj& o, const EffectDef& e) { o.cant_block_of.push_back(&e.all); }
void set_pt(Ctx& c, Obj& o, const EffectDef& e) {
  if (o.chars.cda_deferred) {  // one of the two may stay as the CDA says: counted now
    o.chars.power += c.g.eval_amount(o.def->cda_power, c.card);
    o.chars.toughness += c.g.eval_amount(o.def->cda_toughness, c.card);
    o.chars.cda_deferred = false;
  }
  const int mv = o.def->cost.converted();  // kManaValue: becomes(..,manacost/manacost)
  if (e.becomes->power != -1000) o.chars.power = e.becomes->power == Becomes::kManaValue ? mv : e.becomes->power;
  if (e.becomes->toughness != -1000) o.chars.toughness = e.becomes->toughness == Becomes::kManaValue ? mv : e.becomes->toughness;
}
void pump(Ctx& c, Obj& o, const EffectDef& e) {
  o.chars.power += c.x.times * c.g.eval_amount(e.a, c.x.source);
  o.chars.toughness += c.x.times * c.g.eval_amount(e.b, c.x.source);
}
void switch_pt(Ctx&, Obj& o, const EffectDef&) { o.chars.switched = !o.chars.switched; }
void prevention(Ctx& c, Obj& o, const EffectDef& e) {
  if (e.word == "spec" && c.nth == 0) c.g.shields.emplace_back(&e, c.x.source);  // one shield, whatever it covers
  if (e.word == "to") o.prevent_to = true;
  if (e.word == "from") o.prevent_from = true;
  if (e.kind == Eff::kPreventAll && e.word == "to") o.prevent_all_to = true;  // not only combat's
  if (e.kind == Eff::kPreventAll && e.word == "from") o.prevent_all_from = true;
}
// altercost(colour,+-N) under lord(..): what the cards it reaches cost (in hand too).
void alter_cost(Ctx& c, Obj& o, const EffectDef& e) {
  o.cost_change[static_cast<size_t>(e.times)] += c.x.times * c.g.eval_amount(e.a, c.x.source);
}

// produceextra:{..} a lord gives (High Tide's emblem): the land's mana abilities make that much
// more (resume.cc). A land's own line is read from the land itself.
void extra_mana(Ctx& c, Obj& o, const EffectDef& e) {
  if (c.card != c.x.source) o.extra_mana.push_back(&e);
}
void rampage(Ctx&, Obj& o, const EffectDef& e) { o.rampages.push_back(&e); }

// attackcost:N / blockcost:N on the card (as a lord gives it, or a change): they add up (War Tax
// once per X, Collective Restraint once per basic land type).
void combat_cost(Ctx& c, Obj& o, const EffectDef& e) {
  (e.word == "attack" ? o.attack_cost : o.block_cost) += c.x.times * c.g.eval_amount(e.a, c.x.source);
}

// reduceto:N: the highest N on the card counts (Game::damage_player).
void reduce_to(Ctx& c, Obj& o, const EffectDef& e) { o.reduce_to = std::max(o.reduce_to, c.g.eval_amount(e.a, c.x.source)); }

bool always(const EffectDef&) { return true; }
bool has_types(const EffectDef& e) { return !e.becomes->type_syms.empty() || e.becomes->remove; }
bool has_colors(const EffectDef& e) { return e.becomes->colors >= 0; }
// New abilities (newability[..], lord(..) {cost}:ability) are layer 6 too: the card has them
// through `lord_changes` once the effect started.
bool has_keywords(const EffectDef& e) { return !e.becomes->keyword_syms.empty() || !e.becomes->lasting.empty(); }
bool has_pt(const EffectDef& e) { return e.becomes->power != -1000 || e.becomes->toughness != -1000; }
bool has_word(const EffectDef& e) { return !e.word.empty(); }

// Which part of which effect goes to which layer.
struct Part {
  Eff kind;
  Layer layer;
  bool (*present)(const EffectDef&);
  void (*apply)(Ctx&, Obj&, const EffectDef&);
};
constexpr Part kParts[] = {
    {Eff::kTransform, Layer::kType, has_types, apply_types},
    {Eff::kLoseSubtypes, Layer::kType, always, lose_land_types},
    {Eff::kTransform, Layer::kColor, has_colors, set_colors},
    {Eff::kTransform, Layer::kAbility, has_keywords, add_keywords},
    {Eff::kLoseAbilities, Layer::kAbility, always, lose_all},
    {Eff::kGrant, Layer::kAbility, always, grant_keyword},
    {Eff::kCantBeBlockedBy, Layer::kAbility, always, unblockable},
    {Eff::kProtectionFrom, Layer::kAbility, always, protection},
    {Eff::kCantBeTargetOf, Layer::kAbility, always, untargetable},
    {Eff::kCantBlockOf, Layer::kAbility, always, cant_block},
    {Eff::kTransform, Layer::kSetPT, has_pt, set_pt},
    {Eff::kPump, Layer::kModifyPT, always, pump},
    {Eff::kSwap, Layer::kSwitchPT, always, switch_pt},
    {Eff::kPreventAll, Layer::kRules, has_word, prevention},
    {Eff::kPreventCombat, Layer::kRules, has_word, prevention},
    {Eff::kAlterCost, Layer::kRules, always, alter_cost},
    {Eff::kProduceExtra, Layer::kRules, always, extra_mana},
    {Eff::kRampage, Layer::kRules, always, rampage},
    {Eff::kCombatCost, Layer::kRules, always, combat_cost},
    {Eff::kReduceTo, Layer::kRules, always, reduce_to},
};

uint32_t layers_of(const EffectDef& e) {
  uint32_t bits = 0;
  for (const Part& p : kParts) {
    if (p.kind == e.kind && p.present(e)) bits |= 1u << static_cast<int>(p.layer);
  }
  return bits;
}

bool changes_card(Eff k) { return k == Eff::kTransform || k == Eff::kLoseAbilities || k == Eff::kLoseSubtypes; }

// The layer computation over one game: the effects gathered, then applied.
class LayerPass {
 public:
  explicit LayerPass(Game& g) : g_(g) {}
  void run();

 private:
  void reset_objects();
  void gather();
  void add_ability(const Ability& a, int source, int64_t stamp, bool printed);
  void mark_type_loss(Applied& x, std::span<const EffectDef> effects);
  bool start(Applied& x, bool trial = false);
  void pick_objects(Applied& x);
  void apply(Applied& x, Layer l);
  void apply_layer(Layer l);
  bool selective(const Applied& x) const;
  std::vector<int> preview(const Applied& x);
  bool depends(Applied& a, const Applied& b, Layer l);
  void apply_cdas();
  void grant_lasting(Applied& x);

  Game& g_;
  std::vector<Applied> effects_;
  std::vector<int> objects_;  // every started effect's objects, one range each
};

// Every object back to its printed characteristics, except one off the battlefield and the stack
// that no effect touched since it was last reset (most of the libraries and hands): it still holds
// them. Off the battlefield a characteristic-defining P/T is counted when asked (cda_deferred).
void LayerPass::reset_objects() {
  for (Obj& o : g_.objs) {
    const bool off = o.zone != kBattlefield && o.zone != kStack;
    if (off && o.layer_base == o.def) continue;
    o.layer_base = off ? o.def : nullptr;
    const CardSyms& base = o.def->syms();
    Chars& ch = o.chars;
    ch.types = base.types;
    ch.keywords = base.keywords;
    ch.colors = o.def->colors;
    ch.power = o.def->power;
    ch.toughness = o.def->toughness;
    ch.lost_all = ch.switched = ch.cda_deferred = false;
    ch.every_creature_type = base.keywords.test(kw::kChangeling) && base.types.test(ty::kCreature);
    o.lord_changes.clear();
    o.unblockable_by.clear();
    o.cant_block_of.clear();
    o.protections.clear();
    o.untargetable_by.clear();
    o.prevent_to = o.prevent_from = o.prevent_all_to = o.prevent_all_from = false;
    o.cost_change.fill(0);
    o.extra_mana.clear();
    o.rampages.clear();
    o.flankers.clear();
    o.attack_cost = o.block_cost = 0;
    o.reduce_to = -1;
    if (off && o.def->cda) {
      ch.power = ch.toughness = 0;
      ch.cda_deferred = true;
    }
  }
}

void LayerPass::add_ability(const Ability& a, int source, int64_t stamp, bool printed) {
  Applied x;
  x.origin = Applied::kAbility;
  x.ability = &a;
  x.source = source;
  x.stamp = stamp;
  x.printed = printed;
  for (const EffectDef& e : a.effects) x.layers |= layers_of(e);
  if (printed && g_.objs[static_cast<size_t>(source)].def->syms().sets_land_types) mark_type_loss(x, a.effects);
  if (x.layers) effects_.push_back(x);
}

// CR 305.7: an effect that sets a land's subtype takes its abilities away in layer 4. Wagic writes
// it as loseabilities beside losesubtypesof(land) (Blood Moon, Contaminated Ground, Deepwood
// Elder); such a loseabilities is applied in layer 4, so Urborg depends on Blood Moon.
void LayerPass::mark_type_loss(Applied& x, std::span<const EffectDef> effects) {
  for (const EffectDef& e : effects) {
    if (e.kind != Eff::kLoseAbilities) continue;
    x.type_loss = true;
    x.layers |= 1u << static_cast<int>(Layer::kType);
  }
}

void LayerPass::gather() {
  int card = -1;
  for (const Obj& o : g_.objs) {  // in order, without indexing the deque
    ++card;
    // A hard-coded card (alias=) whose Lua script takes the place of its auto= lines has none of them.
    if (o.zone == kBattlefield && (o.def->alias.empty() || !script_hides_auto_abilities(g_, card))) {
      for (const Ability* a : o.def->syms().continuous) add_ability(*a, card, o.stamp, true);
    }
    for (const Obj::Change& ch : o.changes) {
      Applied x;
      x.origin = Applied::kChange;
      x.effect = ch.def;
      x.source = x.object = card;
      x.stamp = ch.stamp;
      x.layers = layers_of(*ch.def);
      const bool land_subtypes = std::any_of(o.changes.begin(), o.changes.end(), [](const Obj::Change& other) {
        return other.def->kind == Eff::kLoseSubtypes;
      });
      if (land_subtypes) mark_type_loss(x, std::span<const EffectDef>(ch.def, 1));
      if (x.layers) effects_.push_back(x);
      if (o.zone != kBattlefield || !ch.def->becomes) continue;
      for (const Ability& a : ch.def->becomes->lasting) {  // the static abilities a change gave it
        if (a.kind == AbilityKind::kLord || is_static_line(a)) add_ability(a, card, ch.stamp, false);
      }
    }
    for (const Obj::Grant& gr : o.granted) {
      Applied x;
      x.origin = Applied::kGrant;
      x.grant = &gr;
      x.source = x.object = card;
      x.stamp = gr.stamp;
      x.layers = 1u << static_cast<int>(Layer::kAbility);
      effects_.push_back(x);
    }
    for (const auto& [e, src] : o.counted_pumps) {
      Applied x;
      x.origin = Applied::kCountedPump;
      x.effect = e;
      x.source = src;
      x.object = card;
      x.layers = 1u << static_cast<int>(Layer::kModifyPT);
      effects_.push_back(x);
    }
  }
  for (const Game::Emblem& em : g_.emblems) {  // an emblem's lords, from the card that made it
    for (const Ability& a : em.def->becomes->lasting) {
      if (a.kind == AbilityKind::kLord) add_ability(a, em.source, em.stamp, false);  // its triggers: Game::each_emblem_trigger
    }
  }
  std::stable_sort(effects_.begin(), effects_.end(), [](const Applied& a, const Applied& b) { return a.stamp < b.stamp; });
}

// The objects an effect applies to, fixed as it starts (CR 613.6).
void LayerPass::pick_objects(Applied& x) {
  x.first = static_cast<uint32_t>(objects_.size());
  if (x.origin != Applied::kAbility) {
    objects_.push_back(x.object);
  } else if (x.ability->kind == AbilityKind::kLord) {
    const Ability& a = *x.ability;
    const int controller = g_.objs[static_cast<size_t>(x.source)].controller;
    const bool other = !a.effects.empty() && a.effects[0].other;
    for (size_t c = 0; c < g_.objs.size(); ++c) {
      if (other && static_cast<int>(c) == x.source) continue;
      if (g_.matches(a.range, static_cast<int>(c), x.source, controller)) objects_.push_back(static_cast<int>(c));
    }
  } else if (x.ability->paired_line) {  // soulbond X: the card and its partner (CR 702.95c)
    objects_.push_back(x.source);
    if (const int p = g_.partner(x.source); p >= 0) objects_.push_back(p);
  } else {
    const Obj& s = g_.objs[static_cast<size_t>(x.source)];
    objects_.push_back(s.attached >= 0 ? s.attached : x.source);  // an aura's or equipment's line: what it is on
  }
  x.count = static_cast<uint32_t>(objects_.size()) - x.first;
}

// Fixes the effect's objects (or finds it does not apply). A trial (dependency, below) leaves no
// trace on the objects: the effect starts for real in its own turn.
bool LayerPass::start(Applied& x, bool trial) {
  x.state = Applied::kOff;
  if (x.origin == Applied::kAbility) {
    const Ability& a = *x.ability;
    const Obj& s = g_.objs[static_cast<size_t>(x.source)];
    if (x.printed && s.chars.lost_all) return false;  // lost before this effect began (Humility)
    if (a.has_cond && !g_.condition_holds(a, x.source)) return false;
    if (a.paired_line && g_.partner(x.source) < 0) return false;  // soulbond X: only while paired
    if (a.kind != AbilityKind::kLord || a.has_foreach) {  // a lord's foreach(..): its pump once per such card
      if (a.teach && s.attached < 0) return false;  // equipment not attached
      if (a.has_foreach && !a.this_count.empty()) {  // teach(..): counted on the creature it is attached to
        x.times = g_.this_foreach(a.this_count, a.teach && s.attached >= 0 ? s.attached : x.source, 0);
      } else if (a.has_foreach) {
        x.times = 0;
        for (size_t c = 0; c < g_.objs.size(); ++c) x.times += g_.matches(a.foreach, static_cast<int>(c), x.source, s.controller);
      }
      if (x.times <= 0) return false;
    }
    for (const EffectDef& e : a.effects) {
      if (e.kind == Eff::kUnsupported && !trial) g_.unsupported(e.word + " (" + a.text + ")");
    }
  }
  pick_objects(x);
  x.state = Applied::kOn;
  if (x.origin == Applied::kAbility && !trial) {
    for (uint32_t i = 0; i < x.count; ++i) {
      Obj& o = g_.objs[static_cast<size_t>(objects_[x.first + i])];
      for (const EffectDef& e : x.ability->effects) {
        if (changes_card(e.kind)) o.lord_changes.push_back(&e);
        o.layer_base = nullptr;
      }
    }
  }
  return true;
}

void LayerPass::apply(Applied& x, Layer l) {
  if (x.state == Applied::kWaiting && !start(x)) return;
  if (x.state == Applied::kOff) return;
  Ctx ctx{g_, x, 0, -1};
  for (uint32_t i = 0; i < x.count; ++i) {
    ctx.card = objects_[x.first + i];
    Obj& o = g_.objs[static_cast<size_t>(ctx.card)];
    o.layer_base = nullptr;  // touched: reset on the next pass
    ctx.nth = static_cast<int>(i);
    if (x.origin == Applied::kGrant) {
      x.grant->lose ? o.chars.keywords.reset(x.grant->keyword) : o.chars.keywords.set(x.grant->keyword);
      static const Sym flanker = Symbols::intern(SymKind::kKeyword, "flanker");
      if (!x.grant->lose && x.grant->keyword == flanker) add_flanker(o, x.grant);
      continue;
    }
    auto each_part = [&](const EffectDef& e) {
      if (e.kind == Eff::kLoseAbilities && x.type_loss) {  // CR 305.7: in layer 4, not in 6
        if (l == Layer::kType) lose_all(ctx, o, e);
        return;
      }
      for (const Part& p : kParts) {
        if (p.kind == e.kind && p.layer == l && p.present(e)) p.apply(ctx, o, e);
      }
    };
    if (x.origin == Applied::kAbility) {
      for (const EffectDef& e : x.ability->effects) each_part(e);
    } else {
      each_part(*x.effect);
    }
  }
}

// An effect whose objects (or existence) the board decides: a lord's range, an aslongas(..) condition.
bool LayerPass::selective(const Applied& x) const {
  return x.state == Applied::kWaiting && x.origin == Applied::kAbility &&
         (x.ability->kind == AbilityKind::kLord || x.ability->has_cond || x.printed);
}

// The objects a waiting effect would apply to if it started now (none if it would not start).
std::vector<int> LayerPass::preview(const Applied& x) {
  std::vector<int> out;
  const Ability& a = *x.ability;
  if (x.printed && g_.objs[static_cast<size_t>(x.source)].chars.lost_all) return out;
  if (a.has_cond && !g_.condition_holds(a, x.source)) return out;
  if (a.paired_line) {
    if (const int p = g_.partner(x.source); p >= 0) return {x.source, p};
    return out;
  }
  if (a.kind != AbilityKind::kLord) return {x.source};
  const int controller = g_.objs[static_cast<size_t>(x.source)].controller;
  for (size_t c = 0; c < g_.objs.size(); ++c) {
    if (g_.matches(a.range, static_cast<int>(c), x.source, controller)) out.push_back(static_cast<int>(c));
  }
  return out;
}

// CR 613.8a: `a` depends on `b` when applying `b` (in this layer) would change what `a` applies
// to or whether it exists. Found by trying: `b` applied, `a`'s objects compared, `b` undone.
bool LayerPass::depends(Applied& a, const Applied& other, Layer l) {
  if (&a == &other || !selective(a) || other.state == Applied::kOff) return false;
  // Tried on a copy: were `other` started here, its objects would be fixed before the effects
  // that go ahead of it were applied.
  Applied b = other;
  const size_t scratch = objects_.size();
  struct Scratch {  // the trial's objects dropped from the list again
    std::vector<int>& list;
    size_t size;
    ~Scratch() { list.resize(size); }
  } drop{objects_, scratch};
  if (b.state == Applied::kWaiting && !start(b, /*trial=*/true)) return false;
  if (b.count == 0) return false;
  const std::vector<int> before = preview(a);
  struct Saved {
    Chars chars;
    std::vector<const Spec*> unblockable_by, cant_block_of, protections, untargetable_by;
  };
  std::vector<Saved> saved;
  for (uint32_t i = 0; i < b.count; ++i) {
    const Obj& o = g_.objs[static_cast<size_t>(objects_[b.first + i])];
    saved.push_back({o.chars, o.unblockable_by, o.cant_block_of, o.protections, o.untargetable_by});
  }
  apply(b, l);
  const bool changed = preview(a) != before;
  for (uint32_t i = b.count; i-- > 0;) {  // undone in reverse: an object listed twice gets its first state
    Obj& o = g_.objs[static_cast<size_t>(objects_[b.first + i])];
    o.chars = saved[i].chars;
    o.unblockable_by = saved[i].unblockable_by;
    o.cant_block_of = saved[i].cant_block_of;
    o.protections = saved[i].protections;
    o.untargetable_by = saved[i].untargetable_by;
  }
  return changed;
}

// One layer: its effects in timestamp order, except that an effect another one depends on goes
// first (a dependency loop falls back to timestamps).
void LayerPass::apply_layer(Layer l) {
  const uint32_t bit = 1u << static_cast<int>(l);
  std::vector<Applied*> todo;
  bool any_selective = false;
  for (Applied& x : effects_) {
    if (!(x.layers & bit)) continue;
    todo.push_back(&x);
    any_selective |= selective(x);
  }
  if (todo.size() < 2 || !any_selective || l == Layer::kRules) {
    for (Applied* x : todo) apply(*x, l);
    return;
  }
  while (!todo.empty()) {
    size_t pick = 0;
    for (size_t i = 0; i < todo.size(); ++i) {
      bool free = true;
      for (size_t j = 0; free && j < todo.size(); ++j) free = !depends(*todo[i], *todo[j], l);
      if (free) {
        pick = i;
        break;
      }
    }
    apply(*todo[pick], l);
    todo.erase(todo.begin() + static_cast<long>(pick));
  }
}

// Static abilities a lord gives with transforms((..newability[..]..)) (Opalescence's "becomes a
// creature"): Wagic applies them to each card as if printed there, so they join the layers from
// the start with the lord's timestamp; the lord's objects are fixed here, before layer 1. A card's
// own static line gives its static ones to the card, or to what it is attached to (Ali from
// Cairo's "this(controllerlife >= 1) transforms((,newability[reduceto:1]))"), while its condition
// holds as the pass begins; the line itself starts in its own layer as before.
void LayerPass::grant_lasting(Applied& x) {
  if (x.origin != Applied::kAbility) return;
  const Ability& line = *x.ability;
  const bool lord = line.kind == AbilityKind::kLord;
  auto lasting_static = [](const Ability& a) { return a.kind == AbilityKind::kLord || is_static_line(a); };
  bool gives = false;
  for (const EffectDef& e : line.effects) {
    if (e.kind != Eff::kTransform || !e.becomes) continue;
    for (const Ability& a : e.becomes->lasting) gives |= lord || lasting_static(a);
  }
  if (!gives) return;
  std::vector<int> cards;
  if (lord) {
    if (!start(x)) return;
    cards.assign(objects_.begin() + x.first, objects_.begin() + x.first + x.count);
  } else {
    const Obj& s = g_.objs[static_cast<size_t>(x.source)];
    if ((x.printed && s.chars.lost_all) || (line.has_cond && !g_.condition_holds(line, x.source)) || line.has_foreach) return;
    if (line.teach && s.attached < 0) return;
    cards.push_back(s.attached >= 0 ? s.attached : x.source);
  }
  for (const int card : cards) {
    for (const EffectDef& e : line.effects) {
      if (e.kind != Eff::kTransform || !e.becomes) continue;
      for (const Ability& a : e.becomes->lasting) {
        if (lasting_static(a)) add_ability(a, card, x.stamp, false);
      }
    }
  }
}

// 7a: power and toughness a card defines itself (in every zone).
void LayerPass::apply_cdas() {
  for (const Game::Player& pl : g_.players) {
    for (int zone : {kBattlefield, kStack}) {
      for (int c : pl.zones[static_cast<size_t>(zone)]) {
        Obj& o = g_.objs[static_cast<size_t>(c)];
        const EffectDef* chosen = zone == kBattlefield ? o.chosen_cda : nullptr;  // chosen as it entered
        if ((!o.def->cda && !chosen) || o.chars.lost_all) continue;
        const int p = g_.eval_amount(chosen ? chosen->a : o.def->cda_power, c);
        const int t = g_.eval_amount(chosen ? chosen->b : o.def->cda_toughness, c);
        o.chars.power = p;
        o.chars.toughness = t;
      }
    }
  }
}

void LayerPass::run() {
  g_.shields.clear();
  reset_objects();
  gather();
  const size_t gathered = effects_.size();
  for (size_t i = 0; i < gathered; ++i) grant_lasting(effects_[i]);
  if (effects_.size() != gathered) {
    std::stable_sort(effects_.begin(), effects_.end(), [](const Applied& a, const Applied& b) { return a.stamp < b.stamp; });
  }
  for (int layer = 0; layer < kLayers; ++layer) {
    const Layer l = static_cast<Layer>(layer);
    if (l == Layer::kCda) apply_cdas();
    apply_layer(l);
    if (l == Layer::kColor && g_.lua) {
      int c = 0;
      for (Obj& o : g_.objs) {
        const int colors = script_colors(g_, c++, o.chars.colors);
        if (colors != o.chars.colors) o.layer_base = nullptr;
        o.chars.colors = colors;
      }
    }
  }
  script_continuous(g_);  // Lua cards' P/T and keyword effects (after the layers: nothing here depends on them)
}

// Named counters with a P/T (counter(0/1,N)): layer 7c, like +1/+1 counters.
int counter_pt(const Obj& o, bool power) {
  int n = 0;
  for (const auto& [key, count] : o.counters) {
    if (key.empty() || !(std::isdigit(static_cast<unsigned char>(key[0])) || key[0] == '-')) continue;
    const size_t slash = key.find('/');
    if (slash == std::string::npos) continue;
    n += count * std::atoi(power ? key.c_str() : key.c_str() + slash + 1);
  }
  return n;
}

}  // namespace

void Game::refresh_layers() {
  computing_layers_ = true;
  layers_dirty_ = false;
  LayerPass(*this).run();
  computing_layers_ = false;
}

int Game::unswitched_power(int c) const {
  const Obj& o = objs[static_cast<size_t>(c)];
  const int named = o.counters.empty() ? 0 : counter_pt(o, true);
  const Chars& ch = chars(c);
  const int cda = ch.cda_deferred ? eval_amount(o.def->cda_power, c) : 0;
  return ch.power + cda + o.plus_counters - o.minus_counters + o.pump_p + named;
}

int Game::unswitched_toughness(int c) const {
  const Obj& o = objs[static_cast<size_t>(c)];
  const int named = o.counters.empty() ? 0 : counter_pt(o, false);
  const Chars& ch = chars(c);
  const int cda = ch.cda_deferred ? eval_amount(o.def->cda_toughness, c) : 0;
  return ch.toughness + cda + o.plus_counters - o.minus_counters + o.pump_t + named;
}

bool Game::has_word(int c, std::string_view kw) const {
  layers_ready();  // a keyword no card's characteristics have named yet has no symbol before this
  const Sym k = Symbols::find(SymKind::kKeyword, kw);
  return k != kNoSym && has(c, k);
}

bool Game::is_type(int c, Sym t) const {
  const Chars& ch = chars(c);
  if (ch.types.test(t)) return true;
  // changeling: every creature type (not the card types, supertypes, land, aura or equipment types)
  return ch.every_creature_type && is_subtype(t) && t >= ty::kWellKnown && ch.types.test(ty::kCreature);
}

bool Game::is_type_word(int c, std::string_view t) const {
  const Sym s = Symbols::find(SymKind::kType, t);
  return s != kNoSym && is_type(c, s);
}

int Game::colors(int c) const { return chars(c).colors; }

bool Game::lost_abilities(int c) const { return chars(c).lost_all; }

const std::vector<Ability>& Game::abilities(int c) const {
  static const std::vector<Ability> none;
  return lost_abilities(c) ? none : objs[static_cast<size_t>(c)].def->abilities;
}

void Game::granted_abilities(const Obj& o, std::vector<const Ability*>& out) const {
  layers_ready();
  auto add = [&out](const EffectDef& e) {
    if (e.kind != Eff::kTransform) return;
    for (const Ability& a : e.becomes->lasting) out.push_back(&a);
  };
  for (const Obj::Change& ch : o.changes) add(*ch.def);
  for (const EffectDef* e : o.lord_changes) add(*e);
  if (o.zone != kBattlefield) {
    for (const EffectDef* e : o.left_changes) add(*e);  // what it had as it left (its leave triggers)
  }
}

void Game::exile_lines(const Obj& o, std::vector<const Ability*>& out) const {
  if (o.zone != kExile) return;
  for (const Obj::Change& ch : o.changes) {
    if (ch.def->kind != Eff::kTransform || !ch.def->becomes) continue;
    for (const Ability& a : ch.def->becomes->exiled) out.push_back(&a);
  }
}

void Game::add_change(int card, const EffectDef& e, bool ueot) {
  objs[static_cast<size_t>(card)].changes.push_back({&e, ueot, next_stamp()});
  invalidate();
}

void Game::grant(Obj& o, const std::string& keyword) {
  const bool lose = !keyword.empty() && keyword[0] == '-';
  o.granted.push_back({Symbols::intern(SymKind::kKeyword, lose ? keyword.substr(1) : keyword), lose, next_stamp()});
  invalidate();
}

void Game::attach(int card, int to) {
  Obj& o = objs[static_cast<size_t>(card)];
  o.attached = to;
  o.stamp = next_stamp();  // CR 613.7e
  invalidate();
}

void Game::add_static_pt(int card, int p, int t) {
  Obj& o = objs[static_cast<size_t>(card)];
  o.layer_base = nullptr;
  o.chars.power += p;
  o.chars.toughness += t;
}

void Game::add_static_keyword(int card, const std::string& keyword) {
  objs[static_cast<size_t>(card)].layer_base = nullptr;
  Chars& ch = objs[static_cast<size_t>(card)].chars;
  const bool lose = !keyword.empty() && keyword[0] == '-';
  const Sym k = Symbols::intern(SymKind::kKeyword, lose ? keyword.substr(1) : keyword);
  lose ? ch.keywords.reset(k) : ch.keywords.set(k);
}

}  // namespace rk::mtg
