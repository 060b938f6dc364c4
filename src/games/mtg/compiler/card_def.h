// A card as the engine plays it: its characteristics and its auto= lines compiled once into typed
// abilities (card_compile.cc). Play never looks at card text again; what the compiler did not
// understand is kept as an Unsupported effect with the word it stopped at, so a test that needs
// it fails with that reason instead of doing something wrong silently.
#pragma once

#include <memory>

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "games/mtg/rules/mana.h"
#include "games/mtg/compiler/symbols.h"

namespace rk::mtg {

class Database;
struct SpecCode;  // spec_code.h: a spec compiled to symbols

// type[restrictions],type|zone,zone: which cards (or players) an ability ranges over.
struct Spec {
  struct Alt {
    std::string type;                 // creature, *, player, a subtype, this, ...
    std::vector<std::string> restr;   // white, -black, tapped, power<=2 ...
    bool other = false;               // "other creature": not the source
    bool any = false;                 // [green;white] without a "-": one of its colours and one of its types suffice
  };
  std::vector<Alt> alts;
  std::vector<std::string> zones;     // mybattlefield, opponentbattlefield, graveyard, stack ...
  int count = 1;                      // <N>: that many targets
  bool up_to = false;                 // <anyamount>, <upto:N>: confirmed by clicking the source
  bool prex = false;                  // <prex>: as many as the X paid (the chooser closes at X)
  bool empty() const { return alts.empty(); }
  bool allows_player() const;
  // The spec compiled to symbols (compile_spec, at parse time); matching compiles a spec changed
  // since (or built by hand) on the fly.
  std::shared_ptr<const SpecCode> code;
};

enum class Eff : uint8_t {
  kDamage, kLife, kLoseLife, kDraw, kDestroy, kBury, kMoveTo, kTap, kUntap, kPump, kAddMana, kCounter,
  kToken, kFizzle, kDiscard, kDeplete, kGrant, kRegenerate, kSacrifice, kPreventAll, kPreventCombat, kEquip, kDynamic, kTransform, kLoseAbilities, kLoseSubtypes, kCantBeBlockedBy, kCopy, kLifeSet, kReject, kMaxPlayLand, kMaxCast, kShuffle, kPhaseAction, kProduceExtra, kForEach, kSwap, kExileDeath, kBloodthirst, kVanishing, kCantBlockOf, kProtectionFrom, kAbilityFor, kPreventN, kTurns, kPhaseAlter, kClone, kAlterCost, kBlink, kPhaseOut, kProliferate, kFrozen, kFading, kBottom, kRemoveCounters, kRemoveFromCombat,
  kPlayerRule,  // alterpoison:N, exchangelife (compiler/player_rules.cc, rules/restraints.cc): e.word names it
  kCantBeTargetOf,  // cantbetargetof(spec): spells and abilities of such sources cannot target it (a continuous change)
  kWinGame, kFlip, kFlipCoin,  // chance_and_faces.cc: wingame, flip(name), flipacoin .. flipend
  kNextPhaseAlter,             // phase_alter.cc
  kChoose,                     // choose.cc: chooseacolor / chooseatype
  kCastCard,                   // cast_card.cc: castcard(restricted|normal|putinplay|copied [noevent])
  kHandSize,                   // phase_alter.cc: hmodifer:N who (static: that player's maximum hand size)
  kCascade,                    // cascade.cc: cascade:plibrarycount
  kPair,                       // soulbond.cc: the pairing trigger of a soulbond creature offers its partners
  kResetDamage,                // resetdamage: the damage marked on the creature is gone
  kRampage,                    // rampage(P/T,N) from a lord (Spined Sliver): a in `a`/`b`, N in `times` (rules/combat.cc)
  kReduceTo,                   // reduceto:N: static, damage leaves its controller's life at N at least (board.cc)
  kReplaceDraw,                // replacedraw A / opponentreplacedraw A: static, each draw of the player (`who`) is `inner` instead
  kCombatCost,                 // attackcost:N / attackpwcost:N / blockcost:N (e.word attack|block): static, paid to attack or block (combat.cc)
  kNinjutsu,                   // ninjutsu: the card (its target, or itself) onto the battlefield tapped and attacking (combat.cc)
  kResetCost,                  // resetcost: the card's cost changes are gone (altercost; effect_apply.cc)
  kUpkeepCost,                 // a trigger's upcost[..] A (`inner`): the cost is due this upkeep, A unless it is paid (turn.cc)
  kNothing, kUnsupported
};

// A number an effect uses: a constant, X, or a count.
struct Amount {
  int value = 0;
  bool is_x = false;
  std::string var;     // type:swamp:mybattlefield (a count), p / t (a card's power / toughness)
  bool negative = false;  // -type:...
  int twice = 1;          // twicetype:..: 2 for each (thrice 3, fourtimes 4, fivetimes 5)
  int halve = 0;          // halfup.. / halfdown..: half of it, rounded up (1) or down (-1)
  int plus = 0;           // plusone.. / plustwo.. / plusthree..: added last (Kindle)
  // The words around a value applied to it: twice.. (times), halfup/halfdown.., plus...
  int modified(int v) const { return twice * (halve == 0 ? v : halve > 0 ? (v + (v > 0 ? 1 : 0)) / 2 : v / 2) + plus; }
  Spec count;          // var "type:..": the cards counted
};

struct Ability;

struct EffectDef {
  Eff kind = Eff::kUnsupported;
  Amount a, b;                      // damage/life/draw amount; pump power/toughness
  Amount b2;                        // counter(p/t,N): N when it is X or a count
  struct Becomes {                  // transforms((types,colours,setpower=N,settoughness=N,keywords)); clone with(keywords)
    std::vector<std::string> types, keywords;
    std::vector<Sym> type_syms, keyword_syms;  // the same as symbols (intern_words); remove-words left out
    enum : uint8_t { kRemoveCardTypes = 1, kRemoveAllTypes = 2, kRemoveSubtypes = 4 };
    uint8_t remove = 0;             // kRemove* bits: removetypes, removealltypes, remove(creature|all)subtypes
    int colors = -1;                // -1: unchanged
    int power = -1000, toughness = -1000;  // -1000: unchanged
    static constexpr int kManaValue = -999;  // set to the card's mana value (becomes(..,manacost/manacost))
    // newability[..]: one-shots run once on the card as the change begins (Wagic resolves them at
    // once, the card being their source); the rest (triggers, activated abilities, static lines,
    // phase actions) belong to the card while the change lasts.
    std::vector<Ability> once, lasting;
    // newability[autoexile=..]: triggered lines and state triggers (this(..)while ..) that work while
    // the changed card is in exile (All Hallow's Eve's scream counters), as a card's own autoexile= lines.
    std::vector<Ability> exiled;
  };
  std::shared_ptr<Becomes> becomes;
  std::string word;                 // moveto's zone, add's mana, grant's keyword, unsupported's word
  Sym sym = kNoSym;                 // grant: the keyword as a symbol (without a leading "-")
  std::string who;                  // controller, opponent, targetcontroller, ... (empty: default)
  bool ueot = false;
  bool to_hand = false;  // hand(blink)forsrc / hand(blink)ueot: the exiled card comes back to its owner's hand
  bool uynt = false;                // until your next turn: a change that ends as its controller's next turn begins
  bool optional_target = false;
  bool other = false;               // lords: "other" (not the source itself)
  bool has_all = false;
  Spec all;                         // all(spec): every such card (or player)
  std::string restriction;          // limit:N, myturnonly, assorcery (read into the Ability)
  Spec target;                      // target(...) written on this effect
  std::string token_spec;           // token(...) arguments
  int times = 1;                    // token(...)*N
  int counter_max = 0;              // counter(P/T,N,name,max): no more than max of them on the card (0: no limit)
  std::shared_ptr<Ability> inner;   // phaseaction[phase words] ability: what happens at that phase;
                                    // foreach(spec) part: what happens once per such card
  Spec each;                        // foreach(spec) written on one && part
  Spec prevent_to, prevent_from;    // preventalldamage to(spec) from(spec) (word "spec"): empty means any
  // ability$! A _ B !$ who: the player `who` (in `word`) does A, or chooses between A and B.
  std::shared_ptr<std::vector<Ability>> choices;
  bool emblem = false;              // emblem transforms((,newability[lord(..) ..])): the lords apply for the controller
  bool pay_first = false;          // kAbilityFor from pay[[cost]] A?B / pay(cost) A: the first ability costs the
                                    // first choice's mana plus `a` generic ({value:..}); the source's controller chooses
  std::shared_ptr<Ability> and_then;  // and!(ability)!: happens next to the same card; on a kDynamic, Wagic's stored
                                      // ability (dynamicability<!..!> A): A happens to the target first
  bool random_one = false;          // moverandom(type) from(zone) to(zone): one card of all(..) at random
  bool noncombat_only = false;      // preventallnoncombatdamage to(..) from(..): a kPreventAll shield of noncombat damage
};

// kUpcost: upcost[cost] effect — unless its controller pays during the upkeep, the effect happens
// as the upkeep ends.
enum class AbilityKind : uint8_t { kSpell, kActivated, kTriggered, kLord, kStatic, kUpcost };

struct TriggerDef {
  std::string event;   // movedto, each, next, damaged, ...
  Spec subject;        // movedto(spec), damaged(spec)
  Spec from;           // from(spec)
  Spec source;         // source(spec) of @combat(...)
  std::string args;    // the (..) text as written: @combat(attacking,blocked)
  // restriction{..} (and the restriction=, otherrestriction= keys): parts that must all hold, each
  // a value compared with a number (or with another count of cards). read_count_restriction
  // (spec.cc) reads them, Game::counts_hold (rules/turn.cc) decides them.
  struct Count {
    Spec spec;             // type(spec): the cards that match; thisturn/lastturn(spec): the spells cast that match
    std::string var;       // empty: a count of cards; else the value named (compare(var), raid, window ...)
    char cmp = '>';
    int n = 0;
    std::shared_ptr<Spec> than;  // ~lessthan~type(spec)-N: compared with that count plus n instead of n
    int from = 0, to = 0;  // var "window": the Phase values (inclusive) it holds in
    int whose = -1;        // var "window": 1 its controller's turn, 0 the opponent's, -1 either
  };
  std::vector<Count> counts;
  std::string phase;   // each/next: upkeep, endofturn ...
  std::string whose;   // my, opponent, targetcontroller, targetedplayer, "" (each player's)
  std::string source_state;  // each/next: sourcenottap / sourcetap (fires only while its source is so)
  bool opponent_poisoned = false;  // opponentpoisoned: fires only while an opponent has poison counters
  bool suspended = false;          // suspended: fires only while its source is suspended (an autoexile= line)
};

struct Ability {
  AbilityKind kind = AbilityKind::kSpell;
  std::string text;              // the line as written (lower case), for messages
  ManaCost mana;                 // activated: the mana part
  bool tap = false, untap_cost = false, sac_self = false;
  bool exile_self = false;       // {E}: exile the card itself (scavenge, from the graveyard)
  bool bounce_self = false;      // {H}: return the card itself to its owner's hand (Attunement)
  bool unattach_cost = false;    // {unattach}: the equipment that gives this line unattached (Blinding Powder)
  bool while_equipped = false;   // autoskill=: an equipment's ability, usable while it is attached
  bool cycle = false;            // {cycle}: discard this card (from the hand)
  bool discard_self = false;     // {discard}: the same cost, but not cycling (channel, bloodrush: no @cycled)
  Spec sacrifice, discard;       // {S(spec)}, {discard(spec)}
  Spec tap_other, exile_cost;    // {T(spec)}: tap an untapped such card, {E(spec)}: exile such a card
  Spec bounce_cost;              // {H(spec)}: return such a card to its owner's hand (several: count)
  int life_cost = 0;
  // Cards off the top of the controller's library: {M} each to the graveyard, {l2e} each to exile
  // (the last one is the card stored* amounts read); {s2l(spec)} a chosen card put on top of it.
  int mill_cost = 0, library_exile_cost = 0;
  Spec top_cost;
  int discard_random = 0;        // {D}: a card of the controller's hand at random, each

