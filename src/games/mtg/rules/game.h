// A Magic game as Wagic's scenario tests play it: two players, zones, a stack, the turn's steps,
// combat, and the decisions a test answers with its commands (target choosers, menus, the offer
// to respond). The runner (harness.cc) reproduces Wagic's command protocol over this; the rules
// themselves are here and in the files named for each mechanic (effects, combat, turn, targets).
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/rules/layers.h"
#include "games/mtg/rules/mana.h"
#include "games/mtg/rules/resume.h"
#include "games/mtg/rules/rules_file.h"
#include "games/mtg/compiler/spec_code.h"
#include "games/mtg/runners/scenario.h"
#include "kernel/rng.h"

namespace rk::mtg {

class ScriptRuntime;  // lua/runtime.h

// A game's Lua side (lua/runtime.h), made on first use. Copying a game copies its data (effects,
// what cards remember, running handlers as journals) into a runtime of the copy's own, whose Lua
// state is made when the copy needs it: the original's is never shared.
class LuaSide {
 public:
  LuaSide();
  LuaSide(const LuaSide& other);
  LuaSide& operator=(const LuaSide& other);
  ~LuaSide();
  explicit operator bool() const { return rt_ != nullptr; }
  ScriptRuntime* get() const { return rt_.get(); }
  ScriptRuntime* operator->() const { return rt_.get(); }
  void reset(std::unique_ptr<ScriptRuntime> rt);

 private:
  std::unique_ptr<ScriptRuntime> rt_;
};

// Tokens' characteristics (objects point at them): shared by a game and its copies and only ever
// added to, so a copied object's pointer stays valid whichever game made the token.
class MadeDefs {
 public:
  const CardDef* add(CardDef d);
  size_t size() const;

