// Abilities a card gets from an effect rather than from its text: the one-shots of
// transforms((..newability[..])), which happen once as the change begins, and phaseaction[..],
// which happens (off the stack, as Wagic's phase actions do) each time a phase begins.
#include <algorithm>
#include <array>
#include <sstream>

#include "games/mtg/rules/game.h"

namespace rk::mtg {

// Wagic resolves a new one-shot ability at once, the changed card being both its source and its
// recipient; one that targets asks its controller for the target first.
void Game::apply_new_abilities(const EffectDef& e, int card, int x) {
  if (!e.becomes) return;
  // newability[may ..] lines (Chain of Acid's copy; Merrow Reejerey's "may tap" and "may untap"):
  // one menu of them for the card's controller, as Wagic offers the may abilities waiting on a
  // card together; the chosen one's target next.
  const int controller = objs[static_cast<size_t>(card)].controller;
  Menu mays;
  mays.player = controller;  // Chain of Acid's copy: the target's controller decides, not the active player
  for (const Ability& a : e.becomes->once) {
    if (a.may) {
      mays.options.push_back({a.text, Resume{.kind = Resume::Kind::kRunAsChosen, .card = card, .actor = controller, .x = x, .ability = &a}});
      continue;
    }
    if (!a.has_target) {
      run_effects(a, card, controller, {}, x);
      continue;
    }
    if (!any_target(a.target, card, controller)) continue;
    Chooser ch;
    ch.spec = a.target;
    ch.player = controller;
    ch.source = card;
    ch.is_cost = a.not_a_target;
    ch.done = {Resume{.kind = Resume::Kind::kRunEffects, .card = card, .actor = controller, .ability = &a}};
    choosers.push_back(std::move(ch));
  }
  if (mays.options.empty()) return;
  mays.options.push_back({"cancel", Resume{}});
  menus.push_back(std::move(mays));
}

void Game::ability_for(const EffectDef& e, int source, int controller, const std::vector<Target>& targets, int x) {
  if (e.word == "activate") {  // "&& activate B" (compiler: read_activate_part): B activated by the controller now
    const Ability& b = e.choices->front();
    if (b.has_target) return put_trigger(source, b, -1, -1, controller);  // its target chooser, then the stack
    return run_as(b, source, controller, x);
  }
  int player = controller;
  const Target* t = targets.empty() ? nullptr : &targets[0];
  if (e.word == "opponent") player = 1 - controller;
  if (e.word == "targetedplayer" && t && t->player >= 0) player = t->player;
  if (e.word == "targetcontroller" && t && t->card >= 0) player = objs[static_cast<size_t>(t->card)].controller;
  if (e.choices->size() == 1) return run_as(e.choices->front(), source, player, x);
  Menu m;  // the player's choice between the abilities
  m.cancel = false;
  for (const Ability& a : *e.choices) {
    m.options.push_back({a.text, Resume{.kind = Resume::Kind::kRunAs, .card = source, .actor = player, .x = x, .ability = &a}});
  }
  menus.push_back(std::move(m));
}

// An ability done by `player`: its may menu, then its target chooser (that player chooses), then
// its effects with that player as their controller.
void Game::run_as(const Ability& a, int source, int player, int x) {
  const Resume go{.kind = Resume::Kind::kRunAsChosen, .card = source, .actor = player, .x = x, .ability = &a};
  if (!a.may) return resume(go);
  Menu m;
  m.player = player;  // the player who does it answers (Chain of Smog's copy: the target player)
  m.options.push_back({a.text, go});
  m.options.push_back({"cancel", Resume{}});
  menus.push_back(std::move(m));
}

void Game::extra_mana(const EffectDef& e, int card, int player, const ManaPool& made) {
  if (e.word.rfind("producecolor:", 0) == 0) {  // Wagic's AEngagedManaAbility
    const int colour = color_of_letter(e.word == "producecolor:blue" ? 'u' : e.word[13]);
    players[static_cast<size_t>(player)].pool.n[static_cast<size_t>(colour)] += std::max(0, made.n[static_cast<size_t>(colour)]);
    return;
  }
  if (e.word != "selectmana") return players[static_cast<size_t>(player)].pool.add(parse_pool(e.word));
  static const std::array<Ability, 5> add = [] {  // compiled once: menu options point at them
    std::array<Ability, 5> a;
    const char* lines[] = {"add{w}", "add{u}", "add{b}", "add{r}", "add{g}"};
    for (size_t i = 0; i < a.size(); ++i) a[i] = compile_ability(lines[i]);
    return a;
  }();
  Menu m;
  m.cancel = false;
  for (const Ability& a : add) {
    m.options.push_back({a.text, Resume{.kind = Resume::Kind::kRunEffects, .card = card, .actor = player, .ability = &a}});
  }
  menus.push_back(std::move(m));
}

// phaseaction[words]: the words name the phase (Wagic's default: upkeep) and when it counts:
// `my`/`opponent` turn only, `once`, `sourceinplay` (only while the card is on the battlefield),
// `next` (not the first such phase). It belongs to the card as it is now: once the card changes
// zones it is a new object and the action is gone.
void Game::add_phase_action(const EffectDef& e, int card, int controller) {
  PhaseAction pa{&e, card, controller, objs[static_cast<size_t>(card)].zone, Phase::kUpkeep, true, true, false, false, 0};
  std::string list = e.word;  // words apart by spaces or commas: "endofturn once,sourceinplay"
  std::replace(list.begin(), list.end(), ',', ' ');
  std::istringstream words(list);
  for (std::string w; words >> w;) {
    // myupkeep, opponentendofturn: whose turn written on the phase's name
    for (const char* whose : {"my", "opponent"}) {
      const std::string p = whose;
      if (w.size() > p.size() && w.rfind(p, 0) == 0 && phase_from_name(w.substr(p.size())) != Phase::kInvalid) {
        (p == "my" ? pa.theirs : pa.mine) = false;
        w = w.substr(p.size());
      }
    }
    if (w == "my") {
      pa.theirs = false;
    } else if (w == "opponent") {
      pa.mine = false;
    } else if (w == "once") {
      pa.once = true;
    } else if (w == "sourceinplay") {
      pa.source_in_play = true;
    } else if (w == "next") {
      pa.skip = 1;
    } else if (const Phase p = phase_from_name(w); p != Phase::kInvalid) {
      pa.phase = p;
    }
  }
  phase_actions.push_back(pa);
}

void Game::run_phase_actions() {
  if (phase_actions.empty()) return;
  const std::vector<PhaseAction> due = phase_actions;
  phase_actions.clear();
  std::vector<PhaseAction> keep;
  for (PhaseAction pa : due) {
    const Obj& o = objs[static_cast<size_t>(pa.card)];
    const bool turn_ok = active == pa.controller ? pa.mine : pa.theirs;
    if (pa.phase != phase || !turn_ok) {
      keep.push_back(pa);
      continue;
    }
    if (pa.skip > 0) {
      --pa.skip;
      keep.push_back(pa);
      continue;
    }
    if (pa.source_in_play && o.zone != kBattlefield) continue;
    if (o.zone != pa.zone) continue;  // a new object: the action belonged to the old one
    note("phase action: " + pa.def->inner->text);
    run_effects(*pa.def->inner, pa.card, o.controller, {}, 0);
    if (!pa.once) keep.push_back(pa);
  }
  // Actions added while these ran come after the ones kept.
  keep.insert(keep.end(), phase_actions.begin(), phase_actions.end());
  phase_actions = std::move(keep);
}

}  // namespace rk::mtg