  bool has_counter_cost = false;  // {C(p/t,n[,name])}: put (n > 0) or remove (n < 0) counters
  int counter_p = 0, counter_t = 0, counter_n = 0;
  std::string counter_name;
  Spec counter_from;             // {C(p/t,-1,spec)}: the counter comes off a chosen such card (Quillspike)
  bool may = false;
  bool kicker_only = false, alternative_only = false;  // lines run only when that cost was paid
  bool flashback_only = false;   // "flashback A": A runs only when the spell was cast with flashback (Increasing Devotion)
  bool overload = false, paidmana_only = false;        // overload lines (alternative_only too, no targets) / paidmana: the mana cost
  bool has_foreach = false;      // foreach(spec): the effects once per such card
  int foreach_over = 0;          // foreach(spec) effect >N: once per such card beyond the Nth (Ivory Tower)
  int foreach_under = 0;         // foreach(spec) effect <N: once per such card, at most N-1 times
  Spec foreach;
  std::string this_count;        // thisforeach(counter{..}|auras): per such thing on the source instead
  std::string this_cond;         // this(counter{..}>N|variable{opponentturn}>0): a condition on the source
  std::string activate_cond;     // this(..) {cost}:effect: it may be activated only while this holds
  std::shared_ptr<Ability> activate_when;  // aslongas(spec) {cost}:effect [>N]: only while its has_cond holds
  bool teach = false;            // teach(creature): applies to the enchanted/equipped creature
  Spec taught;                   // its spec: a spell's line runs only when its target is such a card
  bool has_cond = false;         // aslongas(spec) [<N|>N]
  Spec cond;
  char cond_cmp = 0;             // '<', '>', '=' (if type(..)~equalto~N), 0: at least one
  bool cond_negate = false;      // ifnot
  int cond_n = 0;
  bool has_if = false, if_negate = false;  // if/ifnot COND then: COND compares two amounts
  char if_cmp = '>';
  Amount if_left, if_right;
  // if COND then, COND read as a restriction (Wagic checks an if as it checks a cast restriction):
  // its parts, all of which must hold (Game::counts_hold), instead of if_left/if_right.
  std::vector<TriggerDef::Count> if_counts;
  std::shared_ptr<Ability> if_else;  // if COND then A else B: B
  std::shared_ptr<Ability> at_limit;  // ability limit^B^N: B also happens once it was activated N times this turn
  int at_limit_n = 0;
  int limit = 0;                 // limit:N activations per turn
  // Soulbond (CR 702.95, rules/soulbond.cc): `paired_line` marks a "soulbond X" static line, which
  // applies to the card and the creature it is paired with while they are paired; `pairing` the
  // trigger every soulbond creature has, which pairs it as it or another creature enters.
  bool paired_line = false, pairing = false;
  bool evolve = false;           // evolve (CR 702.100): fires, and resolves, only if the creature that
                                 // entered has greater power or toughness than the source
  bool upkeep_once = false;      // kUpcost with ;next upkeep: due at one upkeep only (echo)
  bool upkeep_cumulative = false;  // cumulativeupcost: an age counter each upkeep, the cost once per counter
  // foreach(spec) upcost[..] / thisforeach(counter{..}) upcost[..]: the cost once per such card (in
  // `foreach`) or counter (in `this_count`), counted as it is paid; the effect happens once.
  bool upkeep_each = false;
  bool my_turn_only = false, sorcery_speed = false, my_upkeep_only = false;
  bool state_trigger = false;    // aslongas(..) effect while: the effect happens whenever the condition holds
  TriggerDef trigger;
  Spec range;                    // lord(...)/all(...): the cards it affects
  Spec target;                   // the ability's target (from its first targeted effect)
  bool has_target = false;
  bool not_a_target = false;     // notatarget(..)
  std::vector<EffectDef> effects;   // && parts in order
  bool supported() const;
  std::string unsupported_word() const;
};

// A mana ability: only mana, no target; it resolves at once, without the stack (CR 605.3).
bool is_mana_ability(const Ability& a);
// An instant's or sorcery's line whose "target" is a card in a hand (Brainstorm: put back two of
// the cards just drawn): no target in Magic's sense (CR 115.1), chosen as the line runs, not as
// the spell is cast (Wagic asks it then too).
bool chosen_as_it_resolves(const Ability& a);
bool read_player_rule(const std::string& word, EffectDef& e);  // player_rules.cc: alterpoison:N, exchangelife

// A card's words as symbols and its continuous abilities, made on first use (a copied CardDef
// makes its own: the abilities it points at are the copy's).
struct CardSyms {
  TypeSet types;
  KeywordSet keywords;
  Sym name = kNoSym;
  std::vector<const Ability*> continuous;  // lords and static lines (layers.cc)
  bool sets_land_types = false;            // one of them is losesubtypesof(land) (CR 305.7, layers.cc)
};
// Made once, on first use; copies of a game may share a CardDef across threads, so the first use
// takes a lock and later ones read an atomic pointer.
class LazyCardSyms {
 public:
  LazyCardSyms() = default;
  LazyCardSyms(const LazyCardSyms&) {}
  LazyCardSyms& operator=(const LazyCardSyms&) {
    delete p_.exchange(nullptr);
    return *this;
  }
  ~LazyCardSyms() { delete p_.load(); }
  const CardSyms* get() const { return p_.load(std::memory_order_acquire); }
  // Stores `made` unless another thread stored one first; returns the one stored.
  const CardSyms* set(std::unique_ptr<CardSyms> made) const;