 private:
  struct Store;
  std::shared_ptr<Store> store_;
};

struct Obj {
  const CardDef* def = nullptr;
  const CardDef* printed = nullptr;  // the card itself (def differs while it copies another card)
  int64_t mtg_id = 0;           // multiverse id; tokens: -(source id)
  int owner = 0, controller = 0;
  int zone = kLibrary;
  bool tapped = false, sick = false, token = false;
  bool frozen = false;  // does not untap during its controller's next untap step (the `frozen` effect)
  int damage = 0;
  int plus_counters = 0, minus_counters = 0;  // +1/+1 and -1/-1
  std::map<std::string, int> counters;         // any other kind, by name (or p/t when unnamed)
  int pump_p = 0, pump_t = 0;                // until end of turn
  std::vector<std::pair<const EffectDef*, int>> counted_pumps;  // type:..-counted pumps until end of turn, and their source
  bool switched = false;                      // power and toughness switched until end of turn (last, CR 613.4d)
  struct Grant {                              // a keyword ability until end of turn (Game::grant)
    Sym keyword = kNoSym;
    bool lose = false;                        // -flying: the keyword is lost
    int64_t stamp = 0;
  };
  std::vector<Grant> granted;
  int64_t stamp = 0;                          // its timestamp (CR 613.7): entered the battlefield, or became attached
  Chars chars;                                // characteristics after the layers (layers.cc), cached
  Chars left_chars;                           // as they were when it left the battlefield (its leave triggers)
  const CardDef* layer_base = nullptr;        // `chars` hold this def's printed values, nothing applied (layers.cc)
  bool attacking = false;
  std::vector<int> blockers;                  // attackers: their blockers in damage order
  int blocking = -1;                          // blockers: the attacker
  int regen = 0;                              // regeneration shields
  int prevent_next = 0;                       // prevent:N shields this turn
  int attached = -1;                          // auras and equipment: the card they are on
  int paired = -1;                            // soulbond: the creature it was paired with (Game::partner)
  std::vector<std::pair<const Ability*, int>> uses;  // activations this turn (limit:N)
  std::vector<const Ability*> next_done;       // its @next triggers that fired: each fires once (the next such step after it entered)
  std::vector<const Ability*> upkeep_due;            // upcost abilities not paid yet this upkeep
  bool echo_armed = false;                    // its once-only upkeep costs (echo) were due at an upkeep already
  bool blocked = false;                       // attackers: blocked when damage began
  bool deathtouched = false;                  // dealt damage by a deathtouch source
  bool prevent_to = false, prevent_from = false;            // preventall(combat)damage to/from: combat damage
  bool prevent_all_to = false, prevent_all_from = false;    // preventalldamage to/from: any damage, recomputed
  bool dealt_damage = false;                  // this turn ([damager])
  bool fresh = false;                         // entered the battlefield, or died, this turn ([fresh])
  std::vector<int> damaged_by;                // the cards that dealt it damage this turn (@vampired; kept as it dies)
  int sunburst = 0;                           // colours in the pool when it was cast
  int player_target = -1;                     // the player last chosen for one of its choosers (Wagic's playerTarget): targetedplayer
  bool was_cast = false;                      // cast (not put) onto the stack: if casted(this) (a new object elsewhere)
  ManaPool spent;                             // the mana spent to cast it: if spent({W})
  bool flashed = false;                       // cast with flashback: exiled when it leaves the stack (CR 702.34a)
  std::array<int, kColors> cost_change{};     // altercost(..) on it while in a hidden zone, recomputed
  int lki_power = 0, lki_toughness = 0;
  struct Change {                                          // transforms/loseabilities on it (Game::add_change)
    const EffectDef* def = nullptr;
    bool ueot = false;
    int64_t stamp = 0;
    int until = -1;  // uynt: ends as this player's next turn begins (detain)
  };
  std::vector<Change> changes;
  bool suspended = false;                     // exiled by suspend: loses a time counter at each of its owner's upkeeps
  bool phased_out = false;                    // treated as though it does not exist until its controller's untap step
  int lki_plus = 0, lki_minus = 0;            // its +1/+1 and -1/-1 counters as it left the battlefield (modular)
  std::map<std::string, int> lki_counters;    // its named counters as it left (a cost that sacrifices it: Barrin's Codex)
  int lki_controller = -1;                    // who controlled it as it left the battlefield (its leave triggers are theirs)
  const EffectDef* chosen_cda = nullptr;      // P/T cdaactive run on it (Chameleon Spirit's choice as it entered): layer 7a
  int exile_player = -1;                      // moveto(myexile) of another's card: the player whose exile Wagic puts it in
  std::vector<const EffectDef*> lord_changes;              // the same from static sources, recomputed
  std::vector<const Spec*> unblockable_by;                 // cantbeblockedby(..), recomputed
  std::vector<const Spec*> cant_block_of;                  // cantbeblockerof(..): attackers it cannot block
  std::vector<const Spec*> protections;                    // protection from(spec), recomputed
  std::vector<const Spec*> untargetable_by;                // cantbetargetof(spec), recomputed
  std::vector<const EffectDef*> extra_mana;                // produceextra:{..} from lords, recomputed
  std::vector<const EffectDef*> rampages;                  // rampage(P/T,N) given by lords, recomputed
  std::vector<const void*> flankers;                       // what gave it flanker (each one more flanking instance), recomputed
  int attack_cost = 0, block_cost = 0;                     // attackcost:N, blockcost:N on it, recomputed
  int reduce_to = -1;                                      // reduceto:N on it (-1: none), recomputed
  int cost_paid_step = -1;                                 // the step its attack or block cost was paid in (Game::steps_begun)
  std::vector<const EffectDef*> left_changes;              // changes it had as it left the battlefield (its own leave triggers)
};

struct Target {
  int card = -1, player = -1, stack = -1;  // one of them
};

// Casting a card for its flashback= or retrace= cost (from its owner's graveyard) or face down (alt_casts.cc).
// kSuspend: exiled from the hand with time counters instead (suspend.cc); kFree: without paying its mana cost.
// kCopy: a copy of a spell put on the stack (not cast: no cast triggers, not counted; CR 707.10), its X `copy_x`.
enum class CastWay : uint8_t { kNormal, kFlashback, kRetrace, kFaceDown, kSuspend, kFree, kCopy };  // kFaceDown: morph, from the hand

struct StackItem {
  enum Kind { kSpell, kAbility, kNextPhase } kind = kSpell;
  int source = -1;               // the card (a spell: the card itself)
  int controller = 0;
  const Ability* ability = nullptr;  // abilities; spells run all the card's one-shot lines
  std::vector<Target> targets;
  int x = 0;
  bool kicked = false, alternative = false, buyback = false;
  int kicks = 0;                 // times the kicker was paid (multikicker)
  int stored = -1;               // the card paid as a cost ({S(..)}, {E(..)}, {discard(..)}): stored* amounts
  const Ability* mode = nullptr;  // the may line chosen as it was cast (spells with several)
  int storm = 0;                 // spells cast before it this turn
  int trigger_card = -1, trigger_from = -1;  // triggered abilities: what the event was about (all(trigger))
  int trigger_amount = 0;                    // and how much ("thatmuch")
  int asked = 0;                 // players who declined so far
  bool ask_other_only = false;
};

struct Menu {
  struct Option {
    std::string label;
    Resume act;  // what choosing it does (Game::resume)
  };
  std::vector<Option> options;   // the last is Cancel when `cancel`
  bool cancel = true;
  int player = -1;               // who answers it (a draw replacement, a leyline); -1: the acting player
};

struct Chooser {
  Spec spec;
  int player = 0;                // who chooses
  int source = -1;
  bool optional = false;
  bool is_cost = false;          // sacrifice/discard choices: not targeting (shroud does not stop them)
  // The targets of a spell being cast or an ability being activated. Wagic opens this chooser
  // before anything is paid, so one left unfinished means nothing was cast (the test harness
  // undoes the click that opened it).
  bool announcing = false;
  std::vector<Target> picked;    // so far, when several are chosen
  std::vector<Resume> done;      // resumed with the targets chosen (Game::resume)
};


class Game {
 public:
  explicit Game(Catalog& cat) : cat_(&cat) {}
  // A copy is a real copy (no replay): objects, zones, the stack, open menus and choosers (data,
  // resume.h), the Lua side (LuaSide). `rng` still points at the original's generator: the owner
  // of the copy points it at its own (Match does).

