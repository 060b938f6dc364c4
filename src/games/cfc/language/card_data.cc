#include "games/cfc/language/card_data.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include "text/diagnostic.h"
#include "text/source.h"

namespace rk::cfc {

bool load_set_xml(const std::string& path, std::vector<CardData>& out, std::string& error,
                  std::vector<std::string>* problems) {
  pugi::xml_document doc;
  const pugi::xml_parse_result res = doc.load_file(path.c_str());
  if (!res) {
    error = fmt::format("{}: error[CF0001]: not a readable set.xml ({} at byte {})", path, res.description(), res.offset);
    return false;
  }
  size_t n = 0;
  for (pugi::xml_node card : doc.child("set").child("cards").children("card")) {
    if (++n > kMaxCards) {
      if (problems) problems->push_back(fmt::format("{}: error[CF0003]: more cards than the limit ({}); the rest are not loaded", path, kMaxCards));
      break;
    }
    CardData c;
    c.guid = card.attribute("id").value();
    c.name = card.attribute("name").value();
    for (pugi::xml_node p : card.children("property")) {
      const std::string_view key = p.attribute("name").value();
      const char* value = p.attribute("value").value();
      if (key == "Type") c.type = value;
      else if (key == "Subtype") c.subtype = value;
      else if (key == "Rarity") c.rarity = value;
      else if (key == "Ability Type") c.ability_type = value;
      else if (key == "Ability Name") c.ability_name = value;
      else if (key == "Rules") c.text = value;
      else if (key == "BP") c.bp = p.attribute("value").as_int();
      else if (key == "SP") c.sp = p.attribute("value").as_int();
      else if (key.substr(0, 7) == "Backup " && *value) c.backups.emplace_back(value);
    }
    out.push_back(std::move(c));
  }
  return true;
}

bool load_rules_json(const std::string& path, std::vector<Script>& out, std::string& error,
                     std::vector<std::string>* problems) {
  std::string text;
  if (!text::read_file(path, text)) {
    error = fmt::format("{}: error[RK0001]: cannot read the file: {}", path, text::read_failure(path));
    return false;
  }
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte counts from 1 and points just past the offending character.
    error = text::render_error_at(path, text, e.byte > 0 ? e.byte - 1 : 0, "CF0002", "rules.json is not valid JSON");
    return false;
  }
  if (!j.is_array()) {
    error = fmt::format("{}: error[CF0002]: rules.json is not a JSON list of {{guid, name, rules}}", path);
    return false;
  }
  size_t i = 0;
  for (const nlohmann::json& e : j) {
    if (out.size() >= kMaxCards) {
      if (problems) problems->push_back(fmt::format("{}: error[CF0003]: more cards than the limit ({}); the rest are not loaded", path, kMaxCards));
      break;
    }
    Script s;
    s.index = i++;
    if (!e.is_object() || !e.contains("rules") || !e["rules"].is_string()) {
      if (problems) problems->push_back(fmt::format("{}: error[CF0004]: entry {} has no \"rules\" string; it is skipped", path, s.index));
      continue;
    }
    s.guid = e.value("guid", "");
    s.name = e.contains("name") && e["name"].is_string() ? e["name"].get<std::string>() : "";
    s.rules = e["rules"].get<std::string>();
    out.push_back(std::move(s));
  }
  return true;
}

std::vector<std::string> set_files(const std::string& dir) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  std::error_code ec;
  for (auto it = fs::directory_iterator(fs::path(dir) / "o8g" / "Sets", ec); !ec && it != fs::directory_iterator();
       it.increment(ec)) {
    const fs::path p = it->path() / "set.xml";
    if (fs::is_regular_file(p, ec)) files.push_back(p.string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

bool is_cfc_folder(const std::string& dir) {
  std::error_code ec;
  return std::filesystem::is_regular_file(std::filesystem::path(dir) / "rules.json", ec) && !set_files(dir).empty();
}

std::vector<CardData> printed_cards_above(const std::string& path) {
  namespace fs = std::filesystem;
  std::vector<CardData> cards;
  std::error_code ec;
  fs::path dir = fs::is_directory(path, ec) ? fs::path(path) : fs::path(path).parent_path();
  for (int up = 0; up < 8 && !dir.empty(); ++up, dir = dir.parent_path()) {
    if (fs::is_directory(dir / "o8g" / "Sets", ec)) {
      for (const std::string& f : set_files(dir.string())) {
        std::string err;
        load_set_xml(f, cards, err);
      }
      break;
    }
    if (dir == dir.parent_path()) break;
  }
  return cards;
}

}  // namespace rk::cfc