 private:
  mutable std::atomic<CardSyms*> p_{nullptr};
};

struct CardDef {
  std::string name, lname;       // as written; lower case
  int64_t id = 0;                // the lowest multiverse id with this name
  std::set<std::string> types;   // lower case: creature, land, basic, legendary, and subtypes
  std::set<std::string> keywords;  // abilities= entries, lower case
  int colors = 0;                // bit per Color
  ManaCost cost;
  int power = 0, toughness = 0;
  // For people (views, hover); the engine never reads them: mana= as written, the type line built
  // from type= and subtype=, and Wagic's text=.
  std::string mana_text, type_line, text;
  bool star_pt = false;
  int rampage = 0, rampage_from = 1, bushido = 0;  // rampage(N/N,K): +N/+N per blocker beyond K; instances add up
  int max_level = 0;               // maxlevel:N: a level up card ([leveler]); N its highest level (Wagic's AI stops there)
  std::string alias;               // alias=N: Wagic runs this card from C++ (issue 21's Lua layer)
  bool cda = false;                // anyzone=A/B cdaactive: power and toughness defined by amounts
  Amount cda_power, cda_toughness;
  ManaCost kicker, other, buyback;
  // flashback= and retrace=: cast from its owner's graveyard for this cost instead (mana, and the
  // cards chosen to pay with: retrace's {discard(land|myhand)}); not present when a part is unknown.
  struct GraveCost {
    ManaCost mana;
    std::vector<std::pair<Spec, int>> chosen;
    int life = 0;  // {L:N} in it: life paid with the mana (flashback={L:3}{1}{G}, a morph cost {L:5})
  };
  GraveCost flashback, retrace;
  // suspend(N)=cost (CR 702.62): exiled from the hand for the cost with N time counters (0: as many
  // as the X paid); `suspend_n` -1: none (rules/suspend.cc).
  GraveCost suspend;
  int suspend_n = -1;
  // dredge=dredge(N) (CR 702.52): while it is in its owner's graveyard, a draw of theirs may instead
  // mill N cards and return it to the hand (rules/draw_replace.cc); 0: none.
  int dredge = 0;
  // Morph (CR 702.37): facedown= is the cost to cast it face down, autofacedown={..}:morph the
  // cost to turn it face up (mana, and cards chosen to pay with: {H(island|mybattlefield)},
  // {discard(..)}), autofaceup= lines run as it is turned face up; `face_down` is what it is
  // meanwhile: a nameless colourless 2/2 creature with no abilities and no mana cost.
  GraveCost facedown;
  GraveCost morph;
  std::vector<Ability> faceup_abilities;
  std::shared_ptr<const CardDef> face_down;
  bool multikicker = false;        // kicker=multi{..}: paid as many times as the pool allows // kicker=, other= (alternative) and buyback= costs  // rampage(N/N,0) and bushido(N/N) written as auto= lines
  // Costs that choose a card, in mana= and other=: {S(spec)} sacrifice (the zone: graveyard),
  // {E(spec)} exile, {H(spec)} return to its owner's hand, {T(spec)} tap (-1).
  // {D}: a card of the caster's hand discarded at random (kDiscardAtRandom: nobody chooses it).
  std::vector<std::pair<Spec, int>> cost_chosen, other_chosen;  // {discard(spec)}: a card to discard (-2)
  int cost_life = 0, other_life = 0;  // {L:N} ({L}: 1) in mana= and other=: life paid as it is cast
  // other={kgoblin}: an offering (CR 702.48): cast for its mana cost reduced by the mana cost of a
  // creature of that type its caster sacrifices (Game::offering_cost); abilities=offering lets
  // the alternative cost be paid any time an instant could be cast.
  Spec offering;
  bool has_offering = false;
  std::vector<std::pair<Spec, int>> buyback_chosen;  // the same in buyback= (the whole cost with buyback)
  int buyback_life = 0;
  // restriction= / otherrestriction=: counts of cards that must hold to cast it (normally / by other=).
  std::vector<TriggerDef::Count> cast_counts, other_counts;
  bool cast_restricted = false, other_restricted = false;  // a restriction not run yet: not castable that way
  std::string cast_window;        // restriction=before battle damage, during battle ...: when it may be cast
  Spec spell_target;             // target= of a spell (or an aura)
  bool has_spell_target = false;
  std::vector<Ability> abilities;
  std::vector<Ability> grave_abilities;  // autograveyard=
  bool grave_triggers = false;           // one of them is a triggered ability: it listens from the graveyard
  std::vector<Ability> hand_abilities;   // autohand= (cycling): activated from the hand
  // autohand=restriction{miracle} A (CR 702.94): A triggers as the card is drawn as its owner's
  // first draw of a turn, and does nothing unless the card is still in the hand as it resolves
  // (Game::draw, Game::resolve_top); A is Wagic's pay[[cost]] .. castcard(restricted).
  std::vector<Ability> miracle_lines;
  // One-shot lines of autohand=, autograveyard=, autoexile=, autolibrary= (no cost, no trigger, not
  // continuous), with their zone: they run as the card arrives in that zone during play (from the
  // battlefield, a discard, a mill, a spell's stack: Game::run_arrival_lines), as Wagic runs a
  // card's lines for the zone it arrives in (Darksteel Colossus; the guide's resetcost lines).
  std::vector<std::pair<int, Ability>> arrival_lines;
  // autohand=affinity(spec) reduce(cost): the spell costs `reduce` less for each such card, counted
  // from its caster's side (rules/actions.cc, Game::spell_cost); Blasphemous Act's kin.
  struct Affinity {
    Spec spec;
    ManaCost reduce;
  };
  std::vector<Affinity> affinities;
  std::vector<Ability> stack_abilities;  // autostack=: run as the card is cast (cascade.cc)
  // autoexile=restriction{discarded} A: A triggers as the card is exiled instead of discarded into
  // its owner's graveyard, which its madness keyword does (CR 702.35, Game::discard).
  std::vector<Ability> discard_exiled;
  std::vector<Ability> exile_abilities;  // autoexile= triggered lines: they listen while the card is in exile
  bool is(const std::string& t) const { return types.count(t) != 0; }
  bool has(const std::string& k) const { return keywords.count(k) != 0; }
  // Its types, keywords and name as symbols, made the first time they are asked for (the sets
  // above must be complete by then: tokens are made before their first object).
  const CardSyms& syms() const;
  LazyCardSyms lazy_syms;
};

// Where each card of a database is, by multiverse id and by name: read once (tens of
// milliseconds for 40,000 cards) and shared by every catalog of the database, read only.
struct CatalogIndex {
  explicit CatalogIndex(const Database& db);
  std::map<int64_t, int32_t> ids;             // multiverse id -> primitive card index
  std::map<std::string, int64_t> names;       // lower name -> lowest id
  std::map<std::string, int32_t> name_cards;  // lower name -> primitive (cards without ids)
};

// Every card of a database by multiverse id and by name, compiled the first time it is asked for.
struct Rules;  // rules_file.h

class Catalog {
 public:
  explicit Catalog(const Database& db);  // with an index of its own
  // With an index read before (a server's tables each have a catalog, one index between them).
  Catalog(const Database& db, std::shared_ptr<const CatalogIndex> index);
  ~Catalog();
  const CardDef* by_id(int64_t id);
  const CardDef* by_name(const std::string& lower_name);
  // Momir Basic: the ids of the set cards (not tokens) that are creatures of mana value `mv`, in
  // name order (found from their fields once, without compiling them).
  const std::vector<int64_t>& creatures_costing(int mv);
  const class CardScripts* scripts = nullptr;  // cards written in Lua (lua/card_scripts.h), by name
  // Wagic's rules files beside the sets (rules_file.h): testsuite.txt for scenarios, classic.txt for
  // whole games; null: the built-in default.
  const Rules* suite_rules = nullptr;
  const Rules* game_rules = nullptr;