  // Setup (harness): creates a card in a player's library; returns its object.
  int create(const CardDef* def, int64_t mtg_id, int owner);
  void move(int card, int player, int zone, bool to_top = true);
  int redirect(int card, int zone) const;  // a graveyard-bound card's zone instead (exilers, exiledeath)

  // The board.
  std::deque<Obj> objs;  // a deque: references stay valid while effects create tokens
  struct Player {
    int life = 20, poison = 0;
    int damage_taken = 0;  // damage dealt to the player this turn (pdcount, odcount)
    int life_lost = 0;     // life lost this turn (lifelost, oplifelost)
    int drawn = 0;         // cards drawn this turn (pdrewcount, odrewcount)
    ManaPool pool;
    std::array<std::vector<int>, kZoneCount> zones;
    int lands_played = 0;
    bool damaged = false;  // dealt damage this turn
    int prevent_next = 0;  // prevent:N shields this turn
    int skip_turns = 0;    // turns:-N: its next turns that are skipped
    int extra_lands = 0;  // maxplay(land)+N from spells this turn
    int casts = 0, cast_limit = -1;  // spells cast this turn; maxcast(*)N from a spell (-1: none)
    int last_drawn = -1;  // the last card drawn this turn (Jandor's Ring), -1: none yet
    ManaPool kept;        // mana added with doesntempty: it stays as the pool empties, until the turn ends
    bool epic = false;    // an epic spell resolved (CR 702.50): they can't cast spells for the rest of the game
  };
  std::array<Player, 2> players;
  // turns:+N: extra turns to come, each the player who takes it; the last added is taken first,
  // right after the current turn (CR 500.7).
  std::vector<int> extra_turns;
  const Rules* rules = &default_rules();  // the basic rules (rules_file.h): Wagic's rules files, or the built-in default
  std::vector<StackItem> stack;
  Phase phase = Phase::kFirstMain;
  int active = 0, turn = 0;
  int interrupter = -1;          // a player who said "yes" to the offer
  std::vector<Menu> menus;       // the open menu is the last
  std::vector<Chooser> choosers; // the open target chooser is the last
  std::vector<std::string> log;  // events, for --trace and failure reports
  std::vector<std::string> missing;  // unsupported parts met during play
  int loser = -1;
  bool prevent_combat = false;     // a fog resolved this turn
  struct TurnShield {              // a spell's or ability's prevention to(..) from(..), until the turn ends
    const EffectDef* e = nullptr;
    int source = -1, target = -1;  // target: the card `mytgt` names in its to(..)/from(..)
  };
  std::vector<TurnShield> turn_shields;
  int spells_this_turn = 0;
  int spells_last_turn = 0;  // restriction{lastturn(*|stack)..}
  // The spells cast this turn and the last one, each with its caster (thisturn(spec), lastturn(spec),
  // casted(spec)); copies are not cast.
  struct Cast {
    int card = -1, player = 0;
  };
  std::vector<Cast> cast_this_turn, cast_last_turn;
  int cast_count(const TriggerDef::Count& k, int src, int controller) const;
  // chance_and_faces.cc: flip(name) turns `card` into the card of that name; wingame; flipacoin's
  // call (a menu of the controller's), then the flip and the ability it decides.
  void flip_card(int card, const std::string& lname);
  void win_game(int player);
  void flip_coin(const EffectDef& e, int source, int controller, const std::vector<Target>& targets, int x);
  void coin_called(const Resume& call);
  // phase_alter.cc: nextphasealter. Steps each player skips in their next turn (a bit per Phase), and
  // this turn's added phases: (leaving this phase, go to that one), in order.
  std::array<uint32_t, 2> skip_next{};
  std::vector<std::pair<Phase, Phase>> added_phases;
  void alter_next_phase(const EffectDef& e, int player);
  Phase phase_after(Phase p);  // the phase next_phase goes to from `p`
  Phase unskipped(Phase p);    // `p`, or the first after it the active player does not skip
  // turnlimited on a trigger: true when `a` of `src` fired this turn already; otherwise it counts this one.
  bool fired_this_turn(const Ability& a, int src);
  int hand_size_change(int player) const;  // hmodifer:N
  int static_change(Eff kind, int player) const;  // hmodifer:N, maxplay(land)+N on permanents (phase_alter.cc)
  // choose.cc: chooseacolor / chooseatype: the menu of values, and the value chosen (kChooseValue).
  void choose_value(const EffectDef& e, int source, int controller, int x);
  void value_chosen(const Resume& r);
  // The lines a permanent offers as it enters (is_entry_choice): one menu, the chosen line holds.
  void choose_line(int card, int controller, const std::vector<const Ability*>& lines);
  std::vector<std::string> creature_types() const;
  // soulbond.cc (CR 702.95): the creature `card` is paired with (-1: none); whether the pairing
  // trigger of `source` fires for `entered`; the menu of partners as it resolves; the choice.
  int partner(int card) const;
  bool pairing_possible(int source, int entered) const;
  void offer_pairing(int source, int entered, int controller);
  void pair_chosen(const Resume& r);
  void leyline_chosen(const Resume& r);  // draw_replace.cc
  void unpair_noncreatures();
  // suspend.cc: the card exiled with its time counters (the cost paid), and the owner's upkeep.
  void suspend(int card, int actor);
  void suspend_upkeep();
  void cast_suspended(int card);  // its last time counter is off: cast it (nothing otherwise)
  bool buyback_payable(int card, int actor) const;  // buyback='s life and chosen cards (actions.cc)
  // cast_card.cc: castcard(..) on `card`: cast for free (restricted: only as a spell its controller may
  // cast now), put onto the battlefield (putinplay), or copied; the card the effect's and!(..)! follows.
  int cast_card(const EffectDef& e, int card, int controller);
  int copy_x = 0;
  void cascade(int source, int controller);  // cast_card.cc
  struct Delayed {  // @next <phase> written on an instant or sorcery: once, at that phase
    const Ability* ability;
    int source, controller;
  };
  std::vector<Delayed> delayed;
  struct PhaseAction {  // phaseaction[..]: an ability that happens, off the stack, as a phase begins
    const EffectDef* def;
    int card, controller, zone;
    Phase phase;
    bool mine, theirs, once, source_in_play;
    int skip;  // "next": the first such phase is skipped
  };
  std::vector<PhaseAction> phase_actions;
  // (blink)forsrc / (blink)ueot: a card exiled until its source (-1: the end step) leaves the battlefield
  std::vector<std::pair<int, int>> held;  // (card, source)
  std::vector<int> held_to_hand;          // those of hand(blink)..: back to their owner's hand
  void release_held(int card);            // a held card comes back (battlefield or hand)
  struct Emblem {  // emblem ..: lords that belong to a player, not a card (ueot: until the cleanup)
    const EffectDef* def;
    int source, controller;
    int64_t stamp;
  };
  std::vector<Emblem> emblems;
  // An emblem's triggered abilities (CR 114.4: they work from the command zone): each with the card
  // that made the emblem as its source, whose controller is the emblem's while `f` runs.
  template <class F>
  void each_emblem_trigger(F&& f) {
    if (emblems.empty()) return;
    const std::vector<Emblem> now = emblems;  // a trigger that resolves at once may make another
    for (const Emblem& em : now) {
      const int saved = objs[static_cast<size_t>(em.source)].controller;
      objs[static_cast<size_t>(em.source)].controller = em.controller;
      for (const Ability& a : em.def->becomes->lasting) {
        if (a.kind == AbilityKind::kTriggered) f(em.source, a);
      }
      objs[static_cast<size_t>(em.source)].controller = saved;
    }
  }
  // pay(cost) chosen before the pool could pay it: the player makes mana, then it is paid (Wagic's
  // extra payment); empty or one record, dropped as the step ends.
  std::vector<Resume> pending_pay;
  bool momir = false;       // Momir Basic: a land from the hand and all the mana make a random creature token
  bool momir_used = false;  // once between untap steps (Wagic)
  bool can_momir(int card, int actor) const;
  void momir_play(int land, int actor, const CardDef* chosen);  // chosen: nullptr for a random one
  void bring_back(int card);              // from exile to its owner's battlefield, as it enters
  void add_phase_action(const EffectDef& e, int card, int controller);
  void run_phase_actions();
  void apply_new_abilities(const EffectDef& e, int card, int x = 0);  // transforms' newability one-shots (x: storedx)
  // ability$!..!$ who: the player does the ability (or chooses one of them).
  void ability_for(const EffectDef& e, int source, int controller, const std::vector<Target>& targets, int x);
  void pay_or(const EffectDef& e, int source, int controller, int x);  // pay[[cost]] A?B, pay(cost) A
  void run_as(const Ability& a, int source, int player, int x);  // may menu, chooser, then the effects
  // produceextra:{..} as `card` is tapped for mana (`made`: the mana its ability made): that mana to
  // `player`'s pool; selectmana: a menu of the five colours, one mana of the colour chosen;
  // producecolor:colour: one more for each mana of that colour made (granted.cc).
  void extra_mana(const EffectDef& e, int card, int player, const ManaPool& made);
  kernel::Rng* rng = nullptr;
  MadeDefs made_defs;  // tokens' characteristics
  LuaSide lua;         // cards written in Lua: this game's Lua side (made on first use)

