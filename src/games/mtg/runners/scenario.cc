#include "games/mtg/runners/scenario.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>

namespace rk::mtg {
namespace {

std::string trim(const std::string& s) {
  size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return s.substr(a, b - a);
}

enum class Section { kNone, kInit, kInitP1, kInitP2, kDo, kAssert, kAssertP1, kAssertP2, kEnd };

void player_line(const std::string& line, int lineno, PlayerSetup& p) {
  size_t sep = line.find('=');
  if (sep == std::string::npos) sep = line.find(':');
  if (sep == std::string::npos) return;  // Wagic accepts and ignores a line without a separator
  const std::string key = trim(line.substr(0, sep)), value = trim(line.substr(sep + 1));
  static const std::map<std::string, int> zones = {
      {"inplay", kBattlefield}, {"battlefield", kBattlefield}, {"hand", kHand},      {"graveyard", kGraveyard},
      {"library", kLibrary},    {"exile", kExile},             {"removedfromgame", kExile}};
  if (key == "life") {
    p.life = std::atoi(value.c_str());
  } else if (key == "poisoncount") {
    p.poison = std::atoi(value.c_str());
  } else if (key == "manapool") {
    p.manapool = value;
  } else if (auto it = zones.find(key); it != zones.end()) {
    auto& z = p.zones[static_cast<size_t>(it->second)];
    z.clear();  // a zone line replaces the zone
    size_t start = 0;
    while (start <= value.size()) {
      size_t comma = value.find(',', start);
      if (comma == std::string::npos) comma = value.size();
      const std::string item = trim(value.substr(start, comma - start));
      if (!item.empty()) z.push_back({item, lineno});
      start = comma + 1;
    }
  }
}

}  // namespace

const char* phase_name(Phase p) {
  static const char* names[] = {"untap",      "upkeep",    "draw",      "firstmain", "combatbegins",
                                "combatattackers", "combatblockers", "combatdamage", "combatends",
                                "secondmain", "endofturn", "cleanup",   "(invalid)"};
  return names[static_cast<int>(p)];
}

Phase phase_from_name(const std::string& s) {
  static const std::map<std::string, Phase> m = {
      {"untap", Phase::kUntap},           {"upkeep", Phase::kUpkeep},
      {"draw", Phase::kDraw},             {"firstmain", Phase::kFirstMain},
      {"mainphase", Phase::kFirstMain},   {"combatbegin", Phase::kCombatBegin},
      {"combatbegins", Phase::kCombatBegin}, {"combatattackers", Phase::kCombatAttackers},
      {"combatblockers", Phase::kCombatBlockers}, {"combatdamage", Phase::kCombatDamage},
      {"combatend", Phase::kCombatEnd},   {"combatends", Phase::kCombatEnd},
      {"secondmain", Phase::kSecondMain}, {"endofturn", Phase::kEndOfTurn},
      {"end", Phase::kEndOfTurn},         {"cleanup", Phase::kCleanup}};
  auto it = m.find(s);
  return it == m.end() ? Phase::kInvalid : it->second;
}

const char* zone_name(int z) {
  static const char* names[] = {"library", "hand", "inplay", "graveyard", "exile", "stack"};
  return names[z];
}

bool read_scenario(const std::string& path, Scenario& out, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ":1:1: error[WT0001]: the test file cannot be read";
    return false;
  }
  out = Scenario{};
  out.path = path;
  Section sec = Section::kNone;
  std::string raw;
  int lineno = 0;
  while (std::getline(in, raw)) {
    ++lineno;
    if (!raw.empty() && raw.back() == '\r') raw.pop_back();
    if (raw.empty() || raw[0] == '#') continue;
    std::string line = raw;
    for (char& c : line) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (line == "summoningsickness") out.summoning_sickness = true;
    if (line == "momir") out.momir = true;
    if (line.rfind("seed ", 0) == 0 || line.rfind("aicalls ", 0) == 0 || line == "forceability") continue;
    // Headers must match exactly (after lower-casing), as in Wagic.
    static const std::map<std::string, std::pair<Section, Section>> next = {
        {"[init]", {Section::kNone, Section::kInit}},      {"[player1]", {Section::kInit, Section::kInitP1}},
        {"[player2]", {Section::kInitP1, Section::kInitP2}}, {"[do]", {Section::kInitP2, Section::kDo}},
        {"[assert]", {Section::kDo, Section::kAssert}},   {"[end]", {Section::kAssertP2, Section::kEnd}}};
    if (line == "[player1]" && sec == Section::kAssert) {
      sec = Section::kAssertP1;
      continue;
    }
    if (line == "[player2]" && sec == Section::kAssertP1) {
      sec = Section::kAssertP2;
      continue;
    }
    if (auto it = next.find(line); it != next.end() && it->second.first == sec) {
      sec = it->second.second;
      if (sec == Section::kAssert) out.assert_line = lineno;
      continue;
    }
    switch (sec) {
      case Section::kInit:
        out.init_phase = phase_from_name(trim(line));
        out.init_phase_line = lineno;
        break;
      case Section::kAssert: out.assert_phase = phase_from_name(trim(line)); break;
      case Section::kInitP1: player_line(line, lineno, out.init[0]); break;
      case Section::kInitP2: player_line(line, lineno, out.init[1]); break;
      case Section::kAssertP1: player_line(line, lineno, out.expect[0]); break;
      case Section::kAssertP2: player_line(line, lineno, out.expect[1]); break;
      case Section::kDo:
        if (trim(line) == "ai") out.uses_ai = true;
        out.commands.push_back({trim(line), lineno});
        break;
      default: break;
    }
  }
  return true;
}

std::vector<std::string> read_test_list(const std::string& path) {
  std::vector<std::string> out;
  std::ifstream in(path);
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  std::string line;
  bool comment = false;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    if (line.rfind("/*", 0) == 0) comment = true;
    if (line.rfind("*/", 0) == 0) {
      comment = false;
      continue;
    }
    if (comment || line[0] == '+') continue;  // +pregametests: booster unit tests, not rules tests
    out.push_back((dir / line).string());
  }
  return out;
}

}  // namespace rk::mtg
