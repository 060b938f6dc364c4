// Target specifications (type[restrictions]|zones), casting restrictions and CDA amounts: the
// parts of card text that describe cards rather than effects.
#include <cstdlib>
#include <map>
#include <memory>
#include <set>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/compiler/compile_text.h"
#include "games/mtg/runners/scenario.h"
#include "games/mtg/compiler/spec_code.h"

namespace rk::mtg {

// graveyard, mybattlefield, opponenthand ...: a zone named alone (movedto(graveyard), from(mybattlefield)).
static bool is_zone_word(std::string w) {
  if (w.rfind("my", 0) == 0) w = w.substr(2);
  if (w.rfind("opponent", 0) == 0) w = w.substr(8);
  return w == "graveyard" || w == "battlefield" || w == "hand" || w == "exile" || w == "library" || w == "stack";
}

bool cast_window(const std::string& words, const int* when) {
  using P = Phase;
  struct Window {
    const char* words;
    P from, to;     // phases, inclusive
    int whose;      // 1: its caster's turn, 0: the opponent's, -1: either
  };
  static const Window windows[] = {
      {"before battle damage", P::kUntap, P::kCombatBlockers, -1}, {"during battle", P::kCombatBegin, P::kCombatEnd, -1},
      {"blockersonly", P::kCombatBlockers, P::kCombatBlockers, -1},
      {"opponentblockersonly", P::kCombatBlockers, P::kCombatBlockers, 0},
      {"attackersonly", P::kCombatAttackers, P::kCombatAttackers, -1},
      {"opponentturnonly", P::kUntap, P::kCleanup, 0}, {"during opponent turn", P::kUntap, P::kCleanup, 0},
      {"during my turn", P::kUntap, P::kCleanup, 1}, {"opponentupkeeponly", P::kUpkeep, P::kUpkeep, 0}};
  for (const Window& w : windows) {
    if (words != w.words) continue;
    if (!when) return true;
    const int phase = when[0];
    return phase >= static_cast<int>(w.from) && phase <= static_cast<int>(w.to) && (w.whose < 0 || w.whose == when[1]);
  }
  return false;
}

namespace {

using Count = TriggerDef::Count;

// The text inside the parentheses of `part` that open right after its first `head` characters,
// and the rest after the closing one; false when they do not close.
bool split_call(const std::string& part, size_t head, std::string& in, std::string& rest) {
  if (part.size() <= head || part[head] != '(') return false;
  int depth = 0;
  for (size_t i = head; i < part.size(); ++i) {
    if (part[i] == '(') ++depth;
    if (part[i] == ')' && --depth == 0) {
      in = part.substr(head + 1, i - head - 1);
      rest = part.substr(i + 1);
      return true;
    }
  }
  return false;
}

// "~morethan~N", "~lessthan~type(spec)", "~equalto~N" after a value: Wagic's three comparisons
// with a number or a count of cards. False for anything else (a missing part, a bad number).
bool read_comparison(const std::string& rest, Count& c) {
  const auto parts = split_top(rest, "~");
  if (parts.size() != 3 || !trim(parts[0]).empty()) return false;
  static const std::map<std::string, char> words = {{"morethan", '>'}, {"lessthan", '<'}, {"equalto", '='}};
  const auto w = words.find(trim(parts[1]));
  if (w == words.end()) return false;
  c.cmp = w->second;
  const std::string right = trim(parts[2]);
  std::string in, after;
  if (right.rfind("type", 0) == 0 && split_call(right, 4, in, after)) {  // a count, maybe with a number added: type(..)-3
    c.than = std::make_shared<Spec>(parse_spec(in));
    after = trim(after);
    if (after.empty()) return true;
    if (after.size() > 9 || (after[0] != '+' && after[0] != '-')) return false;
    char* end = nullptr;
    c.n = static_cast<int>(std::strtol(after.c_str(), &end, 10));
    return *end == '\0' && end != after.c_str() + 1;
  }
  if (right.empty() || right.size() > 9) return false;
  char* end = nullptr;
  const long n = std::strtol(right.c_str(), &end, 10);
  if (*end != '\0') return false;
  c.n = static_cast<int>(n);
  return true;
}

// The values compare(var) reads (Game::restriction_value decides them).
const std::set<std::string>& compare_vars() {
  static const std::set<std::string> vars = {
      "powertotalinplay", "lifetotal", "opponentlifetotal", "lifelost", "oplifelost", "pdcount", "odcount",
      "pdrewcount", "odrewcount", "phandcount", "ohandcount", "thatmuch", "cantargetcre", "cantargetmycre",
      "cantargetoppocre",
      "epicactivated",  // 1 once the controller's epic spell resolved (CR 702.50), else 0
      // the snow mana in a pool (Wagic's snowMana counts; rules/turn.cc snow_pool_count)
      "mysnowpoolcount", "opponentsnowpoolcount", "mysnowgreenpoolcount", "opponentsnowgreenpoolcount",
      "mysnowbluepoolcount", "opponentsnowbluepoolcount", "mysnowredpoolcount", "opponentsnowredpoolcount",
      "mysnowblackpoolcount", "opponentsnowblackpoolcount", "mysnowwhitepoolcount", "opponentsnowwhitepoolcount",
      "mysnowcolorlesspoolcount", "opponentsnowcolorlesspoolcount"};
  return vars;
}

// thisturn(spec)/lastturn(spec): the spells cast that turn; the spec's zones say whose stack
// (stack, mystack, opponentstack). Wagic also counts other zones' cards seen that turn: not read.
bool stack_zones_only(const Spec& s) {
  for (const std::string& z : s.zones) {
    if (z != "stack" && z != "mystack" && z != "opponentstack") return false;
  }
  return true;
}

// Wagic's phase code names, as "[my|opponent]NAMEonly" restrictions use them.
bool read_phase_word(const std::string& w, Count& c) {
  static const std::map<std::string, Phase> names = {
      {"untap", Phase::kUntap}, {"upkeep", Phase::kUpkeep}, {"draw", Phase::kDraw}, {"firstmain", Phase::kFirstMain},
      {"combatbegins", Phase::kCombatBegin}, {"attackers", Phase::kCombatAttackers}, {"blockers", Phase::kCombatBlockers},
      {"combatdamage", Phase::kCombatDamage}, {"combatends", Phase::kCombatEnd}, {"secondmain", Phase::kSecondMain},
      {"end", Phase::kEndOfTurn}, {"cleanup", Phase::kCleanup}};
  if (w.size() < 5 || w.compare(w.size() - 4, 4, "only") != 0) return false;
  std::string name = w.substr(0, w.size() - 4);
  c.whose = -1;
  if (name.rfind("my", 0) == 0 && names.count(name.substr(2))) {
    c.whose = 1;
    name = name.substr(2);
  } else if (name.rfind("opponent", 0) == 0 && names.count(name.substr(8))) {
    c.whose = 0;
    name = name.substr(8);
  }
  const auto it = names.find(name);
  if (it == names.end()) return false;
  c.var = "window";
  c.from = c.to = static_cast<int>(it->second);
  return true;
}

// Restriction words that stand alone: each a condition of the game (held: value 1).
bool read_word(const std::string& w, Count& c) {
  // Whole turns and parts of turns.
  struct Window {
    const char* word;
    Phase from, to;
    int whose;
  };
  static const Window windows[] = {
      {"myturnonly", Phase::kUntap, Phase::kCleanup, 1}, {"during my turn", Phase::kUntap, Phase::kCleanup, 1},
      {"opponentturnonly", Phase::kUntap, Phase::kCleanup, 0}, {"during opponent turn", Phase::kUntap, Phase::kCleanup, 0},
      {"duringcombat", Phase::kCombatBegin, Phase::kCombatEnd, -1}, {"during battle", Phase::kCombatBegin, Phase::kCombatEnd, -1},
      {"before battle damage", Phase::kUntap, Phase::kCombatBlockers, -1}};
  for (const Window& win : windows) {
    if (w != win.word) continue;
    c.var = "window";
    c.from = static_cast<int>(win.from);
    c.to = static_cast<int>(win.to);
    c.whose = win.whose;
    return true;
  }
  if (read_phase_word(w, c)) return true;
  // morbid: a creature died this turn; raid: its controller attacked this turn; assorcery: its
  // controller's main phase; casted a spell: its controller cast one this turn.
  static const std::set<std::string> flags = {"morbid", "raid", "assorcery"};
  if (flags.count(w)) {
    c.var = w;
    return true;
  }
  if (w == "casted a spell") {
    c.var = "thisturn";
    c.spec = parse_spec("*|mystack");
    return true;
  }
  if (w == "one of a kind") {  // no card of its name on its controller's battlefield
    c.var = "samename";
    c.cmp = '<';
    c.n = 1;
    return true;
  }
  // Wagic's sentences for counts of cards.
  static const std::map<std::string, std::string> counts = {
      {"control two or more vampires", "type(vampire|mybattlefield)~morethan~1"},
      {"control snow land", "type(land[snow]|mybattlefield)~morethan~0"},
      {"control less creatures", "type(creature|mybattlefield)~lessthan~type(creature|opponentbattlefield)"},
      {"control more creatures", "type(creature|mybattlefield)~morethan~type(creature|opponentbattlefield)"},
      {"control less lands", "type(land|mybattlefield)~lessthan~type(land|opponentbattlefield)"},
      {"control more lands", "type(land|mybattlefield)~morethan~type(land|opponentbattlefield)"}};
  if (const auto it = counts.find(w); it != counts.end()) {
    std::string in, rest;
    return split_call(it->second, 4, in, rest) && (c.spec = parse_spec(in), read_comparison(rest, c));
  }
  return false;
}

// One part of a restriction (between its commas).
bool read_restriction_part(const std::string& part, Count& c) {
  std::string in, rest;
  if (part.rfind("type(", 0) == 0) {  // type(spec)~cmp~N: a count of cards
    if (!split_call(part, 4, in, rest)) return false;
    c.spec = parse_spec(in);
    return read_comparison(rest, c);
  }
  if (part.rfind("compare(", 0) == 0) {  // compare(var)~cmp~N: a value of the game
    if (!split_call(part, 7, in, rest) || !compare_vars().count(in)) return false;
    c.var = in;
    return read_comparison(rest, c);
  }
  if (part.rfind("thisturn(", 0) == 0 || part.rfind("lastturn(", 0) == 0) {  // spells cast that turn
    if (!split_call(part, 8, in, rest)) return false;
    c.var = part.substr(0, 8);
    c.spec = parse_spec(in);
    return stack_zones_only(c.spec) && read_comparison(rest, c);
  }
  if (part.rfind("casted(", 0) == 0) {  // casted(spec|mystack): such a spell was cast this turn
    if (!split_call(part, 6, in, rest) || !trim(rest).empty()) return false;
    c.var = "thisturn";
    c.spec = parse_spec(in);
    return !c.spec.zones.empty() && stack_zones_only(c.spec);
  }
  if (part.rfind("turn:", 0) == 0) {  // turn:N: from the game's turn N-1 on (Wagic counts turns from 0)
    char* end = nullptr;
    const long n = std::strtol(part.c_str() + 5, &end, 10);
    if (end == part.c_str() + 5 || *end != '\0' || n < -1000000 || n > 1000000) return false;
    c.var = "turn";
    c.cmp = '>';
    c.n = static_cast<int>(n) - 2;
    return true;
  }
  return read_word(part, c);
}

}  // namespace

bool read_count_restriction(const std::string& text0, std::vector<TriggerDef::Count>& out) {
  std::string text = trim(text0);
  while (text.size() >= 2 && text.front() == '{' && text.back() == '}' && split_top(text, ",").size() == 1) text = trim(text.substr(1, text.size() - 2));
  for (std::string part : split_top(text, ",")) {
    part = trim(part);
    while (part.size() >= 2 && part.front() == '{' && part.back() == '}') part = trim(part.substr(1, part.size() - 2));  // {{..}}
    if (part.empty()) continue;
    Count c;
    if (!read_restriction_part(part, c)) return false;
    out.push_back(std::move(c));
  }
  return true;
}

bool Spec::allows_player() const {
  for (const Alt& a : alts) {
    if (a.type == "player") return true;
  }
  return false;
}

// Every (, [ and { closed by its own kind, in order.
static bool brackets_balanced(const std::string& text) {
  std::string open;
  for (const char c : text) {
    if (c == '(' || c == '[' || c == '{') open.push_back(c);
    if (c != ')' && c != ']' && c != '}') continue;
    const char want = c == ')' ? '(' : c == ']' ? '[' : '{';
    if (open.empty() || open.back() != want) return false;
    open.pop_back();
  }
  return open.empty();
}

Spec parse_spec(const std::string& text0) {
  Spec s;
  std::string text = text0;
  if (!text.empty() && text[0] == '<' && text.find('>') != std::string::npos) {
    const std::string n = text.substr(1, text.find('>') - 1);
    text = text.substr(text.find('>') + 1);
    if (n == "anyamount" || n == "prex") {
      s.count = 1000;
      s.up_to = true;
      s.prex = n == "prex";
    } else if (n.rfind("upto:", 0) == 0) {
      s.count = std::atoi(n.c_str() + 5);
      s.up_to = true;
    } else {
      s.count = std::max(1, std::atoi(n.c_str()));
    }
  }
  auto bar = split_top(text, "|");
  // A bracket left open ("creature[power>=4|mybattlefield", Kavu Lair) hides the '|' from
  // split_top: Wagic's parser takes the zones after the first '|' whatever the brackets, and reads
  // a '[' never closed as attributes to the end of the type name (below: rfind(']') finds none).
  if (const size_t at = text.find('|'); bar.size() == 1 && at != std::string::npos && !brackets_balanced(text)) {
    bar = {text.substr(0, at), text.substr(at + 1)};
  }
  for (std::string alt : split_top(bar[0], ",")) {
    alt = trim(alt);
    if (alt.empty()) continue;
    Spec::Alt a;
    if (alt.rfind("other ", 0) == 0) {
      a.other = true;
      alt = trim(alt.substr(6));
    }
    const size_t br = alt.find('[');
    a.type = trim(alt.substr(0, br));
    if (br != std::string::npos) {
      const size_t close = alt.rfind(']');
      const std::string in = alt.substr(br + 1, close - br - 1);
      for (const std::string& r : split_top(in, ";")) {
        if (!trim(r).empty()) a.restr.push_back(trim(r));
      }
      // Wagic's descriptors: ";" makes the colours and the types alternatives, unless a "-" is there.
      a.any = in.find(';') != std::string::npos && in.find('-') == std::string::npos;
    }
    if (a.type.empty()) a.type = "*";
    // mystored: the card an ability done for another player was stored from (ability$!..!$ runs
    // with the original card as its source), so the source itself.
    if (a.type == "mystored") a.type = "this";
    // sourcecard: the card itself wherever it is (from(sourcecard) on a suspended card's triggers).
    if (a.type == "sourcecard" && bar.size() == 1) {
      a.type = "this";
      s.zones = {"*"};
    }
    s.alts.push_back(a);
  }
  if (s.alts.size() == 1 && (s.alts[0].type == "opponent" || s.alts[0].type == "controller") && bar.size() == 1) {
    s.zones.push_back(s.alts[0].type == "opponent" ? "opponent" : "me");  // target=opponent: a player
    s.alts[0].type = "player";
  }
  if (bar.size() > 1) {
    for (const std::string& z : split_top(bar[1], ",")) s.zones.push_back(trim(z));
  } else if (s.alts.size() == 1 && s.alts[0].restr.empty() && is_zone_word(s.alts[0].type)) {
    s.zones.push_back(s.alts[0].type);  // movedto(graveyard): any card, to that zone
    s.alts[0].type = "*";
  }
  compile_spec(s);  // its words as symbols (spec_code.h)
  return s;
}

void read_cda(const std::string& value, CardDef& d) {
  const size_t slash = value.find('/');
  if (value.find("cdaactive") == std::string::npos || slash == std::string::npos) return;
  const std::string p = trim(value.substr(0, slash));
  std::string t = trim(value.substr(slash + 1));
  t = trim(t.substr(0, t.find(' ')));
  d.cda_power = parse_amount(p);
  d.cda_toughness = parse_amount(t);
  d.cda = true;
}

}  // namespace rk::mtg
