// Wagic's rules files read as data (rules_file.h). The reader knows the lines the 2016 files use;
// any other line is kept as a warning with its place, so a new rule shows up instead of vanishing.
#include "games/mtg/rules/rules_file.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>

namespace rk::mtg {
namespace {

constexpr int kMaxIncludeDepth = 8;  // include loops stop here (a warning, not a hang)

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

bool starts(const std::string& s, const std::string& p) { return s.compare(0, p.size(), p) == 0; }

// A whole non-negative number, or -1.
int number(const std::string& s) {
  if (s.empty() || s.size() > 6) return -1;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return -1;
  }
  return std::stoi(s);
}

// Step names as the rules files write them ("attackers", "combatEnds", "end").
Phase step_named(const std::string& w) {
  const Phase p = phase_from_name(w);
  return p != Phase::kInvalid ? p : phase_from_name("combat" + w);
}

enum class Section { kNone, kInit, kPlayers, kPlayer1, kPlayer2 };

struct Reader {
  RulesFile& out;
  std::string file;
  int line = 0;
  Section section = Section::kNone;

  void warn(size_t col, const std::string& msg) {
    out.warnings.push_back(file + ":" + std::to_string(line) + ":" + std::to_string(col + 1) + ": warning[WG0400]: " + msg);
  }
  bool land_lord(const std::string& a);  // lord(Plains[land]|MyBattlefield) {T}:Add{W}
  bool players_auto(const std::string& a);
  void auto_line(const std::string& value, size_t col);
  void key_line(const std::string& key, const std::string& value, size_t col);
};

bool Reader::land_lord(const std::string& a) {
  const std::string head = "lord(";
  const std::string tail = "[land]|mybattlefield)";
  const size_t t = a.find(tail);
  if (!starts(a, head) || t == std::string::npos) return false;
  Rules::LandMana m;
  m.type_word = a.substr(head.size(), t - head.size());
  m.text = trim(a.substr(t + tail.size()));
  if (m.type_word.empty() || m.text.empty()) return false;
  m.type = Symbols::intern(SymKind::kType, m.type_word);
  m.ability = compile_ability(m.text);
  out.rules.land_mana.push_back(std::move(m));
  return true;
}

// The [PLAYERS] lines each player gets.
bool Reader::players_auto(const std::string& a) {
  Rules& r = out.rules;
  if (starts(a, "sethand:") && number(a.substr(8)) >= 0) {
    r.hand_size = number(a.substr(8));
  } else if (starts(a, "@each my draw:draw:") && number(a.substr(19)) >= 0) {
    r.draws_per_step = number(a.substr(19));
  } else if (starts(a, "maxplay(land)") && number(a.substr(13)) >= 0) {
    r.land_plays = number(a.substr(13));
  } else if (a == "shuffle") {
    r.shuffle = true;
  } else if (starts(a, "draw:") && number(a.substr(5)) >= 0) {
    r.opening_draw = number(a.substr(5));
  } else if (a == "@each cleanup:all(*|mybattlefield) resetdamage") {
    r.reset_damage_at_cleanup = true;
  } else if (starts(a, "@each ") && a.size() > 20 && a.compare(a.size() - 14, 14, ":removemana(*)") == 0) {
    const Phase p = step_named(a.substr(6, a.size() - 20));
    if (p == Phase::kInvalid) return false;
    r.empties_pool[static_cast<size_t>(p)] = true;
  } else {
    return land_lord(a);
  }
  return true;
}

void Reader::auto_line(const std::string& value, size_t col) {
  const std::string a = lower(trim(value));
  bool word = !a.empty();
  for (char c : a) word = word && std::isalnum(static_cast<unsigned char>(c));
  if (word && a != "shuffle") {  // a named rule module (legendrule, persistrule ...)
    out.rules.modules.insert(a);
    return;
  }
  if ((section == Section::kPlayer1 || section == Section::kPlayer2) && starts(a, "tutorial(")) return;
  if ((section == Section::kPlayer1 || section == Section::kPlayer2) && starts(a, "@") && a.find(":tutorial(") != std::string::npos) return;
  if (section == Section::kPlayers && players_auto(a)) return;
  warn(col, "rule not understood (kept, not used): auto=" + trim(value));
}

void Reader::key_line(const std::string& key, const std::string& value, size_t col) {
  const std::string k = lower(trim(key)), v = trim(value);
  if (k == "mode") {
    out.mode = v;
  } else if (k == "name") {
    out.name = v;
  } else if (k == "life" && number(v) >= 0) {
    out.rules.life = number(v);
  } else if (k == "offerinterruptonphase") {
    out.rules.offer_interrupt_on = lower(v);
  } else {
    warn(col, "setting not understood (kept, not used): " + trim(key) + "=" + v);
  }
}

void parse_into(const std::string& text, const std::string& name, const std::string& folder, RulesFile& out, int depth) {
  static const std::map<std::string, Section> sections = {
      {"[init]", Section::kInit}, {"[players]", Section::kPlayers}, {"[player1]", Section::kPlayer1}, {"[player2]", Section::kPlayer2}};
  if (depth == 0 && out.files.empty()) out.rules.draws_per_step = 0;  // only an @each my draw:draw:N line draws
  out.files.push_back(name);
  Reader r{out, name};
  std::istringstream in(text);
  std::string raw;
  while (std::getline(in, raw)) {
    ++r.line;
    const std::string s = trim(raw);
    const size_t col = raw.find_first_not_of(" \t");
    if (s.empty() || s[0] == '#') continue;
    if (starts(lower(s), "include ")) {
      const std::string inc = trim(s.substr(8));
      const std::string path = (std::filesystem::path(folder) / inc).string();
      std::ifstream f(path, std::ios::binary);
      if (depth >= kMaxIncludeDepth) {
        r.warn(col, "include nested too deep: " + inc);
      } else if (!f) {
        r.warn(col, "cannot read included file " + path);
      } else {
        std::stringstream ss;
        ss << f.rdbuf();
        parse_into(ss.str(), path, std::filesystem::path(path).parent_path().string(), out, depth + 1);
      }
    } else if (lower(s) == "hidden") {
      out.hidden = true;
    } else if (s[0] == '[') {
      auto it = sections.find(lower(s));
      if (it == sections.end()) r.warn(col, "unknown section " + s);
      r.section = it == sections.end() ? Section::kNone : it->second;
    } else if (starts(lower(s), "auto=")) {
      r.auto_line(s.substr(5), col);
    } else if (const size_t eq = s.find_first_of("=:"); eq != std::string::npos) {
      r.key_line(s.substr(0, eq), s.substr(eq + 1), col);
    } else {
      r.warn(col, "line not understood: " + s);
    }
  }
}

}  // namespace