  // Characteristics as continuous effects leave them (layers.h): computed in layers once after a
  // change, cached per object.
  const Chars& chars(int c) const {
    layers_ready();
    return objs[static_cast<size_t>(c)].chars;
  }
  void layers_ready() const {
    if (layers_dirty_ && !computing_layers_) const_cast<Game*>(this)->refresh_layers();  // a cache: Games are never const objects
  }
  void invalidate() { layers_dirty_ = true; }  // something characteristics may depend on changed
  int64_t next_stamp() { return ++stamp_; }
  void add_change(int card, const EffectDef& e, bool ueot);  // transforms, loseabilities on a card
  void grant(Obj& o, const std::string& keyword);             // until end of turn ("-kw": lost)
  void attach(int card, int to);                              // an aura or equipment (a new timestamp)
  void add_static_pt(int card, int p, int t);                 // layer 7c, while the layers are applied (Lua)
  void add_static_keyword(int card, const std::string& keyword);  // layer 6, likewise
  int power(int c) const { return switched(c) ? unswitched_toughness(c) : unswitched_power(c); }
  int toughness(int c) const { return switched(c) ? unswitched_power(c) : unswitched_toughness(c); }
  bool switched(int c) const { return objs[static_cast<size_t>(c)].switched != chars(c).switched; }
  int unswitched_power(int c) const;
  int unswitched_toughness(int c) const;
  bool has(int c, Sym kw) const { return chars(c).keywords.test(kw); }
  bool has(int c, KeywordName kw) const { return has(c, kw.id); }  // a keyword the engine names
  bool has_word(int c, std::string_view kw) const;                   // a keyword known at run time
  const std::vector<Ability>& abilities(int c) const;  // none once it lost them
  // Its printed abilities (unless it lost them), then those its changes give it (newability[..]).
  template <class F>
  void each_ability(int c, F&& f) const {
    for (const Ability& a : abilities(c)) f(a);
    const Obj& o = objs[static_cast<size_t>(c)];
    if (o.changes.empty() && o.lord_changes.empty() && o.left_changes.empty()) return;
    std::vector<const Ability*> extra;  // a copy: applying a lord may add to lord_changes meanwhile
    granted_abilities(o, extra);
    for (const Ability* a : extra) f(*a);
  }
  void granted_abilities(const Obj& o, std::vector<const Ability*>& out) const;
  // The triggered abilities that listen from where the card is: on the battlefield all of its own,
  // in exile its autoexile= lines (suspend's time-counter triggers), in a graveyard its
  // autograveyard= lines (recover: another creature put there; Ashen Ghoul's upkeep). False when
  // none can.
  bool listening(int c) const {
    const Obj& o = objs[static_cast<size_t>(c)];
    return o.zone == kBattlefield || (o.zone == kExile && (!o.def->exile_abilities.empty() || !o.changes.empty())) ||
           (o.zone == kGraveyard && o.def->grave_triggers);
  }
  // The autoexile= lines its changes give it (newability[autoexile=..]), while it is in exile.
  void exile_lines(const Obj& o, std::vector<const Ability*>& out) const;
  template <class F>
  void each_listener(int c, F&& f) const {
    const Obj& o = objs[static_cast<size_t>(c)];
    if (o.zone == kExile) {
      for (const Ability& a : o.def->exile_abilities) f(a);
      std::vector<const Ability*> given;
      exile_lines(o, given);
      for (const Ability* a : given) f(*a);
    } else if (o.zone == kGraveyard) {
      for (const Ability& a : o.def->grave_abilities) f(a);
    } else {
      each_ability(c, f);
    }
  }
  bool lost_abilities(int c) const;
  bool is_creature(int c) const { return chars(c).types.test(ty::kCreature); }
  bool is_type(int c, Sym t) const;
  bool is_type(int c, TypeName t) const { return is_type(c, t.id); }  // a type the engine names
  bool is_type_word(int c, std::string_view t) const;                  // a type known at run time
  int colors(int c) const;
  const std::string& name(int c) const;

