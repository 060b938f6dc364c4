#include "games/cfc/compiler/pool.h"

#include <fmt/format.h>

#include "games/cfc/compiler/errata.h"
#include "text/diagnostic.h"

namespace rk::cfc {

const CardDef* CardPool::find(std::string_view guid) const {
  const auto it = by_guid.find(std::string(guid));
  return it == by_guid.end() ? nullptr : &cards[it->second];
}

CardType card_type(std::string_view type) {
  if (type == "Character") return CardType::kCharacter;
  if (type == "Action") return CardType::kAction;
  if (type == "Reaction") return CardType::kReaction;
  return CardType::kOther;
}

AbilityType ability_type(std::string_view symbol) {
  // The set writes the symbols as Latin-1 character references: &#162; ¢ instant, &#163; £
  // activated, &#164; ¤ auto (pugixml gives them as UTF-8).
  if (symbol == "\xC2\xA2") return AbilityType::kInstant;
  if (symbol == "\xC2\xA3") return AbilityType::kActivated;
  if (symbol == "\xC2\xA4") return AbilityType::kAuto;
  return AbilityType::kNone;
}

const char* ability_symbol(AbilityType a) {
  switch (a) {
    case AbilityType::kInstant: return "\xE2\x96\xB2";    // ▲
    case AbilityType::kActivated: return "\xE2\x96\xA0";  // ■
    case AbilityType::kAuto: return "\xE2\x97\x8F";       // ●
    case AbilityType::kNone: break;
  }
  return "";
}

bool load_pool(const std::string& dir, CardPool& out, std::string& error, std::vector<std::string>& problems) {
  out = CardPool{};
  const std::vector<std::string> sets = set_files(dir);
  if (sets.empty()) {
    error = fmt::format("{}: error[RK0001]: no o8g/Sets/*/set.xml here", dir);
    return false;
  }
  for (const std::string& path : sets) {
    std::vector<CardData> data;
    if (!load_set_xml(path, data, error, &problems)) return false;
    for (CardData& d : data) {
      if (d.guid.empty() || out.by_guid.count(d.guid)) continue;
      if (out.cards.size() >= 0xFFFE) {
        problems.push_back(fmt::format("{}: error[CF0003]: more cards than a game can hold", path));
        break;
      }
      CardDef c;
      c.guid = std::move(d.guid);
      c.name = std::move(d.name);
      c.subtype = std::move(d.subtype);
      c.type = card_type(d.type);
      c.ability = ability_type(d.ability_type);
      c.ability_name = std::move(d.ability_name);
      c.text = std::move(d.text);
      c.bp = d.bp;
      c.sp = d.sp;
      c.backups = std::move(d.backups);
      out.by_guid.emplace(c.guid, static_cast<uint16_t>(out.cards.size()));
      out.cards.push_back(std::move(c));
    }
  }
  // Filters name subtypes and cards by words; each is numbered once, here, so that a game compares
  // numbers (CWord).
  CardNames& names = out.names;
  for (CardDef& c : out.cards) {
    std::string sub = c.subtype;
    for (char& ch : sub) ch = static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch + 32 : ch);
    c.subtype_id = names.subtypes.emplace(sub, static_cast<uint16_t>(names.subtypes.size())).first->second;
    c.name_id = names.names.emplace(c.name, static_cast<uint16_t>(names.names.size())).first->second;
  }
  names.guids = out.by_guid;
  std::vector<Script> scripts;
  if (!load_rules_json(dir + "/rules.json", scripts, error, &problems)) return false;
  for (const Script& s : scripts) {
    const auto it = out.by_guid.find(s.guid);
    if (it == out.by_guid.end()) {
      problems.push_back(fmt::format("{}/rules.json: warning[CF0005]: rules for `{}` ({}), a card no set.xml has", dir, s.name, s.guid));
      continue;
    }
    // Where the script contradicts the printed text, the engine plays the printed text (errata.h).
    std::string corrected;
    const std::string& rules = script_after_errata(s.guid, s.rules, corrected);
    text::SourceFile sf(fmt::format("{}/rules.json[{}] {}", dir, s.index, s.name), rules);
    text::Diagnostics diags(&sf);
    Rules r;
    if (!parse_rules(rules, diags, r)) {
      problems.push_back(diags.render());
      continue;
    }
    out.cards[it->second].script = static_cast<int32_t>(out.scripts.size());
    out.compiled.push_back(compile_script(r, &names));
    out.scripts.push_back(std::move(r));
  }
  return true;
}

}  // namespace rk::cfc
