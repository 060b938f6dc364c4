// Target specifications (type[restrictions]|zones), casting restrictions and CDA amounts: the
// parts of card text that describe cards rather than effects.
#include <cstdlib>
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

// compare(var)~cmp~N: a value of the controller's side of the game compared with N.
static bool read_compare(const std::string& part, std::vector<TriggerDef::Count>& out) {
  static const std::set<std::string> vars = {"powertotalinplay", "lifetotal", "opponentlifetotal"};
  const std::string var = inside(part, 7);
  const size_t t1 = part.find('~', 8 + var.size()), t2 = t1 == std::string::npos ? t1 : part.find('~', t1 + 1);
  if (!vars.count(var) || t2 == std::string::npos) return false;
  const std::string word = part.substr(t1 + 1, t2 - t1 - 1);
  if (word != "morethan" && word != "lessthan" && word != "equalto") return false;
  TriggerDef::Count c;
  c.var = var;
  c.cmp = word == "morethan" ? '>' : word == "lessthan" ? '<' : '=';
  c.n = std::atoi(part.c_str() + t2 + 1);
  out.push_back(c);
  return true;
}

bool read_count_restriction(const std::string& text, std::vector<TriggerDef::Count>& out) {
  std::string types;
  for (const std::string& part0 : split_top(text, ",")) {
    const std::string part = trim(part0);
    if (part.rfind("compare(", 0) == 0) {
      if (!read_compare(part, out)) return false;
      continue;
    }
    if (part.rfind("type(", 0) != 0) return false;
    types += (types.empty() ? "" : ",") + part;
  }
  if (!types.empty()) read_counts(types, 0, out);
  return true;
}

bool Spec::allows_player() const {
  for (const Alt& a : alts) {
    if (a.type == "player") return true;
  }
  return false;
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
  const auto bar = split_top(text, "|");
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