  // Targets (targets.cc).
  bool matches(const Spec& s, int card, int source, int controller, bool any_zone = false) const;
  bool restriction_holds(const SpecCode::Restr& r, int card, int source, int controller) const;  // one [..] word
  bool any_of_kind(const SpecCode::Alt& a, int card, int source, int controller) const;  // [a;b]: colours, types
  bool matches_player(const Spec& s, int player, int controller) const;
  bool legal_target(const Spec& s, const Target& t, int source, int controller) const;
  bool any_target(const Spec& s, int source, int controller) const;

  // Actions a click performs (actions.cc).
  void click_card(int card, int actor);
  std::vector<Menu::Option> card_options(int card, int actor);  // what click_card offers (no chooser open)
  void click_for_chooser(int card, int actor);
  void click_player(int player, int actor);
  void pick(Target t);  // one more target for the open chooser
  void pay_upkeep(int card, const Ability& due, int actor);
  // What upkeep cost `due` of `card` asks now: its mana, and its life (cumulative: once per age counter).
  std::pair<ManaCost, int> upkeep_cost(int card, const Ability& due) const;
  bool can_pay_upkeep(int card, const Ability& due, int actor) const;
  int upkeep_ages(int card) const;
  // How many times upkeep cost `due` is asked: once per age counter (cumulative), per such card or
  // counter (foreach(..) / thisforeach(..)); 0: nothing is due.
  int upkeep_times(int card, const Ability& due) const;
  void arm_upkeep_cost(int card, const Ability& due);  // `due` is asked this upkeep (and happens unless paid)
  bool upkeep_cost_applies(int card, const Ability& due) const;  // this(cond) upcost[..]: cond holds now
  int upkeep_counters(int card, const Ability& due) const;
  static std::vector<std::pair<const Spec*, int>> chosen_costs(const Ability& a);
  bool chosen_costs_payable(int card, const Ability& a, int actor, int times = 1) const;
  bool library_costs_payable(const Ability& a, int actor, int times = 1) const;  // {M}, {l2e}, {D}
  void pay_library_costs(const Ability& a, int actor, int times = 1);
  void exile_as_cost(int card);  // {E}
  void click_stack(int index, int actor);
  // `offered`: the creature sacrificed for an offering (other={k..}), chosen in the move itself.
  bool cast(int card, int actor, bool alternative = false, bool buyback = false, CastWay way = CastWay::kNormal, int offered = -1);
  // An offering's mana: the spell's cost reduced by the sacrificed creature's mana cost (CR 702.48a, 118.7).
  ManaCost offering_cost(int card, int actor, int offered) const;
  bool offerable(int card, int actor, int offered) const;  // a creature it may sacrifice for the offering now
  void ask_mode(const StackItem& spell, const std::vector<const Ability*>& modes);  // several may lines
  void activate(int card, const Ability& a, int actor);
  // Costs that choose a card (sacrifice, discard, tap, exile), one chooser after another, then `then`.
  void pay_chosen(int card, int actor, std::vector<std::pair<const Spec*, int>> chosen, size_t i, std::vector<Resume> then);
  // Decisions as data (resume.cc): a chooser's continuation resumed with the targets chosen (the
  // last record first), a menu option chosen, the open chooser closed with what it has.
  void resume(std::vector<Resume> then, const std::vector<Target>& targets = {});
  void resume(const Resume& option) { resume(std::vector<Resume>{option}); }
  void finish_chooser();
  bool can_activate(int card, const Ability& a, int actor) const;
  int& counter_slot(int card, const Ability& a);
  int counters_of(int card, const Ability& a) const;
  bool can_cast(int card, int actor, bool alternative = false, CastWay way = CastWay::kNormal) const;
  const CardDef::GraveCost* grave_cost(int card, CastWay way) const;  // alt_casts.cc; null: the normal cost
  bool face_down(int card) const;                 // a morph cast face down, on the stack or the battlefield
  bool can_turn_face_up(int card, int actor) const;
  // The special action (CR 702.37e): no stack. `chosen_paid`: the cards its cost chooses are paid.
  void turn_face_up(int card, int actor, bool chosen_paid = false);
  ManaCost spell_cost(int card, int actor, bool buyback = false) const;  // with affinity and altercost