// Built from values, not from a copy of Wagic's files: the rules of the basic game as the engine
// played them before it read the files (a land drop and a draw a turn, seven cards, 20 life, a
// basic land type's mana, pools emptied at every step, the legend rule).
const Rules& default_rules() {
  static const Rules rules = [] {
    Rules r;
    const std::pair<const char*, const char*> kLands[] = {
        {"plains", "w"}, {"island", "u"}, {"swamp", "b"}, {"mountain", "r"}, {"forest", "g"}};
    for (const auto& [type, mana] : kLands) {
      Rules::LandMana m;
      m.type_word = type;
      m.text = std::string("{t}:add{") + mana + "}";
      m.type = Symbols::intern(SymKind::kType, m.type_word);
      m.ability = compile_ability(m.text);
      r.land_mana.push_back(std::move(m));
    }
    r.empties_pool.fill(true);
    r.reset_damage_at_cleanup = true;
    r.modules = {"legendrule"};  // the only module the engine consults (board.cc)
    r.shuffle = true;
    r.opening_draw = 7;
    r.offer_interrupt_on = "draw";
    return r;
  }();
  return rules;
}

void parse_rules_text(const std::string& text, const std::string& name, const std::string& folder, RulesFile& out) {
  parse_into(text, name, folder, out, 0);
}

bool load_rules_file(const std::string& path, RulesFile& out, std::string& err) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    err = "cannot read " + path;
    return false;
  }
  std::stringstream ss;
  ss << f.rdbuf();
  parse_into(ss.str(), path, std::filesystem::path(path).parent_path().string(), out, 0);
  return true;
}

const Rules* rules_beside(const std::string& sets_folder, const std::string& file, std::vector<std::string>* warnings) {
  static std::mutex mu;
  static std::map<std::string, std::unique_ptr<RulesFile>> loaded;  // stable addresses: abilities are pointed at
  const std::filesystem::path base = std::filesystem::path(sets_folder).lexically_normal();
  const std::string path = ((base.has_filename() ? base : base.parent_path()).parent_path() / "rules" / file).string();
  std::lock_guard<std::mutex> lock(mu);
  auto it = loaded.find(path);
  if (it == loaded.end()) {
    auto f = std::make_unique<RulesFile>();
    std::string err;
    if (!load_rules_file(path, *f, err)) f.reset();
    if (f && warnings) warnings->insert(warnings->end(), f->warnings.begin(), f->warnings.end());
    it = loaded.emplace(path, std::move(f)).first;
  }
  return it->second ? &it->second->rules : nullptr;
}

}  // namespace rk::mtg
