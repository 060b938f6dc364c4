// The card compiler's text helpers (compile_text.h).
#include "games/mtg/compiler/compile_text.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace rk::mtg {

std::vector<std::string> split_top(const std::string& s, const std::string& sep) {
  std::vector<std::string> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (depth == 0 && s.compare(i, sep.size(), sep) == 0) {
      out.push_back(s.substr(start, i - start));
      start = i + sep.size();
      i += sep.size() - 1;
    }
  }
  out.push_back(s.substr(start));
  return out;
}

std::string trim(const std::string& s) {
  size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return s.substr(a, b - a);
}

std::vector<std::string> words_top(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  int depth = 0;
  for (char c : s) {
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (depth == 0 && std::isspace(static_cast<unsigned char>(c))) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

std::string inside(const std::string& s, size_t open) {
  int depth = 0;
  for (size_t i = open; i < s.size(); ++i) {
    if (s[i] == '(') ++depth;
    if (s[i] == ')' && --depth == 0) return s.substr(open + 1, i - open - 1);
  }
  return s.substr(open + 1);
}

// "convertedcost:highest:.." -> "highestmanacost", "power:lowest:.." -> "lowestpower" (the amount
// rules/effect_apply.cc reads); empty for anything else. power:highest: has its own older reading.
static std::string extreme_word(const std::string& s) {
  static constexpr std::pair<std::string_view, std::string_view> kOf[] = {
      {"convertedcost:", "manacost"}, {"power:", "power"}, {"toughness:", "toughness"}};
  for (const auto& [prefix, what] : kOf) {
    if (s.compare(0, prefix.size(), prefix) != 0) continue;
    for (const std::string_view way : {"highest:", "lowest:"}) {
      if (s.compare(prefix.size(), way.size(), way) != 0 || s.size() == prefix.size() + way.size()) continue;
      if (what == "power" && way == "highest:") return "";
      return std::string(way.substr(0, way.size() - 1)) + std::string(what);
    }
  }
  return "";
}

Amount parse_amount(const std::string& s) {
  if (s.size() > 1 && s[0] == '-' && std::isalpha(static_cast<unsigned char>(s[1])) && s != "-x") {
    Amount a = parse_amount(s.substr(1));
    a.negative = true;
    return a;
  }
  // Words before an amount that multiply or halve it (Wagic's WParsedInt): twicetype:.., halfupx,
  // halfdownopponentlifetotal ...
  static constexpr std::pair<std::string_view, int> kTimes[] = {{"twice", 2}, {"thrice", 3}, {"fourtimes", 4}, {"fivetimes", 5}};
  for (const auto& [word, times] : kTimes) {
    if (s.size() > word.size() && s.compare(0, word.size(), word) == 0) {
      Amount a = parse_amount(s.substr(word.size()));
      if (a.var.size() > 1 && a.var[0] == '?') a.var = "?" + s;
      a.twice *= times;
      return a;
    }
  }
  static constexpr std::pair<std::string_view, int> kPlus[] = {{"plusone", 1}, {"plustwo", 2}, {"plusthree", 3}};
  for (const auto& [word, plus] : kPlus) {
    if (s.size() > word.size() && s.compare(0, word.size(), word) == 0) {
      Amount a = parse_amount(s.substr(word.size()));
      if (a.var.size() > 1 && a.var[0] == '?') a.var = "?" + s;
      a.plus += plus;
      return a;
    }
  }
  for (const std::string_view half : {"halfup", "halfdown"}) {
    if (s.size() > half.size() && s.compare(0, half.size(), half) == 0) {
      Amount a = parse_amount(s.substr(half.size()));
      if (a.var.size() > 1 && a.var[0] == '?') a.var = "?" + s;
      a.halve = half == "halfup" ? 1 : -1;
      return a;
    }
  }
  Amount a;
  if (s == "x" || s == "+x" || s == "storedx" || s == "castx") {  // storedx, castx: the X the card was cast with
    a.is_x = true;
  } else if (s == "xx" || s == "halfpaid" || s == "xxx" || s == "thirdpaid") {
    // {X}{X} ({X}{X}{X}): Wagic's X is all the mana paid for the Xs, and these words halve (third)
    // it; the engine's X is already the value of one X (mana.cc pay), so they are X here.
    a.is_x = true;
  } else if (s == "-x") {
    a.is_x = true;
    a.value = -1;
  } else if (s.rfind("type:", 0) == 0) {
    a.var = "type";
    const size_t colon = s.find(':', 5);
    std::string type = colon == std::string::npos ? s.substr(5) : s.substr(5, colon - 5);
    if (type.size() == 5 && type.rfind("mana", 0) == 0 && color_of_letter(type[4]) > 0) {
      // type:manab:zone: the {B} symbols in those cards' mana costs (devotion; hybrid and phyrexian count)
      a.var = "devotion";
      a.value = color_of_letter(type[4]);
      type = "*";
    }
    // Without a zone Wagic counts the controller's battlefield (WParsedInt appends |mybattlefield).
    a.count = parse_spec(type + "|" + (colon == std::string::npos ? std::string("mybattlefield") : s.substr(colon + 1)));
  } else if (s.rfind("power:highest:", 0) == 0) {  // power:highest:creature:zone
    a.var = "highestpower";
    const std::string rest = s.substr(14);
    const size_t colon = rest.find(':');
    a.count = parse_spec(colon == std::string::npos ? rest : rest.substr(0, colon) + "|" + rest.substr(colon + 1));
  } else if (const std::string extreme = extreme_word(s); !extreme.empty()) {
    // convertedcost:highest:spec:zone, power:lowest:.., toughness:..: the greatest (least) among
    // such cards; without a zone the controller's battlefield, as Wagic reads it
    a.var = extreme;
    const std::string rest = s.substr(s.find(':', s.find(':') + 1) + 1);
    const size_t colon = rest.find(':');
    a.count = parse_spec(colon == std::string::npos ? rest + "|mybattlefield" : rest.substr(0, colon) + "|" + rest.substr(colon + 1));
  } else if (s == "pgbzombie") {  // Soulless One: Zombies on the battlefield and Zombie cards in graveyards
    a.var = "type";
    a.count = parse_spec("zombie|battlefield,graveyard");
  } else if (s == "pginstantsorcery") {  // Spellheart Chimera: instants and sorceries in its controller's graveyard
    a.var = "type";
    a.count = parse_spec("instant,sorcery|mygraveyard");
  } else if (s == "pdauntless" || s == "pbasiclandtypes" || s == "gravecardtypes") {  // counted by rules/board.cc (eval_amount)
    a.var = s;
  } else if (s.rfind("othertype:", 0) == 0) {  // type:.. without the card itself (Pestilence Rats)
    const size_t colon = s.find(':', 10);
    std::string types;  // each alternative "other ..", read as the spec reader reads "other creature"
    for (const std::string& t : split_top(s.substr(10, colon == std::string::npos ? std::string::npos : colon - 10), ",")) {
      types += (types.empty() ? "other " : ",other ") + trim(t);
    }
    a = parse_amount("type:" + types + (colon == std::string::npos ? std::string() : s.substr(colon)));
    if (a.var != "type") {
      a = Amount();
      a.var = "?" + s;  // reported not run
    }
  } else if (s == "pancientooze") {  // Wagic's word for the mana values of its controller's other creatures, summed
    a.var = "manacostsum";
    a.count = parse_spec("other creature|mybattlefield");
  } else if (s == "power" || s == "toughness") {  // Wagic's long names of p and t
    a.var = s.substr(0, 1);
  } else if (s.rfind("counter{", 0) == 0 && s.back() == '}' && s.find('}') == s.size() - 1) {
    // counter{0%0.1.age}: the counters of that kind on the card ('%' for '/' in amounts; read as
    // this(counter{..}) reads them: Game::this_count)
    a.var = s;
    std::replace(a.var.begin(), a.var.end(), '%', '/');
  } else if (s == "morethanfourcards" || s == "phandcount" || s == "ohandcount" || s == "highestlifetotal" || s == "lowestlifetotal" ||
             s == "mypoisoncount" || s == "opponentpoisoncount") {  // read from the players (effect_apply.cc)
    a.var = s;
  } else if (s == "colors") {  // how many colours the card has (Knight of New Alara)
    a.var = s;
  } else if (s == "p" || s == "t" || s == "thatmuch" || s == "allmyname" || s == "sunburst" || s == "manacost" ||
             s == "lifetotal" || s == "opponentlifetotal" || s == "kicked" || s == "storedpower" ||
             s == "storedtoughness" || s == "storedmanacost" || s == "pdcount" || s == "odcount" || s == "lifelost" ||
             s == "oplifelost") {
    a.var = s;
  } else if (!s.empty() && s.find_first_not_of("+-0123456789") == std::string::npos) {
    a.value = std::atoi(s.c_str());
  } else if (!s.empty()) {
    // A word the engine does not count: kept, so that the effect is reported as not run
    // (compile_effect) instead of silently counting 0.
    a.var = "?" + s;
  }
  return a;
}

bool is_pt(const std::string& w, Amount& p, Amount& t) {
  const size_t slash = w.find('/');
  if (slash == std::string::npos || slash == 0 || slash + 1 >= w.size()) return false;
  const std::string a = w.substr(0, slash), b = w.substr(slash + 1);
  auto ok = [](const std::string& x) {
    size_t i = (x[0] == '+' || x[0] == '-') ? 1 : 0;
    if (i >= x.size()) return false;
    // power/power (Xenagos), colors/colors (Knight of New Alara), -type:..:zone (Death's Approach)
    if (x.substr(i) == "x" || x.compare(i, 5, "type:") == 0 || x.substr(i) == "manacost" || x.substr(i) == "storedpower" ||
        x.substr(i) == "power" || x.substr(i) == "toughness" || x.substr(i) == "colors" ||
        x.substr(i) == "storedtoughness" || (x.compare(i, 8, "counter{") == 0 && x.back() == '}') ||  // +N/+N per counter
        !extreme_word(x.substr(i)).empty())  // +X/+X, X the highest mana value among such cards (Accelerated Mutation)
      return true;
    for (; i < x.size(); ++i) {
      if (!std::isdigit(static_cast<unsigned char>(x[i]))) return false;
    }
    return true;
  };
  if (!ok(a) || !ok(b)) return false;
  p = parse_amount(a);
  t = parse_amount(b);
  if (a[0] == '-' && p.is_x) p.value = -1;
  if (b[0] == '-' && t.is_x) t.value = -1;
  return true;
}

void read_counts(const std::string& t, size_t restr, std::vector<TriggerDef::Count>& out) {
  for (size_t at = restr == std::string::npos ? restr : t.find("type(", restr); at != std::string::npos;
       at = t.find("type(", at + 5)) {
    TriggerDef::Count c;
    const std::string in = inside(t, at + 4);
    c.spec = parse_spec(in);
    const size_t cmp = t.find('~', at + 4 + in.size());
    if (cmp != std::string::npos) {
      const size_t end = t.find('~', cmp + 1);
      const std::string word = t.substr(cmp + 1, end == std::string::npos ? std::string::npos : end - cmp - 1);
      c.cmp = word == "morethan" ? '>' : word == "lessthan" ? '<' : '=';
      // A comparison without its closing ~ (a damaged line) has no number: it keeps the default.
      if (end != std::string::npos) c.n = std::atoi(t.c_str() + end + 1);
    }
    out.push_back(c);
  }
}

}  // namespace rk::mtg