  // The stack (effects.cc).
  void push(StackItem item);
  void resolve_top();
  void fizzle_spell(int card, const std::string& to = "");  // to the graveyard, or where fizzleto( says
  void run_effects(const Ability& a, int source, int controller, const std::vector<Target>& targets, int x);
  void run_effects_in(const Ability& a, int source, int controller, const std::vector<Target>& targets, int x);
  void ask_as_it_resolves(const Ability& a, int card, int controller, int x);  // effects.cc
  // Wagic's runner asks a permanent's targeted or `may` ETB lines one at a time, in text order: a
  // later line's menu opens once the earlier one's choice is made and its ability has left the
  // stack (the harness sets this and opens them, Game::open_waiting_etb). Whole games ask them all
  // as the permanent enters (CR 603.3).
  bool etb_one_at_a_time = false;
  std::vector<std::pair<int, const Ability*>> etb_waiting;  // (card, its line), in text order
  bool open_waiting_etb();                                   // effects.cc: false when none waits
  void run_one_shots(int card, int controller, const std::vector<Target>& targets, int x);

  // Turn and state (turn.cc).
  void next_phase();
  void begin_phase();
  void arm_upkeep_costs();
  void vanishing_upkeep();
  bool has_vanishing(int card) const;
  void last_time_counter(int card);  // a vanishing permanent with no time counter left is sacrificed (turn.cc)
  bool step_removed(int player, Phase step) const;  // phasealter(remove,untap|upkeep|draw,..)
  void state_based();
  void legend_rule();
  void destroy_rule(int card);
  void sacrifice(int card);  // put into the graveyard by a rule (no regeneration)
  void update_continuous();
  std::vector<std::pair<const EffectDef*, int>> shields;  // preventalldamage to(..) from(..) and its source, recomputed
  bool shielded(int card, int player, int source, bool combat) const;
  bool protected_from(int card, int source) const;  // damage, blocks and targets
  void fire_zone_triggers(int card, int from, int to);
  void run_arrival_lines(int card, int to);
  void mill_one(int player, int to);  // the top card of the library to the graveyard (or exile), its arrival lines run  // its autograveyard= (..) one-shot lines, having left the battlefield for `to`
  void cast_triggers(int card);
  bool came_from(const Spec& from_spec, int card, int from, int src) const;  // @movedto(..|stack): they resolve at once, as in Wagic
  void fire_phase_triggers();
  void put_trigger(int source, const Ability& a, int trigger_card = -1, int trigger_from = -1, int controller = -1);
  int current_trigger = -1, current_trigger_from = -1;  // while a triggered ability resolves
  int event_amount = 0;    // the damage of the event being fired ("thatmuch")
  int current_amount = 0;  // "thatmuch" while a triggered ability resolves
  // Damage, tap and combat events (triggers.cc): `card` or `player` is what the event is about,
  // `from` the card that caused it.
  void fire_event(const std::string& event, int card, int player, int from, bool combat);
  bool condition_holds(const Ability& a, int source) const;
  int condition_x = 0;  // the X of what is running, while its this(X..) condition is looked at (effect_apply.cc)
  int this_count(const std::string& what, int card) const;     // thisforeach(..)
  // thisforeach(V op N): how many times, as Wagic counts them (V a this_count value, or X, the
  // amount paid): V alone, V-N for >, V-N+1 for >=, N-V for <, N-V+1 for <=, 1 or 0 for = and !=.
  int this_foreach(const std::string& in, int card, int x) const;
  bool this_holds(const std::string& cond, int card) const;    // this(..)
  bool urzatron(int player) const;
  bool trigger_allowed(const Ability& a, int source) const;
  // Evolve's condition: creature `entered` has greater power or toughness than `source` (as it
  // last was on the battlefield, if it left since).
  bool evolves(int source, int entered) const;
  // A miracle trigger whose card has left its owner's hand (draw_replace.cc): it does nothing.
  bool miracle_gone(const StackItem& item) const;
  bool if_holds(const Ability& a, int source, int controller) const;  // if/ifnot COND then
  int if_value(const Amount& v, int source, int controller) const;
  int creatures_died = 0;  // this turn (morbid)
  int attacked = 0;        // creatures that attacked this turn (raid)
  bool counts_hold(const std::vector<TriggerDef::Count>& counts, int source, int controller) const;
  int restriction_value(const TriggerDef::Count& k, int source, int controller) const;  // one part's value
  bool resolving_kicked = false, resolving_alt = false;
  int resolving_kicks = 0;
  int last_paid = -1;        // the card the last chosen cost took
  int current_stored = -1;   // the resolving object's stored card
  const Ability* resolving_mode = nullptr;   // the spell's chosen may line, while it resolves
  const Ability* lord_once = nullptr;        // an instant's lord( running as a one-shot
  const Ability* foreach_running = nullptr;  // a foreach(..) ability running once per card
  int acting_player() const;
  // `n` draws by `player`; each may be replaced (dredge, replacedraw: draw_replace.cc) unless
  // `replaceable` is false (draw:N noreplace, the opening hand). `by`: the card whose ability
  // draws; its own draw replacements do not replace these draws (CR 614.5: Island Sanctuary's
  // "draw card" option draws).
  void draw(int player, int n, bool replaceable = true, int by = -1);
  void draw_replaced(const Resume& r);  // the answer to a draw's replacement menu (draw_replace.cc)
  // Leylines (CR 103.6a): `player` may begin the game with each in the opening hand on the
  // battlefield; menus, one a card (draw_replace.cc). Whether any was offered.
  bool offer_leylines(int player);
  // `card` is discarded from `player`'s hand (`source` the effect's card, -1: none; `event`: the
  // @discarded triggers hear of it): to its owner's graveyard, or, with madness, to exile with its
  // autoexile=restriction{discarded} lines triggering (CR 702.35).
  void discard(int card, int player, int source, bool event = true);
  void damage_card(int card, int amount, int source, bool combat);
  void damage_player(int player, int amount, int source, bool combat);
  void change_life(int player, int delta);  // gained (> 0) or lost: @lifeof/@lifelostof and their kin (triggers.cc)
  void destroy(int card, bool allow_regen);
  void link_life(int source, int amount, bool combat);  // lifelink, spirit link, combatspiritlink

