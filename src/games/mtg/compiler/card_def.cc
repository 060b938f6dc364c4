// Cards of a loaded database as CardDefs: characteristics read from the fields, abilities compiled.
#include "games/mtg/compiler/card_def.h"

#include <algorithm>

#include <cctype>
#include <sstream>

#include "games/mtg/compiler/compile_text.h"
#include "games/mtg/language/database.h"
#include "games/mtg/runners/scenario.h"

namespace rk::mtg {
namespace {

std::string lower(std::string_view s) {
  std::string o(s);
  for (char& c : o) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return o;
}

void add_words(const std::string& text, std::set<std::string>& out) {
  std::istringstream in(text);
  std::string w;
  while (in >> w) out.insert(w);
}

void add_keywords(const std::string& text, std::set<std::string>& out) {
  std::string cur;
  for (char c : text + ",") {
    if (c == ',') {
      size_t a = cur.find_first_not_of(' '), b = cur.find_last_not_of(' ');
      if (a != std::string::npos) out.insert(cur.substr(a, b - a + 1));
      cur.clear();
    } else {
      cur += c;
    }
  }
}

int colors_of(const ManaCost& c) {
  int bits = 0;
  for (int col = 1; col < kColors; ++col) {
    if (c.fixed[static_cast<size_t>(col)]) bits |= 1 << col;
  }
  for (auto [a, b] : c.hybrid) bits |= (1 << a) | (b > 0 ? 1 << b : 0);
  return bits;
}

// The type line as a person reads it ("Creature \u2014 Elf Warrior"): type= as written, then
// subtype= after a dash.
std::string type_line(const Database& db, const Card& c) {
  const std::string_view text = db.files[c.file]->text;
  std::string types, subtypes;
  for (uint32_t i = 0; i < c.field_count; ++i) {
    const Field& f = db.fields[c.first_field + i];
    if (f.key != KeyId::kType && f.key != KeyId::kSubtype) continue;
    std::string& out = f.key == KeyId::kType ? types : subtypes;
    out += (out.empty() ? "" : " ") + std::string(f.value(text));
  }
  return subtypes.empty() ? types : types + " \u2014 " + subtypes;
}

}  // namespace

void take_chosen_costs(std::string& cost, std::vector<std::pair<Spec, int>>& out) {
  static const std::pair<std::string_view, int> kinds[] = {{"{s(", kGraveyard}, {"{s;target(", kGraveyard}, {"{e(", kExile},
                                                           {"{h(", kHand},      {"{t(", -1},                  {"{discard(", -2},
                                                           {"{d(", -2}};  // {D(spec)}: a chosen card discarded, as {discard(spec)}
  // {D}: a card of the hand at random (as many as written); any card of the caster's hand pays it
  for (size_t at = cost.find("{d}"); at != std::string::npos; at = cost.find("{d}")) {
    out.emplace_back(parse_spec("*|myhand"), kDiscardAtRandom);
    cost.erase(at, 3);
  }
  for (const auto& [open, zone] : kinds) {
    for (size_t at = cost.find(open); at != std::string::npos; at = cost.find(open)) {
      const size_t close = cost.find(")}", at);
      if (close == std::string::npos) return;
      const size_t from = at + open.size();
      out.emplace_back(parse_spec(cost.substr(from, close - from)), zone);
      if (zone < 0 && !out.back().first.alts.empty()) out.back().first.alts[0].restr.push_back("-tapped");
      cost.erase(at, close + 2 - at);
    }
  }
}

int take_life_costs(std::string& cost) {
  int life = 0;
  for (size_t at = cost.find("{l"); at != std::string::npos; at = cost.find("{l", at)) {
    const size_t close = cost.find('}', at);
    if (close == std::string::npos) break;
    const std::string sym = cost.substr(at + 2, close - at - 2);  // "" or ":N"
    const bool one = sym.empty();
    const bool n = sym.size() >= 2 && sym.size() <= 4 && sym[0] == ':' && sym.find_first_not_of("0123456789", 1) == std::string::npos;
    if (!one && !n) {
      at = close;  // {l2e} and the like: not life
      continue;
    }
    life += one ? 1 : std::atoi(sym.c_str() + 1);
    cost.erase(at, close - at + 1);
  }
  return life;
}

bool take_offering(std::string& cost, Spec& out) {
  const size_t at = cost.find("{k");
  if (at == std::string::npos) return false;
  const size_t close = cost.find('}', at);
  if (close == std::string::npos || close == at + 2) return false;
  const std::string type = cost.substr(at + 2, close - at - 2);
  if (type.find_first_not_of("abcdefghijklmnopqrstuvwxyz") != std::string::npos) return false;  // a creature type, one word
  out = parse_spec("creature[" + type + "]|mybattlefield");
  cost.erase(at, close - at + 1);
  return true;
}

int arrival_zone(const std::string& key) {
  static const std::map<std::string, int> zones = {{"autohand", kHand}, {"autograveyard", kGraveyard}, {"autoexile", kExile}, {"autolibrary", kLibrary}};
  const auto it = zones.find(key);
  return it == zones.end() ? -1 : it->second;
}

bool is_arrival_line(const Ability& a) {
  return a.kind == AbilityKind::kSpell && !a.effects.empty() && !is_static_line(a) && !a.has_cond && !a.state_trigger;
}

std::string miracle_text(const std::string& value) {
  static const std::string kWord = "restriction{miracle}";
  const std::string v = lower(value);
  if (v.rfind(kWord, 0) != 0) return "";
  return trim(v.substr(kWord.size()));
}

bool is_mana_ability(const Ability& a) {
  if (a.effects.empty() || a.has_target) return false;
  for (const EffectDef& e : a.effects) {
    if (e.kind != Eff::kAddMana) return false;
  }
  return true;
}

bool chosen_as_it_resolves(const Ability& a) {
  if (a.kind != AbilityKind::kSpell || !a.has_target || a.may || a.target.zones.empty()) return false;
  for (const std::string& z : a.target.zones) {
    if (z != "hand" && z != "myhand" && z != "opponenthand") return false;
  }
  return true;
}

int read_dredge(const std::string& value) {
  // dredge(N), as Wagic reads it: the number between the parentheses, N of at least 1
  const size_t open = value.find("dredge(");
  if (open == std::string::npos) return 0;
  const size_t from = open + 7, close = value.find(')', from);
  if (close == std::string::npos || close == from || close - from > 3) return 0;
  const std::string n = value.substr(from, close - from);
  if (n.find_first_not_of("0123456789") != std::string::npos) return 0;
  return std::max(0, std::atoi(n.c_str()));
}

std::string with_macros(const Database& db, const std::string& v) {
  if (v.find("__") == std::string::npos) return v;
  std::string out;
  SourceMap map;
  text::Diagnostics diags(nullptr);
  return expand_macros(db.macros, v, 0, out, map, diags) ? lower(out) : v;
}

void compile_card(const Database& db, int32_t index, CardDef& d) {
  const Card& c = db.cards[static_cast<size_t>(index)];
  const std::string_view text = db.files[c.file]->text;
  d.name = std::string(c.name);
  d.lname = lower(c.name);
  d.type_line = type_line(db, c);
  bool has_color = false;
  for (uint32_t i = 0; i < c.field_count; ++i) {
    const Field& f = db.fields[c.first_field + i];
    const std::string v = lower(f.value(text));
    switch (f.key) {
      case KeyId::kType:
      case KeyId::kSubtype: add_words(v, d.types); break;
      case KeyId::kText: d.text = std::string(f.value(text)); break;
      case KeyId::kPower: d.power = std::atoi(v.c_str()); d.star_pt |= v.find('*') != std::string::npos; break;
      case KeyId::kToughness: d.toughness = std::atoi(v.c_str()); break;
      case KeyId::kMana: {
        d.mana_text = std::string(f.value(text));
        std::string costs = v;
        take_chosen_costs(costs, d.cost_chosen);
        d.cost_life = take_life_costs(costs);
        d.cost = parse_mana_cost(costs);
        break;
      }
      case KeyId::kKicker:
        d.kicker = parse_mana_cost(v);
        d.multikicker = v.rfind("multi", 0) == 0;
        break;
      case KeyId::kBuyback: {  // cards to choose and life in it, as in mana=; another symbol: not castable so
        std::string costs = v;
        take_chosen_costs(costs, d.buyback_chosen);
        d.buyback_life = take_life_costs(costs);
        bool unknown = false;
        d.buyback = parse_mana_cost(costs, &unknown);
        if (unknown) d.buyback.present = false;
        break;
      }
      case KeyId::kFlashback: read_grave_cost(v, d.flashback); break;
      case KeyId::kRetrace: read_grave_cost(v, d.retrace); break;
      case KeyId::kFacedown: read_grave_cost(v, d.facedown); break;
      case KeyId::kSuspend: read_suspend(lower(f.key_text(text)), v, d); break;
      case KeyId::kDredge: d.dredge = read_dredge(v); break;
      case KeyId::kAnyzone: read_cda(v, d); break;
      case KeyId::kAlias: d.alias = v; break;
      case KeyId::kAutoZone:
        if (lower(f.key_text(text)) == "autograveyard") {
          d.grave_abilities.push_back(compile_ability(with_macros(db, v)));
          d.grave_triggers |= d.grave_abilities.back().kind == AbilityKind::kTriggered;
        }
        if (lower(f.key_text(text)) == "autohand") {
          CardDef::Affinity aff;
          if (read_affinity(v, aff)) {
            d.affinities.push_back(std::move(aff));
          } else if (const std::string m = miracle_text(v); !m.empty()) {
            Ability a = compile_ability(with_macros(db, m));  // coverage.cc says not run unless it is one-shot
            if (is_arrival_line(a) && a.supported()) d.miracle_lines.push_back(std::move(a));
          } else {
            d.hand_abilities.push_back(compile_ability(with_macros(db, v)));
          }
        }
        if (lower(f.key_text(text)) == "autoskill") {  // Wagic adds these lines while the equipment is on a creature
          d.abilities.push_back(compile_ability(with_macros(db, v)));
          d.abilities.back().while_equipped = true;
        }
        if (lower(f.key_text(text)) == "autostack") d.stack_abilities.push_back(compile_ability(with_macros(db, v)));
        if (lower(f.key_text(text)) == "autoexile" && v.rfind("restriction{discarded} ", 0) == 0) {
          d.discard_exiled.push_back(compile_ability(with_macros(db, v.substr(23))));  // madness (Game::discard)
        } else if (lower(f.key_text(text)) == "autoexile") {  // only its triggered lines are run (coverage.cc)
          Ability a = compile_ability(with_macros(db, v));
          if (a.kind == AbilityKind::kTriggered) d.exile_abilities.push_back(std::move(a));
        }
        read_morph_line(lower(f.key_text(text)), v, d);
        if (const int zone = arrival_zone(lower(f.key_text(text))); zone >= 0 && v.rfind("restriction{", 0) != 0) {
          Ability a = compile_ability(with_macros(db, v));
          CardDef::Affinity aff;  // autohand=affinity(..) reduce(..) is Game::spell_cost's
          if (is_arrival_line(a) && a.supported() && !read_affinity(v, aff)) d.arrival_lines.emplace_back(zone, std::move(a));
        }
        break;
      case KeyId::kOther: {
        bool unknown = false;
        std::string costs = v.substr(0, v.find(" name("));  // other={..} name(label)
        d.has_offering = take_offering(costs, d.offering);
        take_chosen_costs(costs, d.other_chosen);
        d.other_life = take_life_costs(costs);
        d.other = parse_mana_cost(costs, &unknown);
        d.other.present |= !d.other_chosen.empty() || d.other_life > 0 || d.has_offering;
        if (unknown) d.other.present = false;  // other non-mana alternative costs: not run yet
        break;
      }
      case KeyId::kAbilities: add_keywords(v, d.keywords); break;
      case KeyId::kRestriction:
        if (cast_window(v, nullptr)) {
          d.cast_window = v;
        } else {
          d.cast_restricted |= !read_count_restriction(v, d.cast_counts);
        }
        break;
      case KeyId::kOtherRestriction: d.other_restricted |= !read_count_restriction(v, d.other_counts); break;
      case KeyId::kAuto:
        // Each instance of rampage or bushido triggers on its own (CR 702.23c, 702.45b): they add up.
        if (v.rfind("rampage(", 0) == 0) {
          d.rampage += std::atoi(v.c_str() + 8);
          if (v.find(',') != std::string::npos) d.rampage_from = std::atoi(v.c_str() + v.find(',') + 1);
        } else if (v.rfind("bushido(", 0) == 0) {
          d.bushido += std::atoi(v.c_str() + 8);
        } else if (v.rfind("maxlevel:", 0) == 0) {
          d.max_level = std::max(1, std::atoi(v.c_str() + 9));
        } else {
          d.abilities.push_back(compile_ability(with_macros(db, v)));
        }
        break;
      case KeyId::kTarget:
        d.spell_target = parse_spec(v);
        d.has_spell_target = true;
        break;
      case KeyId::kColor:
        has_color = true;
        break;
      default: break;
    }
  }
  if (has_color) {
    d.colors = 0;
    static const char* names[] = {"", "green", "blue", "red", "black", "white"};
    for (uint32_t i = 0; i < c.field_count; ++i) {
      const Field& f = db.fields[c.first_field + i];
      if (f.key != KeyId::kColor) continue;
      const std::string v = lower(f.value(text));
      for (int col = 1; col < kColors; ++col) {
        if (v.find(names[col]) != std::string::npos) d.colors |= 1 << col;
      }
    }
  } else {
    d.colors = colors_of(d.cost);
  }
  if (d.has("soulbond") && d.is("creature")) d.abilities.push_back(soulbond_pairing());
  // abilities=retrace (CR 702.81a): cast from its owner's graveyard for its mana cost and a land
  // card discarded; a retrace= line (the cost written out) stays what it says.
  if (d.has("retrace") && !d.retrace.mana.present && d.cost.present) {
    d.retrace.mana = d.cost;
    d.retrace.life = d.cost_life;
    d.retrace.chosen = d.cost_chosen;
    d.retrace.chosen.emplace_back(parse_spec("land|myhand"), -2);
  }
  make_face_down(d);
}

bool read_affinity(const std::string& value, CardDef::Affinity& out) {
  if (value.rfind("affinity(", 0) != 0) return false;
  size_t close = std::string::npos;  // the bracket that closes affinity(
  int depth = 0;
  for (size_t i = 8; i < value.size() && close == std::string::npos; ++i) {
    depth += value[i] == '(' ? 1 : value[i] == ')' ? -1 : 0;
    if (depth == 0) close = i;
  }
  if (close == std::string::npos) return false;
  const std::string spec = value.substr(9, close - 9);
  std::string rest = value.substr(close + 1);
  rest.erase(0, rest.find_first_not_of(' '));
  if (rest.rfind("reduce(", 0) != 0 || rest.back() != ')') return false;
  // type:.. and variable{..} are amounts, not cards to count: not run.
  if (spec.empty() || spec.find("type:") != std::string::npos || spec.find("variable{") != std::string::npos) return false;
  bool unknown = false;
  out.reduce = parse_mana_cost(rest.substr(7, rest.size() - 8), &unknown);
  if (unknown || !out.reduce.present || !out.reduce.hybrid.empty() || out.reduce.x || out.reduce.colorless_only) return false;
  out.spec = parse_spec(spec);
  return !out.spec.empty();
}

CatalogIndex::CatalogIndex(const Database& db) {
  for (size_t i = 0; i < db.cards.size(); ++i) {
    const Card& c = db.cards[i];
    const int32_t prim = c.resolved >= 0 ? c.resolved : static_cast<int32_t>(i);
    const std::string name = lower(db.cards[static_cast<size_t>(prim)].name);
    if (name.empty()) continue;
    if (!db.files[c.file]->is_set) name_cards.emplace(name, prim);
    if (!c.has_id || c.id == 0) continue;
    ids.emplace(c.id, prim);
    if (c.id < 0) continue;  // token cards (token(-id)): by id only, a name means the real card
    auto [it, fresh] = names.emplace(name, c.id);
    if (!fresh && c.id < it->second) it->second = c.id;
  }
}

Catalog::Catalog(const Database& db) : Catalog(db, std::make_shared<const CatalogIndex>(db)) {}

Catalog::Catalog(const Database& db, std::shared_ptr<const CatalogIndex> index) : db_(db), index_(std::move(index)) {}

Catalog::~Catalog() = default;

const CardDef* Catalog::compile_index(int32_t card) {
  auto& slot = defs_[card];
  if (!slot) {
    slot = std::make_unique<CardDef>();
    compile_card(db_, card, *slot);
    auto it = index_->names.find(slot->lname);
    slot->id = it != index_->names.end() ? it->second : 0;
  }
  return slot.get();
}

const CardDef* Catalog::by_id(int64_t id) {
  auto it = index_->ids.find(id);
  return it == index_->ids.end() ? nullptr : compile_index(it->second);
}

// Read from the cards' type and mana fields, not compiled: Momir needs the list once, and
// compiling every card of the database for it cost more than the whole scenario suite.
const std::vector<int64_t>& Catalog::creatures_costing(int mv) {
  if (!by_cost_built_) {
    by_cost_built_ = true;
    for (const auto& [name, id] : index_->names) {  // set cards with a positive id: no tokens
      const Card& c = db_.cards[static_cast<size_t>(index_->ids.at(id))];
      const std::string_view text = db_.files[c.file]->text;
      std::set<std::string> types;
      ManaCost cost;
      for (uint32_t i = 0; i < c.field_count; ++i) {
        const Field& f = db_.fields[c.first_field + i];
        if (f.key == KeyId::kType || f.key == KeyId::kSubtype) add_words(lower(f.value(text)), types);
        if (f.key != KeyId::kMana) continue;
        std::string costs = lower(f.value(text));
        std::vector<std::pair<Spec, int>> chosen;
        take_chosen_costs(costs, chosen);
        cost = parse_mana_cost(costs);
      }
      if (types.count("creature") != 0 && cost.converted() <= 20) by_cost_[cost.converted()].push_back(id);
    }
  }
  return by_cost_[mv];
}

const CardDef* Catalog::by_name(const std::string& lower_name) {
  auto it = index_->names.find(lower_name);
  if (it != index_->names.end()) return by_id(it->second);
  auto p = index_->name_cards.find(lower_name);
  return p == index_->name_cards.end() ? nullptr : compile_index(p->second);
}

}  // namespace rk::mtg