 private:
  const CardDef* compile_index(int32_t card);
  const Database& db_;
  std::shared_ptr<const CatalogIndex> index_;
  std::map<int32_t, std::unique_ptr<CardDef>> defs_;
  std::map<int, std::vector<int64_t>> by_cost_;  // creatures_costing, once built
  bool by_cost_built_ = false;
};

// A value (lower case) with its #AUTO_DEFINE macros applied (__CYCLING__({2}) and the like).
std::string with_macros(const Database& db, const std::string& v);
// A chosen cost's "zone" for {D}: a card of the hand discarded at random, without a chooser
// (Game::pay_chosen); the other negative values are -1 tapped, -2 discarded (a chooser).
inline constexpr int kDiscardAtRandom = -5;
// Takes the {S(..)} {E(..)} {H(..)} {T(..)} {discard(..)} {D} symbols out of a cost (lower case), into
// `out`; {S;target(..)} is {S(..)}, as Wagic reads only a cost's first letter and what its parentheses hold.
void take_chosen_costs(std::string& cost, std::vector<std::pair<Spec, int>>& out);
// Takes the {L:N} and {L} symbols out of a cost (lower case): the life they pay (a malformed one
// stays, for the mana reader to call unknown).
int take_life_costs(std::string& cost);
// {kgoblin} ({k<creature type>}): an offering's sacrifice, taken out of `cost` as creature[type]|mybattlefield.
bool take_offering(std::string& cost, Spec& out);
// flashback=/retrace= text to its cost (alt_casts.cc); discard(..) is a chosen card (-2).
void read_grave_cost(const std::string& text, CardDef::GraveCost& out);
// autofacedown={..}:morph and autofaceup= lines (alt_casts.cc); the face-down def once facedown= is read.
void read_morph_line(const std::string& key, const std::string& value, CardDef& d);
void make_face_down(CardDef& d);
// autohand=affinity(spec) reduce(cost): false when the line is not that, or a part is not read
// (a count other than a card spec, a cost with more than fixed mana symbols).
bool read_affinity(const std::string& value, CardDef::Affinity& out);
// suspend(N)=cost (rules/suspend.cc): the cost and N, when both are read.
void read_suspend(const std::string& key, const std::string& value, CardDef& d);
int read_dredge(const std::string& value);  // dredge(N): N (at least 1), else 0
// Builds a CardDef from a database card (primitive), compiling its abilities.
void compile_card(const Database& db, int32_t card, CardDef& out);
// Compiles one auto= line (lower case) into an ability.
Ability compile_ability(const std::string& line);
// The pairing trigger a creature with soulbond has (rules/soulbond.cc).
Ability soulbond_pairing();
// anyzone=A/B cdaactive: a characteristic-defining power/toughness.
void read_cda(const std::string& value, CardDef& d);
// A permanent's plain auto= line that is a static effect on itself (or on what it is attached to):
// pumps, keyword grants, transforms, prevention — not an ETB one-shot.
bool is_static_line(const Ability& a);
// "choice teach(creature) swampwalk", "may ..": a static line offered as the permanent enters (CR
// "as ~ enters, choose"): only the line chosen then holds, for as long as it stays (rules/choose.cc).
bool is_entry_choice(const Ability& a);
// The zone of an autohand= / autograveyard= / autoexile= / autolibrary= key (lower case); -1 for another.
int arrival_zone(const std::string& key);
// A line that runs as its card arrives in that zone: a one-shot, not an activated, triggered or continuous one.
bool is_arrival_line(const Ability& a);
// autohand=restriction{miracle} A: A's text (lower case), or "" when the line is not written so.
std::string miracle_text(const std::string& value);
// Reads a target specification: creature[-white;power<=2],player|mybattlefield.
Spec parse_spec(const std::string& text);
// restriction= words naming when a spell may be cast (before battle damage, during battle,
// blockersonly, opponentturnonly ...): false when `words` is none of them; otherwise, with `when`
// given ({phase, 1 if it is its caster's turn}), whether it may be cast now.
bool cast_window(const std::string& words, const int* when);
// type(spec)~morethan~N,...: false when a part is something else.
bool read_count_restriction(const std::string& text, std::vector<TriggerDef::Count>& out);

}  // namespace rk::mtg