  // Combat (combat.cc).
  void toggle_attacker(int card);
  void toggle_blocker(int card);
  void combat_next();              // `next` during combat damage
  void leave_attackers();
  void exalted();  // combat.cc: a creature attacking alone
  void remove_from_combat(int card);  // combat.cc: it stops attacking or blocking (CR 506.4)
  void put_attacking(int card, int controller);  // combat.cc: ninjutsu, onto the battlefield tapped and attacking
  void block_triggers();
  void lure_blocks();
  int eval_amount(const Amount& a, int source) const;  // counts and fixed amounts (no X)
  int combat_stage = 0;            // where combat_next resumes
  // Whole games: once blockers are declared the step stops, and the players have priority in it
  // (CR 509.4: the active player first) before combat damage; Wagic's scenario tests run on to
  // damage (their NextCombatStep is declined by the runner), so the harness leaves it off.
  bool blockers_window = false;
  bool combat_pending = false;     // combat damage waits for triggers to resolve, then goes on
  bool any_attackers() const;
  // attackcost:N / blockcost:N (CR 508.1g, 509.1d): what it costs `card` to attack (or block) now,
  // 0 once paid in this step; paid from its controller's pool, as Wagic's attack cost rule pays.
  int combat_cost(int card, bool attack) const;
  void pay_combat_cost(int card, bool attack);
  bool dealing = false;  // the opening hands are drawn (Match): these draws are no miracle (draw_replace.cc)
  int steps_begun = 0;  // steps and phases begun so far (begin_phase): which one a cost was paid in

