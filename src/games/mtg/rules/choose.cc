// chooseacolor / chooseatype (compiled by compiler/choose.cc): the controller picks a colour or a
// creature type in a menu (a decision kept as data, resume.h), then the ability written with
// chosencolor / chosentype happens with that value, or, when it is not a one-shot (an activated
// ability, a trigger, a lord or a static line), the card gets it for as long as it stays: the
// card remembers the choice in the ability it has.
#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "games/mtg/compiler/compile_text.h"
#include "games/mtg/rules/game.h"

namespace rk::mtg {
namespace {

// The abilities compiled for each (text, value): made the first time a menu offers the value and
// kept for the life of the process, never changed, so games and their copies (other threads
// too) may point at them as they point at a card's compiled data.
struct Variant {
  Ability ability;
  EffectDef change;  // a lasting change that gives the card `ability` (not a one-shot)
};

class Variants {
 public:
  const Ability* get(const std::string& text, bool color, const std::string& value) {
    std::lock_guard<std::mutex> hold(lock_);
    auto& slot = by_text_[(color ? "c:" : "t:") + value + ":" + text];
    if (!slot) {
      slot = std::make_unique<Variant>();
      slot->ability = compile_ability(with_choice(text, color, value));
      slot->change.kind = Eff::kTransform;
      slot->change.becomes = std::make_shared<EffectDef::Becomes>();
      slot->change.becomes->lasting.push_back(slot->ability);
      by_ability_[&slot->ability] = slot.get();
    }
    return &slot->ability;
  }
  // A line chosen as its permanent enters, without its may: the change that gives it. Kept by
  // the line's text (not its address: a catalog freed, another card's line may take it).
  const Ability* chosen_line(const Ability& line) {
    std::lock_guard<std::mutex> hold(lock_);
    auto& slot = by_text_["l:" + line.text];
    if (!slot) {
      slot = std::make_unique<Variant>();
      slot->ability = compile_ability(line.text);
      slot->ability.may = false;
      slot->change.kind = Eff::kTransform;
      slot->change.becomes = std::make_shared<EffectDef::Becomes>();
      slot->change.becomes->lasting.push_back(slot->ability);
      by_ability_[&slot->ability] = slot.get();
    }
    return &slot->ability;
  }
  const EffectDef* change_of(const Ability* a) {
    std::lock_guard<std::mutex> hold(lock_);
    const auto it = by_ability_.find(a);
    return it == by_ability_.end() ? nullptr : &it->second->change;
  }

 private:
  std::mutex lock_;
  std::map<std::string, std::unique_ptr<Variant>> by_text_;
  std::map<const Ability*, const Variant*> by_ability_;
};

Variants& variants() {
  static Variants v;
  return v;
}

}  // namespace

// The creature types a chooser is offered: those of the creature cards in the game, in every zone
// (Wagic offers every creature type of its database; one no card of the game has changes nothing).
std::vector<std::string> Game::creature_types() const {
  std::set<std::string> out;
  for (const Obj& o : objs) {
    const CardDef* d = o.printed ? o.printed : o.def;
    if (!d || !d->is("creature")) continue;
    for (const std::string& t : d->types) {
      const Sym s = Symbols::find(SymKind::kType, t);
      if (is_subtype(s) && !is_basic_land_type(s)) out.insert(t);
    }
  }
  return {out.begin(), out.end()};
}

void Game::choose_value(const EffectDef& e, int source, int controller, int x) {
  const bool color = e.word == "color";
  static const std::vector<std::string> kColors = {"green", "blue", "red", "black", "white"};
  const std::vector<std::string> values = color ? kColors : creature_types();
  Menu m;
  m.player = controller;
  m.cancel = false;
  for (const std::string& v : values) {
    if (e.who == "nonwall" && v == "wall") continue;
    m.options.push_back({v, Resume{.kind = Resume::Kind::kChooseValue, .card = source, .actor = controller, .x = x,
                                   .ability = variants().get(e.token_spec, color, v)}});
  }
  if (m.options.empty()) return note("no creature type to choose");
  menus.push_back(std::move(m));
}

// One menu of the lines (a single may line can be declined; of several, one is chosen, as Wagic
// asks its choice lines); the chosen one is a lasting change of the card, as a chosen colour is.
void Game::choose_line(int card, int controller, const std::vector<const Ability*>& lines) {
  Menu m;
  m.player = controller;  // a permanent entering under the other player's control: theirs to choose
  m.cancel = lines.size() == 1;
  for (const Ability* a : lines) {
    m.options.push_back({a->text, Resume{.kind = Resume::Kind::kChooseValue, .card = card, .actor = controller,
                                         .ability = variants().chosen_line(*a)}});
  }
  if (m.cancel) m.options.push_back({"cancel", Resume{}});
  menus.push_back(std::move(m));
}

void Game::value_chosen(const Resume& r) {
  const Ability& a = *r.ability;
  note("p" + std::to_string(r.actor + 1) + " chooses: " + a.text);
  if (a.kind == AbilityKind::kSpell && !is_static_line(a)) return run_as(a, r.card, r.actor, r.x);
  if (r.card < 0 || objs[static_cast<size_t>(r.card)].zone != kBattlefield) return;
  if (const EffectDef* change = variants().change_of(&a)) add_change(r.card, *change, false);
}

}  // namespace rk::mtg
