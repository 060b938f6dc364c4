// Card Fighters' Clash card data: the OCTGN set.xml (name, type, subtype, BP, SP, back-ups,
// ability) and the RuleScript of each scripted card (rules.json, pulled out of card_rules.py).
#pragma once

#include <string>
#include <vector>

namespace rk::cfc {

struct CardData {
  std::string guid, name, type, subtype, rarity;
  std::string ability_type, ability_name, text;  // ability symbol as written (¤ £ ...), card text
  int bp = 0, sp = 0;
  std::vector<std::string> backups;  // Backup 1..3, the non-empty ones
};

struct Script {
  std::string guid, name, rules;
  size_t index = 0;  // position in rules.json
};

// Most cards read from one set.xml or rules.json; the rest is reported (CF0003) and not loaded.
constexpr size_t kMaxCards = 1 << 20;

// Reads every <card> of one set.xml. False with `error` when the file cannot be read or parsed.
// Problems that skip cards (the limit) go to `problems`, one diagnostic line each.
bool load_set_xml(const std::string& path, std::vector<CardData>& out, std::string& error,
                  std::vector<std::string>* problems = nullptr);
// Reads rules.json: [{"guid", "name", "rules"}]. False with `error` (file:line:col for bad JSON)
// when the file cannot be read or is not a JSON list; an entry without a "rules" string is
// skipped and reported in `problems`, and the next one loads.
bool load_rules_json(const std::string& path, std::vector<Script>& out, std::string& error,
                     std::vector<std::string>* problems = nullptr);

// A CFC data folder: rules.json beside o8g/Sets/<guid>/set.xml.
bool is_cfc_folder(const std::string& dir);
// The set.xml files under dir/o8g/Sets, sorted.
std::vector<std::string> set_files(const std::string& dir);
// The printed cards of the plugin folder a file belongs to: every set.xml of the nearest
// o8g/Sets above it (card_rules.py stands in o8g/Scripts, rules.json beside o8g). Empty when
// there is none; a set.xml that does not load is skipped (`check` reports it).
std::vector<CardData> printed_cards_above(const std::string& path);

}  // namespace rk::cfc