  // Keyword abilities that act for a player (player_keywords.cc).
  bool player_has(int player, std::string_view keyword) const;  // a permanent it controls has it
  bool loses_by_state(int player) const;    // 0 life or 10 poison, unless cantlose, cantlifelose, cantwin
  bool loses_by_drawing(int player) const;  // from an empty library, unless cantlose, cantmillose, cantwin
  bool gains_life(int player) const;        // not under nolifegain, nolifegainopponent
  bool player_targetable(int player, int controller) const;  // controllershroud, playershroud
  bool no_max_hand(int player) const;       // nomaxhand
  bool home_allows_attack(int card) const;  // islandhome ..: the defender controls such a land
  bool home_sacrifices();                   // a ..home creature whose controller has no such land goes
  int token_copies(int player) const;       // tokenizer: the tokens it gets are doubled per instance
  // Restraints on a card and effects on players (restraints.cc).
  bool activation_allowed(int card, const Ability& a) const;  // noactivatedability, notapability, onlymanaability
  void player_rule(const EffectDef& e, int player, int controller, int n);  // Eff::kPlayerRule
  void empty_pool(int player);  // as a step ends: but mana kept (doesntempty) and saved colours (mypoolsave)
  // Keywords of casting (cast_keywords.cc).
  bool split_second_on_stack() const;  // a spell with split second waits on the stack
  ManaCost sunburst_cost(int card, ManaCost cost, const ManaPool& pool) const;  // its generic mana paid in colours first
  int colours_spent(int card) const;
  static bool overloads(const CardDef& d);  // it has overload lines: cast for its other= cost, it targets nothing

  void note(const std::string& s) { log.push_back(s); }
  void unsupported(const std::string& what);
  Catalog& catalog() { return *cat_; }

 private:
  Catalog* cat_;
  mutable int cda_depth_ = 0;
  bool layers_dirty_ = true, computing_layers_ = false;
  int64_t stamp_ = 0;
  void refresh_layers();  // layers.cc
  void deal_combat_damage(bool first_strike, bool& any);
  bool combat_step(bool& stopped);
};

}  // namespace rk::mtg
